/* immediates.c: setImmediate/clearImmediate and the immediate queue in C, as
 * Node's lib/timers.js + lib/internal/timers.js (Immediate, immediateQueue,
 * outstandingQueue, processImmediate). An Immediate is an object of a C class
 * whose fields (callback, arguments, async ids, flags) live in a struct; the
 * prototype (lib/timers.js's class Immediate) reads them through accessors.
 *
 * Ownership: the object owns its struct (freed by the finalizer); each list
 * holds one reference to the objects on it. Bounds: a batch is the queue as
 * it was when the check phase began (immediates queued meanwhile wait for the
 * next iteration); the batch loop ends when that list is empty. */
#include <stdlib.h>
#include "host/prof.h"
#include "js/js.h"

struct weft__imm {
    struct weft__imm *next, *prev; /* on js->imm_pending or js->imm_batch */
    struct weft__imm_list *list;   /* NULL when on no list */
    JSValue obj;                   /* the object (not counted: it owns us) */
    JSValue callback;              /* _onImmediate (null after running/clear) */
    JSValue *args;                 /* _argv (NULL: undefined) */
    int argc;
    int destroyed;
    int refed; /* kRefed: 1 true, 0 false, -1 null (ran or cleared) */
    int64_t async_id, trigger_async_id;
};

static JSClassID imm_class_id;

static void imm_finalizer(JSRuntime *rt, JSValue val)
{
    struct weft__imm *im = JS_GetOpaque(val, imm_class_id);
    if (!im) return;
    JS_FreeValueRT(rt, im->callback);
    for (int i = 0; i < im->argc; i++) JS_FreeValueRT(rt, im->args[i]);
    js_free_rt(rt, im->args);
    js_free_rt(rt, im);
}

static void imm_mark(JSRuntime *rt, JSValueConst val, JS_MarkFunc *mark_func)
{
    struct weft__imm *im = JS_GetOpaque(val, imm_class_id);
    if (!im) return;
    JS_MarkValue(rt, im->callback, mark_func);
    for (int i = 0; i < im->argc; i++) JS_MarkValue(rt, im->args[i], mark_func);
}

static const JSClassDef imm_class = {"Immediate", .finalizer = imm_finalizer,
                                     .gc_mark = imm_mark};

/* ---- the two lists ------------------------------------------------------ */

static void list_append(struct weft__imm_list *l, struct weft__imm *im)
{
    im->list = l;
    im->next = NULL;
    im->prev = l->tail;
    if (l->tail) l->tail->next = im;
    else l->head = im;
    l->tail = im;
}

/* Unlink; the caller takes over the list's reference to im->obj. */
static void list_remove(struct weft__imm *im)
{
    struct weft__imm_list *l = im->list;
    if (im->prev) im->prev->next = im->next;
    else l->head = im->next;
    if (im->next) im->next->prev = im->prev;
    else l->tail = im->prev;
    im->next = im->prev = NULL;
    im->list = NULL;
}

static void ref_count_add(weft__js *js, int delta)
{
    int32_t *rc = &js->timer_info[WEFT_IMM_REF_COUNT];
    if (delta > 0 && (*rc)++ == 0) uv_idle_start(&js->idle, weft__js_idle_noop);
    else if (delta < 0 && --*rc == 0 && !js->destroy_pending) uv_idle_stop(&js->idle);
}

/* ---- setImmediate / clearImmediate --------------------------------------- */

/* natives.setImmediate(callback, ...args) -> Immediate */
static JSValue js_set_immediate(JSContext *ctx, JSValueConst this_val, int argc,
                                JSValueConst *argv)
{
    weft__js *js = weft__js_from_ctx(ctx);
    if (argc < 1 || !JS_IsFunction(ctx, argv[0])) return weft__js_throw_not_callback(js, argc, argv);
    JSValue obj = JS_NewObjectProtoClass(ctx, js->imm_proto, imm_class_id);
    if (JS_IsException(obj)) return obj;
    struct weft__imm *im = js_mallocz(ctx, sizeof *im);
    if (!im) goto fail;
    if (argc > 1) {
        if (!(im->args = js_malloc(ctx, (argc - 1) * sizeof(JSValue)))) {
            js_free(ctx, im);
            goto fail;
        }
        for (int i = 1; i < argc; i++) im->args[i - 1] = JS_DupValue(ctx, argv[i]);
        im->argc = argc - 1;
    }
    im->obj = obj;
    im->callback = JS_DupValue(ctx, argv[0]);
    im->refed = 1;
    im->async_id = ++*js->async_id_counter;
    im->trigger_async_id = js->default_trigger_async_id >= 0 ? js->default_trigger_async_id
                                                             : js->execution_async_id;
    JS_SetOpaque(obj, im);
    /* Node's constructor order: init hook, ref(), count, append */
    if (js->hooks_active &&
        weft__js_emit_init(js, im->async_id, js->str_immediate, im->trigger_async_id, obj) < 0)
        goto fail;
    ref_count_add(js, 1);
    js->timer_info[WEFT_IMM_COUNT]++;
    list_append(&js->imm_pending, im);
    weft__rt_mark_dirty(&js->base);
    return JS_DupValue(ctx, obj); /* one reference for the list, one returned */
fail:
    JS_FreeValue(ctx, obj);
    return JS_EXCEPTION;
}

