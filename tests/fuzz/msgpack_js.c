/* msgpack_js.c: the JS side of the msgpack value codec on a bare QuickJS
 * runtime (the resource's memory cap and an instruction budget standing in
 * for the CPU watchdog). Built twice:
 *   fuzz_msgpack_js_decode  bytes -> JS value -> bytes. Anything received
 *       must be passable on, and a second round trip must give the same bytes.
 *   fuzz_msgpack_js_encode  (FZ_ENCODE) the input drives a small JS program
 *       that builds values (cycles, getters that throw or mutate, Proxies,
 *       typed arrays over shrunk or detached buffers, sparse arrays, Maps with
 *       endless iterators, BigInts, lone surrogates) -> msgpack; a failure
 *       must be a TypeError (or the budget's uncatchable error), a success
 *       must unpack, and repack to a fixpoint.
 * After each input no JS object may remain alive (a refcount leak). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "js/codec.h"

#define FZ_JS_MEMORY (64 * 1024 * 1024)
#define FZ_JS_INTERRUPTS 300 /* QuickJS polls every ~10^4 instructions */

static JSRuntime *rt;
static JSContext *ctx;
static JSAtom ref_atom;
static weft__codec_hooks hooks;
static unsigned refs_made;
static int interrupts;
static int64_t baseline_objects;
static int rerun;

/* ---- fake ref hooks: a proxy is a function carrying its id ------------- */

static int make_ref(void *opaque, JSContext *c, JSValueConst fn, char *id, size_t cap)
{
    JSValue v = JS_GetProperty(c, fn, ref_atom);
    if (JS_IsException(v)) return WEFT_EINVAL;
    size_t len;
    uint8_t *bytes = JS_IsObject(v) ? JS_GetArrayBuffer(c, &len, v) : NULL;
    if (bytes == NULL) { /* a plain function: a new ref */
        JS_FreeValue(c, JS_GetException(c)); /* JS_GetArrayBuffer's TypeError, if any */
        JS_FreeValue(c, v);
        snprintf(id, cap, "fuzz:1:%u", refs_made++);
        return 0;
    }
    /* a proxy: its id's bytes as received (the host keeps them in C, so
     * they round-trip exactly even when they are not UTF-8) */
    int rc = len < cap ? 0 : WEFT_EINVAL;
    if (!rc) {
        memcpy(id, bytes, len);
        id[len] = 0;
    }
    JS_FreeValue(c, v);
    return rc;
}

static JSValue ref_call(JSContext *c, JSValueConst this_val, int argc, JSValueConst *argv)
{
    return JS_UNDEFINED;
}

static JSValue ref_proxy(void *opaque, JSContext *c, const char *id, size_t len)
{
    /* As the host: an id must fit the packer's buffer; ours also has no NUL
     * (the packer measures it with strlen), so a round trip is exact. */
    if (len >= WEFT__CODEC_REF_ID_CAP || memchr(id, 0, len))
        return JS_ThrowTypeError(c, "invalid function reference");
    JSValue fn = JS_NewCFunction(c, ref_call, "ref", 0);
    if (JS_IsException(fn)) return fn;
    if (JS_DefinePropertyValue(c, fn, ref_atom,
                               JS_NewArrayBufferCopy(c, (const uint8_t *)id, len), 0) < 0) {
        JS_FreeValue(c, fn);
        return JS_EXCEPTION;
    }
    return fn;
}

static int on_interrupt(JSRuntime *r, void *opaque)
{
    return ++interrupts > FZ_JS_INTERRUPTS;
}

static int64_t live_objects(void)
{
    JSMemoryUsage u;
    JS_RunGC(rt);
    JS_ComputeMemoryUsage(rt, &u);
    return u.obj_count;
}

/* The pending exception must be one the codec may raise: a TypeError, or an
 * InternalError (out of memory, stack overflow, the interrupt), or null when
 * memory ran out even for the error object. */
static void expect_codec_error(void)
{
    JSValue e = JS_GetException(ctx);
    JSValue name = JS_IsObject(e) ? JS_GetPropertyStr(ctx, e, "name") : JS_UNDEFINED;
    const char *n = JS_IsString(name) ? JS_ToCString(ctx, name) : NULL;
    /* null: QuickJS ran out of memory while allocating the InternalError
     * itself (JS_ThrowOutOfMemory then leaves no error object) */
    int ok = JS_IsNull(e) || (n && (!strcmp(n, "TypeError") || !strcmp(n, "InternalError")));
    if (!ok) {
        const char *m = JS_ToCString(ctx, e);
        fprintf(stderr, "codec threw %s: %s\n", n ? n : "a non-error", m ? m : "?");
        JS_FreeCString(ctx, m);
    }
    JS_FreeCString(ctx, n);
    JS_FreeValue(ctx, name);
    JS_FreeValue(ctx, e);
    FZ_CHECK(ok, "the codec failed with something other than a TypeError");
}

