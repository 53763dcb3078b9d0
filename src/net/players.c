/* players.c: the player registry (DESIGN.md §9). A player is a connection
 * (WebSocket or ENet) that sent HELLO: a server id (its `source`, 1..65535,
 * reused only after the id space wraps), a name, identifiers the server
 * assigns (`ip:`, `weft:`; never taken from the client), an endpoint and a
 * ping. Inbound wire messages are validated here (wire.c) and net events are
 * rate-limited per player (a token bucket) before reaching onNet handlers.
 *
 * Invariants:
 * - A dropped player is closed at once (transport, state P_GONE) but its
 *   playerDropped event and its memory are handled by the reaper, a loop
 *   callback of its own: script code never runs inside transport code, and
 *   nothing is freed while a list walk (broadcast) is on the stack.
 * - Outbound: a send that would pass net_maxPlayerOutboundBytes drops the
 *   player ("outbound queue full"): queues never grow without limit. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <msgpack.h>
#include <sys/random.h>
#include "api/statebag.h"
#include "host/server.h"
#include "net/net_int.h"

enum { P_NEW, P_CONNECTING, P_JOINED, P_GONE };

#define MAX_IDS 65536
#define LATENT_MAX (64u * 1024 * 1024) /* bytes of latent events queued to one player */
#define LATENT_TICK_MS 50

typedef struct latent {
    struct latent *next;
    uint32_t id;
    uint32_t bps;
    size_t off, len;
    char *buf; /* the CLIENT_EVENT message, sent in LATENT pieces */
} latent;

struct weft__player {
    weft_host *h;
    int id, state;
    char name[WEFT_NET_MAX_NAME + 1];
    char endpoint[64];
    char ident[2][80];
    const weft__player_transport *t;
    void *conn;
    uint32_t ping;
    uint64_t last_heard, ping_sent;
    int64_t ping_token;
    double tokens;
    uint64_t tokens_ms;
    latent *latent_head, *latent_tail;
    size_t latent_bytes;
    char *drop_reason; /* for playerDropped, set when gone */
    /* playerConnecting's deferrals (WeftDeferral): */
    int in_connecting, deferred, done, done_accept;
    uint64_t connect_ms; /* HELLO received (0: never said hello) */
    char *kick_reason, *done_reason;
    int dropped_event; /* playerDropped is due (it had joined) */
    weft__player *next, *prev;   /* registry order (join order) */
    weft__player *gone_next;
};

typedef struct weft__players {
    weft__player *by_id[MAX_IDS];
    weft__player *head, *tail;
    int count, next_id;
    uint32_t next_latent;
    weft__player *gone;
    uv_timer_t reaper, latent_timer;
    int latent_on;
    /* event names already reported as "not safe for net" (bounded) */
    char *unsafe[256];
    int nunsafe;
} weft__players;

static weft__players *reg(weft_host *h)
{
    weft__net *n = weft__net_get(h);
    return n ? n->players : NULL;
}

static weft_host *host_of(weft__player *p)
{
    return p->h;
}

static void reap_cb(uv_timer_t *t);
static void latent_cb(uv_timer_t *t);
static int emit_str(weft_host *h, weft__player *p, const char *event, const char *arg);

int weft__players_init(weft_host *h)
{
    weft__players *r = calloc(1, sizeof *r);
    if (!r) return WEFT_ENOMEM;
    r->next_id = 1;
    uv_timer_init(&h->loop, &r->reaper);
    r->reaper.data = h;
    uv_timer_init(&h->loop, &r->latent_timer);
    r->latent_timer.data = h;
    weft__net_get(h)->players = r;
    return 0;
}

static void latent_free_all(weft__player *p)
{
    while (p->latent_head) {
        latent *l = p->latent_head;
        p->latent_head = l->next;
        free(l->buf);
        free(l);
    }
    p->latent_tail = NULL;
    p->latent_bytes = 0;
}

