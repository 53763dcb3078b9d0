/* vm.c: the C half of Node's `vm`: source run as a global script in this
 * context or in another JSContext of the same JSRuntime (vm.createContext:
 * its own globals and built-ins, values shared by reference), with the file
 * name and line offset that stacks show, a timeout and breakOnSigint.
 * A contextified context's global object is an exotic object (V8's
 * interceptors): every access goes to the contextified object first, then
 * to the context's own global (its built-ins), so the object sees each
 * global a script declares, assigns or deletes, when it happens.
 * Invariants: contexts made here live until the runtime frees
 * (weft__js_vm_free, before the main context); their opaque is the owning
 * weft__js, so natives called from them find the runtime. Timed runs nest
 * on the C stack (js->vm_runs, innermost first); only the interrupt handler
 * and the SIGINT handler read them, on this thread. Code compiled here
 * carries lib/vm.js's import record (QuickJS patch 0091), so its import()
 * and import.meta reach vm.js (Node's importModuleDynamically). */
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <uv.h>
#include "js/js.h"

typedef struct weft__vm_context {
    JSContext *ctx;
    int own_jobs; /* microtaskMode 'afterEvaluate' (QuickJS patch 0054) */
    struct weft__vm_context *next;
} weft__vm_context;

static JSClassID vm_class_id;
static JSClassDef vm_class = {"WeftVmContext"};

/* ---- the contextified global ---- */

typedef struct {
    JSValue sandbox; /* the contextified object (made in the caller's context) */
    JSValue own;     /* the context's own global object: its built-ins */
} vm_global;

static JSClassID vm_global_class_id;

static vm_global *global_of(JSValueConst obj)
{
    return JS_GetOpaque(obj, vm_global_class_id);
}

static void vm_global_finalizer(JSRuntime *rt, JSValue obj)
{
    vm_global *g = JS_GetOpaque(obj, vm_global_class_id);
    if (!g) return;
    JS_FreeValueRT(rt, g->sandbox);
    JS_FreeValueRT(rt, g->own);
    free(g);
}

static void vm_global_mark(JSRuntime *rt, JSValueConst obj, JS_MarkFunc *mark)
{
    vm_global *g = JS_GetOpaque(obj, vm_global_class_id);
    if (!g) return;
    JS_MarkValue(rt, g->sandbox, mark);
    JS_MarkValue(rt, g->own, mark);
}

static void free_desc(JSContext *ctx, JSPropertyDescriptor *d)
{
    JS_FreeValue(ctx, d->value);
    JS_FreeValue(ctx, d->getter);
    JS_FreeValue(ctx, d->setter);
}

/* how obj or its prototypes hold prop: -1 error, 0 not at all, 1 writable
 * data, 2 read-only data, 3 accessor (V8's GetRealNamedPropertyAttributes).
 * Bound: the prototype chain's length. */
static int attrs_of(JSContext *ctx, JSValueConst obj, JSAtom prop)
{
    JSValue o = JS_DupValue(ctx, obj);
    while (JS_IsObject(o)) {
        JSPropertyDescriptor d;
        int r = JS_GetOwnProperty(ctx, &d, o, prop);
        if (r < 0) {
            JS_FreeValue(ctx, o);
            return -1;
        }
        if (r) {
            free_desc(ctx, &d);
            JS_FreeValue(ctx, o);
            if (d.flags & JS_PROP_GETSET) return 3;
            return d.flags & JS_PROP_WRITABLE ? 1 : 2;
        }
        JSValue proto = JS_GetPrototype(ctx, o);
        JS_FreeValue(ctx, o);
        if (JS_IsException(proto)) return -1;
        o = proto;
    }
    JS_FreeValue(ctx, o);
    return 0;
}

/* 1 when the context's own global holds `prop` as a read-only data
 * property that cannot be reconfigured (undefined, NaN, Infinity) */
