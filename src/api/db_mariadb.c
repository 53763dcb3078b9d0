/* db_mariadb.c: the MariaDB/MySQL backend (Debian's libmariadb-dev, the
 * MariaDB Connector/C). One blocking connection per worker thread; a query
 * is one round trip in the text protocol, its parameters substituted as
 * escaped literals at the `?` positions db_sql.c found (as mysql2's query()
 * does). Connection strings: "mysql://user:pass@host:port/db?..." or
 * oxmysql's "host=..;port=..;user=..;password=..;database=.." form.
 * affectedRows counts matched rows (CLIENT_FOUND_ROWS), as mysql2 reports. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "api/db.h"
#include "host/dl_mariadb.h"
#include "weft_conf.h"

struct db_conn {
    MYSQL *my;
    char *buf; /* the query with its literals */
    size_t cap;
};

typedef struct conn_params {
    char host[256], user[128], password[256], database[128];
    unsigned port;
} conn_params;

static void url_decode(char *dst, size_t cap, const char *s, size_t n)
{
    size_t o = 0;
    for (size_t i = 0; i < n && o + 1 < cap; i++) {
        unsigned v;
        if (s[i] == '%' && i + 2 < n && sscanf(s + i + 1, "%2x", &v) == 1) {
            dst[o++] = (char)v;
            i += 2;
        } else {
            dst[o++] = s[i];
        }
    }
    dst[o] = 0;
}

static int parse_target(const char *t, conn_params *cp, char *err, size_t errcap)
{
    memset(cp, 0, sizeof *cp);
    snprintf(cp->host, sizeof cp->host, "127.0.0.1");
    cp->port = 3306;
    if (!strncmp(t, "mysql://", 8) || !strncmp(t, "mariadb://", 10)) {
        const char *p = strstr(t, "://") + 3;
        const char *at = strrchr(p, '@'), *slash;
        if (at) {
            const char *colon = memchr(p, ':', (size_t)(at - p));
            url_decode(cp->user, sizeof cp->user, p, (size_t)((colon ? colon : at) - p));
            if (colon)
                url_decode(cp->password, sizeof cp->password, colon + 1, (size_t)(at - colon - 1));
            p = at + 1;
        }
        slash = strchr(p, '/');
        const char *hend = slash ? slash : p + strlen(p);
        const char *pc = memchr(p, ':', (size_t)(hend - p));
        if (pc) cp->port = (unsigned)atoi(pc + 1);
        snprintf(cp->host, sizeof cp->host, "%.*s", (int)((pc ? pc : hend) - p), p);
        if (slash) {
            const char *q = strchr(slash + 1, '?');
            url_decode(cp->database, sizeof cp->database, slash + 1,
                       q ? (size_t)(q - slash - 1) : strlen(slash + 1));
        }
    } else if (strchr(t, '=')) {
        /* Bound: one pass over the key=value; pairs. */
        for (const char *p = t; *p;) {
            const char *semi = strchr(p, ';'), *end = semi ? semi : p + strlen(p);
            const char *eq = memchr(p, '=', (size_t)(end - p));
            if (eq) {
                char key[32];
                snprintf(key, sizeof key, "%.*s", (int)(eq - p), p);
                const char *v = eq + 1;
                int n = (int)(end - v);
                if (!strcasecmp(key, "host") || !strcasecmp(key, "server"))
                    snprintf(cp->host, sizeof cp->host, "%.*s", n, v);
                else if (!strcasecmp(key, "user") || !strcasecmp(key, "userid") ||
                         !strcasecmp(key, "user id") || !strcasecmp(key, "username"))
                    snprintf(cp->user, sizeof cp->user, "%.*s", n, v);
                else if (!strcasecmp(key, "password") || !strcasecmp(key, "pwd"))
                    snprintf(cp->password, sizeof cp->password, "%.*s", n, v);
                else if (!strcasecmp(key, "database") || !strcasecmp(key, "db"))
                    snprintf(cp->database, sizeof cp->database, "%.*s", n, v);
                else if (!strcasecmp(key, "port"))
                    cp->port = (unsigned)atoi(v);
            }
            p = semi ? semi + 1 : end;
        }
    } else {
        snprintf(err, errcap,
                 "mysql_connection_string: expected mysql://user:pass@host:port/db "
                 "or host=...;user=...;password=...;database=...");
        return -1;
    }
    if (!cp->database[0]) {
        snprintf(err, errcap, "mysql_connection_string: no database name");
        return -1;
    }
    return 0;
}

