/* vm.c: the C half of Node's `vm`: source run as a global script in this
 * context or in another JSContext of the same JSRuntime (vm.createContext:
 * its own globals and built-ins, values shared by reference), with the file
 * name and line offset that stacks show.
 * Invariants: contexts made here live until the runtime frees
 * (weft__js_vm_free, before the main context); their opaque is the owning
 * weft__js, so natives called from them find the runtime. */
#include <stdlib.h>
#include <string.h>
#include "js/js.h"

typedef struct weft__vm_context {
    JSContext *ctx;
    struct weft__vm_context *next;
} weft__vm_context;

static JSClassID vm_class_id;
static JSClassDef vm_class = {"WeftVmContext"};

/* src as a global script of ctx; lineOffset > 0 shifts its lines (blank
 * lines in front, so stacks and errors name the caller's lines) */
static JSValue eval_in(JSContext *ctx, JSContext *target, JSValueConst src_v, JSValueConst file_v,
                       JSValueConst offset_v, int flags)
{
    int32_t offset = 0;
    if (!JS_IsUndefined(offset_v) && JS_ToInt32(ctx, &offset, offset_v)) return JS_EXCEPTION;
    if (offset < 0 || offset > 1000000) offset = 0;
    size_t len;
    const char *src = JS_ToCStringLen(ctx, &len, src_v);
    if (!src) return JS_EXCEPTION;
    const char *file = JS_IsUndefined(file_v) ? NULL : JS_ToCString(ctx, file_v);
    char *code = malloc(len + (size_t)offset + 1);
    if (!code) {
        JS_FreeCString(ctx, src);
        JS_FreeCString(ctx, file);
        return JS_ThrowOutOfMemory(ctx);
    }
    memset(code, '\n', (size_t)offset);
    memcpy(code + offset, src, len + 1);
    JSValue r = JS_Eval(target, code, len + (size_t)offset, file ? file : "evalmachine.<anonymous>",
                        JS_EVAL_TYPE_GLOBAL | flags);
    free(code);
    JS_FreeCString(ctx, src);
    JS_FreeCString(ctx, file);
    return r;
}

/* runInThisContext(source, filename, lineOffset) -> the completion value */
static JSValue vm_run_this(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    return eval_in(ctx, ctx, argv[0], argv[1], argv[2], 0);
}

/* compile(source, filename, lineOffset): throws the SyntaxError, if any */
static JSValue vm_compile(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    JSValue fn = eval_in(ctx, ctx, argv[0], argv[1], argv[2], JS_EVAL_FLAG_COMPILE_ONLY);
    if (JS_IsException(fn)) return fn;
    JS_FreeValue(ctx, fn);
    return JS_UNDEFINED;
}

static weft__vm_context *context_of(JSValueConst v)
{
    return JS_GetOpaque(v, vm_class_id);
}

/* makeContext() -> a handle to a new context (a fresh set of globals) */
static JSValue vm_make_context(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    weft__js *js = weft__js_from_ctx(ctx);
    weft__vm_context *c = calloc(1, sizeof *c);
    if (!c) return JS_ThrowOutOfMemory(ctx);
    c->ctx = JS_NewContext(JS_GetRuntime(ctx));
    if (!c->ctx) {
        free(c);
        return JS_ThrowOutOfMemory(ctx);
    }
    JS_SetContextOpaque(c->ctx, js);
    JSValue obj = JS_NewObjectClass(ctx, (int)vm_class_id);
    if (JS_IsException(obj)) {
        JS_FreeContext(c->ctx);
        free(c);
        return obj;
    }
    c->next = js->vm_contexts;
    js->vm_contexts = c;
    JS_SetOpaque(obj, c);
    return obj;
}

/* globalOf(handle) -> the context's global object */
static JSValue vm_global_of(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    weft__vm_context *c = context_of(argv[0]);
    if (!c) return JS_ThrowTypeError(ctx, "not a vm context");
    return JS_GetGlobalObject(c->ctx);
}

/* runInContext(handle, source, filename, lineOffset) -> the completion value */
static JSValue vm_run_in(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    weft__vm_context *c = context_of(argv[0]);
    if (!c) return JS_ThrowTypeError(ctx, "not a vm context");
    return eval_in(ctx, c->ctx, argv[1], argv[2], argv[3], 0);
}

static const JSCFunctionListEntry vm_funcs[] = {
    JS_CFUNC_DEF("runInThisContext", 3, vm_run_this),
    JS_CFUNC_DEF("compile", 3, vm_compile),
    JS_CFUNC_DEF("makeContext", 0, vm_make_context),
    JS_CFUNC_DEF("globalOf", 1, vm_global_of),
    JS_CFUNC_DEF("runInContext", 4, vm_run_in),
};

JSValue weft__js_vm_binding(JSContext *ctx)
{
    JSRuntime *rt = JS_GetRuntime(ctx);
    if (!vm_class_id) JS_NewClassID(&vm_class_id);
    if (!JS_IsRegisteredClass(rt, vm_class_id) && JS_NewClass(rt, vm_class_id, &vm_class) < 0)
        return JS_EXCEPTION;
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
        JS_FreeContext(c->ctx);
        free(c);
        c = next;
    }
}
