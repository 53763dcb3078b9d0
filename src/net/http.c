/* http.c: the TCP endpoint: HTTP/1.1 (keep-alive, pipelining, streamed
 * bodies) and WebSocket players on the same port, on the host's libuv loop.
 *
 * Invariants (Redis's networking.c bounds, libuv's write ownership):
 * - One request is active per connection; pipelined requests wait unparsed
 *   in the input buffer (at most net_httpMaxInputBytes, then reading stops
 *   until the active response ends). Responses therefore go out in order.
 * - A request head (line + headers) is at most net_httpMaxHeaderBytes and
 *   must arrive within net_httpHeadersTimeoutMs (431 / closed), the whole
 *   request (head and body) within net_httpRequestTimeoutMs (408); a body
 *   declared or grown past net_httpMaxBodyBytes gets 413; idle keep-alive
 *   connections close after net_httpIdleTimeoutMs, and so does one whose
 *   queued output has not moved for as long (a client that does not read).
 * - Each write owns its copy of the bytes until its callback; bytes queued
 *   on a connection are bounded (HTTP: net_httpMaxOutboundBytes, players:
 *   net_maxPlayerOutboundBytes); past the bound the connection is closed
 *   (a player is dropped with a reason).
 * - A connection is freed only in its close callback; code on the stack
 *   checks c->closing after anything that can run script code. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "host/server.h"
#include "net/net_int.h"

#define HDR_MAX 128 /* headers per request */

enum { M_HTTP, M_WS };

typedef struct conn conn;

struct weft__http_req {
    uint64_t id;
    conn *c;
    weft__http_req *id_next;
    int active;        /* between head and the end of the response */
    int body_done;     /* on_done ran */
    int keep_alive, http10, head_only;
    int head_sent, ended, chunked, close_after;
    size_t body_len;
    /* the request head, in hbuf: "METHOD\0URL\0F\0V\0F\0V\0..." */
    char *method, *url;
    size_t nhdrs;
    weft__http_hdr hdrs[HDR_MAX]; /* p_begin clears all but this array */
    /* a response head stored until the first body byte (writeHead) */
    int status;
    char *head;
    size_t head_len;
    int has_length;
    /* who consumes the body (a resource handler), or NULL */
    const weft__http_body_sink *sink;
    void *sink_data;
};

struct conn {
    uv_tcp_t tcp;
    weft__http_srv *srv;
    conn *next, *prev;
    int mode, closing, reading, resume_queued;
    char peer[64];
    uint64_t last_ms, head_start_ms;
    uint64_t write_ms; /* the last write completed, or the first one queued after none */
    /* input */
    char *in;
    size_t in_len, in_cap;
    /* request head scratch */
    char *hbuf;
    size_t hlen, hcap;
    int hstate; /* 0 url, 1 in a field name, 2 field done, 3 in a value */
    int in_head, upgrade_ws;
    weft__httpp *parser;
    weft__http_req req;
    /* output */
    size_t out_pending;
    size_t out_limit;
    /* WebSocket player */
    weft__ws *ws;
    weft__player *player;
    conn *resume_next;
};

struct weft__http_srv {
    weft_host *h;
    uv_tcp_t listener;
    conn *conns;
    int nconns;
    int closing;
    int handles; /* open handles (listener, timer, connections): freed at 0 */
    conn *resume_head;
    uv_timer_t resume_timer;
};

static void srv_unref(weft__http_srv *srv)
{
    if (--srv->handles == 0) free(srv);
}

static void srv_handle_closed(uv_handle_t *hd)
{
    srv_unref(hd->data);
}

typedef struct wreq {
    uv_write_t w;
    conn *c;
    size_t len;
    char data[];
} wreq;

static void conn_close(conn *c);
static void conn_process(conn *c);

static void req_release(conn *c)
{
    const weft__http_body_sink *s = c->req.sink;
    if (!s) return;
    c->req.sink = NULL;
    s->release(c->srv->h, &c->req, c->req.sink_data);
}
static const weft__player_transport ws_transport;

/* ---- request ids ---------------------------------------------------------- */

#define ID_BUCKETS 1024
static weft__http_req **id_table(weft_host *h)
{
    return weft__net_get(h)->req_by_id;
}

static void id_add(weft_host *h, weft__http_req *r)
{
    weft__net *n = weft__net_get(h);
    r->id = ++n->next_req_id;
    weft__http_req **b = &n->req_by_id[r->id % ID_BUCKETS];
    r->id_next = *b;
    *b = r;
}

static void id_remove(weft_host *h, weft__http_req *r)
{
    if (!r->id) return;
    for (weft__http_req **b = &id_table(h)[r->id % ID_BUCKETS]; *b; b = &(*b)->id_next)
        if (*b == r) {
            *b = r->id_next;
            break;
        }
    r->id = 0;
}

weft__http_req *weft__http_req_find(weft_host *h, uint64_t id)
{
    weft__net *n = weft__net_get(h);
    if (!n || !id) return NULL;
    for (weft__http_req *r = n->req_by_id[id % ID_BUCKETS]; r; r = r->id_next)
        if (r->id == id) return r;
    return NULL;
}

