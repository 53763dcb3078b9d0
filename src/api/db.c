/* db.c: the database natives behind oxmysql's API (src/api/db.h):
 *   WeftDbExecute(kind, sql|queries, params[, resource])  async; kind one of
 *       query single scalar insert update prepare rawExecute transaction
 *   WeftDbReady()    async: true once a connection is open (MySQL.ready)
 *   WeftDbIsReady()  sync: whether one is open now
 * Jobs go to a FIFO served by worker threads, one connection each (SQLite:
 * one worker; MariaDB: a pool of weft_dbPoolSize), which run the query and
 * settle the script's promise from their thread. Nothing blocking runs on
 * the loop thread. Per-resource counts and times feed `resources`; queries
 * at or past mysql_slow_query_warning ms in the database are logged with
 * their database time and their queue time, separately.
 * Invariants: the queue is bounded (WEFT_DB_QUEUE_MAX); at quit, queued jobs
 * are rejected and workers joined (a running query finishes or times out). */
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <uv.h>
#include "api/db.h"
#include "host/msgpack.h"
#include "host/server.h"

enum { Q_QUERY, Q_SINGLE, Q_SCALAR, Q_INSERT, Q_UPDATE, Q_PREPARE, Q_RAW, Q_TRANSACTION, Q_READY };
static const char *const kind_names[] = {"query",   "single",     "scalar",      "insert", "update",
                                         "prepare", "rawExecute", "transaction", NULL};

typedef struct db_job {
    struct db_job *next;
    weft_call *call;
    int kind;
    char *args; /* the native's msgpack argument array, copied */
    size_t len;
    char resource[64];
    uint64_t queued_ns;
} db_job;

typedef struct db_stat {
    char resource[64];
    uint64_t count, errors, slow, db_ns, queue_ns;
    struct db_stat *next;
} db_stat;

typedef struct db_area db_area;

typedef struct db_worker {
    db_area *area;
    uv_thread_t thread;
    db_conn *conn;
} db_worker;

struct db_area {
    weft_host *h;
    const db_backend *be;
    char *target; /* SQLite path or connection string; NULL until configured */
    int slow_ms;
    uv_mutex_t lock;
    uv_cond_t cond;
    db_job *head, *tail;
    size_t queued;
    int stopping;
    db_worker *workers;
    int nworkers;
    db_stat *stats;
    int timeout_s; /* weft_dbQueryTimeout */
    atomic_int connected;
    atomic_int down; /* a connect failed and was logged; cleared by the next success */
};

/* ---- per-resource stats (under area->lock) ------------------------------------ */

static db_stat *stat_for(db_area *a, const char *res)
{
    for (db_stat *s = a->stats; s; s = s->next)
        if (!strcmp(s->resource, res)) return s;
    db_stat *s = calloc(1, sizeof *s);
    if (!s) return NULL;
    snprintf(s->resource, sizeof s->resource, "%s", res);
    s->next = a->stats;
    a->stats = s;
    return s;
}

static void resource_info(weft_host *h, void *ud, const char *res, char *buf, size_t cap)
{
    db_area *a = ud;
    uv_mutex_lock(&a->lock);
    for (db_stat *s = a->stats; s; s = s->next) {
        if (strcmp(s->resource, res)) continue;
        snprintf(buf, cap,
                 "db: %llu queries (%llu failed, %llu slow), %.1f ms in db, %.1f ms queued",
                 (unsigned long long)s->count, (unsigned long long)s->errors,
                 (unsigned long long)s->slow, s->db_ns / 1e6, s->queue_ns / 1e6);
        break;
    }
    uv_mutex_unlock(&a->lock);
}

/* ---- result shapes ------------------------------------------------------------ */

static void pack_header(msgpack_packer *pk, const db_result *r)
{
    msgpack_pack_map(pk, 2);
    msgpack_pack_str_with_body(pk, "affectedRows", 12);
    msgpack_pack_int64(pk, r->affected);
    msgpack_pack_str_with_body(pk, "insertId", 8);
    msgpack_pack_int64(pk, r->insert_id);
}

