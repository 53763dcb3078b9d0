/* worker.c: worker_threads.Worker for `weft run`: a thread with its own host
 * (libuv loop) and JS runtime, running the same bootstrap as `weft run`
 * (run.c), then lib/worker_threads.js's child setup and the worker's main.
 * Parent and child talk only through two channels (messaging.c): the public
 * one (worker.postMessage <-> parentPort) and the control one (the start
 * message, 'online', uncaught errors); engine values never cross.
 * Invariants: a weft__worker is made and freed on the parent's loop thread;
 * the fields under `lock` are what the parent reads or pokes while the
 * child runs (its runtime for JS_RequestInterrupt, its stop handle, its
 * loop for eventLoopUtilization, the exit code); the parent joins the
 * thread before freeing it (the exit wake-up, or the parent runtime's
 * teardown: a worker never outlives the runtime that made it). */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "js/js.h"

typedef struct weft__worker {
    weft__js_req link;     /* link.req: the owner (lib/worker_threads.js), onexit(code, oom) */
    uv_async_t exit_async; /* parent loop: the thread ended; ref'd while it runs */
    uv_thread_t thread;
    int joinable;
    int64_t thread_id;
    weft__chan_side *pub, *ctl; /* the child's sides until its setup takes them */
    weft__ur_mode mode;
    size_t mem_limit; /* bytes; 0: none */
    size_t js_stack;  /* QuickJS stack limit, bytes (stackSizeMb); 0: from the thread's */
    atomic_int stop;              /* terminate() or the parent's teardown asked */
    pthread_mutex_t lock;
    /* under lock */
    weft__js *child;        /* while the child runtime exists */
    uv_async_t *child_stop; /* while the child loop runs */
    int ended, exit_code;
    int oom; /* its bootstrap did not fit in its memory limit: it never ran */
} weft__worker;

static atomic_llong next_thread_id = 1;

static JSClassID worker_class_id;
static JSClassDef worker_class = {"WeftWorkerHandle"};

/* ---- the child thread ---------------------------------------------------- */

/* End the child: no more script code; its loop stops (child thread only). */
static void child_halt(weft__js *js)
{
    weft_host *h = js->host;
    if (!h->exit_requested) {
        h->exit_requested = 1;
        h->exit_code = 1;
    }
    js->exiting = 1;
    uv_stop(&h->loop);
}

static int child_interrupt(JSRuntime *rt, void *opaque)
{
    (void)rt;
    weft__worker *w = opaque;
    weft__js *js = w->child;
    if (atomic_load(&w->stop)) {
        child_halt(js);
        return 1;
    }
    return weft__js_vm_interrupt(js);
}

static void on_child_stop(uv_async_t *a)
{
    weft__worker *w = a->data;
    child_halt(w->child);
}

/* internal.workerChildSetup(threadId, publicEndpoint, controlEndpoint) ->
 * [0, filename], [1, script source] or [2, module source (a data: URL)];
 * then the main, as weft run's. */
static void run_child(weft__worker *w, weft__js *js)
{
    JSContext *ctx = js->ctx;
    weft__host_enter(js->host, &js->base);
    JSValue load = JS_GetPropertyStr(ctx, js->natives, "loadLib");
    JSValue name = JS_NewString(ctx, "worker_threads");
    JSValue r = JS_Call(ctx, load, JS_UNDEFINED, 1, (JSValueConst *)&name);
    JS_FreeValue(ctx, name);
    JS_FreeValue(ctx, load);
    if (!JS_IsException(r)) {
        JS_FreeValue(ctx, r);
        JSValue fn = JS_GetPropertyStr(ctx, js->internal, "workerChildSetup");
        JSValue args[3] = {JS_NewInt64(ctx, w->thread_id), weft__js_endpoint_new(ctx, w->pub),
                           weft__js_endpoint_new(ctx, w->ctl)};
        w->pub = w->ctl = NULL;
        r = JS_Call(ctx, fn, JS_UNDEFINED, 3, (JSValueConst *)args);
        for (int i = 0; i < 3; i++) JS_FreeValue(ctx, args[i]);
        JS_FreeValue(ctx, fn);
    }
    int kind = -1;
    const char *text = NULL;
    if (JS_IsException(r)) {
        weft__js_report_exception(js, 0);
    } else {
        JSValue k = JS_GetPropertyUint32(ctx, r, 0), t = JS_GetPropertyUint32(ctx, r, 1);
        if (JS_ToInt32(ctx, &kind, k) < 0) kind = -1;
        text = JS_ToCString(ctx, t);
        JS_FreeValue(ctx, k);
        JS_FreeValue(ctx, t);
    }
    JS_FreeValue(ctx, r);
    weft__host_leave(js->host);
    if (text && !js->host->exit_requested) {
        if (kind == 1) weft__js_run_eval(js, text, 0);
        else if (kind == 2) weft__js_run_eval_module(js, text);
        else weft__js_run_main(js, text);
    }
    JS_FreeCString(ctx, text);
}

