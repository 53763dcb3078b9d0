/* async_hooks.c: the C half of async_hooks (lib/async_hooks.js has the API):
 * the execution-context stack (ids + resources, Node's async_id_fields and
 * execution_async_resources), the enabled hook lists, hook emission, and the
 * destroy queue (delivered before the next immediates, as Node's native
 * SetImmediate).
 *
 * Cost model (seed 002): with no hook enabled and no executionAsyncResource()
 * use, nothing here runs; nextTick tests one flag (js->hooks_active). With
 * hooks on, a tick costs one object (its TickObject resource) and direct C
 * calls of the enabled hook functions. A throwing hook is fatal (as Node's
 * fatalError: printed, exit 1). Stack bound: one entry per nested callback. */
#include <stdlib.h>
#include <string.h>
#include "js/js.h"

/* ---- hook lists --------------------------------------------------------- */

/* Call every hook of `kind` (a flat [hookObject, fn, ...] array snapshot, so
 * hooks enabled/disabled meanwhile take effect from the next emission). */
static int emit(weft__js *js, int kind, int argc, JSValueConst *argv)
{
    JSContext *ctx = js->ctx;
    JSValue list = JS_DupValue(ctx, js->hook_lists[kind]);
    uint32_t n = js->hook_counts[kind] * 2;
    int rc = 0;
    js->hook_depth++;
    for (uint32_t i = 0; i + 1 < n && !js->host->exit_requested; i += 2) {
        JSValue obj = JS_GetPropertyUint32(ctx, list, i);
        JSValue fn = JS_GetPropertyUint32(ctx, list, i + 1);
        JSValue r = JS_Call(ctx, fn, obj, argc, argv);
        JS_FreeValue(ctx, fn);
        JS_FreeValue(ctx, obj);
        if (JS_IsException(r)) {
            rc = -1;
            if (!js->host->exit_requested) {
                /* Node's fatalError: print, exit 1 */
                JSValue err = JS_GetException(ctx);
                JSValue fatal = JS_GetPropertyStr(ctx, js->internal, "hooksFatalError");
                JSValue r2 = JS_Call(ctx, fatal, JS_UNDEFINED, 1, (JSValueConst *)&err);
                JS_FreeValue(ctx, r2);
                JS_FreeValue(ctx, fatal);
                JS_FreeValue(ctx, err);
            }
            break;
        }
        JS_FreeValue(ctx, r);
    }
    JS_FreeValue(ctx, list);
    if (--js->hook_depth == 0 && js->hooks_restore_pending) {
        js->hooks_restore_pending = 0;
        JSValue fn = JS_GetPropertyStr(ctx, js->internal, "restoreActiveHooks");
        JSValue r = JS_Call(ctx, fn, JS_UNDEFINED, 0, NULL);
        JS_FreeValue(ctx, fn);
        if (JS_IsException(r)) rc = -1;
        JS_FreeValue(ctx, r);
    }
    return rc;
}

/* natives.hookDepth() -> hook callbacks running; natives.hooksChangedInHook():
 * restore the hook lists when the outermost emission ends */
static JSValue js_hook_depth(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    return JS_NewInt32(ctx, weft__js_from_ctx(ctx)->hook_depth);
}

static JSValue js_hooks_changed_in_hook(JSContext *ctx, JSValueConst this_val, int argc,
                                        JSValueConst *argv)
{
    weft__js_from_ctx(ctx)->hooks_restore_pending = 1;
    return JS_UNDEFINED;
}

int weft__js_emit_init(weft__js *js, int64_t async_id, JSValueConst type, int64_t trigger,
                       JSValueConst resource)
{
    if (!js->hook_counts[WEFT_HOOK_INIT]) return 0;
    JSContext *ctx = js->ctx;
    JSValue a[4] = {JS_NewInt64(ctx, async_id), JS_DupValue(ctx, type), JS_NewInt64(ctx, trigger),
                    JS_DupValue(ctx, resource)};
    int rc = emit(js, WEFT_HOOK_INIT, 4, (JSValueConst *)a);
    for (int i = 0; i < 4; i++) JS_FreeValue(ctx, a[i]);
    return rc;
}

static int emit_id(weft__js *js, int kind, int64_t async_id)
{
    if (!js->hook_counts[kind]) return 0;
    JSValue id = JS_NewInt64(js->ctx, async_id);
    return emit(js, kind, 1, (JSValueConst *)&id);
}

