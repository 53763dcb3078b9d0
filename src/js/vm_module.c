/* vm_module.c: the C half of Node's vm.SourceTextModule and vm.SyntheticModule
 * (lib/vm_module.js): QuickJS module records that the script links (QuickJS
 * patch 0092), compiled in this context or a vm.createContext one, evaluated
 * under Node's timeout and breakOnSigint (vm.c's bounded runs).
 * Invariants: a handle names a module of a context that lives until the
 * runtime frees (the main one or a vm context, weft__js_vm_free), so its
 * JSModuleDef pointer stays valid as long as the handle can be used; the
 * module itself (as every QuickJS module) lives until its context is freed.
 * A synthetic module keeps its evaluation steps as its host data. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "js/js.h"

typedef struct {
    JSModuleDef *m;
    JSContext *ctx; /* the context the module belongs to */
    int own_jobs;   /* ctx has microtaskMode 'afterEvaluate' */
    int synthetic;
} vm_module;

static JSClassID module_class_id;

static void module_finalizer(JSRuntime *rt, JSValue obj)
{
    (void)rt;
    free(JS_GetOpaque(obj, module_class_id));
}

static JSClassDef module_class = {"WeftVmModule", .finalizer = module_finalizer};

static vm_module *module_of(JSContext *ctx, JSValueConst v)
{
    vm_module *vm = JS_GetOpaque(v, module_class_id);
    if (!vm) JS_ThrowTypeError(ctx, "not a vm module handle");
    return vm;
}

/* the context a module goes in: contextHandle's, or undefined: this one */
static JSContext *target_of(JSContext *ctx, JSValueConst handle, int *own_jobs)
{
    *own_jobs = 0;
    if (JS_IsUndefined(handle)) return ctx;
    JSContext *t = weft__js_vm_context(handle, own_jobs);
    if (!t) JS_ThrowTypeError(ctx, "not a vm context");
    return t;
}

static JSValue new_handle(JSContext *ctx, JSContext *target, JSModuleDef *m, int own_jobs,
                          int synthetic)
{
    vm_module *vm = calloc(1, sizeof *vm);
    if (!vm) return JS_ThrowOutOfMemory(ctx);
    JSValue obj = JS_NewObjectClass(ctx, (int)module_class_id);
    if (JS_IsException(obj)) {
        free(vm);
        return obj;
    }
    *vm = (vm_module){.m = m, .ctx = target, .own_jobs = own_jobs, .synthetic = synthetic};
    JS_SetOpaque(obj, vm);
    return obj;
}

/* an array's length, at most max (-1: exception, or a RangeError) */
static int64_t array_length(JSContext *ctx, JSValueConst arr, int64_t max)
{
    int64_t n;
    JSValue v = JS_GetPropertyStr(ctx, arr, "length");
    int r = JS_IsException(v) ? -1 : JS_ToInt64(ctx, &n, v);
    JS_FreeValue(ctx, v);
    if (r < 0) return -1;
    if (n < 0 || n > max) {
        JS_ThrowRangeError(ctx, "invalid array length");
        return -1;
    }
    return n;
}

/* a C string of v that has no NUL inside (QuickJS's C-module export API
 * takes C strings); NULL with a TypeError otherwise */
static const char *export_name(JSContext *ctx, JSValueConst v)
{
    size_t len;
    const char *s = JS_ToCStringLen(ctx, &len, v);
    if (s && strlen(s) != len) {
        JS_FreeCString(ctx, s);
        JS_ThrowTypeError(ctx, "export names with a NUL character are not supported");
        return NULL;
    }
    return s;
}

/* compile(contextHandle, source, identifier, lineOffset, columnOffset,
 * hostDefined) -> a handle; the SyntaxError, if any. lineOffset and
 * columnOffset (> 0) shift the code's lines and first line (blank lines and
 * spaces in front), so stacks name the caller's positions. */
static JSValue vmm_compile(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    int own_jobs;
    JSContext *target = target_of(ctx, argv[0], &own_jobs);
    if (!target) return JS_EXCEPTION;
    int32_t lines = 0, cols = 0;
    if (JS_ToInt32(ctx, &lines, argv[3]) || JS_ToInt32(ctx, &cols, argv[4])) return JS_EXCEPTION;
    if (lines < 0 || lines > 1000000) lines = 0;
    if (cols < 0 || cols > 1000000) cols = 0;
    size_t len;
    const char *src = JS_ToCStringLen(ctx, &len, argv[1]);
    if (!src) return JS_EXCEPTION;
    const char *name = JS_ToCString(ctx, argv[2]);
    size_t pad = (size_t)lines + (size_t)cols;
    char *code = name ? malloc(len + pad + 1) : NULL;
    JSValue fn = JS_EXCEPTION;
    if (name && !code) JS_ThrowOutOfMemory(ctx);
    if (code) {
        memset(code, '\n', (size_t)lines);
        memset(code + lines, ' ', (size_t)cols);
        memcpy(code + pad, src, len + 1);
        fn = JS_EvalHostDefined(
            target, code, len + pad, name,
            JS_EVAL_TYPE_MODULE | JS_EVAL_FLAG_COMPILE_ONLY | JS_EVAL_FLAG_HOST_LINKED, argv[5]);
        free(code);
    }
    JS_FreeCString(ctx, src);
    JS_FreeCString(ctx, name);
    if (JS_IsException(fn)) return fn;
    JSModuleDef *m = JS_VALUE_GET_PTR(fn);
    JS_FreeValue(target, fn);
    return new_handle(ctx, target, m, own_jobs, 0);
}

