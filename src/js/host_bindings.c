/* host_bindings.c: a JS runtime as a resource of `weft serve`: the runtime
 * ops of server.h (load_script, dispatch_event, call_ref, settle_call, frame,
 * stop...), the ref table (index -> function, refcounted), callable proxies
 * for incoming refs (a finalizer only records the release), and the natives
 * behind the host API globals of lib/resource.js.
 * Invariants: a promise returned across a ref gets its settle handlers
 * attached inside call_ref, before the caller sees it; a halted runtime runs
 * no more script code; finalizers never call into a runtime. */
#include <pthread.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "js/codec.h"
#include "js/strip.h"
#include "host/server.h"
#include "host/watchdog.h"
#include "js/js.h"
#include "net/net.h"

char *weft__read_file_ex(const char *path, size_t *len, int regular_only); /* runtime.c */

typedef struct js_ref {
    JSValue fn;
    int32_t count;
    uint32_t next_free;
} js_ref;

typedef struct weft__js_res {
    weft__resource *resource;
    js_ref *refs; /* index 0 unused */
    uint32_t refs_len, refs_cap, free_head;
    weft__codec_hooks hooks;
    JSAtom ref_atom;
    int line_start[3];
    uint64_t warned_entry; /* host->entry_start of the entry already warned about */
    char warned_at[300];   /* the warning's " in FILE:LINE" (or "") */
    uint64_t warn_wait_entry; /* the entry whose warning waits for a position */
    int warn_waits;           /* polls it waited */
    int cpu_warn_ms, cpu_limit_ms; /* convars weft_cpuWarnMs / weft_cpuLimitMs */
    weft__wd_target wd; /* the watchdog thread's handle on this runtime */
    JSRuntime *qjs;      /* what wd pokes */
    JSValue handlers; /* resource.js's event name -> [handler] (lists replaced, never changed) */
    JSValue source;   /* the global `source` (the current event's, while it runs) */
    /* a handler's stack overflow passed to its emitter (weft__ev_trigger):
     * n_emit rethrows this very error, so the report names the innermost
     * frames; undefined when none */
    JSValue overflow;
    int ticks; /* setTick handlers (resource.js): no frame call without one */
    struct native_table *natives; /* the global functions' entries (shared) */
    uint64_t lazy_ran;             /* lazy preludes (by index) already run */
} weft__js_res;

typedef struct pending_promise {
    JSValue resolve, reject;
} pending_promise;

typedef struct ref_handle {
    weft_host *h;
    size_t len;
    char id[];
} ref_handle;

static JSClassID ref_class_id;

static weft__js *js_of(weft__rt *rt)
{
    return (weft__js *)rt;
}

static const char *res_name(weft__js *js)
{
    return js->res->resource->name;
}

/* ---- ref table ---------------------------------------------------------- */

static int ref_alloc(weft__js *js, JSValueConst fn, uint32_t *index)
{
    weft__js_res *r = js->res;
    uint32_t i = r->free_head;
    if (i) {
        r->free_head = r->refs[i].next_free;
    } else {
        if (r->refs_len == r->refs_cap) {
            uint32_t cap = r->refs_cap ? r->refs_cap * 2 : 64;
            js_ref *n = realloc(r->refs, cap * sizeof *n);
            if (!n) return WEFT_ENOMEM;
            r->refs = n;
            r->refs_cap = cap;
            if (!r->refs_len) r->refs_len = 1;
        }
        i = r->refs_len++;
    }
    r->refs[i] = (js_ref){JS_DupValue(js->ctx, fn), 1, 0};
    *index = i;
    return 0;
}

static js_ref *ref_get(weft__js *js, uint32_t index)
{
    weft__js_res *r = js->res;
    if (!index || index >= r->refs_len || r->refs[index].count <= 0) return NULL;
    return &r->refs[index];
}

static void js_ref_dup(weft__rt *rt, uint32_t index)
{
    js_ref *e = ref_get(js_of(rt), index);
    if (e) e->count++;
}

static void js_ref_release(weft__rt *rt, uint32_t index)
{
    weft__js *js = js_of(rt);
    js_ref *e = ref_get(js, index);
    if (!e || --e->count > 0) return;
    JSValue fn = e->fn;
    e->fn = JS_UNDEFINED;
    e->next_free = js->res->free_head;
    js->res->free_head = index;
    JS_FreeValue(js->ctx, fn); /* may finalize proxies: they only record */
}

/* ---- codec hooks: functions out, proxies in ------------------------------ */

static int make_ref(void *opaque, JSContext *ctx, JSValueConst fn, char *id, size_t idcap)
{
    weft__js *js = opaque;
    JSPropertyDescriptor desc;
    int own = JS_GetOwnProperty(ctx, &desc, fn, js->res->ref_atom);
    if (own < 0) return WEFT_EINVAL;
    if (own) { /* a proxy passed on: forward the original ref */
        size_t len;
        const char *s = JS_ToCStringLen(ctx, &len, desc.value);
        JS_FreeValue(ctx, desc.value);
        JS_FreeValue(ctx, desc.getter);
        JS_FreeValue(ctx, desc.setter);
        if (!s) return WEFT_EINVAL;
        int rc = len < idcap ? 0 : WEFT_EINVAL;
        if (!rc) {
            memcpy(id, s, len + 1);
            weft__ref_dup(js->host, id, len);
            weft__ref_inflight(js->host, id);
        }
        JS_FreeCString(ctx, s);
        return rc;
    }
    uint32_t index;
    int rc = ref_alloc(js, fn, &index);
    if (rc < 0) return rc;
    if ((rc = weft__ref_format(id, idcap, &js->base, index)) < 0) {
        js_ref_release(&js->base, index);
        return rc;
    }
    weft__ref_inflight(js->host, id); /* dropped after the checkpoint */
    return 0;
}

/* A Lua function that returned nothing: undefined in JS (as FiveM). */
static int is_empty_multi(int status, const char *buf, size_t len)
{
    return status == WEFT_CALL_MULTI && len == 1 && (unsigned char)buf[0] == 0x90;
}

static JSValue finish_call(weft__js *js, weft__call_result *res);

static JSValue ref_proxy_call(JSContext *ctx, JSValueConst this_val, int argc,
                              JSValueConst *argv, int magic, JSValue *data)
{
    weft__js *js = weft__js_from_ctx(ctx);
    ref_handle *rh = JS_GetOpaque(data[0], ref_class_id);
    if (!rh) return JS_ThrowTypeError(ctx, "invalid function reference");
    char *buf;
    size_t len;
    if (weft__codec_pack_js_args(ctx, &js->res->hooks, argc, argv, &buf, &len) < 0)
        return JS_EXCEPTION;
    weft__call_result res;
    int64_t caller = js->host->caller_async_id;
    js->host->caller_async_id = js->execution_async_id;
    weft__ref_call(js->host, &js->base, rh->id, rh->len, buf, len, &res);
    js->host->caller_async_id = caller;
    free(buf);
    return finish_call(js, &res);
}

static JSValue ref_proxy(void *opaque, JSContext *ctx, const char *id, size_t len)
{
    weft__js *js = opaque;
    char resname[128];
    weft__rt *owner;
    uint32_t index;
    if (weft__ref_parse(js->host, id, len, resname, sizeof resname, &owner, &index) == 0 &&
        owner == &js->base) { /* our own function came back */
        js_ref *e = ref_get(js, index);
        if (e) return JS_DupValue(ctx, e->fn);
    }
    ref_handle *rh = malloc(sizeof *rh + len + 1);
    if (!rh) return JS_ThrowOutOfMemory(ctx);
    rh->h = js->host;
    rh->len = len;
    memcpy(rh->id, id, len);
    rh->id[len] = 0;
    JSValue handle = JS_NewObjectClass(ctx, (int)ref_class_id);
    if (JS_IsException(handle)) {
        free(rh);
        return handle;
    }
    JS_SetOpaque(handle, rh);
    weft__ref_dup(js->host, id, len); /* the proxy's own reference */
    JSValue fn = JS_NewCFunctionData(ctx, ref_proxy_call, 0, 0, 1, &handle);
    JS_FreeValue(ctx, handle);
    if (JS_IsException(fn)) return fn;
    JS_DefinePropertyValue(ctx, fn, js->res->ref_atom, JS_NewStringLen(ctx, id, len), 0);
    return fn;
}

static void ref_handle_finalizer(JSRuntime *rt, JSValue val)
{
    ref_handle *rh = JS_GetOpaque(val, ref_class_id);
    if (!rh) return;
    weft__ref_release_later(rh->h, rh->id, rh->len); /* record only */
    free(rh);
}