static db_conn *my_open(const char *target, int timeout_s, char *err, size_t errcap)
{
    conn_params cp;
    if (parse_target(target, &cp, err, errcap) < 0) return NULL;
    db_conn *c = calloc(1, sizeof *c);
    if (!c || !(c->my = mysql_init(NULL))) {
        free(c);
        snprintf(err, errcap, "out of memory");
        return NULL;
    }
    unsigned ct = WEFT_DB_CONNECT_TIMEOUT_S, rt = (unsigned)timeout_s;
    mysql_optionsv(c->my, MYSQL_OPT_CONNECT_TIMEOUT, &ct);
    mysql_optionsv(c->my, MYSQL_OPT_READ_TIMEOUT, &rt);
    mysql_optionsv(c->my, MYSQL_OPT_WRITE_TIMEOUT, &rt);
    mysql_optionsv(c->my, MYSQL_SET_CHARSET_NAME, "utf8mb4");
    if (!mysql_real_connect(c->my, cp.host, cp.user, cp.password, cp.database, cp.port, NULL,
                            CLIENT_FOUND_ROWS)) {
        snprintf(err, errcap, "cannot connect to %s:%u: %s", cp.host, cp.port, mysql_error(c->my));
        mysql_close(c->my);
        free(c);
        return NULL;
    }
    return c;
}

static int reserve(db_conn *c, size_t need)
{
    if (need <= c->cap) return 0;
    size_t cap = c->cap ? c->cap : 256;
    while (cap < need)
        cap *= 2;
    char *b = realloc(c->buf, cap);
    if (!b) return -1;
    c->buf = b;
    c->cap = cap;
    return 0;
}

/* The query with every `?` replaced by its parameter as a literal. */
static int render(db_conn *c, const db_stmt *s, size_t *outlen)
{
    size_t o = 0, from = 0;
    for (size_t k = 0; k <= s->n; k++) {
        size_t upto = k < s->n ? s->qpos[k] : s->len;
        if (reserve(c, o + (upto - from) + 1) < 0) return -1;
        memcpy(c->buf + o, s->sql + from, upto - from);
        o += upto - from;
        if (k == s->n) break;
        from = upto + 1;
        const db_param *p = &s->params[k];
        size_t need = p->type == DB_TEXT   ? p->len * 2 + 3
                      : p->type == DB_BLOB ? p->len * 2 + 4
                                           : 32;
        if (reserve(c, o + need + 1) < 0) return -1;
        char *w = c->buf + o;
        switch (p->type) {
        case DB_NULL:
            o += (size_t)sprintf(w, "NULL");
            break;
        case DB_BOOL:
            o += (size_t)sprintf(w, "%s", p->i ? "true" : "false");
            break;
        case DB_INT:
            o += (size_t)sprintf(w, "%lld", (long long)p->i);
            break;
        case DB_UINT:
            o += (size_t)sprintf(w, "%llu", (unsigned long long)p->u);
            break;
        case DB_DOUBLE:
            if (p->d != p->d || p->d - p->d != 0)
                o += (size_t)sprintf(w, "NULL");
            else
                o += (size_t)sprintf(w, "%.17g", p->d);
            break;
        case DB_TEXT:
            *w = '\'';
            o += 1 + mysql_real_escape_string(c->my, w + 1, p->p, (unsigned long)p->len);
            c->buf[o++] = '\'';
            break;
        case DB_BLOB:
            o += (size_t)sprintf(w, "X'");
            for (size_t i = 0; i < p->len; i++)
                o += (size_t)sprintf(c->buf + o, "%02x", (unsigned char)p->p[i]);
            c->buf[o++] = '\'';
            break;
        }
    }
    c->buf[o] = 0;
    *outlen = o;
    return 0;
}

