/* kvp_natives.c: resource KVP storage for scripts (issue 12 item 4), as
 * FiveM's ServerKVScriptFunctions: SetResourceKvp / Int / Float and their
 * NoSync forms, GetResourceKvpString / Int / Float, DeleteResourceKvp (+
 * NoSync), FlushResourceKvp, StartFindKvp / FindKvp / EndFindKvp. Keys are
 * the calling resource's own; values are stored as msgpack (strings, int32,
 * float32, as FiveM packs them). The store (src/api/kvp.c) lives in the
 * server folder's SQLite file, the database resource's file (convar
 * weft_sqlitePath, default WEFT_DB_SQLITE_FILE), opened on first use. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api/api.h"
#include "api/args.h"
#include "api/kvp.h"
#include "host/server.h"

/* The store, opened on first use; NULL (and one log line) when it cannot. */
static weft__kvp *store(weft_host *h)
{
    weft__server *s = h->server;
    if (s->kvp || s->kvp_failed) return s->kvp;
    const char *file = weft__convars_get(&s->convars, "weft_sqlitePath", WEFT_DB_SQLITE_FILE);
    char path[4096], err[4200];
    if (file[0] == '/')
        snprintf(path, sizeof path, "%s", file);
    else
        snprintf(path, sizeof path, "%s/%s", s->dir ? s->dir : ".", file);
    if (weft__kvp_open(path, &s->kvp, err, sizeof err) < 0) {
        s->kvp_failed = 1;
        weft__log(h, "weft", "%s", err);
    }
    return s->kvp;
}

/* The caller's resource name and the key argument, or an error. */
static int key_of(weft_host *h, const weft__args *a, const char **res, char *key, size_t cap,
                  const char *native)
{
    *res = weft_native_resource(h);
    if (!**res) return weft_native_error(h, "%s: only resources have KVP storage", native);
    /* FiveM's key is a C string, so "a\0b" would name key "a" (another
     * key's value, silently); refused instead */
    if (weft__args_has_nul(a, 0) && a->tok[0].len <= WEFT_KVP_MAX_KEY)
        return weft_native_error(h, "%s(\"%s\\0...\"): the key has a NUL byte", native,
                                 a->tok[0].p);
    if (!weft__args_text(a, 0, key, cap) || !*key)
        return weft_native_error(h, "%s: the key must be a non-empty string (at most %d bytes)",
                                 native, WEFT_KVP_MAX_KEY);
    if (!store(h)) return weft_native_error(h, "%s: the KVP store is not available", native);
    return 0;
}

enum { KIND_STR, KIND_INT, KIND_FLOAT };

/* The value argument of SetResourceKvpInt/Float. FiveM reads whatever was
 * passed as a number (ScriptInvoker: a string's pointer bits, so junk is
 * stored silently); weft takes a number (a float truncated for Int), a
 * boolean (1/0, as FiveM's Lua passes it), nil or nothing (0, as FiveM
 * fills missing arguments) and a string holding one number in full ("7",
 * "2.5"), and refuses the rest: 0, with *what naming what was passed. */
static int value_number(const weft__args *a, int integer, int64_t *i, double *d, char *what,
                        size_t cap)
{
    int type = a->n > 1 ? a->tok[1].type : WEFT__MP_NIL;
    char buf[64], *end = NULL;
    switch (type) {
    case WEFT__MP_NIL:
    case WEFT__MP_BOOL:
    case WEFT__MP_INT:
    case WEFT__MP_UINT:
    case WEFT__MP_FLOAT:
        *i = weft__args_int(a, 1, 0);
        *d = weft__args_num(a, 1, 0);
        return 1;
    case WEFT__MP_STR:
        if (weft__args_text(a, 1, buf, sizeof buf) && buf[0]) {
            errno = 0;
            if (integer) *i = strtoll(buf, &end, 10);
            else *d = strtod(buf, &end);
            if (end != buf && !*end && !errno) return 1;
        }
        if (a->tok[1].len <= 40 && !memchr(a->tok[1].p, 0, a->tok[1].len)) {
            int shown = 1; /* printable ASCII is quoted as is, else only its size */
            for (uint32_t k = 0; k < a->tok[1].len; k++)
                if ((unsigned char)a->tok[1].p[k] < 0x20 || (unsigned char)a->tok[1].p[k] > 0x7e)
                    shown = 0;
            if (shown) {
                snprintf(what, cap, "the string \"%.*s\"", (int)a->tok[1].len, a->tok[1].p);
                return 0;
            }
        }
        snprintf(what, cap, "a string of %u bytes", (unsigned)a->tok[1].len);
        return 0;
    case WEFT__MP_ARRAY:
    case WEFT__MP_MAP: snprintf(what, cap, "a table"); return 0;
    case WEFT__MP_EXT: snprintf(what, cap, "a function or vector"); return 0;
    default: snprintf(what, cap, "binary data"); return 0;
    }
}

