/* json.c: json.encode / json.decode for Lua (our own: Debian 12's lua-cjson
 * 2.1.0 predates Lua 5.4's integers: it decodes 1 as the float 1.0 (prints
 * "1.0"), encodes integers with 14 significant digits (9007199254740993 ->
 * 9.007199254741e+15) and decodes null as a light userdata).
 *
 * Rules: nil -> null; integers exact; floats in the shortest form that
 * reads back to the same double; NaN and +-inf -> null (as dkjson, FiveM's
 * json); strings escaped (", \, control characters; other bytes as is);
 * a table is an array when every key is a positive integer and the largest is
 * at most twice the key count (holes -> null), and {} encodes as [];
 * otherwise an object with keys sorted bytewise (number keys as their
 * string form; other key types are an error). Cycles and nesting deeper than
 * WEFT_LUA_JSON_MAX_DEPTH are errors. decode: integers that fit int64 ->
 * Lua integers, other numbers -> floats, null -> nil (array holes);
 * invalid input -> nil, "message" (as dkjson). Output memory is Lua's (the
 * runtime's cap applies); an error never leaks. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <lauxlib.h>
#include "lua/lua_rt.h"
#include "lua/lua_codec.h"

/* ---- encode ---------------------------------------------------------------- */

typedef struct enc {
    lua_State *L;
    char *p;
    size_t len, cap;
    int buf_slot; /* stack slot of the userdata holding p */
    int visiting; /* stack slot of the set of tables being encoded */
} enc;

static void enc_reserve(enc *e, size_t n)
{
    if (e->len + n <= e->cap) return;
    size_t cap = e->cap * 2;
    while (cap < e->len + n)
        cap *= 2;
    char *p = lua_newuserdatauv(e->L, cap, 0);
    memcpy(p, e->p, e->len);
    lua_replace(e->L, e->buf_slot); /* the old block becomes garbage */
    e->p = p;
    e->cap = cap;
}

static void enc_add(enc *e, const char *s, size_t n)
{
    enc_reserve(e, n);
    memcpy(e->p + e->len, s, n);
    e->len += n;
}

static void enc_string(enc *e, const char *s, size_t n)
{
    static const char hex[] = "0123456789abcdef";
    enc_reserve(e, n + 2);
    e->p[e->len++] = '"';
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        const char *esc = NULL;
        switch (c) {
        case '"':
            esc = "\\\"";
            break;
        case '\\':
            esc = "\\\\";
            break;
        case '\b':
            esc = "\\b";
            break;
        case '\f':
            esc = "\\f";
            break;
        case '\n':
            esc = "\\n";
            break;
        case '\r':
            esc = "\\r";
            break;
        case '\t':
            esc = "\\t";
            break;
        }
        if (esc) {
            enc_add(e, esc, 2);
        } else if (c < 0x20 || c == 0x7f) {
            char u[6] = {'\\', 'u', '0', '0', hex[c >> 4], hex[c & 15]};
            enc_add(e, u, 6);
        } else {
            enc_reserve(e, 1);
            e->p[e->len++] = (char)c;
        }
    }
    enc_reserve(e, 1);
    e->p[e->len++] = '"';
}

static void enc_number(enc *e, int idx)
{
    char buf[64];
    int n;
    if (lua_isinteger(e->L, idx)) {
        n = snprintf(buf, sizeof buf, "%lld", (long long)lua_tointeger(e->L, idx));
    } else {
        double d = lua_tonumber(e->L, idx);
        if (!isfinite(d)) {
            enc_add(e, "null", 4);
            return;
        }
        /* Shortest of %.14g..%.17g that reads back exactly. */
        for (int prec = 14;; prec++) {
            n = snprintf(buf, sizeof buf, "%.*g", prec, d);
            if (prec == 17 || strtod(buf, NULL) == d) break;
        }
    }
    enc_add(e, buf, (size_t)n);
}

typedef struct key_entry {
    const char *s;
    size_t len;
    lua_Integer i; /* index of the original key in the keys table */
} key_entry;

static int key_cmp(const void *a, const void *b)
{
    const key_entry *x = a, *y = b;
    size_t n = x->len < y->len ? x->len : y->len;
    int c = memcmp(x->s, y->s, n);
    return c ? c : (x->len > y->len) - (x->len < y->len);
}

