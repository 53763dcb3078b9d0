/* host.h: the host's internal structures: the loop, the call depth and the
 * checkpoint (DESIGN.md §2).
 *
 * Invariants:
 * - host->depth counts C->script entries on the stack, across all runtimes
 *   and languages, plus at most one host operation under them (a lifecycle
 *   change or an emit from the console/API: weft__host_enter(h, NULL) at
 *   depth 0). Every entry goes through weft__host_enter/leave.
 * - entry_start is the time the current outermost script entry began (an
 *   operation's script entries are timed one by one), 0 when no script code
 *   runs: the CPU watchdog (both languages, src/host/watchdog.c) measures
 *   from it.
 * - A runtime is on the dirty list at most once (rt->dirty). It stays marked
 *   while its own checkpoint work runs, so work it queues for itself during
 *   that work is drained by the same pass rather than re-listing it.
 * - The checkpoint runs only when depth returns to 0: never in the middle of
 *   other code. */
#ifndef WEFT_HOST_H
#define WEFT_HOST_H

#include <stdatomic.h>
#include <uv.h>
#include "weft.h"

typedef struct weft__rt weft__rt;
struct weft__resource;
struct weft__server;
struct weft__call;
struct weft__call_result;

/* What a runtime does at the checkpoint: its callback-scope close (JS: Node's
 * processTicksAndRejections; Lua: resume coroutines whose promises settled). */
typedef struct weft__rt_ops {
    const char *kind; /* "js", "lua" */
    void (*checkpoint)(weft__rt *rt);
    /* Engines of `weft serve` (src/builtin.c): the script extensions they
     * run (NULL-terminated, ".js"), and their constructor. */
    const char *const *extensions;
    weft__rt *(*create)(weft_host *h, struct weft__resource *res);
    int (*load_buffer)(weft__rt *rt, const char *src, size_t len, const char *display);
    /* Optional, for preludes (trusted source run in every runtime of the
     * engine): compile src into bytes (malloc'ed, *out) that load_compiled
     * runs in any runtime of this engine and host, as load_buffer would run
     * src. compile runs no script code and logs nothing; 0 or negative. */
    int (*compile)(weft__rt *rt, const char *src, size_t len, const char *display, char **out,
                   size_t *out_len);
    int (*load_compiled)(weft__rt *rt, const char *buf, size_t len, const char *display);
    /* Optional: make the globals `names` (NULL-terminated) run prelude i
     * (weft__prelude_run) on first use; 0 or negative (then it runs now). */
    int (*define_lazy)(weft__rt *rt, const char *const *names, size_t i);
    /* Server entries (`weft serve`; NULL for `weft run`). Contracts in
     * src/host/server.h ("The runtime interface"). The host wraps each call
     * in weft__host_enter/leave; a runtime never enters itself. */
    int (*load_script)(weft__rt *rt, const char *path, const char *display);
    void (*dispatch_event)(weft__rt *rt, const char *name, const char *args, size_t len,
                           const char *source);
    void (*call_ref)(weft__rt *rt, uint32_t index, const char *args, size_t len,
                     struct weft__call_result *out);
    void (*ref_dup)(weft__rt *rt, uint32_t index);
    void (*ref_release)(weft__rt *rt, uint32_t index);
    void (*settle_call)(weft__rt *rt, struct weft__call *call, int status, const char *buf,
                        size_t len);
    void (*frame)(weft__rt *rt);
    void (*stop)(weft__rt *rt);
    void (*free)(weft__rt *rt);
    size_t (*memory)(weft__rt *rt);
    /* For resmon (may be NULL): function references this runtime holds
     * for others, and its pending timers (JS timeouts and immediates, Lua
     * Wait/SetTimeout threads). */
    void (*counts)(weft__rt *rt, size_t *live_refs, size_t *timers);
} weft__rt_ops;

struct weft__rt {
    weft_host *host;
    const weft__rt_ops *ops;
    weft__rt *dirty_next;
    int dirty;
    /* Server mode only (zero in `weft run`): */
    uint32_t instance;               /* host-wide unique, the middle of ref ids */
    struct weft__resource *resource; /* owning resource */
    weft__rt *res_next;              /* next runtime of the same resource */
    int stopped;                     /* stopped: no new entries, checkpoint skips it */
    /* Set by the server around load_script: a script error while loading
     * is written here as one line ("@res/f.js:3:7: Error: message"),
     * not logged; NULL otherwise. */
    char *load_error;
    size_t load_error_cap;
};

