/* kvp.c: the KVP store on SQLite (kvp.h): one connection, WAL journal,
 * prepared statements; synchronous=FULL for sync writes (the WAL is fsynced
 * at commit) and NORMAL for NoSync writes (written, not fsynced). Find
 * handles hold a snapshot of the matching keys, so writes during a find
 * neither skip nor repeat keys. */
#include "api/kvp.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "host/dl_sqlite.h"

enum { ST_SET, ST_GET, ST_DEL, ST_FIND, ST_SYNC_FULL, ST_SYNC_NORMAL, ST_COUNT };

static const char *const sql_text[ST_COUNT] = {
    "INSERT INTO weft_kvp(resource, key, value) VALUES (?1, ?2, ?3) "
    "ON CONFLICT(resource, key) DO UPDATE SET value = excluded.value",
    "SELECT value FROM weft_kvp WHERE resource = ?1 AND key = ?2",
    "DELETE FROM weft_kvp WHERE resource = ?1 AND key = ?2",
    "SELECT key FROM weft_kvp WHERE resource = ?1 AND substr(key, 1, length(?2)) = ?2 "
    "ORDER BY key",
    "PRAGMA synchronous = FULL",
    "PRAGMA synchronous = NORMAL",
};

typedef struct find_handle {
    int used;
    char *resource;
    char **keys;
    size_t len, next;
} find_handle;

struct weft__kvp {
    sqlite3 *db;
    sqlite3_stmt *st[ST_COUNT];
    int full; /* synchronous is FULL now */
    find_handle finds[WEFT_KVP_FIND_HANDLES];
};

const char *weft__kvp_error(weft__kvp *k)
{
    return k && k->db ? sqlite3_errmsg(k->db) : "no database";
}

int weft__kvp_open(const char *path, weft__kvp **out, char *err, size_t errcap)
{
    *out = NULL;
    const char *why;
    if (weft__dl_load(&weft__dl_sqlite, &why) < 0) {
        snprintf(err, errcap, "cannot open the KVP store in %s: %s", path, why);
        return WEFT_EIO;
    }
    weft__kvp *k = calloc(1, sizeof *k);
    if (!k) return WEFT_ENOMEM;
    const char *setup = "PRAGMA journal_mode = WAL;"
                        "CREATE TABLE IF NOT EXISTS weft_kvp (resource TEXT NOT NULL, "
                        "key BLOB NOT NULL, value BLOB NOT NULL, PRIMARY KEY (resource, key)) "
                        "WITHOUT ROWID;";
    if (sqlite3_open_v2(path, &k->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL) !=
            SQLITE_OK ||
        sqlite3_busy_timeout(k->db, WEFT_KVP_BUSY_TIMEOUT_MS) != SQLITE_OK ||
        sqlite3_exec(k->db, setup, NULL, NULL, NULL) != SQLITE_OK)
        goto fail;
    for (int i = 0; i < ST_COUNT; i++)
        if (sqlite3_prepare_v3(k->db, sql_text[i], -1, SQLITE_PREPARE_PERSISTENT, &k->st[i],
                               NULL) != SQLITE_OK)
            goto fail;
    *out = k;
    return 0;
fail:
    snprintf(err, errcap, "cannot open the KVP store in %s: %s", path,
             k->db ? sqlite3_errmsg(k->db) : "out of memory");
    weft__kvp_close(k);
    return WEFT_EIO;
}

static void find_clear(find_handle *f)
{
    for (size_t i = 0; i < f->len; i++)
        free(f->keys[i]);
    free(f->keys);
    free(f->resource);
    memset(f, 0, sizeof *f);
}

void weft__kvp_close(weft__kvp *k)
{
    if (!k) return;
    for (int i = 0; i < WEFT_KVP_FIND_HANDLES; i++)
        find_clear(&k->finds[i]);
    for (int i = 0; i < ST_COUNT; i++)
        sqlite3_finalize(k->st[i]);
    sqlite3_close(k->db);
    free(k);
}

/* Run a statement without rows to completion; 0 or WEFT_EIO. */
static int run(sqlite3_stmt *st)
{
    int rc = sqlite3_step(st);
    sqlite3_reset(st);
    sqlite3_clear_bindings(st);
    return rc == SQLITE_DONE || rc == SQLITE_ROW ? 0 : WEFT_EIO;
}

static int set_sync(weft__kvp *k, int full)
{
    if (k->full == full) return 0;
    int rc = run(k->st[full ? ST_SYNC_FULL : ST_SYNC_NORMAL]);
    if (!rc) k->full = full;
    return rc;
}

