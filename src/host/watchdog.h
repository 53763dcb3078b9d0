/* watchdog.h: the CPU watchdog thread shared by a host's runtimes (both
 * languages). The interpreters check their time limits themselves (QuickJS's
 * interrupt handler, Lua's count hook), but only every so many instructions;
 * a loop of single costly operations (new Uint8Array(2e8), string.rep(s,
 * 1e8)) runs few instructions per second. While one script entry has been
 * running for WEFT_WATCHDOG_TICK_MS or more, the thread "pokes" every
 * registered runtime once per tick: the runtime's next poll then runs its
 * check on the loop thread, where the limits are enforced. It does the same
 * after a SIGINT/SIGTERM that came while script code ran. */
#ifndef WEFT_WATCHDOG_H
#define WEFT_WATCHDOG_H

#include "host/host.h"

typedef struct weft__wd_target weft__wd_target;
struct weft__wd_target {
    /* Called on the watchdog thread with the watchdog lock held: only
     * thread-safe requests (JS_RequestInterrupt, lua_sethook). */
    void (*poke)(weft__wd_target *t);
    weft__wd_target *next;
};

/* Register a runtime (starts the thread on first use). Returns 0, or
 * WEFT_ENOMEM / WEFT_ELOOP when the thread cannot be made (then the runtime
 * only has its interpreter's own polling). Loop thread only. */
int weft__wd_add(weft_host *h, weft__wd_target *t);
/* Start the thread with no target (signal handling needs it: a blocked loop
 * is ended past WEFT_SIGNAL_GRACE_MS). Returns 0 or as weft__wd_add. */
int weft__wd_start(weft_host *h);
/* Unregister; after it returns, poke is not running and is never called
 * again for t. Loop thread only. */
void weft__wd_remove(weft_host *h, weft__wd_target *t);
/* Hold the watchdog lock while changing what a poke reads (Lua's running
 * thread). No-ops without a watchdog. */
void weft__wd_lock(weft_host *h);
void weft__wd_unlock(weft_host *h);
/* Ask for the running entry to be interrupted: async-signal-safe (the
 * SIGINT/SIGTERM handler); the pokes follow within a tick. */
void weft__wd_interrupt_running(weft_host *h);
/* 1 if the running entry was asked to stop by a signal. */
static inline int weft__wd_interrupted(weft_host *h)
{
    uint64_t e = atomic_load_explicit(&h->interrupt_entry, memory_order_relaxed);
    return e && e == weft__host_entry_start(h);
}
/* Stop and join the thread (host teardown). */
void weft__wd_close(weft_host *h);

#endif