static JSClassDef ref_class = {"WeftFunctionReference", .finalizer = ref_handle_finalizer};

/* ---- helpers -------------------------------------------------------------- */

static JSValue internal_host_call(weft__js *js, const char *fn_name, int argc, JSValueConst *argv)
{
    JSContext *ctx = js->ctx;
    JSValue host = JS_GetPropertyStr(ctx, js->internal, "host");
    JSValue fn = JS_GetPropertyStr(ctx, host, fn_name);
    JS_FreeValue(ctx, host);
    JSValue r = JS_Call(ctx, fn, JS_UNDEFINED, argc, argv);
    JS_FreeValue(ctx, fn);
    return r;
}

/* The Error (or value) a caller sees for an error payload. Owned. */
static JSValue revive(weft__js *js, const char *buf, size_t len)
{
    JSContext *ctx = js->ctx;
    JSValue p = weft__codec_unpack_js_value(ctx, &js->res->hooks, buf, len);
    if (JS_IsException(p)) return JS_GetException(ctx);
    if (weft__js_is_stack_overflow(ctx, p)) {
        /* the callee's stack overflow (pack_thrown): no script code runs here,
         * near the end of the stack; our own error object when it was ours */
        JS_FreeValue(ctx, p);
        JSValue e = js->res->overflow;
        js->res->overflow = JS_UNDEFINED;
        if (JS_IsUndefined(e)) {
            weft__js_throw_stack_overflow(ctx);
            e = JS_GetException(ctx);
        }
        return e;
    }
    JSValue e = internal_host_call(js, "revive", 1, (JSValueConst *)&p);
    JS_FreeValue(ctx, p);
    if (JS_IsException(e)) return JS_GetException(ctx);
    return e;
}

/* Pack a thrown value as an error payload (malloc'ed into *out). */
static void pack_thrown(weft__js *js, JSValueConst err, char **out, size_t *len)
{
    JSContext *ctx = js->ctx;
    if (weft__js_is_stack_overflow(ctx, err)) {
        /* packed here, not by script code (which would overflow again); the
         * caller in this runtime rethrows this error object (revive) */
        JS_FreeValue(ctx, js->res->overflow);
        js->res->overflow = JS_DupValue(ctx, err);
        weft__call_pack_error("RangeError", "Maximum call stack size exceeded", "", res_name(js),
                              out, len);
        return;
    }
    JSValue p = internal_host_call(js, "errorPayload", 1, &err);
    if (JS_IsException(p)) {
        JS_FreeValue(ctx, JS_GetException(ctx));
        p = JS_UNDEFINED;
    }
    if (JS_IsUndefined(p) ||
        weft__codec_pack_js_value(ctx, &js->res->hooks, p, out, len) < 0) {
        if (JS_HasException(ctx)) JS_FreeValue(ctx, JS_GetException(ctx));
        weft__call_pack_error("Error", "an error that cannot be sent across resources", "",
                              res_name(js), out, len);
    }
    JS_FreeValue(ctx, p);
}

static JSValue finish_call(weft__js *js, weft__call_result *res)
{
    JSContext *ctx = js->ctx;
    JSValue v;
    switch (res->status) {
    case WEFT_CALL_OK:
    case WEFT_CALL_MULTI: /* the array of a Lua function's results, as FiveM */
        v = res->len && !is_empty_multi(res->status, res->buf, res->len)
                ? weft__codec_unpack_js_value(ctx, &js->res->hooks, res->buf, res->len)
                : JS_UNDEFINED;
        free(res->buf);
        return v;
    case WEFT_CALL_PENDING: {
        pending_promise *pp = malloc(sizeof *pp);
        JSValue funcs[2];
        JSValue p = pp ? JS_NewPromiseCapability(ctx, funcs) : JS_ThrowOutOfMemory(ctx);
        if (JS_IsException(p)) {
            free(pp);
            weft__call_wait(res->call, NULL, NULL);
            return p;
        }
        pp->resolve = funcs[0];
        pp->reject = funcs[1];
        weft__call_wait(res->call, &js->base, pp);
        return p;
    }
    default:
        v = res->buf ? revive(js, res->buf, res->len) : JS_NewError(ctx);
        free(res->buf);
        return JS_Throw(ctx, v);
    }
}

/* ---- runtime ops ------------------------------------------------------------ */

static void js_res_checkpoint(weft__rt *rt)
{
    weft__js *js = js_of(rt);
    if (!rt->stopped && !js->halted) weft__js_scope_close(js);
}

static void log_exception(weft__js *js, const char *what)
{
    JSContext *ctx = js->ctx;
    JSValue e = JS_GetException(ctx);
    if (js->halted) {
        JS_FreeValue(ctx, e);
        return;
    }
    int reserved = weft__js_report_reserve(js, 1);
    JSValue args[2] = {JS_NewString(ctx, what), e};
    JSValue r = internal_host_call(js, "logError", 2, (JSValueConst *)args);
    if (JS_IsException(r)) {
        JS_FreeValue(ctx, JS_GetException(ctx));
        weft__log(js->host, res_name(js), "%s: (an error that could not be reported)", what);
    }
    JS_FreeValue(ctx, r);
    if (reserved) weft__js_report_reserve(js, 0);
    JS_FreeValue(ctx, args[0]);
    JS_FreeValue(ctx, e);
}

/* Source text as a global script (JS_Eval wants a NUL at src[len]). */
/* The result of running a script (taken): an exception is logged. */
static int eval_result(weft__js *js, JSValue r, const char *display)
{
    if (JS_IsException(r) && js->base.load_error && !js->halted) {
        /* loading for the server: its one line, not a log */
        JSContext *ctx = js->ctx;
        int reserved = weft__js_report_reserve(js, 1);
        JSValue args[2] = {JS_NewString(ctx, display), JS_GetException(ctx)};
        JSValue line = internal_host_call(js, "loadErrorLine", 2, (JSValueConst *)args);
        const char *str = JS_IsException(line) ? NULL : JS_ToCString(ctx, line);
        snprintf(js->base.load_error, js->base.load_error_cap, "%s", str ? str : display);
        if (str) JS_FreeCString(ctx, str);
        if (JS_IsException(line)) JS_FreeValue(ctx, JS_GetException(ctx));
        JS_FreeValue(ctx, line);
        JS_FreeValue(ctx, args[0]);
        JS_FreeValue(ctx, args[1]);
        if (reserved) weft__js_report_reserve(js, 0);
        return js->halted ? WEFT_ESTATE : WEFT_ESCRIPT;
    }
    if (JS_IsException(r)) {
        char what[512];
        snprintf(what, sizeof what, "error loading %s", display);
        log_exception(js, what);
        /* halted meanwhile (process.exit, CPU limit): its stop is queued */
        return js->halted ? WEFT_ESTATE : WEFT_ESCRIPT;
    }
    JS_FreeValue(js->ctx, r);
    return 0;
}

static int eval_global(weft__js *js, const char *src, size_t len, const char *display)
{
    return eval_result(js, JS_Eval(js->ctx, src, len, display, JS_EVAL_TYPE_GLOBAL), display);
}

static int js_load_script(weft__rt *rt, const char *path, const char *display)
{
    weft__js *js = js_of(rt);
    if (js->halted) return WEFT_ESTATE;
    size_t len;
    char *src = weft__read_file_ex(path, &len, 1);
    if (!src) {
        if (!rt->load_error) weft__log(js->host, res_name(js), "cannot read %s", display);
        return WEFT_ENOENT;
    }
    int rc = eval_global(js, src, len, display);
    free(src);
    return rc;
}

static int js_load_buffer(weft__rt *rt, const char *src, size_t len, const char *display)
{
    weft__js *js = js_of(rt);
    return js->halted ? WEFT_ESTATE : eval_global(js, src, len, display);
}

/* Preludes: parsed once per host into bytecode (~60% of a trivial resource's
 * start was parsing them in every runtime), without function source text
 * unless they declare a class (src/js/strip.h). */
