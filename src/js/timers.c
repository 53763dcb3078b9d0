/* timers.c: the C half of JS timers, as Node's src/timers.cc and the
 * RunTimers/CheckImmediate parts of src/env.cc. One uv timer serves every JS
 * timer list (armed for the earliest expiry); a check handle runs
 * immediates; an idle handle keeps the poll phase from blocking while ref'd
 * immediates are pending. The timer lists live in lib/timers.js, the
 * immediate queue in immediates.c. */
#include <math.h>
#include <stdlib.h>
#include <time.h>
#include "host/prof.h"
#include "js/js.h"

static weft__js *js_of(uv_handle_t *h)
{
    return h->data;
}

/* internal[name], fetched once into *slot (a lookup by name per loop
 * iteration was ~2 % of a setImmediate). Borrowed: the runtime owns it. */
static JSValueConst internal_fn(weft__js *js, JSValue *slot, const char *name)
{
    if (!JS_IsObject(*slot)) *slot = JS_GetPropertyStr(js->ctx, js->internal, name);
    return *slot;
}

/* Node's Environment::RunTimers: call processTimers(now) until it returns
 * without throwing (a throw is reported, then the batch resumes), then re-arm
 * for the next expiry and ref/unref by its sign. */
static void run_timers(uv_timer_t *handle)
{
    weft__js *js = js_of((uv_handle_t *)handle);
    weft_host *h = js->host;
    JSContext *ctx = js->ctx;
    if (h->exit_requested) return;
    weft__prof_begin(h, &js->base, WEFT_PROF_CALLBACKS, "timers");
    weft__host_enter(h, &js->base);
    int64_t eid = js->execution_async_id, tid = js->trigger_async_id;
    js->execution_async_id = 0;
    js->trigger_async_id = 0;
    JSValueConst fn = internal_fn(js, &js->process_timers, "processTimers");
    double ret = 0;
    /* Bound: every retry follows a reported exception that consumed one
     * timer; the batch shrinks each time. */
    for (;;) {
        JSValue now = JS_NewFloat64(ctx, (double)uv_now(&h->loop));
        JSValue r = JS_Call(ctx, fn, JS_UNDEFINED, 1, (JSValueConst *)&now);
        if (!JS_IsException(r)) {
            JS_ToFloat64(ctx, &ret, r);
            JS_FreeValue(ctx, r);
            break;
        }
        if (h->exit_requested) break;
        weft__js_report_exception(js, 0);
        if (h->exit_requested) break;
    }
    js->execution_async_id = eid;
    js->trigger_async_id = tid;
    if (!h->exit_requested) {
        if (ret != 0) {
            double expiry = fabs(ret);
            int64_t duration = (int64_t)expiry - (int64_t)uv_now(&h->loop);
            uv_timer_start(&js->timer, run_timers, duration > 0 ? duration : 1, 0);
            if (ret > 0) uv_ref((uv_handle_t *)&js->timer);
            else uv_unref((uv_handle_t *)&js->timer);
        } else {
            uv_unref((uv_handle_t *)&js->timer);
        }
    }
    weft__host_leave(h);
    weft__prof_end(h);
}

/* Node's Environment::CheckImmediate: native immediates (destroy hooks),
 * then the JS immediates (immediates.c). */
static void check_immediate(uv_check_t *handle)
{
    weft__js *js = js_of((uv_handle_t *)handle);
    weft_host *h = js->host;
    /* Node runs the native immediates inside a callback scope whenever
     * JS immediates are due, and closing it drains ticks left pending: those
     * a tick queued after an exception escaped the drain (an
     * 'uncaughtException' handler's nextTick runs before the first
     * immediate, as in Node) */
    int leftover = js->timer_info[WEFT_IMM_COUNT] > 0 && (js->tick_len || js->has_rejection_to_warn);
    if ((js->destroy_pending || leftover) && !h->exit_requested) {
        /* native immediates first: queued destroy hooks (Node's
         * RunAndClearNativeImmediates) */
        weft__host_enter(h, &js->base);
        if (js->destroy_pending) weft__js_run_destroy_queue(js); /* stops the idle handle when it may */
        weft__host_leave(h);
    }
    if (js->timer_info[WEFT_IMM_COUNT] == 0 || h->exit_requested) return;
    weft__js_run_immediates(js);
    if (js->timer_info[WEFT_IMM_REF_COUNT] == 0 && !js->destroy_pending && !h->exit_requested)
        uv_idle_stop(&js->idle);
}