/* The first value of the first row (a map) in r->rows. */
static void pack_first_value(msgpack_sbuffer *sb, const db_result *r)
{
    weft__mp_reader rd = {(const uint8_t *)r->rows.data,
                          (const uint8_t *)r->rows.data + r->rows.size};
    weft__mp_token t;
    if (!r->nrows || weft__codec_mp_next(&rd, &t) < 0 || t.type != WEFT__MP_MAP || !t.len ||
        weft__mp_skip(&rd) < 0) {
        msgpack_sbuffer_write(sb, "\xc0", 1);
        return;
    }
    const uint8_t *v = rd.p;
    if (weft__mp_skip(&rd) < 0)
        msgpack_sbuffer_write(sb, "\xc0", 1);
    else
        msgpack_sbuffer_write(sb, (const char *)v, (size_t)(rd.p - v));
}

static void pack_rows(msgpack_packer *pk, const db_result *r)
{
    msgpack_pack_array(pk, r->nrows);
    if (r->rows.size) msgpack_sbuffer_write(pk->data, r->rows.data, r->rows.size);
}

/* One statement's result in the shape of `kind` (oxmysql's). */
static void shape(msgpack_packer *pk, int kind, const db_result *r)
{
    msgpack_sbuffer *sb = pk->data;
    switch (kind) {
    case Q_QUERY:
        if (r->has_rows)
            pack_rows(pk, r);
        else
            pack_header(pk, r);
        return;
    case Q_RAW:
        if (r->has_rows)
            pack_rows(pk, r);
        else
            pack_header(pk, r);
        return;
    case Q_SINGLE:
        if (r->has_rows && r->nrows)
            msgpack_sbuffer_write(sb, r->rows.data, r->rows.size);
        else
            msgpack_pack_nil(pk);
        return;
    case Q_SCALAR:
        if (r->has_rows)
            pack_first_value(sb, r);
        else
            msgpack_pack_nil(pk);
        return;
    case Q_INSERT:
        if (r->has_rows || !r->insert_id)
            msgpack_pack_nil(pk);
        else
            msgpack_pack_int64(pk, r->insert_id);
        return;
    case Q_UPDATE:
        if (r->has_rows)
            msgpack_pack_nil(pk);
        else
            msgpack_pack_int64(pk, r->affected);
        return;
    case Q_PREPARE:
        if (!r->has_rows) {
            if (r->insert_id)
                msgpack_pack_int64(pk, r->insert_id);
            else
                msgpack_pack_int64(pk, r->affected);
        } else if (r->nrows == 0) {
            msgpack_pack_nil(pk);
        } else if (r->nrows == 1 && r->ncols == 1) {
            pack_first_value(sb, r);
        } else if (r->nrows == 1) {
            msgpack_sbuffer_write(sb, r->rows.data, r->rows.size);
        } else {
            pack_rows(pk, r);
        }
        return;
    }
}

/* ---- running a job (worker thread) --------------------------------------------- */

typedef struct job_ctx {
    db_worker *w;
    db_job *job;
    char err[1024];
    uint64_t db_ns;
    const char *sql_shown; /* for messages: the (first) statement */
    size_t sql_shown_len;
} job_ctx;

static int ensure_conn(job_ctx *x)
{
    db_worker *w = x->w;
    if (w->conn) return 0;
    db_area *a = w->area;
    w->conn = a->be->open(a->target, a->timeout_s, x->err, sizeof x->err);
    if (!w->conn) {
        if (!atomic_exchange(&a->down, 1))
            weft__log(a->h, "oxmysql", "database unavailable: %s", x->err);
        atomic_store(&a->connected, 0);
        return -1;
    }
    if (atomic_exchange(&a->down, 0)) weft__log(a->h, "oxmysql", "database connection restored");
    atomic_store(&a->connected, 1);
    return 0;
}

