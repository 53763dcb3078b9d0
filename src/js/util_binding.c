/* util_binding.c: what Node's internalBinding('util') and util.types read
 * from the engine: the exact kind of an object (QuickJS's class id: a Proxy
 * of a Map is no Map), a Proxy's target and handler, the entries of
 * collections and their iterators without running script (QuickJS patch
 * 0060), own non-index keys, V8's constructor-name rule, private symbols.
 * Nothing here calls into script except getters a Proxy's traps may be (a
 * Proxy is never looked through). natives.binding('util'), made on demand;
 * and natives.binding('sigint_watchdog'), contextify's SIGINT watchdog. */
#include <signal.h>
#include <stdatomic.h>
#include <string.h>
#include "js/js.h"

/* The kinds util.types tells apart. QuickJS keeps its class ids private; the
 * ids are read once from sample objects (they are fixed for a build). */
enum util_kind {
    K_MAP, K_SET, K_WEAKMAP, K_WEAKSET, K_MAP_ITERATOR, K_SET_ITERATOR, K_DATE, K_REGEXP,
    K_PROMISE, K_PROXY, K_ERROR, K_NUMBER, K_STRING, K_BOOLEAN, K_SYMBOL, K_BIGINT,
    K_ARGUMENTS, K_MAPPED_ARGUMENTS, K_ARRAY_BUFFER, K_SHARED_ARRAY_BUFFER, K_DATAVIEW,
    K_UINT8, K_UINT8C, K_UINT16, K_UINT32, K_INT8, K_INT16, K_INT32, K_FLOAT32, K_FLOAT64,
    K_BIGINT64, K_BIGUINT64, K_ASYNC_FUNCTION, K_GENERATOR_FUNCTION,
    K_ASYNC_GENERATOR_FUNCTION, K_GENERATOR, K_ASYNC_GENERATOR, K_WEAKREF, K_ARRAY,
    K_BYTECODE_FUNCTION, K_C_FUNCTION, K_BOUND_FUNCTION, K_C_FUNCTION_DATA, K_COUNT
};

/* in enum order; evaluated as one array literal */
static const char kind_samples[] =
    "[new Map, new Set, new WeakMap, new WeakSet, new Map().keys(), new Set().keys(),"
    " new Date(0), /x/, Promise.resolve(), new Proxy({}, {}), new Error, new Number(0),"
    " new String(''), new Boolean(false), Object(Symbol()), Object(0n),"
    " (function () { 'use strict'; return arguments; })(), (function () { return arguments; })(),"
    " new ArrayBuffer(0), new SharedArrayBuffer(0), new DataView(new ArrayBuffer(0)),"
    " new Uint8Array, new Uint8ClampedArray, new Uint16Array, new Uint32Array, new Int8Array,"
    " new Int16Array, new Int32Array, new Float32Array, new Float64Array, new BigInt64Array,"
    " new BigUint64Array, async function () {}, function* () {}, async function* () {},"
    " (function* () {})(), (async function* () {})(), new WeakRef({}), [],"
    " function () {}, Math.abs, Math.abs.bind(null), Proxy.revocable({}, {}).revoke]";

