/* codec.c: the JS side of the msgpack value boundary (rules: codec.h and
 * docs/values.md). Packing goes through msgpack-c's packer; unpacking uses
 * the host's token reader (src/host/msgpack.h), because msgpack-c's unpacker
 * stops at 32 levels (MSGPACK_EMBED_STACK_SIZE) and builds an intermediate
 * tree. Invariants: recursion never exceeds WEFT_CODEC_MAX_DEPTH containers;
 * every error is a TypeError naming the path; unpacking checks each container
 * count against the bytes left first. */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <msgpack.h>
#include "host/msgpack.h"
#include "js/codec.h"

/* QuickJS 2025-04-26 has no public JS_IsProxy/JS_IsMap...; these mirror its
 * internal class enum (quickjs.c, JS_CLASS_*), which JS_GetClassID returns.
 * tests/unit/test_codec.c exercises each one with a live object, so a
 * QuickJS upgrade that renumbers them fails there. */
enum {
    QJS_CLASS_DATE = 10,
    QJS_CLASS_ARRAY_BUFFER = 19,
    QJS_CLASS_SHARED_ARRAY_BUFFER = 20,
    QJS_CLASS_UINT8C_ARRAY = 21,
    QJS_CLASS_FLOAT64_ARRAY = 31,
    QJS_CLASS_DATAVIEW = 32,
    QJS_CLASS_MAP = 34,
    QJS_CLASS_SET = 35,
    QJS_CLASS_PROXY = 44,
};

/* An array longer than this many slots beyond twice its own properties is
 * refused as too sparse (it would pack as mostly nils). */
#define CODEC_SPARSE_SLACK 65536

/* ---- ext values JS has no type for --------------------------------------
 * Vectors and quats (ext 20..23) reach JS as FiveM's JS runtime gives them:
 * its msgpack-lite codec has no unpacker for them, so they are ExtBuffer
 * objects, { buffer: Uint8Array (the payload), type: 21 }. One class per
 * process (ids are global), its prototype per context; an ExtBuffer packs
 * back as the same ext, so a vector survives a trip through JS. */
static JSClassID ext_class_id;
static const JSClassDef ext_class = {"ExtBuffer", NULL, NULL, NULL, NULL};

static JSValue ext_new(JSContext *ctx, int type, const uint8_t *p, size_t len);

/* A Uint8Array over a fresh copy of p[0..len). */
static JSValue new_bytes(JSContext *ctx, const uint8_t *p, size_t len)
{
    JSValue ab = JS_NewArrayBufferCopy(ctx, p, len);
    if (JS_IsException(ab)) return ab;
    /* JS_NewTypedArray reads argv[0..2] whatever argc says: pass all three. */
    JSValueConst targs[3] = {ab, JS_UNDEFINED, JS_UNDEFINED};
    JSValue arr = JS_NewTypedArray(ctx, 3, targs, JS_TYPED_ARRAY_UINT8);
    JS_FreeValue(ctx, ab);
    return arr;
}

/* new ExtBuffer(bytes, type): bytes a Uint8Array (copied). */
static JSValue ext_ctor(JSContext *ctx, JSValueConst new_target, int argc, JSValueConst *argv)
{
    size_t off, len, el, size;
    int32_t type = 0;
    JSValue ab = JS_GetTypedArrayBuffer(ctx, argv[0], &off, &len, &el);
    if (JS_IsException(ab)) return ab;
    uint8_t *p = JS_GetArrayBuffer(ctx, &size, ab);
    JS_FreeValue(ctx, ab);
    if (!p || off > size || len > size - off || JS_ToInt32(ctx, &type, argv[1]) < 0)
        return JS_ThrowTypeError(ctx, "ExtBuffer(bytes, type): bytes must be a Uint8Array");
    if (type < -128 || type > 127) return JS_ThrowRangeError(ctx, "ExtBuffer: type out of range");
    return ext_new(ctx, type, p + off, len);
}

/* The class registered in ctx's runtime and its prototype set; 0 or -1. */
static int ext_ready(JSContext *ctx)
{
    JSRuntime *rt = JS_GetRuntime(ctx);
    if (!ext_class_id) JS_NewClassID(&ext_class_id);
    if (!JS_IsRegisteredClass(rt, ext_class_id) && JS_NewClass(rt, ext_class_id, &ext_class) < 0)
        return -1;
    JSValue proto = JS_GetClassProto(ctx, ext_class_id);
    int have = JS_IsObject(proto);
    JS_FreeValue(ctx, proto);
    if (have) return 0;
    proto = JS_NewObject(ctx);
    JSValue ctor = JS_NewCFunction2(ctx, ext_ctor, "ExtBuffer", 2, JS_CFUNC_constructor, 0);
    if (JS_IsException(proto) || JS_IsException(ctor)) {
        JS_FreeValue(ctx, proto);
        JS_FreeValue(ctx, ctor);
        return -1;
    }
    JS_SetConstructor(ctx, ctor, proto);
    JS_FreeValue(ctx, ctor);
    JS_SetClassProto(ctx, ext_class_id, proto);
    return 0;
}