static void pack_field(msgpack_packer *pk, const MYSQL_FIELD *f, const char *v, unsigned long n,
                       int mode)
{
    if (!v) {
        msgpack_pack_nil(pk);
        return;
    }
    char num[72];
    switch (f->type) {
    case MYSQL_TYPE_BIT:
        if (mode == DB_TYPED && f->length == 1) {
            n &&v[0] ? msgpack_pack_true(pk) : msgpack_pack_false(pk);
            return;
        }
        msgpack_pack_bin_with_body(pk, v, n);
        return;
    case MYSQL_TYPE_TINY:
        if (mode == DB_TYPED && f->length == 1) {
            atoi(v) ? msgpack_pack_true(pk) : msgpack_pack_false(pk);
            return;
        }
        /* fall through */
    case MYSQL_TYPE_SHORT:
    case MYSQL_TYPE_LONG:
    case MYSQL_TYPE_INT24:
    case MYSQL_TYPE_LONGLONG:
    case MYSQL_TYPE_YEAR:
        if ((f->flags & UNSIGNED_FLAG) && n && v[0] != '-') {
            unsigned long long u = strtoull(v, NULL, 10);
            if (u > INT64_MAX)
                msgpack_pack_uint64(pk, u);
            else
                msgpack_pack_int64(pk, (int64_t)u);
        } else {
            msgpack_pack_int64(pk, strtoll(v, NULL, 10));
        }
        return;
    case MYSQL_TYPE_FLOAT:
    case MYSQL_TYPE_DOUBLE:
    case MYSQL_TYPE_DECIMAL:
    case MYSQL_TYPE_NEWDECIMAL:
        snprintf(num, sizeof num, "%.*s", (int)(n < 70 ? n : 70), v);
        msgpack_pack_double(pk, strtod(num, NULL));
        return;
    case MYSQL_TYPE_DATE:
    case MYSQL_TYPE_DATETIME:
    case MYSQL_TYPE_TIMESTAMP:
    case MYSQL_TYPE_NEWDATE: {
        double ms;
        if (mode == DB_TYPED && weft__db_parse_datetime(v, n, &ms) == 0) {
            weft__db_pack_ms(pk, ms);
            return;
        }
        break;
    }
    case MYSQL_TYPE_TINY_BLOB:
    case MYSQL_TYPE_MEDIUM_BLOB:
    case MYSQL_TYPE_LONG_BLOB:
    case MYSQL_TYPE_BLOB:
    case MYSQL_TYPE_STRING:
    case MYSQL_TYPE_VAR_STRING:
    case MYSQL_TYPE_VARCHAR:
        if (f->charsetnr == 63) { /* binary */
            msgpack_pack_bin_with_body(pk, v, n);
            return;
        }
        break;
    default:
        break;
    }
    msgpack_pack_str_with_body(pk, v, n);
}

static int is_gone(unsigned e)
{
    return e == CR_SERVER_GONE_ERROR || e == CR_SERVER_LOST || e == CR_CONNECTION_ERROR ||
           e == CR_CONN_HOST_ERROR || e == 1927 /* connection killed */ ||
           e == 4031 /* idle disconnect (MySQL 8) */;
}

static int my_exec(db_conn *c, const db_stmt *s, int max_rows, int mode, db_result *out, char *err,
                   size_t errcap, int *gone)
{
    *gone = 0;
    size_t len;
    if (render(c, s, &len) < 0) {
        snprintf(err, errcap, "out of memory");
        return -1;
    }
    if (mysql_real_query(c->my, c->buf, (unsigned long)len) != 0) {
        snprintf(err, errcap, "%s", mysql_error(c->my));
        *gone = is_gone(mysql_errno(c->my));
        return -1;
    }
    MYSQL_RES *res = mysql_store_result(c->my);
    if (!res) {
        if (mysql_field_count(c->my) != 0) {
            snprintf(err, errcap, "%s", mysql_error(c->my));
            *gone = is_gone(mysql_errno(c->my));
            return -1;
        }
        out->has_rows = 0;
        out->affected = (int64_t)mysql_affected_rows(c->my);
        out->insert_id = (int64_t)mysql_insert_id(c->my);
        return 0;
    }
    out->has_rows = 1;
    unsigned nf = mysql_num_fields(res);
    out->ncols = nf;
    MYSQL_FIELD *fields = mysql_fetch_fields(res);
    msgpack_packer pk;
    msgpack_packer_init(&pk, &out->rows, msgpack_sbuffer_write);
    MYSQL_ROW row;
    /* Bound: the rows stored; at most max_rows packed. */
    while ((max_rows < 0 || out->nrows < (size_t)max_rows) && (row = mysql_fetch_row(res))) {
        unsigned long *lens = mysql_fetch_lengths(res);
        msgpack_pack_map(&pk, nf);
        for (unsigned i = 0; i < nf; i++) {
            msgpack_pack_str_with_body(&pk, fields[i].name, fields[i].name_length);
            pack_field(&pk, &fields[i], row[i], lens[i], mode);
        }
        out->nrows++;
    }
    mysql_free_result(res);
    return 0;
}

static void my_close(db_conn *c)
{
    if (!c) return;
    mysql_close(c->my);
    free(c->buf);
    free(c);
}

static int my_library_init(char *err, size_t errcap)
{
    const char *why;
    if (weft__dl_load(&weft__dl_mariadb, &why) < 0) {
        snprintf(err, errcap, "the mariadb client library is not available: %s", why);
        return -1;
    }
    if (mysql_library_init(0, NULL, NULL)) {
        snprintf(err, errcap, "cannot initialise the mariadb client library");
        return -1;
    }
    return 0;
}

static void my_thread_end(void)
{
    mysql_thread_end();
}

const db_backend weft__db_mariadb = {"mariadb", my_library_init, my_thread_end,
                                     my_open,   my_exec,         my_close};
