/* runtime.c: creating and freeing a JS runtime, the bootstrap (src/js/lib
 * files evaluated in order with (internal, natives)), and the process-level
 * natives (output, clock, exit, environment, files). */
#define _GNU_SOURCE /* pthread_getattr_np */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include "host/files.h"
#include <unistd.h>
#include "js/js.h"

extern char **environ;

struct weft__js_lib_entry {
    const char *name;
    const unsigned char *src;
    size_t len;
};
extern const struct weft__js_lib_entry weft__js_lib[];

/* Bootstrap order: each file may use what the earlier ones put on internal. */
static const char *const boot_order[] = {"errors", "globals", "resource", NULL};
/* Every other file loads on first use through natives.loadLib (lazy getters
 * and stubs in errors.js, globals.js, modules.js): events, process,
 * promises (rejection processing), console, inspect (console formatting,
 * ~270 KB of heap), async_hooks, timers, modules and the built-in modules.
 * A trivial resource needs none of them. */

static const struct weft__js_lib_entry *lib_find(const char *name)
{
    for (const struct weft__js_lib_entry *e = weft__js_lib; e->name; e++)
        if (!strcmp(e->name, name)) return e;
    return NULL;
}

/* ---- natives ------------------------------------------------------------ */

static JSValue js_print(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    int fd;
    size_t len;
    if (JS_ToInt32(ctx, &fd, argv[0])) return JS_EXCEPTION;
    const char *s = JS_ToCStringLen(ctx, &len, argv[1]);
    if (!s) return JS_EXCEPTION;
    FILE *f = fd == 2 ? stderr : stdout;
    if (fd == 2) fflush(stdout);
    fwrite(s, 1, len, f);
    JS_FreeCString(ctx, s);
    return JS_UNDEFINED;
}

static JSValue js_hrtime(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    uint64_t t = uv_hrtime();
    JSValue a = JS_NewArray(ctx);
    JS_SetPropertyUint32(ctx, a, 0, JS_NewInt64(ctx, (int64_t)(t / 1000000000)));
    JS_SetPropertyUint32(ctx, a, 1, JS_NewInt64(ctx, (int64_t)(t % 1000000000)));
    return a;
}

static JSValue js_hrtime_bigint(JSContext *ctx, JSValueConst this_val, int argc,
                                JSValueConst *argv)
{
    return JS_NewBigUint64(ctx, uv_hrtime());
}

/* process.reallyExit: mark the host as exiting and unwind with an
 * uncatchable error; every C entry point sees exit_requested and stops. */
static JSValue js_really_exit(JSContext *ctx, JSValueConst this_val, int argc,
                              JSValueConst *argv)
{
    weft__js *js = weft__js_from_ctx(ctx);
    int code = 0;
    if (argc > 0) JS_ToInt32(ctx, &code, argv[0]);
    if (!js->host->exit_requested) {
        js->host->exit_requested = 1;
        js->host->exit_code = code & 0xff;
    }
    uv_stop(&js->host->loop);
    js->exiting = 1;
    return weft__js_throw_exit(ctx);
}

/* Unwind all script code of this runtime: an uncatchable error (catch and
 * finally do not run), as process.exit() leaves a Node process. */
JSValue weft__js_throw_exit(JSContext *ctx)
{
    JSValue err = JS_NewError(ctx);
    JS_SetPropertyStr(ctx, err, "message", JS_NewString(ctx, "process.exit()"));
    JS_SetUncatchableError(ctx, err, 1);
    return JS_Throw(ctx, err);
}

static JSValue js_env(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    JSValue o = JS_NewObject(ctx);
    for (char **e = environ; e && *e; e++) {
        const char *eq = strchr(*e, '=');
        if (!eq) continue;
        char key[1024];
        size_t kl = (size_t)(eq - *e);
        if (kl >= sizeof key) continue;
        memcpy(key, *e, kl);
        key[kl] = 0;
        JS_SetPropertyStr(ctx, o, key, JS_NewString(ctx, eq + 1));
    }
    return o;
}