/* a synthetic module's evaluation: its steps (host data), result ignored
 * (Node's SyntheticModule) */
static int synthetic_init(JSContext *ctx, JSModuleDef *m)
{
    JSValue steps = JS_GetModuleHostData(ctx, m);
    JSValue r = JS_Call(ctx, steps, JS_UNDEFINED, 0, NULL);
    JS_FreeValue(ctx, steps);
    if (JS_IsException(r)) return -1;
    JS_FreeValue(ctx, r);
    return 0;
}

/* synthetic(contextHandle, identifier, exportNames, steps) -> a handle of a
 * module with those exports, whose evaluation calls steps() */
static JSValue vmm_synthetic(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    int own_jobs;
    JSContext *target = target_of(ctx, argv[0], &own_jobs);
    if (!target) return JS_EXCEPTION;
    if (!JS_IsFunction(ctx, argv[3])) return JS_ThrowTypeError(ctx, "steps must be a function");
    int64_t n = array_length(ctx, argv[2], INT32_MAX);
    if (n < 0) return JS_EXCEPTION;
    const char *name = JS_ToCString(ctx, argv[1]);
    if (!name) return JS_EXCEPTION;
    JSModuleDef *m = JS_NewCModule(target, name, synthetic_init);
    JS_FreeCString(ctx, name);
    if (!m) return JS_EXCEPTION;
    /* the module joins its context's list now: make it host-linked before
     * anything can fail, so no load finds or frees it */
    JS_SetModuleHostLinked(m);
    JS_SetModuleHostData(target, m, JS_DupValue(ctx, argv[3]));
    /* Bound: the array's length. */
    for (int64_t i = 0; i < n; i++) {
        JSValue v = JS_GetPropertyUint32(ctx, argv[2], (uint32_t)i);
        const char *e = JS_IsException(v) ? NULL : export_name(ctx, v);
        JS_FreeValue(ctx, v);
        int r = e ? JS_AddModuleExport(target, m, e) : -1;
        JS_FreeCString(ctx, e);
        if (r < 0) return JS_EXCEPTION;
    }
    return new_handle(ctx, target, m, own_jobs, 1);
}

/* link(handle, handles): the module of each request (same context) */
static JSValue vmm_link(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    vm_module *vm = module_of(ctx, argv[0]);
    if (!vm) return JS_EXCEPTION;
    int64_t n = array_length(ctx, argv[1], 65536);
    if (n < 0) return JS_EXCEPTION;
    JSModuleDef **deps = malloc(sizeof *deps * (size_t)(n ? n : 1));
    if (!deps) return JS_ThrowOutOfMemory(ctx);
    int ok = 1;
    /* Bound: n (at most the module's requests, checked by QuickJS). */
    for (int64_t i = 0; ok && i < n; i++) {
        JSValue v = JS_GetPropertyUint32(ctx, argv[1], (uint32_t)i);
        vm_module *dep = JS_IsException(v) ? NULL : module_of(ctx, v);
        JS_FreeValue(ctx, v);
        if (dep && dep->ctx != vm->ctx) {
            weft__js_throw_code(ctx, "Error", "ERR_VM_MODULE_DIFFERENT_CONTEXT",
                                "Linked modules must use the same context");
            dep = NULL;
        }
        if (dep)
            deps[i] = dep->m;
        else
            ok = 0;
    }
    int r = ok ? JS_SetModuleRequests(ctx, vm->m, deps, (int)n) : -1;
    free(deps);
    return r < 0 ? JS_EXCEPTION : JS_UNDEFINED;
}

/* instantiate(handle): links the module and those it reaches */
static JSValue vmm_instantiate(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    vm_module *vm = module_of(ctx, argv[0]);
    if (!vm) return JS_EXCEPTION;
    return JS_InstantiateModule(vm->ctx, vm->m) < 0 ? JS_EXCEPTION : JS_UNDEFINED;
}

static JSValue ignore_rejection(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    return JS_UNDEFINED;
}

/* evaluate(handle, timeout, breakOnSigint) -> the promise of the
 * evaluation; Node's ERR_SCRIPT_EXECUTION_TIMEOUT / _INTERRUPTED when the
 * timeout or a SIGINT stopped it (the module is then errored) */