static int set_kvp(weft_host *h, const char *args, size_t len, int kind, int sync,
                   const char *native)
{
    weft__args a;
    const char *res;
    char key[WEFT_KVP_MAX_KEY + 1];
    if (weft__args_parse(&a, args, len) < 0) return WEFT_EINVAL;
    int rc = key_of(h, &a, &res, key, sizeof key, native);
    if (rc < 0) return rc;
    msgpack_sbuffer sb;
    msgpack_packer pk;
    weft__res_begin(&sb, &pk);
    if (kind == KIND_STR) {
        /* Lua passes a string that is not UTF-8 as bin (lua_codec.c): FiveM
         * stores its bytes, as they are; so does weft (a str with them) */
        if (a.n < 2 || (a.tok[1].type != WEFT__MP_STR && a.tok[1].type != WEFT__MP_BIN)) {
            msgpack_sbuffer_destroy(&sb);
            return weft_native_error(h, "%s(\"%s\"): the value must be a string", native, key);
        }
        msgpack_pack_str_with_body(&pk, a.tok[1].p, a.tok[1].len);
    } else {
        int64_t i = 0;
        double d = 0;
        char what[80];
        if (!value_number(&a, kind == KIND_INT, &i, &d, what, sizeof what)) {
            msgpack_sbuffer_destroy(&sb);
            return weft_native_error(h, "%s(\"%s\"): the value must be a number, not %s", native,
                                     key, what);
        }
        if (kind == KIND_INT) msgpack_pack_int32(&pk, (int32_t)i);
        else msgpack_pack_float(&pk, (float)d);
    }
    if (!sb.data) return WEFT_ENOMEM;
    rc = weft__kvp_set(h->server->kvp, res, key, sb.data, sb.size, sync);
    msgpack_sbuffer_destroy(&sb);
    if (rc == WEFT_EINVAL)
        return weft_native_error(h, "%s(\"%s\"): the value is over %u bytes", native, key,
                                 (unsigned)WEFT_KVP_MAX_VALUE);
    if (rc < 0)
        return weft_native_error(h, "%s(\"%s\"): %s", native, key, weft__kvp_error(h->server->kvp));
    return 0;
}

#define SETTER(fn, kind, sync, name)                                                               \
    static int fn(void *ud, const char *args, size_t len, char **out, size_t *olen)                \
    {                                                                                              \
        return set_kvp(ud, args, len, kind, sync, name);                                           \
    }
SETTER(n_set, KIND_STR, 1, "SetResourceKvp")
SETTER(n_set_nosync, KIND_STR, 0, "SetResourceKvpNoSync")
SETTER(n_set_int, KIND_INT, 1, "SetResourceKvpInt")
SETTER(n_set_int_nosync, KIND_INT, 0, "SetResourceKvpIntNoSync")
SETTER(n_set_float, KIND_FLOAT, 1, "SetResourceKvpFloat")
SETTER(n_set_float_nosync, KIND_FLOAT, 0, "SetResourceKvpFloatNoSync")

/* Read the stored value as `kind`: a string (nil when absent or not a
 * string), an integer or a float (0 when absent or not a number). */
static int get_kvp(weft_host *h, const char *args, size_t len, int kind, char **out, size_t *olen,
                   const char *native)
{
    weft__args a;
    const char *res;
    char key[WEFT_KVP_MAX_KEY + 1];
    if (weft__args_parse(&a, args, len) < 0) return WEFT_EINVAL;
    int rc = key_of(h, &a, &res, key, sizeof key, native);
    if (rc < 0) return rc;
    char *v = NULL;
    size_t vlen = 0;
    rc = weft__kvp_get(h->server->kvp, res, key, &v, &vlen);
    if (rc < 0 && rc != WEFT_ENOENT) return rc;
    weft__mp_reader r = {(const uint8_t *)v, (const uint8_t *)v + vlen};
    weft__mp_token t = {0};
    int have = v && weft__codec_mp_next(&r, &t) == 0;
    if (kind == KIND_STR) {
        rc = have && t.type == WEFT__MP_STR ? weft__res_str(t.p, t.len, out, olen)
                                            : weft__res_nil(out, olen);
    } else if (kind == KIND_INT) {
        int64_t i = !have                      ? 0
                    : t.type == WEFT__MP_INT   ? t.i
                    : t.type == WEFT__MP_FLOAT ? (int64_t)t.f
                                               : 0;
        rc = weft__res_int((int32_t)i, out, olen);
    } else {
        double d = !have                      ? 0
                   : t.type == WEFT__MP_FLOAT ? t.f
                   : t.type == WEFT__MP_INT   ? (double)t.i
                                              : 0;
        rc = weft__res_num(d, out, olen);
    }
    free(v);
    return rc;
}