static void player_free(weft__player *p)
{
    latent_free_all(p);
    free(p->drop_reason);
    free(p->kick_reason);
    free(p->done_reason);
    free(p);
}

void weft__players_free(weft_host *h)
{
    weft__players *r = reg(h);
    if (!r) return;
    for (weft__player *p = r->head, *n; p; p = n) {
        n = p->next;
        player_free(p);
    }
    for (weft__player *p = r->gone, *n; p; p = n) {
        n = p->gone_next;
        player_free(p);
    }
    for (int i = 0; i < r->nunsafe; i++) free(r->unsafe[i]);
    free(r);
    weft__net_get(h)->players = NULL;
}

weft__player *weft__player_find(weft_host *h, int id)
{
    weft__players *r = reg(h);
    if (!r || id <= 0 || id >= MAX_IDS) return NULL;
    weft__player *p = r->by_id[id];
    return p && p->state != P_GONE ? p : NULL;
}

/* ---- opening ------------------------------------------------------------------ */

weft__player *weft__player_open(weft_host *h, const weft__player_transport *t, void *conn,
                                const char *endpoint)
{
    weft__players *r = reg(h);
    const weft__net_limits *L = weft__net_limits_get(h);
    if (!r || weft__net_get(h)->shut || r->count >= L->max_players) {
        weft__log(h, "net", "%s: server full (%d players), refused", endpoint, L->max_players);
        return NULL;
    }
    /* Bound: at most MAX_IDS probes, and count < max_players < MAX_IDS. */
    int id = r->next_id;
    for (int i = 0; i < MAX_IDS && r->by_id[id]; i++) id = id + 1 < MAX_IDS ? id + 1 : 1;
    if (r->by_id[id]) return NULL;
    r->next_id = id + 1 < MAX_IDS ? id + 1 : 1;
    weft__player *p = calloc(1, sizeof *p);
    if (!p) return NULL;
    p->h = h;
    p->id = id;
    p->t = t;
    p->conn = conn;
    snprintf(p->endpoint, sizeof p->endpoint, "%s", endpoint);
    p->last_heard = p->tokens_ms = uv_now(&h->loop);
    p->tokens = L->events_burst;
    char ip[64];
    snprintf(ip, sizeof ip, "%s", endpoint);
    char *colon = strrchr(ip, ':');
    if (colon) *colon = 0;
    snprintf(p->ident[0], sizeof p->ident[0], "ip:%s", ip);
    unsigned char rnd[8] = {0};
    if (getrandom(rnd, sizeof rnd, 0) != sizeof rnd) {
        uint64_t x = uv_hrtime() ^ (uint64_t)id;
        memcpy(rnd, &x, sizeof rnd);
    }
    snprintf(p->ident[1], sizeof p->ident[1], "weft:%02x%02x%02x%02x%02x%02x%02x%02x", rnd[0],
             rnd[1], rnd[2], rnd[3], rnd[4], rnd[5], rnd[6], rnd[7]);
    r->by_id[id] = p;
    p->prev = r->tail;
    if (r->tail) r->tail->next = p;
    else r->head = p;
    r->tail = p;
    r->count++;
    return p;
}

/* ---- dropping ------------------------------------------------------------------ */

static void unlink_player(weft__players *r, weft__player *p)
{
    if (p->prev) p->prev->next = p->next;
    else r->head = p->next;
    if (p->next) p->next->prev = p->prev;
    else r->tail = p->prev;
    p->next = p->prev = NULL;
    r->count--;
}

/* Mark gone; the reaper emits playerDropped and frees. */
static void make_gone(weft__player *p, const char *reason)
{
    weft_host *h = host_of(p);
    weft__players *r = reg(h);
    if (p->state == P_GONE) return;
    p->dropped_event = p->state == P_JOINED;
    p->state = P_GONE;
    p->drop_reason = strdup(reason ? reason : "");
    p->conn = NULL;
    latent_free_all(p);
    unlink_player(r, p);
    p->gone_next = r->gone;
    r->gone = p;
    if (!weft__net_get(h)->shut) uv_timer_start(&r->reaper, reap_cb, 0, 0);
}