static JSValue ext_new(JSContext *ctx, int type, const uint8_t *p, size_t len)
{
    if (ext_ready(ctx) < 0) return JS_EXCEPTION;
    JSValue obj = JS_NewObjectClass(ctx, (int)ext_class_id);
    if (JS_IsException(obj)) return obj;
    JSValue bytes = new_bytes(ctx, p, len);
    if (JS_IsException(bytes) ||
        JS_DefinePropertyValueStr(ctx, obj, "buffer", bytes, JS_PROP_C_W_E) < 0 ||
        JS_DefinePropertyValueStr(ctx, obj, "type", JS_NewInt32(ctx, type), JS_PROP_C_W_E) < 0) {
        JS_FreeValue(ctx, obj);
        return JS_EXCEPTION;
    }
    return obj;
}

/* ---- JS -> msgpack ------------------------------------------------------ */

enum { SEG_INDEX, SEG_KEY, SEG_MAP_KEY, SEG_MAP_VALUE, SEG_SET_ELEMENT };

typedef struct {
    int kind;
    uint32_t index;
    JSAtom atom; /* SEG_KEY; borrowed from the property table being walked */
} path_seg;

typedef struct {
    JSContext *ctx;
    const weft__codec_hooks *hooks;
    weft__mp_out out; /* the bytes, at most WEFT_CODEC_MAX_BYTES */
    msgpack_packer pk;
    const char *root;                        /* "args" or "value" */
    int depth;                               /* containers open */
    void *open[WEFT_CODEC_MAX_DEPTH];        /* the objects on the current path */
    path_seg path[WEFT_CODEC_MAX_DEPTH + 1]; /* argument index + one per level */
    int npath;
    size_t values; /* pack_js calls, bounded by WEFT_CODEC_MAX_VALUES */
} js_packer;

/* A growable C string for messages. */
typedef struct {
    char *p;
    size_t len, cap;
    int oom;
} strbuf;

static void sb_add(strbuf *b, const char *s, size_t n)
{
    if (b->oom) return;
    if (b->len + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 64;
        while (cap < b->len + n + 1)
            cap *= 2;
        char *p = realloc(b->p, cap);
        if (!p) {
            b->oom = 1;
            return;
        }
        b->p = p;
        b->cap = cap;
    }
    memcpy(b->p + b->len, s, n);
    b->len += n;
    b->p[b->len] = 0;
}

static void sb_printf(strbuf *b, const char *fmt, ...)
{
    char tmp[128];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    if (n > 0) sb_add(b, tmp, (size_t)n < sizeof tmp ? (size_t)n : sizeof tmp - 1);
}

static int is_identifier(const char *s, size_t n)
{
    if (n == 0 || (s[0] >= '0' && s[0] <= '9')) return 0;
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        if (!(c == '_' || c == '$' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
              (c >= '0' && c <= '9')))
            return 0;
    }
    return 1;
}

static void path_format(js_packer *s, strbuf *b)
{
    sb_add(b, s->root, strlen(s->root));
    for (int i = 0; i < s->npath; i++) {
        path_seg *g = &s->path[i];
        switch (g->kind) {
        case SEG_INDEX:
            sb_printf(b, "[%u]", g->index);
            break;
        case SEG_MAP_KEY:
            sb_printf(b, "{key #%u}", g->index);
            break;
        case SEG_MAP_VALUE:
            sb_printf(b, "{value #%u}", g->index);
            break;
        case SEG_SET_ELEMENT:
            sb_printf(b, "{element #%u}", g->index);
            break;
        case SEG_KEY: {
            size_t n;
            JSValue str = JS_AtomToString(s->ctx, g->atom);
            const char *k = JS_IsException(str) ? NULL : JS_ToCStringLen(s->ctx, &n, str);
            JS_FreeValue(s->ctx, str);
            if (!k) {
                JS_FreeValue(s->ctx, JS_GetException(s->ctx));
                sb_add(b, "[?]", 3);
                break;
            }
            if (is_identifier(k, n)) {
                sb_add(b, ".", 1);
                sb_add(b, k, n > 64 ? 64 : n);
            } else {
                sb_add(b, "[\"", 2);
                for (size_t j = 0; j < n && j < 64; j++) {
                    unsigned char c = (unsigned char)k[j];
                    if (c == '"' || c == '\\')
                        sb_printf(b, "\\%c", c);
                    else if (c < 0x20)
                        sb_printf(b, "\\x%02x", c);
                    else
                        sb_add(b, (const char *)&k[j], 1);
                }
                sb_add(b, "\"]", 2);
            }
            if (n > 64) sb_add(b, "...", 3);
            JS_FreeCString(s->ctx, k);
            break;
        }
        }
    }
}

/* 1 if script can catch e. QuickJS has no public test for the flag
 * JS_SetUncatchableError sets (weft uses it for process.exit()), so throw e
 * at a try/catch and see. Runs only on error paths; 0 if unsure. */