static int n_get_string(void *ud, const char *args, size_t len, char **out, size_t *olen)
{
    return get_kvp(ud, args, len, KIND_STR, out, olen, "GetResourceKvpString");
}

static int n_get_int(void *ud, const char *args, size_t len, char **out, size_t *olen)
{
    return get_kvp(ud, args, len, KIND_INT, out, olen, "GetResourceKvpInt");
}

static int n_get_float(void *ud, const char *args, size_t len, char **out, size_t *olen)
{
    return get_kvp(ud, args, len, KIND_FLOAT, out, olen, "GetResourceKvpFloat");
}

static int delete_kvp(weft_host *h, const char *args, size_t len, int sync, const char *native)
{
    weft__args a;
    const char *res;
    char key[WEFT_KVP_MAX_KEY + 1];
    if (weft__args_parse(&a, args, len) < 0) return WEFT_EINVAL;
    int rc = key_of(h, &a, &res, key, sizeof key, native);
    return rc < 0 ? rc : weft__kvp_delete(h->server->kvp, res, key, sync);
}

static int n_delete(void *ud, const char *args, size_t len, char **out, size_t *olen)
{
    return delete_kvp(ud, args, len, 1, "DeleteResourceKvp");
}

static int n_delete_nosync(void *ud, const char *args, size_t len, char **out, size_t *olen)
{
    return delete_kvp(ud, args, len, 0, "DeleteResourceKvpNoSync");
}

static int n_flush(void *ud, const char *args, size_t len, char **out, size_t *olen)
{
    weft_host *h = ud;
    return store(h) ? weft__kvp_flush(h->server->kvp) : 0;
}

static int n_start_find(void *ud, const char *args, size_t len, char **out, size_t *olen)
{
    weft_host *h = ud;
    weft__args a;
    char prefix[WEFT_KVP_MAX_KEY + 1];
    const char *res = weft_native_resource(h);
    if (weft__args_parse(&a, args, len) < 0) return WEFT_EINVAL;
    const char *p = weft__args_text(&a, 0, prefix, sizeof prefix);
    if (!*res || !store(h)) return weft__res_int(-1, out, olen);
    return weft__res_int(weft__kvp_find_start(h->server->kvp, res, p ? p : ""), out, olen);
}

static int n_find(void *ud, const char *args, size_t len, char **out, size_t *olen)
{
    weft_host *h = ud;
    weft__args a;
    if (weft__args_parse(&a, args, len) < 0 || !h->server->kvp) return weft__res_nil(out, olen);
    const char *key = weft__kvp_find_next(h->server->kvp, (int)weft__args_int(&a, 0, -1));
    return key ? weft__res_str(key, strlen(key), out, olen) : weft__res_nil(out, olen);
}

static int n_end_find(void *ud, const char *args, size_t len, char **out, size_t *olen)
{
    weft_host *h = ud;
    weft__args a;
    if (weft__args_parse(&a, args, len) == 0 && h->server->kvp)
        weft__kvp_find_end(h->server->kvp, (int)weft__args_int(&a, 0, -1));
    return 0;
}

static const weft_native natives[] = {
    {"SetResourceKvp", n_set, NULL},
    {"SetResourceKvpNoSync", n_set_nosync, NULL},
    {"SetResourceKvpInt", n_set_int, NULL},
    {"SetResourceKvpIntNoSync", n_set_int_nosync, NULL},
    {"SetResourceKvpFloat", n_set_float, NULL},
    {"SetResourceKvpFloatNoSync", n_set_float_nosync, NULL},
    {"GetResourceKvpString", n_get_string, NULL},
    {"GetResourceKvpInt", n_get_int, NULL},
    {"GetResourceKvpFloat", n_get_float, NULL},
    {"DeleteResourceKvp", n_delete, NULL},
    {"DeleteResourceKvpNoSync", n_delete_nosync, NULL},
    {"FlushResourceKvp", n_flush, NULL},
    {"StartFindKvp", n_start_find, NULL},
    {"FindKvp", n_find, NULL},
    {"EndFindKvp", n_end_find, NULL},
    {NULL, NULL, NULL},
};

int weft__api_kvp_open(weft_host *h)
{
    return weft_host_register_natives(h, natives, h);
}