/* V8's class_name() for the kinds that have one other than "Object" */
static const char *const kind_class_names[K_COUNT] = {
    [K_MAP] = "Map", [K_SET] = "Set", [K_WEAKMAP] = "WeakMap", [K_WEAKSET] = "WeakSet",
    [K_DATE] = "Date", [K_REGEXP] = "RegExp", [K_PROMISE] = "Promise", [K_ERROR] = "Error",
    [K_NUMBER] = "Number", [K_STRING] = "String", [K_BOOLEAN] = "Boolean",
    [K_SYMBOL] = "Symbol", [K_BIGINT] = "BigInt", [K_ARGUMENTS] = "Arguments",
    [K_MAPPED_ARGUMENTS] = "Arguments", [K_ARRAY_BUFFER] = "ArrayBuffer",
    [K_SHARED_ARRAY_BUFFER] = "SharedArrayBuffer", [K_DATAVIEW] = "DataView",
    [K_UINT8] = "Uint8Array", [K_UINT8C] = "Uint8ClampedArray", [K_UINT16] = "Uint16Array",
    [K_UINT32] = "Uint32Array", [K_INT8] = "Int8Array", [K_INT16] = "Int16Array",
    [K_INT32] = "Int32Array", [K_FLOAT32] = "Float32Array", [K_FLOAT64] = "Float64Array",
    [K_BIGINT64] = "BigInt64Array", [K_BIGUINT64] = "BigUint64Array",
    [K_ASYNC_FUNCTION] = "Function", [K_GENERATOR_FUNCTION] = "Function",
    [K_ASYNC_GENERATOR_FUNCTION] = "Function", [K_WEAKREF] = "WeakRef", [K_ARRAY] = "Array",
    [K_BYTECODE_FUNCTION] = "Function", [K_C_FUNCTION] = "Function",
    [K_BOUND_FUNCTION] = "Function", [K_C_FUNCTION_DATA] = "Function",
};

/* the same in every runtime of this process: read when the first runtime is
 * made, before any script could replace a constructor (a race between two
 * first runtimes only writes equal values) */
static JSClassID kind_class[K_COUNT];
static int kinds_ready;

int weft__js_util_kinds_init(JSContext *ctx)
{
    if (kinds_ready) return 0;
    JSValue a = JS_Eval(ctx, kind_samples, sizeof kind_samples - 1, "<util kinds>",
                        JS_EVAL_TYPE_GLOBAL);
    if (JS_IsException(a)) return -1;
    for (int k = 0; k < K_COUNT; k++) {
        JSValue v = JS_GetPropertyUint32(ctx, a, (uint32_t)k);
        kind_class[k] = JS_GetClassID(v);
        JS_FreeValue(ctx, v);
    }
    JS_FreeValue(ctx, a);
    kinds_ready = 1;
    return 0;
}

static int kind_of(JSValueConst v)
{
    if (!JS_IsObject(v)) return -1;
    JSClassID id = JS_GetClassID(v);
    for (int k = 0; k < K_COUNT; k++)
        if (kind_class[k] == id) return k;
    return -1;
}

/* util.types checks: magic is the test (one kind, or a family below) */
enum {
    T_ANY_ARRAY_BUFFER = K_COUNT, T_TYPED_ARRAY, T_ARRAY_BUFFER_VIEW, T_BOXED, T_ARGUMENTS,
    T_ASYNC_FUNCTION, T_GENERATOR_FUNCTION, T_GENERATOR_OBJECT, T_MODULE_NS
};

static JSValue util_is(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv,
                       int magic)
{
    int k = argc > 0 ? kind_of(argv[0]) : -1;
    int r;
    switch (magic) {
    case T_ANY_ARRAY_BUFFER: r = k == K_ARRAY_BUFFER || k == K_SHARED_ARRAY_BUFFER; break;
    case T_TYPED_ARRAY: r = k >= K_UINT8 && k <= K_BIGUINT64; break;
    case T_ARRAY_BUFFER_VIEW: r = k >= K_DATAVIEW && k <= K_BIGUINT64; break;
    case T_BOXED: r = k >= K_NUMBER && k <= K_BIGINT; break;
    case T_ARGUMENTS: r = k == K_ARGUMENTS || k == K_MAPPED_ARGUMENTS; break;
    case T_ASYNC_FUNCTION: r = k == K_ASYNC_FUNCTION || k == K_ASYNC_GENERATOR_FUNCTION; break;
    case T_GENERATOR_FUNCTION:
        r = k == K_GENERATOR_FUNCTION || k == K_ASYNC_GENERATOR_FUNCTION;
        break;
    case T_GENERATOR_OBJECT: r = k == K_GENERATOR || k == K_ASYNC_GENERATOR; break;
    case T_MODULE_NS: r = argc > 0 && JS_IsModuleNamespace(argv[0]); break;
    default: r = k == magic; break;
    }
    return JS_NewBool(ctx, r);
}