/* Mark an immediate done (ran or cleared): Node's _destroyed = true, count
 * and ref count, kRefed = null. */
static void imm_retire(weft__js *js, struct weft__imm *im)
{
    im->destroyed = 1;
    js->timer_info[WEFT_IMM_COUNT]--;
    if (im->refed == 1) ref_count_add(js, -1);
    im->refed = -1;
}

/* natives.clearImmediate(immediate): anything but a pending Immediate is
 * ignored (Node only requires that nothing throws). */
static JSValue js_clear_immediate(JSContext *ctx, JSValueConst this_val, int argc,
                                  JSValueConst *argv)
{
    weft__js *js = weft__js_from_ctx(ctx);
    struct weft__imm *im = argc ? JS_GetOpaque(argv[0], imm_class_id) : NULL;
    if (!im || im->destroyed) return JS_UNDEFINED;
    imm_retire(js, im);
    weft__js_emit_destroy(js, im->async_id);
    JS_FreeValue(ctx, im->callback);
    im->callback = JS_NULL;
    if (im->list) {
        list_remove(im);
        JS_FreeValue(ctx, im->obj); /* the list's reference */
    }
    return JS_UNDEFINED;
}

/* ---- the Immediate prototype's natives ---------------------------------- */

static struct weft__imm *this_imm(JSContext *ctx, JSValueConst this_val)
{
    return JS_GetOpaque2(ctx, this_val, imm_class_id);
}

static JSValue js_imm_ref(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    struct weft__imm *im = this_imm(ctx, this_val);
    if (!im) return JS_EXCEPTION;
    if (im->refed == 0) {
        im->refed = 1;
        ref_count_add(weft__js_from_ctx(ctx), 1);
    }
    return JS_DupValue(ctx, this_val);
}

static JSValue js_imm_unref(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    struct weft__imm *im = this_imm(ctx, this_val);
    if (!im) return JS_EXCEPTION;
    if (im->refed == 1) {
        im->refed = 0;
        ref_count_add(weft__js_from_ctx(ctx), -1);
    }
    return JS_DupValue(ctx, this_val);
}

static JSValue js_imm_has_ref(JSContext *ctx, JSValueConst this_val, int argc,
                              JSValueConst *argv)
{
    struct weft__imm *im = this_imm(ctx, this_val);
    if (!im) return JS_EXCEPTION;
    return JS_NewBool(ctx, im->refed == 1);
}

/* Accessors for Node's fields, by `magic`: what an Immediate shows as its
 * own properties in Node (lib/timers.js reads none of them). */
enum { IMM_IDLE_NEXT, IMM_IDLE_PREV, IMM_ON_IMMEDIATE, IMM_ARGV, IMM_DESTROYED, IMM_REFED,
       IMM_ASYNC_ID, IMM_TRIGGER_ID };

static JSValue js_imm_get(JSContext *ctx, JSValueConst this_val, int magic)
{
    struct weft__imm *im = this_imm(ctx, this_val);
    if (!im) return JS_EXCEPTION;
    switch (magic) {
    case IMM_IDLE_NEXT: return im->next ? JS_DupValue(ctx, im->next->obj) : JS_NULL;
    case IMM_IDLE_PREV: return im->prev ? JS_DupValue(ctx, im->prev->obj) : JS_NULL;
    case IMM_ON_IMMEDIATE: return JS_DupValue(ctx, im->callback);
    case IMM_ARGV: {
        if (!im->args) return JS_UNDEFINED;
        JSValue a = JS_NewArray(ctx);
        for (int i = 0; i < im->argc && !JS_IsException(a); i++)
            JS_SetPropertyUint32(ctx, a, (uint32_t)i, JS_DupValue(ctx, im->args[i]));
        return a;
    }
    case IMM_DESTROYED: return JS_NewBool(ctx, im->destroyed);
    case IMM_REFED: return im->refed < 0 ? JS_NULL : JS_NewBool(ctx, im->refed);
    case IMM_ASYNC_ID: return JS_NewInt64(ctx, im->async_id);
    default: return JS_NewInt64(ctx, im->trigger_async_id);
    }
}

