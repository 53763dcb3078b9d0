/* signal_wrap.c: natives.binding('signal_wrap'), the libuv signal handles
 * behind process.on('SIGxxx') in `weft run` (lib/process.js): one uv_signal_t
 * per signal listened to, calling owner.onsignal(signum) from the loop as a
 * host entry. A handle starts unref'd (a signal listener alone does not keep
 * the process alive, as Node).
 * Invariants: an open handle holds its owner until signalClose or, when the
 * runtime frees first, its on_orphan hook closes it; its memory is freed by
 * the close callback only. libuv restores a signal's default disposition when
 * its last handle stops. */
#include <stdlib.h>
#include "js/js.h"

typedef struct sig_wrap {
    weft__js_req link; /* link.req: the owner */
    uv_signal_t h;
} sig_wrap;

static JSClassID sig_class_id;
static JSClassDef sig_class = {"WeftSignalHandle"};

static void on_closed(uv_handle_t *handle)
{
    free(handle->data);
}

static void close_sig(sig_wrap *s)
{
    if (!uv_is_closing((uv_handle_t *)&s->h)) uv_close((uv_handle_t *)&s->h, on_closed);
}

static void orphaned(weft__js_req *r)
{
    close_sig((sig_wrap *)r);
}

static void on_signal(uv_signal_t *handle, int signum)
{
    sig_wrap *s = handle->data;
    weft__js *js = s->link.js;
    if (!js) return;
    JSValue argv[1] = {JS_NewInt32(js->ctx, signum)};
    weft__js_req_invoke(js, &s->link, "onsignal", 1, argv);
}

/* signalStart(owner, signum) -> a handle object, or a negative uv error */
static JSValue js_signal_start(JSContext *ctx, JSValueConst this_val, int argc,
                               JSValueConst *argv)
{
    weft__js *js = weft__js_from_ctx(ctx);
    int32_t signum;
    if (JS_ToInt32(ctx, &signum, argv[1])) return JS_EXCEPTION;
    sig_wrap *s = calloc(1, sizeof *s);
    if (!s) return JS_ThrowOutOfMemory(ctx);
    JSValue obj = JS_NewObjectClass(ctx, (int)sig_class_id);
    if (JS_IsException(obj)) {
        free(s);
        return obj;
    }
    int rc = uv_signal_init(&js->host->loop, &s->h);
    if (rc < 0) {
        free(s);
        JS_FreeValue(ctx, obj);
        return JS_NewInt32(ctx, rc);
    }
    s->h.data = s;
    rc = uv_signal_start(&s->h, on_signal, signum);
    if (rc < 0) {
        close_sig(s); /* frees s */
        JS_FreeValue(ctx, obj);
        return JS_NewInt32(ctx, rc);
    }
    uv_unref((uv_handle_t *)&s->h);
    weft__js_req_start(js, &s->link, argv[0]);
    s->link.on_orphan = orphaned;
    JS_SetOpaque(obj, s);
    return obj;
}

/* signalClose(handle): idempotent; the owner gets no more calls */
static JSValue js_signal_close(JSContext *ctx, JSValueConst this_val, int argc,
                               JSValueConst *argv)
{
    sig_wrap *s = JS_GetOpaque(argv[0], sig_class_id);
    if (!s) return JS_UNDEFINED;
    JS_SetOpaque(argv[0], NULL);
    if (weft__js_req_unlink(&s->link)) {
        JS_FreeValue(ctx, s->link.req);
        s->link.req = JS_UNDEFINED;
    }
    close_sig(s);
    return JS_UNDEFINED;
}

/* signalRef(handle, bool) */
static JSValue js_signal_ref(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    sig_wrap *s = JS_GetOpaque(argv[0], sig_class_id);
    if (!s) return JS_UNDEFINED;
    if (JS_ToBool(ctx, argv[1])) uv_ref((uv_handle_t *)&s->h);
    else uv_unref((uv_handle_t *)&s->h);
    return JS_UNDEFINED;
}

/* errname(errno) -> "EINVAL"... */
static JSValue js_errname(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    int32_t err = 0;
    if (JS_ToInt32(ctx, &err, argv[0])) return JS_EXCEPTION;
    return JS_NewString(ctx, uv_err_name(err));
}

static const JSCFunctionListEntry sig_funcs[] = {
    JS_CFUNC_DEF("errname", 1, js_errname),
    JS_CFUNC_DEF("signalStart", 2, js_signal_start),
    JS_CFUNC_DEF("signalClose", 1, js_signal_close),
    JS_CFUNC_DEF("signalRef", 2, js_signal_ref),
};

JSValue weft__js_signal_binding(JSContext *ctx)
{
    JSRuntime *rt = JS_GetRuntime(ctx);
    if (!sig_class_id) JS_NewClassID(&sig_class_id);
    if (!JS_IsRegisteredClass(rt, sig_class_id)) JS_NewClass(rt, sig_class_id, &sig_class);
    /* handles are ordinary objects (init hooks get them as SIGNALWRAP) */
    JSValue proto = JS_GetClassProto(ctx, sig_class_id);
    if (JS_IsNull(proto) || JS_IsUndefined(proto)) JS_SetClassProto(ctx, sig_class_id, JS_NewObject(ctx));
    JS_FreeValue(ctx, proto);
    JSValue b = JS_NewObject(ctx);
    JS_SetPropertyFunctionList(ctx, b, sig_funcs, sizeof sig_funcs / sizeof sig_funcs[0]);
    return b;
}