/* getProxyDetails(value, showProxy = true): undefined for a non-Proxy; else
 * [target, handler], or the target alone when showProxy is false (null once
 * revoked), as Node's */
static JSValue util_get_proxy_details(JSContext *ctx, JSValueConst this_val, int argc,
                                      JSValueConst *argv)
{
    JSValue target, handler;
    if (argc < 1 || !JS_GetProxyData(ctx, argv[0], &target, &handler)) return JS_UNDEFINED;
    if (argc > 1 && !JS_ToBool(ctx, argv[1])) {
        JS_FreeValue(ctx, handler);
        return target;
    }
    JSValue a = JS_NewArray(ctx);
    if (JS_IsException(a)) {
        JS_FreeValue(ctx, target);
        JS_FreeValue(ctx, handler);
        return a;
    }
    JS_SetPropertyUint32(ctx, a, 0, target);
    JS_SetPropertyUint32(ctx, a, 1, handler);
    return a;
}

/* previewEntries(value[, isIterator]): the entries array; with a second
 * argument [entries, isKeyValue]; undefined for other values */
static JSValue util_preview_entries(JSContext *ctx, JSValueConst this_val, int argc,
                                    JSValueConst *argv)
{
    JS_BOOL key_value = 0;
    if (argc < 1) return JS_UNDEFINED;
    JSValue entries = JS_PreviewEntries(ctx, argv[0], &key_value);
    if (argc < 2 || JS_IsException(entries) || JS_IsUndefined(entries)) return entries;
    JSValue a = JS_NewArray(ctx);
    if (JS_IsException(a)) {
        JS_FreeValue(ctx, entries);
        return a;
    }
    JS_SetPropertyUint32(ctx, a, 0, entries);
    JS_SetPropertyUint32(ctx, a, 1, JS_NewBool(ctx, key_value));
    return a;
}

/* Node's PropertyFilter bits (internalBinding('util').constants) */
enum {
    ONLY_WRITABLE = 1, ONLY_ENUMERABLE = 2, ONLY_CONFIGURABLE = 4, SKIP_STRINGS = 8,
    SKIP_SYMBOLS = 16
};

/* an array index: a canonical decimal below 2^32 - 1 */
static int atom_is_index(JSContext *ctx, JSAtom atom)
{
    JSValue v = JS_AtomToValue(ctx, atom);
    int r = 0;
    if (JS_IsNumber(v)) {
        r = 1;  /* QuickJS keeps small indexes as integer atoms */
    } else if (JS_IsString(v)) {
        size_t len;
        const char *s = JS_ToCStringLen(ctx, &len, v);
        if (s && len > 0 && len <= 10 && (s[0] != '0' || len == 1)) {
            uint64_t n = 0;
            size_t i = 0;
            for (; i < len && s[i] >= '0' && s[i] <= '9'; i++) n = n * 10 + (uint64_t)(s[i] - '0');
            r = i == len && n < 4294967295u;
        }
        JS_FreeCString(ctx, s);
    }
    JS_FreeValue(ctx, v);
    return r;
}

/* getOwnNonIndexProperties(obj, filter): own keys that are not array
 * indexes (strings, then symbols), filtered as V8's GetOwnPropertyNames */