/* _onImmediate is writable (Node calls whatever it holds at run time). */
static JSValue js_imm_set_callback(JSContext *ctx, JSValueConst this_val, JSValueConst v,
                                   int magic)
{
    struct weft__imm *im = this_imm(ctx, this_val);
    if (!im) return JS_EXCEPTION;
    JS_FreeValue(ctx, im->callback);
    im->callback = JS_DupValue(ctx, v);
    return JS_UNDEFINED;
}

static JSValue js_imm_get_fn(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv,
                             int magic)
{
    return js_imm_get(ctx, this_val, magic);
}

static const JSCFunctionListEntry imm_proto_funcs[] = {
    JS_CFUNC_DEF("ref", 0, js_imm_ref),
    JS_CFUNC_DEF("unref", 0, js_imm_unref),
    JS_CFUNC_DEF("hasRef", 0, js_imm_has_ref),
    JS_CGETSET_MAGIC_DEF("_idleNext", js_imm_get, NULL, IMM_IDLE_NEXT),
    JS_CGETSET_MAGIC_DEF("_idlePrev", js_imm_get, NULL, IMM_IDLE_PREV),
    JS_CGETSET_MAGIC_DEF("_onImmediate", js_imm_get, js_imm_set_callback, IMM_ON_IMMEDIATE),
    JS_CGETSET_MAGIC_DEF("_argv", js_imm_get, NULL, IMM_ARGV),
    JS_CGETSET_MAGIC_DEF("_destroyed", js_imm_get, NULL, IMM_DESTROYED),
};

/* natives.immediateSetup(proto, kRefed, async_id_symbol, trigger_async_id_symbol):
 * lib/timers.js's Immediate.prototype gets the natives and accessors above;
 * setImmediate makes its objects with it. */
static JSValue js_immediate_setup(JSContext *ctx, JSValueConst this_val, int argc,
                                  JSValueConst *argv)
{
    weft__js *js = weft__js_from_ctx(ctx);
    JSValueConst proto = argv[0];
    if (!JS_IsObject(proto)) return JS_ThrowTypeError(ctx, "immediateSetup: no prototype");
    JS_SetPropertyFunctionList(ctx, proto, imm_proto_funcs,
                               sizeof imm_proto_funcs / sizeof imm_proto_funcs[0]);
    static const int magics[] = {IMM_REFED, IMM_ASYNC_ID, IMM_TRIGGER_ID};
    for (int i = 0; i < 3; i++) {
        JSAtom key = JS_ValueToAtom(ctx, argv[i + 1]);
        if (key == JS_ATOM_NULL) return JS_EXCEPTION;
        JSValue getter =
            JS_NewCFunctionMagic(ctx, js_imm_get_fn, "get", 0, JS_CFUNC_generic_magic, magics[i]);
        int r = JS_DefinePropertyGetSet(ctx, proto, key, getter, JS_UNDEFINED,
                                        JS_PROP_CONFIGURABLE);
        JS_FreeAtom(ctx, key);
        if (r < 0) return JS_EXCEPTION;
    }
    JS_FreeValue(ctx, js->imm_proto);
    js->imm_proto = JS_DupValue(ctx, proto);
    /* QuickJS keeps an object layout only while an object has it: one
     * holder keeps the prototype's empty shape for every new Immediate */
    JS_FreeValue(ctx, js->imm_shape_holder);
    js->imm_shape_holder = JS_NewObjectProto(ctx, proto);
    return JS_UNDEFINED;
}

/* ---- the check phase ---------------------------------------------------- */

/* Run one immediate (processImmediate's loop body). -1 with the exception
 * pending when its callback (or a hook) throws. */
