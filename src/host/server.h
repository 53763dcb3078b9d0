/* server.h: `weft serve`: resources and their lifecycle, events, function
 * references, exports, the frame tick, the console and the convars, and the
 * interface every script runtime (JS today, Lua next) implements for them.
 *
 * Invariants:
 * - Every C->script entry goes through weft__host_enter/leave (host.h): the
 *   host wraps each runtime op below in them, so the checkpoint drains every
 *   dirty runtime once the whole stack has unwound (DESIGN.md §2).
 * - A runtime is never freed while its code, or the C code that entered
 *   it, is on the stack. ExecuteCommand (weft__srv_exec) knows its caller
 *   and runs lifecycle changes at once unless they would stop a resource
 *   whose code is on the stack (then, and for quit, process.exit and the
 *   embedding API at depth > 0, they are queued and run at depth 0 from a
 *   loop callback of their own).
 * - Refs are refcounted in their owning runtime; releases recorded by
 *   finalizers are acted on after the checkpoint, never from the finalizer.
 * - A pending call is owned by the server; stopping its callee rejects it,
 *   stopping its caller drops the continuation. Nothing is left hanging. */
#ifndef WEFT_HOST_SERVER_H
#define WEFT_HOST_SERVER_H

#include <stdarg.h>
#include "api/ace.h"
#include "api/commands.h"
#include "api/statebag.h"
#include "host/config.h"
#include "host/host.h"
#include "host/manifest.h"
#include "host/prof.h"

/* ---- The runtime interface (weft__rt_ops in host.h) ----------------------
 * An engine is its ops table, listed in weft__engines (src/builtin.c): the
 * server picks the first whose `extensions` include a script's extension and
 * calls its create(h, res), which must weft__rt_init() its base; the server
 * then sets instance/resource and runs the preludes of its kind. The host
 * core never names an engine. All ops below run with the host already
 * entered (depth counted, rt dirty):
 *
 * load_script(rt, path, display)   run one script file in the resource's
 *     shared global scope. display ("@res/file.js") names it in stacks and
 *     logs. An error is not logged: the runtime writes it as one line into
 *     rt->load_error ("@res/f.js:3:7: Error: message", the position of the
 *     innermost script frame first) and returns WEFT_ESCRIPT (WEFT_ENOENT:
 *     unreadable, WEFT_ENOMEM); the server logs it and, as FiveM, goes on
 *     loading the resource, which starts. WEFT_ESTATE: stopped meanwhile
 *     (its stop is queued).
 * dispatch_event(rt, name, args, len, source)   run the runtime's handlers
 *     for `name` in registration order; args is a msgpack array; source is
 *     NULL for a local event or the net source ("7"). A throwing handler is
 *     logged with file:line; the others still run. Only called for names
 *     the runtime subscribed with weft__ev_subscribe.
 * call_ref(rt, index, args, len, out)   call the function of ref `index`
 *     with the msgpack array args. Fill *out (weft__call_result):
 *       WEFT_CALL_OK: out->buf = msgpack of the return value;
 *       WEFT_CALL_ERROR: out->buf = msgpack of an error payload
 *         (weft__call_pack_error, or the thrown value packed as is);
 *       WEFT_CALL_PENDING: the function returned a promise (JS) or yielded
 *         (Lua): out->call = weft__call_new(h, rt), and the runtime has
 *         ALREADY attached its handlers (so no false unhandled rejection);
 *         when it settles it calls weft__call_settle(h, id, ...).
 *     out->buf is malloc'ed; the server frees it.
 * ref_dup(rt, index) / ref_release(rt, index)   refcount +1 / -1; at 0 the
 *     runtime forgets the function. Never runs script code.
 * settle_call(rt, call, status, buf, len)   the caller side: a pending call
 *     this runtime waits on settled. status WEFT_CALL_OK (buf = value) or
 *     WEFT_CALL_ERROR (buf = error payload): resolve/reject (JS) or resume
 *     the coroutine (Lua). WEFT_CALL_DROPPED: free what you kept for it, run
 *     no script code (the caller is stopping). The runtime set
 *     call->caller_data when it got WEFT_CALL_PENDING back.
 * frame(rt)      one frame: setTick handlers (JS), Wait(0) coroutines (Lua).
 * stop(rt)       the resource stops: stop timers, refuse new work; no script.
 * free(rt)       free everything (called at depth 0, never under its code).
 * memory(rt)     bytes in use, for `resources`.
 * load_buffer(rt, src, len, display)   like load_script for source text
 *     (preludes); errors logged; returns 0 or WEFT_ESCRIPT.
 *
 * Runtimes call into the server with the functions below (weft__ev_*,
 * weft__ref_*, weft__call_*, weft__srv_*), from inside their natives. */

