/* test_codec.c: the msgpack value boundary (src/js/codec.c, src/lua/lua_codec.c, src/host/msgpack.c)
 * on a bare QuickJS runtime and a bare lua_State: every rule of docs/values.md
 * with its exact bytes, every error with its message and path, round trips
 * JS->JS, msgpack->Lua->msgpack and JS->Lua->JS, and malformed input (every
 * truncation, a fixed-seed fuzz). Each test frees its runtime (QuickJS asserts
 * on leaked objects) and closes its lua_State. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <lauxlib.h>
#include <lualib.h>
#include "js/codec.h"
#include "lua/lua_codec.h"

typedef struct {
    JSRuntime *rt;
    JSContext *ctx;
    lua_State *L;
    weft__codec_hooks jh;
    weft__lua_codec_hooks lh;
    int refs_made;     /* make_ref calls (both runtimes) */
    char last_ref[64]; /* the id ref_proxy / push_ref_proxy last saw */
    int fail_make_ref; /* make the next make_ref fail */
} fixture;

/* ---- fake hooks --------------------------------------------------------- */

static int js_make_ref(void *opaque, JSContext *ctx, JSValueConst fn, char *id, size_t cap)
{
    fixture *f = opaque;
    if (f->fail_make_ref) return WEFT_ESTATE;
    snprintf(id, cap, "res:1:%d", f->refs_made++);
    return 0;
}

static JSValue ref_call(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv,
                        int magic, JSValue *data)
{
    return JS_DupValue(ctx, data[0]); /* the id it stands for */
}

static JSValue js_ref_proxy(void *opaque, JSContext *ctx, const char *id, size_t len)
{
    fixture *f = opaque;
    snprintf(f->last_ref, sizeof f->last_ref, "%.*s", (int)len, id);
    JSValue s = JS_NewStringLen(ctx, id, len);
    if (JS_IsException(s)) return s;
    JSValue fn = JS_NewCFunctionData(ctx, ref_call, 0, 0, 1, &s);
    JS_FreeValue(ctx, s);
    return fn;
}

static int lua_make_ref(void *opaque, lua_State *L, int index, char *id, size_t cap)
{
    fixture *f = opaque;
    if (f->fail_make_ref) return WEFT_ESTATE;
    assert_int_equal(lua_type(L, index), LUA_TFUNCTION);
    lua_pushnil(L); /* unbalanced on purpose: the codec must restore the stack */
    snprintf(id, cap, "res:1:%d", f->refs_made++);
    return 0;
}

static int ref_closure(lua_State *L)
{
    lua_pushvalue(L, lua_upvalueindex(1));
    return 1;
}

static int lua_push_ref_proxy(void *opaque, lua_State *L, const char *id, size_t len)
{
    fixture *f = opaque;
    snprintf(f->last_ref, sizeof f->last_ref, "%.*s", (int)len, id);
    lua_pushlstring(L, id, len);
    lua_pushcclosure(L, ref_closure, 1);
    return 0;
}

static const char deq_src[] =
    "globalThis.deq = function deq(a, b) {"
    "  if (typeof a !== typeof b) return false;"
    "  if (typeof a === 'number') return Object.is(a, b);"
    "  if (typeof a !== 'object' || a === null || b === null) return a === b;"
    "  if (a instanceof Uint8Array || b instanceof Uint8Array) {"
    "    if (!(a instanceof Uint8Array && b instanceof Uint8Array) || a.length !== b.length) "
    "return false;"
    "    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;"
    "    return true;"
    "  }"
    "  if (Array.isArray(a) !== Array.isArray(b)) return false;"
    "  const ka = Object.keys(a), kb = Object.keys(b);"
    "  if (ka.length !== kb.length) return false;"
    "  for (const k of ka) if (!Object.prototype.hasOwnProperty.call(b, k) || !deq(a[k], b[k])) "
    "return false;"
    "  return true;"
    "};";

static int setup(void **state)
{
    fixture *f = calloc(1, sizeof *f);
    if (!f) return -1;
    f->rt = JS_NewRuntime();
    f->ctx = JS_NewContext(f->rt);
    f->L = luaL_newstate();
    luaL_openlibs(f->L);
    weft__lua_vector_open(f->L); /* vectors unpack as CfxLua vector values */
    f->jh = (weft__codec_hooks){js_make_ref, js_ref_proxy, f};
    f->lh = (weft__lua_codec_hooks){lua_make_ref, lua_push_ref_proxy, f};
    JSValue r = JS_Eval(f->ctx, deq_src, strlen(deq_src), "<deq>", JS_EVAL_TYPE_GLOBAL);
    if (JS_IsException(r)) return -1;
    JS_FreeValue(f->ctx, r);
    *state = f;
    return 0;
}

static int teardown(void **state)
{
    fixture *f = *state;
    JS_FreeContext(f->ctx);
    JS_FreeRuntime(f->rt); /* asserts that nothing leaked */
    lua_close(f->L);
    free(f);
    return 0;
}

/* ---- helpers ------------------------------------------------------------ */

static JSValue js_eval(fixture *f, const char *src)
{
    JSValue v = JS_Eval(f->ctx, src, strlen(src), "<test>", JS_EVAL_TYPE_GLOBAL);
    if (JS_IsException(v)) {
        JSValue e = JS_GetException(f->ctx);
        const char *m = JS_ToCString(f->ctx, e);
        fail_msg("eval failed: %s: %s", src, m ? m : "?");
    }
    return v;
}

static int js_true(fixture *f, const char *src)
{
    JSValue v = js_eval(f, src);
    int b = JS_ToBool(f->ctx, v);
    JS_FreeValue(f->ctx, v);
    return b;
}

static void js_set(fixture *f, const char *name, JSValue v)
{
    JSValue g = JS_GetGlobalObject(f->ctx);
    JS_SetPropertyStr(f->ctx, g, name, v);
    JS_FreeValue(f->ctx, g);
}

static char *hex(const char *buf, size_t len)
{
    char *s = malloc(len * 2 + 1);
    for (size_t i = 0; i < len; i++)
        sprintf(s + 2 * i, "%02x", (unsigned char)buf[i]);
    s[len * 2] = 0;
    return s;
}

static size_t unhex(const char *h, char *out)
{
    size_t n = strlen(h) / 2;
    for (size_t i = 0; i < n; i++) {
        unsigned v;
        sscanf(h + 2 * i, "%2x", &v);
        out[i] = (char)v;
    }
    return n;
}

/* Pack the JS expression src (as one value) and return its bytes as hex. */
static char *pack_js_hex(fixture *f, const char *src)
{
    char *buf;
    size_t len;
    JSValue v = js_eval(f, src);
    int rc = weft__codec_pack_js_value(f->ctx, &f->jh, v, &buf, &len);
    JS_FreeValue(f->ctx, v);
    if (rc < 0) fail_msg("packing %s failed", src);
    char *h = hex(buf, len);
    free(buf);
    return h;
}

#define assert_js_packs(f, src, hexstr)                                                            \
    do {                                                                                           \
        char *h_ = pack_js_hex(f, src);                                                            \
        assert_string_equal(h_, hexstr);                                                           \
        free(h_);                                                                                  \
    } while (0)

/* Pack src with pack_js_args(src...), expect a TypeError whose message
 * contains want; returns nothing. */
static void expect_js_pack_error(fixture *f, const weft__codec_hooks *hooks, const char *src,
                                 const char *want)
{
    char *buf = (char *)0x1;
    size_t len = 0;
    JSValue v = js_eval(f, src);
    int rc = weft__codec_pack_js_args(f->ctx, hooks, 1, (JSValueConst *)&v, &buf, &len);
    JS_FreeValue(f->ctx, v);
    assert_int_equal(rc, -1);
    assert_ptr_equal(buf, (char *)0x1); /* untouched */
    JSValue e = JS_GetException(f->ctx);
    js_set(f, "err", e);
    if (!js_true(f, "err instanceof TypeError")) fail_msg("not a TypeError for %s", src);
    JSValue m = js_eval(f, "err.message");
    const char *ms = JS_ToCString(f->ctx, m);
    if (!strstr(ms, want)) fail_msg("for %s: message '%s' lacks '%s'", src, ms, want);
    JS_FreeCString(f->ctx, ms);
    JS_FreeValue(f->ctx, m);
}

/* Unpack hex as one JS value into global `got`; returns 0, or -1 with the
 * error message in msg (TypeError checked). */
static int unpack_js_hex(fixture *f, const weft__codec_hooks *hooks, const char *h, char *msg,
                         size_t cap)
{
    char *buf = malloc(strlen(h) / 2 + 1);
    size_t n = unhex(h, buf);
    JSValue v = weft__codec_unpack_js_value(f->ctx, hooks, buf, n);
    free(buf);
    if (JS_IsException(v)) {
        JSValue e = JS_GetException(f->ctx);
        js_set(f, "err", e);
        JSValue m = js_eval(f, "String(err && err.message)");
        const char *ms = JS_ToCString(f->ctx, m);
        snprintf(msg, cap, "%s", ms);
        JS_FreeCString(f->ctx, ms);
        JS_FreeValue(f->ctx, m);
        if (!js_true(f, "err instanceof TypeError")) fail_msg("not a TypeError: %s", msg);
        return -1;
    }
    js_set(f, "got", v);
    return 0;
}