void weft__player_closed(weft__player *p, const char *reason)
{
    if (p->state == P_GONE) return;
    weft_host *h = host_of(p);
    weft__log(h, "net", "player %d (%s, %s) left: %s", p->id, p->name[0] ? p->name : "-",
              p->endpoint, reason);
    make_gone(p, reason);
}

void weft__player_drop(weft__player *p, const char *reason)
{
    if (p->state == P_GONE) return;
    weft_host *h = host_of(p);
    weft__log(h, "net", "dropped player %d (%s, %s): %s", p->id, p->name[0] ? p->name : "-",
              p->endpoint, reason);
    char *msg;
    size_t len;
    void *conn = p->conn;
    const weft__player_transport *t = p->t;
    make_gone(p, reason);
    if (conn) {
        if (weft__wire_str(WEFT_MSG_DROP, reason, &msg, &len) == 0) {
            t->send(conn, msg, len);
            free(msg);
        }
        t->close(conn);
    }
}

/* playerDropped for the players gone since the last run, then free them.
 * Bound: takes the list as it is; players dropped by the handlers are
 * reaped by the next run. */
static void reap_cb(uv_timer_t *t)
{
    weft_host *h = t->data;
    weft__players *r = reg(h);
    weft__player *list = r->gone;
    r->gone = NULL;
    for (weft__player *p = list; p; p = p->gone_next) {
        if (!p->dropped_event || weft__net_get(h)->shut) continue;
        emit_str(h, p, "playerDropped", p->drop_reason);
    }
    while (list) {
        weft__player *n = list->gone_next;
        if (list->connect_ms) {
            char bag[32];
            snprintf(bag, sizeof bag, "player:%d", list->id);
            weft__sb_drop(&h->server->bags, bag); /* Player(src).state */
        }
        if (r->by_id[list->id] == list) r->by_id[list->id] = NULL;
        player_free(list);
        list = n;
    }
}

void weft__players_drop_all(weft_host *h, const char *reason)
{
    weft__players *r = reg(h);
    if (!r) return;
    /* Bound: each drop unlinks the head. playerDropped still runs (the
     * reaper is called directly: resources are still running). */
    while (r->head) weft__player_drop(r->head, reason);
    int shut = weft__net_get(h)->shut;
    weft__net_get(h)->shut = 0;
    reap_cb(&r->reaper);
    weft__net_get(h)->shut = shut;
    uv_close((uv_handle_t *)&r->reaper, NULL);
    uv_close((uv_handle_t *)&r->latent_timer, NULL);
}

/* The registry ends a player without a DROP message (it left, or its
 * connection failed): gone, and the transport closed and detached. */
static void close_quietly(weft__player *p, const char *reason)
{
    void *conn = p->conn;
    const weft__player_transport *t = p->t;
    weft__player_closed(p, reason);
    if (conn) t->close(conn);
}

/* ---- sending -------------------------------------------------------------------- */

static int send_msg(weft__player *p, const char *msg, size_t len)
{
    if (p->state == P_GONE || !p->conn) return WEFT_ESTATE;
    int rc = p->t->send(p->conn, msg, len);
    if (rc == WEFT_ENOMEM) {
        char why[96];
        snprintf(why, sizeof why, "outbound queue full (%zu bytes queued: slow client)",
                 p->t->queued(p->conn));
        weft__player_drop(p, why);
    } else if (rc < 0 && p->state != P_GONE) {
        close_quietly(p, "connection lost");
    }
    return rc;
}

static void latent_arm(weft_host *h)
{
    weft__players *r = reg(h);
    if (r->latent_on || weft__net_get(h)->shut) return;
    r->latent_on = 1;
    uv_timer_start(&r->latent_timer, latent_cb, LATENT_TICK_MS, LATENT_TICK_MS);
}