static void bind_key(sqlite3_stmt *st, const char *resource, const char *key)
{
    sqlite3_bind_text(st, 1, resource, -1, SQLITE_STATIC);
    sqlite3_bind_blob(st, 2, key, (int)strlen(key), SQLITE_STATIC);
}

int weft__kvp_set(weft__kvp *k, const char *resource, const char *key, const void *value,
                  size_t len, int sync)
{
    if (!*key || strlen(key) > WEFT_KVP_MAX_KEY || len > WEFT_KVP_MAX_VALUE) return WEFT_EINVAL;
    if (set_sync(k, sync)) return WEFT_EIO;
    sqlite3_stmt *st = k->st[ST_SET];
    bind_key(st, resource, key);
    sqlite3_bind_blob(st, 3, len ? value : "", (int)len, SQLITE_STATIC);
    return run(st);
}

int weft__kvp_get(weft__kvp *k, const char *resource, const char *key, char **value, size_t *len)
{
    *value = NULL;
    *len = 0;
    sqlite3_stmt *st = k->st[ST_GET];
    bind_key(st, resource, key);
    int rc = sqlite3_step(st);
    int out = rc == SQLITE_ROW ? 0 : rc == SQLITE_DONE ? WEFT_ENOENT : WEFT_EIO;
    if (rc == SQLITE_ROW) {
        size_t n = (size_t)sqlite3_column_bytes(st, 0);
        const void *p = sqlite3_column_blob(st, 0);
        *value = malloc(n ? n : 1);
        if (!*value)
            out = WEFT_ENOMEM;
        else {
            if (n) memcpy(*value, p, n);
            *len = n;
        }
    }
    sqlite3_reset(st);
    sqlite3_clear_bindings(st);
    return out;
}

int weft__kvp_delete(weft__kvp *k, const char *resource, const char *key, int sync)
{
    if (set_sync(k, sync)) return WEFT_EIO;
    sqlite3_stmt *st = k->st[ST_DEL];
    bind_key(st, resource, key);
    return run(st);
}

int weft__kvp_flush(weft__kvp *k)
{
    /* A checkpoint fsyncs the WAL before copying it into the database. */
    int rc = sqlite3_wal_checkpoint_v2(k->db, NULL, SQLITE_CHECKPOINT_PASSIVE, NULL, NULL);
    return rc == SQLITE_OK || rc == SQLITE_BUSY ? 0 : WEFT_EIO;
}

int weft__kvp_find_start(weft__kvp *k, const char *resource, const char *prefix)
{
    int h = -1;
    for (int i = 0; i < WEFT_KVP_FIND_HANDLES && h < 0; i++)
        if (!k->finds[i].used) h = i;
    if (h < 0) return -1;
    find_handle *f = &k->finds[h];
    f->used = 1;
    f->resource = strdup(resource);
    sqlite3_stmt *st = k->st[ST_FIND];
    sqlite3_bind_text(st, 1, resource, -1, SQLITE_STATIC);
    sqlite3_bind_blob(st, 2, prefix, (int)strlen(prefix), SQLITE_STATIC);
    size_t cap = 0;
    /* Bound: one row per stored key of the resource. */
    while (sqlite3_step(st) == SQLITE_ROW) {
        if (f->len == cap) {
            cap = cap ? cap * 2 : 16;
            char **keys = realloc(f->keys, cap * sizeof *keys);
            if (!keys) break;
            f->keys = keys;
        }
        size_t n = (size_t)sqlite3_column_bytes(st, 0);
        char *key = malloc(n + 1);
        if (!key) break;
        memcpy(key, sqlite3_column_blob(st, 0), n);
        key[n] = 0;
        f->keys[f->len++] = key;
    }
    sqlite3_reset(st);
    sqlite3_clear_bindings(st);
    return h;
}

const char *weft__kvp_find_next(weft__kvp *k, int handle)
{
    if (handle < 0 || handle >= WEFT_KVP_FIND_HANDLES || !k->finds[handle].used) return NULL;
    find_handle *f = &k->finds[handle];
    return f->next < f->len ? f->keys[f->next++] : NULL;
}

void weft__kvp_find_end(weft__kvp *k, int handle)
{
    if (handle >= 0 && handle < WEFT_KVP_FIND_HANDLES) find_clear(&k->finds[handle]);
}

void weft__kvp_end_resource(weft__kvp *k, const char *resource)
{
    for (int i = 0; i < WEFT_KVP_FIND_HANDLES; i++)
        if (k->finds[i].used && k->finds[i].resource && !strcmp(k->finds[i].resource, resource))
            find_clear(&k->finds[i]);
}