static void enc_value(enc *e, int idx, int depth);

static void enc_table(enc *e, int idx, int depth)
{
    lua_State *L = e->L;
    if (depth > WEFT_LUA_JSON_MAX_DEPTH)
        luaL_error(L, "json.encode: nesting deeper than %d", WEFT_LUA_JSON_MAX_DEPTH);
    lua_pushvalue(L, idx);
    if (lua_rawget(L, e->visiting) != LUA_TNIL) luaL_error(L, "json.encode: cycle in table");
    lua_pop(L, 1);
    lua_pushvalue(L, idx);
    lua_pushboolean(L, 1);
    lua_rawset(L, e->visiting);
    luaL_checkstack(L, 8, "json.encode");

    /* Classify: count keys, find the largest positive integer key. */
    lua_Integer count = 0, max = 0;
    int array = 1;
    lua_pushnil(L);
    while (lua_next(L, idx)) { /* bound: the table's keys */
        lua_pop(L, 1);
        count++;
        if (array && lua_isinteger(L, -1) && lua_tointeger(L, -1) > 0) {
            if (lua_tointeger(L, -1) > max) max = lua_tointeger(L, -1);
        } else {
            array = 0;
        }
    }
    if (array && max <= 2 * count) {
        enc_add(e, "[", 1);
        for (lua_Integer i = 1; i <= max; i++) {
            if (i > 1) enc_add(e, ",", 1);
            lua_rawgeti(L, idx, i);
            enc_value(e, lua_gettop(L), depth + 1);
            lua_pop(L, 1);
        }
        enc_add(e, "]", 1);
    } else {
        /* keys table: [2k-1] = string form, [2k] = original key */
        lua_createtable(L, (int)(2 * count), 0);
        int keys = lua_gettop(L);
        key_entry *ke = lua_newuserdatauv(L, (size_t)count * sizeof *ke, 0);
        lua_Integer k = 0;
        lua_pushnil(L);
        while (lua_next(L, idx)) { /* bound: the table's keys */
            lua_pop(L, 1);
            int t = lua_type(L, -1);
            if (t == LUA_TNUMBER) {
                char buf[64];
                if (lua_isinteger(L, -1))
                    snprintf(buf, sizeof buf, "%lld", (long long)lua_tointeger(L, -1));
                else
                    snprintf(buf, sizeof buf, "%.17g", lua_tonumber(L, -1));
                lua_pushstring(L, buf);
            } else if (t == LUA_TSTRING) {
                lua_pushvalue(L, -1);
            } else {
                luaL_error(L, "json.encode: table key must be a string or number, got %s",
                           luaL_typename(L, -1));
            }
            lua_rawseti(L, keys, 2 * k + 1);
            lua_pushvalue(L, -1);
            lua_rawseti(L, keys, 2 * k + 2);
            k++;
        }
        for (lua_Integer i = 0; i < count; i++) {
            lua_rawgeti(L, keys, 2 * i + 1);
            ke[i].s = lua_tolstring(L, -1, &ke[i].len); /* anchored by keys */
            ke[i].i = 2 * i + 2;
            lua_pop(L, 1);
        }
        qsort(ke, (size_t)count, sizeof *ke, key_cmp);
        enc_add(e, "{", 1);
        for (lua_Integer i = 0; i < count; i++) {
            if (i) enc_add(e, ",", 1);
            enc_string(e, ke[i].s, ke[i].len);
            enc_add(e, ":", 1);
            lua_rawgeti(L, keys, ke[i].i);
            lua_rawget(L, idx);
            enc_value(e, lua_gettop(L), depth + 1);
            lua_pop(L, 1);
        }
        enc_add(e, "}", 1);
        lua_pop(L, 2);
    }
    lua_pushvalue(L, idx);
    lua_pushnil(L);
    lua_rawset(L, e->visiting);
}

static void enc_value(enc *e, int idx, int depth)
{
    lua_State *L = e->L;
    switch (lua_type(L, idx)) {
    case LUA_TNIL:
        enc_add(e, "null", 4);
        break;
    case LUA_TBOOLEAN:
        if (lua_toboolean(L, idx))
            enc_add(e, "true", 4);
        else
            enc_add(e, "false", 5);
        break;
    case LUA_TNUMBER:
        enc_number(e, idx);
        break;
    case LUA_TSTRING: {
        size_t n;
        const char *s = lua_tolstring(L, idx, &n);
        enc_string(e, s, n);
        break;
    }
    case LUA_TTABLE:
        enc_table(e, idx, depth);
        break;
    default:
        luaL_error(L, "json.encode: cannot encode a %s", luaL_typename(L, idx));
    }
}

