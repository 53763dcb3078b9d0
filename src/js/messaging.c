/* messaging.c: the libuv handle behind a MessagePort or BroadcastChannel
 * (lib/worker_threads.js): a uv_async_t whose wake-up delivers the port's
 * queued messages from the loop, one host entry per message (so ticks and
 * microtasks run between two messages, as Node's MessagePort::OnMessage).
 * Invariants: an open handle holds its JS port (the owner); the queue lives
 * on the JS side; the handle is closed by portClose (then owner.onclose()
 * runs from the close callback) or, when the runtime frees first, by its
 * on_orphan hook; its memory is freed by the close callback only. */
#include <stdlib.h>
#include "js/js.h"

typedef struct port_handle {
    weft__js_req link; /* link.req: the owner */
    uv_async_t async;
} port_handle;

static JSClassID port_class_id;
static JSClassDef port_class = {"WeftMessagePortHandle"};

static void on_closed(uv_handle_t *handle)
{
    port_handle *p = handle->data;
    weft__js *js = p->link.js;
    if (js) {
        weft__js_req_invoke(js, &p->link, "onclose", 0, NULL);
        if (weft__js_req_unlink(&p->link)) JS_FreeValue(js->ctx, p->link.req);
    }
    free(p);
}

static void orphaned(weft__js_req *r)
{
    port_handle *p = (port_handle *)r;
    if (!uv_is_closing((uv_handle_t *)&p->async)) uv_close((uv_handle_t *)&p->async, on_closed);
}

/* Calls owner.onmessage() once per queued message, each a host entry of its
 * own; it returns true while more are queued. Bound: at most
 * WEFT_PORT_MESSAGES_PER_WAKE calls, then the handle wakes itself again, so a
 * port posting to itself cannot starve the loop. */
static void on_wake(uv_async_t *async)
{
    port_handle *p = async->data;
    for (int i = 0; i < WEFT_PORT_MESSAGES_PER_WAKE; i++) {
        weft__js *js = p->link.js;
        if (!js || js->halted || js->host->exit_requested) return;
        JSContext *ctx = js->ctx;
        weft_host *h = js->host;
        weft__host_enter(h, &js->base);
        int64_t eid = js->execution_async_id, tid = js->trigger_async_id;
        js->execution_async_id = 0;
        js->trigger_async_id = 0;
        JSValue owner = JS_DupValue(ctx, p->link.req);
        JSValue fn = JS_GetPropertyStr(ctx, owner, "onwake");
        JSValue res = JS_Call(ctx, fn, owner, 0, NULL);
        int more = 0;
        if (JS_IsException(res)) weft__js_report_exception(js, 0);
        else more = JS_ToBool(ctx, res);
        JS_FreeValue(ctx, res);
        JS_FreeValue(ctx, fn);
        JS_FreeValue(ctx, owner);
        js->execution_async_id = eid;
        js->trigger_async_id = tid;
        weft__host_leave(h); /* the checkpoint runs here, after each message */
        if (!more || uv_is_closing((uv_handle_t *)async)) return;
    }
    uv_async_send(async);
}

/* portOpen(owner) -> a handle, ref'd */
static JSValue js_port_open(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    weft__js *js = weft__js_from_ctx(ctx);
    port_handle *p = calloc(1, sizeof *p);
    JSValue obj = p ? JS_NewObjectClass(ctx, (int)port_class_id) : JS_ThrowOutOfMemory(ctx);
    if (JS_IsException(obj)) {
        free(p);
        return obj;
    }
    int rc = uv_async_init(&js->host->loop, &p->async, on_wake);
    if (rc < 0) {
        free(p);
        JS_FreeValue(ctx, obj);
        return JS_Throw(ctx, weft__js_uv_error(ctx, rc, "uv_async_init", NULL, NULL));
    }
    p->async.data = p;
    weft__js_req_start(js, &p->link, argv[0]);
    p->link.on_orphan = orphaned;
    JS_SetOpaque(obj, p);
    return obj;
}

static port_handle *port_of(JSValueConst h)
{
    port_handle *p = JS_GetOpaque(h, port_class_id);
    return p && !uv_is_closing((uv_handle_t *)&p->async) ? p : NULL;
}

/* portSignal(handle): deliver from the loop (owner.onwake) */
static JSValue js_port_signal(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    port_handle *p = port_of(argv[0]);
    if (p) uv_async_send(&p->async);
    return JS_UNDEFINED;
}

/* portRef(handle, bool) */
static JSValue js_port_ref(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    port_handle *p = port_of(argv[0]);
    if (!p) return JS_UNDEFINED;
    if (JS_ToBool(ctx, argv[1])) uv_ref((uv_handle_t *)&p->async);
    else uv_unref((uv_handle_t *)&p->async);
    return JS_UNDEFINED;
}

/* portHasRef(handle) -> bool, or undefined once closed */
static JSValue js_port_has_ref(JSContext *ctx, JSValueConst this_val, int argc,
                               JSValueConst *argv)
{
    port_handle *p = port_of(argv[0]);
    if (!p) return JS_UNDEFINED;
    return JS_NewBool(ctx, uv_has_ref((uv_handle_t *)&p->async));
}

/* portClose(handle): idempotent; owner.onclose() follows from the loop */
static JSValue js_port_close(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    port_handle *p = port_of(argv[0]);
    if (!p) return JS_UNDEFINED;
    JS_SetOpaque(argv[0], NULL);
    uv_close((uv_handle_t *)&p->async, on_closed);
    return JS_UNDEFINED;
}

static const JSCFunctionListEntry port_funcs[] = {
    JS_CFUNC_DEF("portOpen", 1, js_port_open),
    JS_CFUNC_DEF("portSignal", 1, js_port_signal),
    JS_CFUNC_DEF("portRef", 2, js_port_ref),
    JS_CFUNC_DEF("portHasRef", 1, js_port_has_ref),
    JS_CFUNC_DEF("portClose", 1, js_port_close),
};

JSValue weft__js_messaging_binding(JSContext *ctx)
{
    JSRuntime *rt = JS_GetRuntime(ctx);
    if (!port_class_id) JS_NewClassID(&port_class_id);
    if (!JS_IsRegisteredClass(rt, port_class_id)) JS_NewClass(rt, port_class_id, &port_class);
    JSValue o = JS_NewObject(ctx);
    JS_SetPropertyFunctionList(ctx, o, port_funcs, sizeof port_funcs / sizeof port_funcs[0]);
    return o;
}
