/* js.h: one JavaScript runtime (a QuickJS JSRuntime + JSContext) on the host.
 *
 * Invariants:
 * - The nextTick queue is a C ring buffer of (callback, args, async ids);
 *   microtasks are QuickJS jobs. Both are drained only by
 *   weft__js_process_ticks_and_rejections() (Node's processTicksAndRejections)
 *   from the checkpoint or between timers/immediates (runNextTicks).
 * - The rejection tracker only records (never runs script code); the records
 *   are acted on in processPromiseRejections, only when
 *   has_rejection_to_warn is set (seed 004).
 * - Every C->JS entry goes through weft__js_call(), which counts host depth. */
#ifndef WEFT_JS_H
#define WEFT_JS_H

#include <signal.h>
#include <quickjs.h>
#include "host/host.h"

typedef struct weft__tick {
    JSValue callback;
    JSValue *argv; /* == inline_args when argc <= WEFT_TICK_INLINE_ARGS */
    int argc;
    int64_t async_id, trigger_async_id;
    JSValue resource; /* the TickObject while async hooks are active, else undefined */
    JSValue inline_args[WEFT_TICK_INLINE_ARGS];
} weft__tick;

/* One entry of the execution-context stack (async_hooks.c). */
typedef struct weft__async_frame {
    int64_t execution_async_id, trigger_async_id; /* the ids to restore */
    JSValue resource;                             /* the resource pushed */
} weft__async_frame;

enum { WEFT_HOOK_INIT, WEFT_HOOK_BEFORE, WEFT_HOOK_AFTER, WEFT_HOOK_DESTROY,
       WEFT_HOOK_PROMISE_RESOLVE, WEFT_HOOK_KINDS };

typedef struct weft__rejection {
    JSValue promise, reason;
    uint32_t uid;
} weft__rejection;

typedef enum {
    WEFT_UR_THROW = 0,
    WEFT_UR_STRICT,
    WEFT_UR_WARN,
    WEFT_UR_NONE,
    WEFT_UR_WARN_WITH_ERROR_CODE,
} weft__ur_mode;

/* Node's Timeout fields, in its constructor's order (lib/timers.js) */
#define WEFT_TIMEOUT_FIELDS 12

/* Shared with the JS timers code as an Int32Array over this memory (as Node's
 * immediateInfo/timeoutInfo). */
enum { WEFT_IMM_COUNT, WEFT_IMM_REF_COUNT, WEFT_IMM_HAS_OUTSTANDING, WEFT_TIMEOUT_REF_COUNT,
       WEFT_TIMER_INFO_LEN };

