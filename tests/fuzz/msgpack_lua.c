/* msgpack_lua.c: the Lua side of the msgpack value codec on a bare Lua 5.4
 * state, called in protected mode as the host calls it. Built twice:
 *   fuzz_msgpack_lua_decode  bytes -> Lua values -> bytes -> Lua values; the
 *       two sets of values must be deeply equal (NaN equal to NaN, integer vs
 *       float kept, function refs compared by id).
 *   fuzz_msgpack_lua_encode  (FZ_ENCODE) the input drives a Lua program that
 *       builds values (cycles, shared tables, holes, keys of every type,
 *       metatables that raise, finalizers that change tables, coroutines,
 *       userdata, CfxLua vectors, deep nesting) -> msgpack; a success must round-trip as above.
 * The first input byte picks: bit 0 args/value, bit 1 a collector that runs
 * all the time (finalizers fire inside the codec's allocations), bits 2-3
 * both set: a memory cap of (byte >> 4) KiB + 256 bytes above current use
 * while the codec runs (its out-of-memory paths). The stack must balance, and nothing may leak (LeakSanitizer). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>
#include <lualib.h>

#include "fuzz.h"
#include "weft.h"
#include "lua/lua_codec.h"

#define FZ_LUA_MEMORY (64 * 1024 * 1024)

static lua_State *L;
static weft__lua_codec_hooks hooks;
static size_t mem_used, mem_limit = FZ_LUA_MEMORY;
static unsigned refs_made;

static void *fz_alloc(void *ud, void *ptr, size_t osize, size_t nsize)
{
    if (!ptr) osize = 0;
    if (nsize == 0) {
        free(ptr);
        mem_used -= osize;
        return NULL;
    }
    if (nsize > osize && mem_used + (nsize - osize) > mem_limit) return NULL;
    void *p = realloc(ptr, nsize);
    if (p) mem_used = mem_used - osize + nsize;
    return p;
}

/* ---- fake ref hooks: a proxy is a C closure whose upvalue is its id ------ */

static int ref_closure(lua_State *l)
{
    return 0;
}

/* As the host's: functions go into a registry table (this allocates, so the
 * collector and finalizers may run inside the codec, as they may there). */
static int make_ref(void *opaque, lua_State *l, int index, char *id, size_t cap)
{
    if (lua_tocfunction(l, index) == ref_closure) {
        size_t len;
        lua_getupvalue(l, index, 1);
        const char *s = lua_tolstring(l, -1, &len);
        int rc = s && len < cap ? 0 : WEFT_EINVAL;
        if (!rc) memcpy(id, s, len + 1);
        lua_pop(l, 1);
        return rc;
    }
    if (!lua_checkstack(l, 3)) return WEFT_ENOMEM;
    lua_getfield(l, LUA_REGISTRYINDEX, "weft_fuzz_refs");
    lua_pushvalue(l, index);
    luaL_ref(l, -2); /* a memory error here unwinds to the codec's lua_pcall, as in the host */
    lua_pop(l, 1);
    snprintf(id, cap, "fuzz:1:%u", refs_made++);
    return 0;
}

static int push_ref_proxy(void *opaque, lua_State *l, const char *id, size_t len)
{
    if (len >= WEFT__CODEC_REF_ID_CAP || memchr(id, 0, len)) return WEFT_EINVAL;
    lua_pushlstring(l, id, len);
    lua_pushcclosure(l, ref_closure, 1);
    return 0;
}

/* ---- deep equality of two values received from msgpack ------------------ */

static int deep_equal(int a, int b, int depth);

/* Tables: same entry count; every entry whose key is not a table, function
 * or vector (those are found only by identity) equal in both. */
static int tables_equal(int a, int b, int depth)
{
    lua_Integer na = 0, nb = 0;
    luaL_checkstack(L, 6, "deep_equal");
    lua_pushnil(L);
    while (lua_next(L, b)) { /* bound: b's entry count */
        lua_pop(L, 1);
        nb++;
    }
    lua_pushnil(L);
    while (lua_next(L, a)) { /* bound: a's entry count */
        na++;
        int kt = lua_type(L, -2);
        if (kt != LUA_TTABLE && kt != LUA_TFUNCTION && kt != LUA_TUSERDATA) {
            lua_pushvalue(L, -2);
            lua_rawget(L, b);
            int eq = deep_equal(lua_gettop(L) - 1, lua_gettop(L), depth + 1);
            lua_pop(L, 1);
            if (!eq) {
                lua_pop(L, 2);
                return 0;
            }
        }
        lua_pop(L, 1);
    }
    return na == nb;
}

