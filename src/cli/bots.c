/* bots.c: `weft bots N URL [options]`: N players (include/weft_client.h) on
 * one loop, each sending a net event at a given rate; when the server
 * answers each one with a client event (the echo), the round trip is
 * measured. Prints one summary line (parsed by bench/net/run.mjs):
 *   bots N joined J sent S received R lost L dropped D p50_us P p99_us Q
 * Ends after --seconds (then waits up to 2 s for answers in flight). */
#include <msgpack.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "weft_client.h"

typedef struct bot {
    weft_client *c;
    uv_timer_t timer;
    struct bots *all;
    int index, joined, closed;
    uint64_t seq;
} bot;

typedef struct bots {
    uv_loop_t *loop;
    bot *b;
    int n, rate, joined, dropped, closed_n, stopping;
    const char *event, *answer;
    uint64_t sent, received;
    uint64_t *rtt;
    size_t nrtt, caprtt;
    uv_timer_t end_timer, grace_timer;
    uint64_t end_ms;
} bots;

static void send_one(uv_timer_t *t)
{
    bot *b = t->data;
    bots *a = b->all;
    if (!b->joined || b->closed || a->stopping) return;
    msgpack_sbuffer sb;
    msgpack_packer pk;
    msgpack_sbuffer_init(&sb);
    msgpack_packer_init(&pk, &sb, msgpack_sbuffer_write);
    msgpack_pack_array(&pk, 2);
    msgpack_pack_uint64(&pk, b->seq++);
    msgpack_pack_uint64(&pk, uv_hrtime());
    if (sb.data && weft_client_emit(b->c, a->event, sb.data, sb.size) == 0) a->sent++;
    msgpack_sbuffer_destroy(&sb);
}

static void on_joined(weft_client *c, int id, void *ud)
{
    bot *b = ud;
    b->joined = 1;
    b->all->joined++;
    /* spread the bots over the period so they do not send in lockstep */
    uint64_t period = 1000 / (uint64_t)(b->all->rate > 0 ? b->all->rate : 1);
    if (!period) period = 1;
    uv_timer_start(&b->timer, send_one, 1 + (uint64_t)b->index % period, period);
}

static void on_event(weft_client *c, const char *name, const char *args, size_t len, void *ud)
{
    bot *b = ud;
    bots *a = b->all;
    if (strcmp(name, a->answer)) return;
    msgpack_unpacked u;
    msgpack_unpacked_init(&u);
    if (msgpack_unpack_next(&u, args, len, NULL) == MSGPACK_UNPACK_SUCCESS &&
        u.data.type == MSGPACK_OBJECT_ARRAY && u.data.via.array.size >= 2 &&
        u.data.via.array.ptr[1].type == MSGPACK_OBJECT_POSITIVE_INTEGER) {
        uint64_t t0 = u.data.via.array.ptr[1].via.u64;
        a->received++;
        if (a->nrtt == a->caprtt) {
            size_t cap = a->caprtt ? a->caprtt * 2 : 4096;
            uint64_t *p = realloc(a->rtt, cap * sizeof *p);
            if (p) a->rtt = p, a->caprtt = cap;
        }
        if (a->nrtt < a->caprtt) a->rtt[a->nrtt++] = uv_hrtime() - t0;
    }
    msgpack_unpacked_destroy(&u);
}

static void on_closed(weft_client *c, const char *reason, void *ud)
{
    bot *b = ud;
    bots *a = b->all;
    b->closed = 1;
    b->c = NULL;
    a->closed_n++;
    if (!a->stopping) {
        a->dropped++;
        if (a->dropped <= 5) fprintf(stderr, "bot %d dropped: %s\n", b->index, reason);
    }
    uv_timer_stop(&b->timer);
    uv_close((uv_handle_t *)&b->timer, NULL);
}

static const weft_client_callbacks cbs = {on_joined, on_event, NULL, on_closed};

static int cmp_u64(const void *x, const void *y)
{
    uint64_t a = *(const uint64_t *)x, b = *(const uint64_t *)y;
    return a < b ? -1 : a > b;
}