static JSValue js_cwd(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    char buf[PATH_MAX];
    if (!getcwd(buf, sizeof buf)) return JS_ThrowInternalError(ctx, "getcwd: %s", strerror(errno));
    return JS_NewString(ctx, buf);
}

/* process.chdir: the process has one working directory, shared by every
 * resource of `weft serve`, so a resource may not change it (as Node's
 * workers, with their error code). */
static JSValue js_chdir(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    if (weft__js_from_ctx(ctx)->res)
        return weft__js_throw_code(ctx, "TypeError", "ERR_WORKER_UNSUPPORTED_OPERATION",
                                   "process.chdir() is not supported in a resource: all "
                                   "resources share the server's working directory");
    const char *p = JS_ToCString(ctx, argv[0]);
    if (!p) return JS_EXCEPTION;
    int r = chdir(p);
    JS_FreeCString(ctx, p);
    if (r) return weft__js_throw_code(ctx, "Error", "ENOENT", "chdir: %s", strerror(errno));
    return JS_UNDEFINED;
}

/* Set by the first runtime, on the main thread, before any Worker thread
 * exists: read-only after (performance.timeOrigin is the process's start in
 * every thread, as Node's). */
static uint64_t weft__start_time;
static double weft__start_wall; /* the wall clock then, ms since the epoch */

uint64_t weft__js_time_origin(void)
{
    return weft__start_time;
}

double weft__js_time_origin_wall(void)
{
    return weft__start_wall;
}

static JSValue js_uptime(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    return JS_NewFloat64(ctx, (double)(uv_hrtime() - weft__start_time) / 1e9);
}

static JSValue js_memory_usage(JSContext *ctx, JSValueConst this_val, int argc,
                               JSValueConst *argv)
{
    JSMemoryUsage mu;
    JS_ComputeMemoryUsage(JS_GetRuntime(ctx), &mu);
    size_t rss = 0;
    uv_resident_set_memory(&rss);
    JSValue o = JS_NewObject(ctx);
    JS_SetPropertyStr(ctx, o, "rss", JS_NewInt64(ctx, (int64_t)rss));
    JS_SetPropertyStr(ctx, o, "heapTotal", JS_NewInt64(ctx, mu.malloc_size));
    JS_SetPropertyStr(ctx, o, "heapUsed", JS_NewInt64(ctx, mu.memory_used_size));
    JS_SetPropertyStr(ctx, o, "external", JS_NewInt64(ctx, 0));
    JS_SetPropertyStr(ctx, o, "arrayBuffers", JS_NewInt64(ctx, 0));
    return o;
}

static JSValue js_isatty(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    int fd;
    if (JS_ToInt32(ctx, &fd, argv[0])) return JS_EXCEPTION;
    return JS_NewBool(ctx, isatty(fd));
}

/* natives.stat(path) -> 0 missing, 1 file, 2 directory */
static JSValue js_stat(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    const char *p = JS_ToCString(ctx, argv[0]);
    if (!p) return JS_EXCEPTION;
    struct stat st;
    int r = stat(p, &st);
    JS_FreeCString(ctx, p);
    if (r) return JS_NewInt32(ctx, 0);
    return JS_NewInt32(ctx, S_ISDIR(st.st_mode) ? 2 : 1);
}

static JSValue js_realpath(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    const char *p = JS_ToCString(ctx, argv[0]);
    if (!p) return JS_EXCEPTION;
    char buf[PATH_MAX];
    JSValue r = realpath(p, buf) ? JS_NewString(ctx, buf) : JS_DupValue(ctx, argv[0]);
    JS_FreeCString(ctx, p);
    return r;
}