static int deep_equal(int a, int b, int depth)
{
    a = lua_absindex(L, a);
    b = lua_absindex(L, b);
    int t = lua_type(L, a);
    if (t != lua_type(L, b) || depth > WEFT_CODEC_MAX_DEPTH + 2) return 0;
    switch (t) {
    case LUA_TNUMBER: {
        if (lua_isinteger(L, a) != lua_isinteger(L, b)) return 0;
        if (lua_isinteger(L, a)) return lua_tointeger(L, a) == lua_tointeger(L, b);
        double x = lua_tonumber(L, a), y = lua_tonumber(L, b);
        return (isnan(x) && isnan(y)) || (x == y && !signbit(x) == !signbit(y));
    }
    case LUA_TFUNCTION: {
        const char *ia, *ib;
        lua_getupvalue(L, a, 1);
        lua_getupvalue(L, b, 1);
        ia = lua_tostring(L, -2);
        ib = lua_tostring(L, -1);
        int eq = lua_tocfunction(L, a) == ref_closure && lua_tocfunction(L, b) == ref_closure &&
                 ia && ib && !strcmp(ia, ib);
        lua_pop(L, 2);
        return eq;
    }
    case LUA_TTABLE:
        return tables_equal(a, b, depth);
    case LUA_TUSERDATA: { /* vectors: same kind, same components (NaN equal to NaN) */
        float va[4], vb[4];
        int ka = weft__lua_vector_get(L, a, va), kb = weft__lua_vector_get(L, b, vb);
        if (ka < 0 || ka != kb) return 0;
        for (int i = 0; i < 4; i++)
            if (!(va[i] == vb[i] && !signbit(va[i]) == !signbit(vb[i])) &&
                !(isnan(va[i]) && isnan(vb[i])))
                return 0;
        return 1;
    }
    default:
        return lua_rawequal(L, a, b);
    }
}

/* ---- the protected part ------------------------------------------------- */

typedef struct job {
    int args;
    int tight;       /* nonzero: cap memory just above current use in codec calls */
    const char *in;  /* bytes to unpack first, or NULL: pack the stack first */
    size_t in_len;
    char *b1, *b2;   /* freed by the caller, so a memory error leaks nothing here */
    size_t l1, l2;
} job;

static void tighten(job *j)
{
    if (j->tight) mem_limit = mem_used + 1024 * (size_t)(j->tight - 1) + 256;
}

static void relax(void)
{
    mem_limit = FZ_LUA_MEMORY;
}

static int unpack(job *j, const char *buf, size_t len)
{
    int top = lua_gettop(L);
    tighten(j);
    int n = j->args ? weft__codec_unpack_lua_args(L, &hooks, buf, len)
                    : weft__codec_unpack_lua_value(L, &hooks, buf, len);
    relax();
    FZ_CHECK(n < 0 ? lua_gettop(L) == top + 1 && lua_type(L, -1) == LUA_TSTRING
                   : lua_gettop(L) == top + n,
             "unpacking left the Lua stack unbalanced");
    return n;
}

static int pack(job *j, int first, int last, char **out, size_t *len)
{
    int top = lua_gettop(L);
    tighten(j);
    int rc = j->args ? weft__codec_pack_lua_args(L, &hooks, first, last, out, len)
                     : weft__codec_pack_lua_value(L, &hooks, first, out, len);
    relax();
    FZ_CHECK(lua_gettop(L) == top + (rc < 0), "packing left the Lua stack unbalanced");
    FZ_CHECK(rc == 0 || lua_type(L, -1) == LUA_TSTRING, "packing failed without a message");
    return rc;
}

/* Unpack j->in (or the b1 the builder's values packed to), pack that, unpack
 * again: both unpacked sets must be equal. */