static JSValue util_get_own_non_index_properties(JSContext *ctx, JSValueConst this_val,
                                                 int argc, JSValueConst *argv)
{
    int32_t filter = 0;
    if (argc < 1 || !JS_IsObject(argv[0])) return JS_NewArray(ctx);
    if (argc > 1 && JS_ToInt32(ctx, &filter, argv[1])) return JS_EXCEPTION;
    int flags = 0;
    if (!(filter & SKIP_STRINGS)) flags |= JS_GPN_STRING_MASK;
    if (!(filter & SKIP_SYMBOLS)) flags |= JS_GPN_SYMBOL_MASK;
    if (filter & ONLY_ENUMERABLE) flags |= JS_GPN_ENUM_ONLY;
    JSPropertyEnum *tab;
    uint32_t len;
    if (JS_GetOwnPropertyNames(ctx, &tab, &len, argv[0], flags) < 0) return JS_EXCEPTION;
    JSValue out = JS_NewArray(ctx);
    uint32_t n = 0;
    for (uint32_t i = 0; i < len && !JS_IsException(out); i++) {
        JSAtom atom = tab[i].atom;
        if (atom_is_index(ctx, atom)) continue;
        if (filter & (ONLY_WRITABLE | ONLY_CONFIGURABLE)) {
            JSPropertyDescriptor d;
            int has = JS_GetOwnProperty(ctx, &d, argv[0], atom);
            if (has < 0) {
                JS_FreeValue(ctx, out);
                out = JS_EXCEPTION;
                break;
            }
            if (!has) continue;
            int ok = (!(filter & ONLY_CONFIGURABLE) || (d.flags & JS_PROP_CONFIGURABLE)) &&
                     (!(filter & ONLY_WRITABLE) ||
                      ((d.flags & JS_PROP_WRITABLE) && !(d.flags & JS_PROP_GETSET)));
            JS_FreeValue(ctx, d.value);
            JS_FreeValue(ctx, d.getter);
            JS_FreeValue(ctx, d.setter);
            if (!ok) continue;
        }
        JS_SetPropertyUint32(ctx, out, n++, JS_AtomToValue(ctx, atom));
    }
    for (uint32_t i = 0; i < len; i++) JS_FreeAtom(ctx, tab[i].atom);
    js_free(ctx, tab);
    return out;
}

/* an own data property's value, or undefined (no getter, no Proxy trap) */
static JSValue own_data(JSContext *ctx, JSValueConst obj, JSAtom atom)
{
    JSPropertyDescriptor d;
    int has = JS_GetOwnProperty(ctx, &d, obj, atom);
    if (has <= 0) {
        if (has < 0) JS_FreeValue(ctx, JS_GetException(ctx));
        return JS_UNDEFINED;
    }
    JS_FreeValue(ctx, d.getter);
    JS_FreeValue(ctx, d.setter);
    return d.value;
}

/* a function's name if it is a non-empty string other than "Object" */
static JSValue useful_name(JSContext *ctx, JSValueConst fn)
{
    if (!JS_IsFunction(ctx, fn)) return JS_UNDEFINED;
    JSAtom name_atom = JS_NewAtom(ctx, "name");
    JSValue name = own_data(ctx, fn, name_atom);
    JS_FreeAtom(ctx, name_atom);
    if (JS_IsString(name)) {
        const char *s = JS_ToCString(ctx, name);
        int ok = s && s[0] && strcmp(s, "Object") != 0;
        JS_FreeCString(ctx, s);
        if (ok) return name;
    }
    JS_FreeValue(ctx, name);
    return JS_UNDEFINED;
}

/* getConstructorName(obj), V8's rule: the class an object was made by when
 * known (QuickJS records it when the prototype is set to null, patch 0051);
 * then along the prototype chain an own Symbol.toStringTag string or, past
 * the object itself, an own `constructor` function's name; else the kind. */
