/* lua_rt.h: one Lua 5.4 runtime (one lua_State) on the host: the scheduler
 * (Citizen.CreateThread/Wait/SetTimeout), promises, and the C API the host
 * uses to create, feed and free it.
 *
 * Invariants:
 * - Script code runs only inside coroutines the scheduler created ("threads":
 *   main chunks, CreateThread, SetTimeout, promise callbacks), each resume one
 *   host entry (weft__host_enter/leave), so the checkpoint (DESIGN.md §2) runs
 *   after each one once the whole stack has unwound.
 * - A settled promise never runs its reactions synchronously: it joins the
 *   runtime's ready queue and marks the runtime dirty; the checkpoint runs
 *   reactions in settlement order, and each promise's in registration order.
 * - Suspended threads are anchored in the registry only while something will
 *   resume them (the timer heap, the soon/frame queues, a promise's reaction
 *   list); a thread awaiting a promise nobody can settle is garbage.
 * - After weft__lua_free() begins, nothing is resumed and no handle fires. */
#ifndef WEFT_LUA_RT_H
#define WEFT_LUA_RT_H

#include <string.h>
#include <lua.h>
#include "host/host.h"
#include "host/watchdog.h"
#include "lua/heap.h"
#include "lua/lua_codec.h"

/* A FIFO of registry refs (threads waiting for the soon or frame pass). */
typedef struct weft__lua_refq {
    int *v;
    size_t len, cap;
} weft__lua_refq;

typedef struct weft__lua weft__lua;

/* Told when a Lua promise settles (weft__lua_promise_on_settle). The value is
 * at stack slot idx of L (valid during the call only); L is NULL, ok 0, when
 * the runtime is freed with the promise still pending. Runs at the checkpoint,
 * never inside resolve. Must not raise. */
typedef void (*weft__lua_settle_cb)(void *opaque, weft__lua *lua, int ok, lua_State *L, int idx);

struct weft__lua {
    weft__rt base;
    weft_host *host;
    lua_State *L;
    char *name; /* resource name, the print/log prefix */

    /* allocator: bytes in use, the cap (0 = none), refusals */
    size_t mem_used, mem_limit;
    uint64_t mem_refused;

    /* runaway-call watchdog (count hook, forced by the host's watchdog
     * thread): limits in ms, 0 = off, measured from the host's entry clock */
    uint64_t cpu_warn_ms, cpu_limit_ms;
    uint64_t warned_entry; /* entry_start of the entry already warned about */
    int runaway;           /* past the limit: every further instruction raises */
    lua_State *running;    /* the thread weft__lua_resume runs (watchdog lock) */
    weft__wd_target wd;    /* registered by weft__lua_watchdog_start */
    int wd_on;
    /* Told once when a runaway is stopped (the server stops the resource);
     * NULL standalone. Runs in the hook: must not run script code. */
    void (*on_runaway)(weft__lua *lua, const char *why);

    /* Lua warnings (lua_setwarnf): the message being assembled (bounded;
     * the rest is cut), and whether warn() from scripts is on ("@on"/"@off",
     * off at first as in lua.c; an error in a __gc finalizer is always
     * logged, with the resource). */
    char warn_msg[512];
    size_t warn_len;
    int warn_on;

    /* scheduler */
    weft__lua_heap timers; /* Wait(ms >= 1), SetTimeout(ms >= 1) */
    weft__lua_refq soon;   /* CreateThread, SetTimeout(<= 0): next check phase */
    weft__lua_refq frame;  /* Wait(0), bare coroutine.yield(): next frame */
    uv_timer_t timer;      /* armed for timers' earliest due time */
    uv_check_t check;      /* runs `soon` (and frames when loop_frames) */
    uv_idle_t idle;        /* keeps poll from blocking while those are pending */
    uint64_t timer_due;    /* what `timer` is armed for (UINT64_MAX: stopped) */
    int loop_frames;       /* standalone: a frame is each check phase */
    int yield_registered;  /* set by Wait/Await before yielding */
    int handles_open;