char *weft__read_file_ex(const char *path, size_t *len, int regular_only)
{
    FILE *f = regular_only ? weft__fopen_regular(path, "rb") : fopen(path, "rb");
    if (!f) return NULL;
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap + 1);
    for (;;) {
        if (!buf) break;
        size_t r = fread(buf + n, 1, cap - n, f);
        n += r;
        if (n < cap) break;
        cap *= 2;
        char *nb = realloc(buf, cap + 1);
        if (!nb) { free(buf); buf = NULL; break; }
        buf = nb;
    }
    fclose(f);
    if (buf) {
        buf[n] = 0;
        if (len) *len = n;
    }
    return buf;
}

char *weft__read_file(const char *path, size_t *len)
{
    return weft__read_file_ex(path, len, 0);
}

static JSValue js_read_file(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    const char *p = JS_ToCString(ctx, argv[0]);
    if (!p) return JS_EXCEPTION;
    size_t len;
    /* a resource's require: only a regular file (a FIFO would hold the loop) */
    char *buf = weft__read_file_ex(p, &len, weft__js_from_ctx(ctx)->res != NULL);
    if (!buf) {
        JSValue e = weft__js_throw_code(ctx, "Error", errno == ENOENT ? "ENOENT" : "EIO",
                                        "%s, open '%s'", weft__file_strerror(errno), p);
        JS_FreeCString(ctx, p);
        return e;
    }
    JS_FreeCString(ctx, p);
    JSValue s = JS_NewStringLen(ctx, buf, len);
    free(buf);
    return s;
}

/* natives.compileCommonJS(source, filename) -> function (exports, require,
 * module, __filename, __dirname); the wrapper sits on line 1 so line
 * numbers in stacks match the file. */
static JSValue js_compile_cjs(JSContext *ctx, JSValueConst this_val, int argc,
                              JSValueConst *argv)
{
    size_t len;
    const char *src = JS_ToCStringLen(ctx, &len, argv[0]);
    if (!src) return JS_EXCEPTION;
    const char *file = JS_ToCString(ctx, argv[1]);
    if (!file) {
        JS_FreeCString(ctx, src);
        return JS_EXCEPTION;
    }
    static const char head[] = "(function (exports, require, module, __filename, __dirname) { ";
    static const char tail[] = "\n})";
    const char *body = src;
    size_t blen = len;
    if (blen > 2 && body[0] == '#' && body[1] == '!') { /* shebang: keep the line count */
        while (blen && *body != '\n') body++, blen--;
    }
    char *code = malloc(sizeof head + blen + sizeof tail);
    if (!code) {
        JS_FreeCString(ctx, src);
        JS_FreeCString(ctx, file);
        return JS_ThrowOutOfMemory(ctx);
    }
    memcpy(code, head, sizeof head - 1);
    memcpy(code + sizeof head - 1, body, blen);
    memcpy(code + sizeof head - 1 + blen, tail, sizeof tail);
    JSValue fn = JS_Eval(ctx, code, sizeof head - 1 + blen + sizeof tail - 1, file,
                         JS_EVAL_TYPE_GLOBAL);
    free(code);
    JS_FreeCString(ctx, src);
    JS_FreeCString(ctx, file);
    return fn;
}

/* natives.isError(v): whether v is a real Error object (its class, not its
 * prototype: Node's isNativeError) */
static JSValue js_is_error(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    return JS_NewBool(ctx, JS_IsError(ctx, argv[0]));
}

/* natives.detachArrayBuffer(ab): detach it (a structuredClone transfer) */
static JSValue js_detach_array_buffer(JSContext *ctx, JSValueConst this_val, int argc,
                                      JSValueConst *argv)
{
    JS_DetachArrayBuffer(ctx, argv[0]);
    return JS_UNDEFINED;
}

/* natives.defineLazy(obj, name, maker, enumerable): a writable,
 * configurable data property (enumerable if asked) whose value
 * maker.call(obj, name) makes on first use (deps/patches/0068): the
 * globals and module exports loaded on demand. */
