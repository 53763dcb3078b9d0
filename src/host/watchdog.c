/* watchdog.c: the CPU watchdog thread (see watchdog.h). It never touches
 * script state itself: it only asks each registered runtime to run its own
 * check soon, through a thread-safe request, while an entry runs long or a
 * signal asked for an interrupt, and ends the process when a first signal
 * stays unhandled (the loop blocked in C work). One per host; started by the
 * first runtime that registers or by weft_host_catch_signals, joined at host
 * close. */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include "host/watchdog.h"

struct weft__watchdog {
    uv_thread_t thread;
    uv_mutex_t lock;
    uv_cond_t wake;
    int quit;
    weft_host *h;
    weft__wd_target *targets;
};

/* A first signal the loop has not handled within WEFT_SIGNAL_GRACE_MS (the
 * loop is blocked where no limit reaches), or the quit it started not ended
 * within WEFT_SIGNAL_QUIT_MS: end the process, saying so. */
static void wd_signal_overdue(weft_host *h)
{
    uint64_t since = atomic_load_explicit(&h->signal_since, memory_order_relaxed);
    int quitting = atomic_load_explicit(&h->signal_quitting, memory_order_relaxed);
    int limit = quitting ? WEFT_SIGNAL_QUIT_MS : WEFT_SIGNAL_GRACE_MS;
    if (!since || uv_hrtime() - since < (uint64_t)limit * 1000000) return;
    int sig = atomic_load_explicit(&h->signal_pending, memory_order_relaxed);
    const char *name = sig == SIGINT ? "SIGINT" : "SIGTERM";
    char msg[200];
    int n = quitting ? snprintf(msg, sizeof msg,
                                "[weft] %s: the quit did not end within %d ms (a stop handler or "
                                "finalizer does not return): exiting now\n",
                                name, limit)
                     : snprintf(msg, sizeof msg,
                                "[weft] %s not handled within %d ms (the loop is blocked): "
                                "exiting now\n",
                                name, limit);
    if (n < 0) n = 0;
    if ((size_t)n >= sizeof msg) n = (int)sizeof msg - 1;
    fflush(stdout);
    if (write(1, msg, (size_t)n) < 0) { /* nothing more to do */
    }
    _exit(128 + sig);
}

/* Bound: one pass per tick until quit; each pass pokes every target once. */
static void wd_main(void *arg)
{
    struct weft__watchdog *w = arg;
    weft_host *h = w->h;
    const uint64_t tick = (uint64_t)WEFT_WATCHDOG_TICK_MS * 1000000;
    uv_mutex_lock(&w->lock);
    while (!w->quit) {
        uv_cond_timedwait(&w->wake, &w->lock, tick);
        if (w->quit) break;
        wd_signal_overdue(h);
        uint64_t start = weft__host_entry_start(h);
        if (!start) continue;
        if (uv_hrtime() - start < tick && !weft__wd_interrupted(h)) continue;
        for (weft__wd_target *t = w->targets; t; t = t->next)
            t->poke(t);
    }
    uv_mutex_unlock(&w->lock);
}

int weft__wd_start(weft_host *h)
{
    if (h->watchdog) return 0;
    struct weft__watchdog *w = calloc(1, sizeof *w);
    if (!w) return WEFT_ENOMEM;
    w->h = h;
    if (uv_mutex_init(&w->lock)) {
        free(w);
        return WEFT_ELOOP;
    }
    if (uv_cond_init(&w->wake)) {
        uv_mutex_destroy(&w->lock);
        free(w);
        return WEFT_ELOOP;
    }
    if (uv_thread_create(&w->thread, wd_main, w)) {
        uv_cond_destroy(&w->wake);
        uv_mutex_destroy(&w->lock);
        free(w);
        return WEFT_ELOOP;
    }
    h->watchdog = w;
    return 0;
}

int weft__wd_add(weft_host *h, weft__wd_target *t)
{
    int rc = weft__wd_start(h);
    if (rc < 0) return rc;
    struct weft__watchdog *w = h->watchdog;
    uv_mutex_lock(&w->lock);
    t->next = w->targets;
    w->targets = t;
    uv_mutex_unlock(&w->lock);
    return 0;
}

void weft__wd_remove(weft_host *h, weft__wd_target *t)
{
    struct weft__watchdog *w = h->watchdog;
    if (!w) return;
    uv_mutex_lock(&w->lock);
    for (weft__wd_target **pp = &w->targets; *pp; pp = &(*pp)->next) {
        if (*pp != t) continue;
        *pp = t->next;
        break;
    }
    uv_mutex_unlock(&w->lock);
    t->next = NULL;
}

void weft__wd_lock(weft_host *h)
{
    if (h->watchdog) uv_mutex_lock(&h->watchdog->lock);
}

void weft__wd_unlock(weft_host *h)
{
    if (h->watchdog) uv_mutex_unlock(&h->watchdog->lock);
}

void weft__wd_interrupt_running(weft_host *h)
{
    uint64_t start = weft__host_entry_start(h);
    if (start) atomic_store_explicit(&h->interrupt_entry, start, memory_order_relaxed);
}

void weft__wd_close(weft_host *h)
{
    struct weft__watchdog *w = h->watchdog;
    if (!w) return;
    uv_mutex_lock(&w->lock);
    w->quit = 1;
    uv_cond_signal(&w->wake);
    uv_mutex_unlock(&w->lock);
    uv_thread_join(&w->thread);
    uv_cond_destroy(&w->wake);
    uv_mutex_destroy(&w->lock);
    free(w);
    h->watchdog = NULL;
}
