/* db_sqlite.c: the SQLite backend (Debian's libsqlite3-dev): a database file
 * in WAL mode, statements prepared per call with `?` bound by position.
 * Types: INTEGER -> integer, REAL -> double, TEXT -> string, BLOB -> bin,
 * NULL -> nil; typed mode also turns declared BOOLEAN/TINYINT(1)/BIT columns
 * into booleans and DATETIME/TIMESTAMP/DATE text into ms since the epoch, as
 * oxmysql returns them from MySQL. Two MySQL spellings work, so one schema
 * and one test serve both backends: the column attribute AUTO_INCREMENT and
 * SLEEP(seconds). A statement running past weft_dbQueryTimeout is
 * interrupted (progress handler). Runs on one worker thread per connection. */
#define _GNU_SOURCE /* strcasestr */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <uv.h>
#include "api/db.h"
#include "host/dl_sqlite.h"
#include "weft_conf.h"

struct db_conn {
    sqlite3 *db;
    uint64_t deadline_ns; /* the running statement's end (uv_hrtime), 0: none */
    int timeout_s;
};

/* Progress handler: interrupt a statement running past weft_dbQueryTimeout
 * (SQLite then fails it with "interrupted"). */
static int past_deadline(void *ud)
{
    db_conn *c = ud;
    return c->deadline_ns && uv_hrtime() > c->deadline_ns;
}

/* SLEEP(seconds), as MySQL's: waits, returns 0 (the worker thread only). */
static void sql_sleep(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
    double s = sqlite3_value_double(argv[0]);
    if (s > 0) uv_sleep((unsigned)(s * 1000));
    sqlite3_result_int(ctx, 0);
}

static db_conn *sq_open(const char *path, int timeout_s, char *err, size_t errcap)
{
    db_conn *c = calloc(1, sizeof *c);
    if (!c) {
        snprintf(err, errcap, "out of memory");
        return NULL;
    }
    int rc = sqlite3_open_v2(
        path, &c->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, NULL);
    if (rc != SQLITE_OK) {
        snprintf(err, errcap, "cannot open %s: %s", path,
                 c->db ? sqlite3_errmsg(c->db) : sqlite3_errstr(rc));
        sqlite3_close(c->db);
        free(c);
        return NULL;
    }
    sqlite3_busy_timeout(c->db, WEFT_DB_SQLITE_BUSY_MS);
    c->timeout_s = timeout_s;
    sqlite3_progress_handler(c->db, 10000, past_deadline, c);
    sqlite3_create_function(c->db, "sleep", 1, SQLITE_UTF8, NULL, sql_sleep, NULL, NULL);
    char *msg = NULL;
    if (sqlite3_exec(c->db, "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;", NULL, NULL,
                     &msg) != SQLITE_OK) {
        snprintf(err, errcap, "cannot use %s: %s", path, msg ? msg : "?");
        sqlite3_free(msg);
        sqlite3_close(c->db);
        free(c);
        return NULL;
    }
    return c;
}

/* The column's declared type says boolean / date (typed mode only). */
enum { COL_PLAIN, COL_BOOL, COL_DATE };

static int col_kind(const char *decl)
{
    if (!decl) return COL_PLAIN;
    if (!strcasecmp(decl, "BOOLEAN") || !strcasecmp(decl, "BOOL") ||
        !strcasecmp(decl, "TINYINT(1)") || !strcasecmp(decl, "BIT") || !strcasecmp(decl, "BIT(1)"))
        return COL_BOOL;
    if (!strcasecmp(decl, "DATETIME") || !strcasecmp(decl, "TIMESTAMP") ||
        !strcasecmp(decl, "DATE"))
        return COL_DATE;
    return COL_PLAIN;
}

static void pack_cell(msgpack_packer *pk, sqlite3_stmt *st, int i, int kind)
{
    switch (sqlite3_column_type(st, i)) {
    case SQLITE_NULL:
        msgpack_pack_nil(pk);
        break;
    case SQLITE_INTEGER: {
        sqlite3_int64 v = sqlite3_column_int64(st, i);
        if (kind == COL_BOOL)
            v ? msgpack_pack_true(pk) : msgpack_pack_false(pk);
        else
            msgpack_pack_int64(pk, v);
        break;
    }
    case SQLITE_FLOAT:
        msgpack_pack_double(pk, sqlite3_column_double(st, i));
        break;
    case SQLITE_BLOB: {
        int n = sqlite3_column_bytes(st, i);
        msgpack_pack_bin_with_body(pk, sqlite3_column_blob(st, i), (size_t)n);
        break;
    }
    default: {
        const char *s = (const char *)sqlite3_column_text(st, i);
        int n = sqlite3_column_bytes(st, i);
        double ms;
        if (kind == COL_DATE && weft__db_parse_datetime(s, (size_t)n, &ms) == 0) {
            weft__db_pack_ms(pk, ms);
            break;
        }
        msgpack_pack_str_with_body(pk, s, (size_t)n);
    }
    }
}