static JSValue js_define_lazy(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    int flags = JS_PROP_WRITABLE | JS_PROP_CONFIGURABLE;
    if (argc > 3 && JS_ToBool(ctx, argv[3]) > 0) flags |= JS_PROP_ENUMERABLE;
    JSAtom atom = JS_ValueToAtom(ctx, argv[1]);
    if (atom == JS_ATOM_NULL) return JS_EXCEPTION;
    int rc = JS_DefineLazyProperty(ctx, argv[0], atom, argv[2], flags);
    JS_FreeAtom(ctx, atom);
    return rc < 0 ? JS_EXCEPTION : JS_UNDEFINED;
}

static JSValue js_promise_state(JSContext *ctx, JSValueConst this_val, int argc,
                                JSValueConst *argv)
{
    JSPromiseStateEnum st = JS_PromiseState(ctx, argv[0]);
    if ((int)st < 0) return JS_UNDEFINED;
    JSValue a = JS_NewArray(ctx);
    JS_SetPropertyUint32(ctx, a, 0, JS_NewInt32(ctx, (int)st));
    JS_SetPropertyUint32(ctx, a, 1,
                         st == JS_PROMISE_PENDING ? JS_UNDEFINED : JS_PromiseResult(ctx, argv[0]));
    return a;
}

static int run_lib(weft__js *js, JSValue natives, const struct weft__js_lib_entry *e);

/* global.gc() under --expose-gc: a full collection of this runtime. */
static JSValue js_gc(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    weft__js *js = weft__js_from_ctx(ctx);
    uint64_t t0 = uv_hrtime();
    JS_RunGC(JS_GetRuntime(ctx));
    if (!js->gc_observed) return JS_UNDEFINED;
    /* perf_hooks' 'gc' entry for this forced collection (lib/perf_hooks.js) */
    uint64_t t1 = uv_hrtime();
    JSValue fn = JS_GetPropertyStr(ctx, js->internal, "perfOnGc");
    JSValue args[2] = {JS_NewFloat64(ctx, (double)(t0 - weft__start_time) / 1e6),
                       JS_NewFloat64(ctx, (double)(t1 - t0) / 1e6)};
    JSValue r = JS_Call(ctx, fn, JS_UNDEFINED, 2, args);
    JS_FreeValue(ctx, fn);
    if (JS_IsException(r)) return r;
    JS_FreeValue(ctx, r);
    return JS_UNDEFINED;
}

/* natives.sleep(ms): block the thread (Node's internal/util sleep, only
 * reachable under --expose-internals; the argument is validated in JS). */
static JSValue js_sleep(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    uint32_t ms = 0;
    if (JS_ToUint32(ctx, &ms, argv[0])) return JS_EXCEPTION;
    uv_sleep(ms);
    return JS_UNDEFINED;
}

/* process.abort() and --abort-on-uncaught-exception: as Node, abort(3). */
static JSValue js_abort(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    fflush(stdout);
    fflush(stderr);
    abort();
    return JS_UNDEFINED;
}

/* natives.loadLib(name): run a lazily loaded bootstrap file once. */
static JSValue js_load_lib(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    weft__js *js = weft__js_from_ctx(ctx);
    const char *name = JS_ToCString(ctx, argv[0]);
    if (!name) return JS_EXCEPTION;
    const struct weft__js_lib_entry *e = lib_find(name);
    JS_FreeCString(ctx, name);
    if (!e) return JS_ThrowInternalError(ctx, "no such bootstrap file");
    if (run_lib(js, js->natives, e) < 0) return JS_EXCEPTION;
    return JS_UNDEFINED;
}

/* The hook of deps/patches/0070, also Node's default Error.prepareStackTrace:
 * called by QuickJS as (err, framesString) when Error.prepareStackTrace is
 * another function, by scripts as (err, callSites) for the default format.
 * lib/callsites.js does the work, loaded on first use. */