/* Run a Lua chunk; its results stay on the stack. Returns their count. */
static int lua_run(fixture *f, const char *src)
{
    int top = lua_gettop(f->L);
    if (luaL_loadstring(f->L, src) != LUA_OK || lua_pcall(f->L, 0, LUA_MULTRET, 0) != LUA_OK)
        fail_msg("lua failed: %s: %s", src, lua_tostring(f->L, -1));
    return lua_gettop(f->L) - top;
}

static int lua_true(fixture *f, const char *src)
{
    lua_run(f, src);
    int b = lua_toboolean(f->L, -1);
    lua_pop(f->L, 1);
    return b;
}

/* Pack the single result of Lua chunk src and return the bytes as hex. */
static char *pack_lua_hex(fixture *f, const char *src)
{
    char *buf;
    size_t len;
    int top = lua_gettop(f->L);
    assert_int_equal(lua_run(f, src), 1);
    if (weft__codec_pack_lua_value(f->L, &f->lh, -1, &buf, &len) < 0)
        fail_msg("packing %s failed: %s", src, lua_tostring(f->L, -1));
    lua_settop(f->L, top);
    char *h = hex(buf, len);
    free(buf);
    return h;
}

#define assert_lua_packs(f, src, hexstr)                                                           \
    do {                                                                                           \
        char *h_ = pack_lua_hex(f, src);                                                           \
        assert_string_equal(h_, hexstr);                                                           \
        free(h_);                                                                                  \
    } while (0)

static void expect_lua_pack_error(fixture *f, const weft__lua_codec_hooks *hooks, const char *src,
                                  const char *want)
{
    lua_State *L = f->L;
    int top = lua_gettop(L);
    int n = lua_run(f, src);
    char *buf = (char *)0x1;
    size_t len;
    int rc = weft__codec_pack_lua_args(L, hooks, top + 1, top + n, &buf, &len);
    assert_int_equal(rc, -1);
    assert_ptr_equal(buf, (char *)0x1);
    assert_int_equal(lua_gettop(L), top + n + 1); /* the values, then the message */
    const char *m = lua_tostring(L, -1);
    if (!m || !strstr(m, want)) fail_msg("for %s: message '%s' lacks '%s'", src, m, want);
    lua_settop(L, top);
}

/* Unpack hex as one Lua value into global `got`; 0, or -1 with msg. */
static int unpack_lua_hex(fixture *f, const weft__lua_codec_hooks *hooks, const char *h, char *msg,
                          size_t cap)
{
    lua_State *L = f->L;
    int top = lua_gettop(L);
    char *buf = malloc(strlen(h) / 2 + 1);
    size_t n = unhex(h, buf);
    int rc = weft__codec_unpack_lua_value(L, hooks, buf, n);
    free(buf);
    assert_int_equal(lua_gettop(L), top + 1);
    if (rc < 0) {
        snprintf(msg, cap, "%s", lua_tostring(L, -1));
        lua_settop(L, top);
        return -1;
    }
    assert_int_equal(rc, 1);
    lua_setglobal(L, "got");
    return 0;
}

/* ---- JS rules ----------------------------------------------------------- */

static void test_js_numbers(void **state)
{
    fixture *f = *state;
    assert_js_packs(f, "0", "00");
    assert_js_packs(f, "1", "01");
    assert_js_packs(f, "-1", "ff");
    assert_js_packs(f, "1.0", "01");             /* integral: an int */
    assert_js_packs(f, "2 ** 31", "ce80000000"); /* from a float64 JS value */
    assert_js_packs(f, "0.5", "cb3fe0000000000000");
    assert_js_packs(f, "-0", "cb8000000000000000"); /* -0 is a float */
    assert_js_packs(f, "2 ** 53", "cf0020000000000000");
    assert_js_packs(f, "2 ** 53 + 2", "cf0020000000000002");
    assert_js_packs(f, "-(2 ** 63)", "d38000000000000000"); /* int64 min: an int */
    assert_js_packs(f, "2 ** 63", "cb43e0000000000000");    /* outside int64: a float */
    assert_js_packs(f, "NaN", "cb7ff8000000000000");
    assert_js_packs(f, "Infinity", "cb7ff0000000000000");
    assert_js_packs(f, "-Infinity", "cbfff0000000000000");
    assert_js_packs(f, "1e300", "cb7e37e43c8800759c");
    assert_js_packs(f, "true", "c3");
    assert_js_packs(f, "false", "c2");
    assert_js_packs(f, "null", "c0");
    assert_js_packs(f, "undefined", "c0");
    char msg[256];
    /* unpack: an integer a double holds exactly is a number, else a BigInt */
    assert_int_equal(unpack_js_hex(f, NULL, "cf0020000000000000", msg, sizeof msg), 0);
    assert_true(js_true(f, "got === 2 ** 53"));
    assert_int_equal(unpack_js_hex(f, NULL, "cf0020000000000001", msg, sizeof msg), 0);
    assert_true(js_true(f, "got === 2n ** 53n + 1n"));
    assert_int_equal(unpack_js_hex(f, NULL, "cf7fffffffffffffff", msg, sizeof msg), 0);
    assert_true(js_true(f, "got === 2n ** 63n - 1n"));
    assert_int_equal(unpack_js_hex(f, NULL, "cfffffffffffffffff", msg, sizeof msg), 0);
    assert_true(js_true(f, "got === 2n ** 64n - 1n"));
    assert_int_equal(unpack_js_hex(f, NULL, "cf8000000000000000", msg, sizeof msg), 0);
    assert_true(js_true(f, "got === 2 ** 63"));
    assert_int_equal(unpack_js_hex(f, NULL, "d38000000000000000", msg, sizeof msg), 0);
    assert_true(js_true(f, "got === -(2 ** 63)"));
    assert_int_equal(unpack_js_hex(f, NULL, "d38000000000000001", msg, sizeof msg), 0);
    assert_true(js_true(f, "got === -(2n ** 63n) + 1n"));
    assert_int_equal(unpack_js_hex(f, NULL, "ca3fc00000", msg, sizeof msg), 0); /* float32 */
    assert_true(js_true(f, "got === 1.5"));
    assert_int_equal(unpack_js_hex(f, NULL, "cb8000000000000000", msg, sizeof msg), 0);
    assert_true(js_true(f, "Object.is(got, -0)"));
    assert_int_equal(unpack_js_hex(f, NULL, "cb7ff8000000000000", msg, sizeof msg), 0);
    assert_true(js_true(f, "Number.isNaN(got)"));
}

static void test_js_bigint(void **state)
{
    fixture *f = *state;
    assert_js_packs(f, "0n", "00");
    assert_js_packs(f, "-1n", "ff");
    assert_js_packs(f, "2n ** 63n - 1n", "cf7fffffffffffffff");
    assert_js_packs(f, "-(2n ** 63n)", "d38000000000000000");
    assert_js_packs(f, "2n ** 64n - 1n", "cfffffffffffffffff"); /* uint64 max */
    expect_js_pack_error(f, NULL, "2n ** 64n", "BigInt outside the int64/uint64 range");
    expect_js_pack_error(f, NULL, "-(2n ** 63n) - 1n", "at args[0]");
    expect_js_pack_error(f, NULL, "({a: [1, 10n ** 30n]})", "at args[0].a[1]");
}

static void test_js_strings(void **state)
{
    fixture *f = *state;
    char msg[256];
    assert_js_packs(f, "''", "a0");
    assert_js_packs(f, "'a\\0b'", "a3610062");
    assert_js_packs(f, "'\\u00e9'", "a2c3a9");
    assert_js_packs(f, "'\\u{1F600}'", "a4f09f9880");
    assert_js_packs(f, "'\\ud800'", "a3eda080"); /* a lone surrogate: WTF-8 */
    assert_int_equal(unpack_js_hex(f, NULL, "a3610062", msg, sizeof msg), 0);
    assert_true(js_true(f, "got === 'a\\0b' && got.length === 3"));
    assert_int_equal(unpack_js_hex(f, NULL, "c403610062", msg, sizeof msg), 0); /* bin */
    assert_true(js_true(f, "got instanceof Uint8Array && got.length === 3 && got[1] === 0"));
    /* invalid UTF-8 in a str decodes with U+FFFD */
    assert_int_equal(unpack_js_hex(f, NULL, "a2ff41", msg, sizeof msg), 0);
    assert_true(js_true(f, "got === '\\ufffdA'"));
    /* a symbol is refused */
    expect_js_pack_error(f, NULL, "({s: Symbol('x')})", "cannot pass a symbol at args[0].s");
}