static int own_is_frozen(JSContext *ctx, vm_global *g, JSAtom prop)
{
    JSPropertyDescriptor d;
    int r = JS_GetOwnProperty(ctx, &d, g->own, prop);
    if (r <= 0) return r;
    free_desc(ctx, &d);
    return !(d.flags & (JS_PROP_GETSET | JS_PROP_WRITABLE | JS_PROP_CONFIGURABLE));
}

static int vg_get_own_property(JSContext *ctx, JSPropertyDescriptor *desc, JSValueConst obj,
                               JSAtom prop)
{
    vm_global *g = global_of(obj);
    int r = JS_GetOwnProperty(ctx, desc, g->sandbox, prop);
    if (r) return r;
    return JS_GetOwnProperty(ctx, desc, g->own, prop);
}

/* the object's keys, then the built-ins it does not shadow */
static int vg_own_keys(JSContext *ctx, JSPropertyEnum **ptab, uint32_t *plen, JSValueConst obj)
{
    vm_global *g = global_of(obj);
    const int flags = JS_GPN_STRING_MASK | JS_GPN_SYMBOL_MASK;
    JSPropertyEnum *st, *ot;
    uint32_t sn, on;
    if (JS_GetOwnPropertyNames(ctx, &st, &sn, g->sandbox, flags)) return -1;
    if (JS_GetOwnPropertyNames(ctx, &ot, &on, g->own, flags)) {
        for (uint32_t i = 0; i < sn; i++) JS_FreeAtom(ctx, st[i].atom);
        js_free(ctx, st);
        return -1;
    }
    JSPropertyEnum *t = js_malloc(ctx, sizeof *t * (sn + on + 1));
    uint32_t n = 0;
    if (t) {
        memcpy(t, st, sizeof *t * sn);
        n = sn;
    } else {
        for (uint32_t i = 0; i < sn; i++) JS_FreeAtom(ctx, st[i].atom);
    }
    js_free(ctx, st);
    /* Bound: sn * on atom compares (the built-ins are ~70 names). */
    for (uint32_t i = 0; i < on; i++) {
        int dup = !t;
        for (uint32_t k = 0; !dup && k < sn; k++) dup = t[k].atom == ot[i].atom;
        if (dup) JS_FreeAtom(ctx, ot[i].atom);
        else t[n++] = ot[i];
    }
    js_free(ctx, ot);
    if (!t) return -1;
    *ptab = t;
    *plen = n;
    return 0;
}

/* deleted from the object; if it had it or never did, from the built-ins too */
static int vg_delete(JSContext *ctx, JSValueConst obj, JSAtom prop)
{
    vm_global *g = global_of(obj);
    int r = JS_DeleteProperty(ctx, g->sandbox, prop, 0);
    if (r <= 0) return r;
    return JS_DeleteProperty(ctx, g->own, prop, 0);
}

/* onto the object, then (as V8 goes on to do) onto the context's own
 * global; a declaration reaches the object as an assignment would */
static int vg_define(JSContext *ctx, JSValueConst obj, JSAtom prop, JSValueConst val,
                     JSValueConst getter, JSValueConst setter, int flags)
{
    vm_global *g = global_of(obj);
    int declaration = flags & JS_PROP_DECLARATION;
    flags &= ~JS_PROP_DECLARATION;
    int frozen = own_is_frozen(ctx, g, prop);
    if (frozen < 0) return -1;
    if (frozen) return JS_DefineProperty(ctx, g->own, prop, val, getter, setter, flags);
    int r;
    if (declaration) {
        r = JS_SetPropertyInternal(ctx, g->sandbox, prop, JS_DupValue(ctx, val), g->sandbox,
                                   JS_PROP_THROW);
        if (r < 0) return -1;
        return JS_DefineProperty(ctx, g->own, prop, val, getter, setter, flags);
    }
    r = JS_DefineProperty(ctx, g->sandbox, prop, val, getter, setter, flags);
    if (r <= 0) return r;
    if (JS_DefineProperty(ctx, g->own, prop, val, getter, setter, flags & ~JS_PROP_THROW) < 0)
        return -1;
    return r;
}

