/* perf.c: the C half of perf_hooks (lib/perf_hooks.js): Node's
 * RecordableHistogram (an HDR histogram: log-linear buckets sized by
 * lowest/highest/significant figures, the same bucket arithmetic, mean and
 * stddev over the buckets' median values, percentiles at bucket edges),
 * monitorEventLoopDelay's libuv timer recording its own delay, the loop's
 * idle time (uv_metrics_idle_time) and the process milestones. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "js/js.h"

typedef struct perf_hist {
    int64_t lowest, highest;
    int unit_mag, half_mag; /* log2(lowest), log2(sub-bucket count) - 1 */
    int32_t sub_count, sub_half, counts_len;
    int64_t sub_mask;
    int64_t *counts;
    int64_t total, min, max, exceeds, count;
    uint64_t prev; /* uv_hrtime() of the last recordDelta, 0: none */
    /* monitorEventLoopDelay: the timer while enabled (link holds the JS
     * object then), freed by its close callback */
    uv_timer_t *timer;
    weft__js_req link;
} perf_hist;

static JSClassID hist_class_id;

static void hist_finalizer(JSRuntime *rt, JSValue val)
{
    perf_hist *h = JS_GetOpaque(val, hist_class_id);
    if (!h) return;
    free(h->counts);
    free(h);
}

static JSClassDef hist_class = {"WeftHistogram", .finalizer = hist_finalizer};

static int32_t hist_index(const perf_hist *h, int64_t v)
{
    int pow2ceil = 64 - __builtin_clzll((uint64_t)(v | h->sub_mask));
    int bucket = pow2ceil - h->unit_mag - (h->half_mag + 1);
    int32_t sub = (int32_t)(v >> (bucket + h->unit_mag));
    return ((bucket + 1) << h->half_mag) + (sub - h->sub_half);
}

static int64_t hist_value_at(const perf_hist *h, int32_t i)
{
    int bucket = (i >> h->half_mag) - 1;
    int32_t sub = (i & (h->sub_half - 1)) + h->sub_half;
    if (bucket < 0) {
        sub -= h->sub_half;
        bucket = 0;
    }
    return (int64_t)sub << (bucket + h->unit_mag);
}

/* the values recorded in v's bucket: [lowest, lowest + size) */
static void hist_range(const perf_hist *h, int64_t v, int64_t *lowest, int64_t *size)
{
    int pow2ceil = 64 - __builtin_clzll((uint64_t)(v | h->sub_mask));
    int bucket = pow2ceil - h->unit_mag - (h->half_mag + 1);
    int64_t sub = v >> (bucket + h->unit_mag);
    int adjusted = sub >= h->sub_count ? bucket + 1 : bucket;
    *lowest = sub << (bucket + h->unit_mag);
    *size = (int64_t)1 << (h->unit_mag + adjusted);
}

static int64_t hist_highest_eq(const perf_hist *h, int64_t v)
{
    int64_t lo, size;
    hist_range(h, v, &lo, &size);
    return lo + size - 1;
}

static int64_t hist_median_eq(const perf_hist *h, int64_t v)
{
    int64_t lo, size;
    hist_range(h, v, &lo, &size);
    return lo + (size >> 1);
}

static int hist_setup(perf_hist *h, int64_t lowest, int64_t highest, int figures)
{
    int64_t largest = 2;
    for (int i = 0; i < figures; i++) largest *= 10;
    int count_mag = 0;
    while (((int64_t)1 << count_mag) < largest) count_mag++;
    h->half_mag = (count_mag > 1 ? count_mag : 1) - 1;
    h->unit_mag = 63 - __builtin_clzll((uint64_t)lowest);
    if (h->unit_mag + h->half_mag > 61) return -1;
    h->lowest = lowest;
    h->highest = highest;
    h->sub_count = (int32_t)1 << (h->half_mag + 1);
    h->sub_half = h->sub_count / 2;
    h->sub_mask = (int64_t)(h->sub_count - 1) << h->unit_mag;
    int64_t untrackable = (int64_t)h->sub_count << h->unit_mag;
    int buckets = 1;
    while (untrackable <= highest) {
        if (untrackable > INT64_MAX / 2) {
            buckets++;
            break;
        }
        untrackable <<= 1;
        buckets++;
    }
    h->counts_len = (buckets + 1) * h->sub_half;
    h->counts = calloc((size_t)h->counts_len, sizeof *h->counts);
    h->min = INT64_MAX;
    return h->counts ? 0 : -1;
}