/* ---- the execution-context stack ---------------------------------------- */

void weft__js_push_context(weft__js *js, int64_t async_id, int64_t trigger, JSValueConst resource)
{
    if (js->ctx_len == js->ctx_cap) {
        size_t cap = js->ctx_cap ? js->ctx_cap * 2 : 16;
        weft__async_frame *f = realloc(js->ctx_stack, cap * sizeof *f);
        if (!f) return; /* out of memory: ids still switch, resource lost */
        js->ctx_stack = f;
        js->ctx_cap = cap;
    }
    js->ctx_stack[js->ctx_len++] = (weft__async_frame){
        js->execution_async_id, js->trigger_async_id, JS_DupValue(js->ctx, resource)};
    js->execution_async_id = async_id;
    js->trigger_async_id = trigger;
}

/* Node's "async hook stack has become corrupted": fatal (exit 1). */
static void corrupted(weft__js *js, int64_t expected)
{
    JSContext *ctx = js->ctx;
    weft__js_throw_code(ctx, "Error", NULL,
                        "async hook stack has become corrupted (actual: %lld, expected: %lld)",
                        (long long)js->execution_async_id, (long long)expected);
    JSValue err = JS_GetException(ctx);
    JSValue fatal = JS_GetPropertyStr(ctx, js->internal, "hooksFatalError");
    JSValue r = JS_Call(ctx, fatal, JS_UNDEFINED, 1, (JSValueConst *)&err);
    JS_FreeValue(ctx, r);
    JS_FreeValue(ctx, fatal);
    JS_FreeValue(ctx, err);
}

/* Returns 1 when entries remain, 0 when the stack is now empty, -1 when it
 * was empty. A mismatched id is corrupted(), also with an empty stack while
 * the main script runs (Node runs it in a scope of its own, id 1: an after
 * for another id pops that scope's frame). */
int weft__js_pop_context(weft__js *js, int64_t async_id)
{
    if (!js->ctx_len) {
        /* the main script's own scope is id 1 (ids set by emitBefore before
         * lib/async_hooks.js loaded were never pushed: not checked) */
        if (js->execution_async_id == 1 && async_id != 1 && !js->host->exit_requested)
            corrupted(js, async_id);
        return -1;
    }
    if (js->execution_async_id != async_id) {
        corrupted(js, async_id);
        return -1;
    }
    weft__async_frame *f = &js->ctx_stack[--js->ctx_len];
    js->execution_async_id = f->execution_async_id;
    js->trigger_async_id = f->trigger_async_id;
    JS_FreeValue(js->ctx, f->resource);
    return js->ctx_len > 0;
}

/* The main script's scope closes (modules.c): a context still pushed by
 * emitBefore without its emitAfter is corrupted(), as Node's pop of id 1. */
void weft__js_main_scope_end(weft__js *js)
{
    if (js->ctx_len && !js->host->exit_requested) corrupted(js, 1);
}

void weft__js_clear_contexts(weft__js *js)
{
    while (js->ctx_len) JS_FreeValue(js->ctx, js->ctx_stack[--js->ctx_len].resource);
    js->execution_async_id = 0;
    js->trigger_async_id = 0;
}

int weft__js_emit_before(weft__js *js, int64_t async_id, int64_t trigger, JSValueConst resource)
{
    weft__js_push_context(js, async_id, trigger, resource);
    return emit_id(js, WEFT_HOOK_BEFORE, async_id);
}

/* after hooks without popping a context (a callback that ran without a
 * pushed frame, e.g. a tick whose callback enabled the hook) */
int weft__js_emit_after_only(weft__js *js, int64_t async_id)
{
    return emit_id(js, WEFT_HOOK_AFTER, async_id);
}

int weft__js_emit_after(weft__js *js, int64_t async_id)
{
    int rc = emit_id(js, WEFT_HOOK_AFTER, async_id);
    weft__js_pop_context(js, async_id);
    return rc;
}

/* ---- destroy queue ------------------------------------------------------ */

/* Past this many queued ids the queue is emptied by a microtask, not at the
 * next loop turn (Node: 16384, from an interrupt): a long run of awaits
 * does not hold them all back. */
#define DESTROY_BATCH 16384