/* Pack v (value mode) or its elements (args mode, v an array). */
static int pack(int args, JSValueConst v, char **out, size_t *len)
{
    if (!args) return weft__codec_pack_js_value(ctx, &hooks, v, out, len);
    int64_t n = 0;
    JSValue jlen = JS_GetPropertyStr(ctx, v, "length");
    int bad = JS_ToInt64(ctx, &n, jlen) < 0 || n < 0 || n > 100000;
    JS_FreeValue(ctx, jlen);
    FZ_CHECK(!bad, "the argument array has no sane length");
    JSValue *argv = calloc((size_t)n + 1, sizeof *argv);
    FZ_CHECK(argv, "out of memory");
    for (int64_t i = 0; i < n; i++)
        argv[i] = JS_GetPropertyUint32(ctx, v, (uint32_t)i);
    int rc = weft__codec_pack_js_args(ctx, &hooks, (int)n, argv, out, len);
    for (int64_t i = 0; i < n; i++)
        JS_FreeValue(ctx, argv[i]);
    free(argv);
    return rc;
}

static JSValue unpack(int args, const char *buf, size_t len)
{
    return args ? weft__codec_unpack_js_args(ctx, &hooks, buf, len)
                : weft__codec_unpack_js_value(ctx, &hooks, buf, len);
}

/* b was packed by us or received: unpacking it (if that works) and packing
 * the result must work, and one more round trip must reproduce those bytes. */
static void round_trip(int args, const char *b, size_t blen)
{
    JSValue v1 = unpack(args, b, blen);
    if (JS_IsException(v1)) {
        expect_codec_error();
        return;
    }
    char *b2, *b3;
    size_t l2, l3;
    int rc = pack(args, v1, &b2, &l2);
    JS_FreeValue(ctx, v1);
    if (rc < 0) {
        /* only a resource limit may stop a received value from going on */
        JSValue e = JS_GetException(ctx);
        const char *m = JS_ToCString(ctx, e);
        fprintf(stderr, "repacking a received value failed: %s\n", m ? m : "?");
        FZ_CHECK(m && strstr(m, "out of memory"), "a received value cannot be passed on");
        JS_FreeCString(ctx, m);
        JS_FreeValue(ctx, e);
        return;
    }
    JSValue v2 = unpack(args, b2, l2);
    FZ_CHECK(!JS_IsException(v2), "bytes packed from a received value do not unpack");
    rc = pack(args, v2, &b3, &l3);
    JS_FreeValue(ctx, v2);
    FZ_CHECK(rc == 0, "a value unpacked twice cannot be packed");
    FZ_CHECK(l2 == l3 && !memcmp(b2, b3, l2), "msgpack -> JS -> msgpack is not a fixpoint");
    free(b2);
    free(b3);
}

#ifdef FZ_ENCODE
/* The value builder: one op per input byte (operands follow), on a stack of
 * values; the stack is the result. Ops never change shared globals, so each
 * input builds the same thing whatever ran before it. */