static int hist_record(perf_hist *h, int64_t v, int64_t n)
{
    if (v < 0) return 0;
    int32_t i = hist_index(h, v);
    if (i < 0 || i >= h->counts_len) return 0;
    h->counts[i] += n;
    h->total += n;
    if (v != 0 && v < h->min) h->min = v;
    if (v > h->max) h->max = v;
    return 1;
}

static void hist_record_counted(perf_hist *h, int64_t v)
{
    if (hist_record(h, v, 1)) h->count++;
    else h->exceeds++;
}

static void hist_record_delta(perf_hist *h)
{
    uint64_t now = uv_hrtime();
    if (h->prev > 0 && now > h->prev) hist_record_counted(h, (int64_t)(now - h->prev));
    h->prev = now;
}

static int64_t hist_min(const perf_hist *h)
{
    if (h->counts[0] > 0) return 0;
    if (h->min == INT64_MAX) return INT64_MAX;
    int64_t lo, size;
    hist_range(h, h->min, &lo, &size);
    return lo;
}

static int64_t hist_max(const perf_hist *h)
{
    return h->max == 0 ? 0 : hist_highest_eq(h, h->max);
}

/* one past the last index that may hold a count */
static int32_t hist_end(const perf_hist *h)
{
    int32_t e = hist_index(h, h->max) + 1;
    return e < h->counts_len ? e : h->counts_len;
}

static double hist_mean(const perf_hist *h)
{
    if (h->total == 0) return NAN;
    double sum = 0;
    for (int32_t i = 0, e = hist_end(h); i < e; i++)
        if (h->counts[i]) sum += (double)h->counts[i] * (double)hist_median_eq(h, hist_value_at(h, i));
    return sum / (double)h->total;
}

static double hist_stddev(const perf_hist *h)
{
    if (h->total == 0) return NAN;
    double mean = hist_mean(h), dev = 0;
    for (int32_t i = 0, e = hist_end(h); i < e; i++) {
        if (!h->counts[i]) continue;
        double d = (double)hist_median_eq(h, hist_value_at(h, i)) - mean;
        dev += d * d * (double)h->counts[i];
    }
    return sqrt(dev / (double)h->total);
}

static int64_t hist_percentile(const perf_hist *h, double p)
{
    double req = p < 100.0 ? p : 100.0;
    int64_t at = (int64_t)((req / 100.0) * (double)h->total + 0.5);
    if (at < 1) at = 1;
    int64_t seen = 0, v = 0;
    for (int32_t i = 0; i < h->counts_len; i++) {
        seen += h->counts[i];
        if (seen >= at) {
            v = hist_value_at(h, i);
            break;
        }
    }
    if (p == 0.0) {
        int64_t lo, size;
        hist_range(h, v, &lo, &size);
        return lo;
    }
    return hist_highest_eq(h, v);
}

static perf_hist *get_hist(JSContext *ctx, JSValueConst v)
{
    perf_hist *h = JS_GetOpaque(v, hist_class_id);
    if (!h) JS_ThrowTypeError(ctx, "not a histogram");
    return h;
}

static JSValue int64_value(JSContext *ctx, int64_t v, int big)
{
    return big ? JS_NewBigInt64(ctx, v) : JS_NewFloat64(ctx, (double)v);
}