static int js_compile(weft__rt *rt, const char *src, size_t len, const char *display, char **out,
                      size_t *out_len)
{
    weft__js *js = js_of(rt);
    JSContext *ctx = js->ctx;
    if (js->halted || src[len] != 0) return WEFT_EINVAL;
    int strip = JS_GetStripInfo(js->rt);
    JS_SetStripInfo(js->rt, weft__js_may_declare_class(src) ? strip : strip | JS_STRIP_SOURCE);
    JSValue fn = JS_Eval(ctx, src, len, display, JS_EVAL_TYPE_GLOBAL | JS_EVAL_FLAG_COMPILE_ONLY);
    JS_SetStripInfo(js->rt, strip);
    if (JS_IsException(fn)) {
        JS_FreeValue(ctx, JS_GetException(ctx)); /* load_buffer reports it */
        return WEFT_ESCRIPT;
    }
    size_t n;
    uint8_t *bc = JS_WriteObject(ctx, &n, fn, JS_WRITE_OBJ_BYTECODE);
    JS_FreeValue(ctx, fn);
    if (!bc) {
        JS_FreeValue(ctx, JS_GetException(ctx));
        return WEFT_ENOMEM;
    }
    *out = malloc(n ? n : 1);
    if (*out) memcpy(*out, bc, n);
    js_free(ctx, bc);
    if (!*out) return WEFT_ENOMEM;
    *out_len = n;
    return 0;
}

static void reinstall_native(weft__js *js, JSValueConst global, const char *name);

/* A lazy prelude's globals (weft:lazy): one function per name, both getter
 * and setter (a setter call has an argument), whose first use runs the
 * prelude (which defines the names as plain globals), then reads or writes
 * the name again. data: [prelude index, name]. A name that is also a
 * native gets the native's global back before the prelude runs, so the
 * prelude can wrap it (commands.js: RegisterCommand). */
static JSValue lazy_access(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv,
                           int magic, JSValue *data)
{
    weft__js *js = weft__js_from_ctx(ctx);
    uint32_t i;
    if (JS_ToUint32(ctx, &i, data[0])) return JS_EXCEPTION;
    JSAtom name = JS_ValueToAtom(ctx, data[1]);
    if (name == JS_ATOM_NULL) return JS_EXCEPTION;
    JSValue global = JS_GetGlobalObject(ctx);
    /* this accessor goes first: a prelude that does not define the name
     * leaves it undefined instead of calling back here */
    JS_DeleteProperty(ctx, global, name, 0);
    const char *cname = JS_ToCString(ctx, data[1]);
    if (cname) reinstall_native(js, global, cname);
    JS_FreeCString(ctx, cname);
    if (i < 64 && !(js->res->lazy_ran & (1ull << i))) {
        js->res->lazy_ran |= 1ull << i;
        weft__prelude_run(js->host, &js->base, i);
    }
    JSValue r;
    if (argc > 0) /* the setter */
        r = JS_DefinePropertyValue(ctx, global, name, JS_DupValue(ctx, argv[0]),
                                   JS_PROP_WRITABLE | JS_PROP_CONFIGURABLE) < 0
                ? JS_EXCEPTION
                : JS_UNDEFINED;
    else
        r = JS_GetProperty(ctx, global, name);
    JS_FreeAtom(ctx, name);
    JS_FreeValue(ctx, global);
    return r;
}

static int js_define_lazy(weft__rt *rt, const char *const *names, size_t i)
{
    weft__js *js = js_of(rt);
    JSContext *ctx = js->ctx;
    if (i >= 64 || js->halted) return WEFT_EINVAL; /* run now */
    JSValue global = JS_GetGlobalObject(ctx);
    int rc = 0;
    for (; *names && rc == 0; names++) {
        JSValue data[2] = {JS_NewUint32(ctx, (uint32_t)i), JS_NewString(ctx, *names)};
        JSValue fn = JS_NewCFunctionData(ctx, lazy_access, 0, 0, 2, data);
        JS_FreeValue(ctx, data[1]);
        JSAtom a = JS_NewAtom(ctx, *names);
        if (JS_DefineProperty(ctx, global, a, JS_UNDEFINED, fn, fn,
                              JS_PROP_CONFIGURABLE | JS_PROP_HAS_CONFIGURABLE |
                                  JS_PROP_HAS_ENUMERABLE | JS_PROP_HAS_GET | JS_PROP_HAS_SET) < 0)
            rc = WEFT_ENOMEM;
        JS_FreeAtom(ctx, a);
        JS_FreeValue(ctx, fn);
    }
    if (rc) JS_FreeValue(ctx, JS_GetException(ctx));
    JS_FreeValue(ctx, global);
    return rc;
}

static int js_load_compiled(weft__rt *rt, const char *buf, size_t len, const char *display)
{
    weft__js *js = js_of(rt);
    if (js->halted) return WEFT_ESTATE;
    JSValue fn = JS_ReadObject(js->ctx, (const uint8_t *)buf, len, JS_READ_OBJ_BYTECODE);
    return eval_result(js, JS_IsException(fn) ? fn : JS_EvalFunction(js->ctx, fn), display);
}

/* An event or ref call entering this runtime is an async resource of its
 * own (WEFT_EVENT / WEFT_REFCALL), triggered by the caller's execution
 * context (host->caller_async_id, 0 for calls from C): async_hooks in the
 * callee see where the call came from. Without hooks it costs two id
 * swaps; with hooks, a resource object, init/before/after/destroy. */
typedef struct weft_scope {
    int64_t id, saved_eid, saved_tid;
    int hooked;
} weft_scope;

static void scope_enter(weft__js *js, weft_scope *sc, const char *type, const char *name)
{
    JSContext *ctx = js->ctx;
    sc->id = ++*js->async_id_counter;
    int64_t trigger = js->host->caller_async_id;
    sc->hooked = js->hooks_active;
    if (sc->hooked) {
        JSValue res = JS_NewObject(ctx);
        JS_SetPropertyStr(ctx, res, "type", JS_NewString(ctx, type));
        JS_SetPropertyStr(ctx, res, "name", JS_NewString(ctx, name));
        JS_SetPropertyStr(ctx, res, "resource", JS_NewString(ctx, res_name(js)));
        JS_SetProperty(ctx, res, js->atom_async_id, JS_NewInt64(ctx, sc->id));
        JS_SetProperty(ctx, res, js->atom_trigger_id, JS_NewInt64(ctx, trigger));
        JSValue t = JS_NewString(ctx, type);
        weft__js_emit_init(js, sc->id, t, trigger, res);
        JS_FreeValue(ctx, t);
        weft__js_emit_before(js, sc->id, trigger, res);
        JS_FreeValue(ctx, res);
    } else {
        sc->saved_eid = js->execution_async_id;
        sc->saved_tid = js->trigger_async_id;
        js->execution_async_id = sc->id;
        js->trigger_async_id = trigger;
    }
}

static void scope_leave(weft__js *js, weft_scope *sc)
{
    if (sc->hooked) {
        if (js->execution_async_id == sc->id && js->ctx_len) weft__js_emit_after(js, sc->id);
        weft__js_emit_destroy(js, sc->id);
    } else {
        js->execution_async_id = sc->saved_eid;
        js->trigger_async_id = sc->saved_tid;
    }
}

/* The elements of a JS array (length <= WEFT_CALL_ARGS_MAX: the codec's
 * argument arrays) into a malloc'ed C array; *n its length. NULL: out of
 * memory (thrown). */
static JSValue *array_elements(JSContext *ctx, JSValueConst arr, uint32_t *n)
{
    *n = 0;
    JSValue lv = JS_GetPropertyStr(ctx, arr, "length");
    JS_ToUint32(ctx, n, lv);
    JS_FreeValue(ctx, lv);
    JSValue *v = calloc(*n ? *n : 1, sizeof *v);
    if (!v) {
        *n = 0;
        JS_ThrowOutOfMemory(ctx);
        return NULL;
    }
    for (uint32_t i = 0; i < *n; i++) v[i] = JS_GetPropertyUint32(ctx, arr, i);
    return v;
}

static void free_values(JSContext *ctx, JSValue *v, uint32_t n)
{
    for (uint32_t i = 0; v && i < n; i++) JS_FreeValue(ctx, v[i]);
    free(v);
}

/* The global `source` during an event: a number for a player's (net)
 * source ("7", "-1"), else the string; undefined for a local event. */
static JSValue source_value(JSContext *ctx, const char *source)
{
    if (!source) return JS_UNDEFINED;
    const char *d = source + (*source == '-');
    int digits = *d != 0;
    for (; *d && digits; d++) digits = *d >= '0' && *d <= '9';
    return digits ? JS_NewFloat64(ctx, strtod(source, NULL)) : JS_NewString(ctx, source);
}

/* Run this runtime's handlers for one event, in registration order, with
 * argv as arguments and globalThis as this. The list is the one of the
 * moment the event came (resource.js replaces a list, never changes it);
 * a throwing handler is logged with the event's name and the others still
 * run; an uncatchable error (process.exit(), a CPU limit) ends the event. */