static int vg_has(JSContext *ctx, JSValueConst obj, JSAtom prop)
{
    vm_global *g = global_of(obj);
    int r = JS_HasProperty(ctx, g->sandbox, prop);
    if (r) return r;
    return JS_HasProperty(ctx, g->own, prop);
}

static JSValue vg_get(JSContext *ctx, JSValueConst obj, JSAtom prop, JSValueConst receiver)
{
    (void)receiver;
    vm_global *g = global_of(obj);
    int r = JS_HasProperty(ctx, g->sandbox, prop);
    if (r < 0) return JS_EXCEPTION;
    JSValue v = JS_GetProperty(ctx, r ? g->sandbox : g->own, prop);
    /* the object itself reads as the global, as in Node (window = ctx) */
    if (JS_IsObject(v) && JS_VALUE_GET_PTR(v) == JS_VALUE_GET_PTR(g->sandbox)) {
        JS_FreeValue(ctx, v);
        return JS_DupValue(ctx, obj);
    }
    return v;
}

/* Node's setter interceptor: onto the object, then onto the context's own
 * global (V8 stores there too unless the object's property is an accessor);
 * a read-only property of either fails as assigning it would; an undeclared
 * name in strict code (JS_PROP_NO_ADD) is a ReferenceError */
static int vg_set(JSContext *ctx, JSValueConst obj, JSAtom prop, JSValueConst val,
                  JSValueConst receiver, int flags)
{
    vm_global *g = global_of(obj);
    int in_sandbox = attrs_of(ctx, g->sandbox, prop);
    if (in_sandbox < 0) return -1;
    int in_own = attrs_of(ctx, g->own, prop);
    if (in_own < 0) return -1;
    if (in_own == 2)
        return JS_SetPropertyInternal(ctx, g->own, prop, JS_DupValue(ctx, val), g->own, flags);
    if (in_sandbox == 2) {
        /* V8 defines it on the global, which its definer forwards to the
         * object, where the read-only property cannot be redefined */
        int r = JS_SetPropertyInternal(ctx, g->sandbox, prop, JS_DupValue(ctx, val), g->sandbox,
                                       flags & ~JS_PROP_NO_ADD);
        if (r < 0) {
            JS_FreeValue(ctx, JS_GetException(ctx));
            const char *name = JS_AtomToCString(ctx, prop);
            JS_ThrowTypeError(ctx, "Cannot redefine property: %s", name ? name : "?");
            JS_FreeCString(ctx, name);
        }
        return r;
    }
    if (!in_sandbox && !in_own && (flags & JS_PROP_NO_ADD)) {
        const char *name = JS_AtomToCString(ctx, prop);
        JS_ThrowReferenceError(ctx, "%s is not defined", name ? name : "?");
        JS_FreeCString(ctx, name);
        return -1;
    }
    JSValueConst to = JS_VALUE_GET_PTR(receiver) == JS_VALUE_GET_PTR(obj) ? g->sandbox : receiver;
    int r = JS_SetPropertyInternal(ctx, g->sandbox, prop, JS_DupValue(ctx, val), to,
                                   flags & ~JS_PROP_NO_ADD);
    if (r <= 0 || in_sandbox == 3 || in_own == 3) return r;
    if (JS_SetPropertyInternal(ctx, g->own, prop, JS_DupValue(ctx, val), g->own, 0) < 0) return -1;
    return r;
}

static JSClassExoticMethods vm_global_exotic = {
    .get_own_property = vg_get_own_property,
    .get_own_property_names = vg_own_keys,
    .delete_property = vg_delete,
    .define_own_property = vg_define,
    .has_property = vg_has,
    .get_property = vg_get,
    .set_property = vg_set,
};

static JSClassDef vm_global_class = {
    "global",
    .finalizer = vm_global_finalizer,
    .gc_mark = vm_global_mark,
    .exotic = &vm_global_exotic,
};

/* ---- timeouts and breakOnSigint ---- */

static volatile sig_atomic_t sigint_seen;
static JSRuntime *volatile sigint_rt;