static JSValue util_get_constructor_name(JSContext *ctx, JSValueConst this_val, int argc,
                                         JSValueConst *argv)
{
    if (argc < 1 || !JS_IsObject(argv[0]))
        return JS_ThrowTypeError(ctx, "The \"object\" argument must be of type object");
    JSValue made_by = JS_GetMadeBy(ctx, argv[0]);
    JSValue r = useful_name(ctx, made_by);
    JS_FreeValue(ctx, made_by);
    if (!JS_IsUndefined(r)) return r;
    JSAtom ctor_atom = JS_NewAtom(ctx, "constructor");
    JSValue tag_sym = JS_UNDEFINED;
    {
        JSValue g = JS_GetGlobalObject(ctx);
        JSValue sym = JS_GetPropertyStr(ctx, g, "Symbol");
        tag_sym = JS_GetPropertyStr(ctx, sym, "toStringTag");
        JS_FreeValue(ctx, sym);
        JS_FreeValue(ctx, g);
    }
    JSAtom tag_atom = JS_ValueToAtom(ctx, tag_sym);
    JS_FreeValue(ctx, tag_sym);
    JSValue cur = JS_DupValue(ctx, argv[0]);
    /* bounded: a prototype chain has no cycles */
    for (int first = 1; JS_IsObject(cur) && kind_of(cur) != K_PROXY; first = 0) {
        JSValue tag = own_data(ctx, cur, tag_atom);
        if (JS_IsString(tag)) {
            r = tag;
            break;
        }
        JS_FreeValue(ctx, tag);
        if (!first) {
            JSValue ctor = own_data(ctx, cur, ctor_atom);
            r = useful_name(ctx, ctor);
            JS_FreeValue(ctx, ctor);
            if (!JS_IsUndefined(r)) break;
        }
        JSValue proto = JS_GetPrototype(ctx, cur);
        JS_FreeValue(ctx, cur);
        cur = proto;
        if (JS_IsException(cur)) {
            JS_FreeValue(ctx, JS_GetException(ctx));
            cur = JS_NULL;
        }
    }
    JS_FreeValue(ctx, cur);
    JS_FreeAtom(ctx, ctor_atom);
    JS_FreeAtom(ctx, tag_atom);
    if (!JS_IsUndefined(r)) return r;
    int k = kind_of(argv[0]);
    const char *name = k >= 0 && kind_class_names[k] ? kind_class_names[k] : NULL;
    if (!name) name = JS_IsFunction(ctx, argv[0]) ? "Function" : "Object";
    return JS_NewString(ctx, name);
}

/* isArrayBufferDetached(ab): false for anything but a detached ArrayBuffer */
static JSValue util_is_array_buffer_detached(JSContext *ctx, JSValueConst this_val, int argc,
                                             JSValueConst *argv)
{
    int k = argc > 0 ? kind_of(argv[0]) : -1;
    if (k != K_ARRAY_BUFFER) return JS_FALSE;
    size_t size;
    uint8_t *p = JS_GetArrayBuffer(ctx, &size, argv[0]);
    if (!p) JS_FreeValue(ctx, JS_GetException(ctx));
    return JS_NewBool(ctx, p == NULL);
}

/* privateSymbol(description): a new private symbol */
static JSValue util_private_symbol(JSContext *ctx, JSValueConst this_val, int argc,
                                   JSValueConst *argv)
{
    const char *s = JS_ToCString(ctx, argv[0]);
    if (!s) return JS_EXCEPTION;
    JSValue sym = JS_NewPrivateSymbol(ctx, s);
    JS_FreeCString(ctx, s);
    return sym;
}

#define IS(name, test) JS_CFUNC_MAGIC_DEF(name, 1, util_is, test)
static const JSCFunctionListEntry util_funcs[] = {
    JS_CFUNC_DEF("getProxyDetails", 2, util_get_proxy_details),
    JS_CFUNC_DEF("previewEntries", 2, util_preview_entries),
    JS_CFUNC_DEF("getOwnNonIndexProperties", 2, util_get_own_non_index_properties),
    JS_CFUNC_DEF("getConstructorName", 1, util_get_constructor_name),
    JS_CFUNC_DEF("isArrayBufferDetached", 1, util_is_array_buffer_detached),
    JS_CFUNC_DEF("privateSymbol", 1, util_private_symbol),
    IS("isMap", K_MAP),
    IS("isSet", K_SET),
    IS("isWeakMap", K_WEAKMAP),
    IS("isWeakSet", K_WEAKSET),
    IS("isMapIterator", K_MAP_ITERATOR),
    IS("isSetIterator", K_SET_ITERATOR),
    IS("isDate", K_DATE),
    IS("isRegExp", K_REGEXP),
    IS("isPromise", K_PROMISE),
    IS("isProxy", K_PROXY),
    IS("isNativeError", K_ERROR),
    IS("isNumberObject", K_NUMBER),
    IS("isStringObject", K_STRING),
    IS("isBooleanObject", K_BOOLEAN),
    IS("isSymbolObject", K_SYMBOL),
    IS("isBigIntObject", K_BIGINT),
    IS("isBoxedPrimitive", T_BOXED),
    IS("isArgumentsObject", T_ARGUMENTS),
    IS("isArrayBuffer", K_ARRAY_BUFFER),
    IS("isSharedArrayBuffer", K_SHARED_ARRAY_BUFFER),
    IS("isAnyArrayBuffer", T_ANY_ARRAY_BUFFER),
    IS("isDataView", K_DATAVIEW),
    IS("isArrayBufferView", T_ARRAY_BUFFER_VIEW),
    IS("isTypedArray", T_TYPED_ARRAY),
    IS("isUint8Array", K_UINT8),
    IS("isUint8ClampedArray", K_UINT8C),
    IS("isUint16Array", K_UINT16),
    IS("isUint32Array", K_UINT32),
    IS("isInt8Array", K_INT8),
    IS("isInt16Array", K_INT16),
    IS("isInt32Array", K_INT32),
    IS("isFloat32Array", K_FLOAT32),
    IS("isFloat64Array", K_FLOAT64),
    IS("isBigInt64Array", K_BIGINT64),
    IS("isBigUint64Array", K_BIGUINT64),
    IS("isAsyncFunction", T_ASYNC_FUNCTION),
    IS("isGeneratorFunction", T_GENERATOR_FUNCTION),
    IS("isGeneratorObject", T_GENERATOR_OBJECT),
    IS("isModuleNamespaceObject", T_MODULE_NS),
    IS("isWeakRef", K_WEAKREF),
};
#undef IS

