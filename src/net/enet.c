/* enet.c: the one file that sees ENet (Debian's libenet-dev): the UDP
 * endpoint (`endpoint_add_udp`) for game clients, and the client side the C
 * client library uses. ENet is poll-driven: a uv_poll on its socket services
 * it when datagrams arrive, a 10 ms timer services resends, pings and
 * timeouts, and a check handle flushes what was queued during the loop
 * iteration (one flush per iteration, not one per message).
 * Every wire message is one reliable packet on channel 0. Bytes queued to a
 * peer are counted from send until ENet frees the packet (acknowledged), so
 * a slow peer hits net_maxPlayerOutboundBytes like a WebSocket one. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "host/dl_enet.h"
#include "host/server.h"
#include "net/net_int.h"

#define SERVICE_MS 10

typedef struct epeer {
    ENetPeer *peer;
    struct weft__enet_srv *srv;
    weft__player *player;
    size_t queued; /* bytes of our packets ENet still holds */
    int closing;
    char endpoint[64];
} epeer;

struct weft__enet_srv {
    weft_host *h;
    ENetHost *host;
    uv_poll_t poll;
    uv_timer_t timer;
    uv_check_t check;
    int dirty, handles, closing;
    epeer *client; /* client mode: the one peer */
    const weft__enet_client_cbs *ccbs;
    void *cud;
};

static int g_enet_init;

int weft__enet_available(const char **why)
{
    if (!g_enet_init) {
        const char *e;
        if (weft__dl_load(&weft__dl_enet, &e) < 0) {
            if (why) *why = e;
            return -1;
        }
        if (enet_initialize()) {
            if (why) *why = "enet_initialize failed";
            return -1;
        }
        g_enet_init = 1;
    }
    return 0;
}

/* weft__enet_available for the client library: 0, or WEFT_EIO after one
 * line naming what is missing (the server's endpoint_add_udp checks first
 * and says it at its cfg line). */
static int init_once(void)
{
    const char *why;
    if (!weft__enet_available(&why)) return 0;
    fprintf(stderr, "weft: the game client transport (ENet) is not available: %s\n", why);
    return WEFT_EIO;
}

static void packet_freed(ENetPacket *pk)
{
    epeer *ep = pk->userData;
    if (ep) ep->queued -= pk->dataLength;
}

static int peer_send(epeer *ep, const char *msg, size_t len)
{
    ENetPacket *pk = enet_packet_create(msg, len, ENET_PACKET_FLAG_RELIABLE);
    if (!pk) return WEFT_ENOMEM;
    pk->userData = ep;
    pk->freeCallback = packet_freed;
    ep->queued += len;
    if (enet_peer_send(ep->peer, 0, pk) < 0) {
        enet_packet_destroy(pk);
        return WEFT_EIO;
    }
    ep->srv->dirty = 1;
    return 0;
}

/* ---- server-side player transport ----------------------------------------------- */

static int t_send(void *conn, const char *msg, size_t len)
{
    epeer *ep = conn;
    if (ep->closing) return WEFT_EIO;
    /* As WebSocket: the bound is on bytes still unacknowledged, so a slow
     * peer is dropped, while one large message alone is not. */
    if (ep->queued > weft__net_limits_get(ep->srv->h)->player_out) return WEFT_ENOMEM;
    return peer_send(ep, msg, len);
}

static size_t t_queued(void *conn)
{
    return ((epeer *)conn)->queued;
}

static void t_close(void *conn)
{
    epeer *ep = conn;
    if (ep->closing) return;
    ep->closing = 1;
    ep->player = NULL;
    enet_peer_disconnect_later(ep->peer, 0);
    ep->srv->dirty = 1;
}

static const weft__player_transport enet_transport = {"enet", t_send, t_queued, t_close};

/* The peer is gone for good: detach it from its packets and free it. */
static void peer_gone(epeer *ep)
{
    /* Packets still queued in ENet point at ep: ENet frees them when the
     * peer resets; clear the back pointers first. */
    ENetPeer *peer = ep->peer;
    peer->data = NULL;
    ENetListIterator it;
    for (int k = 0; k < 2; k++) {
        ENetList *l = k ? &peer->outgoingCommands : &peer->sentReliableCommands;
        for (it = enet_list_begin(l); it != enet_list_end(l); it = enet_list_next(it)) {
            ENetOutgoingCommand *oc = (ENetOutgoingCommand *)it;
            if (oc->packet && oc->packet->userData == ep) oc->packet->userData = NULL;
        }
    }
    free(ep);
}