static JSValue destroy_job(JSContext *ctx, int argc, JSValueConst *argv)
{
    weft__js *js = weft__js_from_ctx(ctx);
    js->destroy_job_queued = 0;
    if (js->destroy_len) weft__js_run_destroy_queue(js);
    return JS_UNDEFINED;
}

static int queue_destroy(weft__js *js, int64_t async_id)
{
    if (!js->hook_counts[WEFT_HOOK_DESTROY]) return 0;
    if (js->destroy_len == js->destroy_cap) {
        size_t cap = js->destroy_cap ? js->destroy_cap * 2 : 64;
        int64_t *d = realloc(js->destroy_ids, cap * sizeof *d);
        if (!d) return 0;
        js->destroy_ids = d;
        js->destroy_cap = cap;
    }
    js->destroy_ids[js->destroy_len++] = async_id;
    if (!js->destroy_pending) {
        js->destroy_pending = 1;
        uv_idle_start(&js->idle, weft__js_idle_noop);
    }
    return js->destroy_len >= DESTROY_BATCH;
}

void weft__js_emit_destroy(weft__js *js, int64_t async_id)
{
    if (queue_destroy(js, async_id) && !js->destroy_job_queued &&
        JS_EnqueueJob(js->ctx, destroy_job, 0, NULL) == 0)
        js->destroy_job_queued = 1;
}

/* Bound: ids queued by destroy hooks themselves wait for the next pass.
 * The idle handle queue_destroy started (so the loop polls without blocking
 * until the check phase delivers them) stops here once nothing is queued and
 * no referenced immediate needs it, whichever path emptied the queue: the
 * check phase, the microtask past DESTROY_BATCH ids, or natives. (It stayed
 * on after the microtask path, and the loop never ended: a chain of 16384 or
 * more nextTicks under a destroy hook kept `weft run` spinning at exit.) */
void weft__js_run_destroy_queue(weft__js *js)
{
    size_t n = js->destroy_len;
    int64_t *ids = js->destroy_ids;
    js->destroy_ids = NULL;
    js->destroy_len = js->destroy_cap = 0;
    js->destroy_pending = 0;
    for (size_t i = 0; i < n && !js->host->exit_requested; i++)
        if (emit_id(js, WEFT_HOOK_DESTROY, ids[i]) < 0) break;
    free(ids);
    if (!js->destroy_pending && js->timer_info[WEFT_IMM_REF_COUNT] == 0)
        uv_idle_stop(&js->idle);
}

/* ---- ticks while hooks are active --------------------------------------- */

/* Node's TickObject: { callback, args, [async_id_symbol], [trigger_id_symbol] },
 * announced to init hooks. */
JSValue weft__js_new_tick_object(weft__js *js, int64_t async_id, int64_t trigger,
                                 JSValueConst callback, int argc, JSValueConst *argv)
{
    JSContext *ctx = js->ctx;
    JSValue res = JS_NewObjectProto(ctx, js->tick_proto);
    if (JS_IsException(res)) return res;
    /* define, not set: a fresh object needs no setter lookup on its chain */
    JS_DefinePropertyValue(ctx, res, js->atom_callback, JS_DupValue(ctx, callback), JS_PROP_C_W_E);
    JSValue args = JS_UNDEFINED;
    if (argc > 0) {
        args = JS_NewArray(ctx);
        for (int i = 0; i < argc; i++)
            JS_SetPropertyUint32(ctx, args, (uint32_t)i, JS_DupValue(ctx, argv[i]));
    }
    JS_DefinePropertyValue(ctx, res, js->atom_args, args, JS_PROP_C_W_E);
    JS_DefinePropertyValue(ctx, res, js->atom_async_id, JS_NewInt64(ctx, async_id), JS_PROP_C_W_E);
    JS_DefinePropertyValue(ctx, res, js->atom_trigger_id, JS_NewInt64(ctx, trigger), JS_PROP_C_W_E);
    if (weft__js_emit_init(js, async_id, js->str_tick_object, trigger, res) < 0) {
        JS_FreeValue(ctx, res);
        return JS_EXCEPTION;
    }
    return res;
}

/* processTicksAndRejections' body for a tick with a resource: before, call,
 * destroy (also on throw), after. -1 with the exception pending on throw. */
