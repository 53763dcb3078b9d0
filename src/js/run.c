/* run.c: weft_run_file(), Node's whole-process flow for one script: main,
 * then SpinEventLoop (loop, 'beforeExit', loop again while it re-arms), then
 * 'exit' (src/api/embed_helpers.cc). */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "js/js.h"

static weft__ur_mode parse_mode(const char *s)
{
    if (!s || !strcmp(s, "throw")) return WEFT_UR_THROW;
    if (!strcmp(s, "strict")) return WEFT_UR_STRICT;
    if (!strcmp(s, "warn")) return WEFT_UR_WARN;
    if (!strcmp(s, "none")) return WEFT_UR_NONE;
    if (!strcmp(s, "warn-with-error-code")) return WEFT_UR_WARN_WITH_ERROR_CODE;
    return (weft__ur_mode)-1;
}

static int call_internal(weft__js *js, const char *name, int *result)
{
    JSContext *ctx = js->ctx;
    JSValue fn = JS_GetPropertyStr(ctx, js->internal, name);
    JSValue r = weft__js_call(js, fn, JS_UNDEFINED, 0, NULL, 1);
    JS_FreeValue(ctx, fn);
    if (JS_IsException(r)) return -1;
    if (result) JS_ToInt32(ctx, result, r);
    JS_FreeValue(ctx, r);
    return 0;
}

/* The main script's entry (as weft__js_run_main): internal.runEval(source,
 * print) for -e/-p. */
void weft__js_run_eval(weft__js *js, const char *src, int print)
{
    JSContext *ctx = js->ctx;
    weft__host_enter(js->host, &js->base);
    JSValue fn = JS_GetPropertyStr(ctx, js->internal, "runEval");
    JSValue args[2] = {JS_NewString(ctx, src), JS_NewBool(ctx, print)};
    JSValue r = JS_Call(ctx, fn, JS_UNDEFINED, 2, (JSValueConst *)args);
    if (JS_IsException(r)) weft__js_report_exception(js, 0);
    JS_FreeValue(ctx, r);
    JS_FreeValue(ctx, args[0]);
    JS_FreeValue(ctx, fn);
    js->execution_async_id = 0;
    js->trigger_async_id = 0;
    weft__host_leave(js->host);
}

int weft_run_file(const char *file, const weft_run_options *opts)
{
    weft_run_options none = {0};
    if (!opts) opts = &none;
    weft__ur_mode mode = parse_mode(opts->unhandled_rejections);
    if ((int)mode < 0) return WEFT_EINVAL;
    weft_host *h = malloc(sizeof *h);
    if (!h) return WEFT_ENOMEM;
    if (weft__host_init(h) < 0) {
        free(h);
        return WEFT_ELOOP;
    }
    char *fallback_argv[2] = {"weft", (char *)(file ? file : "[eval]")};
    weft__js *js = weft__js_new(h, mode, opts->argv ? opts->argc : 2,
                                opts->argv ? opts->argv : fallback_argv);
    if (!js) {
        weft__host_close(h);
        free(h);
        return WEFT_ESCRIPT;
    }
    if (opts->argv0)
        JS_SetPropertyStr(js->ctx, js->natives, "argv0", JS_NewString(js->ctx, opts->argv0));
    if (opts->exec_argc > 0) weft__js_set_exec_argv(js, opts->exec_argc, opts->exec_argv);
    /* a child of fork(): the IPC channel Node passes in NODE_CHANNEL_FD */
    if (getenv("NODE_CHANNEL_FD")) call_internal(js, "setupChannelFromEnv", NULL);
    if (opts->eval_source && opts->eval_module) weft__js_run_eval_module(js, opts->eval_source);
    else if (opts->eval_source) weft__js_run_eval(js, opts->eval_source, opts->print_eval);
    else weft__js_run_main(js, file);
    int code = weft__js_spin(js);
    fflush(stdout);
    weft__js_free(js);
    weft__host_close(h);
    free(h);
    return code;
}

int weft__js_spin(weft__js *js)
{
    weft_host *h = js->host;
    weft__js_timers_main_done(js);
    /* Bound: each pass either ends the process or ran 'beforeExit' listeners
     * that re-armed the loop. */
    h->loop_start = uv_hrtime();
    while (!h->exit_requested) {
        uv_run(&h->loop, UV_RUN_DEFAULT);
        if (h->exit_requested) break;
        if (uv_loop_alive(&h->loop)) continue;
        call_internal(js, "emitBeforeExit", NULL);
        if (h->exit_requested || !uv_loop_alive(&h->loop)) break;
    }
    h->loop_exit = uv_hrtime();
    int code = 0;
    if (!h->exit_requested) {
        if (call_internal(js, "emitExit", &code) < 0 && !h->exit_requested) code = 1;
    }
    if (h->exit_requested) code = h->exit_code;
    return code & 0xff;
}
