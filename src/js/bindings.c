/* bindings.c: natives.binding(name), the C halves of built-in modules that
 * wrap a C library (os, crypto, fs), created on first use so that an empty
 * script pays nothing for them; and weft__js_req, a libuv request (or handle)
 * whose completion calls back into JS (req.oncomplete(err, value)) as a host
 * entry.
 * Invariants: a request holds its JS object until it completes or the
 * runtime is freed (weft__js_reqs_orphan: then its work still finishes on the
 * loop, and its completion only frees C memory). */
#include <stdlib.h>
#include <string.h>
#include <openssl/opensslv.h>
#include "js/js.h"

typedef struct binding_entry {
    const char *name;
    JSValue (*make)(JSContext *ctx);
} binding_entry;

static const binding_entry bindings[] = {
    {"os", weft__js_os_binding},
    {"crypto", weft__js_crypto_binding},
    {"fs", weft__js_fs_binding},
    {"child_process", weft__js_child_process_binding},
    {"vm", weft__js_vm_binding},
    {"vm_module", weft__js_vm_module_binding},
    {"util", weft__js_util_binding},
    {"sigint_watchdog", weft__js_sigint_watchdog_binding},
    {"perf", weft__js_perf_binding},
    {"net", weft__js_net_binding},
    {"http_parser", weft__js_http_parser_binding},
    {"cares", weft__js_cares_binding},
    {"messaging", weft__js_messaging_binding},
    {"worker", weft__js_worker_binding},
    {"signal_wrap", weft__js_signal_binding},
    {"text_decoder", weft__js_text_decoder_binding},
    {"intl", weft__js_intl_binding},
    {NULL, NULL},
};

/* natives.binding(name): a new object each call; the lib file keeps it. */
static JSValue js_binding(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    const char *name = JS_ToCString(ctx, argv[0]);
    if (!name) return JS_EXCEPTION;
    for (const binding_entry *b = bindings; b->name; b++) {
        if (!strcmp(b->name, name)) {
            JS_FreeCString(ctx, name);
            return b->make(ctx);
        }
    }
    JS_FreeCString(ctx, name);
    return JS_ThrowInternalError(ctx, "no such binding");
}

static const JSCFunctionListEntry binding_natives[] = {
    JS_CFUNC_DEF("binding", 1, js_binding),
    /* process.versions.openssl: the version built against */
    JS_PROP_STRING_DEF("opensslVersion", OPENSSL_VERSION_STR, JS_PROP_C_W_E),
};

void weft__js_bindings_init(weft__js *js, JSValue natives)
{
    JS_SetPropertyFunctionList(js->ctx, natives, binding_natives,
                               sizeof binding_natives / sizeof binding_natives[0]);
    if (weft__js_util_kinds_init(js->ctx) < 0) JS_FreeValue(js->ctx, JS_GetException(js->ctx));
}

/* ---- requests ---------------------------------------------------------- */

void weft__js_req_start(weft__js *js, weft__js_req *r, JSValueConst req)
{
    r->js = js;
    r->req = JS_DupValue(js->ctx, req);
    r->on_orphan = NULL;
    r->prev = NULL;
    r->next = js->reqs;
    if (js->reqs) js->reqs->prev = r;
    js->reqs = r;
}

weft__js *weft__js_req_unlink(weft__js_req *r)
{
    weft__js *js = r->js;
    if (!js) return NULL;
    if (r->prev) r->prev->next = r->next;
    else js->reqs = r->next;
    if (r->next) r->next->prev = r->prev;
    r->js = NULL;
    return js;
}

void weft__js_req_invoke(weft__js *js, weft__js_req *r, const char *method, int argc,
                         JSValue *argv)
{
    JSContext *ctx = js->ctx;
    weft_host *h = js->host;
    if (!js->halted && !h->exit_requested) {
        /* a callback from the loop: no outer async context while it runs
         * nor at the checkpoint after it (as timers.c) */
        weft__host_enter(h, &js->base);
        int64_t eid = js->execution_async_id, tid = js->trigger_async_id;
        js->execution_async_id = 0;
        js->trigger_async_id = 0;
        JSValue fn = JS_GetPropertyStr(ctx, r->req, method);
        JSValue res = JS_Call(ctx, fn, r->req, argc, (JSValueConst *)argv);
        if (JS_IsException(res)) weft__js_report_exception(js, 0);
        JS_FreeValue(ctx, res);
        JS_FreeValue(ctx, fn);
        js->execution_async_id = eid;
        js->trigger_async_id = tid;
        weft__host_leave(h);
    }
    for (int i = 0; i < argc; i++) JS_FreeValue(ctx, argv[i]);
}

