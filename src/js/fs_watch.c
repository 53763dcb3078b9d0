/* fs_watch.c: the libuv handles behind fs.watch (uv_fs_event_t) and
 * fs.watchFile (uv_fs_poll_t), for lib/fs.js's FSWatcher and StatWatcher.
 * Invariants: an open handle holds its JS watcher (the owner) and calls
 * owner.onchange(...) from the loop as a host entry; it is closed by
 * watchClose or, when the runtime frees first, by its on_orphan hook; its
 * memory is freed by the close callback only. */
#include <stdlib.h>
#include "js/js.h"

typedef struct fs_watch {
    weft__js_req link; /* link.req: the owner */
    union {
        uv_handle_t handle;
        uv_fs_event_t event;
        uv_fs_poll_t poll;
    } h;
} fs_watch;

static JSClassID watch_class_id;
static JSClassDef watch_class = {"WeftFsWatchHandle"};

static void on_closed(uv_handle_t *handle)
{
    free(handle->data);
}

static void close_watch(fs_watch *w)
{
    if (!uv_is_closing(&w->h.handle)) uv_close(&w->h.handle, on_closed);
}

static void orphaned(weft__js_req *r)
{
    close_watch((fs_watch *)r);
}

static void on_event(uv_fs_event_t *handle, const char *filename, int events, int status)
{
    fs_watch *w = handle->data;
    weft__js *js = w->link.js;
    if (!js) return;
    JSContext *ctx = js->ctx;
    JSValue argv[3] = {
        JS_NewInt32(ctx, status),
        JS_NewString(ctx, events & UV_RENAME ? "rename" : "change"),
        filename ? JS_NewString(ctx, filename) : JS_NULL,
    };
    weft__js_req_invoke(js, &w->link, "onchange", 3, argv);
}

static void on_poll(uv_fs_poll_t *handle, int status, const uv_stat_t *prev,
                    const uv_stat_t *curr)
{
    fs_watch *w = handle->data;
    weft__js *js = w->link.js;
    if (!js) return;
    JSContext *ctx = js->ctx;
    JSValue argv[3] = {JS_NewInt32(ctx, status), weft__js_stat_array(ctx, curr),
                       weft__js_stat_array(ctx, prev)};
    weft__js_req_invoke(js, &w->link, "onchange", 3, argv);
}

/* watchStart(owner, path, persistent) / pollStart(owner, path, persistent,
 * intervalMs) -> a handle object, or throws Node's uv error */
static JSValue watch_start(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv,
                           int is_poll)
{
    weft__js *js = weft__js_from_ctx(ctx);
    int32_t interval = 0;
    if (is_poll && JS_ToInt32(ctx, &interval, argv[3])) return JS_EXCEPTION;
    const char *path = JS_ToCString(ctx, argv[1]);
    if (!path) return JS_EXCEPTION;
    fs_watch *w = calloc(1, sizeof *w);
    JSValue obj = w ? JS_NewObjectClass(ctx, (int)watch_class_id) : JS_ThrowOutOfMemory(ctx);
    if (JS_IsException(obj)) {
        free(w);
        JS_FreeCString(ctx, path);
        return obj;
    }
    uv_loop_t *loop = &js->host->loop;
    int rc = is_poll ? uv_fs_poll_init(loop, &w->h.poll) : uv_fs_event_init(loop, &w->h.event);
    w->h.handle.data = w;
    if (rc == 0) {
        rc = is_poll ? uv_fs_poll_start(&w->h.poll, on_poll, path, (unsigned)interval)
                     : uv_fs_event_start(&w->h.event, on_event, path, 0);
        if (rc < 0) uv_close(&w->h.handle, on_closed); /* frees w */
    } else {
        free(w);
    }
    if (rc < 0) {
        JSValue err = weft__js_uv_error(ctx, rc, "watch", path, NULL);
        JS_FreeCString(ctx, path);
        JS_FreeValue(ctx, obj);
        return JS_Throw(ctx, err);
    }
    JS_FreeCString(ctx, path);
    if (!JS_ToBool(ctx, argv[2])) uv_unref(&w->h.handle);
    weft__js_req_start(js, &w->link, argv[0]);
    w->link.on_orphan = orphaned;
    JS_SetOpaque(obj, w);
    return obj;
}

static JSValue js_watch_start(JSContext *ctx, JSValueConst this_val, int argc,
                              JSValueConst *argv)
{
    return watch_start(ctx, this_val, argc, argv, 0);
}

static JSValue js_poll_start(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    return watch_start(ctx, this_val, argc, argv, 1);
}

/* watchClose(handle): idempotent */
static JSValue js_watch_close(JSContext *ctx, JSValueConst this_val, int argc,
                              JSValueConst *argv)
{
    fs_watch *w = JS_GetOpaque(argv[0], watch_class_id);
    if (!w) return JS_UNDEFINED;
    JS_SetOpaque(argv[0], NULL);
    if (weft__js_req_unlink(&w->link)) {
        JS_FreeValue(ctx, w->link.req);
        w->link.req = JS_UNDEFINED;
    }
    close_watch(w);
    return JS_UNDEFINED;
}

/* watchRef(handle, bool) */
static JSValue js_watch_ref(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    fs_watch *w = JS_GetOpaque(argv[0], watch_class_id);
    if (!w) return JS_UNDEFINED;
    if (JS_ToBool(ctx, argv[1])) uv_ref(&w->h.handle);
    else uv_unref(&w->h.handle);
    return JS_UNDEFINED;
}

/* uvError(errno, syscall, path): Node's error for a watcher's failure */
static JSValue js_uv_error(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    int32_t err = 0;
    if (JS_ToInt32(ctx, &err, argv[0])) return JS_EXCEPTION;
    const char *syscall = JS_ToCString(ctx, argv[1]);
    const char *path = JS_IsString(argv[2]) ? JS_ToCString(ctx, argv[2]) : NULL;
    JSValue e = syscall ? weft__js_uv_error(ctx, err, syscall, path, NULL) : JS_EXCEPTION;
    JS_FreeCString(ctx, syscall);
    JS_FreeCString(ctx, path);
    return e;
}

static const JSCFunctionListEntry watch_funcs[] = {
    JS_CFUNC_DEF("watchStart", 3, js_watch_start),
    JS_CFUNC_DEF("pollStart", 4, js_poll_start),
    JS_CFUNC_DEF("watchClose", 1, js_watch_close),
    JS_CFUNC_DEF("watchRef", 2, js_watch_ref),
    JS_CFUNC_DEF("uvError", 3, js_uv_error),
};

void weft__js_fs_watch_init(JSContext *ctx, JSValue binding)
{
    JSRuntime *rt = JS_GetRuntime(ctx);
    if (!watch_class_id) JS_NewClassID(&watch_class_id);
    if (!JS_IsRegisteredClass(rt, watch_class_id)) JS_NewClass(rt, watch_class_id, &watch_class);
    /* handles are ordinary objects (async_hooks hands them to init hooks as
     * the resource, as Node's FSEvent/StatWatcher handles) */
    JSValue proto = JS_GetClassProto(ctx, watch_class_id);
    if (JS_IsNull(proto) || JS_IsUndefined(proto)) JS_SetClassProto(ctx, watch_class_id, JS_NewObject(ctx));
    JS_FreeValue(ctx, proto);
    JS_SetPropertyFunctionList(ctx, binding, watch_funcs, sizeof watch_funcs / sizeof watch_funcs[0]);
}