static int l_encode(lua_State *L)
{
    luaL_checkany(L, 1);
    lua_settop(L, 1);
    enc e = {L, NULL, 0, 256, 2, 3};
    e.p = lua_newuserdatauv(L, e.cap, 0); /* 2 */
    lua_newtable(L);                      /* 3: visiting */
    enc_value(&e, 1, 0);
    lua_pushlstring(L, e.p, e.len);
    return 1;
}

/* ---- decode ---------------------------------------------------------------- */

typedef struct dec {
    lua_State *L;
    const char *s, *p, *end;
    const char *err; /* set on failure; the message is pushed by fail() */
} dec;

static int fail(dec *d, const char *what)
{
    if (!d->err) {
        if (d->p < d->end)
            lua_pushfstring(d->L, "json.decode: %s at position %d", what, (int)(d->p - d->s + 1));
        else
            lua_pushfstring(d->L, "json.decode: %s at end of input", what);
        d->err = lua_tostring(d->L, -1);
    }
    return -1;
}

static void skip_ws(dec *d)
{
    while (d->p < d->end && (*d->p == ' ' || *d->p == '\t' || *d->p == '\n' || *d->p == '\r'))
        d->p++;
}

static int hex4(const char *p, unsigned *out)
{
    unsigned v = 0;
    for (int i = 0; i < 4; i++) {
        char c = p[i];
        v <<= 4;
        if (c >= '0' && c <= '9')
            v |= (unsigned)(c - '0');
        else if (c >= 'a' && c <= 'f')
            v |= (unsigned)(c - 'a' + 10);
        else if (c >= 'A' && c <= 'F')
            v |= (unsigned)(c - 'A' + 10);
        else
            return -1;
    }
    *out = v;
    return 0;
}

static void add_utf8(luaL_Buffer *b, unsigned cp)
{
    char u[4];
    int n;
    if (cp < 0x80)
        u[0] = (char)cp, n = 1;
    else if (cp < 0x800)
        u[0] = (char)(0xc0 | cp >> 6), u[1] = (char)(0x80 | (cp & 0x3f)), n = 2;
    else if (cp < 0x10000)
        u[0] = (char)(0xe0 | cp >> 12), u[1] = (char)(0x80 | ((cp >> 6) & 0x3f)),
        u[2] = (char)(0x80 | (cp & 0x3f)), n = 3;
    else
        u[0] = (char)(0xf0 | cp >> 18), u[1] = (char)(0x80 | ((cp >> 12) & 0x3f)),
        u[2] = (char)(0x80 | ((cp >> 6) & 0x3f)), u[3] = (char)(0x80 | (cp & 0x3f)), n = 4;
    luaL_addlstring(b, u, (size_t)n);
}