/* histNew(lowest, highest, figures): numbers already validated in JS */
static JSValue js_hist_new(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    int64_t lowest, highest;
    int32_t figures;
    if (JS_ToInt64Ext(ctx, &lowest, argv[0]) || JS_ToInt64Ext(ctx, &highest, argv[1]) ||
        JS_ToInt32(ctx, &figures, argv[2]))
        return JS_EXCEPTION;
    if (lowest < 1 || highest < 2 * lowest || figures < 1 || figures > 5)
        return JS_ThrowRangeError(ctx, "invalid histogram bounds");
    perf_hist *h = calloc(1, sizeof *h);
    if (!h) return JS_ThrowOutOfMemory(ctx);
    if (hist_setup(h, lowest, highest, figures) < 0) {
        free(h->counts);
        free(h);
        return JS_ThrowRangeError(ctx, "invalid histogram bounds");
    }
    JSValue obj = JS_NewObjectClass(ctx, (int)hist_class_id);
    if (JS_IsException(obj)) {
        free(h->counts);
        free(h);
        return obj;
    }
    JS_SetOpaque(obj, h);
    return obj;
}

/* histRecord(h, value): value a positive number or a bigint */
static JSValue js_hist_record(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    perf_hist *h = get_hist(ctx, argv[0]);
    int64_t v;
    if (!h || JS_ToInt64Ext(ctx, &v, argv[1])) return JS_EXCEPTION;
    hist_record_counted(h, v);
    return JS_UNDEFINED;
}

static JSValue js_hist_record_delta(JSContext *ctx, JSValueConst this_val, int argc,
                                    JSValueConst *argv)
{
    perf_hist *h = get_hist(ctx, argv[0]);
    if (!h) return JS_EXCEPTION;
    hist_record_delta(h);
    return JS_UNDEFINED;
}

/* histAdd(h, other): other's counts added to h (Node's hdr_add) */
static JSValue js_hist_add(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    perf_hist *h = get_hist(ctx, argv[0]), *o = h ? get_hist(ctx, argv[1]) : NULL;
    if (!o) return JS_EXCEPTION;
    h->count += o->count;
    h->exceeds += o->exceeds;
    if (o->prev > h->prev) h->prev = o->prev;
    int64_t dropped = 0;
    for (int32_t i = 0, e = hist_end(o); i < e; i++)
        if (o->counts[i] && !hist_record(h, hist_value_at(o, i), o->counts[i]))
            dropped += o->counts[i];
    h->exceeds += dropped;
    return JS_UNDEFINED;
}

static JSValue js_hist_reset(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    perf_hist *h = get_hist(ctx, argv[0]);
    if (!h) return JS_EXCEPTION;
    memset(h->counts, 0, (size_t)h->counts_len * sizeof *h->counts);
    h->total = h->count = h->exceeds = h->max = 0;
    h->min = INT64_MAX;
    h->prev = 0;
    return JS_UNDEFINED;
}

/* histGet(h, what, big): what 0 count, 1 min, 2 max, 3 exceeds, 4 mean,
 * 5 stddev; big: as a bigint (0-3) */
static JSValue js_hist_get(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    perf_hist *h = get_hist(ctx, argv[0]);
    int32_t what;
    if (!h || JS_ToInt32(ctx, &what, argv[1])) return JS_EXCEPTION;
    int big = JS_ToBool(ctx, argv[2]);
    switch (what) {
    case 0: return int64_value(ctx, h->count, big);
    case 1: return int64_value(ctx, hist_min(h), big);
    case 2: return int64_value(ctx, hist_max(h), big);
    case 3: return int64_value(ctx, h->exceeds, big);
    case 4: return JS_NewFloat64(ctx, hist_mean(h));
    default: return JS_NewFloat64(ctx, hist_stddev(h));
    }
}

