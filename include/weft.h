/* weft.h: the public embedding API of weft, an embeddable scripting host
 * (JavaScript on QuickJS, Lua 5.4) on libuv with Node's task-queue semantics.
 *
 * Conventions (as libuv's): every fallible function returns 0 or a negative
 * WEFT_E* code; weft_strerror()/weft_err_name() describe a code. The caller
 * owns a host; a host owns its runtimes. Nothing here is thread-safe: use a
 * host from one thread. */
#ifndef WEFT_H
#define WEFT_H

#include <stddef.h>
#include <stdint.h>
#include "weft_conf.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Error codes: X(NAME, value, message). Values are negative. */
#define WEFT_ERRNO_MAP(X)                                                      \
    X(NOMEM, -1, "out of memory")                                              \
    X(INVAL, -2, "invalid argument")                                           \
    X(NOENT, -3, "no such file or resource")                                   \
    X(IO, -4, "input/output error")                                            \
    X(SCRIPT, -5, "script error")                                              \
    X(STATE, -6, "operation not valid in the current state")                   \
    X(EXIST, -7, "already exists")                                             \
    X(LOOP, -8, "event loop error")                                            \
    X(EXITED, -9, "the script called process.exit()")                         \
    X(ACCES, -10, "permission denied")                                         \
    X(2BIG, -11, "value too large")

typedef enum {
#define WEFT_ERR_ENUM(name, value, msg) WEFT_E##name = (value),
    WEFT_ERRNO_MAP(WEFT_ERR_ENUM)
#undef WEFT_ERR_ENUM
} weft_errno;

/* Human-readable message for a WEFT_E* code ("unknown error" otherwise).
 * Returns a static string; never NULL. */
const char *weft_strerror(int err);
/* The code's name without prefix ("NOMEM"); static string, never NULL. */
const char *weft_err_name(int err);

/* A host: one libuv loop, one checkpoint, many runtimes. Opaque. */
typedef struct weft_host weft_host;

/* Options for weft_run_file(): a Node-like run of one script. */
typedef struct weft_run_options {
    /* Unhandled-rejection mode, as Node's --unhandled-rejections: "throw"
     * (default when NULL), "strict", "warn", "none", "warn-with-error-code". */
    const char *unhandled_rejections;
    /* process.argv as Node builds it: argv[0] the executable, argv[1] the
     * script's absolute path, then the user's arguments. Borrowed. */
    int argc;
    char **argv;
    /* Node's own flags (process.execArgv), among: --expose-gc (global.gc),
     * --no-warnings, --no-deprecation, --throw-deprecation,
     * --trace-deprecation, --trace-warnings, --pending-deprecation,
     * --abort-on-uncaught-exception; flags weft accepts and ignores:
     * --expose-internals (no internal modules), --experimental-* and
     * --no-force-async-hooks-checks. Borrowed; may be 0/NULL. */
    int exec_argc;
    char **exec_argv;
    /* Node's `-e CODE` / `-p CODE`: when not NULL, this source runs as a
     * script in the global scope (file name "[eval]", `require`, `module`,
     * `exports`, `__filename`, `__dirname` as globals) instead of FILE, and
     * with print_eval its completion value is printed as console.log does.
     * Borrowed. */
    const char *eval_source;
    int print_eval;
    /* Node's --input-type=module: eval_source is an ES module ("[eval1]",
     * imports resolved from the working directory) */
    int eval_module;
    /* process.argv0: the program name as invoked (NULL: argv[0]). Borrowed. */
    const char *argv0;
} weft_run_options;

/* Run FILE (a CommonJS .js/.cjs script, or an ES module for .mjs) in a fresh
 * host until nothing is left to do, as `node FILE` does: main script, then
 * the event loop, 'beforeExit' (which may re-arm the loop), then 'exit'.
 * Returns the process exit code (0-255) the script ended with, as Node
 * computes it (process.exitCode, process.exit(n), 1 for an uncaught
 * exception, 7 for a throw inside an 'uncaughtException' handler), or a
 * negative WEFT_E* code if the host could not be set up. */