static int queue_latent(weft_host *h, weft__player *p, const char *msg, size_t len, uint32_t bps)
{
    weft__players *r = reg(h);
    if (p->latent_bytes + len > LATENT_MAX) {
        weft__player_drop(p, "latent event queue full");
        return WEFT_ENOMEM;
    }
    latent *l = calloc(1, sizeof *l);
    if (!l || !(l->buf = malloc(len))) {
        free(l);
        return WEFT_ENOMEM;
    }
    memcpy(l->buf, msg, len);
    l->len = len;
    l->bps = bps;
    l->id = ++r->next_latent;
    if (p->latent_tail) p->latent_tail->next = l;
    else p->latent_head = l;
    p->latent_tail = l;
    p->latent_bytes += len;
    latent_arm(h);
    return 0;
}

/* Every LATENT_TICK_MS: each player's first latent event sends its share
 * (bps / ticks per second, at least one byte). Bound: one piece per player. */
static void latent_cb(uv_timer_t *t)
{
    weft_host *h = t->data;
    weft__players *r = reg(h);
    int any = 0;
    for (weft__player *p = r->head, *n; p; p = n) {
        n = p->next;
        latent *l = p->latent_head;
        if (!l) continue;
        size_t piece = l->bps / (1000 / LATENT_TICK_MS);
        if (piece < 1) piece = 1;
        if (piece > l->len - l->off) piece = l->len - l->off;
        char *msg;
        size_t len;
        if (weft__wire_latent(l->id, l->off, l->len, l->buf + l->off, piece, &msg, &len)) continue;
        int rc = send_msg(p, msg, len);
        free(msg);
        if (rc < 0) continue; /* dropped: its queue went with it */
        l->off += piece;
        if (l->off == l->len) {
            p->latent_head = l->next;
            if (!p->latent_head) p->latent_tail = NULL;
            p->latent_bytes -= l->len;
            free(l->buf);
            free(l);
        }
        if (p->latent_head) any = 1;
    }
    if (!any) {
        r->latent_on = 0;
        uv_timer_stop(t);
    }
}

int weft__net_client_event(weft_host *h, const char *name, int target, const char *args,
                           size_t len, uint32_t bps)
{
    weft__players *r = reg(h);
    if (!r || !name) return WEFT_EINVAL;
    char *msg;
    size_t mlen;
    if (weft__wire_event(WEFT_MSG_CLIENT_EVENT, name, args, len, &msg, &mlen)) return WEFT_ENOMEM;
    int rc = 0;
    if (target == -1) {
        /* Bound: one pass; a player dropped by a full queue is only marked
         * (freed by the reaper), so the walk stays valid. */
        for (weft__player *p = r->head, *n; p; p = n) {
            n = p->next;
            if (p->state != P_JOINED) continue;
            if (bps) queue_latent(h, p, msg, mlen, bps);
            else send_msg(p, msg, mlen);
        }
    } else {
        weft__player *p = weft__player_find(h, target);
        if (!p || p->state != P_JOINED) rc = WEFT_ENOENT;
        else if (bps) rc = queue_latent(h, p, msg, mlen, bps);
        else send_msg(p, msg, mlen);
    }
    free(msg);
    return rc;
}

/* A server event about player p, with `source` set and one string argument
 * (reaching every handler, not only onNet ones). Returns 1 when canceled. */
static int emit_str(weft_host *h, weft__player *p, const char *event, const char *arg)
{
    char src[16];
    snprintf(src, sizeof src, "%d", p->id);
    msgpack_sbuffer sb;
    msgpack_packer pk;
    msgpack_sbuffer_init(&sb);
    msgpack_packer_init(&pk, &sb, msgpack_sbuffer_write);
    msgpack_pack_array(&pk, 1);
    msgpack_pack_str_with_body(&pk, arg, strlen(arg));
    int canceled = sb.data ? weft__ev_emit_src(h, NULL, event, sb.data, sb.size, src, 0) : 0;
    msgpack_sbuffer_destroy(&sb);
    return canceled;
}