    /* promises: the ready queue is a registry table used as a FIFO */
    int ready_ref;
    lua_Integer ready_head, ready_tail;
    struct weft__lua_settle_node *settle_nodes; /* C reactions not yet called */

    int closing;
    int main_failed;                   /* a chunk run by weft__lua_load_* raised an error */
    int overflow_passed;               /* a thread's stack overflow went to its emitter */
    /* the event whose handler thread runs now (server_rt.c), named in its
     * error line: "error in handler for event \"x\": ..." */
    lua_State *event_co;
    const char *event_name;
    weft__lua_codec_hooks codec_hooks; /* the server sets these (refs) */
    struct weft__lua_srv *srv;         /* `weft serve` state (server_rt.c), else NULL */
};

/* ---- lifecycle (runtime.c) ---------------------------------------------- */

/* Create a runtime for resource `resource_name` (copied) on `h`. Limits come
 * from weft_conf.h (WEFT_LUA_*) and may be changed in the struct before
 * loading code. Returns NULL on allocation failure. */
weft__lua *weft__lua_new(weft_host *h, const char *resource_name);
/* Stop everything: no thread is resumed after this, the state is closed (its
 * __gc metamethods run), pending C settle callbacks get (ok 0, L NULL), and
 * the struct is released once libuv has closed its handles (the loop must
 * run again: weft__host_close() does it). */
void weft__lua_free(weft__lua *lua);
/* Run a file as a chunk in a new thread (like a handler): it runs now up to
 * its first yield. The chunk is named after the file's basename. Returns 0,
 * or WEFT_ENOENT/WEFT_ESCRIPT (load or run error, already logged). */
int weft__lua_load_file(weft__lua *lua, const char *path);
/* The same, naming the chunk "@name" (errors read "name:LINE: ..."); with
 * regular_only (a resource's script), a FIFO or device is not read. */
int weft__lua_load_file_as(weft__lua *lua, const char *path, const char *name, int regular_only);
/* Same for a buffer, with an explicit chunk name ("@res/file.lua"). */
int weft__lua_load_buffer(weft__lua *lua, const char *buf, size_t len, const char *chunkname);
/* Preludes compiled once per host (rt_ops compile/load_compiled): the
 * source's chunk as lua_dump bytes (malloc'ed, not stripped), and loading
 * such bytes (mode "b": only ever weft's own dumps, never a script's file). */
int weft__lua_compile(lua_State *L, const char *src, size_t len, const char *chunkname, char **out,
                      size_t *out_len);
int weft__lua_load_compiled(weft__lua *lua, const char *buf, size_t len, const char *chunkname);

/* Log "[res] SCRIPT ERROR: <message>" and a traceback of `co` (stderr).
 * The error value is at the top of co's stack (popped). Protected; never
 * raises. Once the CPU limit has stopped the runtime (lua->runaway) it logs
 * nothing: the limit's own line said it. */
void weft__lua_report(weft__lua *lua, lua_State *co, int status);
/* 1 for a chunk of weft's own (a prelude "@weft/NAME", "=weft..."): error
 * positions and limit lines name the script line that called into it. */
static inline int weft__lua_own_chunk(const char *source)
{
    return !strncmp(source, "@weft/", 6) || !strncmp(source, "=weft", 5);
}
/* The string on top of L prefixed with "FILE:LINE: " of the innermost
 * script frame under the running C function (not weft's own preludes), or
 * with direct, of its direct caller only (error(msg, 2): nothing when that
 * is a C function such as pcall); unchanged when there is none. */
void weft__lua_prefix_caller(lua_State *L, int direct);
/* Raise the packing error on top of L (weft__codec_pack_lua_*: "cannot pass
 * a cyclic value at args[2].t") at the script line that passed the value,
 * as weft__lua_prefix_caller names it. Does not return. */
int weft__lua_pack_error(lua_State *L);
/* 1 when the error value at idx is a stack overflow: Lua's own "stack
 * overflow", "C stack overflow" and luaL_checkstack's "stack overflow (...)",
 * after the position, or a handler error (status LUA_ERRERR) raised while
 * handling one. */