typedef struct weft__js {
    weft__rt base;
    weft_host *host;
    JSRuntime *rt;
    JSContext *ctx;
    JSValue internal; /* the bootstrap's `internal` object */
    /* internal.processTimers, fetched at its first run (zero-filled until
     * then; freed by weft__js_free) */
    JSValue process_timers;
    /* the C function the drain runs in (tasks.c), for its stack frame; made
     * by weft__js_tasks_init, freed by weft__js_free */
    JSValue tick_frame;
    JSValue process_obj; /* internal.process once made (globalThis.process's getter) */
    JSValue natives;  /* the natives object, kept for lazily loaded files */
    JSValue shape_keepalive[4]; /* see weft__js_create */

    /* nextTick ring buffer */
    weft__tick *ticks;
    size_t tick_head, tick_len, tick_cap;

    /* rejection records, in order (Node's pendingUnhandledRejections) */
    weft__rejection *pending;
    size_t pending_len, pending_cap;
    JSValue *late_handled; /* promises handled after being reported */
    size_t late_len, late_cap;
    uint32_t last_promise_id;
    int has_rejection_to_warn;
    weft__ur_mode ur_mode;

    /* async ids (Node's async_id_fields) */
    int64_t *async_id_counter; /* the host's: ids are unique host-wide */
    int64_t execution_async_id, trigger_async_id, default_trigger_async_id;
    /* async_hooks (lib/async_hooks.js): hooks_active when a hook is enabled
     * or executionAsyncResource()/AsyncLocalStorage is in use; the nextTick
     * and queueMicrotask fast paths test only this flag (seed 002). */
    int hooks_active;
    /* hook callbacks running (Node's active_hooks.call_depth): hooks enabled or
     * disabled meanwhile take effect when the outermost emission ends, then
     * internal.restoreActiveHooks runs if restore_pending was set */
    int hook_depth, hooks_restore_pending;
    int uses_resource;   /* executionAsyncResource() was called */
    int promise_hooks;   /* JS_SetPromiseHook installed */
    int destroy_pending; /* destroy hooks queued: run before the next immediates */
    int destroy_job_queued; /* a microtask empties a full destroy queue (async_hooks.c) */
    JSValue hook_lists[WEFT_HOOK_KINDS]; /* flat [hookObject, fn, ...] snapshots */
    uint32_t hook_counts[WEFT_HOOK_KINDS];
    weft__async_frame *ctx_stack;
    size_t ctx_len, ctx_cap;
    int64_t *destroy_ids;
    size_t destroy_len, destroy_cap;
    JSValue tick_proto, tick_template, str_tick_object;
    JSAtom atom_async_id, atom_trigger_id, atom_callback, atom_args;

    /* immediates (immediates.c): queued for the next check phase, and the
     * batch being run; Immediate.prototype and a holder of its empty shape */
    struct weft__imm_list {
        struct weft__imm *head, *tail;
    } imm_pending, imm_batch;
    JSValue imm_proto, imm_shape_holder, str_immediate;
    int hooks_loaded; /* lib/async_hooks.js has run (its emitBefore frames) */

    /* timers: one uv timer for all JS timers, check+idle for immediates */
    uv_timer_t timer;
    uv_check_t check;
    uv_idle_t idle;
    int32_t timer_info[WEFT_TIMER_INFO_LEN];
    JSValue timeout_template, str_timeout; /* lib/timers.js's Timeout shape */
    double timer_expiry; /* ms of loop time the uv timer is armed for */
    int timer_refed;
    int handles_open;

    int exiting; /* process._exiting: nextTick is a no-op */
    const char *main_file;

    /* `weft serve`: the resource this runtime belongs to, its ref table and
     * tick state (src/js/host_bindings.c); NULL in `weft run`. halted: the
     * resource called process.exit() or stopped: no more script code. */
    struct weft__js_res *res;
    int halted;
    /* why halted, for a caller whose call it cut short ("CPU limit",
     * "process.exit()"), or NULL (stopped) */
    const char *halt_why;
    /* the runtime's QuickJS stack limit and memory limit (bytes; 0: none),
     * and whether error reporting runs on its reserves now
     * (weft__js_report_reserve) */
    size_t stack_size, mem_limit;
    int reporting;

    struct weft__js_req *reqs; /* libuv requests in flight (bindings.c) */
    /* perf_hooks milestones (uv_hrtime() ns): runtime made, natives set,
     * bootstrap run; gc_observed: global.gc() reports to perf_hooks */
    uint64_t ms_runtime, ms_environment, ms_bootstrap;
    int gc_observed;
    /* zlib handles with a write on the thread pool (src/js/zlib.c) */
    struct weft__zhandle *zlib_busy;
    /* vm.createContext's contexts, freed with the runtime (src/js/vm.c) */
    struct weft__vm_context *vm_contexts;
    /* vm runs with a timeout or breakOnSigint, innermost first (on the C
     * stack of src/js/vm.c's eval_in); vm.c's interrupt handler is set */
    struct weft__vm_run *vm_runs;
    int vm_interrupt_set;
    /* failure injection of src/js/alloc.c (tests), or NULL */
    struct weft__js_fault *alloc_fault;
} weft__js;

/* A QuickJS runtime on weft's allocator (alloc.c: mimalloc when built with
 * it; failure injection when asked for), js->rt freed with what it keeps. */
JSRuntime *weft__js_new_runtime(weft__js *js);
void weft__js_free_runtime(weft__js *js);
/* Failure injection counts allocations from here: the bootstrap's end. */
void weft__js_alloc_counting(weft__js *js);
/* A reference more / less on SharedArrayBuffer memory (alloc.c), for a
 * message carrying it between threads (messaging.c); any thread. */
void weft__js_sab_dup(void *ptr);
void weft__js_sab_free(void *ptr);
/* Create a runtime on `h`, with the bootstrap run. `argv` is process.argv
 * (borrowed). Returns NULL with a message on stderr on failure. */