int weft_run_file(const char *file, const weft_run_options *opts);

/* Run a Lua 5.4 FILE in a one-resource host named after the file (print
 * lines are "[name] ..."): the file runs as a chunk in a thread, then the
 * loop runs until no thread is queued (Wait/SetTimeout timers, CreateThread,
 * Wait(0) frames: standalone, a frame is each loop iteration). Threads
 * awaiting promises nobody settles do not keep it alive. Like Node (and
 * weft_run_file) it has no CPU limit: a call may run as long as it needs.
 * The environment may set limits: WEFT_LUA_MEMORY_LIMIT (bytes, default
 * that of include/weft_conf.h), WEFT_LUA_CPU_WARN_MS and WEFT_LUA_CPU_LIMIT_MS
 * (ms, default 0 = none). Returns 0, 1 if the file
 * could not be loaded or its chunk raised an error (at any time), or a
 * negative WEFT_E* code if the host could not be set up. */
int weft_run_lua_file(const char *file);

/* ---- The server: resources, events, natives ------------------------------
 * A server host runs a server folder (DIR/server.cfg, DIR/resources/...) as
 * `weft serve DIR` does. Values cross into scripts as msgpack (see
 * docs/values.md): an argument list is ONE msgpack array. Every call below
 * is made from the host's thread; calls made from inside a native (while a
 * script runs) are allowed: lifecycle changes are then queued until the
 * script stack has unwound. */

typedef struct weft_host_options {
    /* Nonzero: do not read console commands from stdin. */
    int no_console;
    /* Nonzero: the embedder drives frames by calling weft_host_tick() from
     * its own frame loop (no internal frame timer; setTick handlers run once
     * per weft_host_tick()). Zero: weft_host_run() ticks at sv_frameRate. */
    int external_tick;
} weft_host_options;

/* Create a server host into *out (opts may be NULL: defaults). Returns 0,
 * WEFT_ENOMEM or WEFT_ELOOP. Free it with weft_host_free(). */
int weft_host_new(const weft_host_options *opts, weft_host **out);
/* Stop every resource (onResourceStop runs), free all runtimes and close the
 * loop. NULL is a no-op. */
void weft_host_free(weft_host *h);

/* Use DIR as the server folder: find the resources under DIR/resources
 * (folders with an fxmanifest.lua; `[category]` folders are searched too),
 * then run DIR/server.cfg if present (ensure/start/stop/set/exec lines).
 * Returns 0 or WEFT_ENOENT (DIR or DIR/resources missing; logged); errors
 * inside server.cfg and in single resources are logged, not returned. */
int weft_host_load(weft_host *h, const char *dir);

/* Run one console command line ("start NAME", "stop NAME", "restart NAME",
 * "ensure NAME", "refresh", "resources", "set NAME VALUE", "exec FILE",
 * "emit NAME [JSON-ARRAY]", "emitnet SOURCE NAME [JSON-ARRAY]", "help",
 * "quit") as system.console, as if typed: called from outside script code
 * (depth 0), the command and the commands it queued (a resource stopped
 * for its CPU limit, a restart asked for by ExecuteCommand) are done when it
 * returns; called from inside a native or handler, the line is queued.
 * Host thread only. Returns 0 or a negative WEFT_E* from the command. */
int weft_host_command(weft_host *h, const char *line);

/* Start / stop / restart a resource by name (dependencies start first;
 * dependents stop first). 0, WEFT_ENOENT (no such resource; logged as the
 * console's "stop: no such resource ..." line for stop), WEFT_ESTATE
 * (not running; start canceled by onResourceStarting; a dependency failed)
 * or the manifest's error (logged with file:line). */