int weft__lua_is_stack_overflow(lua_State *L, int idx, int status);
/* 1 when msg starts with a position as error() writes it ("f.lua:12: "). */
int weft__lua_has_position(const char *msg);
/* Log "[res] <fmt...>" on stderr. */
void weft__lua_log(weft__lua *lua, const char *fmt, ...);

/* Apply cpu_warn_ms / cpu_limit_ms as set in the struct: with either set,
 * register with the host's watchdog thread so that loops of costly single
 * operations are checked too (the count hook alone sees instructions only).
 * Call once, after setting the limits. */
void weft__lua_watchdog_start(weft__lua *lua);
/* Set the thread being resumed (the watchdog pokes it); returns the previous. */
lua_State *weft__lua_set_running(weft__lua *lua, lua_State *co);

static inline weft__lua *weft__lua_from_state(lua_State *L)
{
    void *ud;
    lua_getallocf(L, &ud);
    return ud;
}

/* ---- scheduler (sched.c) ------------------------------------------------- */

/* One frame: resume every thread that was waiting for a frame (Wait(0)) when
 * the call began; threads that Wait(0) again wait for the next call. The
 * server's frame tick calls this; standalone, the loop's check phase does. */
void weft__lua_frame(weft__lua *lua);
/* Resume `co` (a scheduler thread, anchored by the caller) with nargs values
 * on its stack, as one host entry; report its error, if any. `from` is the
 * running thread (the main state when resumed from C). Returns lua_resume's
 * status (LUA_OK: finished, LUA_YIELD: suspended, else it failed). */
int weft__lua_resume(weft__lua *lua, lua_State *from, lua_State *co, int nargs);
/* Create a scheduler thread running the function at stack slot idx of L;
 * pushes it onto L. */
lua_State *weft__lua_new_thread(weft__lua *lua, lua_State *L, int idx);
/* Move the n values on top of L onto thread co, growing co's stack first;
 * raises a Lua error on L if it cannot grow. */
void weft__lua_move_to_thread(lua_State *L, lua_State *co, int n);
/* Thread flags, kept in the thread's LUA_EXTRASPACE (new threads copy the
 * main state's, which is 0: coroutine.create threads are not ours). */
#define WEFT__LUA_THREAD 1u /* created by the scheduler: Wait/Await may yield */
#define WEFT__LUA_CHUNK 2u  /* runs a chunk: its error fails the load */
#define WEFT__LUA_CANCELED 4u /* a timeout cleared before it ran: never resumed */
/* Raise the error for Citizen.Wait/Await (fn) where it cannot yield: in a
 * thread across a C call, in a coroutine of the script's own, or outside
 * any thread. Does not return. */
int weft__lua_cannot_wait(lua_State *L, const char *fn);
static inline uintptr_t *weft__lua_thread_flags(lua_State *L)
{
    return (uintptr_t *)lua_getextraspace(L);
}
/* The scheduler's share of set-up and teardown. */
int weft__lua_sched_init(weft__lua *lua);
void weft__lua_sched_close(weft__lua *lua);
void weft__lua_sched_open(lua_State *L);
/* 1 while threads are queued for a timer, the soon pass or a frame. */
int weft__lua_sched_pending(const weft__lua *lua);

/* ---- promises (promise.c) ------------------------------------------------ */

void weft__lua_promise_open(lua_State *L);
/* The checkpoint: run the reactions of settled promises, oldest first. */
void weft__lua_promise_drain(weft__lua *lua);
/* 1 if the value at idx is a promise. */
int weft__lua_is_promise(lua_State *L, int idx);
/* Push a new pending promise. */
void weft__lua_promise_push_new(lua_State *L);
/* Settle the promise at p_idx with the value at v_idx (ok: resolve, else
 * reject). Resolving with a promise adopts it. Raises only on memory errors. */
void weft__lua_promise_settle_at(lua_State *L, int p_idx, int ok, int v_idx);

