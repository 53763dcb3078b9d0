/* lua_codec.c: the Lua 5.4 side of the msgpack value boundary (rules:
 * src/js/codec.h and docs/values.md). Tables are read and written raw; a
 * table whose keys are exactly positive integers with at most half of 1..n
 * missing packs as an array, anything else as a map. Invariants: recursion
 * never exceeds WEFT_CODEC_MAX_DEPTH containers; on failure the stack is back
 * at its entry height plus one message, and no malloc'ed memory is held. */
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <msgpack.h>
#include <lauxlib.h>
#include "weft.h"
#include "host/msgpack.h"
#include "lua/lua_codec.h"

/* ---- Lua -> msgpack ----------------------------------------------------- */

enum { SEG_INT, SEG_FLOAT, SEG_BOOL, SEG_STR, SEG_OTHER, SEG_THE_KEY };

typedef struct {
    int kind;
    lua_Integer i; /* SEG_INT; SEG_BOOL */
    lua_Number f;  /* SEG_FLOAT */
    const char *s; /* SEG_STR (a string on the Lua stack); SEG_OTHER: a type name */
    size_t len;
} path_seg;

typedef struct {
    lua_State *L;
    const weft__lua_codec_hooks *hooks;
    weft__mp_out out; /* the bytes, at most WEFT_CODEC_MAX_BYTES */
    msgpack_packer pk;
    const char *root;
    int depth;                               /* containers open */
    const void *open[WEFT_CODEC_MAX_DEPTH];  /* the tables on the current path */
    /* argument + up to two per level: a table in key position adds the key and
     * the {key} marker (a 66-entry array overflowed: found by fuzz_msgpack_lua_decode) */
    path_seg path[2 * WEFT_CODEC_MAX_DEPTH + 2];
    int npath;
    size_t values;  /* pack_lua calls, bounded by WEFT_CODEC_MAX_VALUES */
    char msg[1024]; /* the error, formatted while the path's keys are still alive */
} lua_packer;

static void msg_add(char *m, size_t *len, const char *fmt, ...)
{
    size_t cap = 1024;
    if (*len >= cap - 1) return;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(m + *len, cap - *len, fmt, ap);
    va_end(ap);
    if (n > 0) *len = *len + (size_t)n < cap - 1 ? *len + (size_t)n : cap - 1;
}

static int is_identifier(const char *s, size_t n)
{
    if (n == 0 || (s[0] >= '0' && s[0] <= '9')) return 0;
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        if (!(c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
              (c >= '0' && c <= '9')))
            return 0;
    }
    return 1;
}

/* Record "<what> at <path>" in s->msg. Always returns -1. */
static int __attribute__((format(printf, 2, 3))) pack_fail(lua_packer *s, const char *fmt, ...)
{
    size_t len = 0;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(s->msg, 256, fmt, ap);
    va_end(ap);
    len = n < 0 ? 0 : n < 256 ? (size_t)n : 255;
    msg_add(s->msg, &len, " at %s", s->root);
    for (int i = 0; i < s->npath; i++) {
        path_seg *g = &s->path[i];
        switch (g->kind) {
        case SEG_INT:
            msg_add(s->msg, &len, "[%lld]", (long long)g->i);
            break;
        case SEG_FLOAT:
            msg_add(s->msg, &len, "[%.14g]", (double)g->f);
            break;
        case SEG_BOOL:
            msg_add(s->msg, &len, "[%s]", g->i ? "true" : "false");
            break;
        case SEG_OTHER:
            msg_add(s->msg, &len, "[<%s>]", g->s);
            break;
        case SEG_THE_KEY:
            msg_add(s->msg, &len, "{key}");
            break;
        case SEG_STR: {
            size_t kn = g->len > 64 ? 64 : g->len;
            if (is_identifier(g->s, kn)) {
                msg_add(s->msg, &len, ".%.*s", (int)kn, g->s);
            } else {
                msg_add(s->msg, &len, "[\"");
                for (size_t j = 0; j < kn; j++) {
                    unsigned char c = (unsigned char)g->s[j];
                    if (c == '"' || c == '\\')
                        msg_add(s->msg, &len, "\\%c", c);
                    else if (c < 0x20 || c >= 0x7f)
                        msg_add(s->msg, &len, "\\x%02x", c);
                    else
                        msg_add(s->msg, &len, "%c", c);
                }
                msg_add(s->msg, &len, "\"]");
            }
            if (g->len > kn) msg_add(s->msg, &len, "...");
            break;
        }
        }
    }
    return -1;
}