uint64_t weft__http_req_id(const weft__http_req *r)
{
    return r->id;
}

/* ---- output ---------------------------------------------------------------- */

static void write_cb(uv_write_t *w, int status)
{
    wreq *q = (wreq *)w;
    conn *c = q->c;
    c->out_pending -= q->len;
    c->write_ms = uv_now(c->tcp.loop);
    free(q);
    if (status < 0 && !c->closing) {
        if (c->player) weft__player_closed(c->player, "connection lost");
        c->player = NULL;
        conn_close(c);
    }
}

static void close_cb(uv_handle_t *hd);

static void shutdown_cb(uv_shutdown_t *s, int status)
{
    conn *c = s->data;
    free(s);
    if (!uv_is_closing((uv_handle_t *)&c->tcp)) uv_close((uv_handle_t *)&c->tcp, close_cb);
}

/* Write n buffers, in one system call when the socket takes them (the
 * bytes it does not take are copied into one queued write). Returns 0,
 * WEFT_EIO (closing) or WEFT_ENOMEM (over the bound: the caller decides:
 * HTTP closes, players drop). */
static int conn_writev(conn *c, const uv_buf_t *bufs, unsigned n)
{
    if (c->closing) return WEFT_EIO;
    size_t total = 0;
    for (unsigned i = 0; i < n; i++) total += bufs[i].len;
    if (!total) return 0;
    size_t off = 0;
    if (!c->out_pending) {
        int w = uv_try_write((uv_stream_t *)&c->tcp, bufs, n);
        if (w > 0) off = (size_t)w;
        else if (w != UV_EAGAIN && w != UV_ENOSYS) return WEFT_EIO;
    }
    if (off == total) return 0;
    size_t rest = total - off;
    if (c->out_pending + rest > c->out_limit) return WEFT_ENOMEM;
    wreq *q = malloc(sizeof *q + rest);
    if (!q) return WEFT_ENOMEM;
    size_t at = 0, skip = off;
    for (unsigned i = 0; i < n; i++) { /* copy what the socket did not take */
        size_t l = bufs[i].len;
        if (skip >= l) {
            skip -= l;
            continue;
        }
        memcpy(q->data + at, bufs[i].base + skip, l - skip);
        at += l - skip;
        skip = 0;
    }
    q->c = c;
    q->len = rest;
    uv_buf_t b = uv_buf_init(q->data, (unsigned)rest);
    if (uv_write(&q->w, (uv_stream_t *)&c->tcp, &b, 1, write_cb)) {
        free(q);
        return WEFT_EIO;
    }
    if (!c->out_pending) c->write_ms = uv_now(c->tcp.loop);
    c->out_pending += rest;
    return 0;
}

static int conn_write(conn *c, const char *data, size_t len)
{
    uv_buf_t b = uv_buf_init((char *)data, (unsigned)len);
    return conn_writev(c, &b, 1);
}

static void close_cb(uv_handle_t *hd)
{
    conn *c = hd->data;
    weft__http_srv *srv = c->srv;
    if (c->prev) c->prev->next = c->next;
    else srv->conns = c->next;
    if (c->next) c->next->prev = c->prev;
    srv->nconns--;
    free(c->in);
    free(c->hbuf);
    free(c->req.head);
    weft__httpp_free(c->parser);
    weft__ws_free(c->ws);
    free(c);
    srv_unref(srv);
}

/* Close after what is queued is written. */
static void conn_close(conn *c)
{
    if (c->closing) return;
    c->closing = 1;
    weft_host *h = c->srv->h;
    req_release(c);
    c->req.active = 0;
    id_remove(h, &c->req);
    if (c->reading) uv_read_stop((uv_stream_t *)&c->tcp);
    c->reading = 0;
    uv_shutdown_t *s = malloc(sizeof *s);
    if (s) {
        s->data = c;
        if (uv_shutdown(s, (uv_stream_t *)&c->tcp, shutdown_cb) == 0) return;
        free(s);
    }
    uv_close((uv_handle_t *)&c->tcp, close_cb);
}

/* ---- responses ------------------------------------------------------------- */

static const char *status_text(int s)
{
    switch (s) {
    case 100: return "Continue";
    case 101: return "Switching Protocols";
    case 200: return "OK";
    case 201: return "Created";
    case 204: return "No Content";
    case 206: return "Partial Content";
    case 301: return "Moved Permanently";
    case 302: return "Found";
    case 304: return "Not Modified";
    case 400: return "Bad Request";
    case 401: return "Unauthorized";
    case 403: return "Forbidden";
    case 404: return "Not Found";
    case 405: return "Method Not Allowed";
    case 408: return "Request Timeout";
    case 413: return "Payload Too Large";
    case 426: return "Upgrade Required";
    case 429: return "Too Many Requests";
    case 431: return "Request Header Fields Too Large";
    case 500: return "Internal Server Error";
    case 501: return "Not Implemented";
    case 503: return "Service Unavailable";
    default: return "Unknown";
    }
}

/* A header name or value must not split the head (CR/LF). */
static int hdr_safe(const char *s)
{
    for (; *s; s++)
        if (*s == '\r' || *s == '\n') return 0;
    return 1;
}

