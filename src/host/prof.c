/* prof.c: the profiler (`profiler record|status|saveJSON|save|view|resource`,
 * Chrome Trace Event JSON), per-resource accounting (`resmon`,
 * GetResourceMetrics, GET /perf/ in Prometheus text format) and hitch
 * reports. Scopes are opened and closed by the sites of prof.h; each closed
 * scope charges its self time to its resource.
 * Invariants: h->prof is non-NULL only while recording or accounting; scope
 * stack entries remember the host depth they opened at, so a scope opened
 * while off is never closed by mistake (ends pop only their own depth). */
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "host/files.h"
#include "host/server.h"

typedef struct prof_ev {
    uint64_t ts;   /* uv_hrtime() */
    uint32_t name; /* interned string */
    uint8_t kind;  /* weft__prof_kind, or KIND_FRAME / KIND_HITCH */
    char ph;       /* 'B', 'E', 'i' */
    uint8_t tid;
} prof_ev;

enum { KIND_FRAME = WEFT_PROF_KINDS, KIND_HITCH };
static const char *const kind_cat[] = {"tick", "event", "ref",  "export", "callbacks", "db",
                                       "http", "load",  "user", "frame",  "hitch"};

typedef struct scope {
    weft__resource *res;
    uint64_t t0, child_ns;
    int depth, kind;
    uint32_t name;
    int recorded, drain;
} scope;

struct weft__prof {
    weft_host *h;
    int metrics, recording;
    int64_t frames_left;  /* frames still to record; -1: until stopped */
    weft__resource *only; /* `profiler resource NAME`: record only its scopes */
    uint64_t rec_start, rec_stop, rec_frames;
    prof_ev *ev;
    size_t ev_len, ev_cap;
    char **names;
    uint32_t names_len, names_cap;
    uint32_t *slots; /* open addressing, name index + 1 */
    size_t slots_cap;
    scope stack[WEFT_PROF_MAX_DEPTH];
    int sp; /* may exceed WEFT_PROF_MAX_DEPTH: deeper scopes are not kept */
    /* frames */
    uint64_t frame_t0, frames, frame_sum_ns;
    uint64_t frame_hist[16];
    uint64_t ring_t[WEFT__PROF_RING], ring_frames[WEFT__PROF_RING];
    unsigned ring_pos, ring_len;
    uint64_t last_snap;
    /* I/O latency (db, http) */
    uint64_t io_hist[2][16], io_count[2], io_sum_ns[2];
    /* resmon <seconds> */
    uv_timer_t *resmon_timer; /* allocated on first use; closed with free() */
};

/* Histogram bounds in seconds (FXServer's tickTime buckets, extended). */
static const double hist_le[] = {0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025,
                                 0.05,   0.1,   0.25,   0.5,   1,    2.5};
#define HIST_N (sizeof hist_le / sizeof hist_le[0])

static void hist_add(uint64_t *hist, uint64_t ns)
{
    double s = (double)ns / 1e9;
    for (size_t i = 0; i < HIST_N; i++)
        if (s <= hist_le[i]) hist[i]++;
}

static void update_on(weft__prof *p)
{
    p->h->prof = p->metrics || p->recording ? p : NULL;
}

/* The server quits: the resmon timer closes with the other handles. */
static void on_quit(weft_host *h, void *ud)
{
    weft__prof *p = ud;
    if (p->resmon_timer) uv_close((uv_handle_t *)p->resmon_timer, (uv_close_cb)free);
    p->resmon_timer = NULL;
    (void)h;
}

int weft__prof_init(weft_host *h)
{
    weft__prof *p = calloc(1, sizeof *p);
    if (!p) return WEFT_ENOMEM;
    p->h = h;
    h->server->prof = p;
    return weft__natives_on_close(h, on_quit, p);
}

static void clear_recording(weft__prof *p)
{
    free(p->ev);
    p->ev = NULL;
    p->ev_len = p->ev_cap = 0;
    for (uint32_t i = 0; i < p->names_len; i++)
        free(p->names[i]);
    free(p->names);
    free(p->slots);
    p->names = NULL;
    p->slots = NULL;
    p->names_len = p->names_cap = 0;
    p->slots_cap = 0;
}

void weft__prof_free(weft_host *h)
{
    weft__prof *p = h->server ? h->server->prof : NULL;
    if (!p) return;
    h->prof = NULL;
    h->server->prof = NULL;
    clear_recording(p);
    if (p->resmon_timer) uv_close((uv_handle_t *)p->resmon_timer, (uv_close_cb)free);
    free(p);
}

/* ---- names -------------------------------------------------------------- */

static uint64_t fnv(const char *s)
{
    uint64_t x = 1469598103934665603ull;
    for (; *s; s++)
        x = (x ^ (unsigned char)*s) * 1099511628211ull;
    return x;
}