static void handle(struct weft__enet_srv *s, ENetEvent *ev)
{
    weft_host *h = s->h;
    if (ev->type == ENET_EVENT_TYPE_CONNECT) {
        epeer *ep = calloc(1, sizeof *ep);
        if (!ep) {
            enet_peer_reset(ev->peer);
            return;
        }
        ep->peer = ev->peer;
        ep->srv = s;
        ev->peer->data = ep;
        char ip[48] = "?";
        enet_address_get_host_ip(&ev->peer->address, ip, sizeof ip);
        snprintf(ep->endpoint, sizeof ep->endpoint, "%s:%u", ip, ev->peer->address.port);
        if (s->ccbs) { /* client mode */
            s->client = ep;
            s->ccbs->on_open(s->cud);
            return;
        }
        ep->player = weft__player_open(h, &enet_transport, ep, ep->endpoint);
        if (!ep->player) t_close(ep);
        return;
    }
    epeer *ep = ev->peer->data;
    if (ev->type == ENET_EVENT_TYPE_RECEIVE) {
        if (ep && s->ccbs) s->ccbs->on_message(s->cud, (const char *)ev->packet->data,
                                                ev->packet->dataLength);
        else if (ep && ep->player && !ep->closing)
            weft__player_message(ep->player, (const char *)ev->packet->data,
                                 ev->packet->dataLength);
        enet_packet_destroy(ev->packet);
        return;
    }
    if (ev->type == ENET_EVENT_TYPE_DISCONNECT && ep) {
        if (s->ccbs) {
            s->client = NULL;
            peer_gone(ep);
            s->ccbs->on_close(s->cud, "disconnected");
            return;
        }
        weft__player *p = ep->player;
        ep->player = NULL;
        if (p) weft__player_closed(p, "disconnected (or timed out)");
        peer_gone(ep);
    }
}

/* Bound: enet_host_service(.., 0) returns each event once; at most what
 * arrived in the socket buffer, plus one event per peer state change. */
static void service(struct weft__enet_srv *s)
{
    ENetEvent ev;
    while (!s->closing && s->host && enet_host_service(s->host, &ev, 0) > 0) handle(s, &ev);
    if (!s->closing && s->host) {
        enet_host_flush(s->host);
        s->dirty = 0;
    }
}

static void poll_cb(uv_poll_t *p, int status, int events)
{
    service(p->data);
}

static void timer_cb(uv_timer_t *t)
{
    service(t->data);
}

static void check_cb(uv_check_t *c)
{
    struct weft__enet_srv *s = c->data;
    if (s->dirty && s->host && !s->closing) {
        enet_host_flush(s->host);
        s->dirty = 0;
    }
}

static int open_host(weft_host *h, const struct sockaddr *addr, size_t peers,
                     struct weft__enet_srv **out)
{
    if (init_once()) return UV_EIO;
    if (addr && addr->sa_family != AF_INET) return UV_EAFNOSUPPORT; /* ENet 1.3 speaks IPv4 */
    struct weft__enet_srv *s = calloc(1, sizeof *s);
    if (!s) return UV_ENOMEM;
    s->h = h;
    ENetAddress a, *ap = NULL;
    if (addr) {
        const struct sockaddr_in *in = (const struct sockaddr_in *)addr;
        a.host = in->sin_addr.s_addr;
        a.port = ntohs(in->sin_port);
        ap = &a;
    }
    /* ENet says only NULL; the socket(2)/bind(2) errno is still set then
     * (its cleanup is close and free), e.g. EADDRINUSE for a busy port. */
    errno = 0;
    s->host = enet_host_create(ap, peers, 2, 0, 0);
    if (!s->host) {
        int e = errno ? errno : EIO;
        free(s);
        return uv_translate_sys_error(e);
    }
    /* Up to 4x the bound reaches weft (dropped with a reason); ENet discards
     * larger packets itself before reassembling them. */
    s->host->maximumPacketSize = 4 * weft__net_limits_get(h)->max_message + 1024;
    uv_poll_init_socket(&h->loop, &s->poll, s->host->socket);
    s->poll.data = s;
    uv_poll_start(&s->poll, UV_READABLE, poll_cb);
    uv_timer_init(&h->loop, &s->timer);
    s->timer.data = s;
    uv_timer_start(&s->timer, timer_cb, SERVICE_MS, SERVICE_MS);
    uv_check_init(&h->loop, &s->check);
    s->check.data = s;
    uv_check_start(&s->check, check_cb);
    s->handles = 3;
    *out = s;
    return 0;
}

