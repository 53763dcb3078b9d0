/* bench.c: benchmark-only hooks for bench/host/ (issue 5), inert until a
 * server sets the convar weft_drainPolicy:
 *   immediate  weft's checkpoint, unchanged (the default);
 *   fasttick   the checkpoint's drain is deferred to a 1 ms uv timer (the
 *              seed's fix: FiveM's TickFast);
 *   frame      the drain is deferred to the next frame tick (before the fix:
 *              continuations waited for the resource tick).
 * Setting it also registers the native WeftBenchRusage() (getrusage of the
 * process and its RSS) for the benchmark scripts.
 * Invariants: a deferred drain runs the same checkpoint loop, at depth 0,
 * from a loop callback (the timer, or the frame before and during its work);
 * runtimes stay on the dirty list meanwhile, so nothing is lost or drained
 * twice. With the policy immediate the hook is removed (h->defer_drain NULL). */
#include <msgpack.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/resource.h>
#include "host/server.h"

/* The seed's fast tick period (FiveM's UvLoopTimer), in ms. A model of
 * the fix being compared against, not a weft tunable. */
#define BENCH_FASTTICK_MS 1

enum { POLICY_IMMEDIATE = 0, POLICY_FASTTICK, POLICY_FRAME };

struct weft__bench {
    weft_host *h;
    int policy;
    int draining; /* a deferred drain (or a frame) is running: drain now */
    uv_timer_t timer;
};

static void drain_now(weft_host *h)
{
    struct weft__bench *b = h->server->bench;
    if (h->depth || !h->dirty_head) return;
    b->draining = 1;
    weft__host_checkpoint(h);
    b->draining = 0;
}

static void timer_cb(uv_timer_t *t)
{
    drain_now(((struct weft__bench *)t->data)->h);
}

/* The checkpoint's hook: nonzero = "not now, later". */
static int defer_drain(weft_host *h)
{
    struct weft__bench *b = h->server->bench;
    if (b->draining) return 0;
    if (b->policy == POLICY_FASTTICK && !uv_is_active((uv_handle_t *)&b->timer))
        uv_timer_start(&b->timer, timer_cb, BENCH_FASTTICK_MS, 0);
    return 1;
}

/* WeftBenchRusage(): [user_us, sys_us, maxrss_kib, rss_bytes] of the process. */
static int native_rusage(void *ud, const char *args, size_t len, char **result, size_t *rlen)
{
    (void)ud, (void)args, (void)len;
    struct rusage ru;
    size_t rss = 0;
    getrusage(RUSAGE_SELF, &ru);
    uv_resident_set_memory(&rss);
    msgpack_sbuffer sb;
    msgpack_packer pk;
    msgpack_sbuffer_init(&sb);
    msgpack_packer_init(&pk, &sb, msgpack_sbuffer_write);
    msgpack_pack_array(&pk, 4);
    msgpack_pack_double(&pk, (double)ru.ru_utime.tv_sec * 1e6 + (double)ru.ru_utime.tv_usec);
    msgpack_pack_double(&pk, (double)ru.ru_stime.tv_sec * 1e6 + (double)ru.ru_stime.tv_usec);
    msgpack_pack_double(&pk, (double)ru.ru_maxrss);
    msgpack_pack_double(&pk, (double)rss);
    if (!sb.data) return WEFT_ENOMEM;
    *result = sb.data;
    *rlen = sb.size;
    return 0;
}

int weft__bench_set_policy(weft_host *h, const char *value)
{
    weft__server *s = h->server;
    int policy = !strcasecmp(value, "immediate") ? POLICY_IMMEDIATE
                 : !strcasecmp(value, "fasttick") ? POLICY_FASTTICK
                 : !strcasecmp(value, "frame")    ? POLICY_FRAME
                                                  : -1;
    if (policy < 0) {
        weft__log(h, "weft", "weft_drainPolicy: expected immediate, fasttick or frame");
        return WEFT_EINVAL;
    }
    if (!s->bench) {
        struct weft__bench *b = calloc(1, sizeof *b);
        if (!b) return WEFT_ENOMEM;
        b->h = h;
        uv_timer_init(&h->loop, &b->timer);
        b->timer.data = b;
        s->bench = b;
        if (!weft__native_find(h, "WeftBenchRusage"))
            weft_host_register_native(h, "WeftBenchRusage", native_rusage, NULL);
    }
    s->bench->policy = policy;
    h->defer_drain = policy == POLICY_IMMEDIATE ? NULL : defer_drain;
    /* What waited for the old policy drains at the next loop iteration. */
    if (policy != POLICY_FRAME) uv_timer_start(&s->bench->timer, timer_cb, 0, 0);
    return 0;
}

/* frame.c, around one frame: drain what waited, and drain at once while the
 * frame's work runs (the resource tick drained its runtime). */
void weft__bench_frame(weft_host *h, int begin)
{
    struct weft__bench *b = h->server->bench;
    if (begin) {
        drain_now(h);
        b->draining = 1;
    } else {
        b->draining = 0;
    }
}

static void closed_cb(uv_handle_t *handle)
{
    free(handle->data);
}

/* On quit: back to immediate, close the timer (the struct goes with it). */
void weft__bench_close(weft_host *h)
{
    struct weft__bench *b = h->server->bench;
    if (!b) return;
    h->defer_drain = NULL;
    h->server->bench = NULL;
    uv_close((uv_handle_t *)&b->timer, closed_cb);
}