/* Index of name (copied on first sight), or UINT32_MAX without memory. */
static uint32_t intern(weft__prof *p, const char *name)
{
    if ((p->names_len + 1) * 2 > p->slots_cap) {
        size_t cap = p->slots_cap ? p->slots_cap * 2 : 256;
        uint32_t *slots = calloc(cap, sizeof *slots);
        if (!slots) return UINT32_MAX;
        for (uint32_t i = 0; i < p->names_len; i++) {
            size_t k = fnv(p->names[i]) & (cap - 1);
            while (slots[k])
                k = (k + 1) & (cap - 1);
            slots[k] = i + 1;
        }
        free(p->slots);
        p->slots = slots;
        p->slots_cap = cap;
    }
    size_t k = fnv(name) & (p->slots_cap - 1);
    /* Bound: the table is at most half full, so a free slot is reached. */
    while (p->slots[k]) {
        if (!strcmp(p->names[p->slots[k] - 1], name)) return p->slots[k] - 1;
        k = (k + 1) & (p->slots_cap - 1);
    }
    if (p->names_len == p->names_cap) {
        uint32_t cap = p->names_cap ? p->names_cap * 2 : 128;
        char **n = realloc(p->names, cap * sizeof *n);
        if (!n) return UINT32_MAX;
        p->names = n;
        p->names_cap = cap;
    }
    char *c = strdup(name);
    if (!c) return UINT32_MAX;
    p->names[p->names_len] = c;
    p->slots[k] = ++p->names_len;
    return p->names_len - 1;
}

static void stop_recording(weft__prof *p, const char *why);

static void push_ev(weft__prof *p, uint64_t ts, uint32_t name, int kind, char ph, int tid)
{
    if (p->ev_len == p->ev_cap) {
        if (p->ev_cap >= WEFT_PROF_MAX_EVENTS) {
            stop_recording(p, "the recording is full (WEFT_PROF_MAX_EVENTS)");
            return;
        }
        size_t cap = p->ev_cap ? p->ev_cap * 2 : 4096;
        if (cap > WEFT_PROF_MAX_EVENTS) cap = WEFT_PROF_MAX_EVENTS;
        prof_ev *n = realloc(p->ev, cap * sizeof *n);
        if (!n) {
            stop_recording(p, "out of memory");
            return;
        }
        p->ev = n;
        p->ev_cap = cap;
    }
    p->ev[p->ev_len++] = (prof_ev){ts, name, (uint8_t)kind, ph, (uint8_t)tid};
}

static void scope_name(char *buf, size_t cap, int kind, const weft__resource *res,
                       const char *detail)
{
    const char *rn = res ? res->name : "host";
    switch (kind) {
    case WEFT_PROF_EVENT:
        snprintf(buf, cap, "event:%s (%s)", detail ? detail : "?", rn);
        break;
    case WEFT_PROF_EXPORT:
        snprintf(buf, cap, "export:%s (%s)", detail ? detail : "?", rn);
        break;
    case WEFT_PROF_USER:
        snprintf(buf, cap, "%s (%s)", detail ? detail : "?", rn);
        break;
    case WEFT_PROF_TICK:
        snprintf(buf, cap, "tick (%s)", rn);
        break;
    case WEFT_PROF_REF:
        snprintf(buf, cap, "ref call (%s)", rn);
        break;
    case WEFT_PROF_CALLBACKS:
        snprintf(buf, cap, "callbacks (%s)", rn);
        break;
    case WEFT_PROF_DB:
        snprintf(buf, cap, "db (%s)", rn);
        break;
    case WEFT_PROF_HTTP:
        snprintf(buf, cap, "http (%s)", rn);
        break;
    default:
        snprintf(buf, cap, "load (%s)", rn);
        break;
    }
}

/* ---- scopes ------------------------------------------------------------- */

static void open_scope(weft__prof *p, weft__resource *res, int kind, const char *detail)
{
    weft_host *h = p->h;
    int i = p->sp++;
    if (i >= WEFT_PROF_MAX_DEPTH) return;
    scope *s = &p->stack[i];
    s->res = res;
    s->kind = kind;
    s->depth = h->depth;
    s->child_ns = 0;
    s->recorded = 0;
    s->drain = kind == WEFT_PROF_CALLBACKS && detail && !strcmp(detail, "drain");
    s->t0 = uv_hrtime();
    if (p->recording && (!p->only || p->only == res)) {
        char name[256];
        scope_name(name, sizeof name, kind, res, detail);
        s->name = intern(p, name);
        if (s->name != UINT32_MAX) {
            push_ev(p, s->t0, s->name, kind, 'B', 1);
            s->recorded = p->recording; /* push_ev may have stopped it */
        }
    }
}

