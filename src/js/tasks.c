/* tasks.c: a JS runtime's task queues, as Node's lib/internal/process/
 * task_queues.js and promises.js: the nextTick ring buffer, microtasks
 * (QuickJS jobs), processTicksAndRejections, the callback-scope close, and
 * the promise-rejection records.
 *
 * Bounds: the tick ring grows by doubling and holds exactly the queued ticks;
 * the drain loops end when both queues are empty and no rejection work is
 * pending (a script that queues forever runs forever, as in Node). Nothing on
 * the nextTick path allocates except the ring growth and >2 argument arrays. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "host/server.h"
#include "host/watchdog.h"
#include "js/codec.h"
#include "js/js.h"

/* ---- nextTick ring buffer ---------------------------------------------- */

/* Node's ERR_INVALID_ARG_TYPE for a `callback` that is not a function
 * (internal.throwInvalidArgType); returns JS_EXCEPTION. */
JSValue weft__js_throw_not_callback(weft__js *js, int argc, JSValueConst *argv)
{
    JSContext *ctx = js->ctx;
    JSValue fn = JS_GetPropertyStr(ctx, js->internal, "throwInvalidArgType");
    JSValue args[3] = {JS_NewString(ctx, "callback"), JS_NewString(ctx, "function"),
                       argc ? JS_DupValue(ctx, argv[0]) : JS_UNDEFINED};
    JSValue r = JS_Call(ctx, fn, JS_UNDEFINED, 3, (JSValueConst *)args);
    for (int i = 0; i < 3; i++) JS_FreeValue(ctx, args[i]);
    JS_FreeValue(ctx, fn);
    return r;
}

static int tick_grow(weft__js *js)
{
    size_t cap = js->tick_cap ? js->tick_cap * 2 : WEFT_TICK_QUEUE_INITIAL;
    weft__tick *t = malloc(cap * sizeof *t);
    if (!t) return -1;
    for (size_t i = 0; i < js->tick_len; i++) {
        t[i] = js->ticks[(js->tick_head + i) & (js->tick_cap - 1)];
        if (t[i].argc <= WEFT_TICK_INLINE_ARGS) t[i].argv = t[i].inline_args;
    }
    free(js->ticks);
    js->ticks = t;
    js->tick_cap = cap;
    js->tick_head = 0;
    return 0;
}

static JSValue next_tick_hooked(weft__js *js, int argc, JSValueConst *argv);

static JSValue js_next_tick(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    weft__js *js = weft__js_from_ctx(ctx);
    if (argc < 1 || !JS_IsFunction(ctx, argv[0])) return weft__js_throw_not_callback(js, argc, argv);
    if (js->exiting) return JS_UNDEFINED;
    if (js->hooks_active) return next_tick_hooked(js, argc, argv);
    if (js->tick_len == js->tick_cap && tick_grow(js) < 0) return JS_ThrowOutOfMemory(ctx);
    weft__tick *t = &js->ticks[(js->tick_head + js->tick_len) & (js->tick_cap - 1)];
    int n = argc - 1;
    t->callback = JS_DupValue(ctx, argv[0]);
    t->argc = n;
    if (n <= WEFT_TICK_INLINE_ARGS) {
        t->argv = t->inline_args;
    } else if (!(t->argv = malloc(n * sizeof(JSValue)))) {
        JS_FreeValue(ctx, t->callback);
        return JS_ThrowOutOfMemory(ctx);
    }
    for (int i = 0; i < n; i++) t->argv[i] = JS_DupValue(ctx, argv[i + 1]);
    t->async_id = ++*js->async_id_counter;
    t->trigger_async_id = js->default_trigger_async_id >= 0 ? js->default_trigger_async_id
                                                            : js->execution_async_id;
    t->resource = JS_UNDEFINED;
    js->tick_len++;
    weft__rt_mark_dirty(&js->base);
    return JS_UNDEFINED;
}

static JSValue hooks_fn(weft__js *js, const char *name)
{
    JSValue hooks = JS_GetPropertyStr(js->ctx, js->internal, "hooks");
    JSValue fn = JS_GetPropertyStr(js->ctx, hooks, name);
    JS_FreeValue(js->ctx, hooks);
    return fn;
}

