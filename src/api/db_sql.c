/* db_sql.c: oxmysql's placeholders turned into positional ones: `?` takes
 * the next value of an array; `:name` and `@name` take a map's value (keys
 * given as "name", ":name" or "@name", as mysql-async users write them).
 * Quoted strings, backticked names and comments are copied untouched, so a
 * '?' or ':' inside them is never a placeholder. Bound: one pass over the
 * SQL; at most one parameter per placeholder. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "api/db.h"
#include "host/msgpack.h"

typedef struct named {
    const char *key;
    size_t klen;
    db_param v;
} named;

static int decode_value(weft__mp_reader *r, db_param *v, char *err, size_t errcap)
{
    weft__mp_token t;
    const uint8_t *start = r->p;
    if (weft__codec_mp_next(r, &t) < 0) {
        snprintf(err, errcap, "malformed parameters");
        return -1;
    }
    memset(v, 0, sizeof *v);
    switch (t.type) {
    case WEFT__MP_NIL:
        v->type = DB_NULL;
        return 0;
    case WEFT__MP_BOOL:
        v->type = DB_BOOL;
        v->i = t.boolean;
        return 0;
    case WEFT__MP_INT:
        v->type = DB_INT;
        v->i = t.i;
        return 0;
    case WEFT__MP_UINT:
        v->type = DB_UINT;
        v->u = t.u;
        return 0;
    case WEFT__MP_FLOAT:
        v->type = DB_DOUBLE;
        v->d = t.f;
        return 0;
    case WEFT__MP_STR:
        v->type = DB_TEXT;
        v->p = t.p;
        v->len = t.len;
        return 0;
    case WEFT__MP_BIN:
        v->type = DB_BLOB;
        v->p = t.p;
        v->len = t.len;
        return 0;
    default:
        r->p = start;
        weft__mp_skip(r);
        snprintf(err, errcap,
                 "unsupported parameter type (%s): pass numbers, strings, "
                 "booleans or nil",
                 t.type == WEFT__MP_EXT ? "vector or function" : "table");
        return -1;
    }
}

static int ident_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

/* Skip a quoted run starting at s[i] (the quote); returns the index after it. */
static size_t skip_quoted(const char *s, size_t len, size_t i)
{
    char q = s[i++];
    while (i < len) {
        if (s[i] == '\\' && q != '`') {
            i += 2;
            continue;
        }
        if (s[i] == q) {
            if (i + 1 < len && s[i + 1] == q) { /* doubled quote */
                i += 2;
                continue;
            }
            return i + 1;
        }
        i++;
    }
    return len;
}

static int push(db_stmt *o, size_t *cap, size_t pos, const db_param *v)
{
    if (o->n == *cap) {
        size_t nc = *cap ? *cap * 2 : 8;
        size_t *q = realloc(o->qpos, nc * sizeof *q);
        if (!q) return -1;
        o->qpos = q;
        db_param *p = realloc(o->params, nc * sizeof *p);
        if (!p) return -1;
        o->params = p;
        *cap = nc;
    }
    o->qpos[o->n] = pos;
    o->params[o->n++] = *v;
    return 0;
}