static int bind_params(sqlite3_stmt *st, const db_stmt *s)
{
    for (size_t k = 0; k < s->n; k++) {
        const db_param *p = &s->params[k];
        int i = (int)k + 1, rc;
        switch (p->type) {
        case DB_NULL:
            rc = sqlite3_bind_null(st, i);
            break;
        case DB_BOOL:
        case DB_INT:
            rc = sqlite3_bind_int64(st, i, p->i);
            break;
        case DB_UINT:
            rc = sqlite3_bind_double(st, i, (double)p->u);
            break;
        case DB_DOUBLE:
            rc = sqlite3_bind_double(st, i, p->d);
            break;
        case DB_TEXT:
            rc = sqlite3_bind_text(st, i, p->p, (int)p->len, SQLITE_STATIC);
            break;
        default:
            rc = sqlite3_bind_blob(st, i, p->p, (int)p->len, SQLITE_STATIC);
            break;
        }
        if (rc != SQLITE_OK) return rc;
    }
    return SQLITE_OK;
}

/* MySQL's column attribute AUTO_INCREMENT as SQLite spells it, so a table
 * written "id INTEGER PRIMARY KEY AUTO_INCREMENT" works on both backends.
 * Returns a malloc'ed copy, or NULL when sql has none (or out of memory). */
static char *mysql_ddl(const char *sql, size_t len)
{
    static const char kw[] = "AUTO_INCREMENT";
    if (!strcasestr(sql, kw)) return NULL;
    char *o = malloc(len + 1);
    if (!o) return NULL;
    size_t w = 0;
    for (size_t i = 0; i < len;) {
        if (i + sizeof kw - 1 <= len && !strncasecmp(sql + i, kw, sizeof kw - 1)) {
            memcpy(o + w, "AUTOINCREMENT", 13);
            w += 13;
            i += sizeof kw - 1;
        } else {
            o[w++] = sql[i++];
        }
    }
    o[w] = 0;
    return o;
}

static int sq_exec(db_conn *c, const db_stmt *s, int max_rows, int mode, db_result *out, char *err,
                   size_t errcap, int *gone)
{
    *gone = 0;
    sqlite3_stmt *st = NULL;
    const char *tail = NULL;
    char *ddl = mysql_ddl(s->sql, s->len);
    int rc = sqlite3_prepare_v2(c->db, ddl ? ddl : s->sql, -1, &st, &tail);
    if (rc != SQLITE_OK) {
        snprintf(err, errcap, "%s", sqlite3_errmsg(c->db));
        free(ddl);
        return -1;
    }
    if (!st) { /* only whitespace or a comment */
        free(ddl);
        out->has_rows = 0;
        return 0;
    }
    int extra = tail && *tail && strspn(tail, " \t\r\n;") != strlen(tail);
    free(ddl);
    if (extra) {
        sqlite3_finalize(st);
        snprintf(err, errcap, "one statement per query (SQLite)");
        return -1;
    }
    if (bind_params(st, s) != SQLITE_OK) {
        snprintf(err, errcap, "%s", sqlite3_errmsg(c->db));
        sqlite3_finalize(st);
        return -1;
    }
    c->deadline_ns = uv_hrtime() + (uint64_t)c->timeout_s * 1000000000u;
    int ncols = sqlite3_column_count(st);
    out->has_rows = ncols > 0;
    out->ncols = (size_t)ncols;
    int kinds[64];
    for (int i = 0; i < ncols && i < 64; i++)
        kinds[i] = mode == DB_TYPED ? col_kind(sqlite3_column_decltype(st, i)) : COL_PLAIN;
    msgpack_packer pk;
    msgpack_packer_init(&pk, &out->rows, msgpack_sbuffer_write);
    /* Bound: one step per row the statement yields. */
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
        if (max_rows >= 0 && out->nrows >= (size_t)max_rows) continue; /* run to the end */
        msgpack_pack_map(&pk, (size_t)ncols);
        for (int i = 0; i < ncols; i++) {
            const char *name = sqlite3_column_name(st, i);
            msgpack_pack_str_with_body(&pk, name, strlen(name));
            pack_cell(&pk, st, i, i < 64 ? kinds[i] : COL_PLAIN);
        }
        out->nrows++;
    }
    c->deadline_ns = 0;
    if (rc == SQLITE_INTERRUPT) {
        snprintf(err, errcap, "query interrupted: it ran past weft_dbQueryTimeout (%d s)",
                 c->timeout_s);
        sqlite3_finalize(st);
        return -1;
    }
    if (rc != SQLITE_DONE) {
        snprintf(err, errcap, "%s", sqlite3_errmsg(c->db));
        sqlite3_finalize(st);
        return -1;
    }
    if (!out->has_rows) {
        out->affected = sqlite3_changes64(c->db);
        /* Only an INSERT/REPLACE that wrote a row has an insert id (SQLite
         * keeps the last one across other statements). */
        const char *w = s->sql + strspn(s->sql, " \t\r\n(");
        if (out->affected > 0 && (!strncasecmp(w, "INSERT", 6) || !strncasecmp(w, "REPLACE", 7)))
            out->insert_id = sqlite3_last_insert_rowid(c->db);
    }
    sqlite3_finalize(st);
    return 0;
}

static void sq_close(db_conn *c)
{
    if (!c) return;
    sqlite3_close(c->db);
    free(c);
}

static int sq_library_init(char *err, size_t errcap)
{
    const char *why;
    if (weft__dl_load(&weft__dl_sqlite, &why) == 0) return 0;
    snprintf(err, errcap, "SQLite is not available: %s", why);
    return -1;
}

const db_backend weft__db_sqlite = {"sqlite", sq_library_init, NULL, sq_open, sq_exec, sq_close};