weft__js *weft__js_new(weft_host *h, weft__ur_mode mode, int argc, char **argv);
int weft__js_set_exec_argv(weft__js *js, int argc, char **argv);
/* The same for a resource of `weft serve` (resource != NULL): the host API
 * globals (src/js/lib/resource.js) are installed. */
weft__js *weft__js_create(weft_host *h, weft__ur_mode mode, int argc, char **argv,
                          struct weft__resource *resource);
/* host_bindings.c: natives of a resource runtime, installed before the
 * bootstrap; and their teardown, before the context is freed. */
int weft__js_host_natives_init(weft__js *js, JSValue natives, struct weft__resource *resource);
/* Frees the resource side; returns what weft__js_host_free_late releases
 * once the QuickJS runtime is gone (the natives' shared function list). */
void *weft__js_host_free(weft__js *js);
void weft__js_host_free_late(void *natives);
/* The engine for .js/.cjs scripts of `weft serve` (contract: src/host/server.h),
 * listed in src/builtin.c. */
extern const weft__rt_ops weft__js_engine;
/* Free the runtime; closes its handles (runs the loop briefly). */
void weft__js_free(weft__js *js);

/* Call `fn` from C as a host entry (depth counted; checkpoint on unwind).
 * Returns the result (owned) or JS_EXCEPTION, with the exception already
 * routed to Node's uncaught-exception path when `report` is set. */
JSValue weft__js_call(weft__js *js, JSValueConst fn, JSValueConst this_val, int argc,
                      JSValueConst *argv, int report);

/* Node's processTicksAndRejections. 0, or -1 with an exception pending. */
int weft__js_process_ticks_and_rejections(weft__js *js);
/* Node's runNextTicks (between timers and immediates): microtasks only when
 * no tick or rejection is pending, else processTicksAndRejections. 0, or -1
 * with an exception pending. */
int weft__js_run_next_ticks(weft__js *js);
/* Throw Node's ERR_INVALID_ARG_TYPE for a non-function `callback` argument
 * (argv[0], if any); returns JS_EXCEPTION. */
JSValue weft__js_throw_not_callback(weft__js *js, int argc, JSValueConst *argv);
/* immediates.c: setImmediate's queue; run by the check handle (timers.c). */
void weft__js_immediates_init(weft__js *js, JSValue natives);
void weft__js_immediates_free(weft__js *js);
void weft__js_run_immediates(weft__js *js);
/* Node's InternalCallbackScope::Close for the outermost scope. */
void weft__js_scope_close(weft__js *js);
/* Run all queued microtasks; a throwing queueMicrotask callback goes to the
 * uncaught-exception path and the drain goes on (as Node). */
void weft__js_run_microtasks(weft__js *js);
/* Route the pending exception of js->ctx to Node's triggerUncaughtException. */
void weft__js_report_exception(weft__js *js, int from_promise);
/* 1 when e is a stack overflow: an object whose message is V8's (and
 * deps/patches/0050's) "Maximum call stack size exceeded", the RangeError or
 * its error payload from another resource; throw one (returns JS_EXCEPTION). */
int weft__js_is_stack_overflow(JSContext *ctx, JSValueConst e);
/* A rejected promise whose rejection someone took in C (a ref call passing
 * it to its caller): no longer reported as unhandled. */
void weft__js_forget_rejection(weft__js *js, JSValueConst promise);
JSValue weft__js_throw_stack_overflow(JSContext *ctx);
/* Error reporting near the end of the stack (a handler that overflowed it,
 * reported where it was caught) or at the memory limit (an out-of-memory
 * error, whose garbage may still be reachable) runs on reserves:
 * WEFT_JS_REPORT_STACK more bytes of stack, WEFT_JS_REPORT_MEMORY more of
 * heap. weft__js_report_reserve(js, 1) lifts the limits and returns 1 if it
 * did (not already lifted), weft__js_report_reserve(js, 0) after, if it did. */
int weft__js_report_reserve(weft__js *js, int on);
/* Take the pending exception; if it is the exit request, return 1. */
int weft__js_exit_pending(weft__js *js);

/* Load and run the main file (CommonJS, or ES module for .mjs). */
int weft__js_run_main(weft__js *js, const char *path);
/* The same for `--input-type=module` source (-e, stdin). */
void weft__js_run_eval_module(weft__js *js, const char *src);