/* Run sql with params (a msgpack value, plen bytes) and pack its shape. */
static int run_one(job_ctx *x, int kind, const char *sql, size_t sqllen, const char *params,
                   size_t plen, msgpack_packer *pk)
{
    db_worker *w = x->w;
    db_stmt st;
    if (!x->sql_shown) {
        x->sql_shown = sql;
        x->sql_shown_len = sqllen;
    }
    if (weft__db_stmt_build(sql, sqllen, params, plen, &st, x->err, sizeof x->err) < 0) return -1;
    db_result r = {0};
    msgpack_sbuffer_init(&r.rows);
    int max_rows = kind == Q_SINGLE || kind == Q_SCALAR ? 1 : -1;
    int mode = kind == Q_PREPARE || kind == Q_RAW ? DB_RAW : DB_TYPED;
    int gone = 0;
    uint64_t t0 = uv_hrtime();
    int rc = ensure_conn(x);
    if (rc == 0)
        rc = w->area->be->exec(w->conn, &st, max_rows, mode, &r, x->err, sizeof x->err, &gone);
    uint64_t took = uv_hrtime() - t0;
    x->db_ns += took;
    if (gone && took >= (uint64_t)w->area->timeout_s * 1000000000u) {
        size_t n = strlen(x->err);
        snprintf(x->err + n, sizeof x->err - n, " (no answer within weft_dbQueryTimeout, %d s)",
                 w->area->timeout_s);
    }
    if (gone) { /* reopened by the next job: the server may come back */
        w->area->be->close(w->conn);
        w->conn = NULL;
        atomic_store(&w->area->connected, 0);
    }
    if (rc == 0) shape(pk, kind, &r);
    msgpack_sbuffer_destroy(&r.rows);
    weft__db_stmt_free(&st);
    return rc;
}

/* The byte span of the next msgpack value in rd. */
static int next_span(weft__mp_reader *rd, const char **p, size_t *n)
{
    const uint8_t *s = rd->p;
    if (weft__mp_skip(rd) < 0) return -1;
    *p = (const char *)s;
    *n = (size_t)(rd->p - s);
    return 0;
}

/* A str token's text, or -1. */
static int str_of(const char *p, size_t n, const char **s, size_t *len)
{
    weft__mp_reader rd = {(const uint8_t *)p, (const uint8_t *)p + n};
    weft__mp_token t;
    if (weft__codec_mp_next(&rd, &t) < 0 || t.type != WEFT__MP_STR) return -1;
    *s = t.p;
    *len = t.len;
    return 0;
}

/* prepare / rawExecute: params may be a list of parameter sets (an array
 * whose first element is an array or map): run once per set. */
static int run_sets(job_ctx *x, int kind, const char *sql, size_t sqllen, const char *params,
                    size_t plen, msgpack_packer *pk)
{
    weft__mp_reader rd = {(const uint8_t *)params, (const uint8_t *)params + plen};
    weft__mp_token t, first;
    if (plen && weft__codec_mp_next(&rd, &t) == 0 && t.type == WEFT__MP_ARRAY && t.len) {
        weft__mp_reader peek = rd;
        if (weft__codec_mp_next(&peek, &first) == 0 &&
            (first.type == WEFT__MP_ARRAY || first.type == WEFT__MP_MAP)) {
            msgpack_pack_array(pk, t.len);
            for (uint32_t i = 0; i < t.len; i++) {
                const char *sp;
                size_t sn;
                if (next_span(&rd, &sp, &sn) < 0) {
                    snprintf(x->err, sizeof x->err, "malformed parameters");
                    return -1;
                }
                if (run_one(x, kind, sql, sqllen, sp, sn, pk) < 0) return -1;
            }
            return 0;
        }
    }
    return run_one(x, kind, sql, sqllen, params, plen, pk);
}

static int exec_simple(job_ctx *x, const char *sql, size_t n)
{
    char nil = (char)0xc0;
    msgpack_sbuffer sb;
    msgpack_sbuffer_init(&sb);
    msgpack_packer pk;
    msgpack_packer_init(&pk, &sb, msgpack_sbuffer_write);
    const char *shown = x->sql_shown;
    size_t shown_len = x->sql_shown_len;
    int rc = run_one(x, Q_UPDATE, sql, n, &nil, 1, &pk);
    x->sql_shown = shown;
    x->sql_shown_len = shown_len;
    msgpack_sbuffer_destroy(&sb);
    return rc;
}