/* histPercentile(h, p, big): p in (0, 100], validated in JS */
static JSValue js_hist_percentile(JSContext *ctx, JSValueConst this_val, int argc,
                                  JSValueConst *argv)
{
    perf_hist *h = get_hist(ctx, argv[0]);
    double p;
    if (!h || JS_ToFloat64(ctx, &p, argv[1])) return JS_EXCEPTION;
    return int64_value(ctx, hist_percentile(h, p), JS_ToBool(ctx, argv[2]));
}

/* histPercentiles(h, big) -> [p0, v0, p1, v1, ...]: HDR's percentile
 * iteration, one step per half of the remaining distance to 100, each value
 * the lowest of its bucket, ending with 100 */
static JSValue js_hist_percentiles(JSContext *ctx, JSValueConst this_val, int argc,
                                   JSValueConst *argv)
{
    perf_hist *h = get_hist(ctx, argv[0]);
    if (!h) return JS_EXCEPTION;
    int big = JS_ToBool(ctx, argv[1]);
    JSValue out = JS_NewArray(ctx);
    uint32_t n = 0;
    int64_t cum = 0, cnt = 0, val = 0;
    int32_t i = -1;
    double to = 0;
    for (;;) {
        if (cum >= h->total) {
            JS_SetPropertyUint32(ctx, out, n++, JS_NewFloat64(ctx, 100.0));
            JS_SetPropertyUint32(ctx, out, n++, int64_value(ctx, val, big));
            break;
        }
        for (;;) {
            if (i >= 0 && cnt != 0 && to <= 100.0 * (double)cum / (double)h->total) {
                JS_SetPropertyUint32(ctx, out, n++, JS_NewFloat64(ctx, to));
                JS_SetPropertyUint32(ctx, out, n++, int64_value(ctx, val, big));
                double half = pow(2.0, (double)((int64_t)(log(100.0 / (100.0 - to)) / log(2.0)) + 1));
                to += 100.0 / half;
                break;
            }
            if (cum >= h->total || i + 1 >= h->counts_len) break;
            i++;
            cnt = h->counts[i];
            cum += cnt;
            val = hist_value_at(h, i);
        }
    }
    return out;
}

/* ---- monitorEventLoopDelay --------------------------------------------- */

static void on_timer_closed(uv_handle_t *t)
{
    free(t);
}

static void on_eld_tick(uv_timer_t *t)
{
    hist_record_delta(t->data);
}

static void eld_stop(perf_hist *h)
{
    if (!h->timer) return;
    uv_timer_stop(h->timer);
    uv_close((uv_handle_t *)h->timer, on_timer_closed);
    h->timer = NULL;
}

static void eld_orphaned(weft__js_req *r)
{
    eld_stop((perf_hist *)((char *)r - offsetof(perf_hist, link)));
}

/* eldStart(h, resolutionMs) -> false when already running. The running
 * timer holds h's JS object; it is unref'd (never keeps the loop alive). */
static JSValue js_eld_start(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    perf_hist *h = get_hist(ctx, argv[0]);
    int64_t ms;
    if (!h || JS_ToInt64Ext(ctx, &ms, argv[1])) return JS_EXCEPTION;
    if (h->timer) return JS_FALSE;
    weft__js *js = weft__js_from_ctx(ctx);
    uv_timer_t *t = malloc(sizeof *t);
    if (!t) return JS_ThrowOutOfMemory(ctx);
    uv_timer_init(&js->host->loop, t);
    t->data = h;
    h->timer = t;
    h->prev = 0;
    uv_timer_start(t, on_eld_tick, (uint64_t)ms, (uint64_t)ms);
    uv_unref((uv_handle_t *)t);
    weft__js_req_start(js, &h->link, argv[0]);
    h->link.on_orphan = eld_orphaned;
    return JS_TRUE;
}