int weft__js_run_hooked_tick(weft__js *js, weft__tick *t)
{
    JSContext *ctx = js->ctx;
    if (weft__js_emit_before(js, t->async_id, t->trigger_async_id, t->resource) < 0) return -1;
    JSValue r = JS_Call(ctx, t->callback, JS_UNDEFINED, t->argc, (JSValueConst *)t->argv);
    weft__js_emit_destroy(js, t->async_id);
    if (JS_IsException(r)) return -1;
    JS_FreeValue(ctx, r);
    return weft__js_emit_after(js, t->async_id);
}

/* ---- natives ------------------------------------------------------------ */

static int64_t arg_i64(JSContext *ctx, JSValueConst v)
{
    int64_t x = 0;
    JS_ToInt64(ctx, &x, v);
    return x;
}

/* natives.setHookLists(init, before, after, destroy, promiseResolve, usesResource,
 * v8PromiseHooks): each list a flat [hookObject, fn, ...] array; the QuickJS
 * promise hook is installed while an async hook or a v8.promiseHooks hook is. */
static JSValue js_set_hook_lists(JSContext *ctx, JSValueConst this_val, int argc,
                                 JSValueConst *argv)
{
    weft__js *js = weft__js_from_ctx(ctx);
    int total = 0;
    for (int k = 0; k < WEFT_HOOK_KINDS; k++) {
        uint32_t len = 0;
        JSValue l = JS_GetPropertyStr(ctx, argv[k], "length");
        JS_ToUint32(ctx, &len, l);
        JS_FreeValue(ctx, l);
        JS_FreeValue(ctx, js->hook_lists[k]);
        js->hook_lists[k] = JS_DupValue(ctx, argv[k]);
        js->hook_counts[k] = len / 2;
        total += (int)(len / 2);
    }
    js->hooks_loaded = 1;
    js->uses_resource |= JS_ToBool(ctx, argv[WEFT_HOOK_KINDS]);
    js->hooks_active = total > 0 || js->uses_resource;
    int ph = total > 0 || (argc > WEFT_HOOK_KINDS + 1 && JS_ToBool(ctx, argv[WEFT_HOOK_KINDS + 1]));
    if (ph != js->promise_hooks) {
        js->promise_hooks = ph;
        JS_SetPromiseHook(js->rt, ph ? weft__js_promise_hook : NULL, js);
    }
    return JS_UNDEFINED;
}

static JSValue js_emit_init(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    weft__js *js = weft__js_from_ctx(ctx);
    int64_t trigger = JS_IsUndefined(argv[2]) || JS_IsNull(argv[2])
                          ? (js->default_trigger_async_id >= 0 ? js->default_trigger_async_id
                                                               : js->execution_async_id)
                          : arg_i64(ctx, argv[2]);
    if (weft__js_emit_init(js, arg_i64(ctx, argv[0]), argv[1], trigger, argv[3]) < 0)
        return JS_EXCEPTION;
    return JS_UNDEFINED;
}

static JSValue js_emit_before(JSContext *ctx, JSValueConst this_val, int argc,
                              JSValueConst *argv)
{
    weft__js *js = weft__js_from_ctx(ctx);
    if (weft__js_emit_before(js, arg_i64(ctx, argv[0]), arg_i64(ctx, argv[1]), argv[2]) < 0)
        return JS_EXCEPTION;
    return JS_UNDEFINED;
}

static JSValue js_emit_after(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    weft__js *js = weft__js_from_ctx(ctx);
    if (weft__js_emit_after(js, arg_i64(ctx, argv[0])) < 0 && js->host->exit_requested)
        return JS_EXCEPTION;
    return JS_UNDEFINED;
}

/* natives.emitHookAfterOnly(id): after hooks without popping (promise after
 * whose context was not pushed). */
static JSValue js_emit_after_only(JSContext *ctx, JSValueConst this_val, int argc,
                                  JSValueConst *argv)
{
    weft__js *js = weft__js_from_ctx(ctx);
    if (weft__js_emit_after_only(js, arg_i64(ctx, argv[0])) < 0) return JS_EXCEPTION;
    return JS_UNDEFINED;
}

static JSValue js_emit_destroy(JSContext *ctx, JSValueConst this_val, int argc,
                               JSValueConst *argv)
{
    weft__js_emit_destroy(weft__js_from_ctx(ctx), arg_i64(ctx, argv[0]));
    return JS_UNDEFINED;
}