void weft__js_req_complete(weft__js *js, weft__js_req *r, JSValue err, JSValue value)
{
    JSValue argv[2] = {err, value};
    weft__js_req_invoke(js, r, "oncomplete", 2, argv);
    JS_FreeValue(js->ctx, r->req);
    r->req = JS_UNDEFINED;
}

/* Pool threads never touch JS memory (a runtime freed meanwhile frees it):
 * a job that fills the caller's bytes fills its own copy, and the copy goes
 * into req.target (set at start) on the loop thread. */
int weft__js_req_set_target(JSContext *ctx, JSValueConst req, JSValueConst target)
{
    return JS_SetPropertyStr(ctx, req, "target", JS_DupValue(ctx, target)) < 0 ? -1 : 0;
}

int weft__js_req_copy_out(weft__js *js, weft__js_req *r, size_t off, const uint8_t *src,
                          size_t len)
{
    JSContext *ctx = js->ctx;
    JSValue t = JS_GetPropertyStr(ctx, r->req, "target");
    uint8_t *p;
    size_t n;
    int rc = weft__js_get_bytes(ctx, t, &p, &n);
    JS_FreeValue(ctx, t);
    if (rc < 0 || off > n || len > n - off) return -1; /* detached or shrunk meanwhile */
    if (len) memcpy(p + off, src, len);
    return 0;
}

/* Bound: each pass takes the head off the list; nothing is added while the
 * runtime frees. A value freed here may run a finalizer that unlinks (and
 * frees) other requests (a dns channel answering its queries): r is off the
 * list before its value goes, and untouched after. */
void weft__js_reqs_orphan(weft__js *js)
{
    weft__js_req *r;
    while ((r = js->reqs) != NULL) {
        weft__js_req_unlink(r);
        JSValue v = r->req;
        r->req = JS_UNDEFINED;
        r->prev = r->next = NULL;
        if (r->on_orphan) r->on_orphan(r);
        JS_FreeValue(js->ctx, v);
    }
}

/* ---- shared helpers ------------------------------------------------------ */

/* A DataView (QuickJS has no C accessor for one): its buffer, byteOffset
 * and byteLength properties. */
static int view_bytes(JSContext *ctx, JSValueConst v, uint8_t **p, size_t *len)
{
    if (!JS_IsObject(v)) return -1;
    JSValue ab = JS_GetPropertyStr(ctx, v, "buffer");
    size_t size = 0;
    uint8_t *q = JS_IsObject(ab) ? JS_GetArrayBuffer(ctx, &size, ab) : NULL;
    JS_FreeValue(ctx, ab);
    int64_t off = -1, n = -1;
    if (q) {
        JSValue o = JS_GetPropertyStr(ctx, v, "byteOffset");
        JSValue l = JS_GetPropertyStr(ctx, v, "byteLength");
        if (JS_ToInt64(ctx, &off, o) || JS_ToInt64(ctx, &n, l)) off = -1;
        JS_FreeValue(ctx, o);
        JS_FreeValue(ctx, l);
    }
    if (JS_HasException(ctx)) JS_FreeValue(ctx, JS_GetException(ctx));
    if (!q || off < 0 || n < 0 || (uint64_t)off + (uint64_t)n > size) return -1;
    *p = q + off;
    *len = (size_t)n;
    return 0;
}

int weft__js_get_bytes(JSContext *ctx, JSValueConst v, uint8_t **p, size_t *len)
{
    size_t off = 0, n = 0, el = 0, size = 0;
    JSValue ab = JS_GetTypedArrayBuffer(ctx, v, &off, &n, &el);
    if (JS_IsException(ab)) {
        JS_FreeValue(ctx, JS_GetException(ctx));
        uint8_t *q = JS_GetArrayBuffer(ctx, &size, v);
        if (!q) {
            if (JS_HasException(ctx)) JS_FreeValue(ctx, JS_GetException(ctx));
            return view_bytes(ctx, v, p, len);
        }
        *p = q;
        *len = size;
        return 0;
    }
    uint8_t *q = JS_GetArrayBuffer(ctx, &size, ab);
    JS_FreeValue(ctx, ab);
    if (!q && n) return -1;
    *p = q ? q + off : (uint8_t *)"";
    *len = n;
    return 0;
}

static void free_bytes(JSRuntime *rt, void *opaque, void *ptr)
{
    free(ptr);
}

JSValue weft__js_new_bytes(JSContext *ctx, const uint8_t *data, size_t len)
{
    return JS_NewArrayBufferCopy(ctx, data, len);
}

JSValue weft__js_adopt_bytes(JSContext *ctx, uint8_t *data, size_t len)
{
    return JS_NewArrayBuffer(ctx, data, len, free_bytes, NULL, 0);
}