/* transaction(queries[, params]): every query or none. queries: strings
 * (sharing params), or {query=, values|parameters=} maps, or {sql, params}
 * pairs. Resolves true, or false after a rollback (the error is logged). */
static int run_transaction(job_ctx *x, const char *queries, size_t qlen, const char *params,
                           size_t plen, msgpack_packer *pk)
{
    weft__mp_reader rd = {(const uint8_t *)queries, (const uint8_t *)queries + qlen};
    weft__mp_token t;
    if (weft__codec_mp_next(&rd, &t) < 0 || (t.type != WEFT__MP_ARRAY && t.type != WEFT__MP_MAP)) {
        snprintf(x->err, sizeof x->err, "transaction: expected a list of queries");
        return -1;
    }
    if (t.type == WEFT__MP_MAP) { /* a Lua list with holes arrives as a map */
        snprintf(x->err, sizeof x->err, "transaction: expected a list of queries");
        return -1;
    }
    if (ensure_conn(x) < 0) return -1;
    static const char begin[] = "BEGIN", commit[] = "COMMIT", rollback[] = "ROLLBACK";
    if (exec_simple(x, begin, sizeof begin - 1) < 0) return -1;
    msgpack_sbuffer scratch;
    msgpack_sbuffer_init(&scratch);
    msgpack_packer spk;
    msgpack_packer_init(&spk, &scratch, msgpack_sbuffer_write);
    int failed = 0;
    for (uint32_t i = 0; i < t.len && !failed; i++) {
        weft__mp_token q;
        const uint8_t *qstart = rd.p;
        if (weft__codec_mp_next(&rd, &q) < 0) {
            snprintf(x->err, sizeof x->err, "transaction: malformed query list");
            failed = 1;
            break;
        }
        const char *sql = NULL, *qp = params;
        size_t sqllen = 0, qplen = plen;
        if (q.type == WEFT__MP_STR) {
            sql = q.p;
            sqllen = q.len;
        } else if (q.type == WEFT__MP_ARRAY && q.len >= 1) {
            const char *sp;
            size_t sn;
            if (next_span(&rd, &sp, &sn) < 0 || str_of(sp, sn, &sql, &sqllen) < 0) sql = NULL;
            if (q.len >= 2 && next_span(&rd, &qp, &qplen) < 0) sql = NULL;
            for (uint32_t k = 2; k < q.len; k++)
                weft__mp_skip(&rd);
        } else if (q.type == WEFT__MP_MAP) {
            for (uint32_t k = 0; k < q.len; k++) {
                weft__mp_token key;
                const char *vp;
                size_t vn;
                if (weft__codec_mp_next(&rd, &key) < 0 || next_span(&rd, &vp, &vn) < 0) {
                    sql = NULL;
                    break;
                }
                if (key.type != WEFT__MP_STR) continue;
                if (key.len == 5 && !memcmp(key.p, "query", 5))
                    str_of(vp, vn, &sql, &sqllen);
                else if ((key.len == 6 && !memcmp(key.p, "values", 6)) ||
                         (key.len == 10 && !memcmp(key.p, "parameters", 10))) {
                    qp = vp;
                    qplen = vn;
                }
            }
        } else {
            rd.p = qstart;
            weft__mp_skip(&rd);
        }
        if (!sql) {
            snprintf(x->err, sizeof x->err,
                     "transaction: query %u is not a string, {query=, "
                     "values=} or {sql, params}",
                     i + 1);
            failed = 1;
            break;
        }
        if (run_one(x, Q_QUERY, sql, sqllen, qp, qplen, &spk) < 0) failed = 1;
        scratch.size = 0;
    }
    msgpack_sbuffer_destroy(&scratch);
    if (failed) {
        char why[sizeof x->err];
        memcpy(why, x->err, sizeof why);
        if (x->w->conn) exec_simple(x, rollback, sizeof rollback - 1);
        weft__log(x->w->area->h, "oxmysql", "%s: transaction rolled back: %s", x->job->resource,
                  why);
        msgpack_pack_false(pk);
        return 0;
    }
    if (exec_simple(x, commit, sizeof commit - 1) < 0) {
        weft__log(x->w->area->h, "oxmysql", "%s: transaction failed to commit: %s",
                  x->job->resource, x->err);
        msgpack_pack_false(pk);
        return 0;
    }
    msgpack_pack_true(pk);
    return 0;
}