int weft__enet_listen(weft_host *h, const struct sockaddr *addr, struct weft__enet_srv **out)
{
    size_t peers = (size_t)weft__net_limits_get(h)->max_players;
    if (peers > ENET_PROTOCOL_MAXIMUM_PEER_ID) peers = ENET_PROTOCOL_MAXIMUM_PEER_ID;
    return open_host(h, addr, peers, out);
}

int weft__enet_port(struct weft__enet_srv *s)
{
    ENetAddress a;
    if (enet_socket_get_address(s->host->socket, &a)) return 0;
    return a.port;
}

static void handle_closed(uv_handle_t *hd)
{
    struct weft__enet_srv *s = hd->data;
    if (--s->handles == 0) free(s);
}

void weft__enet_close(struct weft__enet_srv *s)
{
    if (s->closing) return;
    s->closing = 1;
    /* Players were dropped already (their disconnects are queued): give
     * them a last flush, then reset every peer and free the host. */
    enet_host_flush(s->host);
    for (size_t i = 0; i < s->host->peerCount; i++) {
        ENetPeer *peer = &s->host->peers[i];
        epeer *ep = peer->data;
        if (!ep) continue;
        if (ep->player && !s->ccbs) weft__player_closed(ep->player, "server shutting down");
        peer_gone(ep);
        enet_peer_reset(peer);
    }
    enet_host_destroy(s->host);
    s->host = NULL;
    s->client = NULL;
    uv_close((uv_handle_t *)&s->poll, handle_closed);
    uv_close((uv_handle_t *)&s->timer, handle_closed);
    uv_close((uv_handle_t *)&s->check, handle_closed);
}

/* ---- client side ---------------------------------------------------------------------- */

int weft__enet_client_open(uv_loop_t *loop, const char *ip, int port,
                           const weft__enet_client_cbs *cbs, void *ud,
                           struct weft__enet_srv **out)
{
    /* open_host wants a weft_host for its loop and limits: a client has
     * neither, so build the host here. */
    if (init_once()) return WEFT_EIO;
    struct weft__enet_srv *s = calloc(1, sizeof *s);
    if (!s) return WEFT_ENOMEM;
    s->host = enet_host_create(NULL, 1, 2, 0, 0);
    if (!s->host) {
        free(s);
        return WEFT_EIO;
    }
    s->ccbs = cbs;
    s->cud = ud;
    ENetAddress a;
    if (enet_address_set_host_ip(&a, ip)) {
        enet_host_destroy(s->host);
        free(s);
        return WEFT_EINVAL;
    }
    a.port = (enet_uint16)port;
    if (!enet_host_connect(s->host, &a, 2, 0)) {
        enet_host_destroy(s->host);
        free(s);
        return WEFT_EIO;
    }
    uv_poll_init_socket(loop, &s->poll, s->host->socket);
    s->poll.data = s;
    uv_poll_start(&s->poll, UV_READABLE, poll_cb);
    uv_timer_init(loop, &s->timer);
    s->timer.data = s;
    uv_timer_start(&s->timer, timer_cb, SERVICE_MS, SERVICE_MS);
    uv_check_init(loop, &s->check);
    s->check.data = s;
    uv_check_start(&s->check, check_cb);
    s->handles = 3;
    enet_host_flush(s->host);
    *out = s;
    return 0;
}

int weft__enet_client_send(struct weft__enet_srv *s, const char *msg, size_t len)
{
    if (!s->client || s->closing) return WEFT_ESTATE;
    return peer_send(s->client, msg, len);
}

size_t weft__enet_client_queued(struct weft__enet_srv *s)
{
    return s->client ? s->client->queued : 0;
}

void weft__enet_client_close(struct weft__enet_srv *s)
{
    if (s->closing) return;
    if (s->client) {
        enet_host_flush(s->host); /* what is queued (BYE) goes first */
        enet_peer_disconnect_now(s->client->peer, 0);
        peer_gone(s->client);
        s->client = NULL;
    }
    weft__enet_close(s);
}