static void on_sigint(int sig)
{
    (void)sig;
    sigint_seen = 1;
    if (sigint_rt) JS_RequestInterrupt(sigint_rt);
}

int weft__js_vm_interrupt(weft__js *js)
{
    if (!js->vm_runs) return 0;
    uint64_t now = uv_hrtime();
    /* the outermost run that is due: the interrupt unwinds to it (an inner
     * run's own exit rethrows it); bound: the nesting depth */
    weft__vm_run *due = NULL;
    for (weft__vm_run *r = js->vm_runs; r; r = r->outer) {
        if (r->fired) due = r;
        else if (r->deadline && now >= r->deadline) {
            r->fired = 1;
            due = r;
        } else if (r->sigint && sigint_seen) {
            r->fired = 2;
            due = r;
        }
    }
    return due != NULL;
}

static int vm_interrupt(JSRuntime *rt, void *opaque)
{
    (void)rt;
    return weft__js_vm_interrupt(opaque);
}

/* ---- bounded runs ---- */

int weft__js_vm_bound_begin(JSContext *ctx, weft__vm_bound *b, JSValueConst timeout_v,
                            JSValueConst sigint_v)
{
    weft__js *js = weft__js_from_ctx(ctx);
    memset(b, 0, sizeof *b);
    if (!JS_IsUndefined(timeout_v) && JS_ToInt64(ctx, &b->timeout, timeout_v)) return -1;
    b->sigint = JS_ToBool(ctx, sigint_v) > 0;
    b->bounded = b->timeout > 0 || b->sigint;
    if (!b->bounded) return 0;
    if (!js->vm_interrupt_set && !js->res) {
        /* weft run has no other interrupt handler; a resource's
         * (host_bindings.c) asks weft__js_vm_interrupt first */
        JS_SetInterruptHandler(js->rt, vm_interrupt, js);
        js->vm_interrupt_set = 1;
    }
    if (b->timeout > 0) b->run.deadline = uv_hrtime() + (uint64_t)b->timeout * 1000000;
    b->run.sigint = b->sigint;
    b->run.outer = js->vm_runs;
    js->vm_runs = &b->run;
    if (b->sigint) {
        struct sigaction sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = on_sigint;
        sigemptyset(&sa.sa_mask);
        sigint_rt = js->rt;
        sigint_seen = 0;
        sigaction(SIGINT, &sa, &b->old_sa);
    }
    return 0;
}