typedef struct weft__server weft__server;

typedef enum {
    WEFT_RES_STOPPED = 0,
    WEFT_RES_STARTING,
    WEFT_RES_STARTED,
    WEFT_RES_STOPPING,
} weft__res_state;

typedef struct weft__export {
    char *name;
    uint32_t instance, index; /* the ref the export table holds */
} weft__export;

typedef struct weft__resource {
    char *name;
    char *path; /* absolute folder */
    weft__res_state state;
    weft__manifest manifest;
    int has_manifest;
    weft__rt *rts; /* runtimes of the running instance */
    weft__export *exports;
    size_t exports_len, exports_cap;
    uint64_t start_seq; /* order started, for stop-all */
    int resolving_deps;  /* inside its own dependency resolution (cycle check) */
    int halted_loading;  /* a limit stopped it while its scripts loaded: not started */
    int seen;           /* found by the last refresh */
    int dup_seen;       /* this refresh found another folder of its name */
    char *dup_path;     /* that folder, as last said (one line per change) */
    char error[512];    /* why the last start failed (the text of its "could not start"
                           line), why a limit stopped it, the dependency it stopped with,
                           or its own exit ("" if none), for `resources` */
    int error_is_exit;  /* error is the resource's own stop (process.exit(4)): `resources`
                           says "stopped: ", not "error: " */
    uint64_t fail_gen;  /* the server's cmd_gen when its last start failed (0: it did not):
                           a dependent does not try it again within the same command */
    weft__res_metrics metrics; /* profiler/resmon figures (src/host/prof.c) */
    struct weft__resource *next;
} weft__resource;

/* ---- calls across runtimes ---------------------------------------------- */
/* WEFT_CALL_MULTI: success with several return values (a Lua function
 * returning more than one): buf is a msgpack array of them. A Lua caller
 * receives them as that many values, a JS caller the array (as FiveM's JS
 * runtime unwraps its ref results); C treats it as OK with an array. */
enum {
    WEFT_CALL_OK = 0,
    WEFT_CALL_ERROR = 1,
    WEFT_CALL_PENDING = 2,
    WEFT_CALL_MULTI = 3,
    WEFT_CALL_DROPPED = -1
};

typedef struct weft__call_result {
    int status;
    char *buf; /* malloc'ed msgpack (OK: value; ERROR: error payload) */
    size_t len;
    struct weft__call *call; /* PENDING */
} weft__call_result;

typedef struct weft__call {
    uint64_t id;
    weft__rt *callee; /* NULL once the callee stopped */
    weft__rt *caller; /* NULL: nobody waits (C caller, or caller stopped) */
    void *caller_data;
    /* A C caller's completion (weft__call_wait_c), or NULL. */
    void (*done)(weft_host *h, void *data, int status, const char *buf, size_t len);
    char callee_name[64];
    uint64_t start_ns; /* async natives, while metrics are on: when called */
    struct weft__call *next, *prev;
} weft__call;

/* A new pending call whose promise lives in callee. */
weft__call *weft__call_new(weft_host *h, weft__rt *callee);
/* The callee's promise settled (status OK or ERROR, buf msgpack, borrowed).
 * Unknown or already-settled ids are ignored (the callee may have been
 * stopped meanwhile). Enters the caller's runtime. */
void weft__call_settle(weft_host *h, uint64_t id, int status, const char *buf, size_t len);
/* Fill *out as WEFT_CALL_ERROR with an error payload (name "Error",
 * "ReferenceError"...; resource may be NULL) whose message is the format. */