/* nextTick while async hooks are active: the tick also carries its
 * TickObject resource (announced to init hooks). */
static JSValue next_tick_hooked(weft__js *js, int argc, JSValueConst *argv)
{
    JSContext *ctx = js->ctx;
    int64_t async_id = ++*js->async_id_counter;
    int64_t trigger = js->default_trigger_async_id >= 0 ? js->default_trigger_async_id
                                                        : js->execution_async_id;
    JSValue res = weft__js_new_tick_object(js, async_id, trigger, argv[0], argc - 1, argv + 1);
    if (JS_IsException(res)) return res;
    if (js->tick_len == js->tick_cap && tick_grow(js) < 0) {
        JS_FreeValue(ctx, res);
        return JS_ThrowOutOfMemory(ctx);
    }
    weft__tick *t = &js->ticks[(js->tick_head + js->tick_len) & (js->tick_cap - 1)];
    int n = argc - 1;
    t->callback = JS_DupValue(ctx, argv[0]);
    t->argc = n;
    if (n <= WEFT_TICK_INLINE_ARGS) {
        t->argv = t->inline_args;
    } else if (!(t->argv = malloc(n * sizeof(JSValue)))) {
        JS_FreeValue(ctx, t->callback);
        JS_FreeValue(ctx, res);
        return JS_ThrowOutOfMemory(ctx);
    }
    for (int i = 0; i < n; i++) t->argv[i] = JS_DupValue(ctx, argv[i + 1]);
    t->async_id = async_id;
    t->trigger_async_id = trigger;
    t->resource = res;
    js->tick_len++;
    weft__rt_mark_dirty(&js->base);
    return JS_UNDEFINED;
}

/* Run every queued tick, including ticks queued meanwhile (FIFO). Returns -1
 * with the exception pending when a tick throws; the rest stay queued. */
static int run_ticks(weft__js *js)
{
    JSContext *ctx = js->ctx;
    while (js->tick_len) {
        weft__tick t = js->ticks[js->tick_head];
        if (t.argc <= WEFT_TICK_INLINE_ARGS) t.argv = t.inline_args;
        js->tick_head = (js->tick_head + 1) & (js->tick_cap - 1);
        js->tick_len--;
        JSValue r;
        if (!JS_IsUndefined(t.resource) || js->hooks_active) {
            /* made while hooks were active, or hooks enabled since (as
             * Node, emitBefore/emitAfter test the hooks at run time):
             * before/destroy/after */
            r = weft__js_run_hooked_tick(js, &t) < 0 ? JS_EXCEPTION : JS_UNDEFINED;
            JS_FreeValue(ctx, t.resource);
        } else {
            int64_t eid = js->execution_async_id, tid = js->trigger_async_id;
            js->execution_async_id = t.async_id;
            js->trigger_async_id = t.trigger_async_id;
            r = JS_Call(ctx, t.callback, JS_UNDEFINED, t.argc, (JSValueConst *)t.argv);
            /* a hook enabled by the callback itself: destroy (as Node's
             * finally) and, unless it threw, after for this tick */
            if (js->hooks_active) {
                weft__js_emit_destroy(js, t.async_id);
                if (!JS_IsException(r) && weft__js_emit_after_only(js, t.async_id) < 0) {
                    JS_FreeValue(ctx, r);
                    r = JS_EXCEPTION;
                }
            }
            js->execution_async_id = eid;
            js->trigger_async_id = tid;
        }
        JS_FreeValue(ctx, t.callback);
        for (int i = 0; i < t.argc; i++) JS_FreeValue(ctx, t.argv[i]);
        if (t.argv != t.inline_args) free(t.argv);
        if (JS_IsException(r)) return -1;
        JS_FreeValue(ctx, r);
    }
    return 0;
}

/* ---- microtasks -------------------------------------------------------- */

static JSValue microtask_job(JSContext *ctx, int argc, JSValueConst *argv)
{
    return JS_Call(ctx, argv[0], JS_UNDEFINED, 0, NULL);
}

