/* host.c: host set-up, error names, and the checkpoint (DESIGN.md §2): when
 * the C->script depth returns to 0, drain every dirty runtime, oldest first,
 * until none is dirty. */
#include <stdlib.h>
#include "host/host.h"
#include "host/prof.h"
#include "host/watchdog.h"

static const struct {
    int code;
    const char *name, *msg;
} weft__errors[] = {
#define WEFT_ERR_ROW(name, value, msg) {value, #name, msg},
    WEFT_ERRNO_MAP(WEFT_ERR_ROW)
#undef WEFT_ERR_ROW
};

const char *weft_strerror(int err)
{
    for (size_t i = 0; i < sizeof weft__errors / sizeof weft__errors[0]; i++)
        if (weft__errors[i].code == err) return weft__errors[i].msg;
    return "unknown error";
}

const char *weft_err_name(int err)
{
    for (size_t i = 0; i < sizeof weft__errors / sizeof weft__errors[0]; i++)
        if (weft__errors[i].code == err) return weft__errors[i].name;
    return "UNKNOWN";
}

int weft__host_init(weft_host *h)
{
    *h = (weft_host){0};
    if (uv_loop_init(&h->loop) != 0) return WEFT_ELOOP;
    /* the loop's idle time, for perf_hooks' eventLoopUtilization */
    uv_loop_configure(&h->loop, UV_METRICS_IDLE_TIME);
    return 0;
}

static void weft__close_walk(uv_handle_t *handle, void *arg)
{
    (void)arg;
    if (!uv_is_closing(handle)) uv_close(handle, NULL);
}

int weft__host_close(weft_host *h)
{
    int rc = 0;
    weft__wd_close(h);
    if (uv_loop_close(&h->loop) == UV_EBUSY) {
        /* A handle still open is a bug in its owner; close it so the loop
         * can be freed, and report. */
        uv_walk(&h->loop, weft__close_walk, NULL);
        uv_run(&h->loop, UV_RUN_DEFAULT);
        uv_loop_close(&h->loop);
        rc = WEFT_ELOOP;
    }
    return rc;
}

void weft__rt_unlist(weft__rt *rt)
{
    weft_host *h = rt->host;
    weft__rt *prev = NULL;
    for (weft__rt *r = h->dirty_head; r; prev = r, r = r->dirty_next) {
        if (r != rt) continue;
        if (prev) prev->dirty_next = r->dirty_next;
        else h->dirty_head = r->dirty_next;
        if (h->dirty_tail == r) h->dirty_tail = prev;
        break;
    }
    rt->dirty = 0;
    rt->dirty_next = NULL;
}

/* Bound: each pass takes the oldest dirty runtime; the loop ends when no
 * runtime's work dirties another. A runtime whose work keeps queueing more
 * work (a nextTick that re-queues itself forever) never ends, as in Node. */
void weft__host_checkpoint(weft_host *h)
{
    if (h->defer_drain && h->defer_drain(h)) return; /* benchmarks only */
    h->depth++; /* entries made by checkpoint work must not nest a checkpoint */
    while (h->dirty_head && !h->exit_requested) {
        weft__rt *rt = h->dirty_head;
        h->dirty_head = rt->dirty_next;
        if (!h->dirty_head) h->dirty_tail = NULL;
        rt->dirty_next = NULL;
        /* rt->dirty stays 1 while it drains: its own new work is drained by
         * this same call, not listed again. */
        h->checkpoints++;
        weft__prof_begin(h, rt, WEFT_PROF_CALLBACKS, "drain");
        weft__host_clock_start(h); /* each runtime's share is one entry */
        rt->ops->checkpoint(rt);
        weft__host_clock_stop(h);
        weft__prof_end(h);
        rt->dirty = 0;
    }
    h->depth--;
    if (h->after_checkpoint && !h->depth) h->after_checkpoint(h);
}

void weft__host_unwound(weft_host *h)
{
    if (h->dirty_head)
        weft__host_checkpoint(h);
    else if (h->after_checkpoint)
        h->after_checkpoint(h);
}