static int run_one(weft__js *js, struct weft__imm *im)
{
    JSContext *ctx = js->ctx;
    imm_retire(js, im);
    int64_t id = im->async_id;
    /* with lib/async_hooks.js loaded, a context frame with the resource
     * (executionAsyncResource() === this), as its emitBefore/emitAfter */
    int framed = js->hooks_loaded;
    if (framed) {
        if (weft__js_emit_before(js, id, im->trigger_async_id, im->obj) < 0) return -1;
    } else {
        js->execution_async_id = id;
        js->trigger_async_id = im->trigger_async_id;
    }
    JSValue r = JS_Call(ctx, im->callback, im->obj, im->argc, (JSValueConst *)im->args);
    /* finally: _onImmediate = null, destroy */
    JS_FreeValue(ctx, im->callback);
    im->callback = JS_NULL;
    weft__js_emit_destroy(js, id);
    if (JS_IsException(r)) return -1;
    JS_FreeValue(ctx, r);
    if (framed || js->hooks_active) {
        /* (a hook enabled by the callback itself: after, without a frame) */
        if ((framed ? weft__js_emit_after(js, id) : weft__js_emit_after_only(js, id)) < 0 &&
            js->host->exit_requested)
            return -1;
    }
    return 0;
}

/* Node's processImmediate: the outstanding batch left by a throw, else the
 * whole pending queue; ticks and microtasks drained between immediates.
 * -1 with the exception pending when an immediate (or a tick) throws; the
 * rest of the batch stays outstanding. */
static int process_immediate(weft__js *js)
{
    JSContext *ctx = js->ctx;
    if (!js->imm_batch.head) {
        js->imm_batch = js->imm_pending;
        js->imm_pending.head = js->imm_pending.tail = NULL;
        for (struct weft__imm *im = js->imm_batch.head; im; im = im->next) im->list = &js->imm_batch;
    }
    int ran = 0;
    struct weft__imm *im;
    while ((im = js->imm_batch.head) && !js->host->exit_requested) {
        if (ran && weft__js_run_next_ticks(js) < 0) return -1;
        ran = 1;
        /* an immediate cleared meanwhile (even by a tick) left the list */
        if (!(im = js->imm_batch.head)) break;
        list_remove(im);
        int rc = run_one(js, im);
        JS_FreeValue(ctx, im->obj); /* the list's reference */
        if (rc < 0) return -1;
    }
    return 0;
}

/* Node's Environment::CheckImmediate for the JS immediates: one callback
 * scope per batch; a throwing immediate fails its scope (no drain at its
 * close) and the batch resumes in a new scope, as MakeCallback's do/while. */
void weft__js_run_immediates(weft__js *js)
{
    weft_host *h = js->host;
    int64_t eid = js->execution_async_id, tid = js->trigger_async_id;
    do {
        int outermost = h->depth == 0;
        weft__prof_begin(h, &js->base, WEFT_PROF_CALLBACKS, "immediates");
        weft__host_enter(h, &js->base);
        js->execution_async_id = 0;
        js->trigger_async_id = 0;
        int failed = process_immediate(js) < 0;
        if (failed) weft__js_report_exception(js, 0);
        js->execution_async_id = eid;
        js->trigger_async_id = tid;
        if (failed && outermost) weft__rt_unlist(&js->base); /* failed scope: no close */
        weft__host_leave(h);
        weft__prof_end(h);
    } while (js->imm_batch.head && !h->exit_requested);
}

void weft__js_immediates_init(weft__js *js, JSValue natives)
{
    JSContext *ctx = js->ctx;
    if (!imm_class_id) JS_NewClassID(&imm_class_id);
    if (!JS_IsRegisteredClass(js->rt, imm_class_id)) JS_NewClass(js->rt, imm_class_id, &imm_class);
    js->imm_proto = JS_UNDEFINED;
    js->imm_shape_holder = JS_UNDEFINED;
    js->str_immediate = JS_NewString(ctx, "Immediate");
    static const JSCFunctionListEntry natives_funcs[] = {
        JS_CFUNC_DEF("setImmediate", 4, js_set_immediate),
        JS_CFUNC_DEF("clearImmediate", 1, js_clear_immediate),
        JS_CFUNC_DEF("immediateSetup", 4, js_immediate_setup),
    };
    JS_SetPropertyFunctionList(ctx, natives, natives_funcs,
                               sizeof natives_funcs / sizeof natives_funcs[0]);
}

/* Drop the lists' references (before the context is freed). */
void weft__js_immediates_free(weft__js *js)
{
    JSContext *ctx = js->ctx;
    struct weft__imm_list *lists[2] = {&js->imm_pending, &js->imm_batch};
    for (int i = 0; i < 2; i++) {
        struct weft__imm *im;
        while ((im = lists[i]->head)) {
            list_remove(im);
            JS_FreeValue(ctx, im->obj);
        }
    }
    JS_FreeValue(ctx, js->imm_proto);
    JS_FreeValue(ctx, js->imm_shape_holder);
    JS_FreeValue(ctx, js->str_immediate);
    js->imm_proto = js->imm_shape_holder = js->str_immediate = JS_UNDEFINED;
}