static void run_job(db_worker *w, db_job *job)
{
    db_area *a = w->area;
    job_ctx x = {.w = w, .job = job};
    uint64_t start = uv_hrtime();
    msgpack_sbuffer sb;
    msgpack_sbuffer_init(&sb);
    msgpack_packer pk;
    msgpack_packer_init(&pk, &sb, msgpack_sbuffer_write);
    int rc = 0;
    if (job->kind == Q_READY) {
        rc = ensure_conn(&x);
        if (rc == 0) msgpack_pack_true(&pk);
    } else {
        /* args: [kind, sql|queries, params, resource?] */
        weft__mp_reader rd = {(const uint8_t *)job->args, (const uint8_t *)job->args + job->len};
        weft__mp_token t;
        const char *q = NULL, *p = "\xc0";
        size_t qn = 0, pn = 1;
        if (weft__codec_mp_next(&rd, &t) < 0 || t.type != WEFT__MP_ARRAY || t.len < 2 ||
            weft__mp_skip(&rd) < 0 || next_span(&rd, &q, &qn) < 0 ||
            (t.len >= 3 && next_span(&rd, &p, &pn) < 0)) {
            snprintf(x.err, sizeof x.err, "malformed arguments");
            rc = -1;
        } else if (job->kind == Q_TRANSACTION) {
            rc = run_transaction(&x, q, qn, p, pn, &pk);
        } else {
            const char *sql;
            size_t sqllen;
            if (str_of(q, qn, &sql, &sqllen) < 0) {
                snprintf(x.err, sizeof x.err, "the query must be a string");
                rc = -1;
            } else if (job->kind == Q_PREPARE || job->kind == Q_RAW) {
                rc = run_sets(&x, job->kind, sql, sqllen, p, pn, &pk);
            } else {
                rc = run_one(&x, job->kind, sql, sqllen, p, pn, &pk);
            }
        }
    }
    double db_ms = x.db_ns / 1e6, queue_ms = (start - job->queued_ns) / 1e6;
    int slow = job->kind != Q_READY && db_ms >= a->slow_ms;
    if (slow)
        weft__log(a->h, "oxmysql",
                  "slow query from %s: %.1f ms in the database, %.1f ms queued "
                  "(mysql_slow_query_warning %d): %.*s",
                  job->resource, db_ms, queue_ms, a->slow_ms,
                  (int)(x.sql_shown_len > 200 ? 200 : x.sql_shown_len),
                  x.sql_shown ? x.sql_shown : "");
    if (job->kind != Q_READY) {
        uv_mutex_lock(&a->lock);
        db_stat *s = stat_for(a, job->resource);
        if (s) {
            s->count++;
            s->errors += rc < 0;
            s->slow += slow;
            s->db_ns += x.db_ns;
            s->queue_ns += start - job->queued_ns;
        }
        uv_mutex_unlock(&a->lock);
    }
    if (rc < 0) {
        char msg[1400];
        if (x.sql_shown)
            snprintf(msg, sizeof msg, "%s (query: %.*s)", x.err,
                     (int)(x.sql_shown_len > 300 ? 300 : x.sql_shown_len), x.sql_shown);
        else
            snprintf(msg, sizeof msg, "%s", x.err);
        weft_call_reject(job->call, msg);
    } else {
        weft_call_resolve(job->call, sb.data, sb.size);
    }
    msgpack_sbuffer_destroy(&sb);
    free(job->args);
    free(job);
}