static void close_all(bots *a)
{
    for (int i = 0; i < a->n; i++)
        if (a->b[i].c && !a->b[i].closed) weft_client_close(a->b[i].c);
    uv_close((uv_handle_t *)&a->grace_timer, NULL);
}

static void grace_cb(uv_timer_t *t)
{
    bots *a = t->data;
    /* answers still in flight get 2 s; then stop */
    if (a->received < a->sent && uv_now(a->loop) < a->end_ms + 2000) return;
    uv_timer_stop(t);
    close_all(a);
}

static void end_cb(uv_timer_t *t)
{
    bots *a = t->data;
    for (int i = 0; i < a->n; i++) uv_timer_stop(&a->b[i].timer);
    a->stopping = 1;
    a->end_ms = uv_now(a->loop);
    uv_close((uv_handle_t *)t, NULL);
    uv_timer_start(&a->grace_timer, grace_cb, 10, 10);
}

int weft__cli_bots(int argc, char **argv)
{
    if (argc < 4) {
        fprintf(stderr, "usage: weft bots N URL [--rate PER_SECOND] [--seconds S] "
                        "[--event NAME] [--answer NAME]\n"
                        "  URL: ws://127.0.0.1:30120 or enet://127.0.0.1:30120\n");
        return 2;
    }
    bots a = {0};
    a.n = atoi(argv[2]);
    const char *url = argv[3];
    a.rate = 20;
    a.event = "weft:bench";
    a.answer = "weft:bench";
    double seconds = 5;
    for (int i = 4; i + 1 < argc; i += 2) {
        if (!strcmp(argv[i], "--rate")) a.rate = atoi(argv[i + 1]);
        else if (!strcmp(argv[i], "--seconds")) seconds = atof(argv[i + 1]);
        else if (!strcmp(argv[i], "--event")) a.event = argv[i + 1];
        else if (!strcmp(argv[i], "--answer")) a.answer = argv[i + 1];
    }
    if (a.n <= 0 || a.n > 100000) {
        fprintf(stderr, "weft bots: N must be 1..100000\n");
        return 2;
    }
    uv_loop_t loop;
    uv_loop_init(&loop);
    a.loop = &loop;
    a.b = calloc((size_t)a.n, sizeof *a.b);
    if (!a.b) return 1;
    for (int i = 0; i < a.n; i++) {
        bot *b = &a.b[i];
        b->all = &a;
        b->index = i;
        uv_timer_init(&loop, &b->timer);
        b->timer.data = b;
        char name[32];
        snprintf(name, sizeof name, "bot%d", i);
        if (weft_client_connect(&loop, url, name, &cbs, b, &b->c)) {
            fprintf(stderr, "weft bots: bad URL %s\n", url);
            return 2;
        }
    }
    uv_timer_init(&loop, &a.end_timer);
    a.end_timer.data = &a;
    uv_timer_init(&loop, &a.grace_timer);
    a.grace_timer.data = &a;
    uv_timer_start(&a.end_timer, end_cb, (uint64_t)(seconds * 1000), 0);
    uv_run(&loop, UV_RUN_DEFAULT);
    uv_loop_close(&loop);
    qsort(a.rtt, a.nrtt, sizeof *a.rtt, cmp_u64);
    uint64_t p50 = a.nrtt ? a.rtt[a.nrtt / 2] / 1000 : 0;
    uint64_t p99 = a.nrtt ? a.rtt[a.nrtt * 99 / 100] / 1000 : 0;
    printf("bots %d joined %d sent %llu received %llu lost %llu dropped %d p50_us %llu p99_us "
           "%llu\n",
           a.n, a.joined, (unsigned long long)a.sent, (unsigned long long)a.received,
           (unsigned long long)(a.sent - a.received), a.dropped, (unsigned long long)p50,
           (unsigned long long)p99);
    free(a.rtt);
    free(a.b);
    return a.dropped || a.joined < a.n ? 1 : 0;
}