static void test_js_binary(void **state)
{
    fixture *f = *state;
    assert_js_packs(f, "new Uint8Array([1, 2, 3]).buffer", "c403010203");
    assert_js_packs(f, "new Uint8Array([1, 2, 3, 4]).subarray(1, 3)", "c4020203");
    assert_js_packs(f, "new Uint16Array([0x0102])", "c4020201"); /* host (little) endian */
    assert_js_packs(f, "new Float32Array([1])", "c4040000803f");
    assert_js_packs(f, "new Float64Array([1])", "c408000000000000f03f");
    assert_js_packs(f, "new DataView(new Uint8Array([9, 8, 7, 6]).buffer, 1, 2)",
                    "c40208"
                    "07");
    assert_js_packs(f, "new Uint8ClampedArray(0)", "c400");
    assert_js_packs(f, "new BigInt64Array([-1n])", "c408ffffffffffffffff");
    assert_js_packs(f, "new SharedArrayBuffer(2)", "c4020000");
    /* a detached buffer (and a view of one) is refused, not read */
    JSValue ab =
        js_eval(f, "globalThis.ab = new ArrayBuffer(4); globalThis.view = new Uint8Array(ab); ab");
    JS_DetachArrayBuffer(f->ctx, ab);
    JS_FreeValue(f->ctx, ab);
    expect_js_pack_error(f, NULL, "[ab]", "cannot read an ArrayBuffer at args[0][0]");
    expect_js_pack_error(f, NULL, "({v: view})", "cannot read a typed array at args[0].v");
}

static void test_js_binary_unpack(void **state)
{
    fixture *f = *state;
    char msg[256];
    /* bin unpacks to a Uint8Array over its own ArrayBuffer */
    assert_int_equal(unpack_js_hex(f, NULL, "c403010203", msg, sizeof msg), 0);
    assert_true(js_true(f, "got instanceof Uint8Array && got.byteOffset === 0 &&"
                           "got.buffer.byteLength === 3 && got.join() === '1,2,3'"));
    assert_int_equal(unpack_js_hex(f, NULL, "c400", msg, sizeof msg), 0);
    assert_true(js_true(f, "got instanceof Uint8Array && got.length === 0"));
}

static void test_js_arrays_and_holes(void **state)
{
    fixture *f = *state;
    char msg[256];
    assert_js_packs(f, "[]", "90");
    assert_js_packs(f, "[1, 'a', [true]]", "9301a16191c3");
    assert_js_packs(f, "[1, , 3]", "9301c003"); /* a hole is nil */
    assert_js_packs(f, "[undefined, null]", "92c0c0");
    assert_js_packs(f, "(() => { const a = [1]; a.length = 3; return a; })()", "9301c0c0");
    assert_js_packs(f, "(() => { const a = [1, 2]; a.extra = 5; return a; })()", "920102");
    /* a shared (not cyclic) object is fine, packed twice */
    assert_js_packs(f, "(() => { const o = {}; return [o, o, [o]]; })()", "9380809180");
    /* holes are not taken from the prototype */
    assert_js_packs(f,
                    "(() => { Array.prototype[1] = 7; const a = [1, , 3];"
                    " const r = a; return r; })()",
                    "9301c003");
    js_true(f, "delete Array.prototype[1]");
    assert_int_equal(unpack_js_hex(f, NULL, "93c0c0c0", msg, sizeof msg), 0);
    assert_true(
        js_true(f, "Array.isArray(got) && got.length === 3 && 1 in got && got[1] === null"));
    /* a mostly-empty huge array is refused instead of packing a million nils */
    expect_js_pack_error(f, NULL, "(() => { const a = []; a[1e6] = 1; return a; })()",
                         "cannot pass a sparse array (length 1000001, 2 elements) at args[0]");
    /* a big dense array is fine */
    JSValue v = js_eval(f, "Array.from({length: 100000}, (_, i) => i)");
    char *buf;
    size_t len;
    assert_int_equal(weft__codec_pack_js_value(f->ctx, NULL, v, &buf, &len), 0);
    JS_FreeValue(f->ctx, v);
    JSValue back = weft__codec_unpack_js_value(f->ctx, NULL, buf, len);
    free(buf);
    js_set(f, "got", back);
    assert_true(js_true(f, "got.length === 100000 && got[99999] === 99999"));
}

static void test_js_objects(void **state)
{
    fixture *f = *state;
    char msg[256];
    assert_js_packs(f, "({})", "80");
    assert_js_packs(f, "({a: 1, b: {c: [null]}})", "82a16101a16281a16391c0");
    /* own enumerable string keys only */
    assert_js_packs(f,
                    "(() => { const o = Object.create({inherited: 1}); o.own = 2;"
                    " o[Symbol('s')] = 3; Object.defineProperty(o, 'hidden', {value: 4});"
                    " return o; })()",
                    "81a36f776e02");
    assert_js_packs(f, "({'a\\0b': 1})", "81a361006201");
    assert_js_packs(f, "({2: 'x'})", "81a132a178");              /* keys are strings */
    assert_js_packs(f, "({get g() { return 7; }})", "81a16707"); /* getters are read */
    assert_js_packs(f, "new Error('e')", "80");                  /* no own enumerable keys */
    assert_js_packs(f, "new (class P { constructor() { this.x = 1; } })()", "81a17801");
    /* unpack: maps become plain objects with own properties; keys stringified */
    assert_int_equal(unpack_js_hex(f, NULL,
                                   "83a16101"
                                   "02a162"
                                   "c3a3796573",
                                   msg, sizeof msg),
                     0);
    assert_true(js_true(f, "deq(got, {a: 1, 2: 'b', true: 'yes'})"));
    /* "__proto__" is an own property, not a prototype change */
    assert_int_equal(unpack_js_hex(f, NULL, "81a95f5f70726f746f5f5f81a17801", msg, sizeof msg), 0);
    assert_true(js_true(f, "Object.getPrototypeOf(got) === Object.prototype &&"
                           "Object.keys(got).join() === '__proto__' && got.x === undefined"));
    /* a container as a map key is refused */
    assert_int_equal(unpack_js_hex(f, NULL, "819001", msg, sizeof msg), -1);
    assert_string_equal(msg, "a msgpack map key must be a string, number, boolean or nil");
    /* duplicate keys: the last wins */
    assert_int_equal(unpack_js_hex(f, NULL, "82a16101a16102", msg, sizeof msg), 0);
    assert_true(js_true(f, "got.a === 2 && Object.keys(got).length === 1"));
}

static void test_js_map_set_date(void **state)
{
    fixture *f = *state;
    char msg[256];
    assert_js_packs(f, "new Map([[1, 'a'], ['k', {x: 1}]])", "8201a161a16b81a17801");
    assert_js_packs(f, "new Map()", "80");
    assert_js_packs(f, "new Set([1, 'a', 1])", "9201a161");
    assert_js_packs(f, "new Date(1)", "cb3ff0000000000000"); /* float64 ms, always */
    assert_js_packs(f, "new Date(0)", "cb0000000000000000");
    assert_js_packs(f, "new Date(NaN)", "cb7ff8000000000000");
    /* the entries are collected first: a value that mutates the Map is fine */
    assert_js_packs(f,
                    "(() => { const m = new Map([['a', 1]]);"
                    " m.set('b', {get z() { m.clear(); return 0; }}); return m; })()",
                    "82a16101a16281a17a00");
    /* Map -> msgpack map -> a plain object */
    JSValue v = js_eval(f, "new Map([[1, 'a'], ['k', new Set([2])]])");
    char *buf;
    size_t len;
    assert_int_equal(weft__codec_pack_js_value(f->ctx, NULL, v, &buf, &len), 0);
    JS_FreeValue(f->ctx, v);
    js_set(f, "got", weft__codec_unpack_js_value(f->ctx, NULL, buf, len));
    free(buf);
    assert_true(js_true(f, "deq(got, {1: 'a', k: [2]})"));
    expect_js_pack_error(f, NULL, "new Map([['k', new Map([[{}, () => 1]])]])",
                         "cannot pass a function here at args[0]{value #0}{value #0}");
    (void)msg;
}