/* natives.emitDestroyCollected(id): a destroy for a collected resource (a
 * promise), from a FinalizationRegistry job: a full queue is emptied here
 * and now (that job is a microtask already). */
static JSValue js_emit_destroy_collected(JSContext *ctx, JSValueConst this_val, int argc,
                                         JSValueConst *argv)
{
    weft__js *js = weft__js_from_ctx(ctx);
    if (queue_destroy(js, arg_i64(ctx, argv[0]))) weft__js_run_destroy_queue(js);
    return JS_UNDEFINED;
}

static JSValue js_emit_promise_resolve(JSContext *ctx, JSValueConst this_val, int argc,
                                       JSValueConst *argv)
{
    if (emit_id(weft__js_from_ctx(ctx), WEFT_HOOK_PROMISE_RESOLVE, arg_i64(ctx, argv[0])) < 0)
        return JS_EXCEPTION;
    return JS_UNDEFINED;
}

static JSValue js_push_context(JSContext *ctx, JSValueConst this_val, int argc,
                               JSValueConst *argv)
{
    weft__js_push_context(weft__js_from_ctx(ctx), arg_i64(ctx, argv[0]), arg_i64(ctx, argv[1]),
                          argv[2]);
    return JS_UNDEFINED;
}

static JSValue js_pop_context(JSContext *ctx, JSValueConst this_val, int argc,
                              JSValueConst *argv)
{
    return JS_NewBool(ctx, weft__js_pop_context(weft__js_from_ctx(ctx), arg_i64(ctx, argv[0])) > 0);
}

static JSValue js_clear_contexts(JSContext *ctx, JSValueConst this_val, int argc,
                                 JSValueConst *argv)
{
    weft__js_clear_contexts(weft__js_from_ctx(ctx));
    return JS_UNDEFINED;
}

static JSValue js_context_depth(JSContext *ctx, JSValueConst this_val, int argc,
                                JSValueConst *argv)
{
    return JS_NewInt32(ctx, (int32_t)weft__js_from_ctx(ctx)->ctx_len);
}

/* natives.currentResource() -> the innermost execution resource, or undefined */
static JSValue js_current_resource(JSContext *ctx, JSValueConst this_val, int argc,
                                   JSValueConst *argv)
{
    weft__js *js = weft__js_from_ctx(ctx);
    if (!js->ctx_len) return JS_UNDEFINED;
    return JS_DupValue(ctx, js->ctx_stack[js->ctx_len - 1].resource);
}

static JSValue js_run_destroy_queue(JSContext *ctx, JSValueConst this_val, int argc,
                                    JSValueConst *argv)
{
    weft__js_run_destroy_queue(weft__js_from_ctx(ctx));
    return JS_UNDEFINED;
}

/* natives.swapDefaultTriggerAsyncId(id) -> the previous default trigger id
 * (-1: none, resources take the execution id); Node's
 * defaultTriggerAsyncIdScope sets it around a call and puts it back. */
static JSValue js_swap_default_trigger(JSContext *ctx, JSValueConst this_val, int argc,
                                       JSValueConst *argv)
{
    weft__js *js = weft__js_from_ctx(ctx);
    int64_t old = js->default_trigger_async_id;
    js->default_trigger_async_id = arg_i64(ctx, argv[0]);
    return JS_NewInt64(ctx, old);
}

static const JSCFunctionListEntry hooks_natives[] = {
    JS_CFUNC_DEF("swapDefaultTriggerAsyncId", 1, js_swap_default_trigger),
    JS_CFUNC_DEF("setHookLists", 7, js_set_hook_lists),
    JS_CFUNC_DEF("hookDepth", 0, js_hook_depth),
    JS_CFUNC_DEF("hooksChangedInHook", 0, js_hooks_changed_in_hook),
    JS_CFUNC_DEF("emitInit", 4, js_emit_init),
    JS_CFUNC_DEF("emitBefore", 3, js_emit_before),
    JS_CFUNC_DEF("emitAfter", 1, js_emit_after),
    JS_CFUNC_DEF("emitAfterOnly", 1, js_emit_after_only),
    JS_CFUNC_DEF("emitDestroy", 1, js_emit_destroy),
    JS_CFUNC_DEF("emitDestroyCollected", 1, js_emit_destroy_collected),
    JS_CFUNC_DEF("emitPromiseResolve", 1, js_emit_promise_resolve),
    JS_CFUNC_DEF("pushAsyncContext", 3, js_push_context),
    JS_CFUNC_DEF("popAsyncContext", 1, js_pop_context),
    JS_CFUNC_DEF("clearAsyncIdStack", 0, js_clear_contexts),
    JS_CFUNC_DEF("asyncContextDepth", 0, js_context_depth),
    JS_CFUNC_DEF("currentResource", 0, js_current_resource),
    JS_CFUNC_DEF("runDestroyQueue", 0, js_run_destroy_queue),
};