static void close_top(weft__prof *p, uint64_t now)
{
    int i = --p->sp;
    if (i >= WEFT_PROF_MAX_DEPTH) return;
    scope *s = &p->stack[i];
    uint64_t dur = now - s->t0;
    uint64_t self = dur > s->child_ns ? dur - s->child_ns : 0;
    if (i > 0 && i - 1 < WEFT_PROF_MAX_DEPTH) p->stack[i - 1].child_ns += dur;
    if (s->res) {
        weft__res_metrics *m = &s->res->metrics;
        m->cpu_ns += self;
        if (s->drain) m->drain_ns += self;
        m->count[s->kind]++;
        if (s->kind == WEFT_PROF_DB) m->io_ns[0] += self;
        if (s->kind == WEFT_PROF_HTTP) m->io_ns[1] += self;
    }
    if (s->recorded && p->recording) push_ev(p, now, s->name, s->kind, 'E', 1);
}

static int top_kind(weft__prof *p)
{
    int i = p->sp - 1;
    return i < WEFT_PROF_MAX_DEPTH ? p->stack[i].kind : -1;
}

static int top_depth(weft__prof *p)
{
    int i = p->sp - 1;
    return i < WEFT_PROF_MAX_DEPTH ? p->stack[i].depth : -1;
}

void weft__prof_begin_slow(weft_host *h, weft__rt *rt, int kind, const char *detail)
{
    open_scope(h->prof, rt ? rt->resource : NULL, kind, detail);
}

void weft__prof_end_slow(weft_host *h)
{
    weft__prof *p = h->prof;
    uint64_t now = uv_hrtime();
    /* User scopes left open by script code, and scopes of deeper entries
     * that ended while off, close with this one. Bound: the stack depth. */
    while (p->sp > 0 && (top_depth(p) > h->depth || top_kind(p) == WEFT_PROF_USER))
        close_top(p, now);
    if (p->sp > 0 && top_depth(p) == h->depth) close_top(p, now);
}

void weft__prof_user_enter(weft_host *h, weft__rt *rt, const char *name)
{
    if (h->prof) open_scope(h->prof, rt ? rt->resource : NULL, WEFT_PROF_USER, name);
}

void weft__prof_user_exit(weft_host *h)
{
    weft__prof *p = h->prof;
    if (p && p->sp > 0 && top_kind(p) == WEFT_PROF_USER) close_top(p, uv_hrtime());
}

/* ---- recording ---------------------------------------------------------- */

static void start_recording(weft__prof *p, int64_t frames, weft__resource *only)
{
    clear_recording(p);
    if (!p->h->prof) p->sp = 0; /* entries from an earlier period are stale */
    p->recording = 1;
    p->frames_left = frames;
    p->only = only;
    p->rec_frames = 0;
    p->rec_start = uv_hrtime();
    p->rec_stop = 0;
    update_on(p);
}

static void stop_recording(weft__prof *p, const char *why)
{
    if (!p->recording) return;
    uint64_t now = uv_hrtime();
    /* close what is open in the trace, so B/E pairs stay balanced */
    for (int i = (p->sp < WEFT_PROF_MAX_DEPTH ? p->sp : WEFT_PROF_MAX_DEPTH) - 1; i >= 0; i--) {
        scope *s = &p->stack[i];
        if (!s->recorded) continue;
        if (p->ev_len < p->ev_cap)
            p->ev[p->ev_len++] = (prof_ev){now, s->name, (uint8_t)s->kind, 'E', 1};
        s->recorded = 0;
    }
    p->recording = 0;
    p->rec_stop = now;
    weft__log(p->h, "profiler", "recording stopped (%s): %" PRIu64 " frames, %zu events", why,
              p->rec_frames, p->ev_len);
    update_on(p);
}

static void frame_marker(weft__prof *p, uint64_t now, char ph)
{
    char name[48];
    snprintf(name, sizeof name, "frame %" PRIu64, p->h->server->frames);
    uint32_t id = intern(p, name);
    if (id != UINT32_MAX) push_ev(p, now, id, KIND_FRAME, ph, 2);
}

void weft__prof_frame_begin(weft_host *h)
{
    weft__prof *p = h->prof;
    weft__server *s = h->server;
    uint64_t now = uv_hrtime();
    p->frame_t0 = now;
    if (p->recording && p->frames_left == 0) stop_recording(p, "frames recorded");
    if (p->recording) {
        if (p->frames_left > 0) p->frames_left--;
        p->rec_frames++;
        frame_marker(p, now, 'B');
    }
    for (weft__resource *r = s->resources; r; r = r->next)
        r->metrics.frame_mark_ns = r->metrics.cpu_ns;
    /* one snapshot a second for resmon's window */
    if (!p->ring_len || now - p->last_snap >= 1000000000ull) {
        unsigned k = p->ring_pos;
        p->ring_t[k] = now;
        p->ring_frames[k] = s->frames;
        for (weft__resource *r = s->resources; r; r = r->next) {
            r->metrics.ring_cpu[k] = r->metrics.cpu_ns;
            r->metrics.ring_drain[k] = r->metrics.drain_ns;
        }
        p->ring_pos = (k + 1) % WEFT__PROF_RING;
        if (p->ring_len < WEFT__PROF_RING) p->ring_len++;
        p->last_snap = now;
    }
}