/* A msgpack write failed: the output grew past WEFT_CODEC_MAX_BYTES, or
 * memory ran out. Always returns -1. */
static int pk_failed(lua_packer *s)
{
    if (s->out.too_big)
        return pack_fail(s, "a value packing to more than %zu bytes cannot be passed",
                         (size_t)WEFT_CODEC_MAX_BYTES);
    return pack_fail(s, "out of memory");
}

#define PK(call)                                                                                   \
    do {                                                                                           \
        if ((call) != 0) return pk_failed(s);                                                      \
    } while (0)

static int pack_lua(lua_packer *s, int idx);

/* Describe the key at stack slot kidx as a path segment. */
static path_seg key_seg(lua_State *L, int kidx)
{
    path_seg g = {SEG_OTHER, 0, 0, NULL, 0};
    switch (lua_type(L, kidx)) {
    case LUA_TNUMBER:
        if (lua_isinteger(L, kidx))
            g.kind = SEG_INT, g.i = lua_tointeger(L, kidx);
        else
            g.kind = SEG_FLOAT, g.f = lua_tonumber(L, kidx);
        break;
    case LUA_TBOOLEAN:
        g.kind = SEG_BOOL, g.i = lua_toboolean(L, kidx);
        break;
    case LUA_TSTRING:
        g.kind = SEG_STR, g.s = lua_tolstring(L, kidx, &g.len);
        break;
    default:
        g.s = luaL_typename(L, kidx);
        break;
    }
    return g;
}

static int pack_child(lua_packer *s, path_seg g, int idx)
{
    s->path[s->npath++] = g;
    int rc = pack_lua(s, idx);
    s->npath--;
    return rc;
}

static int pack_table(lua_packer *s, int idx)
{
    lua_State *L = s->L;
    lua_Integer count = 0, max = 0;
    int isarray = 1;
    if (!lua_checkstack(L, 4)) return pack_fail(s, "Lua stack overflow");
    /* Pass 1: count the keys; an array has only positive integer keys. */
    lua_pushnil(L);
    while (lua_next(L, idx)) { /* bound: the table's key count */
        lua_pop(L, 1);
        count++;
        if (isarray && lua_isinteger(L, -1) && lua_tointeger(L, -1) >= 1) {
            lua_Integer k = lua_tointeger(L, -1);
            if (k > max) max = k;
        } else {
            isarray = 0;
        }
    }
    if (isarray && max - count <= count) { /* count >= max/2; max >= count, no overflow */
        if ((uint64_t)max > UINT32_MAX) return pack_fail(s, "a table too large to pass");
        PK(msgpack_pack_array(&s->pk, (size_t)max));
        for (lua_Integer i = 1; i <= max; i++) {
            lua_rawgeti(L, idx, i);
            int rc = pack_child(s, (path_seg){SEG_INT, i, 0, NULL, 0}, lua_gettop(L));
            lua_pop(L, 1);
            if (rc < 0) return -1;
        }
        return 0;
    }
    if ((uint64_t)count > UINT32_MAX) return pack_fail(s, "a table too large to pass");
    PK(msgpack_pack_map(&s->pk, (size_t)count));
    lua_pushnil(L);
    while (lua_next(L, idx)) { /* bound: the table's key count */
        int vidx = lua_gettop(L), kidx = vidx - 1;
        path_seg g = key_seg(L, kidx);
        s->path[s->npath++] = g;
        int rc = pack_child(s, (path_seg){SEG_THE_KEY, 0, 0, NULL, 0}, kidx);
        s->npath--;
        if (rc == 0) rc = pack_child(s, g, vidx);
        if (rc < 0) return -1; /* the stack is reset by the caller */
        lua_pop(L, 1);
    }
    return 0;
}

