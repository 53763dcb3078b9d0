/* test.c: natives the host tests use to exercise every path of the natives
 * mechanism (src/host/natives.c), registered only by `set weft_testNatives 1`
 * in a server.cfg. They also serve as the smallest example of an API area:
 *   WeftTestEcho(...)          sync: returns its arguments as one array
 *   WeftTestFail()             sync: fails (WEFT_EINVAL)
 *   WeftTestAfter(ms, value)   async: resolves with value after ms (loop timer)
 *   WeftTestWork(value)        async: resolves from a libuv work thread
 *   WeftTestNow(value)         async: resolves before the native returns
 *   WeftTestReject(message)    async: rejects after 1 ms with message
 *   WeftTestClock()            sync: uv_hrtime() in ns (benchmarks, both languages)
 * Invariant: every pending timer is settled or dropped when the server quits
 * (on_close), so nothing leaks and no handle outlives the loop. */
#include <stdlib.h>
#include <string.h>
#include <uv.h>
#include "host/msgpack.h"
#include "host/server.h"

typedef struct test_area test_area;

typedef struct test_timer {
    uv_timer_t timer;
    test_area *area;
    weft_call *call;
    char *value; /* msgpack; NULL: reject with `message` */
    size_t len;
    char message[128];
    struct test_timer *next, *prev;
} test_timer;

struct test_area {
    weft_host *h;
    test_timer *timers;
};

typedef struct test_work {
    uv_work_t req;
    weft_call *call;
    char *value;
    size_t len;
} test_work;

/* The raw bytes of argument i (0-based) of a msgpack argument array, or -1. */
static int arg_span(const char *args, size_t len, uint32_t i, const char **p, size_t *n)
{
    weft__mp_reader r = {(const uint8_t *)args, (const uint8_t *)args + len};
    weft__mp_token t;
    if (weft__codec_mp_next(&r, &t) < 0 || t.type != WEFT__MP_ARRAY || i >= t.len) return -1;
    for (uint32_t k = 0; k < i; k++)
        if (weft__mp_skip(&r) < 0) return -1;
    const uint8_t *start = r.p;
    if (weft__mp_skip(&r) < 0) return -1;
    *p = (const char *)start;
    *n = (size_t)(r.p - start);
    return 0;
}

static char *dup_bytes(const char *p, size_t n)
{
    char *b = malloc(n ? n : 1);
    if (b) memcpy(b, p, n);
    return b;
}

static int t_echo(void *ud, const char *args, size_t len, char **result, size_t *rlen)
{
    if (!(*result = dup_bytes(args, len))) return WEFT_ENOMEM;
    *rlen = len;
    return 0;
}

static int t_clock(void *ud, const char *args, size_t len, char **result, size_t *rlen)
{
    uint64_t ns = uv_hrtime();
    if (!(*result = malloc(9))) return WEFT_ENOMEM;
    (*result)[0] = (char)0xcf; /* uint64, big-endian */
    for (int i = 0; i < 8; i++) (*result)[1 + i] = (char)(ns >> (56 - 8 * i));
    *rlen = 9;
    return 0;
}

static int t_fail(void *ud, const char *args, size_t len, char **result, size_t *rlen)
{
    return WEFT_EINVAL;
}

static void timer_closed(uv_handle_t *hd)
{
    test_timer *t = hd->data;
    free(t->value);
    free(t);
}

static void timer_finish(test_area *a, test_timer *t, int drop)
{
    if (t->prev)
        t->prev->next = t->next;
    else
        a->timers = t->next;
    if (t->next) t->next->prev = t->prev;
    if (drop)
        weft_call_reject(t->call, "the server is stopping");
    else if (t->value)
        weft_call_resolve(t->call, t->value, t->len);
    else
        weft_call_reject(t->call, t->message);
    uv_close((uv_handle_t *)&t->timer, timer_closed);
}

static void timer_fired(uv_timer_t *tm)
{
    test_timer *t = tm->data;
    timer_finish(t->area, t, 0);
}