static int round_trip(lua_State *l)
{
    job *j = lua_touserdata(l, 1);
    const char *in = j->in ? j->in : j->b1;
    size_t in_len = j->in ? j->in_len : j->l1;
    int base = lua_gettop(L);
    int n = unpack(j, in, in_len);
    if (n < 0) {
        /* what we packed ourselves must unpack, unless memory ran out */
        FZ_CHECK(j->in || j->tight, "bytes the Lua codec packed do not unpack");
        return 0;
    }
    if (pack(j, base + 1, base + n, &j->b2, &j->l2) < 0) {
        const char *m = lua_tostring(L, -1);
        if (!j->tight && !strstr(m, "out of memory")) fprintf(stderr, "packing failed: %s\n", m);
        FZ_CHECK(j->tight || strstr(m, "out of memory"), "a received value cannot be passed on");
        return 0;
    }
    int base2 = lua_gettop(L);
    j->tight = 0; /* the comparison needs the second copy */
    int n2 = unpack(j, j->b2, j->l2);
    FZ_CHECK(n2 == n, "packed values unpack to a different count");
    for (int k = 1; k <= n; k++)
        FZ_CHECK(deep_equal(base + k, base2 + k, 0), "msgpack -> Lua -> msgpack changed a value");
    return 0;
}

#ifdef FZ_ENCODE
static int fz_userdata(lua_State *l)
{
    lua_newuserdatauv(l, 8, 1);
    return 1;
}

static int fz_lightuserdata(lua_State *l)
{
    lua_pushlightuserdata(l, &refs_made);
    return 1;
}

/* The value builder: one op per input byte (operands follow) on a stack
 * (st[1..sp], nils kept). Ops touch only what they build. */
static const char builder_src[] =
    "local bytes, userdata, lightuserdata = ...\n"
    "local i, n, st, sp = 1, #bytes, {}, 0\n"
    "local function u8() if i <= n then i = i + 1; return bytes:byte(i - 1) end; return 0 end\n"
    "local function push(v) sp = sp + 1; st[sp] = v end\n"
    "local function pop() if sp == 0 then return nil end; local v = st[sp]; st[sp] = nil; sp = sp - 1; return v end\n"
    "local function top() return st[sp] end\n"
    "local function str() local l = u8() % 40; local s = bytes:sub(i, i + l - 1); i = i + l; return s end\n"
    "local function raw(k) local s = bytes:sub(i, i + k - 1); i = i + k; return s .. ('\\0'):rep(k - #s) end\n"
    "local keys = {'a', 'b', 'x', '', 1, 2, 3, 0, -1, 1.5, 2.0, math.maxinteger, math.mininteger,\n"
    "  2^53, 1e300, -0.0, true, false, 'length', ('k'):rep(100), '\\xff', 2^31, 2^32 - 1, 2^32}\n"
    "local function key() local b = u8(); if b < 128 then return keys[b % #keys + 1]\n"
    "  elseif b < 192 then return b - 128 else return str() end end\n"
    "local specials = {0/0, -(0/0), 1/0, -1/0, -0.0, 0.0, 2^63, -2^63, 2^64, math.maxinteger,\n"
    "  math.mininteger, 2^53, 2^53 + 1, 0.1, math.pi, math.ult and 1 or 0}\n"
    "local function tab() local t = top(); if type(t) == 'table' then return t end end\n"
    "local ops = {\n"
    "  function() push(nil) end,\n"
    "  function() push(u8() % 2 == 1) end,\n"
    "  function() push(u8() - 128) end,\n"
    "  function() push((string.unpack('<i8', raw(8)))) end,\n"
    "  function() push((string.unpack('<d', raw(8)))) end,\n"
    "  function() push(specials[u8() % #specials + 1]) end,\n"
    "  function() push(str()) end,\n"
    "  function() push(utf8.char(u8() | u8() << 8 | (u8() % 0x80) << 16)) end,\n"
    "  function() local s = str(); for _ = 1, u8() % 16 do s = s .. s end; push(s) end,\n"
    "  function() push({}) end,\n"
    "  function() local v = pop(); local t = tab(); if t then t[key()] = v end end,\n"
    "  function() local v = pop(); local t = tab(); if t then t[rawlen(t) + 1] = v end end,\n"
    "  function() local v, k = pop(), pop(); local t = tab(); if t and k ~= nil and k == k then t[k] = v end end,\n"
    "  function() local t = tab(); if t then t[key()] = t end end,\n"
    "  function() push(st[u8() % math.max(sp, 1) + 1]) end,\n"
    "  function() push(({function() end, print, coroutine.create(print), userdata(), lightuserdata(),\n"
    "    string.gmatch('', '')})[u8() % 6 + 1]) end,\n"
    "  function() local t = tab(); if t then setmetatable(t, {__index = function() error('index') end,\n"
    "    __pairs = function() error('pairs') end, __len = function() return -1 end,\n"
    "    __newindex = function() error('newindex') end, __metatable = false}) end end,\n"
    "  function() local t = tab(); if t then for k = 1, u8() do rawset(t, k, k) end end end,\n"
    "  function() local t = tab(); if t then rawset(t, u8() * 1000 + 1, 1) end end,\n"
    "  function() local t = tab(); if t then rawset(t, rawlen(t), nil) end end,\n"
    "  function() local t = {}; for _ = 1, u8() do t = {t} end; push(t) end,\n"
    "  function() local all = {}; for k = 1, sp do all[k] = st[k] end; st, sp = {all}, 1 end,\n"
    "  function() local t, k = {}, u8() + 1; for j = 1, k do t[j] = j end; t[2 * k + u8() % 3 - 1] = 0; push(t) end,\n"
    "  function() local t = tab(); if t then local k = key()\n"
    "    setmetatable({}, {__gc = function() rawset(t, k, {}); rawset(t, #bytes + i, 'gc') end}) end end,\n"
    "  function() local t = tab(); if t then local g = {}\n"
    "    setmetatable(g, {__gc = function() for k in next, t do rawset(t, k, nil) end end}) end end,\n"
    "  function() collectgarbage('step') end,\n"
    "  function() local v = pop(); push({v, v, [key()] = v}) end,\n"
    "  function() local f = ({vector2, vector3, vector4, quat})[u8() % 4 + 1]\n"
    "    push(f((string.unpack('<fff', raw(12))), 0.5, -0.0, 0/0)) end,\n"
    "}\n"
    "for _ = 1, 4096 do if i > n then break end; pcall(ops[u8() % #ops + 1]) end\n"
    "return table.unpack(st, 1, sp)\n";