/* make_ref run by lua_pcall: slot 1 the make_ref_call, slot 2 the function. */
typedef struct {
    const weft__lua_codec_hooks *h;
    char *id;
    size_t cap;
    int rc;
} make_ref_call;

static int make_ref_protected(lua_State *L)
{
    make_ref_call *c = lua_touserdata(L, 1);
    c->rc = c->h->make_ref(c->h->opaque, L, 2, c->id, c->cap);
    return 0;
}

static int pack_lua(lua_packer *s, int idx)
{
    lua_State *L = s->L;
    /* No Lua code runs here, so the count hook cannot stop a table whose
     * shared references double at each level: this does. */
    if (++s->values > WEFT_CODEC_MAX_VALUES)
        return pack_fail(s,
                         "a value made of more than %d values (a shared table counts each "
                         "time it is reached) cannot be passed",
                         (int)WEFT_CODEC_MAX_VALUES);
    switch (lua_type(L, idx)) {
    case LUA_TNIL:
    case LUA_TNONE:
        PK(msgpack_pack_nil(&s->pk));
        return 0;
    case LUA_TBOOLEAN:
        PK(lua_toboolean(L, idx) ? msgpack_pack_true(&s->pk) : msgpack_pack_false(&s->pk));
        return 0;
    case LUA_TNUMBER:
        if (lua_isinteger(L, idx))
            PK(msgpack_pack_int64(&s->pk, (int64_t)lua_tointeger(L, idx)));
        else
            PK(msgpack_pack_double(&s->pk, (double)lua_tonumber(L, idx)));
        return 0;
    case LUA_TSTRING: {
        size_t n;
        const char *str = lua_tolstring(L, idx, &n);
        if (n > UINT32_MAX) return pack_fail(s, "a string over 4 GiB cannot be passed");
        if (weft__codec_utf8_valid(str, n))
            PK(msgpack_pack_str_with_body(&s->pk, str, n));
        else
            PK(msgpack_pack_bin_with_body(&s->pk, str, n));
        return 0;
    }
    case LUA_TFUNCTION: {
        const weft__lua_codec_hooks *h = s->hooks;
        if (!h || !h->make_ref) return pack_fail(s, "cannot pass a function here");
        char id[WEFT__CODEC_REF_ID_CAP];
        id[0] = 0;
        int top = lua_gettop(L);
        /* the hook's working room plus the call's three slots (found by
         * fuzz_msgpack_lua_encode with API checks) */
        if (!lua_checkstack(L, WEFT__LUA_CODEC_HOOK_SLOTS + 3))
            return pack_fail(s, "Lua stack overflow");
        make_ref_call c = {h, id, sizeof id, 0};
        /* Protected: a memory error in the hook (luaL_ref) must not unwind
         * past s and its buffer, which are malloc'ed (a 72 KB leak found by
         * fuzz_msgpack_lua_encode in CI). Pushing a light C function, a
         * light userdata and a copy allocates nothing. */
        lua_pushcfunction(L, make_ref_protected);
        lua_pushlightuserdata(L, &c);
        lua_pushvalue(L, idx);
        int status = lua_pcall(L, 2, 0, 0);
        lua_settop(L, top);
        if (status != LUA_OK) return pack_fail(s, "out of memory");
        int rc = c.rc;
        if (rc < 0) return pack_fail(s, "cannot pass a function here (%s)", weft_strerror(rc));
        id[sizeof id - 1] = 0;
        size_t n = strlen(id);
        PK(msgpack_pack_ext(&s->pk, n, WEFT__CODEC_EXT_REF));
        PK(msgpack_pack_ext_body(&s->pk, id, n));
        return 0;
    }
    case LUA_TTABLE:
        break;
    case LUA_TUSERDATA: {
        float v[4];
        /* the metatable check pushes two values (found by fuzz_msgpack_lua_encode
         * with LUA_USE_APICHECK: a vector nested in tables overflowed the stack) */
        if (!lua_checkstack(L, 2)) return pack_fail(s, "Lua stack overflow");
        int kind = weft__lua_vector_get(L, idx, v);
        if (kind < 0) return pack_fail(s, "cannot pack a %s", luaL_typename(L, idx));
        uint32_t n = kind == WEFT__LUA_VEC2 ? 2 : kind == WEFT__LUA_VEC3 ? 3 : 4;
        unsigned char body[16];
        for (uint32_t i = 0; i < n; i++) {
            uint32_t u;
            memcpy(&u, &v[i], 4);
            for (int b = 0; b < 4; b++) body[4 * i + b] = (unsigned char)(u >> (8 * b));
        }
        PK(msgpack_pack_ext(&s->pk, 4 * n, (int8_t)(WEFT__CODEC_EXT_VECTOR2 + kind)));
        PK(msgpack_pack_ext_body(&s->pk, body, 4 * n));
        return 0;
    }
    default:
        return pack_fail(s, "cannot pack a %s", luaL_typename(L, idx));
    }
    const void *ptr = lua_topointer(L, idx);
    for (int i = 0; i < s->depth; i++)
        if (s->open[i] == ptr) return pack_fail(s, "cannot pass a cyclic value");
    if (s->depth == WEFT_CODEC_MAX_DEPTH)
        return pack_fail(s, "cannot pass a value nested deeper than %d levels",
                         WEFT_CODEC_MAX_DEPTH);
    s->open[s->depth++] = ptr;
    int rc = pack_table(s, idx);
    s->depth--;
    return rc;
}