/* Install natives: tasks.c, timers.c, process.c, modules.c */
void weft__js_tasks_init(weft__js *js, JSValue natives);
void weft__js_tasks_free(weft__js *js);
void weft__js_timers_init(weft__js *js, JSValue natives);
void weft__js_zlib_init(weft__js *js, JSValue natives);
void weft__js_zlib_free(weft__js *js);
/* Release the timers' values (before the context is freed). */
void weft__js_timers_free(weft__js *js);
void weft__js_timers_close(weft__js *js);
void weft__js_timers_main_done(weft__js *js);
/* Close the handles from inside the loop; the last close frees js itself. */
void weft__js_timers_close_async(weft__js *js);
void weft__js_idle_noop(uv_idle_t *handle);

/* async_hooks.c */
void weft__js_hooks_init(weft__js *js, JSValue natives);
void weft__js_hooks_bind(weft__js *js);
void weft__js_hooks_free(weft__js *js);
int weft__js_emit_init(weft__js *js, int64_t async_id, JSValueConst type, int64_t trigger,
                       JSValueConst resource);
int weft__js_emit_before(weft__js *js, int64_t async_id, int64_t trigger, JSValueConst resource);
int weft__js_emit_after(weft__js *js, int64_t async_id);
int weft__js_emit_after_only(weft__js *js, int64_t async_id);
void weft__js_emit_destroy(weft__js *js, int64_t async_id);
void weft__js_push_context(weft__js *js, int64_t async_id, int64_t trigger, JSValueConst resource);
int weft__js_pop_context(weft__js *js, int64_t async_id);
void weft__js_clear_contexts(weft__js *js);
void weft__js_main_scope_end(weft__js *js);
void weft__js_run_destroy_queue(weft__js *js);
JSValue weft__js_new_tick_object(weft__js *js, int64_t async_id, int64_t trigger,
                                 JSValueConst callback, int argc, JSValueConst *argv);
int weft__js_run_hooked_tick(weft__js *js, weft__tick *t);
/* tasks.c: the QuickJS promise hook (deps/patches/0001) */
JSValue weft__js_promise_hook(JSContext *ctx, JSPromiseHookType type, JSValueConst promise,
                              JSValueConst arg, void *opaque);
void weft__js_natives_init(weft__js *js, JSValue natives);
void weft__js_modules_init(weft__js *js, JSValue natives);
/* natives.buffer: the byte work of lib/buffer.js (buffer.c) */
void weft__js_buffer_init(weft__js *js, JSValue natives);

/* bindings.c: natives.binding(name) for the C halves of os, crypto and fs
 * (made on first use); each returns a new object of functions. */
void weft__js_bindings_init(weft__js *js, JSValue natives);
JSValue weft__js_os_binding(JSContext *ctx);
JSValue weft__js_crypto_binding(JSContext *ctx);
JSValue weft__js_fs_binding(JSContext *ctx);
/* vm.c: scripts in this or another context (a JSContext of this runtime) */
JSValue weft__js_vm_binding(JSContext *ctx);
/* util_binding.c: internalBinding('util') and util.types on QuickJS's class
 * ids (read once per process by weft__js_util_kinds_init, at bindings init) */
JSValue weft__js_util_binding(JSContext *ctx);
int weft__js_util_kinds_init(JSContext *ctx);
/* the SIGINT watchdog of Node's internalBinding('contextify') */
JSValue weft__js_sigint_watchdog_binding(JSContext *ctx);
void weft__js_vm_free(weft__js *js);
/* 1 when a vm run's timeout has passed or its breakOnSigint SIGINT came:
 * the interrupt handler stops the running code (called by every handler) */
int weft__js_vm_interrupt(weft__js *js);
/* A vm run bounded by Node's timeout (ms, > 0) and breakOnSigint, on the C
 * stack: weft__js_vm_bound_begin(ctx, b, timeout, breakOnSigint) starts it
 * (-1: exception converting them); weft__js_vm_bound_end(ctx, target, b, r)
 * ends it and returns r (the run's result or JS_EXCEPTION, owned), or when
 * the timeout or SIGINT stopped the run, throws Node's
 * ERR_SCRIPT_EXECUTION_TIMEOUT / _INTERRUPTED (an Error of target) instead.
 * Every begin has its end, innermost first. */