int weft__http_res_head(weft__http_req *r, int status, const weft__http_hdr *hdrs, size_t n)
{
    if (!r->active || r->ended) return WEFT_ESTATE;
    if (r->head_sent || r->head) return WEFT_ESTATE;
    if (status < 100 || status > 999) status = 500;
    weft__nbuf b = {0};
    char line[64];
    snprintf(line, sizeof line, "HTTP/1.1 %d %s\r\n", status, status_text(status));
    weft__nbuf_str(&b, line);
    r->has_length = 0;
    for (size_t i = 0; i < n; i++) {
        if (!hdr_safe(hdrs[i].name) || !hdr_safe(hdrs[i].value) || !hdrs[i].name[0]) continue;
        if (!strcasecmp(hdrs[i].name, "content-length")) r->has_length = 1;
        if (!strcasecmp(hdrs[i].name, "transfer-encoding")) continue; /* ours to choose */
        if (!strcasecmp(hdrs[i].name, "connection")) {
            if (!strcasecmp(hdrs[i].value, "close")) r->close_after = 1;
            continue;
        }
        weft__nbuf_str(&b, hdrs[i].name);
        weft__nbuf_add(&b, ": ", 2);
        weft__nbuf_str(&b, hdrs[i].value);
        weft__nbuf_add(&b, "\r\n", 2);
    }
    if (b.oom) {
        free(b.p);
        return WEFT_ENOMEM;
    }
    r->status = status;
    r->head = b.p;
    r->head_len = b.len;
    return 0;
}

static void default_head(weft__http_req *r)
{
    if (!r->head && !r->head_sent) {
        weft__http_hdr ct = {"Content-Type", "text/plain; charset=utf-8"};
        weft__http_res_head(r, 200, &ct, 1);
    }
}

/* Send the stored head with the framing headers; body_len >= 0: the whole
 * body is known (Content-Length), else chunked (HTTP/1.1) or close. */
/* Send the stored head with the framing headers; body_len >= 0: the whole
 * body is known (Content-Length), else chunked (HTTP/1.1) or close. A known
 * body (data) goes out in the same write as the head. */
static int send_head(weft__http_req *r, long long body_len, const char *data)
{
    conn *c = r->c;
    weft__nbuf b = {0};
    weft__nbuf_add(&b, r->head, r->head_len);
    free(r->head);
    r->head = NULL;
    r->head_sent = 1;
    int no_body = r->status == 204 || r->status == 304 || r->status < 200;
    if (!r->has_length && !no_body) {
        char line[64];
        if (body_len >= 0) {
            snprintf(line, sizeof line, "Content-Length: %lld\r\n", body_len);
            weft__nbuf_str(&b, line);
        } else if (r->http10) {
            r->close_after = 1;
        } else {
            weft__nbuf_str(&b, "Transfer-Encoding: chunked\r\n");
            r->chunked = 1;
        }
    }
    if (!r->keep_alive) r->close_after = 1;
    weft__nbuf_str(&b, r->close_after ? "Connection: close\r\n\r\n" : "\r\n");
    if (b.oom) {
        free(b.p);
        return WEFT_ENOMEM;
    }
    uv_buf_t v[2] = {uv_buf_init(b.p, (unsigned)b.len), uv_buf_init((char *)data, 0)};
    if (data && body_len > 0 && !r->head_only) v[1].len = (size_t)body_len;
    int rc = conn_writev(c, v, 2);
    free(b.p);
    return rc;
}

static int body_write(weft__http_req *r, const char *data, size_t len)
{
    if (r->head_only || !len) return 0;
    if (!r->chunked) return conn_write(r->c, data, len);
    char line[32];
    int n = snprintf(line, sizeof line, "%zx\r\n", len);
    uv_buf_t v[3] = {uv_buf_init(line, (unsigned)n), uv_buf_init((char *)data, (unsigned)len),
                     uv_buf_init("\r\n", 2)};
    return conn_writev(r->c, v, 3);
}

static int write_failed(weft__http_req *r, int rc)
{
    if (rc == WEFT_ENOMEM && !r->c->closing) {
        weft__log(r->c->srv->h, "net", "http %s: response over the outbound bound, closing",
                  r->c->peer);
        conn_close(r->c);
    }
    return WEFT_EIO;
}

int weft__http_res_write(weft__http_req *r, const char *data, size_t len)
{
    if (!r->active || r->ended) return WEFT_ESTATE;
    if (r->c->closing) return WEFT_EIO;
    default_head(r);
    int rc = 0;
    if (!r->head_sent) rc = send_head(r, -1, NULL);
    if (!rc) rc = body_write(r, data, len);
    return rc ? write_failed(r, rc) : 0;
}

static void queue_resume(conn *c);

int weft__http_res_end(weft__http_req *r, const char *data, size_t len)
{
    if (!r->active || r->ended) return WEFT_ESTATE;
    conn *c = r->c;
    if (c->closing) return WEFT_EIO;
    default_head(r);
    int rc = 0;
    if (!r->head_sent) {
        rc = send_head(r, (long long)len, data); /* head and body: one write */
    } else {
        rc = body_write(r, data, len);
        if (!rc && r->chunked && !r->head_only) rc = conn_write(c, "0\r\n\r\n", 5);
    }
    r->ended = 1;
    id_remove(c->srv->h, r);
    if (rc) return write_failed(r, rc);
    if (r->close_after) {
        r->active = 0;
        conn_close(c);
        return 0;
    }
    if (r->body_done) { /* the next pipelined request may go */
        r->active = 0;
        queue_resume(c);
    }
    return 0;
}