int weft__db_stmt_build(const char *sql, size_t len, const char *params, size_t plen, db_stmt *out,
                        char *err, size_t errcap)
{
    memset(out, 0, sizeof *out);
    weft__mp_reader r = {(const uint8_t *)params, (const uint8_t *)params + plen};
    weft__mp_token t = {.type = WEFT__MP_NIL};
    if (plen && weft__codec_mp_next(&r, &t) < 0) {
        snprintf(err, errcap, "malformed parameters");
        return -1;
    }
    int is_map = t.type == WEFT__MP_MAP;
    if (t.type != WEFT__MP_NIL && t.type != WEFT__MP_ARRAY && !is_map) {
        snprintf(err, errcap, "parameters must be a table/array (or nil)");
        return -1;
    }
    uint32_t count = t.type == WEFT__MP_NIL ? 0 : t.len;
    named *names = NULL;
    db_param *pos = NULL;
    if (count) {
        if (is_map)
            names = calloc(count, sizeof *names);
        else
            pos = calloc(count, sizeof *pos);
        if (!names && !pos) goto oom;
    }
    for (uint32_t k = 0; k < count; k++) {
        if (is_map) {
            weft__mp_token kt;
            if (weft__codec_mp_next(&r, &kt) < 0) {
                snprintf(err, errcap, "malformed parameters");
                goto fail;
            }
            if (kt.type == WEFT__MP_STR) {
                names[k].key = kt.p;
                names[k].klen = kt.len;
                if (kt.len && (kt.p[0] == '@' || kt.p[0] == ':')) names[k].key++, names[k].klen--;
            }
            if (decode_value(&r, &names[k].v, err, errcap) < 0) goto fail;
        } else if (decode_value(&r, &pos[k], err, errcap) < 0) {
            goto fail;
        }
    }
    out->sql = malloc(len + 1);
    if (!out->sql) goto oom;
    size_t cap = 0, o = 0, next = 0;
    for (size_t i = 0; i < len;) {
        char c = sql[i];
        if (c == '\'' || c == '"' || c == '`') {
            size_t e = skip_quoted(sql, len, i);
            memcpy(out->sql + o, sql + i, e - i);
            o += e - i;
            i = e;
        } else if ((c == '-' && i + 1 < len && sql[i + 1] == '-') || c == '#') {
            size_t e = i;
            while (e < len && sql[e] != '\n')
                e++;
            memcpy(out->sql + o, sql + i, e - i);
            o += e - i;
            i = e;
        } else if (c == '/' && i + 1 < len && sql[i + 1] == '*') {
            const char *end = NULL;
            for (size_t k = i + 2; k + 1 < len; k++)
                if (sql[k] == '*' && sql[k + 1] == '/') {
                    end = sql + k + 2;
                    break;
                }
            size_t e = end ? (size_t)(end - sql) : len;
            memcpy(out->sql + o, sql + i, e - i);
            o += e - i;
            i = e;
        } else if (c == '?' && i + 1 < len && sql[i + 1] == '?') {
            out->sql[o++] = '?';
            out->sql[o++] = '?';
            i += 2;
        } else if (c == '?') {
            db_param v = {.type = DB_NULL};
            if (pos && next < count) v = pos[next];
            next++;
            if (push(out, &cap, o, &v) < 0) goto oom;
            out->sql[o++] = '?';
            i++;
        } else if ((c == ':' || c == '@') && is_map && i + 1 < len && ident_char(sql[i + 1]) &&
                   !(i > 0 && (sql[i - 1] == c || ident_char(sql[i - 1])))) {
            size_t e = i + 1;
            while (e < len && ident_char(sql[e]))
                e++;
            db_param v = {.type = DB_NULL};
            for (uint32_t k = 0; k < count; k++)
                if (names[k].klen == e - i - 1 && !memcmp(names[k].key, sql + i + 1, e - i - 1)) {
                    v = names[k].v;
                    break;
                }
            if (push(out, &cap, o, &v) < 0) goto oom;
            out->sql[o++] = '?';
            i = e;
        } else {
            out->sql[o++] = c;
            i++;
        }
    }
    out->sql[o] = 0;
    out->len = o;
    free(names);
    free(pos);
    return 0;
oom:
    snprintf(err, errcap, "out of memory");
fail:
    free(names);
    free(pos);
    weft__db_stmt_free(out);
    return -1;
}

void weft__db_stmt_free(db_stmt *s)
{
    free(s->sql);
    free(s->qpos);
    free(s->params);
    memset(s, 0, sizeof *s);
}

/* Days from 1970-01-01 to y-m-d (proleptic Gregorian). */
static int64_t days_from_civil(int64_t y, unsigned m, unsigned d)
{
    y -= m <= 2;
    int64_t era = (y >= 0 ? y : y - 399) / 400;
    unsigned yoe = (unsigned)(y - era * 400);
    unsigned doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + (int64_t)doe - 719468;
}

int weft__db_parse_datetime(const char *s, size_t len, double *ms)
{
    int y, mo, d, h = 0, mi = 0, sec = 0, n = 0;
    char buf[40];
    if (len < 10 || len >= sizeof buf) return -1;
    memcpy(buf, s, len);
    buf[len] = 0;
    if (sscanf(buf, "%4d-%2d-%2d%n", &y, &mo, &d, &n) != 3 || n != 10) return -1;
    double frac = 0;
    if (len > 10) {
        int n2 = 0;
        if ((buf[10] != ' ' && buf[10] != 'T') ||
            sscanf(buf + 11, "%2d:%2d:%2d%n", &h, &mi, &sec, &n2) != 3)
            return -1;
        const char *f = buf + 11 + n2;
        if (*f == '.') frac = strtod(f, NULL);
    }
    if (mo < 1 || mo > 12 || d < 1 || d > 31) return -1;
    /* Local time, as oxmysql's `new Date(string)`: mktime knows the zone. */
    struct tm tm = {.tm_year = y - 1900,
                    .tm_mon = mo - 1,
                    .tm_mday = d,
                    .tm_hour = h,
                    .tm_min = mi,
                    .tm_sec = sec,
                    .tm_isdst = -1};
    time_t tt = mktime(&tm);
    if (tt == (time_t)-1 && !(y == 1969 && mo == 12 && d == 31)) {
        /* Outside time_t: fall back to UTC arithmetic. */
        *ms = ((double)days_from_civil(y, (unsigned)mo, (unsigned)d) * 86400 + h * 3600 + mi * 60 +
               sec) *
              1000.0;
    } else {
        *ms = (double)tt * 1000.0;
    }
    *ms += (double)(int64_t)(frac * 1000.0);
    return 0;
}
