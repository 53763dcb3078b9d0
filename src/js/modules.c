/* modules.c: ES modules through QuickJS's module loader. Resolution and
 * format detection live in lib/modules.js (internal.esmResolve/esmFormat):
 * module names are absolute real paths or 'node:x'. CommonJS files become a
 * facade module (default + named exports); import.meta; running the main
 * file (CommonJS via lib/modules.js, or an ES module with top-level await). */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "js/js.h"

char *weft__read_file(const char *path, size_t *len);
/* the same, but only a regular file, opened without waiting, when
 * regular_only (a resource's script or module: a FIFO would hold the loop) */
char *weft__read_file_ex(const char *path, size_t *len, int regular_only);

static int has_suffix(const char *s, const char *suf)
{
    size_t a = strlen(s), b = strlen(suf);
    return a >= b && !strcmp(s + a - b, suf);
}

/* internal[fn](a, b?): the resolver lives in lib/modules.js. */
static JSValue call_internal(JSContext *ctx, const char *fn, const char *a, const char *b)
{
    weft__js *js = weft__js_from_ctx(ctx);
    JSValue f = JS_GetPropertyStr(ctx, js->internal, fn);
    JSValue argv[2] = {JS_NewString(ctx, a), b ? JS_NewString(ctx, b) : JS_UNDEFINED};
    JSValue r = JS_Call(ctx, f, JS_UNDEFINED, b ? 2 : 1, (JSValueConst *)argv);
    JS_FreeValue(ctx, argv[0]);
    JS_FreeValue(ctx, argv[1]);
    JS_FreeValue(ctx, f);
    return r;
}

/* Returns a malloc'd (js_malloc) copy of a string result, NULL on exception. */
static char *string_result(JSContext *ctx, JSValue v)
{
    if (JS_IsException(v)) return NULL;
    const char *s = JS_ToCString(ctx, v);
    JS_FreeValue(ctx, v);
    if (!s) return NULL;
    char *out = js_strdup(ctx, s);
    JS_FreeCString(ctx, s);
    return out;
}

/* Specifier -> module name: an absolute real path, or 'node:x' for a
 * built-in. Errors (ERR_MODULE_NOT_FOUND naming the importer, ...) are
 * thrown here, where the importing module is still known. */
static char *module_normalize(JSContext *ctx, const char *base, const char *name, void *opaque)
{
    (void)opaque;
    return string_result(ctx, call_internal(ctx, "esmResolve", name, base));
}

static int set_import_meta(JSContext *ctx, JSValueConst func, const char *path, int is_main)
{
    JSModuleDef *m = JS_VALUE_GET_PTR(func);
    JSValue meta = JS_GetImportMeta(ctx, m);
    if (JS_IsException(meta)) return -1;
    char url[PATH_MAX + 16];
    snprintf(url, sizeof url, "file://%s", path);
    JS_SetPropertyStr(ctx, meta, "url", JS_NewString(ctx, url));
    JS_SetPropertyStr(ctx, meta, "main", JS_NewBool(ctx, is_main));
    const char *slash = strrchr(path, '/');
    JS_SetPropertyStr(ctx, meta, "filename", JS_NewString(ctx, path));
    JS_SetPropertyStr(ctx, meta, "dirname",
                      slash ? JS_NewStringLen(ctx, path, (size_t)(slash - path) ? (size_t)(slash - path) : 1)
                            : JS_NewString(ctx, "."));
    JS_FreeValue(ctx, meta);
    return 0;
}

static JSModuleDef *compile_module(JSContext *ctx, const char *name, const char *src, size_t len)
{
    JSValue fn = JS_Eval(ctx, src, len, name, JS_EVAL_TYPE_MODULE | JS_EVAL_FLAG_COMPILE_ONLY);
    if (JS_IsException(fn)) return NULL;
    if (set_import_meta(ctx, fn, name, 0) < 0) {
        JS_FreeValue(ctx, fn);
        return NULL;
    }
    JSModuleDef *m = JS_VALUE_GET_PTR(fn);
    JS_FreeValue(ctx, fn);
    return m;
}

static int is_commonjs(JSContext *ctx, const char *name)
{
    char *fmt = string_result(ctx, call_internal(ctx, "esmFormat", name, NULL));
    if (!fmt) return -1;
    int r = !strcmp(fmt, "commonjs");
    js_free(ctx, fmt);
    return r;
}

/* A module whose source lib/modules.js generates (internal[fn](name)). */
static JSModuleDef *facade_module(JSContext *ctx, const char *fn, const char *name)
{
    char *src = string_result(ctx, call_internal(ctx, fn, name, NULL));
    if (!src) return NULL;
    JSModuleDef *m = compile_module(ctx, name, src, strlen(src));
    js_free(ctx, src);
    return m;
}