/* A whole response from C (errors, built-in routes). */
void weft__http_reply(weft__http_req *r, int status, const char *ctype, const char *body,
                      size_t len)
{
    weft__http_hdr h = {"Content-Type", (char *)ctype};
    if (weft__http_res_head(r, status, &h, 1) == 0) weft__http_res_end(r, body, len);
}

/* ---- requests ---------------------------------------------------------------- */

static int head_add(conn *c, const char *at, size_t len, int sep)
{
    if (!c->hbuf || (!c->hlen && c->hcap != weft__net_limits_get(c->srv->h)->http_head + 1)) {
        const weft__net_limits *L = weft__net_limits_get(c->srv->h);
        free(c->hbuf);
        c->hlen = 0;
        c->hbuf = malloc(L->http_head + 1);
        c->hcap = c->hbuf ? L->http_head + 1 : 0;
        if (!c->hbuf) return -1;
    }
    if (c->hlen + len + (sep ? 1 : 0) >= c->hcap) return -2;
    if (sep) c->hbuf[c->hlen++] = 0;
    memcpy(c->hbuf + c->hlen, at, len);
    c->hlen += len;
    return 0;
}

static void head_fail(conn *c)
{
    c->req.active = 1; /* so the reply goes out */
    c->req.keep_alive = 0;
    c->req.close_after = 1;
    weft__log(c->srv->h, "net", "http %s: request head too large, closing", c->peer);
    weft__http_reply(&c->req, 431, "text/plain", "request head too large\n", 23);
}

/* Answer the request `status` (if nothing was sent yet) and close. */
static void refuse(conn *c, int status, const char *body)
{
    weft__http_req *r = &c->req;
    req_release(c);
    if (!r->head_sent && !r->ended) {
        r->active = 1; /* so the reply goes out */
        free(r->head);
        r->head = NULL;
        r->keep_alive = 0;
        r->close_after = 1;
        weft__http_reply(r, status, "text/plain", body, strlen(body));
    }
    conn_close(c);
}

static int p_begin(void *ud)
{
    conn *c = ud;
    weft__http_req *r = &c->req;
    req_release(c);
    free(r->head);
    /* Everything but the header array (2 KiB, filled as headers come). */
    memset(r, 0, offsetof(weft__http_req, hdrs));
    memset(&r->status, 0, sizeof *r - offsetof(weft__http_req, status));
    r->c = c;
    c->hlen = 0;
    c->hstate = 0;
    c->in_head = 1;
    c->upgrade_ws = 0;
    c->head_start_ms = uv_now(&c->srv->h->loop);
    return 0;
}

static int p_url(void *ud, const char *at, size_t len)
{
    conn *c = ud;
    int rc = head_add(c, at, len, 0);
    if (rc == -2) head_fail(c);
    return rc ? -1 : 0;
}

static int p_field(void *ud, const char *at, size_t len)
{
    conn *c = ud;
    /* A new field unless llhttp is handing us the rest of the same name
     * (pieces split across reads are appended). */
    int sep = c->hstate != 1;
    if (sep) {
        if (c->req.nhdrs == HDR_MAX) {
            head_fail(c);
            return -1;
        }
        c->req.hdrs[c->req.nhdrs].name = (char *)(uintptr_t)(c->hlen + 1);
        c->req.hdrs[c->req.nhdrs++].value = NULL;
        c->hstate = 1;
    }
    int rc = head_add(c, at, len, sep);
    if (rc == -2) head_fail(c);
    return rc ? -1 : 0;
}

static int p_field_done(void *ud)
{
    ((conn *)ud)->hstate = 2;
    return 0;
}

static int p_value(void *ud, const char *at, size_t len)
{
    conn *c = ud;
    int sep = c->hstate != 3;
    if (sep) {
        if (!c->req.nhdrs) return -1;
        c->req.hdrs[c->req.nhdrs - 1].value = (char *)(uintptr_t)(c->hlen + 1);
        c->hstate = 3;
    }
    int rc = head_add(c, at, len, sep);
    if (rc == -2) head_fail(c);
    return rc ? -1 : 0;
}

const char *weft__http_header(const weft__http_req *r, const char *name)
{
    for (size_t i = 0; i < r->nhdrs; i++)
        if (!strcasecmp(r->hdrs[i].name, name)) return r->hdrs[i].value;
    return NULL;
}

static int has_token(const char *v, const char *tok)
{
    size_t n = strlen(tok);
    for (const char *p = v; p && *p;) {
        while (*p == ' ' || *p == ',') p++;
        if (!strncasecmp(p, tok, n) && (p[n] == 0 || p[n] == ',' || p[n] == ' ')) return 1;
        p = strchr(p, ',');
    }
    return 0;
}