static JSValue js_queue_microtask(JSContext *ctx, JSValueConst this_val, int argc,
                                  JSValueConst *argv)
{
    weft__js *js = weft__js_from_ctx(ctx);
    if (argc < 1 || !JS_IsFunction(ctx, argv[0])) return weft__js_throw_not_callback(js, argc, argv);
    if (js->hooks_active) {
        /* Node's AsyncResource('Microtask') wrapper, made in JS */
        JSValue fn = hooks_fn(js, "microtask");
        JSValue bound = JS_Call(ctx, fn, JS_UNDEFINED, 1, argv);
        JS_FreeValue(ctx, fn);
        if (JS_IsException(bound)) return bound;
        int r = JS_EnqueueJob(ctx, microtask_job, 1, (JSValueConst *)&bound);
        JS_FreeValue(ctx, bound);
        if (r < 0) return JS_EXCEPTION;
        weft__rt_mark_dirty(&js->base);
        return JS_UNDEFINED;
    }
    ++*js->async_id_counter; /* the Microtask AsyncResource's id, as Node */
    if (JS_EnqueueJob(ctx, microtask_job, 1, argv) < 0) return JS_EXCEPTION;
    weft__rt_mark_dirty(&js->base);
    return JS_UNDEFINED;
}

void weft__js_run_microtasks(weft__js *js)
{
    JSContext *c;
    /* Bound: ends when QuickJS's job queue is empty; jobs queued by jobs run
     * in the same drain (Node's runMicrotasks). */
    for (;;) {
        /* process.exit() in a job (e.g. after an await) turns into a
         * rejection inside QuickJS; stop draining all the same */
        if (js->host->exit_requested || js->halted) return;
        int r = JS_ExecutePendingJob(js->rt, &c);
        if (r == 0) break;
        if (r < 0) {
            if (js->host->exit_requested || js->halted) return;
            weft__js_report_exception(js, 0);
            if (js->host->exit_requested || js->halted) return;
        }
    }
    /* the checkpoint's end: WeakRef targets made or deref'd since are no
     * longer kept alive (deps/patches/0071) */
    JS_ClearKeptObjects(js->rt);
}

/* ---- rejections -------------------------------------------------------- */

/* A resolve/reject after the promise was resolved (deps/patches/0030):
 * lib/promises.js queues Node's 'multipleResolves' on a tick. */
static void multiple_resolve_tracker(JSContext *ctx, JSValueConst promise, JSValueConst value,
                                     JS_BOOL is_reject, void *opaque)
{
    weft__js *js = opaque;
    if (js->host->exit_requested || js->halted) return;
    JSValue fn = JS_GetPropertyStr(ctx, js->internal, "multipleResolves");
    if (!JS_IsFunction(ctx, fn)) {
        JS_FreeValue(ctx, fn);
        return;
    }
    JSValue a[3] = {JS_NewString(ctx, is_reject ? "reject" : "resolve"), JS_DupValue(ctx, promise),
                    JS_DupValue(ctx, value)};
    JSValue r = JS_Call(ctx, fn, JS_UNDEFINED, 3, (JSValueConst *)a);
    if (JS_IsException(r)) JS_FreeValue(ctx, JS_GetException(ctx)); /* out of memory only */
    JS_FreeValue(ctx, r);
    for (int i = 0; i < 3; i++) JS_FreeValue(ctx, a[i]);
    JS_FreeValue(ctx, fn);
}


/* Drop promise's pending unhandled-rejection record: 1 when it had one. */
static int forget_pending(weft__js *js, JSValueConst promise)
{
    for (size_t i = js->pending_len; i-- > 0;) {
        if (JS_VALUE_GET_PTR(js->pending[i].promise) != JS_VALUE_GET_PTR(promise)) continue;
        JS_FreeValue(js->ctx, js->pending[i].promise);
        JS_FreeValue(js->ctx, js->pending[i].reason);
        memmove(&js->pending[i], &js->pending[i + 1],
                (js->pending_len - i - 1) * sizeof js->pending[0]);
        js->pending_len--;
        if (!js->pending_len && !js->late_len) js->has_rejection_to_warn = 0;
        return 1;
    }
    return 0;
}

void weft__js_forget_rejection(weft__js *js, JSValueConst promise)
{
    forget_pending(js, promise);
}

