/* frame.c: the server frame tick at sv_frameRate Hz (default
 * WEFT_FRAME_RATE), re-armed on an absolute deadline (frame n is due at
 * start + n * period: no drift; frames missed by a hitch are skipped, not
 * bunched), with a hitch warning when a frame starts more than
 * sv_hitchWarning ms (default WEFT_HITCH_WARNING_MS) late. Each runtime's
 * frame work is its own host entry, so its continuations run right after. */
#include "host/server.h"

static void frame_cb(uv_timer_t *t);

static uint64_t period_ns(weft__server *s)
{
    int hz = weft__convars_get_int(&s->convars, "sv_frameRate", WEFT_FRAME_RATE);
    if (hz < 1) hz = 1;
    if (hz > 1000) hz = 1000;
    return 1000000000ull / (uint64_t)hz;
}

static void arm(weft_host *h)
{
    weft__server *s = h->server;
    uint64_t now = uv_hrtime();
    uint64_t p = period_ns(s);
    s->next_frame_ns += p;
    if (s->next_frame_ns <= now) /* skip the frames a hitch swallowed */
        s->next_frame_ns += ((now - s->next_frame_ns) / p + 1) * p;
    uint64_t ms = (s->next_frame_ns - now + 999999) / 1000000;
    uv_timer_start(&s->frame_timer, frame_cb, ms, 0);
}

/* One frame: every started resource's runtimes, in start order. Bound: one
 * pass over the resource list; a resource stopped meanwhile is skipped. */
void weft__frame_run(weft_host *h)
{
    weft__server *s = h->server;
    s->frames++;
    if (h->prof) weft__prof_frame_begin(h);
    if (s->bench) weft__bench_frame(h, 1); /* benchmarks only: deferred drains */
    weft__srv_emit_queued(h);
    for (weft__resource *r = s->resources; r; r = r->next) {
        if (r->state != WEFT_RES_STARTED) continue;
        for (weft__rt *rt = r->rts; rt; rt = rt->res_next) {
            if (rt->stopped || !rt->ops->frame) continue;
            weft__prof_begin(h, rt, WEFT_PROF_TICK, NULL);
            weft__host_enter(h, rt);
            rt->ops->frame(rt);
            weft__host_leave(h);
            weft__prof_end(h);
        }
    }
    if (s->bench) weft__bench_frame(h, 0);
    if (h->prof) weft__prof_frame_end(h);
}

static void frame_cb(uv_timer_t *t)
{
    weft_host *h = t->data;
    weft__server *s = h->server;
    uint64_t now = uv_hrtime();
    int hitch = weft__convars_get_int(&s->convars, "sv_hitchWarning", WEFT_HITCH_WARNING_MS);
    if (now > s->next_frame_ns && (now - s->next_frame_ns) / 1000000 > (uint64_t)hitch)
        weft__prof_hitch(h, (now - s->next_frame_ns) / 1000000); /* names who ran */
    weft__frame_run(h);
    if (!s->quit_done) arm(h);
}

int weft__frame_init(weft_host *h)
{
    weft__server *s = h->server;
    if (s->frame_running) return 0;
    uv_timer_init(&h->loop, &s->frame_timer);
    s->frame_timer.data = h;
    s->frame_running = 1;
    s->next_frame_ns = uv_hrtime();
    arm(h);
    return 0;
}

void weft__frame_close(weft_host *h)
{
    weft__server *s = h->server;
    if (!s->frame_running) return;
    s->frame_running = 0;
    uv_close((uv_handle_t *)&s->frame_timer, NULL);
}