JSValue weft__js_vm_bound_end(JSContext *ctx, JSContext *target, weft__vm_bound *b, JSValue r)
{
    weft__js *js = weft__js_from_ctx(ctx);
    if (!b->bounded) return r;
    js->vm_runs = b->run.outer;
    if (b->sigint) {
        sigaction(SIGINT, &b->old_sa, NULL);
        /* an outer breakOnSigint run keeps its handler */
        int outer_sigint = 0;
        for (weft__vm_run *o = b->run.outer; o; o = o->outer)
            outer_sigint |= o->sigint;
        if (outer_sigint)
            sigaction(SIGINT, &(struct sigaction){.sa_handler = on_sigint}, NULL);
        else
            sigint_rt = NULL;
        if (!b->run.fired && sigint_seen && !outer_sigint) {
            /* a SIGINT that came after the code finished: the process's own
             * handling (Node re-raises it for its listeners) */
            sigint_seen = 0;
            raise(SIGINT);
        }
    }
    if (!b->run.fired) return r;
    /* the interrupt ended this run (or a microtask of it, which turned it
     * into a rejection): Node's error instead of QuickJS's uncatchable one */
    if (JS_IsException(r))
        JS_FreeValue(ctx, JS_GetException(ctx));
    else
        JS_FreeValue(ctx, r);
    if (b->run.fired == 2) sigint_seen = 0;
    char msg[80];
    if (b->run.fired == 1)
        snprintf(msg, sizeof msg, "Script execution timed out after %lldms", (long long)b->timeout);
    else
        snprintf(msg, sizeof msg, "Script execution was interrupted by `SIGINT`");
    /* an Error of the context the code ran in (as V8's), with the stack
     * of the caller's frames */
    JSValue e = JS_NewError(target);
    if (JS_IsException(e)) return e;
    JS_DefinePropertyValueStr(ctx, e, "message", JS_NewString(ctx, msg),
                              JS_PROP_CONFIGURABLE | JS_PROP_WRITABLE);
    JSValue g = JS_GetGlobalObject(ctx);
    JSValue ctor = JS_GetPropertyStr(ctx, g, "Error");
    JS_FreeValue(ctx, g);
    JSValue m = JS_NewString(ctx, msg);
    JSValue here = JS_CallConstructor(ctx, ctor, 1, (JSValueConst *)&m);
    JS_FreeValue(ctx, m);
    JS_FreeValue(ctx, ctor);
    if (JS_IsException(here)) {
        JS_FreeValue(ctx, e);
        return here;
    }
    JS_DefinePropertyValueStr(ctx, e, "stack", JS_GetPropertyStr(ctx, here, "stack"),
                              JS_PROP_CONFIGURABLE | JS_PROP_WRITABLE);
    JS_FreeValue(ctx, here);
    JS_DefinePropertyValueStr(ctx, e, "code",
                              JS_NewString(ctx, b->run.fired == 1
                                                    ? "ERR_SCRIPT_EXECUTION_TIMEOUT"
                                                    : "ERR_SCRIPT_EXECUTION_INTERRUPTED"),
                              JS_PROP_CONFIGURABLE | JS_PROP_WRITABLE);
    return JS_Throw(ctx, e);
}

int weft__js_vm_run_own_jobs(JSContext *target)
{
    int jr;
    /* Bound: ends when the context's queue is empty (a job that always
     * queues another loops as it does in Node, until the timeout). */
    while ((jr = JS_ExecuteContextJob(target)) > 0) {
    }
    return jr;
}

/* ---- running code ---- */

/* the byte offset in utf8 (QuickJS's UTF-8 of a string: 4 bytes for a
 * surrogate pair, one sequence for any other UTF-16 unit) of UTF-16 index
 * i, -1 if past the end. Bound: len bytes. */
static int64_t utf8_offset_of(const char *utf8, size_t len, uint32_t i)
{
    size_t at = 0;
    uint32_t units = 0;
    while (units < i && at < len) {
        unsigned char c = (unsigned char)utf8[at];
        units += c >= 0xf0 ? 2 : 1;
        at += c < 0x80 ? 1 : c < 0xe0 ? 2 : c < 0xf0 ? 3 : 4;
    }
    return units == i && at < len ? (int64_t)at : -1;
}

/* bounds_v, [start, paramsEnd, bodyEnd] (UTF-16 indexes into src, from
 * vm.js's compileFunction): where the wrapped function, the ')' after its
 * parameters and the '}' after its body are; made byte offsets into code
 * (src after skip blank lines) for QuickJS patches 0086-0087, so the
 * parameters and body cannot close the function and add code. 1 if
 * bounds_v is undefined, 0 done, -1 thrown. */
static int function_bounds(JSContext *ctx, JSDynamicFunctionBounds *dyn, JSValueConst bounds_v,
                           const char *code, size_t len, size_t skip)
{
    if (JS_IsUndefined(bounds_v)) return 1;
    int64_t at[3] = {-1, -1, -1};
    for (uint32_t k = 0; k < 3; k++) {
        uint32_t i;
        JSValue v = JS_GetPropertyUint32(ctx, bounds_v, k);
        if (JS_IsException(v) || JS_ToUint32(ctx, &i, v)) {
            JS_FreeValue(ctx, v);
            return -1;
        }
        JS_FreeValue(ctx, v);
        at[k] = utf8_offset_of(code + skip, len - skip, i);
        if (at[k] < 0) break;
        at[k] += (int64_t)skip;
    }
    if (at[0] < 0 || at[1] < 0 || at[2] < 0 || code[at[0]] != 'f' || code[at[1]] != ')' ||
        code[at[2]] != '}') {
        JS_ThrowRangeError(ctx, "vm: function bounds do not fit the source");
        return -1;
    }
    dyn->start = (size_t)at[0];
    dyn->params_end = (size_t)at[1];
    dyn->body_end = (size_t)at[2];
    dyn->flags = JS_DYNAMIC_FUNCTION_WRAPPED;
    return 0;
}