void weft__js_idle_noop(uv_idle_t *handle)
{
}

static JSValue js_schedule_timer(JSContext *ctx, JSValueConst this_val, int argc,
                                 JSValueConst *argv)
{
    weft__js *js = weft__js_from_ctx(ctx);
    int64_t ms;
    if (JS_ToInt64(ctx, &ms, argv[0])) return JS_EXCEPTION;
    uv_timer_start(&js->timer, run_timers, ms > 0 ? (uint64_t)ms : 0, 0);
    return JS_UNDEFINED;
}

static JSValue js_toggle_timer_ref(JSContext *ctx, JSValueConst this_val, int argc,
                                   JSValueConst *argv)
{
    weft__js *js = weft__js_from_ctx(ctx);
    if (JS_ToBool(ctx, argv[0])) uv_ref((uv_handle_t *)&js->timer);
    else uv_unref((uv_handle_t *)&js->timer);
    return JS_UNDEFINED;
}

/* natives.timeoutSetup(template): the object new Timeouts take their shape
 * from (lib/timers.js: Timeout.prototype, the constructor's fields in order). */
static JSValue js_timeout_setup(JSContext *ctx, JSValueConst this_val, int argc,
                                JSValueConst *argv)
{
    weft__js *js = weft__js_from_ctx(ctx);
    JS_FreeValue(ctx, js->timeout_template);
    js->timeout_template = JS_DupValue(ctx, argv[0]);
    return JS_UNDEFINED;
}

/* natives.newTimeout(callback, after, args, isRepeat, isRefed) -> Timeout:
 * Node's Timeout constructor after its `after` check and ref count, in one
 * allocation from the template (deps/patches/0047); _idlePrev/_idleNext are
 * null until insert() links it (Node: the object itself). */
static JSValue js_new_timeout(JSContext *ctx, JSValueConst this_val, int argc,
                              JSValueConst *argv)
{
    weft__js *js = weft__js_from_ctx(ctx);
    int64_t id = ++*js->async_id_counter;
    int64_t trigger = js->default_trigger_async_id >= 0 ? js->default_trigger_async_id
                                                        : js->execution_async_id;
    JSValue v[WEFT_TIMEOUT_FIELDS] = {
        JS_DupValue(ctx, argv[1]),                                  /* _idleTimeout */
        JS_NULL, JS_NULL, JS_NULL,                                  /* _idlePrev/Next/Start */
        JS_DupValue(ctx, argv[0]),                                  /* _onTimeout */
        JS_DupValue(ctx, argv[2]),                                  /* _timerArgs */
        JS_ToBool(ctx, argv[3]) ? JS_DupValue(ctx, argv[1]) : JS_NULL, /* _repeat */
        JS_FALSE,                                                   /* _destroyed */
        JS_NewBool(ctx, JS_ToBool(ctx, argv[4])),                   /* [kRefed] */
        JS_FALSE,                                                   /* [kHasPrimitive] */
        JS_NewInt64(ctx, id), JS_NewInt64(ctx, trigger),            /* async ids */
    };
    JSValue t = JS_NewObjectFromTemplate(ctx, js->timeout_template, v, WEFT_TIMEOUT_FIELDS);
    if (JS_IsException(t)) return t;
    if (weft__js_emit_init(js, id, js->str_timeout, trigger, t) < 0) {
        JS_FreeValue(ctx, t);
        return JS_EXCEPTION;
    }
    return t;
}

static JSValue js_get_libuv_now(JSContext *ctx, JSValueConst this_val, int argc,
                                JSValueConst *argv)
{
    /* as Node's GetNow: refresh the loop's cached time first, or a timer
     * set during start-up would be measured from a stale clock */
    weft__js *js = weft__js_from_ctx(ctx);
    uv_loop_t *loop = &js->host->loop;
    uv_update_time(loop);
    return JS_NewFloat64(ctx, (double)uv_now(loop));
}

/* Called between the main script and the first loop iteration: see
 * WEFT_MAIN_TIMER_WAIT_MS. Node's order comes from the clock having moved
 * past the timer's whole-ms due time; here the clock is let move there. */