/* Build the values, then pack them (into j->b1). */
static int build_and_pack(lua_State *l)
{
    job *j = lua_touserdata(l, 1);
    int base = lua_gettop(L);
    FZ_CHECK(luaL_loadbufferx(L, builder_src, sizeof builder_src - 1, "=builder", "t") == LUA_OK,
             "the value builder does not compile");
    lua_pushlstring(L, j->in, j->in_len);
    lua_pushcfunction(L, fz_userdata);
    lua_pushcfunction(L, fz_lightuserdata);
    lua_call(L, 3, LUA_MULTRET);
    int n = lua_gettop(L) - base;
    if (!j->args) lua_settop(L, base + 1); /* value mode: the first one (or nil) */
    j->in = NULL;
    if (pack(j, base + 1, j->args ? base + n : base + 1, &j->b1, &j->l1) < 0) return 0;
    lua_settop(L, base);
    return round_trip(l);
}
#endif

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    L = lua_newstate(fz_alloc, NULL);
    FZ_CHECK(L, "lua_newstate");
    luaL_openlibs(L);
    weft__lua_vector_open(L); /* vectors unpack as CfxLua vector values, as in a resource */
    lua_newtable(L);
    lua_setfield(L, LUA_REGISTRYINDEX, "weft_fuzz_refs");
    hooks = (weft__lua_codec_hooks){make_ref, push_ref_proxy, NULL};
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1) return 0;
    job j = {.args = data[0] & 1,
             .tight = (data[0] & 0xc) == 0xc ? (data[0] >> 4) + 1 : 0,
             .in = (const char *)data + 1,
             .in_len = size - 1};
    if (data[0] & 2) lua_gc(L, LUA_GCINC, 0, 400, 0); /* a collector that never pauses */
#ifdef FZ_ENCODE
    lua_pushcfunction(L, build_and_pack);
#else
    lua_pushcfunction(L, round_trip);
#endif
    lua_pushlightuserdata(L, &j);
    int status = lua_pcall(L, 1, 0, 0);
    relax();
    if (status != LUA_OK && status != LUA_ERRMEM)
        fprintf(stderr, "Lua error: %s\n", lua_tostring(L, -1));
    FZ_CHECK(status == LUA_OK || status == LUA_ERRMEM,
             "the codec raised a Lua error other than out of memory");
    lua_settop(L, 0);
    free(j.b1);
    free(j.b2);
    lua_newtable(L); /* drop the refs this input made */
    lua_setfield(L, LUA_REGISTRYINDEX, "weft_fuzz_refs");
    lua_gc(L, LUA_GCINC, 200, 100, 0); /* Lua's defaults */
    lua_gc(L, LUA_GCCOLLECT);
    return 0;
}