static JSValue vmm_evaluate(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    vm_module *vm = module_of(ctx, argv[0]);
    if (!vm) return JS_EXCEPTION;
    weft__vm_bound bound;
    if (weft__js_vm_bound_begin(ctx, &bound, argv[1], argv[2])) return JS_EXCEPTION;
    JSValue p = JS_EvaluateModule(vm->ctx, vm->m);
    /* microtaskMode 'afterEvaluate': the context's own microtasks, under
     * the same timeout (none once it stopped the evaluation, whose error is
     * in the promise, as V8's termination skips them) */
    if (vm->own_jobs && !JS_IsException(p) && !bound.run.fired &&
        weft__js_vm_run_own_jobs(vm->ctx) < 0) {
        JS_FreeValue(ctx, p);
        p = JS_EXCEPTION;
    }
    if (bound.run.fired && !JS_IsException(p)) {
        /* the evaluation's promise holds QuickJS's interrupt error: Node's
         * error replaces it, so this one is handled, not reported */
        JSValue then = JS_GetPropertyStr(ctx, p, "then");
        JSValue args[2] = {JS_UNDEFINED, JS_NewCFunction(ctx, ignore_rejection, "", 1)};
        JSValue r = JS_IsFunction(ctx, then) ? JS_Call(ctx, then, p, 2, (JSValueConst *)args)
                                             : JS_UNDEFINED;
        if (JS_IsException(r)) JS_FreeValue(ctx, JS_GetException(ctx));
        JS_FreeValue(ctx, r);
        JS_FreeValue(ctx, args[1]);
        JS_FreeValue(ctx, then);
    }
    return weft__js_vm_bound_end(ctx, vm->ctx, &bound, p);
}

/* what a handle's module shows, by magic:
 * requests(handle) -> [{ specifier, attributes }], in source order;
 * status(handle) -> 0 unlinked, 1 linking, 2 linked, 3 evaluating,
 *   4 evaluated, 5 errored (JS_MODULE_STATE_*: V8's Module::Status);
 * error(handle) -> an errored module's error (undefined otherwise);
 * namespace(handle) -> the module namespace object (linked modules) */
enum { SHOW_REQUESTS, SHOW_STATUS, SHOW_ERROR, SHOW_NAMESPACE };
static JSValue vmm_show(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv,
                        int magic)
{
    vm_module *vm = module_of(ctx, argv[0]);
    if (!vm) return JS_EXCEPTION;
    switch (magic) {
    case SHOW_REQUESTS:
        return JS_GetModuleRequests(ctx, vm->m);
    case SHOW_STATUS:
        return JS_NewInt32(ctx, JS_GetModuleState(vm->m));
    case SHOW_ERROR:
        return JS_GetModuleException(ctx, vm->m);
    default:
        if (JS_GetModuleState(vm->m) < JS_MODULE_STATE_LINKED)
            return JS_ThrowTypeError(ctx, "module is not linked");
        return JS_GetModuleNamespace(vm->ctx, vm->m);
    }
}

/* setExport(handle, name, value): a linked synthetic module's export;
 * a ReferenceError for a name it does not export (as V8's) */
static JSValue vmm_set_export(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    vm_module *vm = module_of(ctx, argv[0]);
    if (!vm) return JS_EXCEPTION;
    if (!vm->synthetic) return JS_ThrowTypeError(ctx, "not a synthetic module");
    if (JS_GetModuleState(vm->m) < JS_MODULE_STATE_LINKED)
        return JS_ThrowTypeError(ctx, "module is not linked");
    const char *name = export_name(ctx, argv[1]);
    if (!name) return JS_EXCEPTION;
    int r = JS_SetModuleExport(vm->ctx, vm->m, name, JS_DupValue(ctx, argv[2]));
    if (r < 0) JS_ThrowReferenceError(ctx, "Export '%s' is not defined in module", name);
    JS_FreeCString(ctx, name);
    return r < 0 ? JS_EXCEPTION : JS_UNDEFINED;
}

static const JSCFunctionListEntry module_funcs[] = {
    JS_CFUNC_DEF("compile", 6, vmm_compile),
    JS_CFUNC_DEF("synthetic", 4, vmm_synthetic),
    JS_CFUNC_MAGIC_DEF("requests", 1, vmm_show, SHOW_REQUESTS),
    JS_CFUNC_DEF("link", 2, vmm_link),
    JS_CFUNC_DEF("instantiate", 1, vmm_instantiate),
    JS_CFUNC_DEF("evaluate", 3, vmm_evaluate),
    JS_CFUNC_MAGIC_DEF("status", 1, vmm_show, SHOW_STATUS),
    JS_CFUNC_MAGIC_DEF("error", 1, vmm_show, SHOW_ERROR),
    JS_CFUNC_MAGIC_DEF("namespace", 1, vmm_show, SHOW_NAMESPACE),
    JS_CFUNC_DEF("setExport", 3, vmm_set_export),
};

JSValue weft__js_vm_module_binding(JSContext *ctx)
{
    JSRuntime *rt = JS_GetRuntime(ctx);
    if (!module_class_id) JS_NewClassID(&module_class_id);
    if (!JS_IsRegisteredClass(rt, module_class_id) &&
        JS_NewClass(rt, module_class_id, &module_class) < 0)
        return JS_EXCEPTION;
    JSValue o = JS_NewObject(ctx);
    JS_SetPropertyFunctionList(ctx, o, module_funcs, sizeof module_funcs / sizeof module_funcs[0]);
    return o;
}