static void test_js_functions(void **state)
{
    fixture *f = *state;
    char msg[256];
    weft__codec_hooks nomake = {NULL, js_ref_proxy, f};
    expect_js_pack_error(f, NULL, "({cb() {}})", "cannot pass a function here at args[0].cb");
    expect_js_pack_error(f, &nomake, "() => 1", "cannot pass a function here at args[0]");
    /* with hooks: ext 10 carrying the id */
    assert_js_packs(f, "[() => 1, function named() {}]",
                    "92c7070a7265733a313a30c7070a7265733a313a31");
    assert_int_equal(f->refs_made, 2);
    /* class constructors and bound functions are functions too */
    assert_js_packs(f, "(class K {})", "c7070a7265733a313a32");
    /* a callable Proxy is a function (a ref) */
    assert_js_packs(f, "new Proxy(() => 1, {})", "c7070a7265733a313a33");
    /* other Proxies pack as the data their traps expose (FiveM PR #3852) */
    assert_js_packs(f, "new Proxy({a: 1}, {})", "81a16101");
    assert_js_packs(f, "new Proxy([1, 2], {get: (t, k) => k === 'length' ? 2 : t[k] * 10})", "920a14");
    assert_js_packs(f, "new Proxy({}, {ownKeys: () => ['k'], getOwnPropertyDescriptor: () => "
                       "({value: 0, enumerable: true, configurable: true}), get: () => 'v'})",
                    "81a16ba176");
    f->fail_make_ref = 1;
    expect_js_pack_error(
        f, &f->jh, "[0, () => 1]",
        "cannot pass a function here (operation not valid in the current state) at args[0][1]");
    f->fail_make_ref = 0;
    /* incoming refs: ext 10 and 11 become callable proxies */
    assert_int_equal(unpack_js_hex(f, &f->jh, "c7070a7265733a393a39", msg, sizeof msg), 0);
    assert_string_equal(f->last_ref, "res:9:9");
    assert_true(js_true(f, "typeof got === 'function' && got() === 'res:9:9'"));
    assert_int_equal(unpack_js_hex(f, &f->jh, "91c7050b613a623a", msg, sizeof msg), -1);
    assert_string_equal(msg, "malformed msgpack value"); /* ext8 of 5 with 4: truncated */
    assert_int_equal(unpack_js_hex(f, &f->jh, "91c7050b613a623a63", msg, sizeof msg), 0);
    assert_string_equal(f->last_ref, "a:b:c");
    assert_true(js_true(f, "got[0]() === 'a:b:c'"));
    assert_int_equal(unpack_js_hex(f, NULL, "c7070a7265733a393a39", msg, sizeof msg), -1);
    assert_string_equal(msg, "cannot receive a function reference here");
    assert_int_equal(unpack_js_hex(f, &nomake, "c7000b", msg, sizeof msg), 0); /* empty id */
    assert_string_equal(f->last_ref, "");
    weft__codec_hooks noproxy = {js_make_ref, NULL, f};
    assert_int_equal(unpack_js_hex(f, &noproxy, "c7000b", msg, sizeof msg), -1);
    assert_string_equal(msg, "cannot receive a function reference here");
}

static void test_js_vectors_and_ext(void **state)
{
    fixture *f = *state;
    char msg[256];
    /* ext 20..23 arrive as FiveM's JS runtime gives them (msgpack-lite's
     * ExtBuffer: {buffer: Uint8Array of the payload, type}) and pack back */
    assert_int_equal(unpack_js_hex(f, NULL,
                                   "d714"
                                   "0000803f"
                                   "000000c0",
                                   msg, sizeof msg),
                     0);
    assert_true(js_true(f, "got.type === 20 && got.buffer instanceof Uint8Array && "
                           "got.buffer.length === 8 && got.buffer[3] === 0x3f && "
                           "got.constructor.name === 'ExtBuffer' && "
                           "Object.keys(got).join() === 'buffer,type' && "
                           "new Float32Array(got.buffer.buffer)[1] === -2"));
    assert_js_packs(f, "got", "d7140000803f000000c0");
    assert_int_equal(unpack_js_hex(f, NULL,
                                   "c70c15"
                                   "0000803f"
                                   "00000040"
                                   "0000c03f",
                                   msg, sizeof msg),
                     0);
    assert_true(js_true(f, "got.type === 21 && got.buffer.length === 12"));
    assert_js_packs(f, "got", "c70c150000803f000000400000c03f");
    assert_int_equal(unpack_js_hex(f, NULL,
                                   "d817"
                                   "0000803f"
                                   "00000040"
                                   "00004040"
                                   "00008040",
                                   msg, sizeof msg),
                     0);
    assert_true(js_true(f, "got.type === 23 && got.buffer.length === 16"));
    assert_js_packs(f, "new got.constructor(new Uint8Array([1, 2]), 5)", "d5050102");
    /* wrong payload size for the type */
    assert_int_equal(unpack_js_hex(f, NULL,
                                   "d715"
                                   "0000803f"
                                   "00000040",
                                   msg, sizeof msg),
                     -1);
    assert_string_equal(msg, "malformed msgpack value");
    /* other ext types */
    assert_int_equal(unpack_js_hex(f, NULL, "d40100", msg, sizeof msg), -1);
    assert_string_equal(msg, "unsupported msgpack ext type 1");
    assert_int_equal(unpack_js_hex(f, NULL, "d4ff00", msg, sizeof msg), -1);
    assert_string_equal(msg, "unsupported msgpack ext type -1");
}

static void test_js_errors(void **state)
{
    fixture *f = *state;
    expect_js_pack_error(f, NULL, "(() => { const a = {b: {}}; a.b.c = a; return a; })()",
                         "cannot pass a cyclic value at args[0].b.c");
    expect_js_pack_error(f, NULL, "(() => { const a = [1]; a.push(a); return a; })()",
                         "cannot pass a cyclic value at args[0][1]");
    expect_js_pack_error(f, NULL, "(() => { const s = new Set(); s.add(s); return s; })()",
                         "cannot pass a cyclic value at args[0]{element #0}");
    expect_js_pack_error(f, NULL, "(() => { const o = {}; o['a b'] = {'x\"y': o}; return o; })()",
                         "cannot pass a cyclic value at args[0][\"a b\"][\"x\\\"y\"]");
    expect_js_pack_error(f, NULL, "(() => { const p = Proxy.revocable({}, {}); p.revoke(); return p.proxy; })()",
                         "cannot list an object's properties at args[0]: TypeError: revoked proxy");
    expect_js_pack_error(f, NULL, "({p: new Proxy({}, {ownKeys() { throw new Error('trap'); }})})",
                         "cannot list an object's properties at args[0].p: Error: trap");
    expect_js_pack_error(f, NULL, "({a: {get b() { throw new Error('boom'); }}})",
                         "a getter threw at args[0].a.b: Error: boom");
    expect_js_pack_error(f, NULL, "Object.defineProperty([1, 2], 1, {get() { throw 42; }})",
                         "a getter threw at args[0][1]: 42");
    /* the cause is attached */
    expect_js_pack_error(f, NULL, "({get g() { throw new RangeError('r'); }})", "args[0].g");
    assert_true(js_true(f, "err.cause instanceof RangeError && err.cause.message === 'r'"));
    /* a long path is kept whole (QuickJS truncates thrown messages at 255 bytes) */
    expect_js_pack_error(f, NULL,
                         "(() => { let o = {}; const root = o; for (let i = 0; i < 40; i++)"
                         "  o = o['key_number_' + i] = {}; o.back = root; return root; })()",
                         ".key_number_38.key_number_39.back");
}

static JSValue exit_now(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    JSValue err = JS_NewError(ctx);
    JS_SetPropertyStr(ctx, err, "message", JS_NewString(ctx, "exit"));
    JS_SetUncatchableError(ctx, err, 1); /* as weft's process.exit() */
    return JS_Throw(ctx, err);
}

static void test_js_uncatchable_passes_through(void **state)
{
    fixture *f = *state;
    char *buf = NULL;
    size_t len;
    js_set(f, "exitNow", JS_NewCFunction(f->ctx, exit_now, "exitNow", 0));
    JSValue v = js_eval(f, "({a: {get g() { exitNow(); return 1; }}})");
    assert_int_equal(weft__codec_pack_js_value(f->ctx, NULL, v, &buf, &len), -1);
    JS_FreeValue(f->ctx, v);
    assert_null(buf);
    JSValue e = JS_GetException(f->ctx);
    JS_ResetUncatchableError(f->ctx);
    js_set(f, "err", e);
    assert_true(js_true(f, "!(err instanceof TypeError) && err.message === 'exit'"));
    /* an ordinary throw is still wrapped */
    expect_js_pack_error(f, NULL, "({get g() { throw 1; }})", "a getter threw at args[0].g: 1");
}

static void test_js_depth(void **state)
{
    fixture *f = *state;
    char *buf;
    size_t len;
    char msg[256];
    /* 64 nested containers pack and unpack; 65 do not */
    JSValue v = js_eval(f, "(() => { let v = 0; for (let i = 0; i < 64; i++) v = i % 2 ? [v] : {k: "
                           "v}; return v; })()");
    assert_int_equal(weft__codec_pack_js_args(f->ctx, NULL, 1, (JSValueConst *)&v, &buf, &len), 0);
    JS_FreeValue(f->ctx, v);
    JSValue back = weft__codec_unpack_js_args(f->ctx, NULL, buf, len);
    free(buf);
    assert_false(JS_IsException(back));
    js_set(f, "got", back);
    assert_true(
        js_true(f, "(() => { let v = got[0], n = 0; while (typeof v === 'object') {"
                   " v = Array.isArray(v) ? v[0] : v.k; n++; } return n === 64 && v === 0; })()"));
    expect_js_pack_error(f, NULL,
                         "(() => { let v = 0; for (let i = 0; i < 65; i++) v = [v]; return v; })()",
                         "cannot pass a value nested deeper than 64 levels at args[0]");
    /* unpack: 64 fixarrays then 0 is fine, 65 is not */
    char h[2 * 70 + 3] = "";
    for (int i = 0; i < 64; i++)
        strcat(h, "91");
    strcat(h, "00");
    assert_int_equal(unpack_js_hex(f, NULL, h, msg, sizeof msg), 0);
    memmove(h + 2, h, strlen(h) + 1);
    memcpy(h, "91", 2);
    assert_int_equal(unpack_js_hex(f, NULL, h, msg, sizeof msg), -1);
    assert_string_equal(msg, "msgpack value nested deeper than 64 levels");
}