int weft__codec_is_catchable(JSContext *ctx, JSValueConst e)
{
    return !JS_IsUncatchableError(ctx, e); /* deps/patches/0100 */
}

/* Throw a TypeError "<what> at <path>[: <cause>]" (cause: a pending
 * exception, taken and attached as .cause; an uncatchable one is rethrown
 * as is). Always returns -1. */
static int __attribute__((format(printf, 3, 4)))
pack_fail(js_packer *s, int with_cause, const char *fmt, ...)
{
    JSContext *ctx = s->ctx;
    JSValue cause = with_cause ? JS_GetException(ctx) : JS_UNDEFINED;
    if (with_cause && !weft__codec_is_catchable(ctx, cause)) {
        JS_Throw(ctx, cause);
        return -1;
    }
    char what[160];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    strbuf b = {0};
    sb_add(&b, what, strlen(what));
    sb_add(&b, " at ", 4);
    path_format(s, &b);
    if (with_cause) {
        const char *m = JS_ToCString(ctx, cause);
        if (m) {
            sb_add(&b, ": ", 2);
            sb_add(&b, m, strlen(m));
            JS_FreeCString(ctx, m);
        } else {
            JS_FreeValue(ctx, JS_GetException(ctx));
        }
    }
    if (b.oom) {
        free(b.p);
        JS_FreeValue(ctx, cause);
        JS_ThrowOutOfMemory(ctx);
        return -1;
    }
    JS_ThrowTypeError(ctx, "%s", b.p);
    /* JS_ThrowTypeError truncates at 255 bytes: set the full message. */
    JSValue err = JS_GetException(ctx);
    if (JS_IsObject(err)) {
        JSValue msg = JS_NewStringLen(ctx, b.p, b.len);
        if (!JS_IsException(msg))
            JS_DefinePropertyValueStr(ctx, err, "message", msg,
                                      JS_PROP_WRITABLE | JS_PROP_CONFIGURABLE);
        if (with_cause)
            JS_DefinePropertyValueStr(ctx, err, "cause", JS_DupValue(ctx, cause),
                                      JS_PROP_WRITABLE | JS_PROP_CONFIGURABLE);
        JS_FreeValue(ctx, JS_GetException(ctx)); /* anything the defines threw */
    }
    JS_Throw(ctx, err);
    JS_FreeValue(ctx, cause);
    free(b.p);
    return -1;
}

/* A msgpack write failed: the output grew past WEFT_CODEC_MAX_BYTES, or
 * memory ran out. Always returns -1 with an exception pending. */
static int pk_failed(js_packer *s)
{
    if (s->out.too_big)
        return pack_fail(s, 0, "a value packing to more than %zu bytes cannot be passed",
                         (size_t)WEFT_CODEC_MAX_BYTES);
    JS_ThrowOutOfMemory(s->ctx);
    return -1;
}

#define PK(call)                                                                                   \
    do {                                                                                           \
        if ((call) != 0) return pk_failed(s);                                                      \
    } while (0)

static int pack_js(js_packer *s, JSValueConst v);

static int pack_number(js_packer *s, double d)
{
    /* Integral, not -0, and inside [-2^63, 2^63): an int. */
    if (d == floor(d) && d >= -9223372036854775808.0 && d < 9223372036854775808.0 &&
        !(d == 0 && signbit(d)))
        PK(msgpack_pack_int64(&s->pk, (int64_t)d));
    else
        PK(msgpack_pack_double(&s->pk, d));
    return 0;
}

static int pack_bigint(js_packer *s, JSValueConst v)
{
    const char *str = JS_ToCString(s->ctx, v); /* decimal; fit-checked below */
    if (!str) return -1;
    char *end;
    int neg = str[0] == '-';
    int ok;
    errno = 0;
    if (neg) {
        long long i = strtoll(str, &end, 10);
        ok = errno == 0 && *end == 0;
        if (ok && msgpack_pack_int64(&s->pk, i) != 0) ok = -1;
    } else {
        unsigned long long u = strtoull(str, &end, 10);
        ok = errno == 0 && *end == 0;
        if (ok && msgpack_pack_uint64(&s->pk, u) != 0) ok = -1;
    }
    JS_FreeCString(s->ctx, str);
    if (ok < 0) return pk_failed(s);
    if (!ok) return pack_fail(s, 0, "a BigInt outside the int64/uint64 range cannot be passed");
    return 0;
}

static int pack_bytes(js_packer *s, const uint8_t *p, size_t n)
{
    if (n > UINT32_MAX) return pack_fail(s, 0, "a binary value over 4 GiB cannot be passed");
    PK(msgpack_pack_bin(&s->pk, n));
    PK(msgpack_pack_bin_body(&s->pk, p, n));
    return 0;
}