int weft_host_start(weft_host *h, const char *resource);
int weft_host_stop(weft_host *h, const char *resource);
int weft_host_restart(weft_host *h, const char *resource);
/* "missing", "stopped", "starting", "started" or "stopping"; static. */
const char *weft_host_resource_state(weft_host *h, const char *resource);

/* Trigger event NAME in every resource, synchronously (handlers run, and
 * their promise continuations, before this returns). args: a msgpack array
 * of len bytes, borrowed (NULL/0: no arguments). Returns 1 if a handler
 * called CancelEvent(), 0 if not, or WEFT_EINVAL (h or event NULL, or args
 * not exactly one well-formed msgpack array of at most WEFT_CALL_ARGS_MAX
 * elements: nothing runs and nothing is logged). */
int weft_host_emit(weft_host *h, const char *event, const void *args, size_t len);
/* The same as a net event from client SOURCE: only handlers registered with
 * onNet run, and `source` is SOURCE while they do. Returns as
 * weft_host_emit. */
int weft_host_emit_net(weft_host *h, const char *event, int source, const void *args,
                       size_t len);

/* ---- Natives: host APIs scripts call (DESIGN.md §7) -----------------------
 * A native is a C function registered once by name. Every script language
 * sees it the same way, with no per-engine code:
 *   JS:  the global NAME(...args) (resources started after registration,
 *        unless a global of that name exists) and CallNative("NAME", ...args);
 *   Lua: the global NAME(...) (same rule), CallNative("NAME", ...) and
 *        Citizen.InvokeNative("NAME", ...).
 * Arguments arrive as ONE msgpack array (docs/values.md), borrowed for the
 * duration of the C call. Natives run on the host's thread, inside script
 * code: they must not block (blocking work goes to an async native).
 *
 * Sync natives: set *result to a malloc'ed msgpack value (weft frees it
 * with free()) and *result_len, or leave *result NULL for undefined/nil.
 * Return 0, or a negative WEFT_E*: the script gets an Error "native NAME
 * failed: <weft_strerror>". */
typedef int (*weft_native_fn)(void *ud, const char *args, size_t len, char **result,
                              size_t *result_len);

/* An async native's completion handle. Opaque; owned by weft. */
typedef struct weft_call weft_call;

/* Async natives: the script gets a Promise (JS) or a promise (Lua; it works
 * with Citizen.Await and :next) at once; the native settles `call` later with
 * weft_call_resolve() or weft_call_reject(), EXACTLY ONCE, from:
 *   - the host's thread, at any later time (a libuv callback, a timer), or
 *     even before returning;
 *   - any other thread, e.g. a uv_queue_work() work callback or a pool
 *     thread of the native's own (weft wakes its loop with a uv_async_t).
 * The caller's continuation runs at the checkpoint of the loop iteration in
 * which the result arrives (DESIGN.md §2): in the same call when settled on
 * the host's thread with no script on the stack, else right after the
 * script stack unwinds (a settle from another thread: the next loop wakeup).
 * Return 0 once `call` is yours to settle; a negative WEFT_E* instead
 * rejects it with "native NAME failed: <weft_strerror>" and `call` must not
 * be touched again (unless it was already settled: then the code is ignored).
 * Safety: a call whose calling resource stopped meanwhile, or whose host was
 * freed (weft_host_free), may still be settled: the result is freed and
 * dropped, nothing runs. weft_host_free() does not wait for natives' own
 * threads; libuv work requests still in flight are run to completion by the
 * final loop run. */
typedef int (*weft_async_native_fn)(void *ud, weft_call *call, const char *args, size_t len);

/* Settle with one msgpack value (len bytes, copied; NULL/0: nil). Any
 * thread. Returns 0, WEFT_EINVAL (call NULL, or the bytes are not exactly
 * one well-formed msgpack value: the call is then rejected with "malformed
 * msgpack value") or WEFT_ENOMEM (the call is then rejected with "out of
 * memory"). The handle is invalid afterwards. */