static void rejection_tracker(JSContext *ctx, JSValueConst promise, JSValueConst reason,
                              JS_BOOL is_handled, void *opaque)
{
    weft__js *js = opaque;
    /* exiting/stopped: the unwinding itself rejects promises; not reported */
    if (js->host->exit_requested || js->halted) return;
    if (!is_handled) {
        if (js->pending_len == js->pending_cap) {
            size_t cap = js->pending_cap ? js->pending_cap * 2 : 16;
            weft__rejection *p = realloc(js->pending, cap * sizeof *p);
            if (!p) return;
            js->pending = p;
            js->pending_cap = cap;
        }
        js->pending[js->pending_len++] = (weft__rejection){
            JS_DupValue(ctx, promise), JS_DupValue(ctx, reason), ++js->last_promise_id};
        js->has_rejection_to_warn = 1;
        weft__rt_mark_dirty(&js->base);
        return;
    }
    /* Handled after rejection: if still pending, forget it silently (search
     * from the newest: the common case is a catch attached right away). */
    if (forget_pending(js, promise)) return;
    /* Not pending: it was already reported; queue 'rejectionHandled'. */
    if (js->late_len == js->late_cap) {
        size_t cap = js->late_cap ? js->late_cap * 2 : 8;
        JSValue *p = realloc(js->late_handled, cap * sizeof *p);
        if (!p) return;
        js->late_handled = p;
        js->late_cap = cap;
    }
    js->late_handled[js->late_len++] = JS_DupValue(ctx, promise);
    js->has_rejection_to_warn = 1;
    weft__rt_mark_dirty(&js->base);
}

/* natives.takeLateHandled() -> promise | undefined (oldest first) */
static JSValue js_take_late_handled(JSContext *ctx, JSValueConst this_val, int argc,
                                    JSValueConst *argv)
{
    weft__js *js = weft__js_from_ctx(ctx);
    if (!js->late_len) return JS_UNDEFINED;
    JSValue p = js->late_handled[0];
    memmove(&js->late_handled[0], &js->late_handled[1], (js->late_len - 1) * sizeof(JSValue));
    js->late_len--;
    return p;
}

/* natives.takePendingRejection(maxUid) -> [promise, reason, uid] | undefined:
 * the oldest pending record whose uid <= maxUid. */
static JSValue js_take_pending_rejection(JSContext *ctx, JSValueConst this_val, int argc,
                                         JSValueConst *argv)
{
    weft__js *js = weft__js_from_ctx(ctx);
    uint32_t max_uid;
    if (JS_ToUint32(ctx, &max_uid, argv[0])) return JS_EXCEPTION;
    if (!js->pending_len || js->pending[0].uid > max_uid) return JS_UNDEFINED;
    weft__rejection r = js->pending[0];
    memmove(&js->pending[0], &js->pending[1], (js->pending_len - 1) * sizeof r);
    js->pending_len--;
    JSValue a = JS_NewArray(ctx);
    JS_SetPropertyUint32(ctx, a, 0, r.promise);
    JS_SetPropertyUint32(ctx, a, 1, r.reason);
    JS_SetPropertyUint32(ctx, a, 2, JS_NewUint32(ctx, r.uid));
    return a;
}

static JSValue js_last_promise_id(JSContext *ctx, JSValueConst this_val, int argc,
                                  JSValueConst *argv)
{
    return JS_NewUint32(ctx, weft__js_from_ctx(ctx)->last_promise_id);
}

static JSValue js_pending_rejection_count(JSContext *ctx, JSValueConst this_val, int argc,
                                          JSValueConst *argv)
{
    return JS_NewUint32(ctx, (uint32_t)weft__js_from_ctx(ctx)->pending_len);
}

/* Node's processPromiseRejections, in lib (promises.js); returns whether it
 * may have scheduled ticks or microtasks. -1 on exception. */
static int process_promise_rejections(weft__js *js)
{
    JSContext *ctx = js->ctx;
    /* it reports (weft__js_report_reserve), e.g. a chain that ran out of memory */
    int reserved = weft__js_report_reserve(js, 1);
    JSValue fn = JS_GetPropertyStr(ctx, js->internal, "processPromiseRejections");
    JSValue r = JS_Call(ctx, fn, JS_UNDEFINED, 0, NULL);
    JS_FreeValue(ctx, fn);
    if (reserved) weft__js_report_reserve(js, 0);
    if (JS_IsException(r)) return -1;
    int more = JS_ToBool(ctx, r);
    JS_FreeValue(ctx, r);
    return more;
}