void weft__call_result_error(weft__call_result *out, const char *name, const char *resource,
                             const char *fmt, ...) __attribute__((format(printf, 4, 5)));
/* The caller got WEFT_CALL_PENDING and waits: record who and what. */
void weft__call_wait(weft__call *c, weft__rt *caller, void *caller_data);
/* A C caller waits instead of a runtime: done(h, data, status, buf, len)
 * runs once on the host's thread at depth 0 when the call settles (status
 * OK, MULTI or ERROR; buf borrowed), or with WEFT_CALL_DROPPED and no value
 * when the server ends first. No script code may run from done itself. */
void weft__call_wait_c(weft__call *c,
                       void (*done)(weft_host *h, void *data, int status, const char *buf,
                                    size_t len),
                       void *data);
/* msgpack of an error payload {__weftError: true, name, message, stack,
 * resource}; malloc'ed into *out. Returns 0 or WEFT_ENOMEM. */
int weft__call_pack_error(const char *name, const char *message, const char *stack,
                          const char *resource, char **out, size_t *outlen);
/* 1 when an error payload is a stack overflow: JS's RangeError "Maximum call
 * stack size exceeded", or Lua's "[FILE:LINE: ]C stack overflow" / "stack
 * overflow". A native that ran script code (a state bag change handler, a
 * convar listener) passes such a result to its own caller
 * (weft__native_fail_payload), so a recursion through it unwinds to its
 * outermost entry and is reported once there, as weft__ev_trigger does. */
int weft__call_is_overflow(const char *buf, size_t len);

/* ---- refs (refs.c) --------------------------------------------------------
 * Id: "<resource>:<instance>:<index>". A runtime creating a ref for a value
 * crossing the boundary gives it refcount 1 and calls weft__ref_inflight:
 * that reference is dropped after the next checkpoint, so a ref nobody
 * unpacked is freed; every receiving proxy holds its own (weft__ref_dup). */
int weft__ref_format(char *buf, size_t cap, weft__rt *rt, uint32_t index);
/* Parse an id; finds the owning runtime (NULL when that instance is gone).
 * Returns 0 or WEFT_EINVAL. resname receives the resource name. */
int weft__ref_parse(weft_host *h, const char *id, size_t len, char *resname, size_t rescap,
                    weft__rt **owner, uint32_t *index);
void weft__ref_inflight(weft_host *h, const char *id);
void weft__ref_dup(weft_host *h, const char *id, size_t len);
/* Record a release (safe from a finalizer: only appends to a queue). */
void weft__ref_release_later(weft_host *h, const char *id, size_t len);
/* Call a ref from a runtime (caller may be NULL: C). Fills *out; for a
 * stopped owner: WEFT_CALL_ERROR `resource "x" is not running`. */
void weft__ref_call(weft_host *h, weft__rt *caller, const char *id, size_t idlen,
                    const char *args, size_t len, weft__call_result *out);
/* Exports: register (the table takes a reference: refcount +1) and call.
 * res is a resource name or a name a running resource `provide`s (an exact
 * running resource wins). weft__export_call returns 0 when the export was
 * found (out filled by the call), or WEFT_ENOENT with out holding the error
 * (no running resource, or no such export): the runtime may then try
 * FiveM's `__cfx_export_<res>_<name>` event before raising it. */
int weft__export_set(weft_host *h, weft__rt *rt, const char *name, uint32_t index);
int weft__export_call(weft_host *h, weft__rt *caller, const char *res, const char *name,
                      const char *args, size_t len, weft__call_result *out);
/* After the checkpoint: in-flight drops and recorded releases. */
void weft__ref_flush(weft_host *h);
void weft__ref_free_all(weft_host *h);
/* A runtime stops: reject calls into it, drop calls it waits on. */
void weft__call_rt_stopped(weft_host *h, weft__rt *rt);

/* ---- events (events.c) --------------------------------------------------- */
/* rt wants `name` (count +1; net: may be triggered from the network). */
int weft__ev_subscribe(weft_host *h, weft__rt *rt, const char *name, int net);
void weft__ev_unsubscribe(weft_host *h, weft__rt *rt, const char *name);
void weft__ev_remove_rt(weft_host *h, weft__rt *rt);
/* Dispatch to every subscribed running runtime, synchronously. invoker: the
 * emitting resource (or NULL). source: NULL for local events. Returns 1 when
 * a handler called CancelEvent, else 0. */