static int start_timer(test_area *a, weft_call *call, uint64_t ms, const char *value, size_t len,
                       const char *message)
{
    test_timer *t = calloc(1, sizeof *t);
    if (!t || (value && !(t->value = dup_bytes(value, len)))) {
        free(t);
        return WEFT_ENOMEM;
    }
    t->len = len;
    t->call = call;
    t->area = a;
    snprintf(t->message, sizeof t->message, "%s", message ? message : "");
    uv_timer_init(&a->h->loop, &t->timer);
    t->timer.data = t;
    t->next = a->timers;
    if (a->timers) a->timers->prev = t;
    a->timers = t;
    uv_timer_start(&t->timer, timer_fired, ms, 0);
    return 0;
}

static int t_after(void *ud, weft_call *call, const char *args, size_t len)
{
    const char *ms_p, *v;
    size_t ms_n, vn;
    if (arg_span(args, len, 0, &ms_p, &ms_n) < 0 || arg_span(args, len, 1, &v, &vn) < 0)
        return WEFT_EINVAL;
    weft__mp_reader r = {(const uint8_t *)ms_p, (const uint8_t *)ms_p + ms_n};
    weft__mp_token t;
    if (weft__codec_mp_next(&r, &t) < 0 || t.type != WEFT__MP_INT || t.i < 0) return WEFT_EINVAL;
    return start_timer(ud, call, (uint64_t)t.i, v, vn, NULL);
}

static int t_reject(void *ud, weft_call *call, const char *args, size_t len)
{
    const char *m;
    size_t mn;
    weft__mp_token t;
    if (arg_span(args, len, 0, &m, &mn) < 0) return WEFT_EINVAL;
    weft__mp_reader r = {(const uint8_t *)m, (const uint8_t *)m + mn};
    if (weft__codec_mp_next(&r, &t) < 0 || t.type != WEFT__MP_STR) return WEFT_EINVAL;
    char msg[128];
    snprintf(msg, sizeof msg, "%.*s", (int)t.len, t.p);
    return start_timer(ud, call, 1, NULL, 0, msg);
}

static int t_now(void *ud, weft_call *call, const char *args, size_t len)
{
    const char *v;
    size_t vn;
    if (arg_span(args, len, 0, &v, &vn) < 0) return WEFT_EINVAL;
    return weft_call_resolve(call, v, vn);
}

/* On a libuv pool thread: settle from there (the cross-thread path). */
static void work_run(uv_work_t *req)
{
    test_work *w = req->data;
    weft_call_resolve(w->call, w->value, w->len);
}

static void work_done(uv_work_t *req, int status)
{
    test_work *w = req->data;
    free(w->value);
    free(w);
}

static int t_work(void *ud, weft_call *call, const char *args, size_t len)
{
    test_area *a = ud;
    const char *v;
    size_t vn;
    if (arg_span(args, len, 0, &v, &vn) < 0) return WEFT_EINVAL;
    test_work *w = calloc(1, sizeof *w);
    if (!w || !(w->value = dup_bytes(v, vn))) {
        free(w);
        return WEFT_ENOMEM;
    }
    w->len = vn;
    w->call = call;
    w->req.data = w;
    if (uv_queue_work(&a->h->loop, &w->req, work_run, work_done) != 0) {
        free(w->value);
        free(w);
        return WEFT_ELOOP;
    }
    return 0;
}

static void area_close(weft_host *h, void *ud)
{
    test_area *a = ud;
    /* Bound: each step removes one timer from the list. */
    while (a->timers)
        timer_finish(a, a->timers, 1);
    free(a);
}

static const weft_native natives[] = {
    {"WeftTestEcho", t_echo, NULL},
    {"WeftTestFail", t_fail, NULL},
    {"WeftTestAfter", NULL, t_after},
    {"WeftTestWork", NULL, t_work},
    {"WeftTestNow", NULL, t_now},
    {"WeftTestReject", NULL, t_reject},
    {"WeftTestClock", t_clock, NULL},
    {NULL, NULL, NULL},
};

int weft__api_test_enable(weft_host *h)
{
    if (weft__native_find(h, "WeftTestEcho")) return 0;
    test_area *a = calloc(1, sizeof *a);
    if (!a) return WEFT_ENOMEM;
    a->h = h;
    int rc = weft_host_register_natives(h, natives, a);
    if (rc == 0) rc = weft__natives_on_close(h, area_close, a);
    if (rc < 0) free(a);
    return rc;
}
