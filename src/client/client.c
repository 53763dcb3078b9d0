/* client.c: the C client library (include/weft_client.h): one player
 * connection to a weft server over WebSocket (uv_tcp + the llhttp and wslay
 * wrappers of src/net/) or ENet (the enet wrapper's client side). Speaks the
 * wire format of docs/protocol.md; answers pings; reassembles latent events.
 * The client frees itself after on_closed returns, once its handles closed. */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include "net/net.h"
#include "weft_client.h"

enum { T_WS, T_ENET };
enum { S_CONNECTING, S_HANDSHAKE, S_OPEN, S_CLOSED };

struct weft_client {
    uv_loop_t *loop;
    int transport, state, id, closed_cb_done, handles;
    const weft_client_callbacks *cbs;
    void *ud;
    char name[128];
    char host[64], path[128];
    int port;
    /* WebSocket */
    uv_tcp_t tcp;
    uv_connect_t connect;
    weft__httpp *parser;
    weft__ws *ws;
    char key[32];
    char accept_hdr[64];
    int hfield_accept, head_done, status;
    char *in;
    size_t in_len, in_cap, out_pending;
    /* ENet */
    struct weft__enet_srv *enet;
    /* latent reassembly */
    uint32_t latent_id;
    char *latent;
    size_t latent_len;
    char *drop_reason;
};

static void finish(weft_client *c, const char *reason);

/* ---- messages from the server ---------------------------------------------------- */

static int send_raw(weft_client *c, const char *msg, size_t len)
{
    if (c->state != S_OPEN) return WEFT_ESTATE;
    if (c->transport == T_ENET) return weft__enet_client_send(c->enet, msg, len);
    return weft__ws_send(c->ws, msg, len);
}

static void on_message(weft_client *c, const char *buf, size_t len)
{
    weft__wire_msg m;
    const char *why;
    if (weft__wire_decode(buf, len, (size_t)1 << 30, 64, &m, &why)) return;
    char tmp[512];
    switch (m.type) {
    case WEFT_MSG_WELCOME:
        c->id = (int)m.num;
        if (c->cbs->on_joined) c->cbs->on_joined(c, c->id, c->ud);
        break;
    case WEFT_MSG_CLIENT_EVENT:
        snprintf(tmp, sizeof tmp, "%.*s", (int)m.str_len, m.str);
        if (c->cbs->on_event) c->cbs->on_event(c, tmp, m.args, m.args_len, c->ud);
        break;
    case WEFT_MSG_PING: {
        char *msg;
        size_t n;
        if (weft__wire_num(WEFT_MSG_PONG, m.num, &msg, &n) == 0) {
            send_raw(c, msg, n);
            free(msg);
        }
        break;
    }
    case WEFT_MSG_DROP:
        free(c->drop_reason);
        c->drop_reason = strndup(m.str, m.str_len);
        break;
    case WEFT_MSG_DEFERRAL:
        snprintf(tmp, sizeof tmp, "%.*s", (int)m.str_len, m.str);
        if (c->cbs->on_deferral) c->cbs->on_deferral(c, tmp, c->ud);
        break;
    case WEFT_MSG_LATENT: {
        if (m.offset == 0) {
            free(c->latent);
            c->latent = malloc(m.total ? m.total : 1);
            c->latent_id = (uint32_t)m.num;
            c->latent_len = (size_t)m.total;
        }
        if (!c->latent || c->latent_id != (uint32_t)m.num || m.offset + m.args_len > c->latent_len)
            break;
        memcpy(c->latent + m.offset, m.args, m.args_len);
        if (m.offset + m.args_len == c->latent_len) {
            char *whole = c->latent;
            c->latent = NULL;
            on_message(c, whole, c->latent_len);
            free(whole);
        }
        break;
    }
    default:
        break;
    }
}

/* ---- WebSocket --------------------------------------------------------------------- */

typedef struct cw {
    uv_write_t w;
    weft_client *c;
    size_t len;
    char data[];
} cw;

static void cw_done(uv_write_t *w, int status)
{
    cw *q = (cw *)w;
    q->c->out_pending -= q->len;
    free(q);
}

static int tcp_write(weft_client *c, const char *buf, size_t len)
{
    if (c->state == S_CLOSED) return WEFT_EIO;
    cw *q = malloc(sizeof *q + len);
    if (!q) return WEFT_ENOMEM;
    memcpy(q->data, buf, len);
    q->c = c;
    q->len = len;
    uv_buf_t b = uv_buf_init(q->data, (unsigned)len);
    if (uv_write(&q->w, (uv_stream_t *)&c->tcp, &b, 1, cw_done)) {
        free(q);
        return WEFT_EIO;
    }
    c->out_pending += len;
    return 0;
}

static int ws_out(void *ud, const char *buf, size_t len)
{
    return tcp_write(ud, buf, len);
}

static void ws_msg(void *ud, int binary, const char *buf, size_t len)
{
    on_message(ud, buf, len);
}