typedef struct weft__vm_run {
    uint64_t deadline; /* uv_hrtime() ns, 0: none */
    int sigint;        /* breakOnSigint */
    int fired;         /* 1: timed out, 2: SIGINT */
    struct weft__vm_run *outer;
} weft__vm_run;
typedef struct weft__vm_bound {
    weft__vm_run run;
    struct sigaction old_sa;
    int64_t timeout;
    int sigint, bounded;
} weft__vm_bound;
int weft__js_vm_bound_begin(JSContext *ctx, weft__vm_bound *b, JSValueConst timeout_v,
                            JSValueConst sigint_v);
JSValue weft__js_vm_bound_end(JSContext *ctx, JSContext *target, weft__vm_bound *b, JSValue r);
/* run the jobs of a microtaskMode 'afterEvaluate' context until its queue is
 * empty: 0, or -1 with an exception */
int weft__js_vm_run_own_jobs(JSContext *target);
/* the JSContext of a vm.createContext handle (NULL if v is not one) and
 * whether it has its own microtask queue */
JSContext *weft__js_vm_context(JSValueConst handle, int *own_jobs);
/* vm_module.c: natives.binding('vm_module'), Node's vm.SourceTextModule and
 * vm.SyntheticModule on QuickJS's module records (patch 0092) */
JSValue weft__js_vm_module_binding(JSContext *ctx);
/* child_process.c: processes, their pipes, spawnSync */
JSValue weft__js_child_process_binding(JSContext *ctx);
/* perf.c: histograms, the event loop delay timer, loop idle time, milestones */
JSValue weft__js_perf_binding(JSContext *ctx);
/* uv_hrtime() when the first runtime was made: performance.timeOrigin */
uint64_t weft__js_time_origin(void);
/* the wall clock at that moment, ms since the epoch (performance.timeOrigin) */
double weft__js_time_origin_wall(void);
/* net_handles.c: TCP/pipe/UDP handles and DNS requests (lib/net.js, dgram.js,
 * dns.js); http_parser.c: llhttp for lib/http.js */
JSValue weft__js_net_binding(JSContext *ctx);
/* handle passing over an IPC pipe (child_process.c): the uv handle of a net
 * handle object (NULL if none or closing); the next handle pending on `ipc`
 * accepted into a new net handle object, as [kind 0 TCP|1 pipe|2 UDP, handle] */
uv_handle_t *weft__js_net_uv_handle(JSValueConst v);
JSValue weft__js_net_accept_pending(JSContext *ctx, uv_pipe_t *ipc);
JSValue weft__js_http_parser_binding(JSContext *ctx);
/* dns_cares.c: c-ares channels (dlopen'ed) for lib/dns.js's resolve* and Resolver */
JSValue weft__js_cares_binding(JSContext *ctx);
JSValue weft__js_messaging_binding(JSContext *ctx); /* messaging.c: MessagePort handles */
/* messaging.c: a channel between threads, as two sides (see its header for
 * ownership). weft__chan_new: 0 or WEFT_ENOMEM. weft__chan_release(side)
 * (NULL: nothing): once per side, from any thread; the peer's attached port
 * wakes and sees the close. weft__js_endpoint_new wraps a side in an
 * endpoint object of ctx's runtime (it owns the side; released when the
 * object is collected; on failure the side is released) and
 * weft__js_endpoint_take takes the side back out (NULL if none).
 * weft__js_endpoint_class_init registers the class in rt (idempotent). */
typedef struct weft__chan_side weft__chan_side;
int weft__chan_new(weft__chan_side **a, weft__chan_side **b);
void weft__chan_release(weft__chan_side *s);
JSValue weft__js_endpoint_new(JSContext *ctx, weft__chan_side *s);
weft__chan_side *weft__js_endpoint_take(JSValueConst ep);
void weft__js_endpoint_class_init(JSRuntime *rt);
/* [a, b], taking both (JS_EXCEPTION, both freed, if either is one) */
JSValue weft__js_new_pair(JSContext *ctx, JSValue a, JSValue b);
/* uv_ref(h) when on, else uv_unref(h): a handle's ref()/unref() */
void weft__js_uv_ref(uv_handle_t *h, int on);
/* worker.c: worker_threads.Worker threads (natives.binding('worker')) */
JSValue weft__js_worker_binding(JSContext *ctx);
/* run.c: -e/-p source as the main script (internal.runEval), a host entry;
 * and Node's SpinEventLoop then 'exit' for a runtime whose main ran (the
 * loop, 'beforeExit', again while it re-arms): the exit code (0-255). */