static const char builder_src[] =
    "(function (bytes) {\n"
    "  let i = 0;\n"
    "  const n = bytes.length, st = [];\n"
    "  const u8 = () => (i < n ? bytes[i++] : 0);\n"
    "  const u32 = () => (u8() | u8() << 8 | u8() << 16 | u8() << 24) >>> 0;\n"
    "  const f64 = () => { const d = new DataView(new ArrayBuffer(8));\n"
    "    for (let k = 0; k < 8; k++) d.setUint8(k, u8()); return d.getFloat64(0, true); };\n"
    "  const str = () => { let l = u8() % 40, s = ''; while (l-- > 0) s += String.fromCharCode(u8()); return s; };\n"
    "  const wstr = () => { let l = u8() % 20, s = '';\n"
    "    while (l-- > 0) s += String.fromCharCode(u8() | u8() << 8); return s; };\n"
    "  const keys = ['a', 'b', '0', '1', '__proto__', 'length', 'constructor', 'toString',\n"
    "    '4294967295', '4294967294', '-1', '1.5', '', 'x'.repeat(100), '\\u00e9', '\\u{1F600}', '\\ud800'];\n"
    "  const key = () => { const b = u8(); return b < 128 ? keys[b % keys.length] : b < 192 ? String(b - 128) : str(); };\n"
    "  const specials = [-0, NaN, Infinity, -Infinity, 2 ** 53, 2 ** 53 + 2, 2 ** 63, -(2 ** 63),\n"
    "    2 ** 64, 1e308, 5e-324, 0.5, -1, 4294967295, -2147483649];\n"
    "  const bigs = [0n, -1n, 2n ** 63n - 1n, -(2n ** 63n), 2n ** 64n - 1n, 2n ** 64n, -(2n ** 63n) - 1n, 2n ** 200n];\n"
    "  const TA = [Int8Array, Uint8Array, Uint8ClampedArray, Int16Array, Uint16Array, Int32Array,\n"
    "    Uint32Array, Float32Array, Float64Array, BigInt64Array, BigUint64Array];\n"
    "  const top = () => st[st.length - 1];\n"
    "  const pick = () => (st.length ? st[u8() % st.length] : undefined);\n"
    "  const isObj = v => (typeof v === 'object' && v !== null) || typeof v === 'function';\n"
    "  const buffer = () => { const l = u8() % 64, a = new Uint8Array(l);\n"
    "    for (let k = 0; k < l; k++) a[k] = u8(); return a.buffer; };\n"
    "  const getter = (t, k, get) => Object.defineProperty(t, k, { get, enumerable: true, configurable: true });\n"
    "  const deep = k => { const o = {}; getter(o, k, () => deep(k)); return o; };\n"
    "  const ops = [\n"
    "    () => st.push(undefined), () => st.push(null), () => st.push(!!(u8() & 1)),\n"
    "    () => st.push((u8() << 24) >> 24), () => st.push(u32() | 0), () => st.push(f64()),\n"
    "    () => st.push(specials[u8() % specials.length]), () => st.push(str()), () => st.push(wstr()),\n"
    "    () => st.push(bigs[u8() % bigs.length]),\n"
    "    () => st.push(BigInt.asIntN(64, BigInt(u32()) << 32n | BigInt(u32()))),\n"
    "    () => st.push([]), () => st.push({}), () => st.push(new Map()), () => st.push(new Set()),\n"
    "    () => { const v = st.pop(), t = top(); if (isObj(t)) t[key()] = v; },\n"
    "    () => { const v = st.pop(), t = top(); if (Array.isArray(t)) t.push(v); else if (t instanceof Set) t.add(v); },\n"
    "    () => { const v = st.pop(), k = st.pop(), t = top(); if (t instanceof Map) t.set(k, v); },\n"
    "    () => { const t = top(); if (isObj(t)) t[key()] = t; },\n"
    "    () => st.push(pick()),\n"
    "    () => st.push(Symbol(str())),\n"
    "    () => st.push([() => 1, function f() {}, async () => {}, function* g() {}, class C {},\n"
    "      Math.max, (() => 1).bind(null)][u8() % 7]),\n"
    "    () => st.push(new Proxy(isObj(top()) ? top() : {}, {})),\n"
    "    () => st.push(new Proxy(function () {}, { get() { throw new RangeError('trap'); } })),\n"
    "    () => { const r = Proxy.revocable({}, {}); r.revoke(); st.push(r.proxy); },\n"
    "    () => { const t = top(); if (isObj(t)) getter(t, key(), () => { throw new Error('getter'); }); },\n"
    "    () => { const t = top(); if (isObj(t)) getter(t, key(), function () { return { k: 1, self: this }; }); },\n"
    "    () => { const t = top(); if (isObj(t)) getter(t, key(), () => deep(key())); },\n"
    "    () => { const t = top(), k2 = key(), k3 = key();\n"
    "      if (isObj(t)) getter(t, key(), () => { if (Array.isArray(t)) t.length = 0; else delete t[k2];\n"
    "        t[k3] = [1, 2]; return 7; }); },\n"
    "    () => { const T = TA[u8() % TA.length], b = buffer(), off = (u8() % 9) * T.BYTES_PER_ELEMENT;\n"
    "      try { st.push(new T(b, off)); } catch { st.push(new T(u8() % 5)); } },\n"
    "    () => { const b = buffer(); try { st.push(new DataView(b, u8() % 8, u8() % 8)); } catch { st.push(new DataView(b)); } },\n"
    "    () => st.push(buffer()),\n"
    "    () => { const ab = new ArrayBuffer(16, { maxByteLength: 64 }), T = TA[u8() % TA.length];\n"
    "      st.push(u8() & 1 ? new T(ab, 8) : new DataView(ab, 4, 8)); ab.resize(u8() % 17); },\n"
    "    () => { const t = top(), b = ArrayBuffer.isView(t) ? t.buffer : t;\n"
    "      if (b instanceof ArrayBuffer && b.transfer) b.transfer(); },\n"
    "    () => st.push(new Date(f64())),\n"
    "    () => { const a = []; a[u32() % (1 << 20)] = 1; if (u8() & 1) a.length = u32(); st.push(a); },\n"
    "    () => { const t = top(); if (Array.isArray(t)) t.length = u8(); },\n"
    "    () => st.push(Object.create(null)),\n"
    "    () => { const t = top(); if (isObj(t)) { t[Symbol('s')] = 1;\n"
    "      Object.defineProperty(t, key(), { value: 2, enumerable: false }); } },\n"
    "    () => { const t = top(); if (isObj(t)) Object.freeze(t); },\n"
    "    () => st.push([new Error(str()), /re/g, new WeakMap(), Promise.resolve(1),\n"
    "      (function () { return arguments; })(1, 2), new (class { #p = 1; q = 2; })(),\n"
    "      (function* () {})()][u8() % 7]),\n"
    "    () => { let s = str(); for (let k = u8() % 12; k > 0; k--) s = s + s; st.push(s + wstr()); },\n"
    "    () => { const t = top(); if (t instanceof Map || t instanceof Set) { const m = u8() % 3;\n"
    "      t[t instanceof Map ? 'entries' : 'values'] = m === 0 ? function* () { for (;;) yield [1, {}]; }\n"
    "        : m === 1 ? () => ({ next: () => { throw new Error('next'); } }) : () => 5; } },\n"
    "    () => { const t = top(); if (Array.isArray(t)) Object.defineProperty(t, 'length', { writable: false }); },\n"
    "    () => st.push(st.splice(0, st.length)),\n"
    "    () => { const v = st.pop(); st.push({ v, [key()]: v }); },\n"
    "  ];\n"
    "  for (let budget = 4096; i < n && budget > 0; budget--) { try { ops[u8() % ops.length](); } catch (e) {} }\n"
    "  return st;\n"
    "})\n";