void weft__js_timers_main_done(weft__js *js)
{
    uv_loop_t *loop = &js->host->loop;
    if (WEFT_MAIN_TIMER_WAIT_MS <= 0 || js->timer_info[WEFT_IMM_COUNT] == 0 ||
        !uv_is_active((uv_handle_t *)&js->timer))
        return;
    uv_update_time(loop);
    uint64_t due = uv_now(loop) + uv_timer_get_due_in(&js->timer);
    if (due > uv_now(loop) + WEFT_MAIN_TIMER_WAIT_MS) return;
    /* The loop's clock may be a coarse one (libuv's UV_CLOCK_FAST), so wait
     * on it, in steps of at most 0.1 ms. Bound: one ms past the wait limit. */
    uint64_t give_up = uv_hrtime() + (WEFT_MAIN_TIMER_WAIT_MS + 1) * 1000000ull;
    while (uv_now(loop) < due && uv_hrtime() < give_up) {
        struct timespec ts = {0, 100000};
        nanosleep(&ts, NULL);
        uv_update_time(loop);
    }
}

static const JSCFunctionListEntry timers_natives[] = {
    JS_CFUNC_DEF("scheduleTimer", 1, js_schedule_timer),
    JS_CFUNC_DEF("toggleTimerRef", 1, js_toggle_timer_ref),
    JS_CFUNC_DEF("getLibuvNow", 0, js_get_libuv_now),
    JS_CFUNC_DEF("timeoutSetup", 1, js_timeout_setup),
    JS_CFUNC_DEF("newTimeout", 5, js_new_timeout),
};

static void free_nothing(JSRuntime *rt, void *opaque, void *ptr)
{
}

void weft__js_timers_init(weft__js *js, JSValue natives)
{
    JSContext *ctx = js->ctx;
    uv_loop_t *loop = &js->host->loop;
    uv_timer_init(loop, &js->timer);
    uv_check_init(loop, &js->check);
    uv_idle_init(loop, &js->idle);
    js->timer.data = js->check.data = js->idle.data = js;
    uv_check_start(&js->check, check_immediate);
    uv_unref((uv_handle_t *)&js->check);
    uv_unref((uv_handle_t *)&js->timer);
    js->handles_open = 3;
    js->timeout_template = JS_UNDEFINED;
    js->str_timeout = JS_NewString(ctx, "Timeout");
    JS_SetPropertyFunctionList(ctx, natives, timers_natives,
                               sizeof timers_natives / sizeof timers_natives[0]);
    /* Int32Array over js->timer_info, shared like Node's immediateInfo. */
    JSValue ab = JS_NewArrayBuffer(ctx, (uint8_t *)js->timer_info, sizeof js->timer_info,
                                   free_nothing, NULL, 0);
    JSValue global = JS_GetGlobalObject(ctx);
    JSValue ctor = JS_GetPropertyStr(ctx, global, "Int32Array");
    JSValue ta = JS_CallConstructor(ctx, ctor, 1, (JSValueConst *)&ab);
    JS_FreeValue(ctx, ctor);
    JS_FreeValue(ctx, global);
    JS_FreeValue(ctx, ab);
    JS_SetPropertyStr(ctx, natives, "timerInfo", ta);
    weft__js_immediates_init(js, natives);
}

static void on_close(uv_handle_t *handle)
{
    weft__js *js = handle->data;
    js->handles_open--;
}

void weft__js_timers_free(weft__js *js)
{
    JS_FreeValue(js->ctx, js->timeout_template);
    JS_FreeValue(js->ctx, js->str_timeout);
    js->timeout_template = js->str_timeout = JS_UNDEFINED;
}

void weft__js_timers_close(weft__js *js)
{
    uv_close((uv_handle_t *)&js->timer, on_close);
    uv_close((uv_handle_t *)&js->check, on_close);
    uv_close((uv_handle_t *)&js->idle, on_close);
    /* Bound: closing handles complete within one loop iteration. */
    while (js->handles_open > 0) uv_run(&js->host->loop, UV_RUN_ONCE);
}

/* Server mode: close without running the loop (we may be inside a loop
 * callback); the last close callback frees the runtime's struct. */
static void on_close_free(uv_handle_t *handle)
{
    weft__js *js = handle->data;
    if (--js->handles_open == 0) free(js);
}

void weft__js_timers_close_async(weft__js *js)
{
    uv_close((uv_handle_t *)&js->timer, on_close_free);
    uv_close((uv_handle_t *)&js->check, on_close_free);
    uv_close((uv_handle_t *)&js->idle, on_close_free);
}