static JSValue js_prepare_stack_trace(JSContext *ctx, JSValueConst this_val, int argc,
                                      JSValueConst *argv)
{
    weft__js *js = weft__js_from_ctx(ctx);
    JSValue fn = JS_GetPropertyStr(ctx, js->internal, "prepareStackTrace");
    if (!JS_IsFunction(ctx, fn)) {
        JS_FreeValue(ctx, fn);
        const struct weft__js_lib_entry *e = lib_find("callsites");
        if (!e || run_lib(js, js->natives, e) < 0) return JS_EXCEPTION;
        fn = JS_GetPropertyStr(ctx, js->internal, "prepareStackTrace");
    }
    JSValue args[2] = {argc > 0 ? argv[0] : JS_UNDEFINED, argc > 1 ? argv[1] : JS_UNDEFINED};
    JSValue r = JS_Call(ctx, fn, JS_UNDEFINED, 2, args);
    JS_FreeValue(ctx, fn);
    return r;
}

/* natives.streamAsyncIds(fd): how many async ids Node's process.stdout /
 * stderr creation takes for this kind of fd (measured on Node 20): a file
 * or device 1, a pipe or socket 2, a terminal 4 (stdout) / 3 (stderr). */
static JSValue js_stream_async_ids(JSContext *ctx, JSValueConst this_val, int argc,
                                   JSValueConst *argv)
{
    int fd;
    if (JS_ToInt32(ctx, &fd, argv[0])) return JS_EXCEPTION;
    struct stat st;
    if (isatty(fd)) return JS_NewInt32(ctx, fd == 1 ? 4 : 3);
    if (fstat(fd, &st) != 0) return JS_NewInt32(ctx, 1);
    if (S_ISFIFO(st.st_mode) || S_ISSOCK(st.st_mode)) return JS_NewInt32(ctx, 2);
    return JS_NewInt32(ctx, 1);
}

/* natives.madeBy(obj): the constructor an object was made by when its
 * prototype was set to null (QuickJS patch 0051), else undefined; for
 * util.inspect's "[Foo: null prototype] {}" */
static JSValue js_made_by(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    return JS_GetMadeBy(ctx, argv[0]);
}

static const JSCFunctionListEntry process_natives[] = {
    JS_CFUNC_DEF("madeBy", 1, js_made_by),
    JS_CFUNC_DEF("streamAsyncIds", 1, js_stream_async_ids),
    JS_CFUNC_DEF("loadLib", 1, js_load_lib),
    JS_CFUNC_DEF("print", 2, js_print),
    JS_CFUNC_DEF("hrtime", 0, js_hrtime),
    JS_CFUNC_DEF("hrtimeBigint", 0, js_hrtime_bigint),
    JS_CFUNC_DEF("reallyExit", 1, js_really_exit),
    JS_CFUNC_DEF("gc", 0, js_gc),
    JS_CFUNC_DEF("abort", 0, js_abort),
    JS_CFUNC_DEF("sleep", 1, js_sleep),
    JS_CFUNC_DEF("env", 0, js_env),
    JS_CFUNC_DEF("cwd", 0, js_cwd),
    JS_CFUNC_DEF("chdir", 1, js_chdir),
    JS_CFUNC_DEF("uptime", 0, js_uptime),
    JS_CFUNC_DEF("memoryUsage", 0, js_memory_usage),
    JS_CFUNC_DEF("isatty", 1, js_isatty),
    JS_CFUNC_DEF("stat", 1, js_stat),
    JS_CFUNC_DEF("realpath", 1, js_realpath),
    JS_CFUNC_DEF("readFile", 1, js_read_file),
    JS_CFUNC_DEF("compileCommonJS", 2, js_compile_cjs),
    JS_CFUNC_DEF("promiseState", 1, js_promise_state),
    JS_CFUNC_DEF("isError", 1, js_is_error),
    JS_CFUNC_DEF("detachArrayBuffer", 1, js_detach_array_buffer),
    JS_CFUNC_DEF("defineLazy", 3, js_define_lazy),
};

static const char *const ur_mode_names[] = {"throw", "strict", "warn", "none",
                                            "warn-with-error-code"};