static JSModuleDef *module_loader(JSContext *ctx, const char *name, void *opaque)
{
    (void)opaque;
    /* Built-in: default = the module object, plus its keys as names. */
    if (!strncmp(name, "node:", 5)) return facade_module(ctx, "esmBuiltinSource", name);
    int cjs = is_commonjs(ctx, name);
    if (cjs < 0) return NULL;
    /* CommonJS imported from ESM: default = module.exports, plus named
     * exports (see esmCommonJSSource for how this differs from Node). */
    if (cjs) return facade_module(ctx, "esmCommonJSSource", name);
    size_t len;
    char *buf = weft__read_file_ex(name, &len, weft__js_from_ctx(ctx)->res != NULL);
    if (!buf) {
        weft__js_throw_code(ctx, "Error", "ERR_MODULE_NOT_FOUND", "Cannot find module '%s'", name);
        return NULL;
    }
    JSModuleDef *m = compile_module(ctx, name, buf, len);
    free(buf);
    return m;
}

void weft__js_modules_init(weft__js *js, JSValue natives)
{
    JS_SetModuleLoaderFunc(js->rt, module_normalize, module_loader, js);
}

/* Evaluate an ES main module (inside a host entry). */
static void run_main_module(weft__js *js, const char *path, const char *buf, size_t len)
{
    JSContext *ctx = js->ctx;
    JSValue fn = JS_Eval(ctx, buf, len, path, JS_EVAL_TYPE_MODULE | JS_EVAL_FLAG_COMPILE_ONLY);
    if (JS_IsException(fn)) {
        weft__js_report_exception(js, 0);
        return;
    }
    set_import_meta(ctx, fn, path, 1);
    JSValue p = JS_EvalFunction(ctx, fn);
    /* Node evaluates the main ES module from inside a promise job:
     * the microtasks it queues drain before any nextTick. */
    if (JS_IsException(p)) {
        weft__js_report_exception(js, 0);
        return;
    }
    weft__js_run_microtasks(js);
    JSValue handle = JS_GetPropertyStr(ctx, js->internal, "handleMainPromise");
    JSValue r = JS_Call(ctx, handle, JS_UNDEFINED, 1, (JSValueConst *)&p);
    if (JS_IsException(r)) weft__js_report_exception(js, 0);
    JS_FreeValue(ctx, r);
    JS_FreeValue(ctx, handle);
    JS_FreeValue(ctx, p);
}

/* `--input-type=module` with -e or stdin: the source as the main ES module
 * "[eval1]" of the working directory, as Node names it. */
void weft__js_run_eval_module(weft__js *js, const char *src)
{
    char cwd[PATH_MAX], name[PATH_MAX + 16];
    if (!getcwd(cwd, sizeof cwd)) strcpy(cwd, ".");
    snprintf(name, sizeof name, "%s/[eval1]", cwd);
    weft__host_enter(js->host, &js->base);
    run_main_module(js, name, src, strlen(src));
    js->execution_async_id = 0;
    js->trigger_async_id = 0;
    weft__host_leave(js->host);
}

/* Run the main file as a host entry: its exceptions go to Node's
 * uncaught-exception path; the checkpoint at unwind is Node's scope close
 * after the main script. */
int weft__js_run_main(weft__js *js, const char *path)
{
    JSContext *ctx = js->ctx;
    weft_host *h = js->host;
    weft__host_enter(h, &js->base);
    /* an ES main: .mjs, or .js under a package.json with "type": "module" */
    int esm = has_suffix(path, ".mjs");
    if (!esm && has_suffix(path, ".js")) {
        int cjs = is_commonjs(ctx, path);
        if (cjs < 0) JS_FreeValue(ctx, JS_GetException(ctx));
        esm = cjs == 0;
    }
    if (esm) {
        size_t len;
        char *buf = weft__read_file(path, &len);
        if (!buf) {
            fprintf(stderr, "weft: cannot read %s\n", path);
            weft__host_leave(h);
            return WEFT_ENOENT;
        }
        run_main_module(js, path, buf, len);
        free(buf);
    } else {
        JSValue fn = JS_GetPropertyStr(ctx, js->internal, "runMain");
        JSValue arg = JS_NewString(ctx, path);
        JSValue r = JS_Call(ctx, fn, JS_UNDEFINED, 1, (JSValueConst *)&arg);
        if (JS_IsException(r)) weft__js_report_exception(js, 0);
        JS_FreeValue(ctx, r);
        JS_FreeValue(ctx, arg);
        JS_FreeValue(ctx, fn);
    }
    /* the main script's callback scope ends: its async context is popped
     * before the scope's close drains (Node: microtasks then run with
     * executionAsyncId 0) */
    weft__js_main_scope_end(js);
    js->execution_async_id = 0;
    js->trigger_async_id = 0;
    weft__host_leave(h);
    return 0;
}