static void ws_closed(void *ud, const char *reason)
{
    finish(ud, reason);
}

static const weft__ws_cbs ws_cbs = {ws_out, ws_msg, ws_closed};

static int h_field(void *ud, const char *at, size_t len)
{
    weft_client *c = ud;
    c->hfield_accept = len == 20 && !strncasecmp(at, "sec-websocket-accept", 20);
    return 0;
}

static int h_value(void *ud, const char *at, size_t len)
{
    weft_client *c = ud;
    if (c->hfield_accept && len < sizeof c->accept_hdr) {
        memcpy(c->accept_hdr, at, len);
        c->accept_hdr[len] = 0;
    }
    return 0;
}

static int h_headers(void *ud, const char *method, int status, int keep_alive, int upgrade)
{
    weft_client *c = ud;
    c->status = status;
    c->head_done = 1;
    return 1;
}

static int h_done(void *ud, int keep_alive)
{
    return 1; /* stop: the rest is WebSocket */
}

static const weft__httpp_cbs resp_cbs = {
    .on_header_field = h_field,
    .on_header_value = h_value,
    .on_headers_done = h_headers,
    .on_done = h_done,
};

static void hello(weft_client *c)
{
    char *msg;
    size_t n;
    c->state = S_OPEN;
    if (weft__wire_hello(c->name, &msg, &n) == 0) {
        send_raw(c, msg, n);
        free(msg);
    }
}

static void alloc_cb(uv_handle_t *hd, size_t suggested, uv_buf_t *buf)
{
    weft_client *c = hd->data;
    size_t room = weft__inbuf_room(&c->in, &c->in_cap, c->in_len);
    *buf = uv_buf_init(room ? c->in + c->in_len : NULL, (unsigned)room);
}

static void read_cb(uv_stream_t *s, ssize_t nread, const uv_buf_t *buf)
{
    weft_client *c = s->data;
    if (nread < 0) {
        finish(c, nread == UV_EOF ? "connection closed by the server" : uv_strerror((int)nread));
        return;
    }
    c->in_len += (size_t)nread;
    if (c->state == S_HANDSHAKE) {
        const char *why = NULL;
        long n = weft__httpp_parse(c->parser, c->in, c->in_len, &why);
        if (n < 0) {
            finish(c, "bad handshake response");
            return;
        }
        if (!c->head_done) {
            c->in_len = 0; /* consumed by the parser; the head is not complete */
            return;
        }
        char want[29];
        if (c->status != 101 || weft__ws_accept_key(c->key, strlen(c->key), want) ||
            strcmp(want, c->accept_hdr)) {
            char why2[64];
            snprintf(why2, sizeof why2, "handshake refused (HTTP %d)", c->status);
            finish(c, why2);
            return;
        }
        memmove(c->in, c->in + n, c->in_len - (size_t)n);
        c->in_len -= (size_t)n;
        hello(c);
    }
    if (c->state == S_OPEN && c->in_len) {
        size_t n = c->in_len;
        c->in_len = 0;
        weft__ws_feed(c->ws, c->in, n);
    }
}

static void connect_cb(uv_connect_t *req, int status)
{
    weft_client *c = req->data;
    if (c->state == S_CLOSED) return;
    if (status < 0) {
        finish(c, uv_strerror(status));
        return;
    }
    unsigned char rnd[16];
    if (getrandom(rnd, sizeof rnd, 0) != sizeof rnd) memset(rnd, 7, sizeof rnd);
    static const char b64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    /* 16 random bytes in base64: 22 characters and "==" */
    size_t k = 0;
    for (int i = 0; i < 15; i += 3) {
        unsigned v = rnd[i] << 16 | rnd[i + 1] << 8 | rnd[i + 2];
        for (int j = 18; j >= 0; j -= 6) c->key[k++] = b64[(v >> j) & 63];
    }
    c->key[k++] = b64[rnd[15] >> 2];
    c->key[k++] = b64[(rnd[15] & 3) << 4];
    c->key[k++] = '=';
    c->key[k++] = '=';
    c->key[k] = 0;
    char req_s[512];
    int n = snprintf(req_s, sizeof req_s,
                     "GET %s HTTP/1.1\r\nHost: %s:%d\r\nUpgrade: websocket\r\n"
                     "Connection: Upgrade\r\nSec-WebSocket-Key: %s\r\n"
                     "Sec-WebSocket-Version: 13\r\n\r\n",
                     c->path, c->host, c->port, c->key);
    c->state = S_HANDSHAKE;
    uv_tcp_nodelay(&c->tcp, 1);
    if (tcp_write(c, req_s, (size_t)n) || uv_read_start((uv_stream_t *)&c->tcp, alloc_cb, read_cb))
        finish(c, "cannot write to the server");
}

/* ---- ENet --------------------------------------------------------------------------- */

static void e_open(void *ud)
{
    hello(ud);
}