static void set_argv(JSContext *ctx, JSValue natives, const char *name, int argc, char **argv)
{
    JSValue a = JS_NewArray(ctx);
    for (int i = 0; i < argc; i++) JS_SetPropertyUint32(ctx, a, i, JS_NewString(ctx, argv[i]));
    JS_SetPropertyStr(ctx, natives, name, a);
}

static const weft__rt_ops js_ops;

/* Run one bootstrap file: its bytecode (tools/jsc.c) evaluates to
 * `function (internal, natives)`, called once. */
/* Run one bootstrap file. WEFT_PROFILE_BOOT=1: its time and heap on stderr
 * (bootstrap and lazy loads alike; a file another one loads on its way is
 * counted in both). */
static int run_lib(weft__js *js, JSValue natives, const struct weft__js_lib_entry *e)
{
    JSContext *ctx = js->ctx;
    static int profile = -1;
    if (profile < 0) profile = getenv("WEFT_PROFILE_BOOT") != NULL;
    uint64_t t0 = profile ? uv_hrtime() : 0;
    JSMemoryUsage mu0, mu1;
    if (profile) JS_ComputeMemoryUsage(js->rt, &mu0);
    int rc = -1;
    JSValue obj = JS_ReadObject(ctx, e->src, e->len, JS_READ_OBJ_BYTECODE);
    if (!JS_IsException(obj)) {
        JSValue fn = JS_EvalFunction(ctx, obj);
        if (!JS_IsException(fn)) {
            JSValue args[2] = {js->internal, natives};
            JSValue r = JS_Call(ctx, fn, JS_UNDEFINED, 2, (JSValueConst *)args);
            JS_FreeValue(ctx, fn);
            if (!JS_IsException(r)) rc = 0;
            JS_FreeValue(ctx, r);
        }
    }
    if (profile) {
        JS_ComputeMemoryUsage(js->rt, &mu1);
        fprintf(stderr, "boot %-12s %6.3f ms %7lld bytes\n", e->name, (uv_hrtime() - t0) / 1e6,
                (long long)(mu1.malloc_size - mu0.malloc_size));
    }
    return rc;
}

/* Node's own flags given before the script (`weft --expose-gc f.js`): into
 * process.execArgv, then applied by internal.applyExecArgv (process.js). */
int weft__js_set_exec_argv(weft__js *js, int argc, char **argv)
{
    JSContext *ctx = js->ctx;
    JSValue a = JS_GetPropertyStr(ctx, js->natives, "execArgv");
    for (int i = 0; i < argc; i++) JS_SetPropertyUint32(ctx, a, (uint32_t)i, JS_NewString(ctx, argv[i]));
    JS_FreeValue(ctx, a);
    JSValue fn = JS_GetPropertyStr(ctx, js->internal, "applyExecArgv");
    JSValue r = JS_Call(ctx, fn, JS_UNDEFINED, 0, NULL);
    JS_FreeValue(ctx, fn);
    if (JS_IsException(r)) {
        weft__js_report_exception(js, 0);
        return WEFT_ESCRIPT;
    }
    JS_FreeValue(ctx, r);
    return 0;
}

/* See WEFT_JS_STACK_SIZE: the stack this thread has left, less a margin.
 * The thread's stack bounds are read once per thread: for the main thread
 * glibc finds them by parsing /proc/self/maps (~0.5 M instructions, 7% of a
 * trivial resource's start). */
static size_t js_stack_size(void)
{
    static _Thread_local void *low;
    static _Thread_local size_t size;
    static _Thread_local int ok = -1;
    if (ok < 0) {
        pthread_attr_t attr;
        if (pthread_getattr_np(pthread_self(), &attr) != 0) return WEFT_JS_STACK_SIZE;
        ok = pthread_attr_getstack(&attr, &low, &size) == 0;
        pthread_attr_destroy(&attr);
    }
    char here;
    uintptr_t sp = (uintptr_t)&here, lo = (uintptr_t)low;
    if (!ok || sp <= lo || sp - lo > size) return WEFT_JS_STACK_SIZE;
    size_t left = (size_t)(sp - lo);
    if (left < WEFT_JS_STACK_SIZE + WEFT_JS_STACK_MARGIN) return WEFT_JS_STACK_SIZE;
    return left - WEFT_JS_STACK_MARGIN;
}

