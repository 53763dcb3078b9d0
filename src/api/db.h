/* db.h: the database area (issue 11): oxmysql's API on SQLite (default) or
 * MariaDB/MySQL. The pieces:
 *   db.c          natives (WeftDbQuery...), the job queue and worker threads,
 *                 result shapes, per-resource stats, slow-query warnings
 *   db_sql.c      placeholders (? :name @name) -> positional parameters
 *   db_sqlite.c   the SQLite backend (Debian's libsqlite3-dev)
 *   db_mariadb.c  the MariaDB backend (Debian's libmariadb-dev)
 * Invariants: backends run only on worker threads, one connection per
 * worker, never on the loop thread; a job is owned by exactly one of the
 * queue, a worker, or nobody (settled and freed). */
#ifndef WEFT_API_DB_H
#define WEFT_API_DB_H

#include <msgpack.h>
#include <stddef.h>
#include <stdint.h>

/* A parameter value, decoded from msgpack (pointers into the job's copy). */
typedef enum { DB_NULL, DB_INT, DB_UINT, DB_DOUBLE, DB_TEXT, DB_BLOB, DB_BOOL } db_type;

typedef struct db_param {
    db_type type;
    int64_t i;
    uint64_t u;
    double d;
    const char *p;
    size_t len;
} db_param;

/* A statement with positional `?` placeholders only, and its parameters in
 * order. qpos[k] is the offset of the k-th `?` in sql (MariaDB substitutes
 * escaped literals there; SQLite binds). */
typedef struct db_stmt {
    char *sql;
    size_t len;
    size_t *qpos;
    db_param *params;
    size_t n; /* placeholders == parameters */
} db_stmt;

/* Rewrite SQL (len bytes) with params (one msgpack value: an array for `?`,
 * a map for :name/@name, or nil) into *out. Quotes, backticks and comments
 * are skipped; `??` and `::` are left alone. Missing values bind NULL.
 * Returns 0, or -1 with a message in err. */
int weft__db_stmt_build(const char *sql, size_t len, const char *params, size_t plen, db_stmt *out,
                        char *err, size_t errcap);
void weft__db_stmt_free(db_stmt *s);

/* What a statement produced. Rows are packed as msgpack maps (column name ->
 * value) into `rows`, at most max_rows of them (-1: all). */
typedef struct db_result {
    int has_rows; /* a SELECT-like statement (it has columns) */
    int64_t affected, insert_id;
    size_t nrows, ncols;
    msgpack_sbuffer rows;
} db_result;

/* How values are converted (oxmysql's rules): typed: DATETIME/TIMESTAMP/DATE
 * as ms since the epoch (local time), TINYINT(1)/BIT(1)/BOOLEAN as booleans;
 * raw (prepare, rawExecute): as the database gives them. */
enum { DB_TYPED = 0, DB_RAW = 1 };

typedef struct db_conn db_conn;

/* A backend: every call runs on the worker thread owning the connection. */
typedef struct db_backend {
    const char *name; /* "sqlite", "mariadb" */
    /* Library set-up before any worker starts (loop thread; may be NULL):
     * 0, or -1 with a message in err; and a worker thread's clean-up before
     * it exits (may be NULL). */
    int (*library_init)(char *err, size_t errcap);
    void (*thread_end)(void);
    /* Open a connection for target (a file path, or a connection string);
     * a query waits at most timeout_s seconds for the server (MariaDB).
     * Returns NULL with a message in err. */
    db_conn *(*open)(const char *target, int timeout_s, char *err, size_t errcap);
    /* Run one statement. Returns 0, or -1 with the database's message in err
     * (then *gone is set when the connection is lost and must be reopened). */
    int (*exec)(db_conn *c, const db_stmt *s, int max_rows, int mode, db_result *out, char *err,
                size_t errcap, int *gone);
    void (*close)(db_conn *c);
} db_backend;

extern const db_backend weft__db_sqlite;
extern const db_backend weft__db_mariadb;

/* ms since the epoch for "YYYY-MM-DD[ HH:MM:SS[.frac]]" in local time;
 * returns 0 and sets *ms, or -1 when s is not such a date. */
int weft__db_parse_datetime(const char *s, size_t len, double *ms);

/* A date as oxmysql gives it: ms since the epoch, an integer when whole. */
static inline void weft__db_pack_ms(msgpack_packer *pk, double ms)
{
    if (ms == (double)(int64_t)ms)
        msgpack_pack_int64(pk, (int64_t)ms);
    else
        msgpack_pack_double(pk, ms);
}

#endif