/* src as a global script of target; lineOffset > 0 shifts its lines (blank
 * lines in front, so stacks and errors name the caller's lines); timeout_v
 * (ms) and sigint_v bound the run as Node's timeout and breakOnSigint;
 * host_defined (vm.js's import record, or undefined) goes with the code for
 * its import() (QuickJS patch 0091); bounds_v (or undefined): the wrapped
 * function in src (function_bounds). */
static JSValue eval_in(JSContext *ctx, JSContext *target, JSValueConst src_v, JSValueConst file_v,
                       JSValueConst offset_v, int flags, JSValueConst timeout_v,
                       JSValueConst sigint_v, int own_jobs, JSValueConst host_defined,
                       JSValueConst bounds_v)
{
    int32_t offset = 0;
    if (!JS_IsUndefined(offset_v) && JS_ToInt32(ctx, &offset, offset_v)) return JS_EXCEPTION;
    if (offset < 0 || offset > 1000000) offset = 0;
    weft__vm_bound bound;
    if (weft__js_vm_bound_begin(ctx, &bound, timeout_v, sigint_v)) return JS_EXCEPTION;
    size_t len;
    const char *src = JS_ToCStringLen(ctx, &len, src_v);
    const char *file = !src || JS_IsUndefined(file_v) ? NULL : JS_ToCString(ctx, file_v);
    char *code = src ? malloc(len + (size_t)offset + 1) : NULL;
    JSValue r = JS_EXCEPTION;
    if (src && !code) JS_ThrowOutOfMemory(ctx);
    JSDynamicFunctionBounds dyn;
    int has_dyn = 0;
    if (code) {
        memset(code, '\n', (size_t)offset);
        memcpy(code + offset, src, len + 1);
        has_dyn = function_bounds(ctx, &dyn, bounds_v, code, len + (size_t)offset, (size_t)offset);
    }
    if (code && has_dyn >= 0) {
        if (has_dyn == 0) JS_SetEvalDynamicFunction(target, &dyn);
        r = JS_EvalHostDefined(target, code, len + (size_t)offset,
                               file ? file : "evalmachine.<anonymous>", JS_EVAL_TYPE_GLOBAL | flags,
                               host_defined);
        JS_SetEvalDynamicFunction(target, NULL);
    }
    free(code);
    JS_FreeCString(ctx, src);
    JS_FreeCString(ctx, file);
    /* microtaskMode 'afterEvaluate': the context's own microtasks, under
     * the same timeout */
    if (own_jobs && !JS_IsException(r) && weft__js_vm_run_own_jobs(target) < 0) {
        JS_FreeValue(ctx, r);
        r = JS_EXCEPTION;
    }
    return weft__js_vm_bound_end(ctx, target, &bound, r);
}

/* runInThisContext(source, filename, lineOffset, timeout, breakOnSigint,
 * hostDefined, functionBounds) */
static JSValue vm_run_this(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    return eval_in(ctx, ctx, argv[0], argv[1], argv[2], 0, argv[3], argv[4], 0, argv[5], argv[6]);
}

/* compile(source, filename, lineOffset): throws the SyntaxError, if any */
static JSValue vm_compile(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    JSValue fn = eval_in(ctx, ctx, argv[0], argv[1], argv[2], JS_EVAL_FLAG_COMPILE_ONLY,
                         JS_UNDEFINED, JS_UNDEFINED, 0, JS_UNDEFINED, JS_UNDEFINED);
    if (JS_IsException(fn)) return fn;
    JS_FreeValue(ctx, fn);
    return JS_UNDEFINED;
}

