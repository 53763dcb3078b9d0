/* prof.h: the profiler's hooks and the per-resource figures behind
 * `profiler`, `resmon`, /perf/ and hitch reports (DESIGN.md §5). A scope is
 * opened by the C site that enters script code (tick, event, ref call,
 * export, checkpoint drain, timers, I/O completion) and closed after it
 * returns. Off (h->prof == NULL): each hook is one predictable branch.
 * On: the scope is timed and its self time (minus nested scopes) charged to
 * its resource; while recording, a Trace Event is appended too. */
#ifndef WEFT_HOST_PROF_H
#define WEFT_HOST_PROF_H

#include "host/host.h"

typedef enum {
    WEFT_PROF_TICK,      /* "tick (res)": setTick handlers, Wait(0) threads */
    WEFT_PROF_EVENT,     /* "event:<name> (res)" */
    WEFT_PROF_REF,       /* "ref call (res)" */
    WEFT_PROF_EXPORT,    /* "export:<name> (res)" */
    WEFT_PROF_CALLBACKS, /* "callbacks (res)": drains, timers, immediates, settles */
    WEFT_PROF_DB,        /* "db (res)": a database result resumes its caller */
    WEFT_PROF_HTTP,      /* "http (res)": an HTTP request or response handled */
    WEFT_PROF_LOAD,      /* "load (res)": a script file runs */
    WEFT_PROF_USER,      /* ProfilerEnterScope(name): "<name> (res)" */
    WEFT_PROF_KINDS
} weft__prof_kind;

/* Per resource, kept in weft__resource (zero until metrics are on).
 * Times in ns of wall time on the loop thread inside the resource's scopes
 * (self time), the figure FiveM's resmon calls CPU time. */
#define WEFT__PROF_RING 64 /* per-second snapshots kept (>= WEFT_RESMON_WINDOW_S + 1) */
typedef struct weft__res_metrics {
    uint64_t cpu_ns, drain_ns;
    uint64_t count[WEFT_PROF_KINDS]; /* scopes closed, by kind */
    uint64_t io_ns[2];               /* db, http: time spent handling completions */
    uint64_t frame_mark_ns;          /* cpu_ns when the last frame began */
    uint64_t ring_cpu[WEFT__PROF_RING], ring_drain[WEFT__PROF_RING];
} weft__res_metrics;

typedef struct weft__prof weft__prof;
struct weft__cfg_cmd;

void weft__prof_begin_slow(weft_host *h, weft__rt *rt, int kind, const char *detail);
void weft__prof_end_slow(weft_host *h);

/* Open a scope for rt's resource before entering it; detail: the event or
 * export name, "drain"/"timers"/"immediates" for callbacks, or NULL. */
static inline void weft__prof_begin(weft_host *h, weft__rt *rt, int kind, const char *detail)
{
    if (__builtin_expect(h->prof != NULL, 0)) weft__prof_begin_slow(h, rt, kind, detail);
}
/* Close the innermost scope opened at this depth (after leaving). */
static inline void weft__prof_end(weft_host *h)
{
    if (__builtin_expect(h->prof != NULL, 0)) weft__prof_end_slow(h);
}

/* Server side (prof.c). */
int weft__prof_init(weft_host *h);
void weft__prof_free(weft_host *h);
/* Frame hooks (frame.c): late_ns how late the frame started. */
void weft__prof_frame_begin(weft_host *h);
void weft__prof_frame_end(weft_host *h);
/* Log a hitch: which resources ran since the previous frame and how long. */
void weft__prof_hitch(weft_host *h, uint64_t late_ms);
/* `profiler ...` and `resmon [seconds]` console commands. */
int weft__prof_command(weft_host *h, int argc, char **argv);
/* Accounting on (metrics: resmon, /perf/, hitch details) or off. */
void weft__prof_metrics(weft_host *h, int on);
/* User scopes (ProfilerEnterScope / ProfilerExitScope natives). */
void weft__prof_user_enter(weft_host *h, weft__rt *rt, const char *name);
void weft__prof_user_exit(weft_host *h);
/* Prometheus text exposition of the server's figures (GET /perf/); *out
 * malloc'ed. Turns metrics on when they were off. 0 or WEFT_ENOMEM. */
int weft__prof_metrics_text(weft_host *h, char **out, size_t *len);
/* An async native's result arrives: which 0 db, 1 http; start_ns when it
 * was called (0: unknown). */
void weft__prof_io_done(weft_host *h, int which, uint64_t start_ns);
/* One resource's figures, as GetResourceMetrics returns them. */
typedef struct weft__res_figures {
    double cpu_ms_per_frame, drain_ms_per_frame; /* over the resmon window */
    double cpu_ms_total, drain_ms_total;
    uint64_t memory, live_refs, pending_calls, timers;
    uint64_t events, exports, ref_calls, db, http;
} weft__res_figures;
struct weft__resource;
void weft__prof_figures(weft_host *h, struct weft__resource *r, weft__res_figures *f);

#endif