static void test_js_args(void **state)
{
    fixture *f = *state;
    char *buf;
    size_t len;
    JSValue argv[3] = {JS_NewInt32(f->ctx, 1), JS_UNDEFINED, JS_NewString(f->ctx, "x")};
    assert_int_equal(weft__codec_pack_js_args(f->ctx, NULL, 3, argv, &buf, &len), 0);
    JS_FreeValue(f->ctx, argv[2]);
    char *h = hex(buf, len);
    assert_string_equal(h, "9301c0a178");
    free(h);
    JSValue back = weft__codec_unpack_js_args(f->ctx, NULL, buf, len);
    free(buf);
    js_set(f, "got", back);
    assert_true(js_true(f, "deq(got, [1, null, 'x'])"));
    assert_int_equal(weft__codec_pack_js_args(f->ctx, NULL, 0, NULL, &buf, &len), 0);
    assert_int_equal(len, 1);
    assert_int_equal((unsigned char)buf[0], 0x90);
    free(buf);
    /* args must be an array */
    JSValue r = weft__codec_unpack_js_args(f->ctx, NULL, "\x01", 1);
    assert_true(JS_IsException(r));
    JS_FreeValue(f->ctx, JS_GetException(f->ctx));
}

/* ---- Lua rules ---------------------------------------------------------- */

static void test_lua_scalars(void **state)
{
    fixture *f = *state;
    char msg[256];
    assert_lua_packs(f, "return 1", "01");
    assert_lua_packs(f, "return -33", "d0df");
    assert_lua_packs(f, "return 1.0", "cb3ff0000000000000"); /* floats stay float */
    assert_lua_packs(f, "return -0.0", "cb8000000000000000");
    assert_lua_packs(f, "return 0/0",
                     "cbfff8000000000000"); /* x86's default NaN has the sign bit */
    assert_lua_packs(f, "return math.huge", "cb7ff0000000000000");
    assert_lua_packs(f, "return math.maxinteger", "cf7fffffffffffffff");
    assert_lua_packs(f, "return math.mininteger", "d38000000000000000");
    assert_lua_packs(f, "return 2^53", "cb4340000000000000");
    assert_lua_packs(f, "return true", "c3");
    assert_lua_packs(f, "return nil", "c0");
    assert_lua_packs(f, "return 'a\\0b'", "a3610062");
    assert_lua_packs(f, "return '\\xc3\\xa9'", "a2c3a9");
    assert_lua_packs(f, "return '\\xff\\x41'", "c402ff41");        /* not UTF-8: bin */
    assert_lua_packs(f, "return '\\xed\\xa0\\x80'", "c403eda080"); /* a surrogate: bin */
    assert_lua_packs(f, "return '\\xc0\\x80'", "c402c080");        /* overlong: bin */
    /* unpack */
    assert_int_equal(unpack_lua_hex(f, NULL, "cb3ff0000000000000", msg, sizeof msg), 0);
    assert_true(lua_true(f, "return math.type(got) == 'float' and got == 1"));
    assert_int_equal(unpack_lua_hex(f, NULL, "cf0020000000000001", msg, sizeof msg), 0);
    assert_true(lua_true(f, "return math.type(got) == 'integer' and got == (1 << 53) + 1"));
    assert_int_equal(unpack_lua_hex(f, NULL, "cfffffffffffffffff", msg, sizeof msg), 0);
    assert_true(lua_true(f, "return math.type(got) == 'float' and got == 2^64"));
    assert_int_equal(unpack_lua_hex(f, NULL, "d38000000000000000", msg, sizeof msg), 0);
    assert_true(lua_true(f, "return got == math.mininteger"));
    assert_int_equal(unpack_lua_hex(f, NULL, "cb8000000000000000", msg, sizeof msg), 0);
    assert_true(lua_true(f, "return got == 0 and 1/got == -math.huge"));
    assert_int_equal(unpack_lua_hex(f, NULL, "ca3fc00000", msg, sizeof msg), 0);
    assert_true(lua_true(f, "return got == 1.5"));
    assert_int_equal(unpack_lua_hex(f, NULL, "c403610062", msg, sizeof msg), 0);
    assert_true(lua_true(f, "return got == 'a\\0b'"));
    assert_int_equal(unpack_lua_hex(f, NULL, "c2", msg, sizeof msg), 0);
    assert_true(lua_true(f, "return got == false"));
}

static void test_lua_tables(void **state)
{
    fixture *f = *state;
    char msg[256];
    assert_lua_packs(f, "return {}", "90"); /* empty: an array */
    assert_lua_packs(f, "return {1, 'a', {true}}", "9301a16191c3");
    assert_lua_packs(f, "return {1, nil, 3}", "9301c003");          /* a hole: nil */
    assert_lua_packs(f, "return {[1] = 1, [4] = 4}", "9401c0c004"); /* 2 of 4: an array */
    assert_lua_packs(f, "return {[1] = 1, [5] = 5}",
                     "820101"
                     "0505");                              /* 2 of 5: a map */
    assert_lua_packs(f, "return {[2] = 'b'}", "92c0a162"); /* 1 of 2 */
    assert_lua_packs(f, "return {[3] = 'c'}", "8103a163"); /* 1 of 3 */
    assert_lua_packs(f, "return {[0] = 0}", "810000");     /* 0 is not an index */
    assert_lua_packs(f, "return {[-1] = 0}", "81ff00");
    assert_lua_packs(f, "return {[1.5] = 0}", "81cb3ff800000000000000");
    assert_lua_packs(f, "return {[2.0] = 'x', [1] = 'y'}", "92a179a178"); /* 2.0 is key 2 */
    assert_lua_packs(f, "return {x = 1}", "81a17801");
    assert_lua_packs(f, "return {[true] = 1}", "81c301");
    assert_lua_packs(f, "return {1, x = 2}",
                     "82"
                     "0101"
                     "a17802");
    assert_lua_packs(f, "return {[math.maxinteger] = 1}", "81cf7fffffffffffffff01");
    /* metatables are ignored: raw content only */
    assert_lua_packs(f,
                     "return setmetatable({}, {__index = function() return 1 end,"
                     " __pairs = function() error('no') end, __len = function() return 9 end})",
                     "90");
    /* a shared (not cyclic) table is packed twice */
    assert_lua_packs(f, "local t = {} return {t, t}", "929090");
    /* unpack: arrays with nil holes, maps with any scalar keys */
    assert_int_equal(unpack_lua_hex(f, NULL, "9301c003", msg, sizeof msg), 0);
    assert_true(lua_true(f, "return got[1] == 1 and got[2] == nil and got[3] == 3"));
    assert_int_equal(unpack_lua_hex(f, NULL, "83a1780101a179c3c2", msg, sizeof msg), 0);
    assert_true(lua_true(f, "return got.x == 1 and got[1] == 'y' and got[true] == false"));
    assert_int_equal(unpack_lua_hex(f, NULL, "81cb400000000000000001", msg, sizeof msg), 0);
    assert_true(lua_true(f, "return got[2] == 1 and math.type(next(got)) == 'integer'"));
    assert_int_equal(unpack_lua_hex(f, NULL, "81c001", msg, sizeof msg), -1);
    assert_string_equal(msg, "a msgpack map key is nil");
    assert_int_equal(unpack_lua_hex(f, NULL, "81cb7ff800000000000001", msg, sizeof msg), -1);
    assert_string_equal(msg, "a msgpack map key is NaN");
    /* a map key may itself be a table */
    assert_int_equal(unpack_lua_hex(f, NULL, "81910102", msg, sizeof msg), 0);
    assert_true(lua_true(f, "local k, v = next(got) return k[1] == 1 and v == 2"));
    /* vectors become CfxLua vector values (fields, type(), tostring) */
    assert_int_equal(unpack_lua_hex(f, NULL,
                                    "c70c15"
                                    "0000803f"
                                    "00000040"
                                    "0000c03f",
                                    msg, sizeof msg),
                     0);
    assert_true(lua_true(f, "return got.x == 1 and got.y == 2 and got.z == 1.5 and got.w == nil"));
    assert_true(lua_true(f, "return type(got) == 'vector3' and tostring(got) == 'vector3(1, 2, 1.5)'"));
    /* ext 23: a quat (x, y, z, w payload; quat(w, x, y, z) in Lua) */
    assert_int_equal(unpack_lua_hex(f, NULL,
                                    "d817"
                                    "0000803f"
                                    "00000040"
                                    "00004040"
                                    "00008040",
                                    msg, sizeof msg),
                     0);
    assert_true(lua_true(f, "return type(got) == 'quat' and got == quat(4, 1, 2, 3)"));
    assert_int_equal(unpack_lua_hex(f, NULL,
                                    "d816"
                                    "0000803f"
                                    "00000040"
                                    "00004040"
                                    "00008040",
                                    msg, sizeof msg),
                     0);
    assert_true(lua_true(f, "return got.w == 4"));
    assert_int_equal(unpack_lua_hex(f, NULL,
                                    "d714"
                                    "0000803f"
                                    "00000040",
                                    msg, sizeof msg),
                     0);
    assert_true(lua_true(f, "return got.x == 1 and got.y == 2 and got.z == nil"));
    assert_int_equal(unpack_lua_hex(f, NULL, "d61400000000", msg, sizeof msg), -1);
    assert_string_equal(msg, "malformed msgpack value");
    assert_int_equal(unpack_lua_hex(f, NULL, "d40500", msg, sizeof msg), -1);
    assert_string_equal(msg, "unsupported msgpack ext type 5");
}