static int pack_function(js_packer *s, JSValueConst fn)
{
    const weft__codec_hooks *h = s->hooks;
    if (!h || !h->make_ref) return pack_fail(s, 0, "cannot pass a function here");
    char id[WEFT__CODEC_REF_ID_CAP];
    id[0] = 0;
    int rc = h->make_ref(h->opaque, s->ctx, fn, id, sizeof id);
    if (rc < 0) {
        if (JS_HasException(s->ctx)) return pack_fail(s, 1, "cannot pass a function here");
        return pack_fail(s, 0, "cannot pass a function here (%s)", weft_strerror(rc));
    }
    id[sizeof id - 1] = 0;
    size_t n = strlen(id);
    PK(msgpack_pack_ext(&s->pk, n, WEFT__CODEC_EXT_REF));
    PK(msgpack_pack_ext_body(&s->pk, id, n));
    return 0;
}

/* Byte view of an ArrayBuffer, typed array or DataView; bounds re-checked
 * against the buffer so a tampered DataView getter cannot read outside it. */
static int pack_buffer_view(js_packer *s, JSValueConst v, JSClassID cls)
{
    JSContext *ctx = s->ctx;
    size_t off = 0, len = 0, size;
    JSValue buf;
    if (cls == QJS_CLASS_ARRAY_BUFFER || cls == QJS_CLASS_SHARED_ARRAY_BUFFER) {
        buf = JS_DupValue(ctx, v);
    } else if (cls == QJS_CLASS_DATAVIEW) {
        int64_t o = -1, l = -1;
        JSValue jo = JS_GetPropertyStr(ctx, v, "byteOffset");
        JSValue jl = JS_GetPropertyStr(ctx, v, "byteLength");
        int bad = JS_IsException(jo) || JS_IsException(jl) || JS_ToInt64(ctx, &o, jo) < 0 ||
                  JS_ToInt64(ctx, &l, jl) < 0;
        JS_FreeValue(ctx, jo);
        JS_FreeValue(ctx, jl);
        if (bad) return pack_fail(s, 1, "cannot read a DataView");
        buf = JS_GetPropertyStr(ctx, v, "buffer");
        if (JS_IsException(buf)) return pack_fail(s, 1, "cannot read a DataView");
        if (o < 0 || l < 0) {
            JS_FreeValue(ctx, buf);
            return pack_fail(s, 0, "cannot read a DataView");
        }
        off = (size_t)o;
        len = (size_t)l;
    } else {
        size_t elsize;
        buf = JS_GetTypedArrayBuffer(ctx, v, &off, &len, &elsize);
        if (JS_IsException(buf)) return pack_fail(s, 1, "cannot read a typed array");
    }
    uint8_t *p = JS_GetArrayBuffer(ctx, &size, buf);
    JS_FreeValue(ctx, buf);
    if (!p) return pack_fail(s, 1, "cannot read an ArrayBuffer");
    if (cls == QJS_CLASS_ARRAY_BUFFER || cls == QJS_CLASS_SHARED_ARRAY_BUFFER) len = size;
    if (off > size || len > size - off)
        return pack_fail(s, 0, "a buffer view outside its ArrayBuffer cannot be passed");
    return pack_bytes(s, p + off, len);
}

/* An ExtBuffer (an ext value received earlier): the same ext back. */
static int pack_ext_object(js_packer *s, JSValueConst v)
{
    JSContext *ctx = s->ctx;
    int32_t type = 0;
    size_t off = 0, len = 0, el, size;
    JSValue jt = JS_GetPropertyStr(ctx, v, "type");
    JSValue jb = JS_GetPropertyStr(ctx, v, "buffer");
    JSValue ab = JS_IsException(jb) ? JS_EXCEPTION : JS_GetTypedArrayBuffer(ctx, jb, &off, &len, &el);
    int bad = JS_IsException(jt) || JS_ToInt32(ctx, &type, jt) < 0 || JS_IsException(ab);
    uint8_t *p = bad ? NULL : JS_GetArrayBuffer(ctx, &size, ab);
    JS_FreeValue(ctx, jt);
    JS_FreeValue(ctx, jb);
    JS_FreeValue(ctx, ab);
    if (!p || type < -128 || type > 127 || off > size || len > size - off || len > UINT32_MAX)
        return pack_fail(s, 1, "cannot read an ExtBuffer (buffer must be a Uint8Array)");
    PK(msgpack_pack_ext(&s->pk, len, (int8_t)type));
    PK(msgpack_pack_ext_body(&s->pk, p + off, len));
    return 0;
}

static int pack_child(js_packer *s, int kind, uint32_t index, JSAtom atom, JSValueConst v)
{
    s->path[s->npath++] = (path_seg){kind, index, atom};
    int rc = pack_js(s, v);
    s->npath--;
    return rc;
}