int weft__ev_emit(weft_host *h, weft__resource *invoker, const char *name, const char *args,
                  size_t len, const char *source);
/* 1 when a running runtime has a net-safe (onNet) handler for name. */
int weft__ev_has_net(weft_host *h, const char *name);
/* The same with `source` set for handlers, reaching every handler
 * (net_only 0: server events about a player, e.g. playerDropped) or only
 * onNet ones (net_only 1: an event sent by a client). */
int weft__ev_emit_src(weft_host *h, weft__resource *invoker, const char *name, const char *args,
                      size_t len, const char *source, int net_only);
/* The same with the delivery to each subscribed runtime left to the caller
 * (called between weft__host_enter and leave, once per runtime, in order):
 * an engine emitting into itself hands its own values over without a
 * msgpack round trip (see js_emit_local in src/js/host_bindings.c). */
typedef void (*weft__ev_deliver_fn)(weft__rt *rt, void *ud);
int weft__ev_emit_with(weft_host *h, weft__resource *invoker, const char *name,
                       const char *source, int net_only, weft__ev_deliver_fn deliver, void *ud);
/* Dispatch `name` to the handlers of one resource only (a durable cluster
 * event, docs/cluster.md). Returns how many of its runtimes had handlers;
 * *errors gets how many handlers raised (a Lua error or a thrown JS
 * exception before the handler returned, reported by the engines with
 * weft__ev_handler_failed). */
int weft__ev_emit_to(weft_host *h, const weft__resource *only, const char *name,
                     const char *args, size_t len, const char *source, int *errors);
/* Engines: a handler of the event being dispatched raised (counted in the
 * innermost event invocation). */
void weft__ev_handler_failed(weft_host *h);
/* A script's own emit (JS emit/TriggerEvent, Lua TriggerEvent): as
 * weft__ev_emit_with (deliver NULL: args/len to every runtime), and a stack
 * overflow in one of its handlers (weft__ev_pass_overflow) ends the event
 * and becomes the emitter's: *overflow = 1, and the engine throws it in the
 * emitting script. A recursion through events so unwinds to its outermost
 * entry and is reported once, there, where there is stack to report it
 * (not at every level, nor once per leaf of a branching recursion). Returns
 * 1 when a handler called CancelEvent, else 0. */
int weft__ev_trigger(weft_host *h, weft__resource *invoker, const char *name, const char *args,
                     size_t len, weft__ev_deliver_fn deliver, void *ud, int *overflow);
/* Engines: a handler of the event being dispatched failed with a stack
 * overflow. 1 when that event came from weft__ev_trigger, which takes the
 * error: report nothing and run no more handlers; 0: report it as any.
 * text: the error as a Lua error string ("FILE:LINE: stack overflow"), or
 * NULL; weft__ev_overflow_text gives it to the emitter ("" for NULL), so a
 * Lua emitter raises the innermost position, not its own. */
int weft__ev_pass_overflow(weft_host *h, const char *text);
const char *weft__ev_overflow_text(weft_host *h);
/* 1 when a running runtime other than self has a handler for name. */
int weft__ev_has_other(weft_host *h, const char *name, const weft__rt *self);
void weft__ev_cancel(weft_host *h);
int weft__ev_was_canceled(weft_host *h);
void weft__ev_free_all(weft_host *h);

/* The invocation stack: who called into the code running now. */
typedef struct weft__invocation {
    weft__resource *invoker;
    const char *source;
    int canceled;
    int is_event; /* an event dispatch (else a ref call) */
    /* An event triggered from inside this one completed: whether it was
     * canceled (what WasEventCanceled reports from here on). */
    int nested_done, nested_canceled;
    int errors; /* handlers that raised (weft__ev_handler_failed) */
    int from_script; /* emitted by weft__ev_trigger */
    int overflowed;  /* a handler's stack overflow, passed to the emitter */
    struct weft__invocation *prev;
} weft__invocation;