int weft_call_resolve(weft_call *call, const void *value, size_t len);
/* Settle with an error: scripts see an Error (JS) / error (Lua) whose
 * message is `message` (copied; the database's own text, say). Any thread.
 * Returns 0 or WEFT_EINVAL. The handle is invalid afterwards. */
int weft_call_reject(weft_call *call, const char *message);
/* The name of the resource that made the call ("" from C), valid until the
 * call is settled. Any thread (the name is copied into the handle). */
const char *weft_call_resource(const weft_call *call);
/* The native's name, valid until the call is settled. Any thread. */
const char *weft_call_native(const weft_call *call);

/* Inside a sync native: the name of the resource whose script called it
 * ("" when called from C). Valid until the native returns. Host thread. */
const char *weft_native_resource(weft_host *h);
/* Inside a sync native: make the script's error say fmt (printf-style)
 * instead of "native NAME failed: ...". Returns WEFT_ESCRIPT, for
 *   return weft_native_error(h, "key \"%s\" is too large", key); */
int weft_native_error(weft_host *h, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* A table entry: exactly one of fn (sync) or async_fn is set. */
typedef struct weft_native {
    const char *name;
    weft_native_fn fn;
    weft_async_native_fn async_fn;
} weft_native;

/* Register the entries of `table` up to the one whose name is NULL; ud is
 * passed back to each (borrowed). Names are copied. 0, WEFT_EINVAL (no name,
 * or not exactly one function), WEFT_EEXIST (a name taken: the entries
 * before it stay registered) or WEFT_ENOMEM. Host thread only. */
int weft_host_register_natives(weft_host *h, const weft_native *table, void *ud);
/* One sync native (the same as a one-entry table). */
int weft_host_register_native(weft_host *h, const char *name, weft_native_fn fn, void *ud);
/* One async native. */
int weft_host_register_async_native(weft_host *h, const char *name, weft_async_native_fn fn,
                                    void *ud);

/* Per-language sugar over natives, written in the script language: SOURCE
 * (a JS script or a Lua chunk, copied) runs in every runtime of kind LANG
 * ("js" or "lua") created after this call, before the resource's own
 * scripts, in registration order, with the resource's globals (NAME names it
 * in errors: "@weft/NAME"). An error in it is logged; the resource goes on.
 * It is parsed once per host (JS: into bytecode) and run from that in each
 * runtime. A JS prelude whose first line is `// weft:lazy NAME NAME...` runs
 * instead on a runtime's first use of one of those globals (it must define
 * them); in Lua it runs at start like the others.
 * 0, WEFT_EINVAL (unknown LANG) or WEFT_ENOMEM. */
int weft_host_add_prelude(weft_host *h, const char *lang, const char *name, const char *source);

/* Run the host's libuv loop (frame timer, timers, I/O, console) until
 * `quit` (console, ExecuteCommand('quit'), weft_host_quit). SIGINT or SIGTERM
 * while it runs quits the same way (a second one ends the process at once).
 * Returns 0. */
int weft_host_run(weft_host *h);
/* For a host with its own frame loop: run what is due without blocking
 * (timers, I/O), then one frame of setTick handlers. Returns 1 while the
 * server runs, 0 after quit. */
int weft_host_tick(weft_host *h);
/* Watch SIGINT and SIGTERM on the host's loop: the first one queues `quit`
 * (resources stop cleanly, onResourceStop runs), a second ends the process
 * at once (exit 128+signal). weft_host_run() calls it; call it yourself
 * before weft_host_load() to cover start-up too (the weft command does).
 * Returns 0 or WEFT_ENOMEM. */
int weft_host_catch_signals(weft_host *h);

/* Stop every resource (reverse start order) and end weft_host_run(). */
int weft_host_quit(weft_host *h);

#ifdef __cplusplus
}
#endif
#endif