void weft__prof_frame_end(weft_host *h)
{
    weft__prof *p = h->prof;
    if (!p->frame_t0) return; /* turned on inside this frame */
    uint64_t now = uv_hrtime(), d = now - p->frame_t0;
    p->frames++;
    p->frame_sum_ns += d;
    hist_add(p->frame_hist, d);
    if (p->recording) frame_marker(p, now, 'E');
}

/* Resources that ran since the previous frame began, longest first. */
void weft__prof_hitch(weft_host *h, uint64_t late_ms)
{
    weft__server *s = h->server;
    weft__prof *p = h->prof;
    if (!p) {
        weft__log(h, "weft",
                  "frame hitch: frame %" PRIu64 " started %" PRIu64
                  " ms late (set weft_metrics 1 to see which resources ran)",
                  s->frames, late_ms);
        return;
    }
    char line[1024];
    size_t n = 0;
    line[0] = 0;
    weft__resource *done[64];
    int nd = 0;
    /* Bound: at most 64 passes over the resource list, each picking the next
     * longest one not yet listed. */
    while (nd < 64) {
        weft__resource *best = NULL;
        uint64_t best_ns = 0;
        for (weft__resource *r = s->resources; r; r = r->next) {
            int seen = 0;
            for (int i = 0; i < nd; i++)
                seen |= done[i] == r;
            uint64_t d = r->metrics.cpu_ns - r->metrics.frame_mark_ns;
            if (!seen && d > best_ns) best = r, best_ns = d;
        }
        if (!best) break;
        done[nd++] = best;
        if (n < sizeof line)
            n += (size_t)snprintf(line + n, sizeof line - n, "%s%s %.1f ms", nd > 1 ? ", " : "",
                                  best->name, (double)best_ns / 1e6);
    }
    weft__log(h, "weft",
              "frame hitch: frame %" PRIu64 " started %" PRIu64
              " ms late; since the previous frame: %s",
              s->frames, late_ms, nd ? line : "no resource code ran (host or I/O work)");
    if (p->recording) {
        char name[64];
        snprintf(name, sizeof name, "hitch %" PRIu64 " ms", late_ms);
        uint32_t id = intern(p, name);
        if (id != UINT32_MAX) push_ev(p, uv_hrtime(), id, KIND_HITCH, 'i', 2);
    }
}

void weft__prof_metrics(weft_host *h, int on)
{
    weft__prof *p = h->server ? h->server->prof : NULL;
    if (!p || p->metrics == !!on) return;
    if (!h->prof) p->sp = 0; /* entries from an earlier period are stale */
    p->metrics = !!on;
    update_on(p);
}

/* ---- JSON --------------------------------------------------------------- */

static void json_str(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            fprintf(f, "\\%c", c);
        else if (c < 0x20)
            fprintf(f, "\\u%04x", c);
        else
            fputc(c, f);
    }
    fputc('"', f);
}

static int save_json(weft__prof *p, const char *path)
{
    FILE *f = weft__fopen_regular(path, "wb"); /* a FIFO would block the loop */
    if (!f) return WEFT_EIO;
    fputs("{\"traceEvents\":[\n", f);
    fputs("{\"name\":\"process_name\",\"ph\":\"M\",\"pid\":1,\"tid\":1,\"args\":{\"name\":\"weft "
          "server\"}},\n",
          f);
    fputs("{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":1,\"tid\":1,\"args\":{\"name\":\"main "
          "(scripts)\"}},\n",
          f);
    fputs("{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":1,\"tid\":2,\"args\":{\"name\":"
          "\"frames\"}}",
          f);
    for (size_t i = 0; i < p->ev_len; i++) {
        prof_ev *e = &p->ev[i];
        uint64_t t = e->ts > p->rec_start ? e->ts - p->rec_start : 0;
        fputs(",\n{\"name\":", f);
        json_str(f, p->names[e->name]);
        fprintf(f, ",\"cat\":\"%s\",\"ph\":\"%c\",\"ts\":%" PRIu64 ".%03u,\"pid\":1,\"tid\":%u%s}",
                kind_cat[e->kind], e->ph, t / 1000, (unsigned)(t % 1000), e->tid,
                e->ph == 'i' ? ",\"s\":\"g\"" : "");
    }
    fprintf(f,
            "\n],\"displayTimeUnit\":\"ms\",\"otherData\":{\"producer\":\"weft\","
            "\"frames\":%" PRIu64 "}}\n",
            p->rec_frames);
    return fclose(f) ? WEFT_EIO : 0;
}