/* ---- events to scripts ----------------------------------------------------------------- */

int weft__net_emit(weft_host *h, const char *name, const char *args, size_t len,
                   const char *source)
{
    if (!weft__ev_has_net(h, name)) return WEFT_ENOENT;
    weft__ev_emit_src(h, NULL, name, args, len, source, 1);
    return 0;
}

/* playerConnecting(name, setKickReason, deferrals) as FiveM passes it (the
 * language sugar, src/api/net.js and net.lua, builds the two callables on
 * WeftDeferral). CancelEvent() refuses with the kick reason; deferrals.defer()
 * makes the join wait for deferrals.done([reason]). Returns 0 to join now,
 * 1 when the player was refused, is deferred, or was handled meanwhile. */
int weft__net_connecting(weft_host *h, weft__player *p)
{
    p->in_connecting = 1;
    int canceled = emit_str(h, p, "playerConnecting", p->name);
    p->in_connecting = 0;
    if (p->state != P_CONNECTING) return 1;
    if (canceled || (p->done && !p->done_accept)) {
        const char *why = p->done && !p->done_accept ? p->done_reason : p->kick_reason;
        weft__player_drop(p, why && *why ? why : "connection refused by the server");
        return 1;
    }
    if (p->deferred && !p->done) return 1;
    return 0;
}

void weft__player_deferral(weft__player *p, const char *op, const char *text)
{
    if (p->state != P_CONNECTING) return;
    if (!strcmp(op, "defer")) {
        p->deferred = 1;
    } else if (!strcmp(op, "kick")) {
        free(p->kick_reason);
        p->kick_reason = text ? strdup(text) : NULL;
    } else if (!strcmp(op, "update") && text) {
        char *msg;
        size_t len;
        if (weft__wire_str(WEFT_MSG_DEFERRAL, text, &msg, &len) == 0) {
            send_msg(p, msg, len);
            free(msg);
        }
    } else if (!strcmp(op, "done") && !p->done) {
        p->done = 1;
        p->done_accept = !text || !*text;
        p->done_reason = text ? strdup(text) : NULL;
        /* inside playerConnecting: weft__net_connecting acts when it returns */
        if (!p->in_connecting)
            weft__player_set_connecting_result(p, p->done_accept, p->done_reason);
    }
}

/* ---- joining ------------------------------------------------------------------------ */

/* Keep printable UTF-8; cut at WEFT_NET_MAX_NAME bytes on a character
 * boundary. Control characters are dropped. */
static void clean_name(char *out, const char *s, size_t n)
{
    size_t o = 0;
    for (size_t i = 0; i < n;) {
        unsigned char c = (unsigned char)s[i];
        size_t k = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
        if (!k || i + k > n) break; /* invalid UTF-8: stop there */
        for (size_t j = 1; j < k; j++)
            if (((unsigned char)s[i + j] >> 6) != 2) k = 0;
        if (!k) break;
        if (o + k > WEFT_NET_MAX_NAME) break;
        if (k > 1 || (c >= 0x20 && c != 0x7f)) {
            memcpy(out + o, s + i, k);
            o += k;
        }
        i += k;
    }
    out[o] = 0;
}

static void join(weft_host *h, weft__player *p)
{
    char *msg;
    size_t len;
    const char *sv = weft__convars_get(&h->server->convars, "sv_hostname", "weft");
    if (weft__wire_welcome(p->id, sv, &msg, &len)) return;
    p->state = P_JOINED;
    int rc = send_msg(p, msg, len);
    free(msg);
    if (rc < 0) return;
    weft__log(h, "net", "player %d (%s, %s) joined", p->id, p->name, p->endpoint);
    /* playerJoining(oldId): the id is the same for the whole connection */
    char old[16];
    snprintf(old, sizeof old, "%d", p->id);
    emit_str(h, p, "playerJoining", old);
}