weft__js *weft__js_new(weft_host *h, weft__ur_mode mode, int argc, char **argv)
{
    return weft__js_create(h, mode, argc, argv, NULL);
}

weft__js *weft__js_create(weft_host *h, weft__ur_mode mode, int argc, char **argv,
                          struct weft__resource *resource)
{
    if (!weft__start_time) {
        uv_timeval64_t tv;
        weft__start_time = uv_hrtime();
        if (uv_gettimeofday(&tv) == 0) weft__start_wall = (double)tv.tv_sec * 1e3 + (double)tv.tv_usec / 1e3;
    }
    weft__js *js = calloc(1, sizeof *js);
    if (!js) return NULL;
    weft__rt_init(&js->base, h, &js_ops);
    js->host = h;
    js->ur_mode = mode;
    js->rt = weft__js_new_runtime(js);
    if (!js->rt) goto fail;
    js->stack_size = js_stack_size();
    JS_SetMaxStackSize(js->rt, js->stack_size);
    js->ms_runtime = uv_hrtime();
    js->ctx = JS_NewContext(js->rt);
    if (!js->ctx) goto fail;
    JS_SetContextOpaque(js->ctx, js);
    JSContext *ctx = js->ctx;
    js->internal = JS_NewObject(ctx);
    JSValue natives = JS_NewObject(ctx);
    JS_SetPropertyFunctionList(ctx, natives, process_natives,
                               sizeof process_natives / sizeof process_natives[0]);
    weft__js_tasks_init(js, natives);
    weft__js_hooks_init(js, natives);
    weft__js_timers_init(js, natives);
    weft__js_zlib_init(js, natives);
    weft__js_modules_init(js, natives);
    weft__js_buffer_init(js, natives);
    weft__js_bindings_init(js, natives);
    JS_SetPropertyStr(ctx, natives, "version", JS_NewString(ctx, "v" WEFT_VERSION));
    JS_SetPropertyStr(ctx, natives, "uvVersion", JS_NewString(ctx, uv_version_string()));
    JS_SetPropertyStr(ctx, natives, "arch", JS_NewString(ctx, "x64"));
    JS_SetPropertyStr(ctx, natives, "platform", JS_NewString(ctx, "linux"));
    JS_SetPropertyStr(ctx, natives, "pid", JS_NewInt32(ctx, getpid()));
    JS_SetPropertyStr(ctx, natives, "ppid", JS_NewInt32(ctx, getppid()));
    JS_SetPropertyStr(ctx, natives, "unhandledRejectionsMode",
                      JS_NewString(ctx, ur_mode_names[mode]));
    set_argv(ctx, natives, "argv", argc, argv);
    set_argv(ctx, natives, "execArgv", 0, NULL);
    char exe[PATH_MAX];
    size_t exe_len = sizeof exe;
    if (uv_exepath(exe, &exe_len) != 0) strcpy(exe, "weft");
    JS_SetPropertyStr(ctx, natives, "execPath", JS_NewString(ctx, exe));
    js->ms_environment = uv_hrtime();
    if (resource && weft__js_host_natives_init(js, natives, resource) < 0) {
        JS_FreeValue(ctx, natives);
        goto fail;
    }
    for (int i = 0; boot_order[i]; i++) {
        /* resource.js only defines a resource's globals: weft run skips it */
        if (!resource && !strcmp(boot_order[i], "resource")) continue;
        const struct weft__js_lib_entry *e = lib_find(boot_order[i]);
        if (!e) continue; /* optional (inspect.js until present) */
        if (run_lib(js, natives, e) < 0) {
            JSValue err = JS_GetException(ctx);
            const char *s = JS_ToCString(ctx, err);
            JSValue st = JS_GetPropertyStr(ctx, err, "stack");
            const char *ss = JS_ToCString(ctx, st);
            fprintf(stderr, "weft: bootstrap %s.js failed: %s\n%s\n", boot_order[i], s ? s : "?",
                    ss ? ss : "");
            JS_FreeCString(ctx, s);
            JS_FreeCString(ctx, ss);
            JS_FreeValue(ctx, st);
            JS_FreeValue(ctx, err);
            JS_FreeValue(ctx, natives);
            goto fail;
        }
    }
    js->natives = natives;
    weft__js_intl_init(js);
    js->ms_bootstrap = uv_hrtime();
    {
        JSValue hook = JS_NewCFunction(ctx, js_prepare_stack_trace, "ErrorPrepareStackTrace", 2);
        JSValue global = JS_GetGlobalObject(ctx);
        JSValue error = JS_GetPropertyStr(ctx, global, "Error");
        JS_SetPrepareStackTraceHook(ctx, hook);
        JS_DefinePropertyValueStr(ctx, error, "prepareStackTrace", hook,
                                  JS_PROP_WRITABLE | JS_PROP_CONFIGURABLE);
        JS_FreeValue(ctx, error);
        JS_FreeValue(ctx, global);
    }
    weft__js_hooks_bind(js);
    /* QuickJS caches an object shape transition only while an object holds
     * it. Keep one promise capability (promise, executor and resolving
     * functions) alive so every later promise/then reuses those shapes
     * instead of rebuilding them (promise-hop 2385 -> 960 ns, await 420 -> see
     * the commit). */
    js->shape_keepalive[0] = JS_NewPromiseCapability(ctx, &js->shape_keepalive[1]);
    {
        /* a then() chain and an async function parked at an await */
        static const char keep[] =
            "[Promise.resolve().then(() => {}), (async () => { await new Promise(() => {}); })()]";
        JSValue p2 = JS_Eval(ctx, keep, sizeof keep - 1, "<weft>", JS_EVAL_TYPE_GLOBAL);
        js->shape_keepalive[3] = p2;
        /* settle the then() now, before any script or hook can see it */
        JSContext *c1;
        while (JS_ExecutePendingJob(js->rt, &c1) > 0) {
        }
    }
    weft__js_alloc_counting(js);
    return js;
fail:
    weft__js_free(js);
    return NULL;
}