/* ---- natives (natives.c) --------------------------------------------------
 * The registry of include/weft.h's natives, their async completion handles
 * and the per-language preludes. Engines call natives only through
 * weft__native_call and treat its result like an export call's. */
typedef struct weft__native {
    char *name;
    weft_native_fn fn;             /* sync, or NULL */
    weft_async_native_fn async_fn; /* async, or NULL */
    void *ud;
} weft__native;
typedef struct weft__natives weft__natives;

int weft__natives_init(weft_host *h);
/* fn(h, ud) runs once when the server quits, before the hub closes: a host
 * API area stops its handles and threads there and settles what it holds. */
int weft__natives_on_close(weft_host *h, void (*fn)(weft_host *h, void *ud), void *ud);
/* fn adds a short text about `resource` to the `resources` console line
 * (per-resource query counts...); buf is empty when it has nothing. */
int weft__natives_on_resource_info(weft_host *h,
                                   void (*fn)(weft_host *h, void *ud, const char *resource,
                                              char *buf, size_t cap),
                                   void *ud);
void weft__natives_resource_info(weft_host *h, const char *resource, char *buf, size_t cap);
/* Run the on_close functions; handles settled after this are dropped;
 * closes the wakeup handle. Idempotent. */
void weft__natives_close(weft_host *h);
void weft__natives_free(weft_host *h);
/* Deliver results queued by other threads or settled under script code
 * (host thread, depth 0; a no-op otherwise). */
void weft__natives_flush(weft_host *h);
weft__native *weft__native_find(weft_host *h, const char *name);
size_t weft__native_count(weft_host *h);
const char *weft__native_name(weft_host *h, size_t i);
/* Call native NAME for runtime `caller` with a msgpack argument array. out:
 * WEFT_CALL_OK (buf: the value, or NULL/0 for undefined), WEFT_CALL_ERROR
 * (an error payload: unknown native, failure), or WEFT_CALL_PENDING (async:
 * the engine waits on out->call as on a pending export call, and gives its
 * script a promise). out->buf is malloc'ed; the caller frees it. */
void weft__native_call(weft_host *h, weft__rt *caller, const char *name, const char *args,
                       size_t len, weft__call_result *out);
/* The runtime whose sync native runs now (NULL from C or outside one). */
weft__rt *weft__native_caller(weft_host *h);
/* The sync native running now fails with this error payload (malloc'ed;
 * taken) instead of a message: its caller gets it as a callee's error
 * (weft__call_is_overflow's case). Returns WEFT_ESCRIPT, for the native to
 * return; outside a script's native it frees buf and returns 0. */
int weft__native_fail_payload(weft_host *h, char *buf, size_t len);
/* 1 when the sync native running now has a payload to fail with (set by
 * weft__native_fail_payload in code it called): it returns WEFT_ESCRIPT. */
int weft__native_failing(weft_host *h);
/* A pending call with no callee runtime (an async native called NAME). */
weft__call *weft__call_new_native(weft_host *h, const char *name);
/* Run the preludes of rt's kind (weft_host_add_prelude) in rt; a lazy one
 * (first line `// weft:lazy NAME...`) is only defined (rt_ops define_lazy),
 * and run by weft__prelude_run(h, rt, i) on first use of a NAME, from the
 * runtime's own code (no enter/leave). */
void weft__preludes_run(weft_host *h, weft__rt *rt);
int weft__prelude_run(weft_host *h, weft__rt *rt, size_t i);

/* What a default host contains (src/builtin.c): the engines, NULL-terminated,
 * chosen by script extension through their ops (extensions, create); and
 * the host API areas of src/api/, opened by weft__builtin_open. */
extern const weft__rt_ops *const weft__engines[];
int weft__builtin_open(weft_host *h);
/* Write the built-in resources under the server folder; dir receives the
 * folder to scan (before DIR/resources). 0, or a negative WEFT_E* (logged). */
int weft__builtin_resources(weft_host *h, char *dir, size_t cap);
/* `set weft_testNatives 1`: the natives the host tests use (src/api/test.c). */
int weft__api_test_enable(weft_host *h);