void weft__js_hooks_init(weft__js *js, JSValue natives)
{
    JSContext *ctx = js->ctx;
    for (int k = 0; k < WEFT_HOOK_KINDS; k++) js->hook_lists[k] = JS_UNDEFINED;
    JS_SetPropertyFunctionList(ctx, natives, hooks_natives,
                               sizeof hooks_natives / sizeof hooks_natives[0]);
    /* TickObject.prototype; lib/async_hooks.js gives it its constructor */
    js->tick_proto = JS_NewObject(ctx);
    JS_SetPropertyStr(ctx, natives, "tickObjectPrototype", JS_DupValue(ctx, js->tick_proto));
    js->str_tick_object = JS_NewString(ctx, "TickObject");
    js->atom_async_id = JS_ATOM_NULL;
    js->atom_trigger_id = JS_ATOM_NULL;
    js->atom_callback = JS_NewAtom(ctx, "callback");
    js->atom_args = JS_NewAtom(ctx, "args");
    js->tick_template = JS_UNDEFINED;
}

/* After the bootstrap made the symbols (errors.js) and the TickObject class. */
void weft__js_hooks_bind(weft__js *js)
{
    JSContext *ctx = js->ctx;
    JSValue s = JS_GetPropertyStr(ctx, js->internal, "async_id_symbol");
    js->atom_async_id = JS_ValueToAtom(ctx, s);
    JS_FreeValue(ctx, s);
    s = JS_GetPropertyStr(ctx, js->internal, "trigger_async_id_symbol");
    js->atom_trigger_id = JS_ValueToAtom(ctx, s);
    JS_FreeValue(ctx, s);
    /* QuickJS caches a shape transition only while some object holds each
     * intermediate shape: keep one object per prefix of TickObject's
     * properties alive so every new TickObject reuses them (no shape
     * allocation per tick). */
    JSAtom atoms[4] = {js->atom_callback, js->atom_args, js->atom_async_id, js->atom_trigger_id};
    js->tick_template = JS_NewArray(ctx);
    for (int n = 0; n <= 4; n++) {
        JSValue t = JS_NewObjectProto(ctx, js->tick_proto);
        for (int i = 0; i < n; i++)
            JS_DefinePropertyValue(ctx, t, atoms[i], JS_UNDEFINED, JS_PROP_C_W_E);
        JS_SetPropertyUint32(ctx, js->tick_template, (uint32_t)n, t);
    }
}

void weft__js_hooks_free(weft__js *js)
{
    JSContext *ctx = js->ctx;
    weft__js_clear_contexts(js);
    free(js->ctx_stack);
    js->ctx_stack = NULL;
    free(js->destroy_ids);
    js->destroy_ids = NULL;
    for (int k = 0; k < WEFT_HOOK_KINDS; k++) JS_FreeValue(ctx, js->hook_lists[k]);
    JS_FreeValue(ctx, js->tick_template);
    JS_FreeValue(ctx, js->tick_proto);
    JS_FreeValue(ctx, js->str_tick_object);
    if (js->atom_callback != JS_ATOM_NULL) JS_FreeAtom(ctx, js->atom_callback);
    if (js->atom_args != JS_ATOM_NULL) JS_FreeAtom(ctx, js->atom_args);
    if (js->atom_async_id != JS_ATOM_NULL) JS_FreeAtom(ctx, js->atom_async_id);
    if (js->atom_trigger_id != JS_ATOM_NULL) JS_FreeAtom(ctx, js->atom_trigger_id);
    if (js->promise_hooks) JS_SetPromiseHook(js->rt, NULL, NULL);
}
