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
    X(EXITED, -9, "the script called process.exit()")

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
 * awaiting promises nobody settles do not keep it alive. The environment may
 * lower the limits of include/weft_conf.h: WEFT_LUA_MEMORY_LIMIT (bytes),
 * WEFT_LUA_CPU_WARN_MS, WEFT_LUA_CPU_LIMIT_MS. Returns 0, 1 if the file
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
 * "quit"). Returns 0 or a negative WEFT_E* from the command. */
int weft_host_command(weft_host *h, const char *line);

/* Start / stop / restart a resource by name (dependencies start first;
 * dependents stop first). 0, WEFT_ENOENT (no such resource), WEFT_ESTATE
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
 * called CancelEvent(), 0 if not, or WEFT_EINVAL. */
int weft_host_emit(weft_host *h, const char *event, const void *args, size_t len);
/* The same as a net event from client SOURCE: only handlers registered with
 * onNet run, and `source` is SOURCE while they do. */
int weft_host_emit_net(weft_host *h, const char *event, int source, const void *args,
                       size_t len);

/* A C function scripts can call: in JS, the global NAME(...args) (resources
 * started after registration) or CallNative("NAME", ...args).
 * args: msgpack array of len bytes, borrowed for the call. Set *result to a
 * malloc'ed msgpack value (freed by weft with free()) and *result_len, or
 * leave *result NULL for undefined. Return 0, or a negative WEFT_E*: the
 * script then gets an Error "native NAME failed: <weft_strerror>". */
typedef int (*weft_native_fn)(void *ud, const char *args, size_t len, char **result,
                              size_t *result_len);
/* Register fn under name (ud is passed back, borrowed). 0, WEFT_EINVAL,
 * WEFT_EEXIST (name taken) or WEFT_ENOMEM. */
int weft_host_register_native(weft_host *h, const char *name, weft_native_fn fn, void *ud);

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