static void worker_main(void *arg)
{
    weft__worker *w = arg;
    int code = 1, oom = 0;
    weft_host *h = malloc(sizeof *h);
    if (h && weft__host_init(h) == 0) {
        char *argv[2] = {"weft", "[worker]"};
        weft__js *js = weft__js_new(h, w->mode, 2, argv);
        if (js) {
            uv_async_t stop;
            int stop_ok = uv_async_init(&h->loop, &stop, on_child_stop) == 0;
            if (stop_ok) {
                stop.data = w;
                uv_unref((uv_handle_t *)&stop);
            }
            if (w->js_stack) {
                js->stack_size = w->js_stack;
                JS_SetMaxStackSize(js->rt, w->js_stack);
            }
            /* the limit applies once the bootstrap ran: a bootstrap cut
             * short by it would leave QuickJS objects behind; one that
             * does not fit is the worker running out of memory at start */
            if (w->mem_limit) {
                JSMemoryUsage mu;
                JS_ComputeMemoryUsage(js->rt, &mu);
                if (mu.malloc_size >= (int64_t)w->mem_limit) {
                    oom = 1;
                } else {
                    js->mem_limit = w->mem_limit;
                    JS_SetMemoryLimit(js->rt, w->mem_limit);
                }
            }
            /* the worker's handler asks vm.c's too: vm.c installs none */
            JS_SetInterruptHandler(js->rt, child_interrupt, w);
            js->vm_interrupt_set = 1;
            pthread_mutex_lock(&w->lock);
            w->child = js;
            w->child_stop = stop_ok ? &stop : NULL;
            pthread_mutex_unlock(&w->lock);
            if (atomic_load(&w->stop) || oom) child_halt(js);
            else run_child(w, js);
            code = weft__js_spin(js);
            h->exit_requested = 1; /* nothing runs past 'exit' */
            fflush(stdout);
            pthread_mutex_lock(&w->lock);
            w->child_stop = NULL;
            w->child = NULL;
            pthread_mutex_unlock(&w->lock);
            if (stop_ok) uv_close((uv_handle_t *)&stop, NULL);
            weft__js_free(js);
            uv_run(&h->loop, UV_RUN_NOWAIT); /* the stop handle's close */
        }
        weft__host_close(h);
    }
    free(h);
    weft__chan_release(w->pub);
    weft__chan_release(w->ctl);
    w->pub = w->ctl = NULL;
    pthread_mutex_lock(&w->lock);
    w->ended = 1;
    w->exit_code = code;
    w->oom = oom;
    uv_async_send(&w->exit_async);
    pthread_mutex_unlock(&w->lock);
}

/* ---- the parent side ----------------------------------------------------- */

static void request_stop(weft__worker *w)
{
    atomic_store(&w->stop, 1);
    pthread_mutex_lock(&w->lock);
    if (w->child) JS_RequestInterrupt(w->child->rt);
    if (w->child_stop) uv_async_send(w->child_stop);
    pthread_mutex_unlock(&w->lock);
}

static void on_worker_closed(uv_handle_t *handle)
{
    weft__worker *w = handle->data;
    weft__chan_release(w->pub);
    weft__chan_release(w->ctl);
    pthread_mutex_destroy(&w->lock);
    free(w);
}

static void join(weft__worker *w)
{
    if (!w->joinable) return;
    uv_thread_join(&w->thread);
    w->joinable = 0;
}