/* playerConnecting(name, ...): a handler may CancelEvent() to refuse. */
static void hello(weft_host *h, weft__player *p, const weft__wire_msg *m)
{
    if (m->num != WEFT_PROTOCOL_VERSION) {
        char why[96];
        snprintf(why, sizeof why, "protocol version %lld not supported (server speaks %d)",
                 (long long)m->num, WEFT_PROTOCOL_VERSION);
        weft__player_drop(p, why);
        return;
    }
    clean_name(p->name, m->str, m->str_len);
    if (!p->name[0]) snprintf(p->name, sizeof p->name, "player%d", p->id);
    p->state = P_CONNECTING;
    p->connect_ms = uv_now(&h->loop);
    weft__log(h, "net", "player %d (%s, %s) connecting", p->id, p->name, p->endpoint);
    if (weft__net_connecting(h, p) == 0 && p->state == P_CONNECTING) join(h, p);
}

/* ---- inbound -------------------------------------------------------------------------- */

/* Log once per name that a client sent an event no onNet handler takes. */
static void not_safe(weft_host *h, weft__player *p, const char *name)
{
    weft__players *r = reg(h);
    for (int i = 0; i < r->nunsafe; i++)
        if (!strcmp(r->unsafe[i], name)) return;
    if (r->nunsafe < (int)(sizeof r->unsafe / sizeof r->unsafe[0]))
        r->unsafe[r->nunsafe++] = strdup(name);
    char src[16];
    snprintf(src, sizeof src, "%d", p->id);
    weft__net_log_not_safe(h, name, src, 1);
}

void weft__net_log_not_safe(weft_host *h, const char *name, const char *source, int once)
{
    weft__log(h, "net", "event \"%s\" from player %s was not safe for net (no RegisterNetEvent/onNet"
                        " handler%s)",
              name, source, once ? "; reported once" : "");
}

static int take_token(weft_host *h, weft__player *p)
{
    const weft__net_limits *L = weft__net_limits_get(h);
    uint64_t now = uv_now(&h->loop);
    p->tokens += (double)(now - p->tokens_ms) * L->events_per_second / 1000.0;
    p->tokens_ms = now;
    if (p->tokens > L->events_burst) p->tokens = L->events_burst;
    if (p->tokens < 1) return -1;
    p->tokens -= 1;
    return 0;
}

int weft__player_message(weft__player *p, const char *buf, size_t len)
{
    weft_host *h = host_of(p);
    if (p->state == P_GONE) return WEFT_ESTATE;
    const weft__net_limits *L = weft__net_limits_get(h);
    weft__wire_msg m;
    const char *why = NULL;
    char reason[160];
    if (weft__wire_decode(buf, len, L->max_message, L->max_depth, &m, &why)) {
        if (len > L->max_message)
            snprintf(reason, sizeof reason, "message too large (%zu > %zu bytes)", len,
                     L->max_message);
        else snprintf(reason, sizeof reason, "malformed message: %s", why);
        weft__player_drop(p, reason);
        return WEFT_ESTATE;
    }
    p->last_heard = uv_now(&h->loop);
    switch (m.type) {
    case WEFT_MSG_HELLO:
        if (p->state != P_NEW) break;
        hello(h, p, &m);
        return p->state == P_GONE ? WEFT_ESTATE : 0;
    case WEFT_MSG_EVENT: {
        if (p->state != P_JOINED) {
            weft__player_drop(p, "net event before joining");
            return WEFT_ESTATE;
        }
        if (take_token(h, p)) {
            snprintf(reason, sizeof reason, "too many net events (over %d/s, burst %d)",
                     L->events_per_second, L->events_burst);
            weft__player_drop(p, reason);
            return WEFT_ESTATE;
        }
        char name[256];
        if (!m.str_len || m.str_len >= sizeof name || memchr(m.str, 0, m.str_len)) {
            weft__player_drop(p, "bad event name");
            return WEFT_ESTATE;
        }
        memcpy(name, m.str, m.str_len);
        name[m.str_len] = 0;
        char src[16];
        snprintf(src, sizeof src, "%d", p->id);
        if (weft__net_emit(h, name, m.args, m.args_len, src) == WEFT_ENOENT)
            not_safe(h, p, name);
        return p->state == P_GONE ? WEFT_ESTATE : 0;
    }
    case WEFT_MSG_PONG:
        if (m.num == p->ping_token && p->ping_sent) {
            p->ping = (uint32_t)(p->last_heard - p->ping_sent);
            p->ping_sent = 0;
        }
        return 0;
    case WEFT_MSG_BYE: {
        char r2[129];
        clean_name(r2, m.str, m.str_len < 128 ? m.str_len : 128);
        snprintf(reason, sizeof reason, "Exiting: %s", r2);
        close_quietly(p, reason);
        return WEFT_ESTATE;
    }
    default:
        break;
    }
    snprintf(reason, sizeof reason, "unexpected message type %d", m.type);
    weft__player_drop(p, reason);
    return WEFT_ESTATE;
}