/* `profiler view`: total and self time per scope name, longest self first. */
typedef struct agg {
    uint32_t name;
    uint64_t count, total, self;
} agg;

static int agg_cmp(const void *a, const void *b)
{
    const agg *x = a, *y = b;
    return x->self < y->self ? 1 : x->self > y->self ? -1 : 0;
}

static void view(weft__prof *p)
{
    weft_host *h = p->h;
    if (!p->ev_len) {
        weft__log(h, "profiler", "nothing recorded (profiler record <frames> first)");
        return;
    }
    agg *a = calloc(p->names_len, sizeof *a);
    struct {
        uint32_t name;
        uint64_t t0, child;
    } st[WEFT_PROF_MAX_DEPTH];
    int sp = 0;
    if (!a) return;
    /* Bound: one pass over the events; the stack mirrors the B/E nesting. */
    for (size_t i = 0; i < p->ev_len; i++) {
        prof_ev *e = &p->ev[i];
        if (e->tid != 1) continue;
        if (e->ph == 'B' && sp < WEFT_PROF_MAX_DEPTH) {
            st[sp].name = e->name;
            st[sp].t0 = e->ts;
            st[sp++].child = 0;
        } else if (e->ph == 'E' && sp > 0) {
            sp--;
            uint64_t d = e->ts - st[sp].t0;
            agg *g = &a[st[sp].name];
            g->name = st[sp].name;
            g->count++;
            g->total += d;
            g->self += d > st[sp].child ? d - st[sp].child : 0;
            if (sp > 0) st[sp - 1].child += d;
        }
    }
    qsort(a, p->names_len, sizeof *a, agg_cmp);
    uint64_t span = (p->rec_stop ? p->rec_stop : uv_hrtime()) - p->rec_start;
    weft__log(h, "profiler", "%" PRIu64 " frames over %.1f ms; scopes by self time:", p->rec_frames,
              (double)span / 1e6);
    weft__log(h, "profiler", "%10s %10s %8s  %s", "self ms", "total ms", "count", "scope");
    for (uint32_t i = 0; i < p->names_len && i < 40; i++) {
        if (!a[i].count) break;
        weft__log(h, "profiler", "%10.3f %10.3f %8" PRIu64 "  %s", (double)a[i].self / 1e6,
                  (double)a[i].total / 1e6, a[i].count, p->names[a[i].name]);
    }
    free(a);
}

/* ---- figures: resmon, GetResourceMetrics, /perf/ ------------------------- */

/* The oldest snapshot inside the resmon window (ring index), or -1. */
static int window_start(weft__prof *p)
{
    if (!p->ring_len) return -1;
    uint64_t now = uv_hrtime(), win = (uint64_t)WEFT_RESMON_WINDOW_S * 1000000000ull;
    int best = -1;
    for (unsigned n = 0; n < p->ring_len; n++) {
        unsigned k = (p->ring_pos + WEFT__PROF_RING - 1 - n) % WEFT__PROF_RING;
        if (now - p->ring_t[k] > win && best >= 0) break;
        best = (int)k;
    }
    return best;
}

void weft__prof_figures(weft_host *h, weft__resource *r, weft__res_figures *f)
{
    weft__server *s = h->server;
    weft__prof *p = s->prof;
    const weft__res_metrics *m = &r->metrics;
    memset(f, 0, sizeof *f);
    int k = p ? window_start(p) : -1;
    if (k >= 0 && s->frames > p->ring_frames[k]) {
        double frames = (double)(s->frames - p->ring_frames[k]);
        f->cpu_ms_per_frame = (double)(m->cpu_ns - m->ring_cpu[k]) / 1e6 / frames;
        f->drain_ms_per_frame = (double)(m->drain_ns - m->ring_drain[k]) / 1e6 / frames;
    }
    f->cpu_ms_total = (double)m->cpu_ns / 1e6;
    f->drain_ms_total = (double)m->drain_ns / 1e6;
    f->events = m->count[WEFT_PROF_EVENT];
    f->exports = m->count[WEFT_PROF_EXPORT];
    f->ref_calls = m->count[WEFT_PROF_REF];
    f->db = m->count[WEFT_PROF_DB];
    f->http = m->count[WEFT_PROF_HTTP];
    for (weft__rt *rt = r->rts; rt; rt = rt->res_next) {
        if (rt->ops->memory) f->memory += rt->ops->memory(rt);
        size_t refs = 0, timers = 0;
        if (rt->ops->counts && !rt->stopped) rt->ops->counts(rt, &refs, &timers);
        f->live_refs += refs;
        f->timers += timers;
    }
    for (weft__call *c = s->calls; c; c = c->next)
        if (c->caller && c->caller->resource == r) f->pending_calls++;
}