static void on_exit_wake(uv_async_t *a)
{
    weft__worker *w = a->data;
    pthread_mutex_lock(&w->lock);
    int ended = w->ended, code = w->exit_code, oom = w->oom;
    pthread_mutex_unlock(&w->lock);
    if (!ended) return;
    join(w);
    weft__js *js = w->link.js;
    if (js) {
        JSValue args[2] = {JS_NewInt32(js->ctx, code), JS_NewBool(js->ctx, oom)};
        weft__js_req_invoke(js, &w->link, "onexit", 2, args);
        if (weft__js_req_unlink(&w->link)) JS_FreeValue(js->ctx, w->link.req);
    }
    if (!uv_is_closing((uv_handle_t *)a)) uv_close((uv_handle_t *)a, on_worker_closed);
}

/* The parent runtime frees with the worker running (its process.exit, or
 * the end of an unref'd worker's parent): stop the child, wait for it. */
static void orphaned(weft__js_req *r)
{
    weft__worker *w = (weft__worker *)r;
    request_stop(w);
    join(w);
    if (!uv_is_closing((uv_handle_t *)&w->exit_async))
        uv_close((uv_handle_t *)&w->exit_async, on_worker_closed);
}

static weft__worker *worker_of(JSValueConst h)
{
    weft__worker *w = JS_GetOpaque(h, worker_class_id);
    return w && !uv_is_closing((uv_handle_t *)&w->exit_async) ? w : NULL;
}

/* workerStart(owner, publicEndpoint, controlEndpoint, maxHeapMb, stackMb)
 * -> [handle, threadId]: the thread runs; owner.onexit(code, oom) once it
 * ended (oom: its runtime could not start within maxHeapMb).
 * The endpoints' sides go to the child (the start message already queued on
 * the control channel). Sizes <= 0: no heap limit / a WEFT_WORKER_STACK_SIZE
 * thread whose whole stack QuickJS may use. */
static JSValue js_worker_start(JSContext *ctx, JSValueConst this_val, int argc,
                               JSValueConst *argv)
{
    weft__js *js = weft__js_from_ctx(ctx);
    double heap_mb = 0, stack_mb = 0;
    if (JS_ToFloat64(ctx, &heap_mb, argv[3]) || JS_ToFloat64(ctx, &stack_mb, argv[4]))
        return JS_EXCEPTION;
    weft__worker *w = calloc(1, sizeof *w);
    if (!w || pthread_mutex_init(&w->lock, NULL)) {
        free(w);
        return JS_ThrowOutOfMemory(ctx);
    }
    JSValue obj = JS_NewObjectClass(ctx, (int)worker_class_id);
    int rc = JS_IsException(obj) ? UV_ENOMEM : uv_async_init(&js->host->loop, &w->exit_async, on_exit_wake);
    if (rc < 0) {
        pthread_mutex_destroy(&w->lock);
        free(w);
        if (JS_IsException(obj)) return obj;
        JS_FreeValue(ctx, obj);
        return JS_Throw(ctx, weft__js_uv_error(ctx, rc, "uv_async_init", NULL, NULL));
    }
    w->exit_async.data = w;
    w->pub = weft__js_endpoint_take(argv[1]);
    w->ctl = weft__js_endpoint_take(argv[2]);
    w->mode = js->ur_mode;
    w->thread_id = atomic_fetch_add(&next_thread_id, 1);
    if (heap_mb > 0) w->mem_limit = heap_mb >= 1 << 20 ? (size_t)1 << 40 : (size_t)(heap_mb * 1048576);
    /* stackSizeMb is the script's stack, as V8's --stack-size: the thread
     * has WEFT_JS_STACK_MARGIN more for the C code between QuickJS's checks */
    size_t thread_stack = WEFT_WORKER_STACK_SIZE;
    if (stack_mb > 0 && stack_mb < 1024) {
        w->js_stack = (size_t)(stack_mb * 1048576);
        if (w->js_stack < 65536) w->js_stack = 65536;
        thread_stack = w->js_stack + WEFT_JS_STACK_MARGIN + 262144;
    }
    weft__js_req_start(js, &w->link, argv[0]);
    w->link.on_orphan = orphaned;
    JS_SetOpaque(obj, w);
    uv_thread_options_t opt = {UV_THREAD_HAS_STACK_SIZE, thread_stack};
    rc = uv_thread_create_ex(&w->thread, &opt, worker_main, w);
    if (rc < 0) {
        /* as a worker that ended at once: 'exit' with code 1 */
        w->ended = 1;
        w->exit_code = 1;
        uv_async_send(&w->exit_async);
    } else {
        w->joinable = 1;
    }
    return weft__js_new_pair(ctx, obj, JS_NewInt64(ctx, w->thread_id));
}