JSValue weft__js_util_binding(JSContext *ctx)
{
    JSValue b = JS_NewObject(ctx);
    if (JS_IsException(b)) return b;
    JS_SetPropertyFunctionList(ctx, b, util_funcs, sizeof util_funcs / sizeof util_funcs[0]);
    return b;
}

/* ---- the SIGINT watchdog (Node's SigintWatchdogHelper) ------------------
 * While at least one watchdog is started, SIGINT only records that it came
 * (the default action, or libuv's handler, is put back when the last one
 * stops). Process-wide, as signal dispositions are. stop returns whether a
 * SIGINT came since the previous stop and clears it. */
static atomic_int sigint_pending;
static int sigint_watchdogs; /* started minus stopped; loop thread only */
static struct sigaction sigint_saved;

static void sigint_record(int sig)
{
    (void)sig;
    atomic_store(&sigint_pending, 1);
}

static JSValue sigint_start(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    if (sigint_watchdogs++ == 0) {
        struct sigaction sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = sigint_record;
        sigemptyset(&sa.sa_mask);
        atomic_store(&sigint_pending, 0);
        if (sigaction(SIGINT, &sa, &sigint_saved) != 0) {
            sigint_watchdogs--;
            return JS_ThrowInternalError(ctx, "cannot watch SIGINT");
        }
    }
    return JS_UNDEFINED;
}

static JSValue sigint_stop(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    if (sigint_watchdogs == 0) return JS_FALSE;
    int had = atomic_exchange(&sigint_pending, 0);
    if (--sigint_watchdogs == 0) sigaction(SIGINT, &sigint_saved, NULL);
    return JS_NewBool(ctx, had);
}

static JSValue sigint_has_pending(JSContext *ctx, JSValueConst this_val, int argc,
                                  JSValueConst *argv)
{
    return JS_NewBool(ctx, atomic_load(&sigint_pending));
}

static const JSCFunctionListEntry sigint_funcs[] = {
    JS_CFUNC_DEF("startSigintWatchdog", 0, sigint_start),
    JS_CFUNC_DEF("stopSigintWatchdog", 0, sigint_stop),
    JS_CFUNC_DEF("watchdogHasPendingSigint", 0, sigint_has_pending),
};

JSValue weft__js_sigint_watchdog_binding(JSContext *ctx)
{
    JSValue b = JS_NewObject(ctx);
    if (JS_IsException(b)) return b;
    JS_SetPropertyFunctionList(ctx, b, sigint_funcs, sizeof sigint_funcs / sizeof sigint_funcs[0]);
    return b;
}