static int p_headers(void *ud, const char *method, int status, int keep_alive, int upgrade)
{
    conn *c = ud;
    weft__http_req *r = &c->req;
    weft__net *net = weft__net_get(c->srv->h);
    /* Fix the head's pointers now that hbuf no longer moves. */
    if (head_add(c, "", 0, 1)) return -1;
    r->url = c->hbuf;
    for (size_t i = 0; i < r->nhdrs; i++) {
        r->hdrs[i].name = c->hbuf + (uintptr_t)r->hdrs[i].name;
        r->hdrs[i].value = r->hdrs[i].value ? c->hbuf + (uintptr_t)r->hdrs[i].value : "";
    }
    r->method = (char *)method;
    r->keep_alive = keep_alive;
    r->active = 1;
    c->in_head = 0;
    r->head_only = !strcmp(method, "HEAD");
    id_add(c->srv->h, r);
    const char *up = weft__http_header(r, "upgrade");
    if (upgrade && up && !strcasecmp(up, "websocket")) {
        c->upgrade_ws = 1;
        return 1;
    }
    /* A declared body over the bound is refused before any of it is read. */
    const char *cl = weft__http_header(r, "content-length");
    size_t max = weft__net_limits_get(c->srv->h)->http_body;
    unsigned long long declared = cl ? strtoull(cl, NULL, 10) : 0;
    if (declared > max) {
        weft__log(c->srv->h, "net",
                  "http %s: %s %s: Content-Length %llu over net_httpMaxBodyBytes (%zu), closing",
                  c->peer, method, r->url, declared, max);
        refuse(c, 413, "request body too large\n");
        return -1;
    }
    /* Expect: 100-continue: we always want the body. */
    const char *ex = weft__http_header(r, "expect");
    if (ex && !strcasecmp(ex, "100-continue"))
        conn_write(c, "HTTP/1.1 100 Continue\r\n\r\n", 25);
    weft__http_req_info info = {r->method, r->url, c->peer, r->hdrs, r->nhdrs};
    net->route(c->srv->h, r, &info);
    return c->closing ? -1 : 0;
}

void weft__http_set_sink(weft__http_req *r, const weft__http_body_sink *sink, void *data)
{
    r->sink = sink;
    r->sink_data = data;
}

void *weft__http_sink_data(weft__http_req *r)
{
    return r->sink ? r->sink_data : NULL;
}

static int p_body(void *ud, const char *at, size_t len)
{
    conn *c = ud;
    weft__http_req *r = &c->req;
    r->body_len += len;
    if (r->body_len > weft__net_limits_get(c->srv->h)->http_body) {
        weft__log(c->srv->h, "net", "http %s: request body over %zu bytes, closing", c->peer,
                  weft__net_limits_get(c->srv->h)->http_body);
        refuse(c, 413, "request body too large\n");
        return -1;
    }
    if (r->sink && r->sink->data) r->sink->data(c->srv->h, r, r->sink_data, at, len);
    return c->closing ? -1 : 0;
}

/* A chunk that would take the body past its bound is refused when its size
 * line arrives (413, as a body grown past it; the log says how far), not
 * waited for: "ffffffffffffffff" would otherwise hold the request open. */
static int p_chunk(void *ud, uint64_t size, const char **why)
{
    conn *c = ud;
    size_t max = weft__net_limits_get(c->srv->h)->http_body;
    if (size <= max && c->req.body_len <= max - size) return 0;
    weft__log(c->srv->h, "net",
              "http %s: chunked request body over net_httpMaxBodyBytes (%zu bytes read, a chunk "
              "of %llu next), closing",
              c->peer, c->req.body_len, (unsigned long long)size);
    refuse(c, 413, "request body too large\n");
    *why = "request body too large";
    return 1;
}

static int p_done(void *ud, int keep_alive)
{
    conn *c = ud;
    weft__http_req *r = &c->req;
    r->body_done = 1;
    if (c->upgrade_ws) return 1; /* the rest of the input is WebSocket */
    if (r->sink && r->sink->end) r->sink->end(c->srv->h, r, r->sink_data);
    if (c->closing) return -1;
    if (r->ended) {
        r->active = 0;
        return 0; /* answered already: parse the next pipelined request */
    }
    return 1; /* wait for the response */
}

static const weft__httpp_cbs parser_cbs = {
    .on_begin = p_begin,
    .on_url = p_url,
    .on_header_field = p_field,
    .on_header_field_done = p_field_done,
    .on_header_value = p_value,
    .on_headers_done = p_headers,
    .on_body = p_body,
    .on_chunk = p_chunk,
    .on_done = p_done,
};

/* ---- WebSocket players ----------------------------------------------------------- */

static int ws_out(void *ud, const char *buf, size_t len)
{
    conn *c = ud;
    int rc = conn_write(c, buf, len);
    return rc == WEFT_ENOMEM ? 0 : rc; /* the bound is checked before queueing */
}

static void ws_message(void *ud, int binary, const char *buf, size_t len)
{
    conn *c = ud;
    if (!c->player || c->closing) return;
    if (!binary) {
        weft__player_drop(c->player, "text WebSocket frame (the protocol is binary msgpack)");
        return;
    }
    weft__player_message(c->player, buf, len);
}