/* ---- the drains -------------------------------------------------------- */

static int drain_ticks_and_rejections(weft__js *js)
{
    int more;
    do {
        if (run_ticks(js) < 0) return -1;
        weft__js_run_microtasks(js);
        if (js->host->exit_requested) return -1;
        more = 0;
        if (js->tick_len) {
            more = 1;
        } else if (js->has_rejection_to_warn) {
            more = process_promise_rejections(js);
            if (more < 0) return -1;
        }
    } while (more);
    js->has_rejection_to_warn = 0;
    return 0;
}

/* Node's processTicksAndRejections as a frame of its own (js->tick_frame, a
 * C function): the drain runs inside it, so a stack taken in a tick or in a
 * microtask it runs ends with "at process.processTicksAndRejections
 * (native)", as Node's ends with that frame (V8 prints the receiver,
 * `process`, before the name; QuickJS prints the name alone, hence the
 * name). One C call per drain, not per tick. */
static JSValue js_tick_frame(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    if (drain_ticks_and_rejections(weft__js_from_ctx(ctx)) == 0) return JS_UNDEFINED;
    /* the exit request can stop the drain with nothing thrown: unwind as
     * process.exit() does */
    return JS_HasException(ctx) ? JS_EXCEPTION : weft__js_throw_exit(ctx);
}

int weft__js_process_ticks_and_rejections(weft__js *js)
{
    /* out of memory at start: the drain without its frame */
    if (!JS_IsFunction(js->ctx, js->tick_frame)) return drain_ticks_and_rejections(js);
    JSValue r = JS_Call(js->ctx, js->tick_frame, JS_UNDEFINED, 0, NULL);
    if (JS_IsException(r)) return -1;
    JS_FreeValue(js->ctx, r);
    return 0;
}

void weft__js_scope_close(weft__js *js)
{
    if (js->host->exit_requested) return;
    if (!js->tick_len) weft__js_run_microtasks(js);
    if (!js->tick_len && !js->has_rejection_to_warn) return;
    /* Bound: each round either empties the queues or reports one exception. */
    while (!js->host->exit_requested && weft__js_process_ticks_and_rejections(js) < 0) {
        if (js->host->exit_requested) return;
        weft__js_report_exception(js, 0);
        /* the callback's job ended abruptly: its kept WeakRef targets go
         * all the same (deps/patches/0071) */
        JS_ClearKeptObjects(js->rt);
        /* After a handled exception Node's handler schedules an immediate,
         * whose scope close runs the leftovers; do not loop here. */
        return;
    }
}

int weft__js_run_next_ticks(weft__js *js)
{
    if (!js->tick_len && !js->has_rejection_to_warn) weft__js_run_microtasks(js);
    if (js->host->exit_requested) return -1;
    if (!js->tick_len && !js->has_rejection_to_warn) return 0;
    return weft__js_process_ticks_and_rejections(js);
}

/* natives.runNextTicks(): Node's runNextTicks, between timers/immediates. */
static JSValue js_run_next_ticks(JSContext *ctx, JSValueConst this_val, int argc,
                                 JSValueConst *argv)
{
    return weft__js_run_next_ticks(weft__js_from_ctx(ctx)) < 0 ? JS_EXCEPTION : JS_UNDEFINED;
}

/* ---- uncaught exceptions ----------------------------------------------- */

int weft__js_exit_pending(weft__js *js)
{
    return js->host->exit_requested;
}

int weft__js_is_stack_overflow(JSContext *ctx, JSValueConst e)
{
    static const char msg[] = "Maximum call stack size exceeded";
    if (!JS_IsObject(e)) return 0;
    JSValue m = JS_GetPropertyStr(ctx, e, "message"); /* an own data property */
    int yes = 0;
    if (JS_IsString(m)) {
        size_t len;
        const char *s = JS_ToCStringLen(ctx, &len, m);
        yes = s && len == sizeof msg - 1 && !memcmp(s, msg, len);
        JS_FreeCString(ctx, s);
    }
    JS_FreeValue(ctx, m);
    if (JS_HasException(ctx)) JS_FreeValue(ctx, JS_GetException(ctx));
    return yes;
}