/* ---- the server (server.c) ------------------------------------------------ */
struct weft__ev_table;
struct weft__ref_state;
struct weft__kvp;

/* A convar change listener (AddConvarChangeListener). */
typedef struct weft__cv_listener {
    int cookie;
    char *filter; /* FiveM's pattern ("a:* b"), NULL: every convar */
    char *resource, *ref;
} weft__cv_listener;

/* A command line waiting to run at depth 0, and who asked for it. */
typedef struct weft__queued_cmd {
    char *line;
    char *caller; /* resource name (runs as resource.NAME), or NULL: the console */
} weft__queued_cmd;

struct weft__server {
    weft_host *host;
    char *dir; /* absolute server folder */
    weft__resource *resources;
    weft__convars convars;
    weft__invocation *invocation;
    int last_canceled;
    char overflow_text[256]; /* weft__ev_pass_overflow's text */
    struct weft__ev_table *events;
    struct weft__ref_state *refs;
    weft__call *calls; /* pending calls, newest first */
    uint64_t next_call_id;
    uint32_t next_instance;
    uint64_t start_seq;
    /* onServerResourceStart/Stop, queued for the next frame (FiveM fires
     * them from the resource manager's tick): "S<name>" / "T<name>" */
    char **evq;
    size_t evq_len, evq_cap;
    /* commands queued from script code, run at depth 0 */
    weft__queued_cmd *cmdq;
    size_t cmdq_len, cmdq_cap;
    /* server APIs (src/api/) */
    weft__ace ace;
    weft__commands commands;
    weft__statebags bags;
    /* add_filesystem_permission grants (console_api.c): SOURCE may write
     * (or read: stored, never needed) in TARGET's folder; server.cfg only */
    struct weft__fs_grant {
        char *source, *target;
        int write;
    } *fs_grants;
    size_t fs_grants_len, fs_grants_cap;
    int fs_grants_closed; /* server.cfg has run: no more grants */
    struct weft__kvp *kvp; /* opened on first use */
    int kvp_failed;
    weft__resource *exec_caller; /* whose ExecuteCommand runs now, or NULL */
    weft__resource *restarting;  /* being stopped by a restart (its dependents' line) */
    const weft__cfg_cmd *cfg_at; /* the command whose refusals net.c reports, or NULL */
    int command_depth;           /* registered command handlers running */
    weft__cv_listener *cv_listeners;
    size_t cv_listeners_len, cv_listeners_cap;
    int next_cv_cookie;
    int in_after;
    /* One per top-level command (a console line, a queued command, an API
     * lifecycle call, the whole server.cfg): see weft__resource.fail_gen. */
    uint64_t cmd_gen, gen_seq;
    int stop_file; /* run_cmd: the exec'ed file it came from ends here */
    uv_timer_t cmd_timer;
    /* frame tick */
    uv_timer_t frame_timer;
    uint64_t frame_period_ns, next_frame_ns, frames;
    int frame_running, ticking_externally;
    uint64_t start_ns;
    /* console */
    void *console;
    weft__natives *natives; /* natives.c */
    int quitting, quit_done, use_color;
    struct weft__bench *bench; /* benchmark-only hooks (bench.c), or NULL */
    void *signals;             /* SIGINT/SIGTERM watch (weft_host_catch_signals) */
    struct weft__net *net;     /* endpoints, HTTP, players (src/net/) */
    struct weft__prof *prof;   /* profiler and metrics (prof.c); h->prof when on */
    struct weft__cluster *cluster; /* src/cluster/ (NULL once it closed) */
};

#define WEFT_SRV(h) ((h)->server)

int weft__srv_init(weft_host *h);
void weft__srv_free(weft_host *h);
/* Scan DIR/resources (nested [category] folders) and run DIR/server.cfg. */
int weft__srv_load(weft_host *h, const char *dir);
int weft__srv_refresh(weft_host *h);
/* Run one console/cfg command line (as system.console) now at depth 0, or
 * queue it (depth > 0: the embedding API cannot say whose code is running). */