static void dispatch_argv(weft__js *js, const char *name, int argc, JSValueConst *argv,
                          const char *source)
{
    JSContext *ctx = js->ctx;
    weft_scope sc;
    scope_enter(js, &sc, "WEFT_EVENT", name);
    JSValue list = JS_GetPropertyStr(ctx, js->res->handlers, name);
    uint32_t n = 0;
    int uncaught = JS_IsException(list);
    JSValue *fns = NULL;
    if (JS_IsObject(list) && !(fns = array_elements(ctx, list, &n))) uncaught = 1;
    JS_FreeValue(ctx, list);
    if (n) {
        JSValue prev = js->res->source;
        js->res->source = source_value(ctx, source);
        JSValue global = JS_GetGlobalObject(ctx);
        for (uint32_t i = 0; i < n; i++) {
            JSValue r = JS_Call(ctx, fns[i], global, argc, argv);
            if (!JS_IsException(r)) {
                JS_FreeValue(ctx, r);
                continue;
            }
            JSValue e = JS_GetException(ctx);
            int catchable = weft__codec_is_catchable(ctx, e);
            int overflow = catchable && weft__js_is_stack_overflow(ctx, e);
            JS_Throw(ctx, e);
            weft__ev_handler_failed(js->host);
            if (!catchable) {
                uncaught = 1;
                break;
            }
            if (overflow && weft__ev_pass_overflow(js->host, NULL)) {
                JS_FreeValue(ctx, js->res->overflow); /* the emitter rethrows it */
                js->res->overflow = JS_GetException(ctx);
                break;
            }
            char what[300];
            snprintf(what, sizeof what, "error in handler for event \"%s\"", name);
            log_exception(js, what);
        }
        JS_FreeValue(ctx, global);
        JS_FreeValue(ctx, js->res->source);
        js->res->source = prev;
    }
    free_values(ctx, fns, n);
    if (uncaught) weft__js_report_exception(js, 0);
    scope_leave(js, &sc); /* after a throw the uncaught path emptied the stack: no-op */
}

static void js_dispatch_event(weft__rt *rt, const char *name, const char *args, size_t len,
                              const char *source)
{
    weft__js *js = js_of(rt);
    JSContext *ctx = js->ctx;
    if (js->halted) return;
    JSValue a = weft__codec_unpack_js_args(ctx, &js->res->hooks, args, len);
    uint32_t n = 0;
    JSValue *argv = JS_IsException(a) ? NULL : array_elements(ctx, a, &n);
    JS_FreeValue(ctx, a);
    if (!argv) {
        char what[300];
        snprintf(what, sizeof what, "bad arguments for event \"%s\"", name);
        log_exception(js, what);
        return;
    }
    dispatch_argv(js, name, (int)n, (JSValueConst *)argv, source);
    free_values(ctx, argv, n);
}

static JSValue call_settled(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv,
                            int magic, JSValue *data)
{
    weft__js *js = weft__js_from_ctx(ctx);
    double idd;
    JS_ToFloat64(ctx, &idd, data[0]);
    uint64_t id = (uint64_t)idd;
    JSValueConst v = argc ? argv[0] : JS_UNDEFINED;
    char *buf = NULL;
    size_t len = 0;
    int status = magic;
    if (status == WEFT_CALL_OK) {
        if (weft__codec_pack_js_value(ctx, &js->res->hooks, v, &buf, &len) < 0) {
            JSValue e = JS_GetException(ctx);
            pack_thrown(js, e, &buf, &len);
            JS_FreeValue(ctx, e);
            status = WEFT_CALL_ERROR;
        }
    } else {
        pack_thrown(js, v, &buf, &len);
    }
    weft__call_settle(js->host, id, status, buf, len);
    free(buf);
    return JS_UNDEFINED;
}

/* A call into a halted resource: "resource "cb" was stopped: CPU limit"
 * when a limit or process.exit() halted it, else "... is not running". */
static void halted_msg(weft__js *js, char *msg, size_t cap)
{
    if (js->halt_why)
        snprintf(msg, cap, "resource \"%s\" was stopped: %s", res_name(js), js->halt_why);
    else
        snprintf(msg, cap, "resource \"%s\" is not running", res_name(js));
}

static void js_call_ref(weft__rt *rt, uint32_t index, const char *args, size_t len,
                        weft__call_result *out)
{
    weft__js *js = js_of(rt);
    JSContext *ctx = js->ctx;
    js_ref *e = js->halted ? NULL : ref_get(js, index);
    if (!e) {
        char msg[256];
        if (js->halted) halted_msg(js, msg, sizeof msg);
        else snprintf(msg, sizeof msg, "function reference %u of \"%s\" was released", index,
                      res_name(js));
        out->status = WEFT_CALL_ERROR;
        weft__call_pack_error("Error", msg, "", res_name(js), &out->buf, &out->len);
        return;
    }
    JSValue fn = JS_DupValue(ctx, e->fn);
    JSValue arr = weft__codec_unpack_js_args(ctx, &js->res->hooks, args, len);
    JSValue r = JS_EXCEPTION;
    if (!JS_IsException(arr)) {
        uint32_t n = 0;
        JSValue *argv = array_elements(ctx, arr, &n);
        JS_FreeValue(ctx, arr);
        if (argv) {
            weft_scope sc;
            scope_enter(js, &sc, "WEFT_REFCALL", "");
            r = JS_Call(ctx, fn, JS_UNDEFINED, (int)n, (JSValueConst *)argv);
            scope_leave(js, &sc);
        }
        free_values(ctx, argv, n);
    }
    JS_FreeValue(ctx, fn);
    if (JS_IsException(r)) {
        JSValue ex = JS_GetException(ctx);
        out->status = WEFT_CALL_ERROR;
        if (js->halted) {
            char msg[256];
            halted_msg(js, msg, sizeof msg);
            weft__call_pack_error("Error", msg, "", res_name(js), &out->buf, &out->len);
        } else {
            pack_thrown(js, ex, &out->buf, &out->len);
        }
        JS_FreeValue(ctx, ex);
        return;
    }
    if ((int)JS_PromiseState(ctx, r) >= 0) {
        /* Attach our handlers now, during the call: the promise is handled
         * before anyone can see it, so it is never falsely unhandled. */
        weft__call *c = weft__call_new(js->host, rt);
        if (c) {
            JSValue idv = JS_NewFloat64(ctx, (double)c->id);
            JSValue h[2] = {JS_NewCFunctionData(ctx, call_settled, 1, WEFT_CALL_OK, 1, &idv),
                            JS_NewCFunctionData(ctx, call_settled, 1, WEFT_CALL_ERROR, 1, &idv)};
            JSValue then = JS_GetPropertyStr(ctx, r, "then");
            JSValue t = JS_Call(ctx, then, r, 2, (JSValueConst *)h);
            JS_FreeValue(ctx, then);
            JS_FreeValue(ctx, h[0]);
            JS_FreeValue(ctx, h[1]);
            if (!JS_IsException(t)) {
                JS_FreeValue(ctx, t);
                JS_FreeValue(ctx, r);
                out->status = WEFT_CALL_PENDING;
                out->call = c;
                return;
            }
            JS_FreeValue(ctx, JS_GetException(ctx));
            weft__call_settle(js->host, c->id, WEFT_CALL_DROPPED, NULL, 0);
        }
        if (JS_PromiseState(ctx, r) == JS_PROMISE_REJECTED) {
            /* then() itself failed (the stack ran out: an async export
             * recursion) on a promise that is rejected already: the call
             * fails with its reason, which the caller handles or reports,
             * so the promise is not also reported as unhandled */
            JSValue why = JS_PromiseResult(ctx, r);
            weft__js_forget_rejection(js, r);
            JS_FreeValue(ctx, r);
            out->status = WEFT_CALL_ERROR;
            pack_thrown(js, why, &out->buf, &out->len);
            JS_FreeValue(ctx, why);
            return;
        }
        JS_FreeValue(ctx, r);
        out->status = WEFT_CALL_ERROR;
        weft__call_pack_error("Error", "cannot wait on the returned promise", "", res_name(js),
                              &out->buf, &out->len);
        return;
    }
    if (weft__codec_pack_js_value(ctx, &js->res->hooks, r, &out->buf, &out->len) < 0) {
        JSValue ex = JS_GetException(ctx);
        out->status = WEFT_CALL_ERROR;
        pack_thrown(js, ex, &out->buf, &out->len);
        JS_FreeValue(ctx, ex);
    } else {
        out->status = WEFT_CALL_OK;
    }
    JS_FreeValue(ctx, r);
}