static void ws_closed(void *ud, const char *reason)
{
    conn *c = ud;
    weft__player *p = c->player;
    c->player = NULL;
    if (p) weft__player_closed(p, reason);
    conn_close(c);
}

static void ws_oversize(void *ud, uint64_t size)
{
    conn *c = ud;
    char why[96];
    snprintf(why, sizeof why, "message too large (%llu > %zu bytes)", (unsigned long long)size,
             weft__net_limits_get(c->srv->h)->max_message);
    if (c->player) weft__player_drop(c->player, why);
}

static const weft__ws_cbs ws_cbs = {ws_out, ws_message, ws_closed, ws_oversize};

static int ws_send(void *ud, const char *msg, size_t len)
{
    conn *c = ud;
    if (c->closing || !c->ws) return WEFT_EIO;
    /* The socket takes what it can first; the bound is on what is left
     * queued (so one message larger than the bound still goes to a reader
     * that keeps up; memory stays within the bound plus one message). */
    int rc = weft__ws_send(c->ws, msg, len);
    if (rc == 0 && c->out_pending > weft__net_limits_get(c->srv->h)->player_out) rc = WEFT_ENOMEM;
    return rc;
}

static size_t ws_queued(void *ud)
{
    return ((conn *)ud)->out_pending;
}

static void ws_close(void *ud)
{
    conn *c = ud;
    c->player = NULL;
    if (c->ws) weft__ws_close(c->ws, 1000, "dropped");
    conn_close(c);
}

static const weft__player_transport ws_transport = {"ws", ws_send, ws_queued, ws_close};

/* Sec-WebSocket-Key: 16 bytes in base64, i.e. 22 characters of the
 * alphabet and "==" (RFC 6455 4.2.1, 5). */
static int ws_key_ok(const char *key)
{
    static const char alphabet[] =
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    if (strlen(key) != 24 || strcmp(key + 22, "==")) return 0;
    for (int i = 0; i < 22; i++)
        if (!strchr(alphabet, key[i])) return 0;
    return 1;
}

/* Answer the upgrade (RFC 6455 §4.2) and become a player connection. */
static void upgrade(conn *c)
{
    weft__http_req *r = &c->req;
    weft_host *h = c->srv->h;
    const char *key = weft__http_header(r, "sec-websocket-key");
    const char *ver = weft__http_header(r, "sec-websocket-version");
    const char *conn_h = weft__http_header(r, "connection");
    char path[64];
    snprintf(path, sizeof path, "%s", r->url);
    char *q = strchr(path, '?');
    if (q) *q = 0;
    r->close_after = 1;
    if (strcmp(path, "/weft/ws") || strcmp(r->method, "GET")) {
        weft__http_reply(r, 404, "text/plain", "not found\n", 10);
        return;
    }
    if (ver && strcmp(ver, "13")) { /* RFC 6455 4.4: say the one we speak */
        weft__http_hdr hd[2] = {{"Content-Type", "text/plain"}, {"Sec-WebSocket-Version", "13"}};
        static const char body[] = "unsupported Sec-WebSocket-Version (this server speaks 13)\n";
        if (weft__http_res_head(r, 426, hd, 2) == 0) weft__http_res_end(r, body, sizeof body - 1);
        return;
    }
    if (!key || !ws_key_ok(key) || !ver || !conn_h || !has_token(conn_h, "upgrade")) {
        weft__http_reply(r, 400, "text/plain", "bad WebSocket handshake\n", 24);
        return;
    }
    const char *why;
    if (weft__ws_available(&why)) {
        static int reported;
        if (!__atomic_exchange_n(&reported, 1, __ATOMIC_RELAXED))
            weft__log(h, "net", "WebSockets are not available: %s", why);
        weft__http_reply(r, 503, "text/plain", "WebSockets are not available on this server\n",
                         44);
        return;
    }
    char accept[29];
    if (weft__ws_accept_key(key, strlen(key), accept)) {
        conn_close(c);
        return;
    }
    c->ws = weft__ws_new(0, weft__net_limits_get(h)->max_message, &ws_cbs, c);
    if (!c->ws) {
        conn_close(c);
        return;
    }
    c->player = weft__player_open(h, &ws_transport, c, c->peer);
    if (!c->player) {
        weft__http_reply(r, 503, "text/plain", "server full\n", 12);
        return;
    }
    char resp[256];
    int n = snprintf(resp, sizeof resp,
                     "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\n"
                     "Connection: Upgrade\r\nSec-WebSocket-Accept: %s\r\n\r\n",
                     accept);
    r->active = 0;
    id_remove(h, r);
    c->mode = M_WS;
    c->out_limit = (size_t)-1 / 2; /* players are bounded in ws_send */
    conn_write(c, resp, (size_t)n);
}

/* ---- input ------------------------------------------------------------------- */

static void alloc_cb(uv_handle_t *hd, size_t suggested, uv_buf_t *buf)
{
    conn *c = hd->data;
    size_t room = weft__inbuf_room(&c->in, &c->in_cap, c->in_len);
    *buf = uv_buf_init(room ? c->in + c->in_len : NULL, (unsigned)room);
}