static void worker_main(void *arg)
{
    db_worker *w = arg;
    db_area *a = w->area;
    for (;;) {
        uv_mutex_lock(&a->lock);
        while (!a->head && !a->stopping)
            uv_cond_wait(&a->cond, &a->lock);
        db_job *job = a->head;
        if (job) {
            a->head = job->next;
            if (!a->head) a->tail = NULL;
            a->queued--;
        }
        uv_mutex_unlock(&a->lock);
        if (!job) break; /* stopping, queue drained */
        run_job(w, job);
    }
    if (w->conn) a->be->close(w->conn);
    w->conn = NULL;
    if (a->be->thread_end) a->be->thread_end();
}

/* ---- set-up (loop thread) --------------------------------------------------------- */

/* On first use: the backend from the convars, then the workers. */
static int configure(db_area *a, char *err, size_t errcap)
{
    if (a->target) return 0;
    weft__server *s = a->h->server;
    const char *cs = weft__convars_get(&s->convars, "mysql_connection_string", "");
    int pool;
    if (cs && *cs) {
        a->be = &weft__db_mariadb;
        a->target = strdup(cs);
        pool = weft__convars_get_int(&s->convars, "weft_dbPoolSize", WEFT_DB_POOL_SIZE);
        if (pool < 1) pool = 1;
    } else {
        const char *p = weft__convars_get(&s->convars, "weft_sqlitePath", WEFT_DB_SQLITE_FILE);
        char path[4096];
        if (p[0] == '/' || !s->dir)
            snprintf(path, sizeof path, "%s", p);
        else
            snprintf(path, sizeof path, "%s/%s", s->dir, p);
        a->be = &weft__db_sqlite;
        a->target = strdup(path);
        pool = 1;
    }
    a->slow_ms =
        weft__convars_get_int(&s->convars, "mysql_slow_query_warning", WEFT_DB_SLOW_QUERY_MS);
    a->timeout_s =
        weft__convars_get_int(&s->convars, "weft_dbQueryTimeout", WEFT_DB_QUERY_TIMEOUT_S);
    if (a->timeout_s < 1) a->timeout_s = 1;
    if (!a->target) {
        snprintf(err, errcap, "out of memory");
        return -1;
    }
    if (a->be->library_init && a->be->library_init(err, errcap) < 0) {
        free(a->target);
        a->target = NULL;
        return -1;
    }
    a->workers = calloc((size_t)pool, sizeof *a->workers);
    if (!a->workers) {
        snprintf(err, errcap, "out of memory");
        return -1;
    }
    for (int i = 0; i < pool; i++) {
        a->workers[i].area = a;
        if (uv_thread_create(&a->workers[i].thread, worker_main, &a->workers[i]) != 0) break;
        a->nworkers++;
    }
    if (!a->nworkers) {
        snprintf(err, errcap, "cannot start database threads");
        return -1;
    }
    weft__log(a->h, "oxmysql", "using %s (%s), %d connection%s", a->be->name,
              a->be == &weft__db_sqlite
                  ? weft__convars_get(&s->convars, "weft_sqlitePath", WEFT_DB_SQLITE_FILE)
                  : "mysql_connection_string",
              a->nworkers, a->nworkers == 1 ? "" : "s");
    return 0;
}

static int enqueue(db_area *a, weft_call *call, int kind, const char *args, size_t len,
                   const char *resource)
{
    char err[256];
    if (configure(a, err, sizeof err) < 0) return weft_call_reject(call, err), 0;
    db_job *job = calloc(1, sizeof *job);
    if (!job || (len && !(job->args = malloc(len)))) {
        free(job);
        return WEFT_ENOMEM;
    }
    if (len) memcpy(job->args, args, len);
    job->len = len;
    job->call = call;
    job->kind = kind;
    snprintf(job->resource, sizeof job->resource, "%s", resource);
    job->queued_ns = uv_hrtime();
    uv_mutex_lock(&a->lock);
    if (a->queued >= WEFT_DB_QUEUE_MAX || a->stopping) {
        uv_mutex_unlock(&a->lock);
        free(job->args);
        free(job);
        weft_call_reject(call, a->stopping ? "the server is stopping" : "too many queries queued");
        return 0;
    }
    if (a->tail)
        a->tail->next = job;
    else
        a->head = job;
    a->tail = job;
    a->queued++;
    uv_cond_signal(&a->cond);
    uv_mutex_unlock(&a->lock);
    return 0;
}