JSValue weft__js_throw_stack_overflow(JSContext *ctx)
{
    return JS_ThrowRangeError(ctx, "Maximum call stack size exceeded");
}

int weft__js_report_reserve(weft__js *js, int on)
{
    if (on == js->reporting) return 0;
    js->reporting = on;
    JS_SetMaxStackSize(js->rt, js->stack_size + (on ? WEFT_JS_REPORT_STACK : 0));
    if (js->mem_limit) JS_SetMemoryLimit(js->rt, js->mem_limit + (on ? WEFT_JS_REPORT_MEMORY : 0));
    return 1;
}

void weft__js_report_exception(weft__js *js, int from_promise)
{
    JSContext *ctx = js->ctx;
    JSValue err = JS_GetException(ctx);
    if (js->host->exit_requested || js->halted) {
        JS_FreeValue(ctx, err);
        return;
    }
    /* a resource's entry a first SIGINT/SIGTERM interrupted: the server is
     * quitting; not the script's own error */
    if (js->res && js->base.resource && weft__wd_interrupted(js->host) &&
        !weft__codec_is_catchable(ctx, err)) {
        weft__log(js->host, js->base.resource->name,
                  "script interrupted: the server is quitting (a signal)");
        JS_FreeValue(ctx, err);
        return;
    }
    int reserved = weft__js_report_reserve(js, 1);
    JSValue fn = JS_GetPropertyStr(ctx, js->internal, "triggerUncaughtException");
    JSValue args[2] = {err, JS_NewBool(ctx, from_promise)};
    JSValue r = JS_Call(ctx, fn, JS_UNDEFINED, 2, (JSValueConst *)args);
    JS_FreeValue(ctx, fn);
    JS_FreeValue(ctx, err);
    if (reserved) weft__js_report_reserve(js, 0);
    if (JS_IsException(r)) {
        /* Only the exit request or an internal failure gets here. */
        JSValue e = JS_GetException(ctx);
        if (!js->host->exit_requested && !js->halted) {
            const char *s = JS_ToCString(ctx, e);
            if (js->res && js->base.resource)
                weft__log(js->host, js->base.resource->name,
                          "internal error in the uncaught-exception handler: %s",
                          s ? s : "(unprintable)");
            else
                fprintf(stderr, "weft: internal error in the uncaught-exception handler: %s\n",
                        s ? s : "(unprintable)");
            JS_FreeCString(ctx, s);
            if (!js->res) { /* a resource's failure never ends the server */
                js->host->exit_requested = 1;
                js->host->exit_code = WEFT_EXIT_IN_FATAL_HANDLER;
            }
        }
        JS_FreeValue(ctx, e);
        return;
    }
    JS_FreeValue(ctx, r);
}

JSValue weft__js_call(weft__js *js, JSValueConst fn, JSValueConst this_val, int argc,
                      JSValueConst *argv, int report)
{
    weft_host *h = js->host;
    if (h->exit_requested) return JS_EXCEPTION;
    weft__host_enter(h, &js->base);
    JSValue r = JS_Call(js->ctx, fn, this_val, argc, argv);
    if (JS_IsException(r) && report) weft__js_report_exception(js, 0);
    weft__host_leave(h);
    return r;
}

JSValue weft__js_throw_code(JSContext *ctx, const char *ctor, const char *code, const char *fmt,
                            ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    JSValue global = JS_GetGlobalObject(ctx);
    JSValue c = JS_GetPropertyStr(ctx, global, ctor);
    JSValue m = JS_NewString(ctx, msg);
    JSValue e = JS_CallConstructor(ctx, c, 1, (JSValueConst *)&m);
    JS_FreeValue(ctx, m);
    JS_FreeValue(ctx, c);
    JS_FreeValue(ctx, global);
    if (JS_IsException(e)) return e;
    if (code) JS_SetPropertyStr(ctx, e, "code", JS_NewString(ctx, code));
    return JS_Throw(ctx, e);
}

/* ---- async ids (Node's async_id_fields, for executionAsyncId) ---------- */

static JSValue js_execution_async_id(JSContext *ctx, JSValueConst this_val, int argc,
                                     JSValueConst *argv)
{
    return JS_NewInt64(ctx, weft__js_from_ctx(ctx)->execution_async_id);
}