static void resmon_print(weft_host *h)
{
    weft__server *s = h->server;
    weft__prof *p = s->prof;
    int k = window_start(p);
    uint64_t frames = k >= 0 ? s->frames - p->ring_frames[k] : 0;
    double secs = k >= 0 ? (double)(uv_hrtime() - p->ring_t[k]) / 1e9 : 0;
    weft__log(h, "resmon", "last %.1f s, %" PRIu64 " frames (per-frame figures over them)", secs,
              frames);
    weft__log(h, "resmon", "%-24s %12s %14s %12s %6s %8s %7s", "resource", "cpu ms/frame",
              "drain ms/frame", "memory KiB", "refs", "pending", "timers");
    for (weft__resource *r = s->resources; r; r = r->next) {
        if (r->state != WEFT_RES_STARTED) continue;
        weft__res_figures f;
        weft__prof_figures(h, r, &f);
        weft__log(h, "resmon", "%-24s %12.3f %14.3f %12.1f %6" PRIu64 " %8" PRIu64 " %7" PRIu64,
                  r->name, f.cpu_ms_per_frame, f.drain_ms_per_frame, (double)f.memory / 1024.0,
                  f.live_refs, f.pending_calls, f.timers);
    }
}

static void resmon_tick(uv_timer_t *t)
{
    resmon_print(t->data);
}

static int resmon_command(weft_host *h, int argc, char **argv)
{
    weft__prof *p = h->server->prof;
    if (!p->metrics) {
        weft__prof_metrics(h, 1);
        weft__log(h, "resmon", "resource accounting is now on (weft_metrics 1); figures start now");
    }
    if (argc < 2) {
        resmon_print(h);
        return 0;
    }
    char *end;
    double secs = strtod(argv[1], &end);
    if (*end || secs < 0 || secs > 3600) {
        weft__log(h, "resmon", "usage: resmon [seconds] (0 stops the periodic table)");
        return WEFT_EINVAL;
    }
    if (h->server->quitting) return 0;
    if (!p->resmon_timer) {
        p->resmon_timer = malloc(sizeof *p->resmon_timer);
        if (!p->resmon_timer) return WEFT_ENOMEM;
        uv_timer_init(&h->loop, p->resmon_timer);
        uv_unref((uv_handle_t *)p->resmon_timer);
        p->resmon_timer->data = h;
    }
    uv_timer_stop(p->resmon_timer);
    if (secs > 0) {
        uint64_t ms = (uint64_t)(secs * 1000);
        if (!ms) ms = 1;
        uv_timer_start(p->resmon_timer, resmon_tick, ms, ms);
        weft__log(h, "resmon", "printing every %.3g s (resmon 0 stops)", secs);
    }
    return 0;
}

/* ---- Prometheus text exposition (GET /perf/) ----------------------------- */

typedef struct tbuf {
    char *p;
    size_t len, cap;
    int oom;
} tbuf;

