/* net.c: the network state of a server host: endpoints from server.cfg
 * (`endpoint_add_tcp` / `endpoint_add_udp`, FXServer's names), the limits
 * (net_* convars over weft_conf.h defaults, re-read once a second) and the
 * one-second sweep (HTTP timeouts, pings, player timeouts). Nothing listens
 * until an endpoint line asks for it; the sweep timer is unref'ed so it
 * never keeps a loop alive by itself. */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "host/server.h"
#include "net/net_int.h"

weft__net *weft__net_get(weft_host *h)
{
    return h->server ? h->server->net : NULL;
}

/* A net convar over its weft_conf.h default, within the range of
 * convar_limits.c (values outside it are refused when set; the clamp is a
 * second guard). */
static int conv(weft_host *h, const char *name, int def)
{
    const weft__convar_range *r = weft__convar_range_find(name);
    long long v = weft__convars_get_int(&h->server->convars, name, def);
    if (r) v = v < r->lo ? r->lo : v > r->hi ? r->hi : v;
    return (int)v;
}

static void load_limits(weft_host *h, weft__net_limits *L)
{
    L->max_message = (size_t)conv(h, "net_maxMessageBytes", WEFT_NET_MAX_MESSAGE);
    L->max_depth = conv(h, "net_maxMessageDepth", WEFT_NET_MAX_DEPTH);
    L->events_per_second = conv(h, "net_maxEventsPerSecond", WEFT_NET_EVENTS_PER_SECOND);
    L->events_burst = conv(h, "net_eventBurst", WEFT_NET_EVENT_BURST);
    L->player_out = (size_t)conv(h, "net_maxPlayerOutboundBytes", WEFT_NET_PLAYER_OUTBOUND);
    L->http_head = (size_t)conv(h, "net_httpMaxHeaderBytes", WEFT_NET_HTTP_MAX_HEADER);
    L->http_body = (size_t)conv(h, "net_httpMaxBodyBytes", WEFT_NET_HTTP_MAX_BODY);
    L->http_out = (size_t)conv(h, "net_httpMaxOutboundBytes", WEFT_NET_HTTP_MAX_OUTBOUND);
    L->http_in = (size_t)conv(h, "net_httpMaxInputBytes", WEFT_NET_HTTP_MAX_INPUT);
    L->http_idle_ms = conv(h, "net_httpIdleTimeoutMs", WEFT_NET_HTTP_IDLE_MS);
    L->http_head_ms = conv(h, "net_httpHeadersTimeoutMs", WEFT_NET_HTTP_HEADERS_MS);
    L->http_request_ms = conv(h, "net_httpRequestTimeoutMs", WEFT_NET_HTTP_REQUEST_MS);
    L->max_connections = conv(h, "net_maxConnections", WEFT_NET_MAX_CONNECTIONS);
    L->max_players = conv(h, "sv_maxClients", WEFT_NET_MAX_PLAYERS);
    L->ping_ms = conv(h, "net_pingIntervalMs", WEFT_NET_PING_MS);
    L->timeout_ms = conv(h, "net_timeoutMs", WEFT_NET_TIMEOUT_MS);
    L->deferral_ms = conv(h, "net_deferralTimeoutMs", WEFT_NET_DEFERRAL_MS);
    L->client_requests = conv(h, "net_httpClientMaxRequests", WEFT_NET_HTTP_CLIENT_REQUESTS);
    L->client_bytes = (size_t)conv(h, "net_httpClientMaxBytes", WEFT_NET_HTTP_CLIENT_BYTES);
    L->client_timeout_ms = conv(h, "net_httpClientTimeoutMs", WEFT_NET_HTTP_CLIENT_TIMEOUT_MS);
}

void weft__net_limits_reload(weft_host *h)
{
    weft__net *n = weft__net_get(h);
    if (n) load_limits(h, &n->limits);
}

const weft__net_limits *weft__net_limits_get(weft_host *h)
{
    return &weft__net_get(h)->limits;
}

static void sweep_cb(uv_timer_t *t)
{
    weft__net *n = t->data;
    uint64_t now = uv_now(t->loop);
    load_limits(n->h, &n->limits);
    for (int i = 0; i < n->ntcp; i++)
        weft__http_sweep(n->tcp[i], now);
    weft__players_sweep(n->h, now);
}

int weft__net_init(weft_host *h)
{
    weft__net *n = calloc(1, sizeof *n);
    if (!n) return WEFT_ENOMEM;
    n->h = h;
    n->route = weft__http_route;
    h->server->net = n;
    load_limits(h, &n->limits);
    uv_timer_init(&h->loop, &n->sweep);
    n->sweep.data = n;
    if (weft__players_init(h) < 0) return WEFT_ENOMEM;
    return 0;
}

/* "IP:PORT", "[IPv6]:PORT" or "PORT". */
static int parse_addr(const char *s, struct sockaddr_storage *ss)
{
    char host[64];
    const char *colon = strrchr(s, ':');
    const char *port_s = colon ? colon + 1 : s;
    char *end;
    long port = strtol(port_s, &end, 10);
    if (!*port_s || *end || port < 0 || port > 65535) return WEFT_EINVAL;
    size_t hl = colon ? (size_t)(colon - s) : 0;
    if (hl >= sizeof host) return WEFT_EINVAL;
    memcpy(host, s, hl);
    host[hl] = 0;
    if (!hl) snprintf(host, sizeof host, "0.0.0.0");
    if (host[0] == '[' && hl > 2 && host[hl - 1] == ']') {
        host[hl - 1] = 0;
        return uv_ip6_addr(host + 1, (int)port, (struct sockaddr_in6 *)ss) ? WEFT_EINVAL : 0;
    }
    return uv_ip4_addr(host, (int)port, (struct sockaddr_in *)ss) ? WEFT_EINVAL : 0;
}