static int pack_array(js_packer *s, JSValueConst v)
{
    JSContext *ctx = s->ctx;
    int64_t len;
    JSValue jlen = JS_GetPropertyStr(ctx, v, "length");
    if (JS_IsException(jlen) || JS_ToInt64(ctx, &len, jlen) < 0) {
        JS_FreeValue(ctx, jlen);
        return pack_fail(s, 1, "cannot read an array's length");
    }
    JS_FreeValue(ctx, jlen);
    if (len < 0 || len > UINT32_MAX) len = 0;
    if (len > CODEC_SPARSE_SLACK) {
        JSPropertyEnum *tab;
        uint32_t n;
        if (JS_GetOwnPropertyNames(ctx, &tab, &n, v, JS_GPN_STRING_MASK) < 0)
            return pack_fail(s, 1, "cannot list an array's elements");
        for (uint32_t i = 0; i < n; i++)
            JS_FreeAtom(ctx, tab[i].atom);
        js_free(ctx, tab);
        if ((uint64_t)len > 2 * (uint64_t)n + CODEC_SPARSE_SLACK)
            return pack_fail(s, 0, "cannot pass a sparse array (length %lld, %u elements)",
                             (long long)len, n);
    }
    PK(msgpack_pack_array(&s->pk, (size_t)len));
    int is_proxy = JS_GetClassID(v) == QJS_CLASS_PROXY;
    for (uint32_t i = 0; i < (uint32_t)len; i++) {
        JSPropertyDescriptor d;
        JSAtom atom = JS_NewAtomUInt32(ctx, i);
        if (atom == 0) return -1;
        int has = JS_GetOwnProperty(ctx, &d, v, atom);
        JSValue el = JS_UNDEFINED;
        if (has > 0) {
            if ((d.flags & JS_PROP_GETSET) || is_proxy) { /* a Proxy: its get trap */
                JS_FreeValue(ctx, d.getter);
                JS_FreeValue(ctx, d.setter);
                JS_FreeValue(ctx, d.value);
                el = JS_GetProperty(ctx, v, atom);
            } else {
                el = d.value;
            }
        }
        JS_FreeAtom(ctx, atom);
        if (has < 0 || JS_IsException(el)) {
            s->path[s->npath++] = (path_seg){SEG_INDEX, i, 0};
            pack_fail(s, 1, "a getter threw");
            s->npath--;
            return -1;
        }
        int rc = pack_child(s, SEG_INDEX, i, 0, el);
        JS_FreeValue(ctx, el);
        if (rc < 0) return -1;
    }
    return 0;
}

static int pack_object(js_packer *s, JSValueConst v)
{
    JSContext *ctx = s->ctx;
    JSPropertyEnum *tab;
    uint32_t n;
    int rc = 0;
    if (JS_GetOwnPropertyNames(ctx, &tab, &n, v, JS_GPN_STRING_MASK | JS_GPN_ENUM_ONLY) < 0)
        return pack_fail(s, 1, "cannot list an object's properties");
    if (msgpack_pack_map(&s->pk, n) != 0) rc = pk_failed(s);
    for (uint32_t i = 0; i < n && rc == 0; i++) {
        size_t klen;
        JSValue key = JS_AtomToString(ctx, tab[i].atom);
        const char *k = JS_IsException(key) ? NULL : JS_ToCStringLen(ctx, &klen, key);
        JS_FreeValue(ctx, key);
        if (!k) {
            rc = -1;
            break;
        }
        if (msgpack_pack_str_with_body(&s->pk, k, klen) != 0) rc = pk_failed(s);
        JS_FreeCString(ctx, k);
        if (rc < 0) break;
        JSValue el = JS_GetProperty(ctx, v, tab[i].atom);
        if (JS_IsException(el)) {
            s->path[s->npath++] = (path_seg){SEG_KEY, 0, tab[i].atom};
            rc = pack_fail(s, 1, "a getter threw");
            s->npath--;
            break;
        }
        rc = pack_child(s, SEG_KEY, 0, tab[i].atom, el);
        JS_FreeValue(ctx, el);
    }
    for (uint32_t i = 0; i < n; i++)
        JS_FreeAtom(ctx, tab[i].atom);
    js_free(ctx, tab);
    return rc;
}

/* Map (pairs = 1: entries as key, value) or Set (values). The entries are
 * collected first so the header count matches what is packed even if the
 * iteration misbehaves. Bound: the iteration stops after UINT32_MAX values. */