/* C API for the host (cross-runtime calls). A handle is a registry ref (> 0)
 * anchoring a promise until it is settled through it or released. */
int weft__lua_promise_new(weft__lua *lua);
/* Push the handle's promise onto lua->L (to hand it to script code). */
void weft__lua_promise_push(weft__lua *lua, int handle);
/* Settle with the value on top of lua->L (popped) and release the handle.
 * Returns 0, WEFT_EINVAL (bad handle) or WEFT_ENOMEM. */
int weft__lua_promise_settle_top(weft__lua *lua, int handle, int ok);
/* Settle with one msgpack value (decoded by src/lua/lua_codec.h; for a
 * rejection a str is the error message; refs use lua->codec_hooks) and
 * release the handle. Returns 0, WEFT_EINVAL (bad handle or malformed bytes),
 * WEFT_ENOMEM or WEFT_ESTATE (runtime closing). */
int weft__lua_promise_settle(weft__lua *lua, int handle, int ok, const char *buf, size_t len);
/* Drop a handle without settling. */
void weft__lua_promise_release(weft__lua *lua, int handle);
/* Citizen.Await on the promise at the top of L's stack (the rest of the
 * stack is dropped), from a C function called by Lua: `return
 * weft__lua_await(L);`. L must be a scheduler thread that can yield. */
int weft__lua_await(lua_State *L);
/* Call cb once the promise at stack slot idx of lua->L settles (at the
 * checkpoint, even if it is already settled). Returns 0 or WEFT_EINVAL/ENOMEM. */
int weft__lua_promise_on_settle(weft__lua *lua, int idx, weft__lua_settle_cb cb, void *opaque);
/* Call pending settle callbacks with (ok 0, L NULL) before the state closes. */
void weft__lua_promise_abandon(weft__lua *lua);

/* ---- `weft serve` (server_rt.c) ------------------------------------------ */
/* The engine for .lua scripts (contract: src/host/server.h), listed in
 * src/builtin.c. */
extern const weft__rt_ops weft__lua_engine;

/* ---- libraries ------------------------------------------------------------- */
/* print(...) (runtime.c): "[res] a\tb" on stdout; also FiveM's io.write. */
int weft__lua_print(lua_State *L);
/* The os and io libraries, FiveM's server ones (os.c, io.c): lua_CFunctions
 * for luaL_requiref, each pushing its table. */
int weft__lua_os_open(lua_State *L);
int weft__lua_io_open(lua_State *L);
/* Longest file name the io and os libraries handle, in bytes. */
#define WEFT__LUA_PATH_MAX 4096
/* How weft__lua_fs_resolve resolves: a file that must exist (symlinks
 * followed), one that may be new (when the resource may write there), or
 * the directory entry itself (its folder resolved, its last name kept:
 * remove, rename and createdir act on a symlink, not its target). */
enum { WEFT__LUA_FS_READ, WEFT__LUA_FS_WRITE, WEFT__LUA_FS_ENTRY };
/* Resolve the path at stack slot arg of L (a string, else a Lua error) the
 * way FiveM's VFS does for the running resource (io.c's header) into out
 * (cap bytes), as `how` says. *writable: 1 when the resource may write it
 * (its own folder, or an add_filesystem_permission grant). Returns 0,
 * WEFT_EINVAL (a NUL in the path), WEFT_EACCES (a ".." or a symlink out of
 * the folder) or WEFT_ENOENT (in no resource's folder, or missing). Loop
 * thread; no script code runs. */
int weft__lua_fs_resolve(lua_State *L, int arg, int how, char *out, size_t cap, int *writable);
/* ---- json.c ---------------------------------------------------------------- */
void weft__lua_json_open(lua_State *L);
/* msgpack.pack(...) / msgpack.unpack(s) (json.c) */
void weft__lua_msgpack_open(lua_State *L);
/* fivem.c: GetHashKey, promise.all/first/map, Citizen.Trace, export events;
 * run after the server globals exist (raises on errors). */
int weft__lua_fivem_open(lua_State *L);

#endif