void weft__js_run_eval(weft__js *js, const char *src, int print);
int weft__js_spin(weft__js *js);
JSValue weft__js_signal_binding(JSContext *ctx);    /* signal_wrap.c: process signal events */
/* text_decoder.c: ICU converters for TextDecoder; intl.c: the ICU side of Intl */
JSValue weft__js_text_decoder_binding(JSContext *ctx);
JSValue weft__js_intl_binding(JSContext *ctx);
/* intl.c: the locale-sensitive built-ins' stubs (toLocaleString...), at start */
void weft__js_intl_init(weft__js *js);

/* A libuv request (uv_work_t, uv_fs_t...) owned by C whose completion calls
 * req.oncomplete(err, value) on the JS object given at start. Start on the
 * loop thread while a runtime is entered. At completion (loop thread):
 * weft__js_req_unlink returns the runtime, or NULL when it was freed
 * meanwhile (then only free the C side); with a runtime, build the values
 * and call weft__js_req_complete (a host entry; takes err and value). */
typedef struct weft__js_req {
    weft__js *js;
    JSValue req;
    /* called when the runtime frees first (js and req already cleared): a
     * handle's owner closes it here; set after weft__js_req_start */
    void (*on_orphan)(struct weft__js_req *r);
    struct weft__js_req *prev, *next;
} weft__js_req;
void weft__js_req_start(weft__js *js, weft__js_req *r, JSValueConst req);
weft__js *weft__js_req_unlink(weft__js_req *r);
void weft__js_req_complete(weft__js *js, weft__js_req *r, JSValue err, JSValue value);
/* req[method](...argv) as a host entry, for handles that call back more than
 * once (fs.watch); takes argv. */
void weft__js_req_invoke(weft__js *js, weft__js_req *r, const char *method, int argc,
                         JSValue *argv);
/* fs.c: Node's uv error ("CODE: text, syscall 'path' -> 'dest'"; path and
 * dest may be NULL), and a uv_stat_t as lib/fs.js's stat array. */
JSValue weft__js_uv_error(JSContext *ctx, int err, const char *syscall, const char *path,
                          const char *dest);
JSValue weft__js_stat_array(JSContext *ctx, const uv_stat_t *s);
/* fs_watch.c: binding functions added to natives.binding('fs') */
void weft__js_fs_watch_init(JSContext *ctx, JSValue binding);
/* Pool threads never write JS memory: a job filling the caller's bytes
 * fills its own buffer; set_target records the caller's view on the request
 * at start, copy_out copies into it at completion (-1 if it shrank). */
int weft__js_req_set_target(JSContext *ctx, JSValueConst req, JSValueConst target);
int weft__js_req_copy_out(weft__js *js, weft__js_req *r, size_t off, const uint8_t *src,
                          size_t len);
/* Drop the JS side of every request in flight (before the context frees). */
void weft__js_reqs_orphan(weft__js *js);
/* The bytes of a TypedArray, DataView or ArrayBuffer (borrowed), or -1. */
int weft__js_get_bytes(JSContext *ctx, JSValueConst v, uint8_t **p, size_t *len);
/* A new ArrayBuffer: a copy of data, or owning malloc'ed data (freed with free()). */
JSValue weft__js_new_bytes(JSContext *ctx, const uint8_t *data, size_t len);
JSValue weft__js_adopt_bytes(JSContext *ctx, uint8_t *data, size_t len);
/* A string of n latin1 bytes (one char per byte, as Node's OneByteString). */
JSValue weft__js_new_latin1(JSContext *ctx, const uint8_t *p, size_t n);

/* Throw the uncatchable error that unwinds a runtime on process.exit(). */
JSValue weft__js_throw_exit(JSContext *ctx);
/* Throw a Node-style error with a `code` property: new ctor(msg) with code. */
JSValue weft__js_throw_code(JSContext *ctx, const char *ctor, const char *code, const char *fmt,
                            ...);

static inline weft__js *weft__js_from_ctx(JSContext *ctx)
{
    return (weft__js *)JS_GetContextOpaque(ctx);
}

#endif