static int pack_collection(js_packer *s, JSValueConst v, int pairs)
{
    JSContext *ctx = s->ctx;
    const char *what = pairs ? "a Map" : "a Set";
    JSValue *vals = NULL;
    size_t n = 0, cap = 0;
    int rc = -1;
    JSAtom method = JS_NewAtom(ctx, pairs ? "entries" : "values");
    JSValue it = JS_Invoke(ctx, v, method, 0, NULL);
    JS_FreeAtom(ctx, method);
    JSValue next = JS_IsException(it) ? JS_EXCEPTION : JS_GetPropertyStr(ctx, it, "next");
    if (JS_IsException(next)) {
        pack_fail(s, 1, "cannot iterate %s", what);
        goto done;
    }
    for (;;) {
        JSValue res = JS_Call(ctx, next, it, 0, NULL);
        if (JS_IsException(res)) {
            pack_fail(s, 1, "cannot iterate %s", what);
            goto done;
        }
        JSValue jdone = JS_GetPropertyStr(ctx, res, "done");
        int isdone = JS_IsException(jdone) ? -1 : JS_ToBool(ctx, jdone);
        JS_FreeValue(ctx, jdone);
        JSValue item = isdone ? JS_UNDEFINED : JS_GetPropertyStr(ctx, res, "value");
        JS_FreeValue(ctx, res);
        if (isdone < 0 || JS_IsException(item)) {
            pack_fail(s, 1, "cannot iterate %s", what);
            goto done;
        }
        if (isdone) break;
        if (n + 2 > cap) {
            if (n / (pairs ? 2 : 1) >= UINT32_MAX) {
                JS_FreeValue(ctx, item);
                pack_fail(s, 0, "%s is too large to pass", what);
                goto done;
            }
            size_t ncap = cap ? cap * 2 : 16;
            JSValue *nv = realloc(vals, ncap * sizeof *nv);
            if (!nv) {
                JS_FreeValue(ctx, item);
                JS_ThrowOutOfMemory(ctx);
                goto done;
            }
            vals = nv;
            cap = ncap;
        }
        if (pairs) {
            JSValue k = JS_GetPropertyUint32(ctx, item, 0);
            JSValue val = JS_IsException(k) ? JS_UNDEFINED : JS_GetPropertyUint32(ctx, item, 1);
            JS_FreeValue(ctx, item);
            if (JS_IsException(k) || JS_IsException(val)) {
                JS_FreeValue(ctx, k);
                pack_fail(s, 1, "cannot iterate %s", what);
                goto done;
            }
            vals[n++] = k;
            vals[n++] = val;
        } else {
            vals[n++] = item;
        }
    }
    if ((pairs ? msgpack_pack_map(&s->pk, n / 2) : msgpack_pack_array(&s->pk, n)) != 0) {
        pk_failed(s);
        goto done;
    }
    rc = 0;
    for (size_t i = 0; i < n && rc == 0; i++) {
        if (pairs)
            rc = pack_child(s, i % 2 ? SEG_MAP_VALUE : SEG_MAP_KEY, (uint32_t)(i / 2), 0, vals[i]);
        else
            rc = pack_child(s, SEG_SET_ELEMENT, (uint32_t)i, 0, vals[i]);
    }
done:
    for (size_t i = 0; i < n; i++)
        JS_FreeValue(ctx, vals[i]);
    free(vals);
    JS_FreeValue(ctx, next);
    JS_FreeValue(ctx, it);
    return rc;
}

static int pack_js(js_packer *s, JSValueConst v)
{
    JSContext *ctx = s->ctx;
    /* Plain data runs no script code, so the CPU watchdog cannot stop a
     * value whose shared references double at each level: this does. */
    if (++s->values > WEFT_CODEC_MAX_VALUES)
        return pack_fail(s, 0,
                         "a value made of more than %d values (a shared object counts each "
                         "time it is reached) cannot be passed",
                         (int)WEFT_CODEC_MAX_VALUES);
    switch (JS_VALUE_GET_TAG(v)) {
    case JS_TAG_INT:
        PK(msgpack_pack_int64(&s->pk, JS_VALUE_GET_INT(v)));
        return 0;
    case JS_TAG_BOOL:
        PK(JS_VALUE_GET_BOOL(v) ? msgpack_pack_true(&s->pk) : msgpack_pack_false(&s->pk));
        return 0;
    case JS_TAG_NULL:
    case JS_TAG_UNDEFINED:
        PK(msgpack_pack_nil(&s->pk));
        return 0;
    case JS_TAG_STRING:
    case JS_TAG_STRING_ROPE: {
        size_t n;
        const char *str = JS_ToCStringLen(ctx, &n, v);
        if (!str) return -1;
        int rc = msgpack_pack_str_with_body(&s->pk, str, n);
        JS_FreeCString(ctx, str);
        PK(rc);
        return 0;
    }
    case JS_TAG_SYMBOL:
        return pack_fail(s, 0, "cannot pass a symbol");
    case JS_TAG_OBJECT:
        break;
    default:
        if (JS_IsBigInt(ctx, v)) return pack_bigint(s, v);
        if (JS_IsNumber(v)) {
            double d;
            JS_ToFloat64(ctx, &d, v);
            return pack_number(s, d);
        }
        return pack_fail(s, 0, "cannot pass this kind of value");
    }

    /* Callables first: a callable Proxy is a function too. */
    if (JS_IsFunction(ctx, v)) return pack_function(s, v);
    JSClassID cls = JS_GetClassID(v);
    if (ext_class_id && cls == ext_class_id) return pack_ext_object(s, v);
    /* A Proxy packs as the data its traps expose (FiveM PR #3852: reactive
     * objects): an array if it proxies one, else its own enumerable keys. */
    if (cls == QJS_CLASS_DATE) {
        double d;
        if (JS_ToFloat64(ctx, &d, v) < 0) return pack_fail(s, 1, "cannot read a Date");
        PK(msgpack_pack_double(&s->pk, d));
        return 0;
    }
    if (cls == QJS_CLASS_ARRAY_BUFFER || cls == QJS_CLASS_SHARED_ARRAY_BUFFER ||
        cls == QJS_CLASS_DATAVIEW ||
        (cls >= QJS_CLASS_UINT8C_ARRAY && cls <= QJS_CLASS_FLOAT64_ARRAY))
        return pack_buffer_view(s, v, cls);

    void *ptr = JS_VALUE_GET_PTR(v);
    for (int i = 0; i < s->depth; i++)
        if (s->open[i] == ptr) return pack_fail(s, 0, "cannot pass a cyclic value");
    if (s->depth == WEFT_CODEC_MAX_DEPTH)
        return pack_fail(s, 0, "cannot pass a value nested deeper than %d levels",
                         WEFT_CODEC_MAX_DEPTH);
    s->open[s->depth++] = ptr;
    int rc;
    if (cls == QJS_CLASS_MAP)
        rc = pack_collection(s, v, 1);
    else if (cls == QJS_CLASS_SET)
        rc = pack_collection(s, v, 0);
    else if (JS_IsArray(ctx, v) > 0)
        rc = pack_array(s, v);
    else
        rc = pack_object(s, v);
    s->depth--;
    return rc;
}