/* workerTerminate(handle): interrupt the child's script code and stop its
 * loop; 'exit' (code 1) follows from the loop */
static JSValue js_worker_terminate(JSContext *ctx, JSValueConst this_val, int argc,
                                   JSValueConst *argv)
{
    weft__worker *w = worker_of(argv[0]);
    if (w) request_stop(w);
    return JS_UNDEFINED;
}

/* workerRef(handle, bool): whether the running worker keeps this loop alive */
static JSValue js_worker_ref(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    weft__worker *w = worker_of(argv[0]);
    if (!w) return JS_UNDEFINED;
    weft__js_uv_ref((uv_handle_t *)&w->exit_async, JS_ToBool(ctx, argv[1]) > 0);
    return JS_UNDEFINED;
}

static JSValue js_worker_has_ref(JSContext *ctx, JSValueConst this_val, int argc,
                                 JSValueConst *argv)
{
    weft__worker *w = worker_of(argv[0]);
    return JS_NewBool(ctx, w && uv_has_ref((uv_handle_t *)&w->exit_async));
}

/* workerLoopTimes(handle) -> [loopStart, idle] of the child's loop (ms from
 * timeOrigin, -1 before it started; ms idle), or undefined once it ended.
 * The child writes both words as its loop runs: a torn read cannot happen
 * for an aligned 64-bit word on the platforms weft builds for. */
static JSValue js_worker_loop_times(JSContext *ctx, JSValueConst this_val, int argc,
                                    JSValueConst *argv)
{
    weft__worker *w = worker_of(argv[0]);
    if (!w) return JS_UNDEFINED;
    uint64_t start = 0, idle = 0;
    int live = 0;
    pthread_mutex_lock(&w->lock);
    if (w->child) {
        live = 1;
        start = *(volatile uint64_t *)&w->child->host->loop_start;
        idle = uv_metrics_idle_time(&w->child->host->loop);
    }
    pthread_mutex_unlock(&w->lock);
    if (!live) return JS_UNDEFINED;
    double since = start ? (double)(start - weft__js_time_origin()) / 1e6 : -1;
    return weft__js_new_pair(ctx, JS_NewFloat64(ctx, since), JS_NewFloat64(ctx, (double)idle / 1e6));
}

/* ---- SHARE_ENV: one environment for the threads that share it ----------
 * A process-wide list of NAME=value pairs under env_lock, filled from the
 * first sharing thread's process.env (sharedEnvInit); process.env of every
 * thread that shares it is a Proxy over sharedEnv/sharedEnvKeys
 * (lib/worker_threads.js). Bound: each call walks the list once. */
typedef struct env_var {
    struct env_var *next;
    char *key, *value;
} env_var;
static pthread_mutex_t env_lock = PTHREAD_MUTEX_INITIALIZER;
static env_var *env_vars;
static int env_ready;

/* the entry of key, under env_lock */
static env_var **env_find(const char *key)
{
    env_var **at = &env_vars;
    while (*at && strcmp((*at)->key, key)) at = &(*at)->next;
    return at;
}

/* key = value (value NULL: delete); 0 or -1 out of memory; under env_lock */
static int env_put(const char *key, const char *value)
{
    env_var **at = env_find(key), *e = *at;
    if (!value) {
        if (e) {
            *at = e->next;
            free(e->key);
            free(e->value);
            free(e);
        }
        return 0;
    }
    char *v = strdup(value);
    if (!v) return -1;
    if (e) {
        free(e->value);
        e->value = v;
        return 0;
    }
    e = calloc(1, sizeof *e);
    if (!e || !(e->key = strdup(key))) {
        free(e);
        free(v);
        return -1;
    }
    e->value = v;
    *at = e;
    return 0;
}

/* sharedEnvInit(env): fill the shared environment from env's own string
 * properties, once per process */
