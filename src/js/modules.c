/* modules.c: ES modules through QuickJS's module loader (relative and
 * absolute specifiers, .mjs/.js files, CommonJS files imported as a default
 * export, built-ins as `node:x`/`x`), import.meta.url, and running the main
 * file (CommonJS via lib/modules.js, or an ES module with top-level await). */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "js/js.h"

char *weft__read_file(const char *path, size_t *len);

static int has_suffix(const char *s, const char *suf)
{
    size_t a = strlen(s), b = strlen(suf);
    return a >= b && !strcmp(s + a - b, suf);
}

static char *module_normalize(JSContext *ctx, const char *base, const char *name, void *opaque)
{
    if (name[0] != '.' && name[0] != '/') return js_strdup(ctx, name); /* built-in or bare */
    char buf[PATH_MAX * 2];
    if (name[0] == '/') {
        snprintf(buf, sizeof buf, "%s", name);
    } else {
        const char *slash = strrchr(base, '/');
        int dl = slash ? (int)(slash - base) : 0;
        if (!slash) snprintf(buf, sizeof buf, "%s", name);
        else snprintf(buf, sizeof buf, "%.*s/%s", dl, base, name);
    }
    /* collapse . and .. segments */
    char out[PATH_MAX * 2];
    size_t o = 0;
    const char *p = buf;
    int abs = buf[0] == '/';
    while (*p) {
        while (*p == '/') p++;
        const char *seg = p;
        while (*p && *p != '/') p++;
        size_t n = (size_t)(p - seg);
        if (n == 0 || (n == 1 && seg[0] == '.')) continue;
        if (n == 2 && seg[0] == '.' && seg[1] == '.') {
            while (o > 0 && out[o - 1] != '/') o--;
            if (o > 0) o--;
            continue;
        }
        if (o || abs) out[o++] = '/';
        memcpy(out + o, seg, n);
        o += n;
    }
    out[o] = 0;
    char real[PATH_MAX];
    if (realpath(out, real)) return js_strdup(ctx, real);
    return js_strdup(ctx, out);
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

static JSModuleDef *module_loader(JSContext *ctx, const char *name, void *opaque)
{
    char src[PATH_MAX * 2 + 200];
    if (name[0] != '/' && name[0] != '.') {
        /* Built-in: re-export the CommonJS value as default. */
        const char *b = strncmp(name, "node:", 5) ? name : name + 5;
        snprintf(src, sizeof src,
                 "const m = globalThis[Symbol.for('weft.loadBuiltin')](%c%s%c);\n"
                 "export default m;\n",
                 '"', b, '"');
        return compile_module(ctx, name, src, strlen(src));
    }
    if (!has_suffix(name, ".mjs") && (has_suffix(name, ".cjs") || has_suffix(name, ".js") ||
                                      has_suffix(name, ".json"))) {
        /* CommonJS imported from ESM: its module.exports is the default. */
        snprintf(src, sizeof src,
                 "const m = globalThis[Symbol.for('weft.require')](%c%s%c);\nexport default m;\n",
                 '"', name, '"');
        return compile_module(ctx, name, src, strlen(src));
    }
    size_t len;
    char *buf = weft__read_file(name, &len);
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

/* Run the main file as a host entry: its exceptions go to Node's
 * uncaught-exception path; the checkpoint at unwind is Node's scope close
 * after the main script. */
int weft__js_run_main(weft__js *js, const char *path)
{
    JSContext *ctx = js->ctx;
    weft_host *h = js->host;
    weft__host_enter(h, &js->base);
    js->in_main = 1;
    if (has_suffix(path, ".mjs")) {
        size_t len;
        char *buf = weft__read_file(path, &len);
        if (!buf) {
            fprintf(stderr, "weft: cannot read %s\n", path);
            weft__host_leave(h);
            return WEFT_ENOENT;
        }
        JSValue fn = JS_Eval(ctx, buf, len, path, JS_EVAL_TYPE_MODULE | JS_EVAL_FLAG_COMPILE_ONLY);
        free(buf);
        if (JS_IsException(fn)) {
            weft__js_report_exception(js, 0);
        } else {
            set_import_meta(ctx, fn, path, 1);
            JSValue p = JS_EvalFunction(ctx, fn);
            /* Node evaluates the main ES module from inside a promise job:
             * the microtasks it queues drain before any nextTick. */
            if (!JS_IsException(p)) weft__js_run_microtasks(js);
            if (JS_IsException(p)) {
                weft__js_report_exception(js, 0);
            } else {
                JSValue handle = JS_GetPropertyStr(ctx, js->internal, "handleMainPromise");
                JSValue r = JS_Call(ctx, handle, JS_UNDEFINED, 1, (JSValueConst *)&p);
                if (JS_IsException(r)) weft__js_report_exception(js, 0);
                JS_FreeValue(ctx, r);
                JS_FreeValue(ctx, handle);
                JS_FreeValue(ctx, p);
            }
        }
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
    js->execution_async_id = 0;
    js->trigger_async_id = 0;
    js->in_main = 0;
    weft__host_leave(h);
    return 0;
}