int weft__net_endpoint_add(weft_host *h, const char *addr, int udp)
{
    weft__net *n = weft__net_get(h);
    if (!n || n->shut) return WEFT_ESTATE;
    struct sockaddr_storage ss;
    memset(&ss, 0, sizeof ss);
    const char *kind = udp ? "endpoint_add_udp" : "endpoint_add_tcp";
    if (parse_addr(addr, &ss)) {
        weft__srv_cmd_error(h, h->server->cfg_at, "net",
                            "%s: bad address \"%s\" (expected IP:PORT)", kind, addr);
        return WEFT_EINVAL;
    }
    if ((udp ? n->nudp : n->ntcp) == WEFT_NET_MAX_ENDPOINTS) {
        weft__srv_cmd_error(h, h->server->cfg_at, "net", "%s: at most %d endpoints", kind,
                            WEFT_NET_MAX_ENDPOINTS);
        return WEFT_EINVAL;
    }
    load_limits(h, &n->limits);
    /* A peer that vanishes must give EPIPE on write, not kill the server. */
    signal(SIGPIPE, SIG_IGN);
    int port = 0, r;
    const char *why;
    if (udp && weft__enet_available(&why)) {
        weft__srv_cmd_error(h, h->server->cfg_at, "net",
                            "%s %s: cannot listen: ENet is not available: %s", kind, addr, why);
        return WEFT_EIO;
    }
    if (udp) {
        struct weft__enet_srv *e = NULL;
        r = weft__enet_listen(h, (struct sockaddr *)&ss, &e);
        if (!r) {
            n->udp[n->nudp++] = e;
            port = weft__enet_port(e);
        }
    } else {
        weft__http_srv *srv = NULL;
        r = weft__http_listen(h, (struct sockaddr *)&ss, &srv);
        if (!r) {
            n->tcp[n->ntcp++] = srv;
            port = weft__http_port(srv);
        }
    }
    if (r) {
        weft__srv_cmd_error(h, h->server->cfg_at, "net", "%s %s: cannot listen: %s (%s)", kind,
                            addr, uv_strerror(r), uv_err_name(r));
        return WEFT_EIO;
    }
    char shown[80];
    snprintf(shown, sizeof shown, "%s", addr);
    char *c = strrchr(shown, ':');
    if (c) snprintf(c + 1, sizeof shown - (size_t)(c + 1 - shown), "%d", port);
    weft__log(h, "net", "listening on %s (%s)", shown, udp ? "udp: ENet" : "tcp: HTTP, WebSocket");
    if (!n->sweep_on) {
        n->sweep_on = 1;
        uv_timer_start(&n->sweep, sweep_cb, 1000, 1000);
        uv_unref((uv_handle_t *)&n->sweep);
    }
    return 0;
}

int weft__net_port(weft_host *h, int udp)
{
    weft__net *n = weft__net_get(h);
    if (!n) return 0;
    if (udp) return n->nudp ? weft__enet_port(n->udp[0]) : 0;
    return n->ntcp ? weft__http_port(n->tcp[0]) : 0;
}

void weft__net_shutdown(weft_host *h)
{
    weft__net *n = weft__net_get(h);
    if (!n || n->shut) return;
    n->shut = 1;
    weft__players_drop_all(h, "server shutting down");
    for (int i = 0; i < n->ntcp; i++)
        weft__http_close(n->tcp[i]);
    for (int i = 0; i < n->nudp; i++)
        weft__enet_close(n->udp[i]);
    n->ntcp = n->nudp = 0;
    weft__curl_close(n->curl);
    n->curl = NULL;
    if (!uv_is_closing((uv_handle_t *)&n->sweep)) uv_close((uv_handle_t *)&n->sweep, NULL);
}

void weft__net_free(weft_host *h)
{
    weft__net *n = weft__net_get(h);
    if (!n) return;
    weft__players_free(h);
    weft__http_handlers_free(h);
    free(n);
    h->server->net = NULL;
}

/* ---- growable buffers ------------------------------------------------------- */

void weft__nbuf_add(weft__nbuf *b, const char *s, size_t n)
{
    if (b->oom) return;
    if (b->len + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap * 2 : 256;
        while (cap < b->len + n + 1)
            cap *= 2;
        char *p = realloc(b->p, cap);
        if (!p) {
            b->oom = 1;
            return;
        }
        b->p = p;
        b->cap = cap;
    }
    memcpy(b->p + b->len, s, n);
    b->len += n;
    b->p[b->len] = 0;
}

void weft__nbuf_str(weft__nbuf *b, const char *s)
{
    weft__nbuf_add(b, s, strlen(s));
}

size_t weft__inbuf_room(char **buf, size_t *cap, size_t len)
{
    if (*cap - len < 16384) {
        size_t ncap = *cap ? *cap * 2 : 65536;
        char *p = realloc(*buf, ncap);
        if (!p) return 0;
        *buf = p;
        *cap = ncap;
    }
    return *cap - len;
}