static void packer_init(js_packer *s, JSContext *ctx, const weft__codec_hooks *hooks,
                        const char *root)
{
    s->ctx = ctx;
    s->hooks = hooks;
    s->root = root;
    s->depth = 0;
    s->npath = 0;
    s->values = 0;
    weft__mp_out_init(&s->out);
    msgpack_packer_init(&s->pk, &s->out, weft__mp_out_write);
}

static int packer_finish(js_packer *s, int rc, char **out, size_t *outlen)
{
    if (rc < 0) {
        msgpack_sbuffer_destroy(&s->out.sb);
        return -1;
    }
    *outlen = s->out.sb.size;
    *out = msgpack_sbuffer_release(&s->out.sb);
    return 0;
}

int weft__codec_pack_js_args(JSContext *ctx, const weft__codec_hooks *hooks, int argc,
                             JSValueConst *argv, char **out, size_t *outlen)
{
    js_packer s;
    packer_init(&s, ctx, hooks, "args");
    int rc = 0;
    if (argc > WEFT_CALL_ARGS_MAX) {
        JS_ThrowRangeError(ctx, "too many arguments (%d; at most %d)", argc, WEFT_CALL_ARGS_MAX);
        rc = -1;
    } else if (msgpack_pack_array(&s.pk, argc < 0 ? 0 : (size_t)argc) != 0) {
        rc = pk_failed(&s);
    }
    for (int i = 0; i < argc && rc == 0; i++)
        rc = pack_child(&s, SEG_INDEX, (uint32_t)i, 0, argv[i]);
    return packer_finish(&s, rc, out, outlen);
}

int weft__codec_pack_js_value(JSContext *ctx, const weft__codec_hooks *hooks, JSValueConst v,
                              char **out, size_t *outlen)
{
    js_packer s;
    packer_init(&s, ctx, hooks, "value");
    return packer_finish(&s, pack_js(&s, v), out, outlen);
}

/* ---- msgpack -> JS ------------------------------------------------------ */

typedef struct {
    JSContext *ctx;
    const weft__codec_hooks *hooks;
    weft__mp_reader rd;
} js_unpacker;

static JSValue malformed(JSContext *ctx)
{
    return JS_ThrowTypeError(ctx, "malformed msgpack value");
}

/* An integer as a number when a double holds it exactly, else a BigInt. */
static JSValue new_int(JSContext *ctx, const weft__mp_token *t)
{
    if (t->type == WEFT__MP_UINT) {
        double d = (double)t->u;
        if (d < 18446744073709551616.0 && (uint64_t)d == t->u) return JS_NewFloat64(ctx, d);
        return JS_NewBigUint64(ctx, t->u);
    }
    double d = (double)t->i;
    if (d < 9223372036854775808.0 && (int64_t)d == t->i) return JS_NewInt64(ctx, t->i);
    return JS_NewBigInt64(ctx, t->i);
}

static JSValue unpack_ext(js_unpacker *u, const weft__mp_token *t)
{
    JSContext *ctx = u->ctx;
    if (t->ext_type == WEFT__CODEC_EXT_REF || t->ext_type == WEFT__CODEC_EXT_LOCAL_REF) {
        if (!u->hooks || !u->hooks->ref_proxy)
            return JS_ThrowTypeError(ctx, "cannot receive a function reference here");
        return u->hooks->ref_proxy(u->hooks->opaque, ctx, t->p, t->len);
    }
    if (t->ext_type >= WEFT__CODEC_EXT_VECTOR2 && t->ext_type <= WEFT__CODEC_EXT_QUAT) {
        uint32_t n = t->ext_type == WEFT__CODEC_EXT_VECTOR2 ? 2 : t->ext_type == WEFT__CODEC_EXT_VECTOR3 ? 3 : 4;
        if (t->len != n * 4) return malformed(ctx);
        return ext_new(ctx, t->ext_type, (const uint8_t *)t->p, t->len);
    }
    return JS_ThrowTypeError(ctx, "unsupported msgpack ext type %d", t->ext_type);
}