static JSValue builder;
#endif

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    rt = JS_NewRuntime();
    FZ_CHECK(rt, "JS_NewRuntime");
    JS_SetMemoryLimit(rt, FZ_JS_MEMORY);
    JS_SetInterruptHandler(rt, on_interrupt, NULL);
    ctx = JS_NewContext(rt);
    FZ_CHECK(ctx, "JS_NewContext");
    ref_atom = JS_NewAtom(ctx, "weftFuzzRef");
    hooks = (weft__codec_hooks){make_ref, ref_proxy, NULL};
#ifdef FZ_ENCODE
    builder = JS_Eval(ctx, builder_src, sizeof builder_src - 1, "<fuzz builder>", 0);
    FZ_CHECK(!JS_IsException(builder), "the value builder does not compile");
#endif
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1) return 0;
    int args = data[0] & 1;
    interrupts = 0;
#ifdef FZ_ENCODE
    JSValue bytes = JS_NewArrayBufferCopy(ctx, data + 1, size - 1);
    JSValueConst targs[3] = {bytes, JS_UNDEFINED, JS_UNDEFINED};
    JSValue u8 = JS_IsException(bytes) ? JS_EXCEPTION
                                       : JS_NewTypedArray(ctx, 3, targs, JS_TYPED_ARRAY_UINT8);
    JSValue built = JS_IsException(u8) ? JS_EXCEPTION : JS_Call(ctx, builder, JS_UNDEFINED, 1, &u8);
    JS_FreeValue(ctx, bytes);
    JS_FreeValue(ctx, u8);
    if (JS_IsException(built)) { /* the budget ran out while building */
        JS_FreeValue(ctx, JS_GetException(ctx));
    } else {
        char *b1;
        size_t l1;
        if (pack(args, built, &b1, &l1) < 0) {
            expect_codec_error();
        } else {
            interrupts = 0; /* the round trip runs no script code of its own */
            round_trip(args, b1, l1);
            free(b1);
        }
        JS_FreeValue(ctx, built);
    }
#else
    round_trip(args, (const char *)data + 1, size - 1);
#endif
    JSContext *c;
    interrupts = 0;
    while (JS_ExecutePendingJob(rt, &c) > 0) {
    }
    FZ_CHECK(!JS_HasException(ctx), "an exception was left pending");
    /* QuickJS makes some objects on first use (prototypes, the builder's
     * templates): a rise is a leak only if running the input again makes the
     * count rise again. */
    int64_t live = live_objects();
    if (live != baseline_objects && !rerun) {
        rerun = 1;
        LLVMFuzzerTestOneInput(data, size);
        rerun = 0;
        FZ_CHECK(live_objects() == live, "a JS object outlived its input (a leak)");
        baseline_objects = live;
    }
    return 0;
}