int weft__srv_command(weft_host *h, const char *line);
void weft__srv_queue_command(weft_host *h, const char *line);
/* Run the commands queued so far now, if no script code or command batch is
 * on the stack (else they run from their loop callback, as usual). The
 * console calls it after each line, so the lines of one read see what the
 * lines before them queued, as when typed one at a time (a resource stopped
 * for its CPU limit is stopped before the next line reaches it). */
void weft__srv_run_queued(weft_host *h);
/* A runtime of resource NAME ran past a limit (the CPU watchdog): why
 * ("ran longer than 5000 ms (weft_cpuLimitMs) in @x/server.js:3") is kept
 * in its error, shown by `resources` until it starts again, and its stop is
 * queued. Loop thread only; runs no script code. */
void weft__srv_stop_for_limit(weft_host *h, const char *name, const char *why);
/* Resource NAME's script stops it (why: "process.exit(4)"; the caller queues
 * the stop): kept as its reason, `resources` shows "stopped: process.exit(4)"
 * until it starts again. */
void weft__srv_stopped_by_itself(weft_host *h, const char *name, const char *why);
/* ExecuteCommand: run line now as resource.NAME of caller (NULL: as the
 * console), each ';'-separated command in turn, checking the ACE
 * command.NAME for each, as FiveM. Only lifecycle changes that would stop or
 * restart a resource whose code is on the stack (the caller, an invoker up
 * the chain, one starting or stopping, or a dependent of those), and quit,
 * are queued until the stack has unwound. Returns the last command's
 * result (WEFT_EACCES when refused). */
int weft__srv_exec(weft_host *h, weft__resource *caller, const char *line);
void weft__srv_queue_as(weft_host *h, const char *caller, const char *line);
int weft__srv_start(weft_host *h, const char *name);
int weft__srv_stop(weft_host *h, const char *name);
int weft__srv_restart(weft_host *h, const char *name);
weft__resource *weft__srv_find(weft_host *h, const char *name);
/* name, or else a resource whose manifest `provide`s name (running ones
 * first), as FXServer resolves dependencies and GetResourceState. */
weft__resource *weft__srv_find_provider(weft_host *h, const char *name);
/* GetNumResources / GetResourceByFindIndex: every resource found under
 * resources/ (running or not), in discovery order; NULL past the end. */
int weft__srv_count(weft_host *h);
weft__resource *weft__srv_nth(weft_host *h, int index);
const char *weft__srv_state_name(weft__res_state st);
void weft__srv_quit(weft_host *h);
uint64_t weft__srv_game_timer(weft_host *h);
/* A refused command: one line "FILE:LINE: message" for a cfg line (the
 * file relative to the server folder), "ExecuteCommand of RES: message"
 * for a resource's ExecuteCommand, the message alone for the console (or
 * when c is NULL). */
void weft__srv_cmd_error(weft_host *h, const weft__cfg_cmd *c, const char *tag, const char *fmt,
                         ...) __attribute__((format(printf, 4, 5)));
/* Logging: "[res] message" on stdout, the tag coloured on a terminal. */
void weft__log(weft_host *h, const char *tag, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
void weft__logv(weft_host *h, const char *tag, const char *fmt, va_list ap);
/* A JSON text as msgpack (for `emit NAME json` on the console). */
int weft__json_to_msgpack(const char *json, char **out, size_t *outlen);
/* The same; on WEFT_EINVAL, err says what is wrong and where ("expected ','
 * or ']' at column 12 ('x')"). */
int weft__json_to_msgpack_err(const char *json, char **out, size_t *outlen, char *err,
                              size_t errcap);

/* Emit the lifecycle events queued for this frame (called by the frame). */
void weft__srv_emit_queued(weft_host *h);

/* frame.c */
int weft__frame_init(weft_host *h);
void weft__frame_run(weft_host *h);
void weft__frame_close(weft_host *h);
/* bench.c: benchmark-only (`set weft_drainPolicy immediate|fasttick|frame`). */
int weft__bench_set_policy(weft_host *h, const char *value);
void weft__bench_frame(weft_host *h, int begin);
void weft__bench_close(weft_host *h);
/* console.c */
int weft__console_open(weft_host *h);
void weft__console_close(weft_host *h);

#endif