/* WeftDbExecute(kind, sql|queries, params[, resource]) */
static int n_execute(void *ud, weft_call *call, const char *args, size_t len)
{
    weft__mp_reader rd = {(const uint8_t *)args, (const uint8_t *)args + len};
    weft__mp_token t, k;
    if (weft__codec_mp_next(&rd, &t) < 0 || t.type != WEFT__MP_ARRAY || t.len < 2 ||
        weft__codec_mp_next(&rd, &k) < 0 || k.type != WEFT__MP_STR) {
        weft_call_reject(call, "WeftDbExecute(kind, query, params[, resource]): bad arguments");
        return 0;
    }
    int kind = -1;
    for (int i = 0; kind_names[i]; i++)
        if (strlen(kind_names[i]) == k.len && !memcmp(kind_names[i], k.p, k.len)) kind = i;
    if (kind < 0) {
        weft_call_reject(call, "WeftDbExecute: unknown kind");
        return 0;
    }
    char resource[64];
    snprintf(resource, sizeof resource, "%s", weft_call_resource(call));
    if (t.len >= 4) { /* the resource oxmysql's exports were called from */
        weft__mp_skip(&rd);
        weft__mp_skip(&rd);
        weft__mp_token r;
        if (weft__codec_mp_next(&rd, &r) == 0 && r.type == WEFT__MP_STR && r.len)
            snprintf(resource, sizeof resource, "%.*s", (int)r.len, r.p);
    }
    return enqueue(ud, call, kind, args, len, resource);
}

static int n_ready(void *ud, weft_call *call, const char *args, size_t len)
{
    return enqueue(ud, call, Q_READY, NULL, 0, weft_call_resource(call));
}

static int n_is_ready(void *ud, const char *args, size_t len, char **result, size_t *rlen)
{
    db_area *a = ud;
    if (!(*result = malloc(1))) return WEFT_ENOMEM;
    **result = atomic_load(&a->connected) ? (char)0xc3 : (char)0xc2;
    *rlen = 1;
    return 0;
}

static void area_close(weft_host *h, void *ud)
{
    db_area *a = ud;
    uv_mutex_lock(&a->lock);
    a->stopping = 1;
    db_job *q = a->head;
    a->head = a->tail = NULL;
    a->queued = 0;
    uv_cond_broadcast(&a->cond);
    uv_mutex_unlock(&a->lock);
    /* Bound: the jobs queued at this moment; no more are accepted. */
    while (q) {
        db_job *next = q->next;
        weft_call_reject(q->call, "the server is stopping");
        free(q->args);
        free(q);
        q = next;
    }
    for (int i = 0; i < a->nworkers; i++)
        uv_thread_join(&a->workers[i].thread);
    free(a->workers);
    for (db_stat *s = a->stats, *n; s; s = n) {
        n = s->next;
        free(s);
    }
    free(a->target);
    uv_cond_destroy(&a->cond);
    uv_mutex_destroy(&a->lock);
    free(a);
}

static const weft_native natives[] = {
    {"WeftDbExecute", NULL, n_execute},
    {"WeftDbReady", NULL, n_ready},
    {"WeftDbIsReady", n_is_ready, NULL},
    {NULL, NULL, NULL},
};

int weft__api_db_open(weft_host *h)
{
    db_area *a = calloc(1, sizeof *a);
    if (!a) return WEFT_ENOMEM;
    if (uv_mutex_init(&a->lock) != 0 || uv_cond_init(&a->cond) != 0) {
        free(a);
        return WEFT_ENOMEM;
    }
    a->h = h;
    int rc = weft_host_register_natives(h, natives, a);
    if (rc == 0) rc = weft__natives_on_close(h, area_close, a);
    if (rc == 0) rc = weft__natives_on_resource_info(h, resource_info, a);
    return rc;
}
