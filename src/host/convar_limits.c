/* convar_limits.c: the numeric convars weft itself reads, with their valid
 * ranges and units. A value outside its range, or not a whole base-10
 * integer, is refused where it is set (server.cfg, the console, SetConvar),
 * so a reader never sees it: the previous value (or the built-in default)
 * stays. net.c clamps with the same table. Convars not listed here are any
 * text, as in FiveM. */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <strings.h>

#include "host/config.h"
#include "weft_conf.h"

#define MS_DAY 86400000LL
#define GIB (1LL << 30)

/* name, lowest, highest, unit, the default (JS's, then Lua's where they
 * differ) as shown to the user. */
static const weft__convar_range ranges[] = {
    {"mysql_slow_query_warning", 0, MS_DAY, "ms", WEFT_DB_SLOW_QUERY_MS},
    {"net_deferralTimeoutMs", 100, GIB, "ms", WEFT_NET_DEFERRAL_MS},
    {"net_eventBurst", 1, 1000000, "events", WEFT_NET_EVENT_BURST},
    {"net_httpClientMaxBytes", 1024, GIB, "bytes", WEFT_NET_HTTP_CLIENT_BYTES},
    {"net_httpClientMaxRequests", 1, 1 << 20, "requests", WEFT_NET_HTTP_CLIENT_REQUESTS},
    {"net_httpClientTimeoutMs", 0, GIB, "ms", WEFT_NET_HTTP_CLIENT_TIMEOUT_MS},
    {"net_httpHeadersTimeoutMs", 100, GIB, "ms", WEFT_NET_HTTP_HEADERS_MS},
    {"net_httpIdleTimeoutMs", 100, GIB, "ms", WEFT_NET_HTTP_IDLE_MS},
    {"net_httpMaxBodyBytes", 0, GIB, "bytes", WEFT_NET_HTTP_MAX_BODY},
    {"net_httpMaxHeaderBytes", 256, 1 << 20, "bytes", WEFT_NET_HTTP_MAX_HEADER},
    {"net_httpMaxInputBytes", 1024, 1 << 28, "bytes", WEFT_NET_HTTP_MAX_INPUT},
    {"net_httpMaxOutboundBytes", 4096, GIB, "bytes", WEFT_NET_HTTP_MAX_OUTBOUND},
    {"net_httpRequestTimeoutMs", 100, GIB, "ms", WEFT_NET_HTTP_REQUEST_MS},
    {"net_maxConnections", 1, 1 << 20, "connections", WEFT_NET_MAX_CONNECTIONS},
    {"net_maxEventsPerSecond", 1, 1000000, "events/s", WEFT_NET_EVENTS_PER_SECOND},
    {"net_maxMessageBytes", 64, 1 << 26, "bytes", WEFT_NET_MAX_MESSAGE},
    {"net_maxMessageDepth", 2, 64, "levels", WEFT_NET_MAX_DEPTH},
    {"net_maxPlayerOutboundBytes", 4096, GIB, "bytes", WEFT_NET_PLAYER_OUTBOUND},
    {"net_pingIntervalMs", 10, GIB, "ms", WEFT_NET_PING_MS},
    {"net_timeoutMs", 100, GIB, "ms", WEFT_NET_TIMEOUT_MS},
    {"sv_frameRate", 1, 1000, "Hz", WEFT_FRAME_RATE},
    {"sv_hitchWarning", 1, MS_DAY, "ms", WEFT_HITCH_WARNING_MS},
    {"sv_maxClients", 1, 65000, "players", WEFT_NET_MAX_PLAYERS},
    {"weft_clusterLeaseTtlMs", 1000, MS_DAY, "ms", WEFT_CLUSTER_LEASE_TTL_MS},
    {"weft_cpuLimitMs", 0, MS_DAY, "ms, 0 = no limit", WEFT_JS_CPU_LIMIT_MS},
    {"weft_cpuWarnMs", 0, MS_DAY, "ms, 0 = no warning", WEFT_JS_CPU_WARN_MS},
    {"weft_dbPoolSize", 1, 256, "connections", WEFT_DB_POOL_SIZE},
    {"weft_dbQueryTimeout", 1, 86400, "s", WEFT_DB_QUERY_TIMEOUT_S},
    {"weft_memoryLimitMb", 1, 1 << 20, "MiB", (long long)(WEFT_JS_MEMORY_LIMIT >> 20),
     (long long)(WEFT_LUA_MEMORY_LIMIT >> 20)},
    {"weft_stateBagMaxBag", 1, GIB, "bytes", WEFT_STATEBAG_MAX_BAG},
    {"weft_stateBagMaxValue", 1, GIB, "bytes", WEFT_STATEBAG_MAX_VALUE},
};

