/* kvp.h: resource key-value storage (FiveM's SetResourceKvp family) in an
 * SQLite database file, table weft_kvp (resource, key, value): values are
 * the msgpack bytes the natives pack; keys sort bytewise as FiveM's (RocksDB).
 * Durability: every write commits at once, so a crash of the process loses
 * nothing; a sync write (SetResourceKvp) also fsyncs the WAL, a NoSync write
 * does not, so a power loss or OS crash loses at most the NoSync writes since
 * the last sync write or flush. Runs on the loop thread, like FiveM's KVP,
 * because the natives answer synchronously. Not thread-safe. */
#ifndef WEFT_API_KVP_H
#define WEFT_API_KVP_H

#include <stddef.h>
#include "weft.h"

typedef struct weft__kvp weft__kvp;

/* Open (create) the store in the database file at path (WAL mode). On error
 * err gets one line naming the file and SQLite's message. 0, WEFT_EIO or
 * WEFT_ENOMEM. */
int weft__kvp_open(const char *path, weft__kvp **out, char *err, size_t errcap);
void weft__kvp_close(weft__kvp *k);
/* The last SQLite error message (static until the next call). */
const char *weft__kvp_error(weft__kvp *k);

int weft__kvp_set(weft__kvp *k, const char *resource, const char *key, const void *value,
                  size_t len, int sync);
/* *value: malloc'ed copy (free it), or NULL with WEFT_ENOENT if unset. */
int weft__kvp_get(weft__kvp *k, const char *resource, const char *key, char **value, size_t *len);
int weft__kvp_delete(weft__kvp *k, const char *resource, const char *key, int sync);
/* Make every write so far durable (fsync). */
int weft__kvp_flush(weft__kvp *k);

/* StartFindKvp: a snapshot of resource's keys starting with prefix, in
 * bytewise order. Returns a handle >= 0, or -1 when all
 * WEFT_KVP_FIND_HANDLES handles are in use (as FiveM). */
int weft__kvp_find_start(weft__kvp *k, const char *resource, const char *prefix);
/* The next key (borrowed until the next call on the handle) or NULL at the
 * end or for a bad handle. */
const char *weft__kvp_find_next(weft__kvp *k, int handle);
void weft__kvp_find_end(weft__kvp *k, int handle);
/* End every find handle a resource left open (it stopped). */
void weft__kvp_end_resource(weft__kvp *k, const char *resource);

#endif