static void js_settle_call(weft__rt *rt, weft__call *call, int status, const char *buf,
                           size_t len)
{
    weft__js *js = js_of(rt);
    JSContext *ctx = js->ctx;
    pending_promise *pp = call->caller_data;
    call->caller_data = NULL;
    if (!pp) return;
    if (status != WEFT_CALL_DROPPED && !js->halted) {
        JSValue v;
        int ok = status == WEFT_CALL_OK || status == WEFT_CALL_MULTI;
        if (ok) {
            v = len && !is_empty_multi(status, buf, len)
                    ? weft__codec_unpack_js_value(ctx, &js->res->hooks, buf, len)
                    : JS_UNDEFINED;
            if (JS_IsException(v)) {
                v = JS_GetException(ctx);
                ok = 0;
            }
        } else {
            v = revive(js, buf, len);
        }
        JSValue r = JS_Call(ctx, ok ? pp->resolve : pp->reject, JS_UNDEFINED, 1,
                            (JSValueConst *)&v);
        if (JS_IsException(r)) weft__js_report_exception(js, 0);
        JS_FreeValue(ctx, r);
        JS_FreeValue(ctx, v);
    }
    JS_FreeValue(ctx, pp->resolve);
    JS_FreeValue(ctx, pp->reject);
    free(pp);
}

static void js_frame(weft__rt *rt)
{
    weft__js *js = js_of(rt);
    /* no setTick handler: nothing to run (and nothing to fail each frame
     * in a runtime whose heap is full) */
    if (js->halted || !js->res->ticks) return;
    JSValue r = internal_host_call(js, "runFrame", 0, NULL);
    if (JS_IsException(r)) weft__js_report_exception(js, 0);
    JS_FreeValue(js->ctx, r);
}

static void js_stop(weft__rt *rt)
{
    weft__js *js = js_of(rt);
    js->halted = 1;
    js->exiting = 1;
    if (js->handles_open) {
        uv_timer_stop(&js->timer);
        uv_check_stop(&js->check);
        uv_idle_stop(&js->idle);
    }
}

static void js_res_free(weft__rt *rt)
{
    weft__js_free(js_of(rt));
}

static size_t js_memory(weft__rt *rt)
{
    JSMemoryUsage mu;
    JS_ComputeMemoryUsage(js_of(rt)->rt, &mu);
    return (size_t)mu.memory_used_size;
}

/* resmon: refs held for others; ref'd timeouts and pending immediates. */
static void js_counts(weft__rt *rt, size_t *live_refs, size_t *timers)
{
    weft__js *js = js_of(rt);
    weft__js_res *r = js->res;
    size_t n = 0;
    for (uint32_t i = 1; r && i < r->refs_len; i++) n += r->refs[i].count > 0;
    *live_refs = n;
    *timers = (size_t)js->timer_info[WEFT_TIMEOUT_REF_COUNT] + (size_t)js->timer_info[WEFT_IMM_COUNT];
}

static weft__rt *js_rt_create(weft_host *h, weft__resource *res);
static const char *const js_extensions[] = {".js", ".cjs", NULL};

/* The JS engine of `weft serve` (listed in src/builtin.c). */
const weft__rt_ops weft__js_engine = {
    .kind = "js",
    .checkpoint = js_res_checkpoint,
    .extensions = js_extensions,
    .create = js_rt_create,
    .load_buffer = js_load_buffer,
    .compile = js_compile,
    .load_compiled = js_load_compiled,
    .define_lazy = js_define_lazy,
    .load_script = js_load_script,
    .dispatch_event = js_dispatch_event,
    .call_ref = js_call_ref,
    .ref_dup = js_ref_dup,
    .ref_release = js_ref_release,
    .settle_call = js_settle_call,
    .frame = js_frame,
    .stop = js_stop,
    .free = js_res_free,
    .memory = js_memory,
    .counts = js_counts,
};

static weft__rt *js_rt_create(weft_host *h, weft__resource *res)
{
    char *argv[2] = {"weft", res->path};
    weft__js *js = weft__js_create(h, WEFT_UR_THROW, 2, argv, res);
    if (!js) return NULL;
    js->base.ops = &weft__js_engine;
    return &js->base;
}

/* ---- natives (natives.host) ----------------------------------------------- */

#define JS_SELF weft__js *js = weft__js_from_ctx(ctx)

/* An event name as C text (JS_FreeCString it), or NULL with a TypeError
 * thrown: a name with a NUL byte is refused, as the natives refuse such names
 * and keys (weft__args_text), since the host's names end at the NUL
 * (emit('x\0y') would run the handlers of 'x'). */
static const char *event_name(JSContext *ctx, JSValueConst v)
{
    size_t len;
    const char *s = JS_ToCStringLen(ctx, &len, v);
    if (s && strlen(s) != len) {
        JS_ThrowTypeError(ctx, "the event name \"%s\\0...\" has a NUL byte", s);
        JS_FreeCString(ctx, s);
        return NULL;
    }
    return s;
}

static JSValue n_subscribe(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    JS_SELF;
    const char *name = event_name(ctx, argv[0]);
    if (!name) return JS_EXCEPTION;
    int rc = weft__ev_subscribe(js->host, &js->base, name, JS_ToBool(ctx, argv[1]));
    JS_FreeCString(ctx, name);
    return rc < 0 ? JS_ThrowOutOfMemory(ctx) : JS_UNDEFINED;
}

static JSValue n_unsubscribe(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    JS_SELF;
    const char *name = event_name(ctx, argv[0]);
    if (!name) return JS_EXCEPTION;
    weft__ev_unsubscribe(js->host, &js->base, name);
    JS_FreeCString(ctx, name);
    return JS_UNDEFINED;
}

/* Local emits (the emitter's own handlers) skip the msgpack round trip when
 * every argument would come back as itself: a number (the codec keeps its
 * value, -0 and NaN included), a boolean, null, a short ASCII string, or a
 * function of this runtime (its ref comes back as the same function); and
 * undefined, which comes back as null, as through msgpack. Anything else
 * (objects are copies on the other side, as in FiveM, whose JS emit always
 * packs; BigInts come back as numbers; non-ASCII strings are re-encoded)
 * takes the codec, for every receiver. */
#define LOCAL_ARGS_MAX 16
#define LOCAL_STR_MAX 1024

static int arrives_as_is(weft__js *js, JSValueConst v)
{
    JSContext *ctx = js->ctx;
    switch (JS_VALUE_GET_TAG(v)) {
    case JS_TAG_INT:
    case JS_TAG_FLOAT64:
    case JS_TAG_BOOL:
    case JS_TAG_NULL:
    case JS_TAG_UNDEFINED:
        return 1;
    case JS_TAG_STRING: {
        size_t n;
        const char *str = JS_ToCStringLen(ctx, &n, v);
        if (!str) {
            JS_FreeValue(ctx, JS_GetException(ctx));
            return 0;
        }
        int ascii = n <= LOCAL_STR_MAX;
        for (size_t i = 0; ascii && i < n; i++) ascii = (unsigned char)str[i] < 0x80;
        JS_FreeCString(ctx, str);
        return ascii;
    }
    case JS_TAG_OBJECT: {
        if (!JS_IsFunction(ctx, v)) return 0;
        /* a proxy of another runtime's function comes back as a new proxy */
        JSPropertyDescriptor desc;
        int own = JS_GetOwnProperty(ctx, &desc, v, js->res->ref_atom);
        if (own < 0) {
            JS_FreeValue(ctx, JS_GetException(ctx));
            return 0;
        }
        if (own) {
            JS_FreeValue(ctx, desc.value);
            JS_FreeValue(ctx, desc.getter);
            JS_FreeValue(ctx, desc.setter);
        }
        return !own;
    }
    default:
        return 0;
    }
}

typedef struct local_emit {
    weft__js *js;
    const char *name;
    int argc;
    JSValueConst *argv;
    const char *buf; /* msgpack of the arguments, for other runtimes (or NULL) */
    size_t len;
} local_emit;

static void deliver_local(weft__rt *rt, void *ud)
{
    local_emit *le = ud;
    if (rt != &le->js->base) {
        rt->ops->dispatch_event(rt, le->name, le->buf, le->len, NULL);
        return;
    }
    weft__js *js = le->js;
    if (js->halted) return;
    JSValueConst argv[LOCAL_ARGS_MAX];
    for (int i = 0; i < le->argc; i++) /* undefined arrives as null */
        argv[i] = JS_IsUndefined(le->argv[i]) ? JS_NULL : le->argv[i];
    dispatch_argv(js, le->name, le->argc, argv, NULL);
}