struct weft_host {
    uv_loop_t loop;
    int depth;
    int op_base; /* 1 while a host operation is the bottom entry, else 0 */
    weft__rt *dirty_head, *dirty_tail;
    uint64_t checkpoints; /* checkpoint passes run, for tests and stats */
    /* Set when a script asked to end the process (process.exit): the loop
     * stops and no more script code runs. */
    int exit_requested;
    int exit_code;
    /* async_hooks ids, unique across the host's runtimes (Node's
     * async_id_fields[kAsyncIdCounter]); caller_async_id: the execution
     * async id of the code that made the current event or ref call. */
    int64_t async_id_counter;
    /* uv_hrtime() when `weft run`/`weft serve` first ran the loop and when
     * it ended (perf_hooks' loopStart/loopExit), 0 until then */
    uint64_t loop_start, loop_exit;
    int64_t caller_async_id;
    /* uv_hrtime() (ns) when the current outermost script entry (or a
     * runtime's share of the checkpoint) began, 0 when no script code runs.
     * Written by the loop thread only; read by the watchdog thread. */
    _Atomic uint64_t entry_start;
    /* Set by weft__host_clock_fresh (a runaway was stopped): the entry that
     * called the runaway restarts the clock when it regains control, so the
     * runaway's unwinding is not charged to the next code it calls. */
    unsigned char clock_fresh;
    /* Set (to entry_start) by a first SIGINT/SIGTERM that came while script
     * code ran: that entry is interrupted (src/host/watchdog.c). */
    _Atomic uint64_t interrupt_entry;
    /* uv_hrtime() when a first SIGINT/SIGTERM came that the loop has not
     * handled yet (0: none), and its number: the watchdog thread ends the
     * process past WEFT_SIGNAL_GRACE_MS (src/host/server.c). */
    _Atomic uint64_t signal_since;
    _Atomic int signal_pending;
    _Atomic int signal_quitting; /* the loop handled it: signal_since is the quit's start */
    /* The watchdog thread (src/host/watchdog.c), NULL until a runtime with a
     * CPU limit registers. */
    struct weft__watchdog *watchdog;
    /* `weft serve` / embedding: the server (resources, events, refs), or
     * NULL for `weft run`. after_checkpoint runs at depth 0 once the dirty
     * runtimes are drained (ref releases, queued commands). */
    struct weft__server *server;
    void (*after_checkpoint)(weft_host *h);
    /* Benchmark only (`set weft_drainPolicy`, src/host/bench.c); NULL
     * otherwise. Nonzero return: the checkpoint does not drain now; the hook
     * has scheduled a later drain (1 ms timer or next frame). */
    int (*defer_drain)(weft_host *h);
    /* The profiler/metrics state while recording or accounting, else NULL:
     * the one branch each scope hook takes when off (src/host/prof.h). */
    struct weft__prof *prof;
};

int weft__host_init(weft_host *h);
/* Close the loop; every handle must have been closed by its owner first.
 * Returns 0 or WEFT_ELOOP if handles are still open. */
int weft__host_close(weft_host *h);

void weft__host_checkpoint(weft_host *h);

static inline void weft__rt_init(weft__rt *rt, weft_host *h, const weft__rt_ops *ops)
{
    rt->host = h;
    rt->ops = ops;
    rt->dirty_next = NULL;
    rt->dirty = 0;
    rt->instance = 0;
    rt->resource = NULL;
    rt->res_next = NULL;
    rt->stopped = 0;
}

/* Mark a runtime as having work for the checkpoint. O(1), idempotent. */
static inline void weft__rt_mark_dirty(weft__rt *rt)
{
    if (rt->dirty) return;
    weft_host *h = rt->host;
    rt->dirty = 1;
    rt->dirty_next = NULL;
    if (h->dirty_tail) h->dirty_tail->dirty_next = rt;
    else h->dirty_head = rt;
    h->dirty_tail = rt;
}

/* Remove a runtime from the dirty list (before freeing it). O(n). */
void weft__rt_unlist(weft__rt *rt);

/* Start / stop the clock of an outermost script entry (the checkpoint times
 * each runtime's share with these too). */
static inline void weft__host_clock_start(weft_host *h)
{
    atomic_store_explicit(&h->entry_start, uv_hrtime(), memory_order_relaxed);
}
static inline void weft__host_clock_stop(weft_host *h)
{
    atomic_store_explicit(&h->entry_start, 0, memory_order_relaxed);
}
/* A runaway was stopped: the caller of the stopped runtime gets a fresh
 * budget, from now and again when it regains control (weft__host_leave). */
static inline void weft__host_clock_fresh(weft_host *h)
{
    weft__host_clock_start(h);
    h->clock_fresh = 1;
}
/* uv_hrtime() when the running outermost script entry began, 0 if none. */
static inline uint64_t weft__host_entry_start(weft_host *h)
{
    return atomic_load_explicit(&h->entry_start, memory_order_relaxed);
}

/* Run after the stack unwound to depth 0: the checkpoint, or, when no
 * runtime is dirty, the after-checkpoint work alone (host.c). */
void weft__host_unwound(weft_host *h);

/* Enter script code of `rt` from C (event, call, timer, module load...), or
 * with rt NULL begin a host operation (lifecycle change, an emit from the
 * console or the embedding API): no script code of its own, but the
 * checkpoint waits for its end; each script entry it makes is timed on its
 * own. The outermost script entry starts the watchdog's clock. */
static inline void weft__host_enter(weft_host *h, weft__rt *rt)
{
    if (rt) {
        if (h->depth == h->op_base) weft__host_clock_start(h);
        weft__rt_mark_dirty(rt);
    } else if (h->depth == 0) {
        h->op_base = 1;
    }
    h->depth++;
}

/* The depth and clock half of weft__host_leave; 1 when the stack unwound. */
static inline int weft__host_leave_clock(weft_host *h)
{
    if (--h->depth == h->op_base) {
        weft__host_clock_stop(h);
        h->clock_fresh = 0;
    } else if (h->clock_fresh && h->depth > h->op_base) {
        weft__host_clock_start(h);
        h->clock_fresh = 0;
    }
    if (h->depth) return 0;
    h->op_base = 0;
    return 1;
}

/* Leave script code (or the operation); when the whole stack has unwound,
 * run the checkpoint. */
static inline void weft__host_leave(weft_host *h)
{
    if (weft__host_leave_clock(h)) weft__host_unwound(h);
}

/* A runtime's teardown, which may run script code with no entry of its own
 * (Lua's lua_close runs __gc finalizers): timed as a script entry, so the
 * CPU limit and a signal reach it, but no runtime is marked dirty and the
 * end runs no checkpoint (the caller is freeing state; work the finalizers
 * queued elsewhere waits for the next unwind). */
static inline void weft__host_enter_teardown(weft_host *h)
{
    if (h->depth == h->op_base) weft__host_clock_start(h);
    h->depth++;
}
static inline void weft__host_leave_teardown(weft_host *h)
{
    (void)weft__host_leave_clock(h);
}

#endif