static void read_cb(uv_stream_t *s, ssize_t nread, const uv_buf_t *buf)
{
    conn *c = s->data;
    if (nread < 0) {
        weft__player *p = c->player;
        c->player = NULL;
        if (p) weft__player_closed(p, nread == UV_EOF ? "disconnected" : uv_strerror((int)nread));
        conn_close(c);
        return;
    }
    c->in_len += (size_t)nread;
    c->last_ms = uv_now(s->loop);
    conn_process(c);
}

static void start_reading(conn *c)
{
    if (c->reading || c->closing) return;
    if (uv_read_start((uv_stream_t *)&c->tcp, alloc_cb, read_cb) == 0) c->reading = 1;
}

static void consume(conn *c, size_t n)
{
    memmove(c->in, c->in + n, c->in_len - n);
    c->in_len -= n;
}

/* Parse what is buffered. Bound: each pass consumes bytes or returns; a
 * paused parser (response pending) leaves the rest for later. */
static void conn_process(conn *c)
{
    while (!c->closing) {
        if (c->mode == M_WS) {
            if (c->in_len) {
                size_t n = c->in_len;
                c->in_len = 0; /* fed bytes are consumed whatever happens */
                weft__ws_feed(c->ws, c->in, n);
            }
            if (c->in_cap > 65536 && !c->in_len) { /* give a big buffer back */
                free(c->in);
                c->in = NULL;
                c->in_cap = 0;
            }
            return;
        }
        if (c->req.active && c->req.body_done) { /* waiting for the response */
            if (c->in_len >= weft__net_limits_get(c->srv->h)->http_in && c->reading) {
                uv_read_stop((uv_stream_t *)&c->tcp);
                c->reading = 0;
            }
            return;
        }
        if (!c->in_len) return;
        const char *why = NULL;
        long n = weft__httpp_parse(c->parser, c->in, c->in_len, &why);
        if (c->closing) return;
        if (n < 0) {
            if (!c->req.active || !c->req.head_sent) {
                weft__log(c->srv->h, "net", "http %s: bad request (%s), closing", c->peer,
                          why ? why : "?");
                c->req.active = 1;
                c->req.ended = 0;
                c->req.head_sent = 0;
                free(c->req.head);
                c->req.head = NULL;
                c->req.keep_alive = 0;
                c->req.close_after = 1;
                weft__http_reply(&c->req, 400, "text/plain", "bad request\n", 12);
            }
            conn_close(c);
            return;
        }
        consume(c, (size_t)n);
        if (c->upgrade_ws && c->req.body_done) {
            upgrade(c);
            continue; /* leftover bytes are WebSocket frames */
        }
        if (c->req.active && c->req.body_done) return; /* paused: response pending */
        weft__httpp_resume(c->parser);
        if (!n) return; /* everything buffered is part of an unfinished message */
    }
}

static void resume_cb(uv_timer_t *t)
{
    weft__http_srv *srv = t->data;
    /* Bound: takes the list as it is; conns queued meanwhile wait a turn. */
    conn *c = srv->resume_head;
    srv->resume_head = NULL;
    while (c) {
        conn *n = c->resume_next;
        c->resume_queued = 0;
        if (!c->closing) {
            weft__httpp_resume(c->parser);
            conn_process(c);
            start_reading(c);
        }
        c = n;
    }
}

/* The active response ended after its request was parsed: parse the next
 * pipelined request from a loop callback of its own (never inside the
 * script code that ended the response). */
static void queue_resume(conn *c)
{
    if (c->resume_queued) return;
    c->resume_queued = 1;
    c->resume_next = c->srv->resume_head;
    c->srv->resume_head = c;
    uv_timer_start(&c->srv->resume_timer, resume_cb, 0, 0);
}

/* ---- listening ----------------------------------------------------------------- */

static void on_connection(uv_stream_t *ls, int status)
{
    weft__http_srv *srv = ls->data;
    weft_host *h = srv->h;
    if (status < 0) return;
    conn *c = calloc(1, sizeof *c);
    if (!c) return;
    uv_tcp_init(&h->loop, &c->tcp);
    c->tcp.data = c;
    c->srv = srv;
    if (uv_accept(ls, (uv_stream_t *)&c->tcp)) {
        uv_close((uv_handle_t *)&c->tcp, (uv_close_cb)free);
        return;
    }
    c->next = srv->conns;
    if (srv->conns) srv->conns->prev = c;
    srv->conns = c;
    srv->nconns++;
    srv->handles++;
    struct sockaddr_storage ss;
    int len = sizeof ss;
    char ip[48] = "?";
    int port = 0;
    if (uv_tcp_getpeername(&c->tcp, (struct sockaddr *)&ss, &len) == 0) {
        if (ss.ss_family == AF_INET6) {
            uv_ip6_name((struct sockaddr_in6 *)&ss, ip, sizeof ip);
            port = ntohs(((struct sockaddr_in6 *)&ss)->sin6_port);
        } else {
            uv_ip4_name((struct sockaddr_in *)&ss, ip, sizeof ip);
            port = ntohs(((struct sockaddr_in *)&ss)->sin_port);
        }
    }
    snprintf(c->peer, sizeof c->peer, "%s:%d", ip, port);
    const weft__net_limits *L = weft__net_limits_get(h);
    c->out_limit = L->http_out;
    c->last_ms = uv_now(&h->loop);
    if (srv->nconns > L->max_connections || srv->closing) {
        weft__log(h, "net", "http %s: too many connections (%d), refused", c->peer,
                  L->max_connections);
        conn_close(c);
        return;
    }
    uv_tcp_nodelay(&c->tcp, 1);
    c->parser = weft__httpp_new(0, &parser_cbs, c);
    if (!c->parser) {
        conn_close(c);
        return;
    }
    start_reading(c);
}