static void test_lua_args_keep_nils(void **state)
{
    fixture *f = *state;
    lua_State *L = f->L;
    char *buf;
    size_t len;
    int n = lua_run(f, "return nil, 1, nil, 'x', nil");
    assert_int_equal(n, 5);
    assert_int_equal(weft__codec_pack_lua_args(L, NULL, 1, 5, &buf, &len), 0);
    assert_int_equal(lua_gettop(L), 5);
    char *h = hex(buf, len);
    assert_string_equal(h, "95c001c0a178c0");
    free(h);
    lua_settop(L, 0);
    assert_int_equal(weft__codec_unpack_lua_args(L, NULL, buf, len), 5);
    free(buf);
    assert_int_equal(lua_gettop(L), 5);
    assert_true(lua_isnil(L, 1) && lua_tointeger(L, 2) == 1 && lua_isnil(L, 3) &&
                strcmp(lua_tostring(L, 4), "x") == 0 && lua_isnil(L, 5));
    /* negative indices, and an empty range */
    assert_int_equal(weft__codec_pack_lua_args(L, NULL, -2, -1, &buf, &len), 0);
    h = hex(buf, len);
    assert_string_equal(h, "92a178c0");
    free(h);
    free(buf);
    assert_int_equal(weft__codec_pack_lua_args(L, NULL, 3, 2, &buf, &len), 0);
    assert_int_equal(len, 1);
    assert_int_equal((unsigned char)buf[0], 0x90);
    free(buf);
    lua_settop(L, 0);
    assert_int_equal(weft__codec_unpack_lua_args(L, NULL, "\x90", 1), 0);
    assert_int_equal(lua_gettop(L), 0);
    /* args must be an array; errors leave only the message */
    lua_pushinteger(L, 7);
    assert_int_equal(weft__codec_unpack_lua_args(L, NULL, "\x81\x01", 2), -1);
    assert_int_equal(lua_gettop(L), 2);
    assert_string_equal(lua_tostring(L, -1), "malformed msgpack value");
    assert_int_equal(weft__codec_unpack_lua_args(L, NULL, "\x92\x01\x91\xc7\x00\x0a", 6), -1);
    assert_int_equal(lua_gettop(L), 3);
    assert_string_equal(lua_tostring(L, -1), "cannot receive a function reference here");
    lua_settop(L, 0);
}

static void test_lua_functions_and_types(void **state)
{
    fixture *f = *state;
    lua_State *L = f->L;
    char msg[256];
    weft__lua_codec_hooks nomake = {NULL, lua_push_ref_proxy, f};
    expect_lua_pack_error(f, NULL, "return 1, {cb = print}",
                          "cannot pass a function here at args[2].cb");
    expect_lua_pack_error(f, &nomake, "return print", "cannot pass a function here at args[1]");
    int top = lua_gettop(L);
    assert_lua_packs(f, "return {print, function() end}",
                     "92c7070a7265733a313a30c7070a7265733a313a31");
    assert_int_equal(lua_gettop(L), top);
    f->fail_make_ref = 1;
    expect_lua_pack_error(
        f, &f->lh, "return {f = print}",
        "cannot pass a function here (operation not valid in the current state) at args[1].f");
    f->fail_make_ref = 0;
    expect_lua_pack_error(f, NULL, "return io.stdout", "cannot pack a userdata at args[1]");
    expect_lua_pack_error(f, NULL, "return {co = coroutine.create(print)}",
                          "cannot pack a thread at args[1].co");
    /* incoming refs */
    assert_int_equal(unpack_lua_hex(f, &f->lh, "c7070a7265733a393a39", msg, sizeof msg), 0);
    assert_string_equal(f->last_ref, "res:9:9");
    assert_true(lua_true(f, "return type(got) == 'function' and got() == 'res:9:9'"));
    assert_int_equal(unpack_lua_hex(f, &f->lh, "c7050b613a623a63", msg, sizeof msg), 0);
    assert_true(lua_true(f, "return got() == 'a:b:c'"));
    assert_int_equal(unpack_lua_hex(f, NULL, "c7050b613a623a63", msg, sizeof msg), -1);
    assert_string_equal(msg, "cannot receive a function reference here");
}

static void test_lua_errors(void **state)
{
    fixture *f = *state;
    char msg[256];
    expect_lua_pack_error(f, NULL, "local t = {a = {}} t.a.b = t return t",
                          "cannot pass a cyclic value at args[1].a.b");
    expect_lua_pack_error(f, NULL, "local t = {} t[1] = t return 0, t",
                          "cannot pass a cyclic value at args[2][1]");
    expect_lua_pack_error(f, NULL, "local t = {} t[t] = 1 return t",
                          "cannot pass a cyclic value at args[1][<table>]{key}");
    expect_lua_pack_error(f, NULL, "return {['a b'] = {[true] = {[1.5] = print}}}",
                          "cannot pass a function here at args[1][\"a b\"][true][1.5]");
    /* depth: 64 OK, 65 not */
    char *h = pack_lua_hex(
        f, "local v = 0 for i = 1, 64 do v = (i % 2 == 0) and {v} or {k = v} end return v");
    assert_int_equal(strlen(h), 2 * 64 * 1 + 2 * 32 * 2 + 2); /* 32 fixarray, 32 fixmap+'k' */
    assert_int_equal(unpack_lua_hex(f, NULL, h, msg, sizeof msg), 0);
    free(h);
    assert_true(
        lua_true(f, "local v, n = got, 0 while type(v) == 'table' do v = v[1] or v.k n = n + 1 end"
                    " return n == 64 and v == 0"));
    expect_lua_pack_error(f, NULL, "local v = 0 for i = 1, 65 do v = {v} end return v",
                          "cannot pass a value nested deeper than 64 levels at args[1]");
    char hx[2 * 70 + 3] = "";
    for (int i = 0; i < 65; i++)
        strcat(hx, "91");
    strcat(hx, "00");
    assert_int_equal(unpack_lua_hex(f, NULL, hx, msg, sizeof msg), -1);
    assert_string_equal(msg, "msgpack value nested deeper than 64 levels");
    assert_int_equal(unpack_lua_hex(f, NULL, hx + 2, msg, sizeof msg), 0);
}

/* ---- round trips -------------------------------------------------------- */

/* JS value src -> msgpack -> JS must deep-equal expect (NULL: src itself). */
static const struct {
    const char *src, *expect;
} js_matrix[] = {
    {"0", NULL},
    {"-1", NULL},
    {"1.5", NULL},
    {"-0", NULL},
    {"NaN", NULL},
    {"Infinity", NULL},
    {"-Infinity", NULL},
    {"2 ** 53", NULL},
    {"2 ** 53 + 2", NULL},
    {"-(2 ** 63)", NULL},
    {"2 ** 63", NULL},
    {"Number.MAX_VALUE", NULL},
    {"Number.MIN_VALUE", NULL},
    {"2n ** 63n - 1n", NULL},
    {"-(2n ** 63n)", "-(2 ** 63)"}, /* a double holds it exactly: a number */
    {"2n ** 64n - 1n", NULL},
    {"2n ** 53n + 1n", NULL},
    {"5n", "5"}, /* small BigInts come back as numbers */
    {"true", NULL},
    {"null", NULL},
    {"undefined", "null"},
    {"''", NULL},
    {"'a\\0b\\0'", NULL},
    {"'\\u{1F600} \\u00e9'", NULL},
    {"[]", NULL},
    {"({})", NULL},
    {"[1, , 3]", "[1, null, 3]"},
    {"[[[]], {}, [{}]]", NULL},
    {"({a: {b: [1, 'x', {c: null}]}, 'k y': -0})", NULL},
    {"new Uint8Array([0, 255])", NULL},
    {"new Int8Array([-1]).buffer", "new Uint8Array([255])"},
    {"new Map([['a', 1]])", "({a: 1})"},
    {"new Set([1, 2])", "[1, 2]"},
    {"new Date(12345)", "12345"},
};

static void test_roundtrip_js(void **state)
{
    fixture *f = *state;
    for (size_t i = 0; i < sizeof js_matrix / sizeof js_matrix[0]; i++) {
        char *buf;
        size_t len;
        JSValue v = js_eval(f, js_matrix[i].src);
        assert_int_equal(weft__codec_pack_js_value(f->ctx, NULL, v, &buf, &len), 0);
        JS_FreeValue(f->ctx, v);
        JSValue back = weft__codec_unpack_js_value(f->ctx, NULL, buf, len);
        free(buf);
        assert_false(JS_IsException(back));
        js_set(f, "got", back);
        char check[512];
        snprintf(check, sizeof check, "deq(got, (%s))",
                 js_matrix[i].expect ? js_matrix[i].expect : js_matrix[i].src);
        if (!js_true(f, check)) fail_msg("JS round trip of %s", js_matrix[i].src);
    }
}