/* Push the string starting at d->p (the opening quote). */
static int dec_string(dec *d)
{
    luaL_Buffer b;
    d->p++;
    luaL_buffinit(d->L, &b);
    /* Bound: advances at least one byte per pass until the closing quote. */
    for (;;) {
        const char *run = d->p;
        while (d->p < d->end && *d->p != '"' && *d->p != '\\' && (unsigned char)*d->p >= 0x20)
            d->p++;
        luaL_addlstring(&b, run, (size_t)(d->p - run));
        if (d->p >= d->end) {
            luaL_pushresult(&b);
            lua_pop(d->L, 1);
            return fail(d, "unterminated string");
        }
        char c = *d->p;
        if (c == '"') {
            d->p++;
            luaL_pushresult(&b);
            return 0;
        }
        if (c != '\\') {
            luaL_pushresult(&b);
            lua_pop(d->L, 1);
            return fail(d, "control character in string");
        }
        if (d->end - d->p < 2) {
            luaL_pushresult(&b);
            lua_pop(d->L, 1);
            d->p = d->end;
            return fail(d, "unterminated string");
        }
        c = d->p[1];
        d->p += 2;
        switch (c) {
        case '"':
            luaL_addchar(&b, '"');
            break;
        case '\\':
            luaL_addchar(&b, '\\');
            break;
        case '/':
            luaL_addchar(&b, '/');
            break;
        case 'b':
            luaL_addchar(&b, '\b');
            break;
        case 'f':
            luaL_addchar(&b, '\f');
            break;
        case 'n':
            luaL_addchar(&b, '\n');
            break;
        case 'r':
            luaL_addchar(&b, '\r');
            break;
        case 't':
            luaL_addchar(&b, '\t');
            break;
        case 'u': {
            unsigned cp, lo;
            if (d->end - d->p < 4 || hex4(d->p, &cp) < 0) goto bad_escape;
            d->p += 4;
            if (cp >= 0xd800 && cp <= 0xdbff) {
                if (d->end - d->p < 6 || d->p[0] != '\\' || d->p[1] != 'u' ||
                    hex4(d->p + 2, &lo) < 0 || lo < 0xdc00 || lo > 0xdfff)
                    goto bad_escape;
                d->p += 6;
                cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
            } else if (cp >= 0xdc00 && cp <= 0xdfff) {
                goto bad_escape;
            }
            add_utf8(&b, cp);
            break;
        }
        default:
            goto bad_escape;
        }
    }
bad_escape:
    luaL_pushresult(&b);
    lua_pop(d->L, 1);
    d->p -= 2;
    return fail(d, "invalid escape in string");
}

static int dec_number(dec *d)
{
    const char *start = d->p, *p = d->p;
    if (p < d->end && *p == '-') p++;
    if (p < d->end && *p == '0')
        p++;
    else if (p < d->end && *p >= '1' && *p <= '9')
        while (p < d->end && *p >= '0' && *p <= '9')
            p++;
    else
        return fail(d, "invalid number");
    if (p < d->end && *p == '.') {
        p++;
        if (p >= d->end || *p < '0' || *p > '9') return fail(d, "invalid number");
        while (p < d->end && *p >= '0' && *p <= '9')
            p++;
    }
    if (p < d->end && (*p == 'e' || *p == 'E')) {
        p++;
        if (p < d->end && (*p == '+' || *p == '-')) p++;
        if (p >= d->end || *p < '0' || *p > '9') return fail(d, "invalid number");
        while (p < d->end && *p >= '0' && *p <= '9')
            p++;
    }
    lua_pushlstring(d->L, start, (size_t)(p - start)); /* NUL-terminated copy */
    /* lua_stringtonumber: integer if it fits int64 and has no '.'/exponent */
    if (!lua_stringtonumber(d->L, lua_tostring(d->L, -1))) {
        lua_pop(d->L, 1);
        return fail(d, "invalid number");
    }
    lua_remove(d->L, -2);
    d->p = p;
    return 0;
}

static int dec_value(dec *d, int depth);

static int literal(dec *d, const char *word, size_t n)
{
    if ((size_t)(d->end - d->p) < n || memcmp(d->p, word, n))
        return fail(d, "unexpected character");
    d->p += n;
    return 0;
}

/* Containers: push a table. Bound: each element consumes input. */
static int dec_container(dec *d, int depth, int object)
{
    lua_State *L = d->L;
    if (depth >= WEFT_LUA_JSON_MAX_DEPTH) return fail(d, "nesting too deep");
    luaL_checkstack(L, 4, "json.decode");
    lua_newtable(L);
    int t = lua_gettop(L);
    d->p++;
    skip_ws(d);
    char close = object ? '}' : ']';
    if (d->p < d->end && *d->p == close) {
        d->p++;
        return 0;
    }
    for (lua_Integer i = 1;; i++) {
        skip_ws(d);
        if (object) {
            if (d->p >= d->end || *d->p != '"') return fail(d, "expected a string key");
            if (dec_string(d) < 0) return -1;
            skip_ws(d);
            if (d->p >= d->end || *d->p != ':') return fail(d, "expected ':'");
            d->p++;
            skip_ws(d);
        }
        if (dec_value(d, depth + 1) < 0) return -1;
        if (object)
            lua_rawset(L, t);
        else
            lua_rawseti(L, t, i); /* null leaves a hole */
        skip_ws(d);
        if (d->p < d->end && *d->p == ',') {
            d->p++;
            continue;
        }
        if (d->p < d->end && *d->p == close) {
            d->p++;
            return 0;
        }
        return fail(d, object ? "expected ',' or '}'" : "expected ',' or ']'");
    }
}