static weft__vm_context *context_of(JSValueConst v)
{
    return JS_GetOpaque(v, vm_class_id);
}

/* the forwarding global of a contextified object: its prototype is the
 * context's own global's, so the context's code sees the built-ins */
static JSValue forwarding_global(JSContext *ctx, JSContext *cctx, JSValueConst sandbox)
{
    vm_global *g = calloc(1, sizeof *g);
    if (!g) return JS_ThrowOutOfMemory(ctx);
    JSValue own = JS_GetGlobalObject(cctx);
    JSValue proto = JS_GetPrototype(cctx, own);
    JSValue global = JS_NewObjectProtoClass(cctx, proto, vm_global_class_id);
    JS_FreeValue(cctx, proto);
    if (JS_IsException(global)) {
        JS_FreeValue(cctx, own);
        free(g);
        return global;
    }
    g->sandbox = JS_DupValue(ctx, sandbox);
    g->own = own;
    JS_SetOpaque(global, g);
    /* globalThis names the forwarding global, as `this` does */
    JS_DefinePropertyValueStr(cctx, own, "globalThis", JS_DupValue(cctx, global),
                              JS_PROP_CONFIGURABLE | JS_PROP_WRITABLE);
    return global;
}

/* makeContext(sandbox, ownMicrotasks) -> a handle to a new context (a fresh
 * set of globals) whose global object forwards to sandbox, or with sandbox
 * undefined, a plain one (vm.constants.DONT_CONTEXTIFY); ownMicrotasks:
 * microtaskMode 'afterEvaluate' */
static JSValue vm_make_context(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    weft__js *js = weft__js_from_ctx(ctx);
    int vanilla = JS_IsUndefined(argv[0]);
    if (!vanilla && !JS_IsObject(argv[0])) return JS_ThrowTypeError(ctx, "not an object");
    weft__vm_context *c = calloc(1, sizeof *c);
    if (!c) return JS_ThrowOutOfMemory(ctx);
    c->ctx = JS_NewContext(JS_GetRuntime(ctx));
    if (!c->ctx) {
        free(c);
        return JS_ThrowOutOfMemory(ctx);
    }
    JS_SetContextOpaque(c->ctx, js);
    c->own_jobs = JS_ToBool(ctx, argv[1]) > 0;
    if (c->own_jobs) JS_SetContextOwnJobs(c->ctx, 1);
    JSValue obj = JS_NewObjectClass(ctx, (int)vm_class_id);
    JSValue global = vanilla ? JS_UNDEFINED : forwarding_global(ctx, c->ctx, argv[0]);
    if (JS_IsException(obj) || JS_IsException(global)) {
        JS_FreeValue(ctx, obj);
        JS_FreeValue(c->ctx, global);
        JS_FreeContext(c->ctx);
        free(c);
        return JS_EXCEPTION;
    }
    if (!vanilla) JS_FreeValue(c->ctx, JS_SetGlobalObject(c->ctx, global));
    c->next = js->vm_contexts;
    js->vm_contexts = c;
    JS_SetOpaque(obj, c);
    return obj;
}

JSContext *weft__js_vm_context(JSValueConst handle, int *own_jobs)
{
    weft__vm_context *c = context_of(handle);
    if (!c) return NULL;
    if (own_jobs) *own_jobs = c->own_jobs;
    return c->ctx;
}

/* globalOf(handle) -> the context's global object */
static JSValue vm_global_of(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    weft__vm_context *c = context_of(argv[0]);
    if (!c) return JS_ThrowTypeError(ctx, "not a vm context");
    return JS_GetGlobalObject(c->ctx);
}

/* runInContext(handle, source, filename, lineOffset, timeout, breakOnSigint,
 * hostDefined, functionBounds) */
static JSValue vm_run_in(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    weft__vm_context *c = context_of(argv[0]);
    if (!c) return JS_ThrowTypeError(ctx, "not a vm context");
    return eval_in(ctx, c->ctx, argv[1], argv[2], argv[3], 0, argv[4], argv[5], c->own_jobs,
                   argv[6], argv[7]);
}