/* JS -> msgpack -> Lua -> msgpack -> JS. */
static const struct {
    const char *src, *expect;
} via_lua_matrix[] = {
    {"0", NULL},
    {"1.5", NULL},
    {"-0", NULL},
    {"NaN", NULL},
    {"Infinity", NULL},
    {"-Infinity", NULL},
    {"2 ** 53", NULL},
    {"-(2 ** 63)", NULL},
    {"2 ** 63", NULL},
    {"2n ** 63n - 1n", NULL},
    {"-(2n ** 63n)", "-(2 ** 63)"},
    {"2n ** 53n + 1n", NULL},
    {"2n ** 64n - 1n", "2 ** 64"}, /* Lua has no uint64: a float */
    {"true", NULL},
    {"null", NULL},
    {"'a\\0b'", NULL},
    {"'\\u{1F600}'", NULL},
    {"[]", NULL},
    {"({})", "[]"}, /* an empty table is an empty array */
    {"[1, , 3]", "[1, null, 3]"},
    {"[ , , 3]", "({3: 3})"}, /* 1 of 3 slots: a map */
    {"[1, 2, [3, [4, {}]]]", "[1, 2, [3, [4, []]]]"},
    {"({a: {b: [1, 'x', {c: 0.5}]}})", NULL},
    {"({1: 'a', 2: 'b'})", NULL},         /* integer-like keys stay strings: a map */
    {"new Uint8Array([0, 255])", NULL},   /* not UTF-8: back to bin */
    {"new Uint8Array([65, 66])", "'AB'"}, /* valid UTF-8: a Lua string packs as str */
};

static void test_roundtrip_js_via_lua(void **state)
{
    fixture *f = *state;
    lua_State *L = f->L;
    for (size_t i = 0; i < sizeof via_lua_matrix / sizeof via_lua_matrix[0]; i++) {
        char *buf, *buf2;
        size_t len, len2;
        JSValue v = js_eval(f, via_lua_matrix[i].src);
        assert_int_equal(weft__codec_pack_js_args(f->ctx, NULL, 1, (JSValueConst *)&v, &buf, &len),
                         0);
        JS_FreeValue(f->ctx, v);
        assert_int_equal(weft__codec_unpack_lua_args(L, NULL, buf, len), 1);
        free(buf);
        assert_int_equal(weft__codec_pack_lua_args(L, NULL, 1, 1, &buf2, &len2), 0);
        lua_settop(L, 0);
        JSValue back = weft__codec_unpack_js_args(f->ctx, NULL, buf2, len2);
        free(buf2);
        assert_false(JS_IsException(back));
        js_set(f, "got", back);
        char check[512];
        snprintf(check, sizeof check, "deq(got[0], (%s))",
                 via_lua_matrix[i].expect ? via_lua_matrix[i].expect : via_lua_matrix[i].src);
        if (!js_true(f, check)) fail_msg("JS->Lua->JS round trip of %s", via_lua_matrix[i].src);
    }
    /* the ["1","2"] keys above are JS strings; "{1: 'a'}" from Lua with integer
     * keys is a real array: checked in test_lua_tables */
}

/* msgpack -> Lua -> msgpack must reproduce these exact bytes. */
static const char *const lua_bytes_matrix[] = {
    "c0",
    "c2",
    "c3",
    "00",
    "7f",
    "ff",
    "e0",
    "cc80",
    "cdffff",
    "ceffffffff",
    "cf7fffffffffffffff",
    "d0df",
    "d18000",
    "d280000000",
    "d38000000000000000",
    "cb3ff0000000000000",
    "cb8000000000000000",
    "cb7ff0000000000000",
    "cb7ff8000000000000",
    "a0",
    "a3610062",
    "a2c3a9",
    "c402ff41",
    "90",
    "9301c003",
    "91"
    "9190",
    "81a17801",
    "81a17892c0c3",
    "81c301",
    "81cb3ff800000000000000",
    "810000",
    "c7070a7265733a313a30", /* a ref in, a fresh ref out (the hook numbers from 0) */
};

static void test_roundtrip_msgpack_via_lua(void **state)
{
    fixture *f = *state;
    lua_State *L = f->L;
    char msg[256];
    for (size_t i = 0; i < sizeof lua_bytes_matrix / sizeof lua_bytes_matrix[0]; i++) {
        f->refs_made = 0;
        assert_int_equal(unpack_lua_hex(f, &f->lh, lua_bytes_matrix[i], msg, sizeof msg), 0);
        char *h = pack_lua_hex(f, "return got");
        if (strcmp(h, lua_bytes_matrix[i]) != 0)
            fail_msg("msgpack->Lua->msgpack: %s became %s", lua_bytes_matrix[i], h);
        free(h);
    }
    /* documented changes: float32 widens, uint64 above maxinteger becomes a
     * float, bin that is valid UTF-8 becomes str; vectors stay vectors */
    static const char *const changed[][2] = {
        {"ca3fc00000", "cb3ff8000000000000"},
        {"cfffffffffffffffff", "cb43f0000000000000"},
        {"c4026869", "a26869"},
        {"d714"
         "0000803f"
         "00000040",
         "d7140000803f00000040"},
    };
    for (size_t i = 0; i < sizeof changed / sizeof changed[0]; i++) {
        assert_int_equal(unpack_lua_hex(f, NULL, changed[i][0], msg, sizeof msg), 0);
        char *h = pack_lua_hex(f, "return got");
        if (changed[i][1])
            assert_string_equal(h, changed[i][1]);
        else
            assert_true(strncmp(h, "82", 2) == 0 && strlen(h) == 2 + 2 * 2 * (2 + 9));
        free(h);
    }
    assert_int_equal(lua_gettop(L), 0);
}

static void test_ten_megabyte_string(void **state)
{
    fixture *f = *state;
    lua_State *L = f->L;
    char *buf, *buf2;
    size_t len, len2;
    JSValue v = js_eval(f, "'ab\\0c'.repeat(2.5 * 1024 * 1024)");
    assert_int_equal(weft__codec_pack_js_args(f->ctx, NULL, 1, (JSValueConst *)&v, &buf, &len), 0);
    JS_FreeValue(f->ctx, v);
    assert_int_equal(len, 1 + 5 + 10 * 1024 * 1024);
    assert_int_equal(weft__codec_unpack_lua_args(L, NULL, buf, len), 1);
    size_t sl;
    lua_tolstring(L, 1, &sl);
    assert_int_equal(sl, 10 * 1024 * 1024);
    assert_int_equal(weft__codec_pack_lua_args(L, NULL, 1, 1, &buf2, &len2), 0);
    lua_settop(L, 0);
    assert_int_equal(len2, len);
    assert_memory_equal(buf, buf2, len);
    JSValue back = weft__codec_unpack_js_args(f->ctx, NULL, buf2, len2);
    free(buf);
    free(buf2);
    js_set(f, "got", back);
    assert_true(js_true(
        f, "got[0].length === 10 * 1024 * 1024 && got[0] === 'ab\\0c'.repeat(2.5 * 1024 * 1024)"));
}

/* ---- malformed input ---------------------------------------------------- */

/* Unpack buf with both unpackers (value and args); returns how many of the
 * four succeeded. Never leaves an exception or a stack change behind. */
static int unpack_all(fixture *f, const char *buf, size_t len)
{
    lua_State *L = f->L;
    int ok = 0;
    JSValue v = weft__codec_unpack_js_value(f->ctx, &f->jh, buf, len);
    if (JS_IsException(v))
        JS_FreeValue(f->ctx, JS_GetException(f->ctx));
    else
        ok++;
    JS_FreeValue(f->ctx, v);
    v = weft__codec_unpack_js_args(f->ctx, &f->jh, buf, len);
    if (JS_IsException(v))
        JS_FreeValue(f->ctx, JS_GetException(f->ctx));
    else
        ok++;
    JS_FreeValue(f->ctx, v);
    int rc = weft__codec_unpack_lua_value(L, &f->lh, buf, len);
    assert_int_equal(lua_gettop(L), 1);
    if (rc > 0) ok++;
    lua_settop(L, 0);
    rc = weft__codec_unpack_lua_args(L, &f->lh, buf, len);
    if (rc >= 0) {
        ok++;
        assert_int_equal(lua_gettop(L), rc);
    } else {
        assert_int_equal(lua_gettop(L), 1);
    }
    lua_settop(L, 0);
    return ok;
}