static JSValue js_trigger_async_id(JSContext *ctx, JSValueConst this_val, int argc,
                                   JSValueConst *argv)
{
    return JS_NewInt64(ctx, weft__js_from_ctx(ctx)->trigger_async_id);
}

static JSValue js_new_async_id(JSContext *ctx, JSValueConst this_val, int argc,
                               JSValueConst *argv)
{
    return JS_NewInt64(ctx, ++*weft__js_from_ctx(ctx)->async_id_counter);
}

/* natives.setAsyncContext(eid, tid) -> previous [eid, tid] packed as array */
static JSValue js_set_async_context(JSContext *ctx, JSValueConst this_val, int argc,
                                    JSValueConst *argv)
{
    weft__js *js = weft__js_from_ctx(ctx);
    int64_t e, t;
    if (JS_ToInt64(ctx, &e, argv[0]) || JS_ToInt64(ctx, &t, argv[1])) return JS_EXCEPTION;
    js->execution_async_id = e;
    js->trigger_async_id = t;
    return JS_UNDEFINED;
}

static JSValue js_default_trigger_async_id(JSContext *ctx, JSValueConst this_val, int argc,
                                           JSValueConst *argv)
{
    weft__js *js = weft__js_from_ctx(ctx);
    return JS_NewInt64(ctx, js->default_trigger_async_id >= 0 ? js->default_trigger_async_id
                                                              : js->execution_async_id);
}

static JSValue js_set_exiting(JSContext *ctx, JSValueConst this_val, int argc,
                              JSValueConst *argv)
{
    weft__js_from_ctx(ctx)->exiting = JS_ToBool(ctx, argv[0]);
    return JS_UNDEFINED;
}

static JSValue js_has_tick_scheduled(JSContext *ctx, JSValueConst this_val, int argc,
                                     JSValueConst *argv)
{
    return JS_NewBool(ctx, weft__js_from_ctx(ctx)->tick_len > 0);
}

/* Promise hooks from deps/patches/0001 (V8-style), forwarded to
 * lib/async_hooks.js. They run at safe points of promise operations, never
 * from GC, so calling script code here is allowed (as V8's PromiseHook). */
JSValue weft__js_promise_hook(JSContext *ctx, JSPromiseHookType type, JSValueConst promise,
                              JSValueConst arg, void *opaque)
{
    weft__js *js = opaque;
    const char *name;
    JSValueConst a[2] = {promise, arg};
    int argc = 1;
    switch (type) {
    case JS_PROMISE_HOOK_INIT: name = "promiseInit"; argc = 2; break;
    case JS_PROMISE_HOOK_RESOLVE: name = "promiseResolve"; break;
    case JS_PROMISE_HOOK_REGISTER:
        /* the reaction's context: the derived (or await's throwaway) promise */
        return JS_DupValue(ctx, arg);
    case JS_PROMISE_HOOK_BEFORE: name = "promiseBefore"; break;
    case JS_PROMISE_HOOK_AFTER: name = "promiseAfter"; break;
    default: return JS_UNDEFINED;
    }
    if (!JS_IsObject(promise) || js->host->exit_requested) return JS_UNDEFINED;
    JSValue fn = hooks_fn(js, name);
    JSValue r = JS_Call(ctx, fn, JS_UNDEFINED, argc, a);
    JS_FreeValue(ctx, fn);
    if (JS_IsException(r)) {
        /* hook errors are fatal in lib/async_hooks.js (exit); nothing else
         * can throw here */
        JS_FreeValue(ctx, JS_GetException(ctx));
        return JS_UNDEFINED;
    }
    return r;
}

/* globalThis.process's getter: internal.process (made on first use by
 * errors.js's lazy accessor); once it is an object, globalThis.process
 * becomes a plain data property holding it (writable, configurable, not
 * enumerable). Node keeps an accessor pair; a data property is read without
 * a getter call: `process.nextTick(f)` 1090 -> 918 instructions per tick. */