static JSValue js_shared_env_init(JSContext *ctx, JSValueConst this_val, int argc,
                                  JSValueConst *argv)
{
    JSPropertyEnum *props;
    uint32_t n;
    if (JS_GetOwnPropertyNames(ctx, &props, &n, argv[0], JS_GPN_STRING_MASK | JS_GPN_ENUM_ONLY) < 0)
        return JS_EXCEPTION;
    pthread_mutex_lock(&env_lock);
    int fill = !env_ready;
    env_ready = 1;
    pthread_mutex_unlock(&env_lock);
    for (uint32_t i = 0; fill && i < n; i++) {
        const char *k = JS_AtomToCString(ctx, props[i].atom);
        JSValue v = JS_GetProperty(ctx, argv[0], props[i].atom);
        const char *vs = k ? JS_ToCString(ctx, v) : NULL;
        if (vs) {
            pthread_mutex_lock(&env_lock);
            env_put(k, vs);
            pthread_mutex_unlock(&env_lock);
        }
        JS_FreeCString(ctx, vs);
        JS_FreeCString(ctx, k);
        JS_FreeValue(ctx, v);
        if (JS_HasException(ctx)) JS_FreeValue(ctx, JS_GetException(ctx));
    }
    for (uint32_t i = 0; i < n; i++) JS_FreeAtom(ctx, props[i].atom);
    js_free(ctx, props);
    return JS_UNDEFINED;
}

/* sharedEnv(key) -> its string or undefined; sharedEnv(key, value): set it
 * (value undefined: delete it) */
static JSValue js_shared_env(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    const char *k = JS_ToCString(ctx, argv[0]);
    if (!k) return JS_EXCEPTION;
    JSValue r = JS_UNDEFINED;
    if (argc < 2) {
        pthread_mutex_lock(&env_lock);
        env_var *e = *env_find(k);
        if (e) r = JS_NewString(ctx, e->value);
        pthread_mutex_unlock(&env_lock);
    } else {
        const char *v = JS_IsUndefined(argv[1]) ? NULL : JS_ToCString(ctx, argv[1]);
        if (v || JS_IsUndefined(argv[1])) {
            pthread_mutex_lock(&env_lock);
            int rc = env_put(k, v);
            pthread_mutex_unlock(&env_lock);
            if (rc < 0) r = JS_ThrowOutOfMemory(ctx);
        } else {
            r = JS_EXCEPTION;
        }
        JS_FreeCString(ctx, v);
    }
    JS_FreeCString(ctx, k);
    return r;
}

/* sharedEnvKeys() -> [key...] */
static JSValue js_shared_env_keys(JSContext *ctx, JSValueConst this_val, int argc,
                                  JSValueConst *argv)
{
    JSValue a = JS_NewArray(ctx);
    uint32_t i = 0;
    pthread_mutex_lock(&env_lock);
    for (env_var *e = env_vars; e; e = e->next)
        JS_SetPropertyUint32(ctx, a, i++, JS_NewString(ctx, e->key));
    pthread_mutex_unlock(&env_lock);
    return a;
}

static const JSCFunctionListEntry worker_funcs[] = {
    JS_CFUNC_DEF("sharedEnvInit", 1, js_shared_env_init),
    JS_CFUNC_DEF("sharedEnv", 2, js_shared_env),
    JS_CFUNC_DEF("sharedEnvKeys", 0, js_shared_env_keys),
    JS_CFUNC_DEF("workerStart", 5, js_worker_start),
    JS_CFUNC_DEF("workerTerminate", 1, js_worker_terminate),
    JS_CFUNC_DEF("workerRef", 2, js_worker_ref),
    JS_CFUNC_DEF("workerHasRef", 1, js_worker_has_ref),
    JS_CFUNC_DEF("workerLoopTimes", 1, js_worker_loop_times),
};

JSValue weft__js_worker_binding(JSContext *ctx)
{
    JSRuntime *rt = JS_GetRuntime(ctx);
    if (!worker_class_id) JS_NewClassID(&worker_class_id);
    if (!JS_IsRegisteredClass(rt, worker_class_id)) JS_NewClass(rt, worker_class_id, &worker_class);
    weft__js_endpoint_class_init(rt);
    JSValue o = JS_NewObject(ctx);
    JS_SetPropertyFunctionList(ctx, o, worker_funcs, sizeof worker_funcs / sizeof worker_funcs[0]);
    return o;
}