static void test_malformed(void **state)
{
    fixture *f = *state;
    char msg[256];
    static const char *const bad[] = {
        "",             /* nothing */
        "c1",           /* reserved */
        "cd00",         /* truncated uint16 */
        "a5616263",     /* str shorter than declared */
        "dbffffffff61", /* str32 of 4 GiB */
        "dcffff00",     /* array16 of 65535 with one byte */
        "ddffffffff",   /* array32 of 4G elements, no bytes */
        "df7fffffff",   /* map32 */
        "8101",         /* map missing its value */
        "c7",           /* ext8 without length */
        "c7050a6162",   /* ext8 payload truncated */
        "0101",         /* trailing byte */
        "cb000000",     /* truncated double */
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        assert_int_equal(unpack_js_hex(f, NULL, bad[i], msg, sizeof msg), -1);
        assert_string_equal(msg, "malformed msgpack value");
        assert_int_equal(unpack_lua_hex(f, NULL, bad[i], msg, sizeof msg), -1);
        assert_string_equal(msg, "malformed msgpack value");
    }
    /* NULL buffers */
    JSValue v = weft__codec_unpack_js_value(f->ctx, NULL, NULL, 0);
    assert_true(JS_IsException(v));
    JS_FreeValue(f->ctx, JS_GetException(f->ctx));
    assert_int_equal(weft__codec_unpack_lua_args(f->L, NULL, NULL, 0), -1);
    lua_settop(f->L, 0);
    /* every proper prefix of a rich value is rejected by all four unpackers */
    JSValue rich =
        js_eval(f, "[{a: [1, -1, 1.5, 2n ** 64n - 1n, 'str\\0', null, true],"
                   " b: new Uint8Array([1, 2, 3]), c: () => 0, d: {e: {f: [[]]}}}, 'tail']");
    char *buf;
    size_t len;
    assert_int_equal(weft__codec_pack_js_value(f->ctx, &f->jh, rich, &buf, &len), 0);
    JS_FreeValue(f->ctx, rich);
    assert_int_equal(unpack_all(f, buf, len), 4);
    for (size_t n = 0; n < len; n++) {
        char *cut = malloc(n ? n : 1); /* an exact-size copy, so ASan sees any overread */
        memcpy(cut, buf, n);
        if (unpack_all(f, cut, n) != 0) fail_msg("prefix of %zu/%zu bytes accepted", n, len);
        free(cut);
    }
    free(buf);
}

static uint64_t rng_state = 0x9e3779b97f4a7c15ull;
static uint32_t rng(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (uint32_t)(rng_state >> 11);
}

static void test_fuzz(void **state)
{
    fixture *f = *state;
    /* 10k random buffers, biased toward msgpack type bytes, then 10k bit
     * flips of a valid value: any result is fine, a crash or leak is not. */
    static const uint8_t interesting[] = {0x90, 0x91, 0x9f, 0x80, 0x81, 0xdc, 0xdd, 0xde, 0xdf,
                                          0xc4, 0xc7, 0xd4, 0xd6, 0xd7, 0xd8, 0x0a, 0x0b, 0x14,
                                          0x15, 0x16, 0xca, 0xcb, 0xcf, 0xd3, 0xa1, 0xc0, 0xff};
    int accepted = 0;
    rng_state = 0x9e3779b97f4a7c15ull;
    for (int iter = 0; iter < 10000; iter++) {
        size_t n = rng() % 64;
        char *buf = malloc(n ? n : 1);
        for (size_t i = 0; i < n; i++)
            buf[i] = (char)(rng() % 2 ? interesting[rng() % sizeof interesting] : rng());
        accepted += unpack_all(f, buf, n) > 0;
        free(buf);
    }
    JSValue rich =
        js_eval(f, "[{a: [1, -1, 1.5, 2n ** 64n - 1n, 'str', null, true],"
                   " b: new Uint8Array([1, 2, 3]), c: () => 0, v: 1}, [[[{}]]], 'tail']");
    char *good;
    size_t len;
    assert_int_equal(weft__codec_pack_js_value(f->ctx, &f->jh, rich, &good, &len), 0);
    JS_FreeValue(f->ctx, rich);
    for (int iter = 0; iter < 10000; iter++) {
        char *buf = malloc(len);
        memcpy(buf, good, len);
        int flips = 1 + rng() % 3;
        for (int k = 0; k < flips; k++)
            buf[rng() % len] ^= (char)(1u << (rng() % 8));
        accepted += unpack_all(f, buf, len) > 0;
        free(buf);
    }
    free(good);
    assert_true(accepted > 100); /* the fuzz reaches the decoders, not only the first byte */
}

/* Incoming argument arrays: at most WEFT_CALL_ARGS_MAX values in both
 * languages, and a count the input cannot hold reserves nothing. */
static void test_args_bounds(void **state)
{
    fixture *f = *state;
    lua_State *L = f->L;
    for (int extra = 0; extra <= 1; extra++) {
        uint32_t n = WEFT_CALL_ARGS_MAX + extra;
        size_t len = 5 + n;
        char *buf = malloc(len);
        assert_non_null(buf);
        buf[0] = (char)0xdd; /* array 32 */
        buf[1] = (char)(n >> 24), buf[2] = (char)(n >> 16), buf[3] = (char)(n >> 8), buf[4] = (char)n;
        memset(buf + 5, 0x01, n);
        lua_settop(L, 0);
        int got = weft__codec_unpack_lua_args(L, NULL, buf, len);
        JSValue arr = weft__codec_unpack_js_args(f->ctx, NULL, buf, len);
        free(buf);
        if (!extra) {
            assert_int_equal(got, WEFT_CALL_ARGS_MAX);
            assert_int_equal(lua_gettop(L), WEFT_CALL_ARGS_MAX);
            assert_false(JS_IsException(arr));
            js_set(f, "got", arr);
            assert_true(js_true(f, "got.length === 65534 && got[65533] === 1"));
        } else {
            assert_int_equal(got, -1);
            assert_int_equal(lua_gettop(L), 1);
            assert_string_equal(lua_tostring(L, -1), "too many arguments (65535; at most 65534)");
            assert_true(JS_IsException(arr));
            JSValue ex = JS_GetException(f->ctx);
            const char *m = JS_ToCString(f->ctx, ex);
            assert_string_equal(m, "RangeError: too many arguments (65535; at most 65534)");
            JS_FreeCString(f->ctx, m);
            JS_FreeValue(f->ctx, ex);
        }
    }
    /* 60000 arguments claimed, 3 present: malformed, before any stack grows;
     * a nested 4-billion-element array in 6 bytes reserves no table for it */
    lua_settop(L, 0);
    assert_int_equal(weft__codec_unpack_lua_args(L, NULL, "\xdd\x00\x00\xea\x60\x01\x01\x01", 8), -1);
    assert_string_equal(lua_tostring(L, -1), "malformed msgpack value");
    lua_settop(L, 0);
    assert_int_equal(weft__codec_unpack_lua_args(L, NULL, "\x91\xdd\xff\xff\xff\xff", 6), -1);
    assert_string_equal(lua_tostring(L, -1), "malformed msgpack value");
    lua_settop(L, 0);
    /* packing more than the bound is refused in Lua too */
    luaL_checkstack(L, WEFT_CALL_ARGS_MAX + 2, NULL);
    for (int i = 0; i <= WEFT_CALL_ARGS_MAX; i++) lua_pushinteger(L, i);
    char *out = NULL;
    size_t olen = 0;
    assert_int_equal(weft__codec_pack_lua_args(L, NULL, 1, lua_gettop(L), &out, &olen), -1);
    assert_null(out);
    assert_non_null(strstr(lua_tostring(L, -1), "too many arguments (65535; at most 65534)"));
    lua_settop(L, 0);
}

/* A value whose shared references double at each level (found by
 * tests/fuzz, fuzz_msgpack_js_encode) kept the packer busy for hours with no
 * script code running, so no watchdog could stop it. Both codecs stop at
 * WEFT_CODEC_MAX_VALUES values or WEFT_CODEC_MAX_BYTES bytes. */
static void test_shared_blowup(void **state)
{
    fixture *f = *state;
    expect_js_pack_error(f, NULL,
                         "(() => { let o = {}; for (let i = 0; i < 40; i++) o = {a: o, b: o};"
                         " return o; })()",
                         "a value made of more than 4194304 values");
    expect_lua_pack_error(f, NULL, "local t = {} for i = 1, 40 do t = {t, t} end return t",
                          "a value made of more than 4194304 values");
    expect_js_pack_error(f, NULL, "Array(300).fill('x'.repeat(1 << 20))",
                         "a value packing to more than 268435456 bytes cannot be passed at "
                         "args[0][255]");
    expect_lua_pack_error(f, NULL,
                          "local s, t = ('x'):rep(1 << 20), {} for i = 1, 300 do t[i] = s end"
                          " return t",
                          "a value packing to more than 268435456 bytes cannot be passed at "
                          "args[1][256]");
}

int main(void)
{
#define T(name) cmocka_unit_test_setup_teardown(name, setup, teardown)
    const struct CMUnitTest tests[] = {
        T(test_js_numbers),
        T(test_js_bigint),
        T(test_js_strings),
        T(test_js_binary),
        T(test_js_binary_unpack),
        T(test_js_arrays_and_holes),
        T(test_js_objects),
        T(test_js_map_set_date),
        T(test_js_functions),
        T(test_js_vectors_and_ext),
        T(test_js_errors),
        T(test_js_uncatchable_passes_through),
        T(test_js_depth),
        T(test_js_args),
        T(test_lua_scalars),
        T(test_lua_tables),
        T(test_lua_args_keep_nils),
        T(test_lua_functions_and_types),
        T(test_lua_errors),
        T(test_args_bounds),
        T(test_roundtrip_js),
        T(test_roundtrip_js_via_lua),
        T(test_roundtrip_msgpack_via_lua),
        T(test_ten_megabyte_string),
        T(test_malformed),
        T(test_fuzz),
        T(test_shared_blowup),
    };
#undef T
    return cmocka_run_group_tests(tests, NULL, NULL);
}
