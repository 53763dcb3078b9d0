/* statebag.h: the state bag registry: named bags ("global" for GlobalState,
 * "player:N" once players exist) of key -> msgpack value, change handlers as
 * FiveM's AddStateBagChangeHandler (key and bag filters, cookies, run in
 * registration order BEFORE the value is stored, so a handler still reads
 * the old value, as FiveM documents; the setter reads the new value as soon
 * as the set returns, unlike FiveM's queued sets, #3930), and what FiveM
 * lacks: a size limit per value and per bag, and a write policy per key
 * (which resources may write it). Storing nil deletes the key. No script
 * code runs here: the server calls the handlers' function references. */
#ifndef WEFT_API_STATEBAG_H
#define WEFT_API_STATEBAG_H

#include <stddef.h>
#include <stdint.h>
#include "weft.h"

typedef struct weft__sb_value {
    char *key;
    char *value; /* msgpack */
    size_t len;
} weft__sb_value;

typedef struct weft__bag {
    char *name;
    weft__sb_value *values;
    size_t len, cap;
    size_t bytes; /* sum of key and value lengths */
    struct weft__bag *next;
} weft__bag;

typedef struct weft__sb_policy {
    char *bag, *key; /* bag "*": every bag */
    char **writers;  /* resource names; "*" anyone */
    size_t n;
} weft__sb_policy;

typedef struct weft__sb_handler {
    int cookie;
    char *key_filter, *bag_filter; /* NULL: any */
    char *resource;                /* owner: removed when it stops */
    char *ref;                     /* function reference id */
} weft__sb_handler;

typedef struct weft__statebags {
    weft__bag *bags;
    weft__sb_policy *policies;
    size_t policies_len, policies_cap;
    weft__sb_handler *handlers;
    size_t handlers_len, handlers_cap;
    int next_cookie;
    size_t max_value, max_bag; /* bytes; 0: no limit */
    /* the sets whose change handlers are running, innermost first
     * (statebag_natives.c): a set a handler makes of the same key
     * supersedes them */
    struct weft__sb_inflight *inflight;
} weft__statebags;

/* One set whose change handlers are running (on the C stack of its set). */
typedef struct weft__sb_inflight {
    const char *bag, *key;
    int superseded; /* a handler set the same bag and key: this store is skipped */
    struct weft__sb_inflight *up;
} weft__sb_inflight;

/* Set up with the "global" bag. 0 or WEFT_ENOMEM. */
int weft__sb_init(weft__statebags *sb);
void weft__sb_free(weft__statebags *sb);
weft__bag *weft__sb_find(weft__statebags *sb, const char *name);
/* Find or create a bag (players: "player:7"). NULL when out of memory. */
weft__bag *weft__sb_bag(weft__statebags *sb, const char *name);
/* Drop a bag and its values (a player left). */
void weft__sb_drop(weft__statebags *sb, const char *name);
/* The stored value of key (borrowed until the next change), or NULL. */
const weft__sb_value *weft__sb_get(const weft__bag *bag, const char *key);

/* May `writer` (a resource name; NULL: the console) store value (len bytes
 * of msgpack) at key? Deleting (nil) is never over a limit.
 * 0, or WEFT_EACCES (write policy) / WEFT_E2BIG (size limits) with one line
 * in err naming the bag, key, limit and who may write. */
int weft__sb_check(const weft__statebags *sb, const weft__bag *bag, const char *key,
                   const char *writer, const char *value, size_t len, char *err, size_t errcap);
/* Store (msgpack nil deletes). 0 or WEFT_ENOMEM. No checks. */
int weft__sb_store(weft__bag *bag, const char *key, const char *value, size_t len);

/* Write policy of key in bag ("*": all bags): writers[0..n-1] only (n 0:
 * remove the policy). Changing an existing policy is allowed to the console
 * (changer NULL) and to the resources it lists; else WEFT_EACCES. */
int weft__sb_set_policy(weft__statebags *sb, const char *bag, const char *key,
                        const char *const *writers, size_t n, const char *changer);

/* Change handlers. add returns the cookie (>= 0) or WEFT_ENOMEM. */
int weft__sb_add_handler(weft__statebags *sb, const char *key_filter, const char *bag_filter,
                         const char *resource, const char *ref);
/* Remove by cookie; returns the ref (malloc'ed, to release) or NULL. */
char *weft__sb_remove_handler(weft__statebags *sb, int cookie);
void weft__sb_remove_resource(weft__statebags *sb, const char *resource,
                              void (*release)(void *ud, const char *ref), void *ud);
/* The refs of the handlers matching (bag, key), in registration order:
 * a malloc'ed array of malloc'ed strings (free with weft__sb_refs_free),
 * taken before any handler runs, so handlers added or removed meanwhile do
 * not disturb the dispatch. *n gets the count. */
char **weft__sb_match(const weft__statebags *sb, const char *bag, const char *key, size_t *n);
void weft__sb_refs_free(char **refs, size_t n);

#endif