static void packer_init(lua_packer *s, lua_State *L, const weft__lua_codec_hooks *hooks,
                        const char *root)
{
    s->L = L;
    s->hooks = hooks;
    s->root = root;
    s->depth = 0;
    s->npath = 0;
    s->values = 0;
    s->msg[0] = 0;
    weft__mp_out_init(&s->out);
    msgpack_packer_init(&s->pk, &s->out, weft__mp_out_write);
}

/* Frees s; pushes the error last, so a memory error there leaks nothing. */
static int packer_finish(lua_packer *s, int top, int rc, char **out, size_t *outlen)
{
    lua_State *L = s->L;
    char msg[sizeof s->msg];
    lua_settop(L, top);
    if (rc < 0) {
        memcpy(msg, s->msg, sizeof msg);
        msgpack_sbuffer_destroy(&s->out.sb);
        free(s);
        luaL_checkstack(L, 1, NULL); /* a caller's stack may be full (fuzz_msgpack_lua_encode) */
        lua_pushstring(L, msg);
        return -1;
    }
    *outlen = s->out.sb.size;
    *out = msgpack_sbuffer_release(&s->out.sb);
    free(s);
    return 0;
}

int weft__codec_pack_lua_args(lua_State *L, const weft__lua_codec_hooks *hooks, int first, int last,
                              char **out, size_t *outlen)
{
    lua_packer *s = malloc(sizeof *s); /* ~3 KB: kept off the C stack */
    int top = lua_gettop(L), rc = 0;
    if (!s) {
        lua_pushliteral(L, "out of memory");
        return -1;
    }
    packer_init(s, L, hooks, "args");
    /* relative (negative) slots only: 0 is "before slot 1", not the top */
    if (first < 0) first = lua_absindex(L, first);
    if (last < 0) last = lua_absindex(L, last);
    int n = last >= first ? last - first + 1 : 0;
    if (n > WEFT_CALL_ARGS_MAX)
        rc = pack_fail(s, "too many arguments (%d; at most %d)", n, WEFT_CALL_ARGS_MAX);
    else if (msgpack_pack_array(&s->pk, (size_t)n) != 0)
        rc = pack_fail(s, "out of memory");
    for (int i = 0; i < n && rc == 0; i++)
        rc = pack_child(s, (path_seg){SEG_INT, i + 1, 0, NULL, 0}, first + i);
    return packer_finish(s, top, rc, out, outlen);
}