/* ---- import() and import.meta of vm code (QuickJS patch 0091) ---- */

/* internal[fn](...argv): lib/vm.js's handling of the import() and
 * import.meta of code compiled with its import record */
static JSValue call_vm_hook(JSContext *ctx, const char *fn, int argc, JSValueConst *argv)
{
    weft__js *js = weft__js_from_ctx(ctx);
    JSValue f = JS_GetPropertyStr(ctx, js->internal, fn);
    if (JS_IsException(f)) return f;
    JSValue r = JS_IsFunction(ctx, f) ? JS_Call(ctx, f, JS_UNDEFINED, argc, argv)
                                      : JS_ThrowTypeError(ctx, "vm: internal.%s is missing", fn);
    JS_FreeValue(ctx, f);
    return r;
}

static JSValue vm_import_hook(JSContext *ctx, JSValueConst host_defined, JSValueConst specifier,
                              JSValueConst attributes, void *opaque)
{
    (void)opaque;
    JSValueConst argv[3] = {host_defined, specifier, attributes};
    return call_vm_hook(ctx, "vmDynamicImport", 3, argv);
}

static JSValue vm_meta_hook(JSContext *ctx, JSValueConst host_defined, void *opaque)
{
    (void)opaque;
    return call_vm_hook(ctx, "vmImportMeta", 1, &host_defined);
}

/* importDefault(specifier, referrerName) -> the promise of the main
 * context's own import(specifier), resolved from referrerName's folder (a
 * relative name: the working directory's), for
 * vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER */
static JSValue vm_import_default(JSContext *ctx, JSValueConst this_val, int argc,
                                 JSValueConst *argv)
{
    weft__js *js = weft__js_from_ctx(ctx);
    const char *spec = JS_ToCString(ctx, argv[0]);
    const char *base = spec ? JS_ToCString(ctx, argv[1]) : NULL;
    JSValue p = base ? JS_LoadModule(js->ctx, base, spec) : JS_EXCEPTION;
    JS_FreeCString(ctx, spec);
    JS_FreeCString(ctx, base);
    return p;
}

static const JSCFunctionListEntry vm_funcs[] = {
    JS_CFUNC_DEF("importDefault", 2, vm_import_default),
    JS_CFUNC_DEF("runInThisContext", 7, vm_run_this),
    JS_CFUNC_DEF("compile", 3, vm_compile),
    JS_CFUNC_DEF("makeContext", 2, vm_make_context),
    JS_CFUNC_DEF("globalOf", 1, vm_global_of),
    JS_CFUNC_DEF("runInContext", 8, vm_run_in),
};

JSValue weft__js_vm_binding(JSContext *ctx)
{
    JSRuntime *rt = JS_GetRuntime(ctx);
    if (!vm_class_id) JS_NewClassID(&vm_class_id);
    if (!vm_global_class_id) JS_NewClassID(&vm_global_class_id);
    if (!JS_IsRegisteredClass(rt, vm_class_id) && JS_NewClass(rt, vm_class_id, &vm_class) < 0)
        return JS_EXCEPTION;
    if (!JS_IsRegisteredClass(rt, vm_global_class_id) &&
        JS_NewClass(rt, vm_global_class_id, &vm_global_class) < 0)
        return JS_EXCEPTION;
    JS_SetHostDefinedHooks(rt, vm_import_hook, vm_meta_hook, NULL);
    JSValue o = JS_NewObject(ctx);
    JS_SetPropertyFunctionList(ctx, o, vm_funcs, sizeof vm_funcs / sizeof vm_funcs[0]);
    return o;
}

void weft__js_vm_free(weft__js *js)
{
    weft__vm_context *c = js->vm_contexts;
    js->vm_contexts = NULL;
    /* Bound: one pass over the list. */
    while (c) {
        weft__vm_context *next = c->next;
        JS_FreeContextJobs(c->ctx);
        JS_FreeContext(c->ctx);
        free(c);
        c = next;
    }
}