static JSValue js_process_getter(JSContext *ctx, JSValueConst this_val, int argc,
                                 JSValueConst *argv)
{
    weft__js *js = weft__js_from_ctx(ctx);
    if (JS_IsObject(js->process_obj)) return JS_DupValue(ctx, js->process_obj);
    JSValue p = JS_GetPropertyStr(ctx, js->internal, "process");
    if (JS_IsObject(p)) {
        js->process_obj = JS_DupValue(ctx, p);
        JSValue global = JS_GetGlobalObject(ctx);
        int r = JS_DefinePropertyValueStr(ctx, global, "process", JS_DupValue(ctx, p),
                                          JS_PROP_CONFIGURABLE | JS_PROP_WRITABLE);
        JS_FreeValue(ctx, global);
        if (r < 0) {
            JS_FreeValue(ctx, p);
            return JS_EXCEPTION;
        }
    }
    return p;
}

static const JSCFunctionListEntry tasks_natives[] = {
    JS_CFUNC_DEF("processGetter", 0, js_process_getter),

    JS_CFUNC_DEF("nextTick", 1, js_next_tick),
    JS_CFUNC_DEF("queueMicrotask", 1, js_queue_microtask),
    JS_CFUNC_DEF("runNextTicks", 0, js_run_next_ticks),
    JS_CFUNC_DEF("takeLateHandled", 0, js_take_late_handled),
    JS_CFUNC_DEF("takePendingRejection", 1, js_take_pending_rejection),
    JS_CFUNC_DEF("lastPromiseId", 0, js_last_promise_id),
    JS_CFUNC_DEF("pendingRejectionCount", 0, js_pending_rejection_count),
    JS_CFUNC_DEF("executionAsyncId", 0, js_execution_async_id),
    JS_CFUNC_DEF("triggerAsyncId", 0, js_trigger_async_id),
    JS_CFUNC_DEF("newAsyncId", 0, js_new_async_id),
    JS_CFUNC_DEF("setAsyncContext", 2, js_set_async_context),
    JS_CFUNC_DEF("defaultTriggerAsyncId", 0, js_default_trigger_async_id),
    JS_CFUNC_DEF("setExiting", 1, js_set_exiting),
    JS_CFUNC_DEF("hasTickScheduled", 0, js_has_tick_scheduled),
};

void weft__js_tasks_init(weft__js *js, JSValue natives)
{
    JS_SetPropertyFunctionList(js->ctx, natives, tasks_natives,
                               sizeof tasks_natives / sizeof tasks_natives[0]);
    js->tick_frame = JS_NewCFunction(js->ctx, js_tick_frame, "process.processTicksAndRejections", 0);
    JS_SetHostPromiseRejectionTracker(js->rt, rejection_tracker, js);
    JS_SetPromiseMultipleResolveTracker(js->rt, multiple_resolve_tracker, js);
    js->execution_async_id = 1; /* the main script: executionAsyncId 1 */
    js->trigger_async_id = 0;
    js->default_trigger_async_id = -1;
    /* one counter per host, so ids are unique across its runtimes and an
     * event or ref call can name its caller's context (WEFT_EVENT,
     * WEFT_REFCALL resources) */
    js->async_id_counter = &js->host->async_id_counter;
    if (*js->async_id_counter < 1) *js->async_id_counter = 1;
}

void weft__js_tasks_free(weft__js *js)
{
    JSContext *ctx = js->ctx;
    while (js->tick_len) {
        weft__tick *t = &js->ticks[js->tick_head];
        JSValue *av = t->argc <= WEFT_TICK_INLINE_ARGS ? t->inline_args : t->argv;
        JS_FreeValue(ctx, t->callback);
        JS_FreeValue(ctx, t->resource);
        for (int i = 0; i < t->argc; i++) JS_FreeValue(ctx, av[i]);
        if (av != t->inline_args) free(av);
        js->tick_head = (js->tick_head + 1) & (js->tick_cap - 1);
        js->tick_len--;
    }
    free(js->ticks);
    js->ticks = NULL;
    for (size_t i = 0; i < js->pending_len; i++) {
        JS_FreeValue(ctx, js->pending[i].promise);
        JS_FreeValue(ctx, js->pending[i].reason);
    }
    free(js->pending);
    js->pending = NULL;
    js->pending_len = 0;
    for (size_t i = 0; i < js->late_len; i++) JS_FreeValue(ctx, js->late_handled[i]);
    free(js->late_handled);
    js->late_handled = NULL;
    js->late_len = 0;
}