int weft__codec_pack_lua_value(lua_State *L, const weft__lua_codec_hooks *hooks, int index,
                               char **out, size_t *outlen)
{
    lua_packer *s = malloc(sizeof *s);
    int top = lua_gettop(L);
    if (!s) {
        lua_pushliteral(L, "out of memory");
        return -1;
    }
    packer_init(s, L, hooks, "value");
    return packer_finish(s, top, pack_lua(s, lua_absindex(L, index)), out, outlen);
}

/* ---- msgpack -> Lua ----------------------------------------------------- */

typedef struct {
    lua_State *L;
    const weft__lua_codec_hooks *hooks;
    weft__mp_reader rd;
    char msg[128];
} lua_unpacker;

static int unpack_fail(lua_unpacker *u, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(u->msg, sizeof u->msg, fmt, ap);
    va_end(ap);
    return -1;
}

static int unpack_ext(lua_unpacker *u, const weft__mp_token *t)
{
    lua_State *L = u->L;
    if (t->ext_type == WEFT__CODEC_EXT_REF || t->ext_type == WEFT__CODEC_EXT_LOCAL_REF) {
        if (!u->hooks || !u->hooks->push_ref_proxy)
            return unpack_fail(u, "cannot receive a function reference here");
        int top = lua_gettop(L);
        if (!lua_checkstack(L, WEFT__LUA_CODEC_HOOK_SLOTS))
            return unpack_fail(u, "Lua stack overflow");
        int rc = u->hooks->push_ref_proxy(u->hooks->opaque, L, t->p, t->len);
        if (rc < 0 || lua_gettop(L) != top + 1) {
            lua_settop(L, top);
            return unpack_fail(u, "cannot receive a function reference (%s)",
                               rc < 0 ? weft_strerror(rc) : "hook pushed no value");
        }
        return 0;
    }
    if (t->ext_type >= WEFT__CODEC_EXT_VECTOR2 && t->ext_type <= WEFT__CODEC_EXT_QUAT) {
        int kind = t->ext_type - WEFT__CODEC_EXT_VECTOR2;
        uint32_t n = kind == WEFT__LUA_VEC2 ? 2 : kind == WEFT__LUA_VEC3 ? 3 : 4;
        if (t->len != n * 4) return unpack_fail(u, "malformed msgpack value");
        float v[4] = {0, 0, 0, 0};
        for (uint32_t i = 0; i < n; i++) v[i] = weft__codec_le_float(t->p + 4 * i);
        weft__lua_vector_push(L, kind, v);
        return 0;
    }
    return unpack_fail(u, "unsupported msgpack ext type %d", t->ext_type);
}

