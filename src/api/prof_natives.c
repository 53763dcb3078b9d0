/* prof_natives.c: the profiler and resource monitor for scripts (issue 15):
 * ProfilerEnterScope(name) / ProfilerExitScope() open and close a user
 * scope "<name> (<resource>)" in a recording (as FiveM's natives; no-ops
 * while nothing records or accounts), ProfilerIsRecording(), and
 * GetResourceMetrics([resource]) -> the figures `resmon` prints. */
#include <msgpack.h>
#include <string.h>

#include "api/api.h"
#include "api/args.h"
#include "host/server.h"

static int n_enter(void *ud, const char *args, size_t len, char **out, size_t *olen)
{
    weft_host *h = ud;
    weft__args a;
    char name[200];
    if (weft__args_parse(&a, args, len) < 0 || !weft__args_text(&a, 0, name, sizeof name))
        return weft_native_error(
            h, "ProfilerEnterScope: the name must be a string (at most 199 bytes)");
    weft__prof_user_enter(h, weft__native_caller(h), name);
    return 0;
}

static int n_exit(void *ud, const char *args, size_t len, char **out, size_t *olen)
{
    weft__prof_user_exit(ud);
    return 0;
}

static int n_recording(void *ud, const char *args, size_t len, char **out, size_t *olen)
{
    weft_host *h = ud;
    return weft__res_bool(h->prof != NULL, out, olen);
}

static void kv_num(msgpack_packer *pk, const char *k, double v)
{
    msgpack_pack_str_with_body(pk, k, strlen(k));
    msgpack_pack_double(pk, v);
}

static void kv_int(msgpack_packer *pk, const char *k, uint64_t v)
{
    msgpack_pack_str_with_body(pk, k, strlen(k));
    msgpack_pack_uint64(pk, v);
}

static int n_metrics(void *ud, const char *args, size_t len, char **out, size_t *olen)
{
    weft_host *h = ud;
    weft__args a;
    char name[128] = "";
    weft__resource *r = NULL;
    if (weft__args_parse(&a, args, len) < 0)
        return weft_native_error(h, "GetResourceMetrics: bad arguments");
    if (weft__args_text(&a, 0, name, sizeof name)) {
        r = weft__srv_find(h, name);
    } else {
        weft__rt *rt = weft__native_caller(h);
        r = rt ? rt->resource : NULL;
    }
    if (!r) return weft__res_nil(out, olen);
    weft__prof_metrics(h, 1); /* accounting from now on */
    weft__res_figures f;
    weft__prof_figures(h, r, &f);
    msgpack_sbuffer sb;
    msgpack_packer pk;
    weft__res_begin(&sb, &pk);
    msgpack_pack_map(&pk, 13);
    kv_num(&pk, "cpuMsPerFrame", f.cpu_ms_per_frame);
    kv_num(&pk, "drainMsPerFrame", f.drain_ms_per_frame);
    kv_num(&pk, "cpuMsTotal", f.cpu_ms_total);
    kv_num(&pk, "drainMsTotal", f.drain_ms_total);
    kv_int(&pk, "memory", f.memory);
    kv_int(&pk, "liveRefs", f.live_refs);
    kv_int(&pk, "pendingCalls", f.pending_calls);
    kv_int(&pk, "timers", f.timers);
    kv_int(&pk, "events", f.events);
    kv_int(&pk, "exports", f.exports);
    kv_int(&pk, "refCalls", f.ref_calls);
    kv_int(&pk, "db", f.db);
    kv_int(&pk, "http", f.http);
    return weft__res_take(&sb, out, olen);
}

static const weft_native natives[] = {
    {"ProfilerEnterScope", n_enter, NULL},
    {"ProfilerExitScope", n_exit, NULL},
    {"ProfilerIsRecording", n_recording, NULL},
    {"GetResourceMetrics", n_metrics, NULL},
    {NULL, NULL, NULL},
};

int weft__api_prof_open(weft_host *h)
{
    return weft_host_register_natives(h, natives, h);
}