void weft__js_free(weft__js *js)
{
    if (!js) return;
    weft__rt_unlist(&js->base);
    /* A resource's runtime is freed from inside the loop: its handles close
     * asynchronously and the last close frees the struct. */
    int deferred = js->res && js->handles_open;
    if (deferred) weft__js_timers_close_async(js);
    else if (js->handles_open) weft__js_timers_close(js);
    void *natives = NULL;
    if (js->ctx) {
        weft__js_reqs_orphan(js);
        if (js->res) natives = weft__js_host_free(js);
        weft__js_zlib_free(js);
        weft__js_vm_free(js);
        weft__js_tasks_free(js);
        weft__js_immediates_free(js);
        weft__js_timers_free(js);
        weft__js_hooks_free(js);
        JS_FreeValue(js->ctx, js->internal);
        JS_FreeValue(js->ctx, js->process_timers);
        JS_FreeValue(js->ctx, js->tick_frame);
        JS_FreeValue(js->ctx, js->process_obj);
        JS_FreeValue(js->ctx, js->natives);
        for (int i = 0; i < 4; i++) JS_FreeValue(js->ctx, js->shape_keepalive[i]);
        JS_FreeContext(js->ctx);
    }
    if (js->rt) JS_RunGC(js->rt);
    weft__js_free_runtime(js);
    weft__js_host_free_late(natives);
    if (!deferred) free(js);
}

static void js_checkpoint(weft__rt *rt)
{
    weft__js_scope_close((weft__js *)rt);
}

static const weft__rt_ops js_ops = {"js", js_checkpoint};