const weft__convar_range *weft__convar_range_find(const char *name)
{
    for (size_t i = 0; name && i < sizeof ranges / sizeof ranges[0]; i++)
        if (!strcasecmp(ranges[i].name, name)) return &ranges[i];
    return NULL;
}

const weft__convar_range *weft__convar_range_at(size_t i)
{
    return i < sizeof ranges / sizeof ranges[0] ? &ranges[i] : NULL;
}

/* value as a whole base-10 integer (spaces around it allowed): 1, or 0 if
 * it is not one; a whole number past what 64 bits hold is 1 with *out at
 * the end it passed (out of range, not "not a whole number"). */
static int parse(const char *value, long long *out)
{
    char *end;
    errno = 0;
    long long n = strtoll(value, &end, 10);
    if (end == value) return 0;
    int big = errno == ERANGE;
    while (*end == ' ' || *end == '\t')
        end++;
    if (*end) return 0;
    *out = big ? (n < 0 ? LLONG_MIN : LLONG_MAX) : n;
    return 1;
}

/* A control byte (or DEL) in a convar name: FiveM stores such a name, but
 * no console line can name it again (its tokenizer splits at them), so
 * weft refuses it; why shows the name with the byte as \xNN. */
static int bad_name(const char *name, char *why, size_t cap)
{
    const unsigned char *p = (const unsigned char *)name;
    size_t k = 0;
    while (p[k] && p[k] >= 0x20 && p[k] != 0x7f) k++;
    if (!p[k]) return 0;
    char shown[200];
    size_t o = 0;
    for (const unsigned char *q = p; *q && o + 5 < sizeof shown; q++)
        o += (size_t)snprintf(shown + o, sizeof shown - o, *q < 0x20 || *q == 0x7f ? "\\x%02x" : "%c",
                              *q);
    snprintf(why, cap, "the convar name \"%s\" has a control byte (\\x%02x): refused (a name is "
             "printable text)", shown, p[k]);
    return WEFT_EINVAL;
}

int weft__convar_check(const weft__convars *cv, const char *name, const char *value, char *why,
                       size_t cap)
{
    if (name && bad_name(name, why, cap)) return WEFT_EINVAL;
    const weft__convar_range *r = weft__convar_range_find(name);
    long long n;
    if (!r || !value) return 0;
    int ok = parse(value, &n);
    if (ok && n >= r->lo && n <= r->hi) return 0;
    const char *old = cv ? weft__convars_get(cv, name, NULL) : NULL;
    char keep[96];
    if (old)
        snprintf(keep, sizeof keep, "keeping \"%.40s\"", old);
    else if (r->def_lua)
        snprintf(keep, sizeof keep, "keeping the default, %lld for JS and %lld for Lua", r->def,
                 r->def_lua);
    else
        snprintf(keep, sizeof keep, "keeping the default, %lld", r->def);
    snprintf(why, cap, "%s \"%.60s\" is %s: valid is %lld to %lld (%s); %s", r->name, value,
             ok ? "out of range" : "not a whole number", r->lo, r->hi, r->unit, keep);
    return WEFT_EINVAL;
}