/* Push one value. Returns 0, or -1 with u->msg set (the caller resets the stack). */
static int unpack_lua(lua_unpacker *u, int depth)
{
    lua_State *L = u->L;
    weft__mp_token t;
    if (weft__codec_mp_next(&u->rd, &t) < 0) return unpack_fail(u, "malformed msgpack value");
    switch (t.type) {
    case WEFT__MP_NIL:
        lua_pushnil(L);
        return 0;
    case WEFT__MP_BOOL:
        lua_pushboolean(L, t.boolean);
        return 0;
    case WEFT__MP_INT:
        lua_pushinteger(L, (lua_Integer)t.i);
        return 0;
    case WEFT__MP_UINT:
        lua_pushnumber(L, (lua_Number)t.u);
        return 0; /* above maxinteger */
    case WEFT__MP_FLOAT:
        lua_pushnumber(L, (lua_Number)t.f);
        return 0;
    case WEFT__MP_STR:
    case WEFT__MP_BIN:
        lua_pushlstring(L, t.p, t.len);
        return 0;
    case WEFT__MP_EXT:
        return unpack_ext(u, &t);
    case WEFT__MP_ARRAY:
    case WEFT__MP_MAP:
        break;
    }
    if (depth == WEFT_CODEC_MAX_DEPTH)
        return unpack_fail(u, "msgpack value nested deeper than %d levels", WEFT_CODEC_MAX_DEPTH);
    if (!lua_checkstack(L, 4)) return unpack_fail(u, "Lua stack overflow");
    /* A size hint only, and no larger than the input could fill (each
     * element takes a byte at least): a short message cannot reserve GBs. */
    size_t left = (size_t)(u->rd.end - u->rd.p);
    int n = (int)(t.len < left ? t.len : left > INT_MAX ? INT_MAX : left);
    if (t.type == WEFT__MP_ARRAY) {
        lua_createtable(L, n, 0);
        for (uint32_t i = 0; i < t.len; i++) {
            if (unpack_lua(u, depth + 1) < 0) return -1;
            if (lua_isnil(L, -1))
                lua_pop(L, 1); /* a hole */
            else
                lua_rawseti(L, -2, (lua_Integer)i + 1);
        }
        return 0;
    }
    lua_createtable(L, 0, n);
    for (uint32_t i = 0; i < t.len; i++) {
        if (unpack_lua(u, depth + 1) < 0) return -1;
        if (lua_isnil(L, -1)) return unpack_fail(u, "a msgpack map key is nil");
        if (lua_type(L, -1) == LUA_TNUMBER && !lua_isinteger(L, -1) && isnan(lua_tonumber(L, -1)))
            return unpack_fail(u, "a msgpack map key is NaN");
        if (unpack_lua(u, depth + 1) < 0) return -1;
        lua_rawset(L, -3);
    }
    return 0;
}

int weft__codec_unpack_lua_args(lua_State *L, const weft__lua_codec_hooks *hooks, const char *buf,
                                size_t len)
{
    lua_unpacker u = {L, hooks, {(const uint8_t *)buf, (const uint8_t *)buf + len}, ""};
    int top = lua_gettop(L);
    weft__mp_token t;
    int rc = 0;
    if (!buf || weft__codec_mp_next(&u.rd, &t) < 0 || t.type != WEFT__MP_ARRAY)
        rc = unpack_fail(&u, "malformed msgpack value");
    else if (t.len > WEFT_CALL_ARGS_MAX)
        rc = unpack_fail(&u, "too many arguments (%u; at most %d)", t.len, WEFT_CALL_ARGS_MAX);
    else if (t.len > (size_t)(u.rd.end - u.rd.p)) /* each takes a byte at least */
        rc = unpack_fail(&u, "malformed msgpack value");
    else if (!lua_checkstack(L, (int)t.len + 8))
        rc = unpack_fail(&u, "not enough stack for %u arguments", t.len);
    for (uint32_t i = 0; rc == 0 && i < t.len; i++)
        rc = unpack_lua(&u, 0);
    if (rc == 0 && u.rd.p != u.rd.end) rc = unpack_fail(&u, "malformed msgpack value");
    if (rc < 0) {
        lua_settop(L, top);
        luaL_checkstack(L, 1, NULL);
        lua_pushstring(L, u.msg);
        return -1;
    }
    return (int)t.len;
}

int weft__codec_unpack_lua_value(lua_State *L, const weft__lua_codec_hooks *hooks, const char *buf,
                                 size_t len)
{
    lua_unpacker u = {L, hooks, {(const uint8_t *)buf, (const uint8_t *)buf + len}, ""};
    int top = lua_gettop(L);
    int rc = buf ? unpack_lua(&u, 0) : unpack_fail(&u, "malformed msgpack value");
    if (rc == 0 && u.rd.p != u.rd.end) rc = unpack_fail(&u, "malformed msgpack value");
    if (rc < 0) {
        lua_settop(L, top);
        luaL_checkstack(L, 1, NULL);
        lua_pushstring(L, u.msg);
        return -1;
    }
    return 1;
}