static JSValue n_emit(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    JS_SELF;
    const char *name = event_name(ctx, argv[0]);
    if (!name) return JS_EXCEPTION;
    local_emit le = {js, name, argc - 1, argv + 1, NULL, 0};
    int local = le.argc <= LOCAL_ARGS_MAX;
    for (int i = 0; local && i < le.argc; i++) local = arrives_as_is(js, le.argv[i]);
    char *buf = NULL;
    size_t len = 0;
    if ((!local || weft__ev_has_other(js->host, name, &js->base)) &&
        weft__codec_pack_js_args(ctx, &js->res->hooks, le.argc, le.argv, &buf, &len) < 0) {
        JS_FreeCString(ctx, name);
        return JS_EXCEPTION;
    }
    int64_t caller = js->host->caller_async_id;
    js->host->caller_async_id = js->execution_async_id;
    le.buf = buf;
    le.len = len;
    int overflow = 0;
    JS_FreeValue(ctx, js->res->overflow);
    js->res->overflow = JS_UNDEFINED;
    weft__ev_trigger(js->host, js->res->resource, name, buf, len, local ? deliver_local : NULL, &le,
                     &overflow);
    js->host->caller_async_id = caller;
    free(buf);
    JS_FreeCString(ctx, name);
    if (overflow) { /* a handler's stack overflow is this emit's (weft__ev_trigger) */
        JSValue e = js->res->overflow; /* ours when one of our handlers passed it */
        js->res->overflow = JS_UNDEFINED;
        return JS_IsUndefined(e) ? weft__js_throw_stack_overflow(ctx) : JS_Throw(ctx, e);
    }
    return JS_UNDEFINED; /* as FiveM's emit: WasEventCanceled() tells */
}

static JSValue n_emit_net(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    JS_SELF;
    /* emitNet(name, target, ...args): target a server id (number or numeric
     * string), -1 for every player (src/net/players.c). */
    char *buf;
    size_t len;
    int32_t target = 0;
    if (JS_IsString(argv[1])) {
        const char *t = JS_ToCString(ctx, argv[1]);
        if (!t) return JS_EXCEPTION;
        target = (int32_t)strtol(t, NULL, 10);
        JS_FreeCString(ctx, t);
    } else if (JS_ToInt32(ctx, &target, argv[1])) {
        return JS_EXCEPTION;
    }
    if (weft__codec_pack_js_args(ctx, &js->res->hooks, argc > 2 ? argc - 2 : 0, argv + 2, &buf,
                                 &len) < 0)
        return JS_EXCEPTION;
    const char *name = event_name(ctx, argv[0]);
    if (name) weft__net_client_event(js->host, name, target, buf, len, 0);
    JS_FreeCString(ctx, name);
    free(buf);
    return name ? JS_UNDEFINED : JS_EXCEPTION;
}

static JSValue n_set_export(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    JS_SELF;
    if (!JS_IsFunction(ctx, argv[1])) return JS_ThrowTypeError(ctx, "exports: not a function");
    const char *name = JS_ToCString(ctx, argv[0]);
    if (!name) return JS_EXCEPTION;
    uint32_t index;
    int rc = ref_alloc(js, argv[1], &index);
    if (!rc && (rc = weft__export_set(js->host, &js->base, name, index)) < 0)
        js_ref_release(&js->base, index);
    JS_FreeCString(ctx, name);
    return rc < 0 ? JS_ThrowOutOfMemory(ctx) : JS_UNDEFINED;
}

static JSValue n_call_export(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    JS_SELF;
    const char *res = JS_ToCString(ctx, argv[0]);
    const char *name = res ? JS_ToCString(ctx, argv[1]) : NULL;
    JSValue r = JS_EXCEPTION;
    char *buf;
    size_t len;
    if (name &&
        weft__codec_pack_js_args(ctx, &js->res->hooks, argc - 2, argv + 2, &buf, &len) == 0) {
        weft__call_result out;
        int64_t caller = js->host->caller_async_id;
        js->host->caller_async_id = js->execution_async_id;
        int rc = weft__export_call(js->host, &js->base, res, name, buf, len, &out);
        js->host->caller_async_id = caller;
        free(buf);
        /* Not in the export table: FiveM's __cfx_export_ event (resource.js
         * answers undefined when no handler gave a function, else [result]). */
        JSValue alt =
            rc == WEFT_ENOENT ? internal_host_call(js, "exportByEvent", argc, argv) : JS_UNDEFINED;
        if (!JS_IsUndefined(alt)) {
            free(out.buf);
            r = alt;
            if (!JS_IsException(alt)) {
                r = JS_GetPropertyUint32(ctx, alt, 0);
                JS_FreeValue(ctx, alt);
            }
            goto done;
        }
        r = finish_call(js, &out);
    }
done:
    JS_FreeCString(ctx, res);
    JS_FreeCString(ctx, name);
    return r;
}

static JSValue n_cancel_event(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    JS_SELF;
    weft__ev_cancel(js->host);
    return JS_UNDEFINED;
}

static JSValue n_was_canceled(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    JS_SELF;
    return JS_NewBool(ctx, weft__ev_was_canceled(js->host));
}

static JSValue n_invoking(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    JS_SELF;
    weft__invocation *inv = js->host->server->invocation;
    return inv && inv->invoker ? JS_NewString(ctx, inv->invoker->name) : JS_UNDEFINED;
}

static JSValue n_resource_state(JSContext *ctx, JSValueConst this_val, int argc,
                                JSValueConst *argv)
{
    JS_SELF;
    const char *name = JS_ToCString(ctx, argv[0]);
    if (!name) return JS_EXCEPTION;
    weft__resource *r = weft__srv_find_provider(js->host, name);
    JS_FreeCString(ctx, name);
    return JS_NewString(ctx, r ? weft__srv_state_name(r->state) : "missing");
}

static JSValue n_game_timer(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    JS_SELF;
    return JS_NewInt64(ctx, (int64_t)weft__srv_game_timer(js->host));
}

static const weft__manifest *manifest_of(JSContext *ctx, JSValueConst name)
{
    weft__js *js = weft__js_from_ctx(ctx);
    const char *n = JS_ToCString(ctx, name);
    if (!n) return NULL;
    weft__resource *r = weft__srv_find(js->host, n);
    JS_FreeCString(ctx, n);
    return r && r->has_manifest ? &r->manifest : NULL;
}

static JSValue n_meta_count(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    const weft__manifest *m = manifest_of(ctx, argv[0]);
    const char *key = JS_ToCString(ctx, argv[1]);
    if (!key) return JS_EXCEPTION;
    int n = m ? weft__manifest_meta_count(m, key) : 0;
    JS_FreeCString(ctx, key);
    return JS_NewInt32(ctx, n);
}

static JSValue n_meta(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    const weft__manifest *m = manifest_of(ctx, argv[0]);
    const char *key = JS_ToCString(ctx, argv[1]);
    int i = 0;
    if (!key) return JS_EXCEPTION;
    JS_ToInt32(ctx, &i, argv[2]);
    const char *v = m ? weft__manifest_meta(m, key, i) : NULL;
    JS_FreeCString(ctx, key);
    return v ? JS_NewString(ctx, v) : JS_UNDEFINED;
}

/* GetInstanceId(): this runtime's instance number (unique per start). */
static JSValue n_instance_id(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    return JS_NewUint32(ctx, weft__js_from_ctx(ctx)->base.instance);
}

static JSValue n_num_resources(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    return JS_NewInt32(ctx, weft__srv_count(weft__js_from_ctx(ctx)->host));
}

static JSValue n_resource_by_index(JSContext *ctx, JSValueConst this_val, int argc,
                                   JSValueConst *argv)
{
    int i = -1;
    JS_ToInt32(ctx, &i, argv[0]);
    weft__resource *r = weft__srv_nth(weft__js_from_ctx(ctx)->host, i);
    return r ? JS_NewString(ctx, r->name) : JS_UNDEFINED;
}

static JSValue n_path_of(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    const char *n = JS_ToCString(ctx, argv[0]);
    if (!n) return JS_EXCEPTION;
    weft__resource *r = weft__srv_find(weft__js_from_ctx(ctx)->host, n);
    JS_FreeCString(ctx, n);
    return r ? JS_NewString(ctx, r->path) : JS_UNDEFINED;
}

/* process.exit() in a resource: stop that resource (not the server), and
 * unwind its code with an uncatchable error. (code, aborted): aborted is
 * process.abort()'s call, named as such (its code is 134). */