static void e_msg(void *ud, const char *buf, size_t len)
{
    on_message(ud, buf, len);
}

static void e_close(void *ud, const char *reason)
{
    finish(ud, reason);
}

static const weft__enet_client_cbs enet_cbs = {e_open, e_msg, e_close};

/* ---- lifetime ------------------------------------------------------------------------- */

static void client_free(weft_client *c)
{
    weft__httpp_free(c->parser);
    weft__ws_free(c->ws);
    free(c->in);
    free(c->latent);
    free(c->drop_reason);
    free(c);
}

static void tcp_closed(uv_handle_t *hd)
{
    client_free(hd->data);
}

static void finish(weft_client *c, const char *reason)
{
    if (c->state == S_CLOSED) return;
    c->state = S_CLOSED;
    char why[256];
    snprintf(why, sizeof why, "%s", c->drop_reason ? c->drop_reason : reason);
    if (c->cbs->on_closed) c->cbs->on_closed(c, why, c->ud);
    if (c->transport == T_ENET) {
        weft__enet_client_close(c->enet);
        client_free(c);
    } else {
        uv_close((uv_handle_t *)&c->tcp, tcp_closed);
    }
}

int weft_client_connect(uv_loop_t *loop, const char *url, const char *name,
                        const weft_client_callbacks *cbs, void *ud, weft_client **out)
{
    int transport;
    const char *rest;
    if (!strncmp(url, "ws://", 5)) transport = T_WS, rest = url + 5;
    else if (!strncmp(url, "enet://", 7)) transport = T_ENET, rest = url + 7;
    else return WEFT_EINVAL;
    signal(SIGPIPE, SIG_IGN); /* a closed server socket gives EPIPE, not death */
    weft_client *c = calloc(1, sizeof *c);
    if (!c) return WEFT_ENOMEM;
    c->loop = loop;
    c->transport = transport;
    c->cbs = cbs;
    c->ud = ud;
    snprintf(c->name, sizeof c->name, "%s", name ? name : "player");
    const char *colon = strchr(rest, ':');
    const char *slash = strchr(rest, '/');
    if (!colon || (slash && slash < colon) || (size_t)(colon - rest) >= sizeof c->host) {
        free(c);
        return WEFT_EINVAL;
    }
    memcpy(c->host, rest, (size_t)(colon - rest));
    c->port = atoi(colon + 1);
    snprintf(c->path, sizeof c->path, "%s", slash ? slash : "/weft/ws");
    if (c->port <= 0 || c->port > 65535) {
        free(c);
        return WEFT_EINVAL;
    }
    if (transport == T_ENET) {
        int r = weft__enet_client_open(loop, c->host, c->port, &enet_cbs, c, &c->enet);
        if (r) {
            free(c);
            return r;
        }
        *out = c;
        return 0;
    }
    struct sockaddr_in sa;
    if (uv_ip4_addr(c->host, c->port, &sa)) {
        free(c);
        return WEFT_EINVAL;
    }
    c->parser = weft__httpp_new(1, &resp_cbs, c);
    c->ws = weft__ws_new(1, (size_t)1 << 30, &ws_cbs, c);
    if (!c->parser || !c->ws) {
        client_free(c);
        /* libwslay or libcrypto missing (weft__ws_new said so once on stderr) */
        return weft__ws_available(NULL) < 0 ? WEFT_EIO : WEFT_ENOMEM;
    }
    uv_tcp_init(loop, &c->tcp);
    c->tcp.data = c;
    c->connect.data = c;
    if (uv_tcp_connect(&c->connect, &c->tcp, (struct sockaddr *)&sa, connect_cb)) {
        uv_close((uv_handle_t *)&c->tcp, tcp_closed);
        return WEFT_EIO;
    }
    *out = c;
    return 0;
}

int weft_client_emit(weft_client *c, const char *name, const void *args, size_t len)
{
    if (c->state != S_OPEN || !c->id) return WEFT_ESTATE;
    char *msg;
    size_t n;
    if (weft__wire_event(WEFT_MSG_EVENT, name, args, len, &msg, &n)) return WEFT_ENOMEM;
    int rc = send_raw(c, msg, n);
    free(msg);
    return rc;
}

int weft_client_id(const weft_client *c)
{
    return c->id;
}

size_t weft_client_queued(const weft_client *c)
{
    return c->transport == T_ENET ? weft__enet_client_queued(c->enet) : c->out_pending;
}

void weft_client_close(weft_client *c)
{
    if (c->state == S_CLOSED) return;
    if (c->state == S_OPEN) {
        char *msg;
        size_t n;
        if (weft__wire_str(WEFT_MSG_BYE, "Exiting", &msg, &n) == 0) {
            send_raw(c, msg, n);
            free(msg);
        }
        if (c->transport == T_WS) weft__ws_close(c->ws, 1000, "bye");
    }
    finish(c, "closed by the client");
}