/* eldStop(h) -> false when not running */
static JSValue js_eld_stop(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    perf_hist *h = get_hist(ctx, argv[0]);
    if (!h) return JS_EXCEPTION;
    if (!h->timer) return JS_FALSE;
    eld_stop(h);
    JSValue owner = h->link.req;
    if (weft__js_req_unlink(&h->link)) {
        h->link.req = JS_UNDEFINED;
        JS_FreeValue(ctx, owner); /* may finalize h: nothing touches it after */
    }
    return JS_TRUE;
}

/* ---- loop facts --------------------------------------------------------- */

static double ms_since_origin(uint64_t ns)
{
    return ns ? (double)(ns - weft__js_time_origin()) / 1e6 : -1;
}

/* idleTime() -> ms the loop spent waiting in its poll (UV_METRICS_IDLE_TIME) */
static JSValue js_idle_time(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    weft__js *js = weft__js_from_ctx(ctx);
    return JS_NewFloat64(ctx, (double)uv_metrics_idle_time(&js->host->loop) / 1e6);
}

/* timeOrigin() -> performance.timeOrigin: the process's start, wall-clock
 * ms (the same in every thread) */
static JSValue js_time_origin(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    return JS_NewFloat64(ctx, weft__js_time_origin_wall());
}

/* milestones() -> [nodeStart, v8Start, environment, bootstrapComplete,
 * loopStart, loopExit], ms from timeOrigin, -1 for one not reached */
static JSValue js_milestones(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    weft__js *js = weft__js_from_ctx(ctx);
    double v[6] = {0, ms_since_origin(js->ms_runtime), ms_since_origin(js->ms_environment),
                   ms_since_origin(js->ms_bootstrap), ms_since_origin(js->host->loop_start),
                   ms_since_origin(js->host->loop_exit)};
    JSValue a = JS_NewArray(ctx);
    for (uint32_t i = 0; i < 6; i++) JS_SetPropertyUint32(ctx, a, i, JS_NewFloat64(ctx, v[i]));
    return a;
}

/* gcObserved(bool): global.gc() reports its collections to
 * internal.perfOnGc(startMs, durationMs) while set */
static JSValue js_gc_observed(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    weft__js_from_ctx(ctx)->gc_observed = JS_ToBool(ctx, argv[0]);
    return JS_UNDEFINED;
}

static const JSCFunctionListEntry perf_funcs[] = {
    JS_CFUNC_DEF("histNew", 3, js_hist_new),
    JS_CFUNC_DEF("histRecord", 2, js_hist_record),
    JS_CFUNC_DEF("histRecordDelta", 1, js_hist_record_delta),
    JS_CFUNC_DEF("histAdd", 2, js_hist_add),
    JS_CFUNC_DEF("histReset", 1, js_hist_reset),
    JS_CFUNC_DEF("histGet", 3, js_hist_get),
    JS_CFUNC_DEF("histPercentile", 3, js_hist_percentile),
    JS_CFUNC_DEF("histPercentiles", 2, js_hist_percentiles),
    JS_CFUNC_DEF("eldStart", 2, js_eld_start),
    JS_CFUNC_DEF("eldStop", 1, js_eld_stop),
    JS_CFUNC_DEF("idleTime", 0, js_idle_time),
    JS_CFUNC_DEF("timeOrigin", 0, js_time_origin),
    JS_CFUNC_DEF("milestones", 0, js_milestones),
    JS_CFUNC_DEF("gcObserved", 1, js_gc_observed),
};

JSValue weft__js_perf_binding(JSContext *ctx)
{
    JSRuntime *rt = JS_GetRuntime(ctx);
    if (!hist_class_id) JS_NewClassID(&hist_class_id);
    if (!JS_IsRegisteredClass(rt, hist_class_id)) JS_NewClass(rt, hist_class_id, &hist_class);
    JSValue o = JS_NewObject(ctx);
    JS_SetPropertyFunctionList(ctx, o, perf_funcs, sizeof perf_funcs / sizeof perf_funcs[0]);
    return o;
}