static JSValue n_exit_resource(JSContext *ctx, JSValueConst this_val, int argc,
                               JSValueConst *argv)
{
    JS_SELF;
    int code = 0;
    JS_ToInt32(ctx, &code, argv[0]);
    if (!js->halted) {
        if (argc > 1 && JS_ToBool(ctx, argv[1]) > 0)
            weft__log(js->host, res_name(js), "process.abort() called: stopping the resource");
        else
            weft__log(js->host, res_name(js), "process.exit(%d) called: stopping the resource",
                      code);
        char line[300], why[32];
        if (argc > 1 && JS_ToBool(ctx, argv[1]) > 0) snprintf(why, sizeof why, "process.abort()");
        else snprintf(why, sizeof why, "process.exit(%d)", code);
        weft__srv_stopped_by_itself(js->host, res_name(js), why);
        snprintf(line, sizeof line, "stop %s", res_name(js));
        weft__srv_queue_command(js->host, line);
        js->halted = 1;
        js->halt_why = argc > 1 && JS_ToBool(ctx, argv[1]) > 0 ? "process.abort()" : "process.exit()";
        js->exiting = 1;
    }
    return weft__js_throw_exit(ctx);
}

static JSValue n_call_native(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    JS_SELF;
    const char *name = JS_ToCString(ctx, argv[0]);
    if (!name) return JS_EXCEPTION;
    char *buf;
    size_t len;
    if (weft__codec_pack_js_args(ctx, &js->res->hooks, argc - 1, argv + 1, &buf, &len) < 0) {
        JS_FreeCString(ctx, name);
        return JS_EXCEPTION;
    }
    weft__call_result out;
    weft__native_call(js->host, &js->base, name, buf, len, &out);
    free(buf);
    JS_FreeCString(ctx, name);
    return finish_call(js, &out);
}

/* The global function of native number `magic` (installed by
 * n_install_natives): the same as CallNative(name, ...args). */
static JSValue n_native_global(JSContext *ctx, JSValueConst this_val, int argc,
                               JSValueConst *argv, int magic)
{
    JS_SELF;
    char *buf;
    size_t len;
    if ((size_t)magic >= weft__native_count(js->host))
        return JS_ThrowReferenceError(ctx, "no such native");
    if (weft__codec_pack_js_args(ctx, &js->res->hooks, argc, argv, &buf, &len) < 0)
        return JS_EXCEPTION;
    weft__call_result out;
    weft__native_call(js->host, &js->base, weft__native_name(js->host, (size_t)magic), buf, len,
                      &out);
    free(buf);
    return finish_call(js, &out);
}

/* One global function per native, as QuickJS's own built-ins: a function
 * list entry per name, instantiated on first use (autoinit), so a resource
 * pays ~one property per native it never calls instead of a closure. The
 * entries are shared by every runtime of a host that saw the same natives
 * (refcounted, under a lock: hosts may live on different threads). */
typedef struct native_table {
    weft_host *host;
    size_t count;
    int refs;
    struct native_table *next;
    JSCFunctionListEntry entries[];
} native_table;

static pthread_mutex_t native_tables_lock = PTHREAD_MUTEX_INITIALIZER;
static native_table *native_tables;

static native_table *native_table_get(weft_host *h)
{
    size_t n = weft__native_count(h);
    if (n > INT16_MAX) n = INT16_MAX; /* magic is an int16_t */
    pthread_mutex_lock(&native_tables_lock);
    native_table *t = native_tables;
    while (t && (t->host != h || t->count != n)) t = t->next;
    if (!t && (t = malloc(sizeof *t + n * sizeof t->entries[0]))) {
        t->host = h;
        t->count = n;
        t->refs = 0;
        for (size_t i = 0; i < n; i++)
            t->entries[i] = (JSCFunctionListEntry)JS_CFUNC_MAGIC_DEF(
                weft__native_name(h, i), 0, n_native_global, (int16_t)i);
        t->next = native_tables;
        native_tables = t;
    }
    if (t) t->refs++;
    pthread_mutex_unlock(&native_tables_lock);
    return t;
}

static void native_table_put(native_table *t)
{
    if (!t) return;
    pthread_mutex_lock(&native_tables_lock);
    if (--t->refs == 0) {
        native_table **pp = &native_tables;
        while (*pp != t) pp = &(*pp)->next;
        *pp = t->next;
        free(t);
    }
    pthread_mutex_unlock(&native_tables_lock);
}

/* The native `name`'s global again (a lazy prelude's accessor stood in its
 * place); nothing when no native has that name. */
static void reinstall_native(weft__js *js, JSValueConst global, const char *name)
{
    native_table *t = js->res->natives;
    for (size_t k = 0; t && k < t->count; k++)
        if (!strcmp(t->entries[k].name, name)) {
            JS_SetPropertyFunctionList(js->ctx, global, &t->entries[k], 1);
            return;
        }
}

/* host.installNatives(): a global function for every native whose name is
 * not taken on globalThis yet (called by resource.js after its globals). */
static JSValue n_install_natives(JSContext *ctx, JSValueConst this_val, int argc,
                                 JSValueConst *argv)
{
    JS_SELF;
    if (!js->res->natives) js->res->natives = native_table_get(js->host);
    native_table *t = js->res->natives;
    if (!t) return JS_ThrowOutOfMemory(ctx);
    JSValue global = JS_GetGlobalObject(ctx);
    for (size_t i = 0; i < t->count; i++) {
        JSAtom a = JS_NewAtom(ctx, t->entries[i].name);
        int has = a == JS_ATOM_NULL ? -1 : JS_HasProperty(ctx, global, a);
        JS_FreeAtom(ctx, a);
        if (has < 0) {
            JS_FreeValue(ctx, global);
            return JS_EXCEPTION;
        }
        if (!has) JS_SetPropertyFunctionList(ctx, global, &t->entries[i], 1);
    }
    JS_FreeValue(ctx, global);
    return JS_UNDEFINED;
}

/* host.setHandlers(obj): resource.js's handler lists, read by dispatch_argv. */
static JSValue n_set_handlers(JSContext *ctx, JSValueConst this_val, int argc,
                              JSValueConst *argv)
{
    JS_SELF;
    JS_FreeValue(ctx, js->res->handlers);
    js->res->handlers = JS_DupValue(ctx, argv[0]);
    return JS_UNDEFINED;
}

/* host.setTickCount(n): how many setTick handlers resource.js keeps. */
static JSValue n_set_tick_count(JSContext *ctx, JSValueConst this_val, int argc,
                                JSValueConst *argv)
{
    JS_SELF;
    return JS_ToInt32(ctx, &js->res->ticks, argv[0]) ? JS_EXCEPTION : JS_UNDEFINED;
}

/* The global `source`'s accessor pair (resource.js). */
static JSValue n_get_source(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    JS_SELF;
    return JS_DupValue(ctx, js->res->source);
}

static JSValue n_set_source(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    JS_SELF;
    JS_FreeValue(ctx, js->res->source);
    js->res->source = JS_DupValue(ctx, argc ? argv[0] : JS_UNDEFINED);
    return JS_UNDEFINED;
}

static JSValue n_log(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    JS_SELF;
    const char *s = JS_ToCString(ctx, argv[0]);
    if (!s) return JS_EXCEPTION;
    weft__log(js->host, res_name(js), "%s", s);
    JS_FreeCString(ctx, s);
    return JS_UNDEFINED;
}

/* print(fd, text) with "[res] " at the start of every line (console.*,
 * process.stdout/stderr of a resource). */
static JSValue n_print(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    JS_SELF;
    int fd;
    size_t len;
    if (JS_ToInt32(ctx, &fd, argv[0])) return JS_EXCEPTION;
    const char *s = JS_ToCStringLen(ctx, &len, argv[1]);
    if (!s) return JS_EXCEPTION;
    FILE *f = fd == 2 ? stderr : stdout;
    if (fd == 2) fflush(stdout);
    int *at_start = &js->res->line_start[fd == 2 ? 2 : 1];
    int color = js->host->server->use_color;
    /* Bound: one pass over the text. */
    for (size_t i = 0; i < len;) {
        if (*at_start) {
            if (color) fprintf(f, "\x1b[1m[%s]\x1b[0m ", res_name(js));
            else fprintf(f, "[%s] ", res_name(js));
            *at_start = 0;
        }
        const char *nl = memchr(s + i, '\n', len - i);
        size_t n = nl ? (size_t)(nl - (s + i)) + 1 : len - i;
        fwrite(s + i, 1, n, f);
        if (nl) *at_start = 1;
        i += n;
    }
    JS_FreeCString(ctx, s);
    return JS_UNDEFINED;
}