/* ---- periodic ---------------------------------------------------------------------------- */

void weft__players_sweep(weft_host *h, uint64_t now)
{
    weft__players *r = reg(h);
    const weft__net_limits *L = weft__net_limits_get(h);
    if (!r) return;
    for (weft__player *p = r->head, *n; p; p = n) {
        n = p->next;
        if (p->state == P_CONNECTING && p->deferred && !p->done &&
            now - p->connect_ms > (uint64_t)L->deferral_ms) {
            weft__player_drop(p, "connection timed out while deferred (deferrals.done never "
                                 "called)");
            continue;
        }
        if (now - p->last_heard > (uint64_t)L->timeout_ms) {
            char why[64];
            snprintf(why, sizeof why, "timed out (nothing heard for %d ms)", L->timeout_ms);
            weft__player_drop(p, why);
            continue;
        }
        if (p->state != P_NEW && (!p->ping_sent || now - p->ping_sent > (uint64_t)L->ping_ms)) {
            char *msg;
            size_t len;
            p->ping_token = (int64_t)now;
            if (weft__wire_num(WEFT_MSG_PING, p->ping_token, &msg, &len)) continue;
            p->ping_sent = now;
            send_msg(p, msg, len);
            free(msg);
        }
    }
}

int weft__players_count(weft_host *h)
{
    weft__players *r = reg(h);
    int n = 0;
    for (weft__player *p = r ? r->head : NULL; p; p = p->next) n += p->state == P_JOINED;
    return n;
}

/* ---- accessors (player natives, /players.json) ------------------------------------------- */

int weft__player_id(const weft__player *p)
{
    return p->id;
}

const char *weft__player_name(const weft__player *p)
{
    return p->name;
}

const char *weft__player_endpoint(const weft__player *p)
{
    return p->endpoint;
}

int weft__player_ping(const weft__player *p)
{
    return (int)p->ping;
}

int weft__player_num_identifiers(const weft__player *p)
{
    return 2;
}

const char *weft__player_identifier(const weft__player *p, int i)
{
    return i >= 0 && i < 2 ? p->ident[i] : NULL;
}

/* The joined players in join order: calls fn for each. */
void weft__players_each(weft_host *h, void (*fn)(weft__player *p, void *ud), void *ud)
{
    weft__players *r = reg(h);
    for (weft__player *p = r ? r->head : NULL, *n; p; p = n) {
        n = p->next;
        if (p->state == P_JOINED) fn(p, ud);
    }
}

int weft__player_state_joined(const weft__player *p)
{
    return p->state == P_JOINED;
}

void weft__player_set_connecting_result(weft__player *p, int accept, const char *reason)
{
    weft_host *h = host_of(p);
    if (p->state != P_CONNECTING) return;
    if (accept) join(h, p);
    else weft__player_drop(p, reason && *reason ? reason : "connection refused by the server");
}