static void tput(tbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void tput(tbuf *b, const char *fmt, ...)
{
    for (int tries = 0; tries < 2 && !b->oom; tries++) {
        va_list ap;
        va_start(ap, fmt);
        int n = vsnprintf(b->p ? b->p + b->len : NULL, b->p ? b->cap - b->len : 0, fmt, ap);
        va_end(ap);
        if (n < 0) {
            b->oom = 1;
            return;
        }
        if (b->p && b->len + (size_t)n < b->cap) {
            b->len += (size_t)n;
            return;
        }
        size_t cap = b->cap ? b->cap : 4096;
        while (cap <= b->len + (size_t)n)
            cap *= 2;
        char *np = realloc(b->p, cap);
        if (!np) {
            b->oom = 1;
            return;
        }
        b->p = np;
        b->cap = cap;
    }
}

/* A label value: backslash, quote and newline escaped. */
static void tlabel(tbuf *b, const char *v)
{
    for (; *v; v++) {
        if (*v == '\\' || *v == '"')
            tput(b, "\\%c", *v);
        else if (*v == '\n')
            tput(b, "\\n");
        else
            tput(b, "%c", *v);
    }
}

static void thist(tbuf *b, const char *name, const char *help, const uint64_t *hist, uint64_t count,
                  uint64_t sum_ns)
{
    tput(b, "# HELP %s %s\n# TYPE %s histogram\n", name, help, name);
    for (size_t i = 0; i < HIST_N; i++)
        tput(b, "%s_bucket{le=\"%g\"} %" PRIu64 "\n", name, hist_le[i], hist[i]);
    tput(b, "%s_bucket{le=\"+Inf\"} %" PRIu64 "\n", name, count);
    tput(b, "%s_sum %.9f\n%s_count %" PRIu64 "\n", name, (double)sum_ns / 1e9, name, count);
}

/* One per-resource family: HELP, TYPE, one sample per started resource. */
enum {
    F_CPU,
    F_DRAIN,
    F_MEM,
    F_EVENTS,
    F_EXPORTS,
    F_REFS_CALLS,
    F_DRAINS,
    F_DB,
    F_HTTP,
    F_LIVE,
    F_PENDING,
    F_TIMERS
};
static const struct {
    const char *name, *type, *help;
} families[] = {
    {"weft_resource_cpu_seconds_total", "counter",
     "Time spent in the resource's script code (loop thread wall time, self time of its scopes)."},
    {"weft_resource_drain_seconds_total", "counter",
     "Time spent in the resource's checkpoint drains (nextTicks, microtasks, Lua continuations)."},
    {"weft_resource_memory_bytes", "gauge", "JS heap or Lua memory of the resource's runtimes."},
    {"weft_resource_events_total", "counter", "Event dispatches into the resource."},
    {"weft_resource_exports_total", "counter", "Export calls into the resource."},
    {"weft_resource_ref_calls_total", "counter", "Function reference calls into the resource."},
    {"weft_resource_drains_total", "counter",
     "Checkpoint drains, timer and immediate batches run by the resource."},
    {"weft_resource_db_completions_total", "counter", "Database results handled by the resource."},
    {"weft_resource_http_completions_total", "counter",
     "HTTP requests and responses handled by the resource."},
    {"weft_resource_live_refs", "gauge", "Function references the resource holds for others."},
    {"weft_resource_pending_calls", "gauge", "Calls the resource waits on (exports, natives)."},
    {"weft_resource_timers", "gauge", "Pending timers and immediates of the resource."},
};

static double family_value(int f, const weft__res_figures *x, const weft__res_metrics *m)
{
    switch (f) {
    case F_CPU:
        return (double)m->cpu_ns / 1e9;
    case F_DRAIN:
        return (double)m->drain_ns / 1e9;
    case F_MEM:
        return (double)x->memory;
    case F_EVENTS:
        return (double)x->events;
    case F_EXPORTS:
        return (double)x->exports;
    case F_REFS_CALLS:
        return (double)x->ref_calls;
    case F_DRAINS:
        return (double)m->count[WEFT_PROF_CALLBACKS];
    case F_DB:
        return (double)x->db;
    case F_HTTP:
        return (double)x->http;
    case F_LIVE:
        return (double)x->live_refs;
    case F_PENDING:
        return (double)x->pending_calls;
    default:
        return (double)x->timers;
    }
}

int weft__prof_metrics_text(weft_host *h, char **out, size_t *len)
{
    weft__server *s = h->server;
    weft__prof *p = s->prof;
    if (!p->metrics) {
        weft__prof_metrics(h, 1);
        weft__log(h, "perf",
                  "resource accounting is now on (weft_metrics 1): /perf/ was asked for");
    }
    tbuf b = {0};
    tput(&b,
         "# HELP weft_frames_total Server frames run.\n# TYPE weft_frames_total counter\n"
         "weft_frames_total %" PRIu64 "\n",
         s->frames);
    thist(&b, "weft_tick_time_seconds",
          "Time the server frame's work took (FXServer's tickTime), since accounting began.",
          p->frame_hist, p->frames, p->frame_sum_ns);
    size_t nres = 0;
    for (weft__resource *r = s->resources; r; r = r->next)
        nres += r->state == WEFT_RES_STARTED;
    weft__res_figures *fig = calloc(nres ? nres : 1, sizeof *fig);
    if (!fig) return WEFT_ENOMEM;
    size_t i = 0;
    for (weft__resource *r = s->resources; r; r = r->next)
        if (r->state == WEFT_RES_STARTED) weft__prof_figures(h, r, &fig[i++]);
    for (int f = 0; f < (int)(sizeof families / sizeof families[0]); f++) {
        tput(&b, "# HELP %s %s\n# TYPE %s %s\n", families[f].name, families[f].help,
             families[f].name, families[f].type);
        i = 0;
        for (weft__resource *r = s->resources; r; r = r->next) {
            if (r->state != WEFT_RES_STARTED) continue;
            tput(&b, "%s{resource=\"", families[f].name);
            tlabel(&b, r->name);
            tput(&b, "\"} %.9g\n", family_value(f, &fig[i++], &r->metrics));
        }
    }
    free(fig);
    thist(&b, "weft_db_query_duration_seconds",
          "Database queries from call to result delivered (async natives WeftDb*).", p->io_hist[0],
          p->io_count[0], p->io_sum_ns[0]);
    thist(&b, "weft_http_request_duration_seconds",
          "Outbound HTTP requests (PerformHttpRequest) from call to response delivered.",
          p->io_hist[1], p->io_count[1], p->io_sum_ns[1]);
    if (b.oom) {
        free(b.p);
        return WEFT_ENOMEM;
    }
    *out = b.p;
    *len = b.len;
    return 0;
}

/* An async native's result arrives (refs.c): latency for db/http. */
void weft__prof_io_done(weft_host *h, int which, uint64_t start_ns)
{
    weft__prof *p = h->prof;
    if (!p || !start_ns || which < 0 || which > 1) return;
    uint64_t d = uv_hrtime() - start_ns;
    hist_add(p->io_hist[which], d);
    p->io_count[which]++;
    p->io_sum_ns[which] += d;
}

/* ---- console ------------------------------------------------------------- */

static int usage(weft_host *h)
{
    weft__log(h, "profiler",
              "usage: profiler record start|<frames>|stop | status | "
              "saveJSON <file> | save <file> | view | resource <name> [frames]");
    return WEFT_EINVAL;
}

static int parse_frames(const char *s, int64_t *out)
{
    char *end;
    long long v = strtoll(s, &end, 10);
    if (*end || v < 1 || v > 100000000) return -1;
    *out = v;
    return 0;
}

static int save_command(weft_host *h, weft__prof *p, const char *file)
{
    if (!p->ev_len) {
        weft__log(h, "profiler", "nothing recorded (profiler record <frames> first)");
        return WEFT_ESTATE;
    }
    char path[PATH_MAX];
    if (file[0] == '/')
        snprintf(path, sizeof path, "%s", file);
    else
        snprintf(path, sizeof path, "%s/%s", h->server->dir ? h->server->dir : ".", file);
    if (p->recording) stop_recording(p, "saving");
    errno = 0;
    int rc = save_json(p, path);
    if (rc)
        weft__log(h, "profiler", "cannot write %s: %s", path,
                  errno ? weft__file_strerror(errno) : weft_strerror(rc));
    else
        weft__log(h, "profiler", "saved %zu events (%" PRIu64 " frames) to %s", p->ev_len,
                  p->rec_frames, path);
    return rc;
}

int weft__prof_command(weft_host *h, int argc, char **argv)
{
    weft__prof *p = h->server->prof;
    if (!strcmp(argv[0], "resmon")) return resmon_command(h, argc, argv);
    const char *sub = argc > 1 ? argv[1] : "";
    if (!strcmp(sub, "record") && argc > 2) {
        int64_t frames = -1;
        if (!strcmp(argv[2], "stop")) {
            if (!p->recording) weft__log(h, "profiler", "not recording");
            stop_recording(p, "profiler record stop");
            return 0;
        }
        if (strcmp(argv[2], "start") && parse_frames(argv[2], &frames)) return usage(h);
        if (p->recording) stop_recording(p, "a new recording starts");
        start_recording(p, frames, NULL);
        if (frames > 0)
            weft__log(h, "profiler", "recording %" PRId64 " frames", frames);
        else
            weft__log(h, "profiler", "recording until `profiler record stop`");
        return 0;
    }
    if (!strcmp(sub, "resource") && argc > 2) {
        weft__resource *r = weft__srv_find(h, argv[2]);
        int64_t frames = -1;
        if (!r) {
            weft__log(h, "profiler", "no resource named %s", argv[2]);
            return WEFT_ENOENT;
        }
        if (argc > 3 && parse_frames(argv[3], &frames)) return usage(h);
        if (p->recording) stop_recording(p, "a new recording starts");
        start_recording(p, frames, r);
        weft__log(h, "profiler", "recording %s's scopes%s", r->name,
                  frames > 0 ? "" : " until `profiler record stop`");
        return 0;
    }
    if (!strcmp(sub, "status")) {
        uint64_t span = p->rec_start ? (p->rec_stop ? p->rec_stop : uv_hrtime()) - p->rec_start : 0;
        weft__log(h, "profiler",
                  "%s; %" PRIu64 " frames, %zu events over %.1f ms%s%s; accounting %s",
                  p->recording ? "recording" : "not recording", p->rec_frames, p->ev_len,
                  (double)span / 1e6, p->only ? "; only " : "", p->only ? p->only->name : "",
                  p->metrics ? "on" : "off");
        if (p->recording && p->frames_left > 0)
            weft__log(h, "profiler", "%" PRId64 " frames left", p->frames_left);
        return 0;
    }
    if ((!strcmp(sub, "saveJSON") || !strcmp(sub, "save")) && argc > 2)
        return save_command(h, p, argv[2]);
    if (!strcmp(sub, "view")) {
        view(p);
        return 0;
    }
    return usage(h);
}