static JSValue unpack_js(js_unpacker *u, int depth)
{
    JSContext *ctx = u->ctx;
    weft__mp_token t;
    if (weft__codec_mp_next(&u->rd, &t) < 0) return malformed(ctx);
    switch (t.type) {
    case WEFT__MP_NIL:
        return JS_NULL;
    case WEFT__MP_BOOL:
        return JS_NewBool(ctx, t.boolean);
    case WEFT__MP_INT:
    case WEFT__MP_UINT:
        return new_int(ctx, &t);
    case WEFT__MP_FLOAT:
        return JS_NewFloat64(ctx, t.f);
    case WEFT__MP_STR:
        return JS_NewStringLen(ctx, t.p, t.len);
    case WEFT__MP_BIN:
        return new_bytes(ctx, (const uint8_t *)t.p, t.len);
    case WEFT__MP_EXT:
        return unpack_ext(u, &t);
    case WEFT__MP_ARRAY:
    case WEFT__MP_MAP:
        break;
    }
    if (depth == WEFT_CODEC_MAX_DEPTH)
        return JS_ThrowTypeError(ctx, "msgpack value nested deeper than %d levels",
                                 WEFT_CODEC_MAX_DEPTH);
    if (t.type == WEFT__MP_ARRAY) {
        JSValue arr = JS_NewArray(ctx);
        if (JS_IsException(arr)) return arr;
        for (uint32_t i = 0; i < t.len; i++) {
            JSValue el = unpack_js(u, depth + 1);
            if (JS_IsException(el) ||
                JS_DefinePropertyValueUint32(ctx, arr, i, el, JS_PROP_C_W_E) < 0) {
                JS_FreeValue(ctx, arr);
                return JS_EXCEPTION;
            }
        }
        return arr;
    }
    JSValue obj = JS_NewObject(ctx);
    if (JS_IsException(obj)) return obj;
    for (uint32_t i = 0; i < t.len; i++) {
        JSValue key = unpack_js(u, depth + 1);
        if (JS_IsException(key)) goto fail;
        if (JS_IsObject(key)) {
            JS_FreeValue(ctx, key);
            JS_ThrowTypeError(ctx, "a msgpack map key must be a string, number, boolean or nil");
            goto fail;
        }
        JSAtom atom = JS_ValueToAtom(ctx, key); /* a property key, as obj[key] would */
        JS_FreeValue(ctx, key);
        if (atom == 0) goto fail; /* JS_ATOM_NULL */
        JSValue val = unpack_js(u, depth + 1);
        /* Defined, not set: a "__proto__" key is an own property, no setter runs. */
        int rc =
            JS_IsException(val) ? -1 : JS_DefinePropertyValue(ctx, obj, atom, val, JS_PROP_C_W_E);
        JS_FreeAtom(ctx, atom);
        if (rc < 0) goto fail;
    }
    return obj;
fail:
    JS_FreeValue(ctx, obj);
    return JS_EXCEPTION;
}

static JSValue unpack_finish(js_unpacker *u, JSValue v)
{
    if (!JS_IsException(v) && u->rd.p != u->rd.end) {
        JS_FreeValue(u->ctx, v);
        return malformed(u->ctx); /* trailing bytes */
    }
    return v;
}

JSValue weft__codec_unpack_js_args(JSContext *ctx, const weft__codec_hooks *hooks, const char *buf,
                                   size_t len)
{
    js_unpacker u = {ctx, hooks, {(const uint8_t *)buf, (const uint8_t *)buf + len}};
    weft__mp_token t;
    if (!buf || weft__codec_mp_next(&u.rd, &t) < 0 || t.type != WEFT__MP_ARRAY)
        return malformed(ctx);
    if (t.len > WEFT_CALL_ARGS_MAX)
        return JS_ThrowRangeError(ctx, "too many arguments (%u; at most %d)", t.len,
                                  WEFT_CALL_ARGS_MAX);
    JSValue arr = JS_NewArray(ctx);
    if (JS_IsException(arr)) return arr;
    for (uint32_t i = 0; i < t.len; i++) {
        JSValue el = unpack_js(&u, 0);
        if (JS_IsException(el) ||
            JS_DefinePropertyValueUint32(ctx, arr, i, el, JS_PROP_C_W_E) < 0) {
            JS_FreeValue(ctx, arr);
            return JS_EXCEPTION;
        }
    }
    return unpack_finish(&u, arr);
}

JSValue weft__codec_unpack_js_value(JSContext *ctx, const weft__codec_hooks *hooks, const char *buf,
                                    size_t len)
{
    js_unpacker u = {ctx, hooks, {(const uint8_t *)buf, (const uint8_t *)buf + len}};
    if (!buf) return malformed(ctx);
    return unpack_finish(&u, unpack_js(&u, 0));
}