int weft__http_listen(weft_host *h, const struct sockaddr *addr, weft__http_srv **out)
{
    weft__http_srv *srv = calloc(1, sizeof *srv);
    if (!srv) return UV_ENOMEM;
    srv->h = h;
    uv_tcp_init(&h->loop, &srv->listener);
    srv->listener.data = srv;
    uv_timer_init(&h->loop, &srv->resume_timer);
    srv->resume_timer.data = srv;
    srv->handles = 2;
    int r = uv_tcp_bind(&srv->listener, addr, 0);
    if (!r) r = uv_listen((uv_stream_t *)&srv->listener, 511, on_connection);
    if (r) {
        srv->closing = 1;
        uv_close((uv_handle_t *)&srv->listener, srv_handle_closed);
        uv_close((uv_handle_t *)&srv->resume_timer, srv_handle_closed);
        return r;
    }
    *out = srv;
    return 0;
}

int weft__http_port(weft__http_srv *srv)
{
    struct sockaddr_storage ss;
    int len = sizeof ss;
    if (uv_tcp_getsockname(&srv->listener, (struct sockaddr *)&ss, &len)) return 0;
    return ss.ss_family == AF_INET6 ? ntohs(((struct sockaddr_in6 *)&ss)->sin6_port)
                                    : ntohs(((struct sockaddr_in *)&ss)->sin_port);
}

void weft__http_close(weft__http_srv *srv)
{
    if (srv->closing) return;
    srv->closing = 1;
    for (conn *c = srv->conns; c; c = c->next) {
        weft__player *p = c->player;
        c->player = NULL;
        if (p) weft__player_closed(p, "server shutting down");
        if (!c->closing) {
            c->closing = 1;
            if (c->reading) uv_read_stop((uv_stream_t *)&c->tcp);
            req_release(c);
            id_remove(srv->h, &c->req);
        }
        if (!uv_is_closing((uv_handle_t *)&c->tcp)) uv_close((uv_handle_t *)&c->tcp, close_cb);
    }
    uv_close((uv_handle_t *)&srv->listener, srv_handle_closed);
    uv_close((uv_handle_t *)&srv->resume_timer, srv_handle_closed);
}

void weft__http_sweep(weft__http_srv *srv, uint64_t now)
{
    const weft__net_limits *L = weft__net_limits_get(srv->h);
    /* Bound: one pass over the connection list (closing only marks). */
    for (conn *c = srv->conns; c; c = c->next) {
        weft__http_req *r = &c->req;
        if (uv_is_closing((uv_handle_t *)&c->tcp)) continue;
        if (c->out_pending && (c->closing || c->mode == M_HTTP) &&
            now - c->write_ms > (uint64_t)L->http_idle_ms) {
            /* a client that does not read what it is sent: its queued bytes go */
            weft__log(srv->h, "net", "http %s: %zu bytes unread by the client for %d ms, closing",
                      c->peer, c->out_pending, L->http_idle_ms);
            conn_close(c);
            uv_close((uv_handle_t *)&c->tcp, close_cb);
            continue;
        }
        if (c->closing || c->mode != M_HTTP) continue;
        if ((c->in_head || (r->active && !r->body_done)) &&
            now - c->head_start_ms > (uint64_t)L->http_request_ms) {
            weft__log(srv->h, "net", "http %s: request not received whole within %d ms "
                      "(net_httpRequestTimeoutMs), closing", c->peer, L->http_request_ms);
            refuse(c, 408, "request timeout\n");
            continue;
        }
        if (r->active && !r->ended && r->sink && r->sink->orphaned &&
            r->sink->orphaned(srv->h, r, r->sink_data)) {
            weft__log(srv->h, "net", "http %s: %s %s: its resource stopped before answering",
                      c->peer, r->method ? r->method : "?", r->url ? r->url : "?");
            if (!r->head_sent) {
                free(r->head);
                r->head = NULL;
                r->close_after = 1;
                weft__http_reply(r, 503, "text/plain", "resource stopped\n", 17);
            } else {
                conn_close(c);
            }
            continue;
        }
        if (c->in_head && now - c->head_start_ms > (uint64_t)L->http_head_ms) {
            weft__log(srv->h, "net", "http %s: request head not complete after %d ms, closing",
                      c->peer, L->http_head_ms);
            conn_close(c);
        } else if (!c->req.active && !c->in_head && now - c->last_ms > (uint64_t)L->http_idle_ms) {
            conn_close(c); /* idle keep-alive: not worth a log line */
        }
    }
}