static const JSCFunctionListEntry host_natives[] = {
    JS_CFUNC_DEF("subscribe", 2, n_subscribe),
    JS_CFUNC_DEF("unsubscribe", 1, n_unsubscribe),
    JS_CFUNC_DEF("emit", 1, n_emit),
    JS_CFUNC_DEF("emitNet", 2, n_emit_net),
    JS_CFUNC_DEF("setExport", 2, n_set_export),
    JS_CFUNC_DEF("callExport", 2, n_call_export),
    JS_CFUNC_DEF("cancelEvent", 0, n_cancel_event),
    JS_CFUNC_DEF("wasEventCanceled", 0, n_was_canceled),
    JS_CFUNC_DEF("invokingResource", 0, n_invoking),
    JS_CFUNC_DEF("resourceState", 1, n_resource_state),
    JS_CFUNC_DEF("gameTimer", 0, n_game_timer),
    JS_CFUNC_DEF("metaCount", 2, n_meta_count),
    JS_CFUNC_DEF("meta", 3, n_meta),
    JS_CFUNC_DEF("numResources", 0, n_num_resources),
    JS_CFUNC_DEF("instanceId", 0, n_instance_id),
    JS_CFUNC_DEF("resourceByIndex", 1, n_resource_by_index),
    JS_CFUNC_DEF("pathOf", 1, n_path_of),
    JS_CFUNC_DEF("exitResource", 2, n_exit_resource),
    JS_CFUNC_DEF("callNative", 1, n_call_native),
    JS_CFUNC_DEF("installNatives", 0, n_install_natives),
    JS_CFUNC_DEF("log", 1, n_log),
    JS_CFUNC_DEF("setHandlers", 1, n_set_handlers),
    JS_CFUNC_DEF("setTickCount", 1, n_set_tick_count),
    JS_CFUNC_DEF("getSource", 0, n_get_source),
    JS_CFUNC_DEF("setSource", 1, n_set_source),
};

/* CPU watchdog (QuickJS interrupt handler, polled by the interpreter, and
 * forced by the watchdog thread while an entry runs long): a warning once per
 * entry past weft_cpuWarnMs, and past weft_cpuLimitMs the code is interrupted
 * (an uncatchable error) and the resource stopped, so one runaway loop cannot
 * take the server down. A first SIGINT/SIGTERM interrupts the running entry
 * the same way, without stopping the resource (the server is quitting). */
/* " in FILE:LINE" of the running code (QuickJS patch 0023), or "". */
static const char *js_position(weft__js *js, char *buf, size_t cap)
{
    char file[256];
    int line = JS_GetCurrentPosition(js->ctx, file, sizeof file);
    if (line > 0) snprintf(buf, cap, " in %s:%d", file, line);
    else buf[0] = 0;
    return buf;
}

static int js_interrupt(JSRuntime *rt, void *opaque)
{
    (void)rt;
    weft__js *js = opaque;
    weft_host *h = js->host;
    if (js->halted) return 1; /* keep unwinding a stopped resource */
    if (weft__js_vm_interrupt(js)) return 1; /* a vm timeout (src/js/vm.c) */
    uint64_t start = weft__host_entry_start(h);
    if (!start) return 0;
    if (weft__wd_interrupted(h)) return 1;
    uint64_t ms = (uv_hrtime() - start) / 1000000;
    char at[300];
    if (js->res->cpu_limit_ms > 0 && ms >= (uint64_t)js->res->cpu_limit_ms) {
        char why[400];
        /* between two jobs no script frame runs: the line the warning named */
        if (!*js_position(js, at, sizeof at) && js->res->warned_entry == start)
            snprintf(at, sizeof at, "%s", js->res->warned_at);
        snprintf(why, sizeof why, "ran longer than %d ms (weft_cpuLimitMs)%s",
                 js->res->cpu_limit_ms, at);
        weft__log(h, res_name(js),
                  "script ran longer than %d ms without returning (weft_cpuLimitMs)%s: "
                  "stopping the resource",
                  js->res->cpu_limit_ms, at);
        weft__srv_stop_for_limit(h, res_name(js), why);
        js->halted = 1;
        js->halt_why = "CPU limit";
        js->exiting = 1;
        /* a caller that entered this resource gets a fresh budget: the time
         * went to the runaway, not to it */
        weft__host_clock_fresh(h);
        return 1;
    }
    if (js->res->cpu_warn_ms > 0 && ms >= (uint64_t)js->res->cpu_warn_ms &&
        js->res->warned_entry != start) {
        /* Polled between two jobs of a nextTick or microtask loop, no script
         * frame is running: wait for a poll inside one (they come every few
         * thousand instructions), for at most WEFT_JS_WARN_POLLS polls
         * (counted, not timed: a loaded machine runs fewer in the time). */
        if (js->res->warn_wait_entry != start) {
            js->res->warn_wait_entry = start;
            js->res->warn_waits = 0;
        }
        if (!*js_position(js, at, sizeof at) && ++js->res->warn_waits < WEFT_JS_WARN_POLLS) return 0;
        js->res->warned_entry = start;
        snprintf(js->res->warned_at, sizeof js->res->warned_at, "%s", at);
        weft__log(h, res_name(js),
                  "warning: script has been running for more than %d ms (weft_cpuWarnMs)%s",
                  js->res->cpu_warn_ms, at);
    }
    return 0;
}

static void js_poke(weft__wd_target *t)
{
    weft__js_res *r = (weft__js_res *)((char *)t - offsetof(weft__js_res, wd));
    JS_RequestInterrupt(r->qjs);
}

int weft__js_host_natives_init(weft__js *js, JSValue natives, weft__resource *resource)
{
    JSContext *ctx = js->ctx;
    weft__js_res *r = calloc(1, sizeof *r);
    if (!r) return WEFT_ENOMEM;
    r->resource = resource;
    r->handlers = JS_UNDEFINED;
    r->source = JS_UNDEFINED;
    r->overflow = JS_UNDEFINED;
    r->hooks = (weft__codec_hooks){make_ref, ref_proxy, js};
    r->ref_atom = JS_NewAtom(ctx, "__weftRefId");
    r->line_start[1] = r->line_start[2] = 1;
    js->res = r;
    const weft__convars *cv = &js->host->server->convars;
    r->cpu_warn_ms = weft__convars_get_int(cv, "weft_cpuWarnMs", WEFT_JS_CPU_WARN_MS);
    r->cpu_limit_ms = weft__convars_get_int(cv, "weft_cpuLimitMs", WEFT_JS_CPU_LIMIT_MS);
    JS_SetInterruptHandler(js->rt, js_interrupt, js);
    r->qjs = js->rt;
    r->wd.poke = js_poke;
    weft__wd_add(js->host, &r->wd); /* on failure: polling alone */
    js->mem_limit = (size_t)weft__convars_get_int(cv, "weft_memoryLimitMb",
                                                  WEFT_JS_MEMORY_LIMIT >> 20)
                    << 20;
    JS_SetMemoryLimit(js->rt, js->mem_limit); /* at least 1 MiB (convar_limits.c) */
    if (!ref_class_id) JS_NewClassID(&ref_class_id);
    if (JS_NewClass(js->rt, ref_class_id, &ref_class) < 0) return WEFT_ENOMEM;
    JSValue host = JS_NewObject(ctx);
    JS_SetPropertyFunctionList(ctx, host, host_natives,
                               sizeof host_natives / sizeof host_natives[0]);
    JS_SetPropertyStr(ctx, host, "resourceName", JS_NewString(ctx, resource->name));
    JS_SetPropertyStr(ctx, host, "resourcePath", JS_NewString(ctx, resource->path));
    JS_SetPropertyStr(ctx, natives, "host", host);
    JS_SetPropertyStr(ctx, natives, "print",
                      JS_NewCFunction(ctx, n_print, "print", 2));
    return 0;
}

void *weft__js_host_free(weft__js *js)
{
    weft__js_res *r = js->res;
    if (!r) return NULL;
    void *natives = r->natives;
    weft__wd_remove(js->host, &r->wd);
    for (uint32_t i = 1; i < r->refs_len; i++)
        if (r->refs[i].count > 0) JS_FreeValue(js->ctx, r->refs[i].fn);
    free(r->refs);
    r->refs = NULL;
    r->refs_len = 0;
    JS_FreeAtom(js->ctx, r->ref_atom);
    JS_FreeValue(js->ctx, r->handlers);
    JS_FreeValue(js->ctx, r->source);
    JS_FreeValue(js->ctx, r->overflow);
    free(r);
    js->res = NULL;
    return natives;
}

void weft__js_host_free_late(void *natives)
{
    native_table_put(natives);
}