static int dec_value(dec *d, int depth)
{
    skip_ws(d);
    if (d->p >= d->end) return fail(d, "unexpected end of input");
    switch (*d->p) {
    case '{':
        return dec_container(d, depth, 1);
    case '[':
        return dec_container(d, depth, 0);
    case '"':
        return dec_string(d);
    case 't':
        if (literal(d, "true", 4) < 0) return -1;
        lua_pushboolean(d->L, 1);
        return 0;
    case 'f':
        if (literal(d, "false", 5) < 0) return -1;
        lua_pushboolean(d->L, 0);
        return 0;
    case 'n':
        if (literal(d, "null", 4) < 0) return -1;
        lua_pushnil(d->L);
        return 0;
    default:
        if (*d->p == '-' || (*d->p >= '0' && *d->p <= '9')) return dec_number(d);
        return fail(d, "unexpected character");
    }
}

static int l_decode(lua_State *L)
{
    size_t n;
    const char *s = luaL_checklstring(L, 1, &n);
    lua_settop(L, 1);
    dec d = {L, s, s, s + n, NULL};
    if (dec_value(&d, 0) == 0) {
        skip_ws(&d);
        if (d.p == d.end) return 1;
        fail(&d, "trailing characters");
    }
    lua_pushnil(L);
    lua_pushstring(L, d.err);
    return 2;
}

void weft__lua_json_open(lua_State *L)
{
    static const luaL_Reg fns[] = {{"encode", l_encode}, {"decode", l_decode}, {NULL, NULL}};
    luaL_newlib(L, fns);
    lua_setglobal(L, "json");
}

/* ---- msgpack.pack / msgpack.unpack ----------------------------------------
 * FiveM's msgpack global (lua-cmsgpack) on weft's value rules
 * (docs/values.md): pack(...) returns each argument's msgpack value, one
 * after the other (pack(v) is the bytes of v alone, as FiveM writes them);
 * unpack(s) returns every value in s; pack_args(...) packs the arguments as
 * one array (an event payload). Functions cannot be packed here (no ref table
 * in a plain string): an error. Malformed input: an error naming the problem. */

static int l_mp_pack(lua_State *L)
{
    int n = lua_gettop(L);
    luaL_Buffer b;
    luaL_buffinit(L, &b); /* n + 1: balanced use below (push one value, add it) */
    for (int i = 1; i <= n; i++) {
        char *buf = NULL;
        size_t len = 0;
        if (weft__codec_pack_lua_value(L, NULL, i, &buf, &len) < 0) return weft__lua_pack_error(L);
        lua_pushlstring(L, buf, len);
        free(buf);
        luaL_addvalue(&b);
    }
    luaL_pushresult(&b);
    return 1;
}

static int l_mp_pack_args(lua_State *L)
{
    char *buf = NULL;
    size_t len = 0;
    int n = lua_gettop(L);
    if (weft__codec_pack_lua_args(L, NULL, 1, n, &buf, &len) < 0) return lua_error(L);
    lua_pushlstring(L, buf, len);
    free(buf);
    return 1;
}

static int l_mp_unpack(lua_State *L)
{
    size_t len;
    const char *s = luaL_checklstring(L, 1, &len);
    lua_settop(L, 1);
    weft__mp_reader r = {(const uint8_t *)s, (const uint8_t *)s + len};
    int n = 0;
    /* Bound: each value takes at least one byte of s. */
    while (r.p < r.end) {
        const uint8_t *start = r.p;
        if (weft__mp_skip(&r) < 0) return luaL_error(L, "msgpack.unpack: malformed msgpack data");
        luaL_checkstack(L, 2, "too many values");
        if (weft__codec_unpack_lua_value(L, NULL, (const char *)start, (size_t)(r.p - start)) < 0)
            return lua_error(L);
        n++;
    }
    return n;
}

void weft__lua_msgpack_open(lua_State *L)
{
    static const luaL_Reg fns[] = {{"pack", l_mp_pack},
                                   {"pack_args", l_mp_pack_args},
                                   {"unpack", l_mp_unpack},
                                   {NULL, NULL}};
    luaL_newlib(L, fns);
    lua_setglobal(L, "msgpack");
}
