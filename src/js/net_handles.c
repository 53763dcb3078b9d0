/* net_handles.c: natives.binding('net'), the libuv half of lib/net.js,
 * lib/dgram.js and lib/dns.js: TCP and pipe stream handles (listen, accept,
 * connect, read, write, shutdown), UDP handles, and getaddrinfo/getnameinfo
 * requests, with Node's binding contract (handle.onread(nread, bytes),
 * handle.onconnection(status, client), handle.onmessage(...), and
 * req.oncomplete(status, ...) for connect/write/shutdown/send/lookups).
 * Invariants: an open handle holds its JS object (link.req) until its close
 * callback, which clears the object's pointer and frees the C side; when the
 * runtime frees first, on_orphan closes the handle; callbacks enter JS only
 * through weft__js_req_invoke (a host entry) and never after the orphaning. */
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include "js/js.h"

enum { K_TCP, K_PIPE, K_UDP };

typedef struct net_h {
    weft__js_req link; /* link.req: the JS handle object */
    int kind;
    union {
        uv_handle_t h;
        uv_stream_t s;
        uv_tcp_t tcp;
        uv_pipe_t pipe;
        uv_udp_t udp;
    } u;
} net_h;

/* One request in flight; its JS object gets oncomplete(status[, value]). */
typedef struct net_req {
    weft__js_req link;
    char *data; /* owned bytes of a write/send */
    union {
        uv_req_t req;
        uv_write_t write;
        uv_shutdown_t shutdown;
        uv_connect_t connect;
        uv_udp_send_t send;
        uv_getaddrinfo_t gai;
        uv_getnameinfo_t gni;
    } r;
} net_req;

static JSClassID handle_class_id;

/* No finalizer: an open handle's C side holds its object. */
static JSClassDef handle_class = {"WeftNetHandle"};

static net_h *get_h(JSContext *ctx, JSValueConst v)
{
    net_h *n = JS_GetOpaque(v, handle_class_id);
    if (!n) JS_ThrowTypeError(ctx, "handle is closed");
    return n;
}

/* obj[name](...argv) when it is a function; takes argv */
static void invoke(weft__js *js, weft__js_req *link, const char *name, int argc, JSValue *argv)
{
    JSContext *ctx = js->ctx;
    JSValue fn = JS_GetPropertyStr(ctx, link->req, name);
    int callable = JS_IsFunction(ctx, fn);
    JS_FreeValue(ctx, fn);
    if (callable) {
        weft__js_req_invoke(js, link, name, argc, argv);
        return;
    }
    for (int i = 0; i < argc; i++) JS_FreeValue(ctx, argv[i]);
}

static void on_closed(uv_handle_t *handle)
{
    net_h *n = handle->data;
    weft__js *js = weft__js_req_unlink(&n->link);
    if (js) {
        JSContext *ctx = js->ctx;
        JS_SetOpaque(n->link.req, NULL);
        n->link.js = js; /* invoke needs it; unlinked already */
        invoke(js, &n->link, "onclose", 0, NULL);
        n->link.js = NULL;
        JS_FreeValue(ctx, n->link.req);
    }
    free(n);
}

static void close_h(net_h *n)
{
    if (!uv_is_closing(&n->u.h)) uv_close(&n->u.h, on_closed);
}

static void orphaned(weft__js_req *r)
{
    close_h((net_h *)r);
}

/* A new handle object of `kind`, its uv handle initialised; or exception. */
static JSValue new_handle(JSContext *ctx, int kind, net_h **out)
{
    weft__js *js = weft__js_from_ctx(ctx);
    net_h *n = calloc(1, sizeof *n);
    if (!n) return JS_ThrowOutOfMemory(ctx);
    JSValue obj = JS_NewObjectClass(ctx, (int)handle_class_id);
    if (JS_IsException(obj)) {
        free(n);
        return obj;
    }
    uv_loop_t *loop = &js->host->loop;
    int rc = kind == K_TCP    ? uv_tcp_init(loop, &n->u.tcp)
             : kind == K_PIPE ? uv_pipe_init(loop, &n->u.pipe, 0)
                              : uv_udp_init(loop, &n->u.udp);
    if (rc < 0) {
        free(n);
        JS_FreeValue(ctx, obj);
        return JS_Throw(ctx, weft__js_uv_error(ctx, rc, "socket", NULL, NULL));
    }
    n->kind = kind;
    n->u.h.data = n;
    weft__js_req_start(js, &n->link, obj);
    n->link.on_orphan = orphaned;
    JS_SetOpaque(obj, n);
    if (out) *out = n;
    return obj;
}

/* binding.newHandle(kind): 0 TCP, 1 pipe, 2 UDP */
static JSValue js_new_handle(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    int32_t kind = 0;
    if (JS_ToInt32(ctx, &kind, argv[0])) return JS_EXCEPTION;
    if (kind < K_TCP || kind > K_UDP) return JS_ThrowRangeError(ctx, "bad handle kind");
    return new_handle(ctx, kind, NULL);
}

/* ---- addresses ------------------------------------------------------------------------ */

/* ip + port -> sockaddr (IPv6 when the text has a ':'); 0 or UV_EINVAL */
static int to_addr(const char *ip, int port, struct sockaddr_storage *ss)
{
    memset(ss, 0, sizeof *ss);
    if (strchr(ip, ':')) return uv_ip6_addr(ip, port, (struct sockaddr_in6 *)ss);
    return uv_ip4_addr(ip, port, (struct sockaddr_in *)ss);
}

/* {address, family, port}, or undefined for an unnamed address */
static JSValue addr_object(JSContext *ctx, const struct sockaddr *sa)
{
    char ip[INET6_ADDRSTRLEN + 16] = "";
    int port = 0;
    const char *family;
    if (sa->sa_family == AF_INET6) {
        const struct sockaddr_in6 *a = (const struct sockaddr_in6 *)sa;
        uv_ip6_name(a, ip, sizeof ip);
        port = ntohs(a->sin6_port);
        family = "IPv6";
    } else if (sa->sa_family == AF_INET) {
        const struct sockaddr_in *a = (const struct sockaddr_in *)sa;
        uv_ip4_name(a, ip, sizeof ip);
        port = ntohs(a->sin_port);
        family = "IPv4";
    } else {
        return JS_UNDEFINED;
    }
    JSValue o = JS_NewObject(ctx);
    JS_SetPropertyStr(ctx, o, "address", JS_NewString(ctx, ip));
    JS_SetPropertyStr(ctx, o, "family", JS_NewString(ctx, family));
    JS_SetPropertyStr(ctx, o, "port", JS_NewInt32(ctx, port));
    return o;
}

static JSValue name_of(JSContext *ctx, JSValueConst this_val, int peer)
{
    net_h *n = get_h(ctx, this_val);
    if (!n) return JS_EXCEPTION;
    if (n->kind == K_PIPE) {
        char buf[1024];
        size_t len = sizeof buf;
        int rc = peer ? uv_pipe_getpeername(&n->u.pipe, buf, &len)
                      : uv_pipe_getsockname(&n->u.pipe, buf, &len);
        if (rc < 0) return JS_NewInt32(ctx, rc);
        return JS_NewStringLen(ctx, buf, len);
    }
    struct sockaddr_storage ss;
    int len = sizeof ss;
    int rc;
    if (n->kind == K_TCP)
        rc = peer ? uv_tcp_getpeername(&n->u.tcp, (struct sockaddr *)&ss, &len)
                  : uv_tcp_getsockname(&n->u.tcp, (struct sockaddr *)&ss, &len);
    else
        rc = peer ? uv_udp_getpeername(&n->u.udp, (struct sockaddr *)&ss, &len)
                  : uv_udp_getsockname(&n->u.udp, (struct sockaddr *)&ss, &len);
    if (rc < 0) return JS_NewInt32(ctx, rc);
    return addr_object(ctx, (struct sockaddr *)&ss);
}

/* handle.getsockname() / getpeername(): an address object (a path for
 * pipes), or a negative errno */
static JSValue js_getsockname(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    return name_of(ctx, this_val, 0);
}

static JSValue js_getpeername(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    return name_of(ctx, this_val, 1);
}

/* ---- requests -------------------------------------------------------------------------- */

static net_req *new_req(JSContext *ctx, JSValueConst req)
{
    net_req *r = calloc(1, sizeof *r);
    if (!r) {
        JS_ThrowOutOfMemory(ctx);
        return NULL;
    }
    weft__js_req_start(weft__js_from_ctx(ctx), &r->link, req);
    r->r.req.data = r;
    return r;
}

/* A request that never started: drop it (returns rc). */
static int drop_req(JSContext *ctx, net_req *r, int rc)
{
    if (weft__js_req_unlink(&r->link)) JS_FreeValue(ctx, r->link.req);
    free(r->data);
    free(r);
    return rc;
}

/* oncomplete(status) and free */
static void finish_req(net_req *r, int status)
{
    weft__js *js = weft__js_req_unlink(&r->link);
    if (js) weft__js_req_complete(js, &r->link, JS_NewInt32(js->ctx, status), JS_UNDEFINED);
    free(r->data);
    free(r);
}

static void on_write(uv_write_t *w, int status)
{
    finish_req(w->data, status);
}

static void on_shutdown(uv_shutdown_t *s, int status)
{
    finish_req(s->data, status);
}

static void on_connect(uv_connect_t *c, int status)
{
    finish_req(c->data, status);
}

static void on_send(uv_udp_send_t *s, int status)
{
    finish_req(s->data, status);
}

/* The bytes of an array of views as uv_bufs (borrowed); -1 on a bad element. */
static int gather(JSContext *ctx, JSValueConst arr, uv_buf_t **bufs, uint32_t *nbufs,
                  size_t *total)
{
    int64_t len = 0;
    JSValue l = JS_GetPropertyStr(ctx, arr, "length");
    if (JS_ToInt64(ctx, &len, l)) {
        JS_FreeValue(ctx, l);
        return -1;
    }
    JS_FreeValue(ctx, l);
    if (len < 0 || len > 1024 * 1024) return -1;
    uv_buf_t *b = calloc((size_t)len + 1, sizeof *b);
    if (!b) return -1;
    size_t sum = 0;
    for (int64_t i = 0; i < len; i++) {
        JSValue v = JS_GetPropertyUint32(ctx, arr, (uint32_t)i);
        uint8_t *p;
        size_t n;
        int rc = weft__js_get_bytes(ctx, v, &p, &n);
        JS_FreeValue(ctx, v);
        if (rc < 0) {
            free(b);
            JS_ThrowTypeError(ctx, "write: chunk %d is not bytes", (int)i);
            return -1;
        }
        b[i] = uv_buf_init((char *)p, (unsigned)n);
        sum += n;
    }
    *bufs = b;
    *nbufs = (uint32_t)len;
    *total = sum;
    return 0;
}

/* One owned copy of the bytes from `skip` on. */
static char *flatten(const uv_buf_t *b, uint32_t nb, size_t total, size_t skip)
{
    char *d = malloc(total - skip + 1);
    if (!d) return NULL;
    size_t at = 0;
    for (uint32_t i = 0; i < nb; i++) {
        size_t len = b[i].len;
        if (skip >= len) {
            skip -= len;
            continue;
        }
        memcpy(d + at, b[i].base + skip, len - skip);
        at += len - skip;
        skip = 0;
    }
    return d;
}

/* handle.writev(req, chunks): 0 when written at once (no callback), 1 when
 * queued (req.oncomplete(status) later), or a negative errno */
static JSValue js_writev(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    net_h *n = get_h(ctx, this_val);
    if (!n) return JS_EXCEPTION;
    if (n->kind == K_UDP) return JS_ThrowTypeError(ctx, "not a stream");
    uv_buf_t *b;
    uint32_t nb;
    size_t total;
    if (gather(ctx, argv[1], &b, &nb, &total) < 0) return JS_EXCEPTION;
    size_t done = 0;
    if (total > 0) {
        int w = uv_try_write(&n->u.s, b, nb);
        if (w < 0 && w != UV_EAGAIN && w != UV_ENOSYS) {
            free(b);
            return JS_NewInt32(ctx, w);
        }
        if (w > 0) done = (size_t)w;
    }
    if (done == total) {
        free(b);
        return JS_NewInt32(ctx, 0);
    }
    net_req *r = new_req(ctx, argv[0]);
    char *d = r ? flatten(b, nb, total, done) : NULL;
    free(b);
    if (!r) return JS_EXCEPTION;
    if (!d) return JS_NewInt32(ctx, drop_req(ctx, r, UV_ENOMEM));
    r->data = d;
    uv_buf_t one = uv_buf_init(d, (unsigned)(total - done));
    int rc = uv_write(&r->r.write, &n->u.s, &one, 1, on_write);
    if (rc < 0) return JS_NewInt32(ctx, drop_req(ctx, r, rc));
    return JS_NewInt32(ctx, 1);
}

/* handle.shutdown(req): 0 or a negative errno; req.oncomplete(status) */
static JSValue js_shutdown(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    net_h *n = get_h(ctx, this_val);
    if (!n) return JS_EXCEPTION;
    net_req *r = new_req(ctx, argv[0]);
    if (!r) return JS_EXCEPTION;
    int rc = uv_shutdown(&r->r.shutdown, &n->u.s, on_shutdown);
    return JS_NewInt32(ctx, rc < 0 ? drop_req(ctx, r, rc) : 0);
}

/* handle.connect(req, ip, port) (TCP), connect(req, path) (pipe),
 * connect(ip, port) (UDP, synchronous): 0 or a negative errno */
static JSValue js_connect(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    net_h *n = get_h(ctx, this_val);
    if (!n) return JS_EXCEPTION;
    int udp = n->kind == K_UDP;
    const char *s = JS_ToCString(ctx, argv[udp ? 0 : 1]);
    if (!s) return JS_EXCEPTION;
    int32_t port = 0;
    if (n->kind != K_PIPE && JS_ToInt32(ctx, &port, argv[udp ? 1 : 2])) {
        JS_FreeCString(ctx, s);
        return JS_EXCEPTION;
    }
    struct sockaddr_storage ss;
    int rc = n->kind == K_PIPE ? 0 : to_addr(s, port, &ss);
    if (rc < 0 || udp) {
        if (rc == 0) rc = uv_udp_connect(&n->u.udp, (struct sockaddr *)&ss);
        JS_FreeCString(ctx, s);
        return JS_NewInt32(ctx, rc);
    }
    net_req *r = new_req(ctx, argv[0]);
    if (!r) {
        JS_FreeCString(ctx, s);
        return JS_EXCEPTION;
    }
    if (n->kind == K_PIPE) {
        uv_pipe_connect(&r->r.connect, &n->u.pipe, s, on_connect);
    } else {
        rc = uv_tcp_connect(&r->r.connect, &n->u.tcp, (struct sockaddr *)&ss, on_connect);
        if (rc < 0) drop_req(ctx, r, rc);
    }
    JS_FreeCString(ctx, s);
    return JS_NewInt32(ctx, rc);
}

/* udp.disconnect(): 0 or a negative errno */
static JSValue js_disconnect(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    net_h *n = get_h(ctx, this_val);
    if (!n) return JS_EXCEPTION;
    return JS_NewInt32(ctx, uv_udp_connect(&n->u.udp, NULL));
}

/* handle.bind(ip, port, flags) (TCP: flags 1 = IPv6 only; UDP: 1 = IPv6
 * only, 2 = reuse address), bind(path) (pipe): 0 or a negative errno */
static JSValue js_bind(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    net_h *n = get_h(ctx, this_val);
    if (!n) return JS_EXCEPTION;
    const char *s = JS_ToCString(ctx, argv[0]);
    if (!s) return JS_EXCEPTION;
    int rc;
    if (n->kind == K_PIPE) {
        rc = uv_pipe_bind(&n->u.pipe, s);
    } else {
        int32_t port = 0, flags = 0;
        struct sockaddr_storage ss;
        if (JS_ToInt32(ctx, &port, argv[1]) || JS_ToInt32(ctx, &flags, argv[2])) {
            JS_FreeCString(ctx, s);
            return JS_EXCEPTION;
        }
        rc = to_addr(s, port, &ss);
        if (rc == 0 && n->kind == K_TCP)
            rc = uv_tcp_bind(&n->u.tcp, (struct sockaddr *)&ss, flags & 1 ? UV_TCP_IPV6ONLY : 0);
        else if (rc == 0)
            rc = uv_udp_bind(&n->u.udp, (struct sockaddr *)&ss,
                             (flags & 1 ? UV_UDP_IPV6ONLY : 0) | (flags & 2 ? UV_UDP_REUSEADDR : 0));
    }
    JS_FreeCString(ctx, s);
    return JS_NewInt32(ctx, rc);
}

/* ---- listening ------------------------------------------------------------------------- */

static void on_connection(uv_stream_t *server, int status)
{
    net_h *n = server->data;
    weft__js *js = n->link.js;
    if (!js) return;
    JSContext *ctx = js->ctx;
    if (status < 0) {
        JSValue argv[2] = {JS_NewInt32(ctx, status), JS_UNDEFINED};
        invoke(js, &n->link, "onconnection", 2, argv);
        return;
    }
    net_h *c;
    JSValue client = new_handle(ctx, n->kind, &c);
    if (JS_IsException(client)) {
        JS_FreeValue(ctx, JS_GetException(ctx));
        return;
    }
    int rc = uv_accept(server, &c->u.s);
    if (rc < 0) {
        close_h(c);
        JS_FreeValue(ctx, client);
        return;
    }
    JSValue argv[2] = {JS_NewInt32(ctx, 0), client};
    invoke(js, &n->link, "onconnection", 2, argv);
}

/* handle.listen(backlog): 0 or a negative errno */
static JSValue js_listen(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    net_h *n = get_h(ctx, this_val);
    if (!n) return JS_EXCEPTION;
    int32_t backlog = 511;
    if (JS_ToInt32(ctx, &backlog, argv[0])) return JS_EXCEPTION;
    return JS_NewInt32(ctx, uv_listen(&n->u.s, backlog, on_connection));
}

/* ---- reading --------------------------------------------------------------------------- */

static void on_alloc(uv_handle_t *h, size_t suggested, uv_buf_t *buf)
{
    (void)h;
    (void)suggested;
    buf->base = malloc(WEFT_JS_NET_READ_BYTES);
    buf->len = buf->base ? WEFT_JS_NET_READ_BYTES : 0;
}

/* bytes read -> an ArrayBuffer owning them (shrunk when mostly empty) */
static JSValue adopt_read(JSContext *ctx, const uv_buf_t *buf, size_t nread)
{
    char *p = buf->base;
    if (nread < buf->len / 2) {
        char *q = realloc(p, nread ? nread : 1);
        if (q) p = q;
    }
    return weft__js_adopt_bytes(ctx, (uint8_t *)p, nread);
}

static void on_read(uv_stream_t *s, ssize_t nread, const uv_buf_t *buf)
{
    net_h *n = s->data;
    weft__js *js = n->link.js;
    if (!js || nread == 0) {
        free(buf->base);
        return;
    }
    JSContext *ctx = js->ctx;
    JSValue argv[2] = {JS_NewInt64(ctx, nread), JS_UNDEFINED};
    if (nread > 0) argv[1] = adopt_read(ctx, buf, (size_t)nread);
    else free(buf->base);
    invoke(js, &n->link, "onread", 2, argv);
}

static void on_recv(uv_udp_t *u, ssize_t nread, const uv_buf_t *buf, const struct sockaddr *addr,
                    unsigned flags)
{
    net_h *n = u->data;
    weft__js *js = n->link.js;
    (void)flags;
    if (!js || (nread == 0 && !addr)) {
        free(buf->base);
        return;
    }
    JSContext *ctx = js->ctx;
    JSValue argv[3] = {JS_NewInt64(ctx, nread), JS_UNDEFINED, JS_UNDEFINED};
    if (nread >= 0) {
        argv[1] = adopt_read(ctx, buf, (size_t)nread);
        argv[2] = addr_object(ctx, addr);
    } else {
        free(buf->base);
    }
    invoke(js, &n->link, "onmessage", 3, argv);
}

/* handle.readStart() / readStop() (UDP: receiving): 0 or a negative errno */
static JSValue js_read_start(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    net_h *n = get_h(ctx, this_val);
    if (!n) return JS_EXCEPTION;
    int rc = n->kind == K_UDP ? uv_udp_recv_start(&n->u.udp, on_alloc, on_recv)
                              : uv_read_start(&n->u.s, on_alloc, on_read);
    return JS_NewInt32(ctx, rc == UV_EALREADY ? 0 : rc);
}

static JSValue js_read_stop(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    net_h *n = get_h(ctx, this_val);
    if (!n) return JS_EXCEPTION;
    return JS_NewInt32(ctx, n->kind == K_UDP ? uv_udp_recv_stop(&n->u.udp) : uv_read_stop(&n->u.s));
}

/* ---- UDP ------------------------------------------------------------------------------- */

/* udp.send(req, chunks, port, ip): ip null on a connected socket; 0 or a
 * negative errno; req.oncomplete(status) */
static JSValue js_send(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    net_h *n = get_h(ctx, this_val);
    if (!n) return JS_EXCEPTION;
    struct sockaddr_storage ss;
    const struct sockaddr *to = NULL;
    if (!JS_IsNull(argv[3]) && !JS_IsUndefined(argv[3])) {
        int32_t port = 0;
        if (JS_ToInt32(ctx, &port, argv[2])) return JS_EXCEPTION;
        const char *ip = JS_ToCString(ctx, argv[3]);
        if (!ip) return JS_EXCEPTION;
        int rc = to_addr(ip, port, &ss);
        JS_FreeCString(ctx, ip);
        if (rc < 0) return JS_NewInt32(ctx, rc);
        to = (const struct sockaddr *)&ss;
    }
    uv_buf_t *b;
    uint32_t nb;
    size_t total;
    if (gather(ctx, argv[1], &b, &nb, &total) < 0) return JS_EXCEPTION;
    net_req *r = new_req(ctx, argv[0]);
    char *d = r ? flatten(b, nb, total, 0) : NULL;
    free(b);
    if (!r) return JS_EXCEPTION;
    if (!d) return JS_NewInt32(ctx, drop_req(ctx, r, UV_ENOMEM));
    r->data = d;
    uv_buf_t one = uv_buf_init(d, (unsigned)total);
    int rc = uv_udp_send(&r->r.send, &n->u.udp, &one, 1, to, on_send);
    return JS_NewInt32(ctx, rc < 0 ? drop_req(ctx, r, rc) : 0);
}

enum { O_BROADCAST, O_TTL, O_MCAST_TTL, O_MCAST_LOOP, O_RECV_BUF, O_SEND_BUF };

/* handle.setOption(which, value[, extra]): socket options; returns 0 or a
 * negative errno (buffer sizes: the size, value 0 reads it) */
static JSValue js_set_option(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    net_h *n = get_h(ctx, this_val);
    if (!n) return JS_EXCEPTION;
    int32_t which = 0, value = 0;
    if (JS_ToInt32(ctx, &which, argv[0]) || JS_ToInt32(ctx, &value, argv[1])) return JS_EXCEPTION;
    int udp = n->kind == K_UDP;
    int rc = UV_EINVAL;
    switch (which) {
    case O_BROADCAST: if (udp) rc = uv_udp_set_broadcast(&n->u.udp, value); break;
    case O_TTL: if (udp) rc = uv_udp_set_ttl(&n->u.udp, value); break;
    case O_MCAST_TTL: if (udp) rc = uv_udp_set_multicast_ttl(&n->u.udp, value); break;
    case O_MCAST_LOOP: if (udp) rc = uv_udp_set_multicast_loop(&n->u.udp, value); break;
    case O_RECV_BUF:
    case O_SEND_BUF: {
        int v = value;
        rc = which == O_RECV_BUF ? uv_recv_buffer_size(&n->u.h, &v) : uv_send_buffer_size(&n->u.h, &v);
        if (rc == 0) rc = v;
        break;
    }
    default: break;
    }
    return JS_NewInt32(ctx, rc);
}

/* tcp.setNoDelay(enable): 0 or a negative errno */
static JSValue js_nodelay(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    net_h *n = get_h(ctx, this_val);
    if (!n) return JS_EXCEPTION;
    if (n->kind != K_TCP) return JS_NewInt32(ctx, 0);
    return JS_NewInt32(ctx, uv_tcp_nodelay(&n->u.tcp, JS_ToBool(ctx, argv[0])));
}

/* tcp.setKeepAlive(enable, delaySeconds): 0 or a negative errno */
static JSValue js_keepalive(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    net_h *n = get_h(ctx, this_val);
    if (!n) return JS_EXCEPTION;
    int32_t delay = 0;
    if (JS_ToInt32(ctx, &delay, argv[1])) return JS_EXCEPTION;
    if (n->kind != K_TCP) return JS_NewInt32(ctx, 0);
    return JS_NewInt32(ctx, uv_tcp_keepalive(&n->u.tcp, JS_ToBool(ctx, argv[0]), (unsigned)delay));
}

/* udp.membership(group, iface|null, join) / setMulticastInterface(iface) */
static JSValue js_membership(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    net_h *n = get_h(ctx, this_val);
    if (!n) return JS_EXCEPTION;
    const char *group = JS_ToCString(ctx, argv[0]);
    const char *iface = JS_IsString(argv[1]) ? JS_ToCString(ctx, argv[1]) : NULL;
    int rc = group ? uv_udp_set_membership(&n->u.udp, group, iface,
                                           JS_ToBool(ctx, argv[2]) ? UV_JOIN_GROUP : UV_LEAVE_GROUP)
                   : UV_EINVAL;
    JS_FreeCString(ctx, group);
    JS_FreeCString(ctx, iface);
    return group ? JS_NewInt32(ctx, rc) : JS_EXCEPTION;
}

/* handle.sourceMembership(source, group, iface or null, join) -> 0 or errno */
static JSValue js_source_membership(JSContext *ctx, JSValueConst this_val, int argc,
                                    JSValueConst *argv)
{
    net_h *n = get_h(ctx, this_val);
    if (!n) return JS_EXCEPTION;
    const char *source = JS_ToCString(ctx, argv[0]);
    const char *group = source ? JS_ToCString(ctx, argv[1]) : NULL;
    const char *iface = group && JS_IsString(argv[2]) ? JS_ToCString(ctx, argv[2]) : NULL;
    int rc = group ? uv_udp_set_source_membership(&n->u.udp, group, iface, source,
                                                  JS_ToBool(ctx, argv[3]) ? UV_JOIN_GROUP
                                                                          : UV_LEAVE_GROUP)
                   : 0;
    JS_FreeCString(ctx, source);
    JS_FreeCString(ctx, group);
    JS_FreeCString(ctx, iface);
    return group ? JS_NewInt32(ctx, rc) : JS_EXCEPTION;
}

static JSValue js_mcast_iface(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    net_h *n = get_h(ctx, this_val);
    if (!n) return JS_EXCEPTION;
    const char *iface = JS_ToCString(ctx, argv[0]);
    if (!iface) return JS_EXCEPTION;
    int rc = uv_udp_set_multicast_interface(&n->u.udp, iface);
    JS_FreeCString(ctx, iface);
    return JS_NewInt32(ctx, rc);
}

/* ---- the rest of a handle -------------------------------------------------------------- */

/* handle.reset(): close a TCP handle with an RST (SO_LINGER 0), as close();
 * 0 or a negative errno */
static JSValue js_reset(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    net_h *n = JS_GetOpaque(this_val, handle_class_id);
    if (!n || uv_is_closing(&n->u.h)) return JS_NewInt32(ctx, 0);
    if (n->kind != K_TCP) return JS_NewInt32(ctx, UV_EINVAL);
    int rc = uv_tcp_close_reset(&n->u.tcp, on_closed);
    if (rc < 0) close_h(n); /* (not connected: an ordinary close) */
    return JS_NewInt32(ctx, rc);
}

static JSValue js_close(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    net_h *n = JS_GetOpaque(this_val, handle_class_id);
    if (n) close_h(n);
    return JS_UNDEFINED;
}

static JSValue js_ref(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    net_h *n = JS_GetOpaque(this_val, handle_class_id);
    if (n && !uv_is_closing(&n->u.h)) {
        if (JS_ToBool(ctx, argv[0])) uv_ref(&n->u.h);
        else uv_unref(&n->u.h);
    }
    return JS_UNDEFINED;
}

static JSValue js_has_ref(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    net_h *n = JS_GetOpaque(this_val, handle_class_id);
    return JS_NewBool(ctx, n && !uv_is_closing(&n->u.h) && uv_has_ref(&n->u.h));
}

static JSValue js_fd(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    net_h *n = JS_GetOpaque(this_val, handle_class_id);
    uv_os_fd_t fd = -1;
    if (!n || uv_fileno(&n->u.h, &fd) < 0) return JS_NewInt32(ctx, -1);
    return JS_NewInt32(ctx, fd);
}

/* handle.open(fd): adopt an open descriptor; 0 or a negative errno */
static JSValue js_open(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    net_h *n = get_h(ctx, this_val);
    int32_t fd = -1;
    if (!n || JS_ToInt32(ctx, &fd, argv[0])) return JS_EXCEPTION;
    int rc = n->kind == K_TCP    ? uv_tcp_open(&n->u.tcp, fd)
             : n->kind == K_PIPE ? uv_pipe_open(&n->u.pipe, fd)
                                 : uv_udp_open(&n->u.udp, fd);
    return JS_NewInt32(ctx, rc);
}

static JSValue js_queue_size(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    net_h *n = JS_GetOpaque(this_val, handle_class_id);
    if (!n) return JS_NewInt32(ctx, 0);
    size_t q = n->kind == K_UDP ? uv_udp_get_send_queue_size(&n->u.udp)
                                : uv_stream_get_write_queue_size(&n->u.s);
    return JS_NewInt64(ctx, (int64_t)q);
}

/* handle.fchmod(mode: 1 readable, 2 writable by all) -> 0 or errno (a pipe server) */
static JSValue js_fchmod(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    net_h *n = get_h(ctx, this_val);
    if (!n) return JS_EXCEPTION;
    int32_t mode = 0;
    if (JS_ToInt32(ctx, &mode, argv[0])) return JS_EXCEPTION;
    if (n->kind != K_PIPE) return JS_NewInt32(ctx, UV_EINVAL);
    int flags = (mode & 1 ? UV_READABLE : 0) | (mode & 2 ? UV_WRITABLE : 0);
    return JS_NewInt32(ctx, uv_pipe_chmod(&n->u.pipe, flags));
}

static JSValue js_queue_count(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    net_h *n = JS_GetOpaque(this_val, handle_class_id);
    if (!n || n->kind != K_UDP) return JS_NewInt32(ctx, 0);
    return JS_NewInt64(ctx, (int64_t)uv_udp_get_send_queue_count(&n->u.udp));
}

/* ---- DNS ------------------------------------------------------------------------------- */

static void on_gai(uv_getaddrinfo_t *g, int status, struct addrinfo *res)
{
    net_req *r = g->data;
    weft__js *js = weft__js_req_unlink(&r->link);
    if (js) {
        JSContext *ctx = js->ctx;
        JSValue list = JS_NewArray(ctx);
        uint32_t i = 0;
        for (struct addrinfo *a = res; status == 0 && a; a = a->ai_next) {
            char ip[INET6_ADDRSTRLEN] = "";
            if (a->ai_family == AF_INET)
                uv_ip4_name((struct sockaddr_in *)a->ai_addr, ip, sizeof ip);
            else if (a->ai_family == AF_INET6)
                uv_ip6_name((struct sockaddr_in6 *)a->ai_addr, ip, sizeof ip);
            else
                continue;
            JS_SetPropertyUint32(ctx, list, i++, JS_NewString(ctx, ip));
        }
        weft__js_req_complete(js, &r->link, JS_NewInt32(ctx, status), list);
    }
    uv_freeaddrinfo(res);
    free(r);
}

/* binding.getaddrinfo(req, host, family 0|4|6, hintFlags): 0 or a negative
 * errno; req.oncomplete(status, [address...]) in the resolver's order */
static JSValue js_getaddrinfo(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    weft__js *js = weft__js_from_ctx(ctx);
    int32_t family = 0, flags = 0;
    if (JS_ToInt32(ctx, &family, argv[2]) || JS_ToInt32(ctx, &flags, argv[3])) return JS_EXCEPTION;
    const char *host = JS_ToCString(ctx, argv[1]);
    if (!host) return JS_EXCEPTION;
    struct addrinfo hints = {0};
    hints.ai_family = family == 4 ? AF_INET : family == 6 ? AF_INET6 : AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    hints.ai_flags = flags;
    net_req *r = new_req(ctx, argv[0]);
    int rc = r ? uv_getaddrinfo(&js->host->loop, &r->r.gai, on_gai, host, NULL, &hints) : 0;
    JS_FreeCString(ctx, host);
    if (!r) return JS_EXCEPTION;
    return JS_NewInt32(ctx, rc < 0 ? drop_req(ctx, r, rc) : 0);
}

static void on_gni(uv_getnameinfo_t *g, int status, const char *host, const char *service)
{
    net_req *r = g->data;
    weft__js *js = weft__js_req_unlink(&r->link);
    if (js) {
        JSContext *ctx = js->ctx;
        JSValue v = JS_NewArray(ctx);
        if (status == 0) {
            JS_SetPropertyUint32(ctx, v, 0, JS_NewString(ctx, host));
            JS_SetPropertyUint32(ctx, v, 1, JS_NewString(ctx, service));
        }
        weft__js_req_complete(js, &r->link, JS_NewInt32(ctx, status), v);
    }
    free(r);
}

/* binding.getnameinfo(req, ip, port): 0 or a negative errno;
 * req.oncomplete(status, [hostname, service]) */
static JSValue js_getnameinfo(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    weft__js *js = weft__js_from_ctx(ctx);
    int32_t port = 0;
    if (JS_ToInt32(ctx, &port, argv[2])) return JS_EXCEPTION;
    const char *ip = JS_ToCString(ctx, argv[1]);
    if (!ip) return JS_EXCEPTION;
    struct sockaddr_storage ss;
    int rc = to_addr(ip, port, &ss);
    JS_FreeCString(ctx, ip);
    if (rc < 0) return JS_NewInt32(ctx, rc);
    net_req *r = new_req(ctx, argv[0]);
    if (!r) return JS_EXCEPTION;
    /* NI_NAMEREQD: an address with no name is ENOTFOUND, as Node */
    rc = uv_getnameinfo(&js->host->loop, &r->r.gni, on_gni, (struct sockaddr *)&ss, NI_NAMEREQD);
    return JS_NewInt32(ctx, rc < 0 ? drop_req(ctx, r, rc) : 0);
}

/* binding.handleKind(v) -> 0 TCP, 1 pipe, 2 UDP for a handle object, else -1 */
static JSValue js_handle_kind(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    net_h *n = handle_class_id ? JS_GetOpaque(argv[0], handle_class_id) : NULL;
    return JS_NewInt32(ctx, n ? n->kind : -1);
}

/* binding.errname(errno) -> "ECONNREFUSED"...; strerror(errno) -> text */
static JSValue js_errname(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    int32_t e = 0;
    if (JS_ToInt32(ctx, &e, argv[0])) return JS_EXCEPTION;
    return JS_NewString(ctx, uv_err_name(e));
}

static JSValue js_strerror(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    int32_t e = 0;
    if (JS_ToInt32(ctx, &e, argv[0])) return JS_EXCEPTION;
    return JS_NewString(ctx, uv_strerror(e));
}

/* binding.isIP(text) -> 0, 4 or 6 (inet_pton's grammar, as Node) */
static JSValue js_is_ip(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    if (!JS_IsString(argv[0])) return JS_NewInt32(ctx, 0);
    size_t len;
    const char *s = JS_ToCStringLen(ctx, &len, argv[0]);
    if (!s) return JS_EXCEPTION;
    unsigned char buf[16];
    int r = 0;
    if (strlen(s) == len) {
        if (uv_inet_pton(AF_INET, s, buf) == 0) r = 4;
        else if (uv_inet_pton(AF_INET6, s, buf) == 0) r = 6;
    }
    JS_FreeCString(ctx, s);
    return JS_NewInt32(ctx, r);
}

static const JSCFunctionListEntry handle_proto[] = {
    JS_CFUNC_DEF("bind", 3, js_bind),
    JS_CFUNC_DEF("listen", 1, js_listen),
    JS_CFUNC_DEF("connect", 3, js_connect),
    JS_CFUNC_DEF("disconnect", 0, js_disconnect),
    JS_CFUNC_DEF("readStart", 0, js_read_start),
    JS_CFUNC_DEF("readStop", 0, js_read_stop),
    JS_CFUNC_DEF("writev", 2, js_writev),
    JS_CFUNC_DEF("shutdown", 1, js_shutdown),
    JS_CFUNC_DEF("send", 4, js_send),
    JS_CFUNC_DEF("setOption", 2, js_set_option),
    JS_CFUNC_DEF("setKeepAlive", 2, js_keepalive),
    JS_CFUNC_DEF("setNoDelay", 1, js_nodelay),
    JS_CFUNC_DEF("membership", 3, js_membership),
    JS_CFUNC_DEF("sourceMembership", 4, js_source_membership),
    JS_CFUNC_DEF("setMulticastInterface", 1, js_mcast_iface),
    JS_CFUNC_DEF("queueCount", 0, js_queue_count),
    JS_CFUNC_DEF("fchmod", 1, js_fchmod),
    JS_CFUNC_DEF("getsockname", 0, js_getsockname),
    JS_CFUNC_DEF("getpeername", 0, js_getpeername),
    JS_CFUNC_DEF("close", 0, js_close),
    JS_CFUNC_DEF("reset", 0, js_reset),
    JS_CFUNC_DEF("ref", 1, js_ref),
    JS_CFUNC_DEF("hasRef", 0, js_has_ref),
    JS_CFUNC_DEF("fd", 0, js_fd),
    JS_CFUNC_DEF("open", 1, js_open),
    JS_CFUNC_DEF("queueSize", 0, js_queue_size),
};

static const JSCFunctionListEntry net_funcs[] = {
    JS_CFUNC_DEF("newHandle", 1, js_new_handle),
    JS_CFUNC_DEF("getaddrinfo", 4, js_getaddrinfo),
    JS_CFUNC_DEF("getnameinfo", 3, js_getnameinfo),
    JS_CFUNC_DEF("errname", 1, js_errname),
    JS_CFUNC_DEF("handleKind", 1, js_handle_kind),
    JS_CFUNC_DEF("strerror", 1, js_strerror),
    JS_CFUNC_DEF("isIP", 1, js_is_ip),
    JS_PROP_INT32_DEF("UV_EOF", UV_EOF, 0),
    JS_PROP_INT32_DEF("UV_EAI_NONAME", UV_EAI_NONAME, 0),
    JS_PROP_INT32_DEF("UV_EAI_NODATA", UV_EAI_NODATA, 0),
    JS_PROP_INT32_DEF("AI_ADDRCONFIG", AI_ADDRCONFIG, 0),
    JS_PROP_INT32_DEF("AI_V4MAPPED", AI_V4MAPPED, 0),
    JS_PROP_INT32_DEF("AI_ALL", AI_ALL, 0),
};

/* the handle class and its prototype, once per runtime */
static void ensure_class(JSContext *ctx)
{
    JSRuntime *rt = JS_GetRuntime(ctx);
    if (!handle_class_id) JS_NewClassID(&handle_class_id);
    if (JS_IsRegisteredClass(rt, handle_class_id)) return;
    JS_NewClass(rt, handle_class_id, &handle_class);
    JSValue proto = JS_NewObject(ctx);
    JS_SetPropertyFunctionList(ctx, proto, handle_proto, sizeof handle_proto / sizeof handle_proto[0]);
    JS_SetClassProto(ctx, handle_class_id, proto);
}

uv_handle_t *weft__js_net_uv_handle(JSValueConst v)
{
    net_h *n = handle_class_id ? JS_GetOpaque(v, handle_class_id) : NULL;
    return n && !uv_is_closing(&n->u.h) ? &n->u.h : NULL;
}

JSValue weft__js_net_accept_pending(JSContext *ctx, uv_pipe_t *ipc)
{
    uv_handle_type t = uv_pipe_pending_type(ipc);
    int kind = t == UV_TCP ? K_TCP : t == UV_NAMED_PIPE ? K_PIPE : t == UV_UDP ? K_UDP : -1;
    if (kind < 0) return JS_ThrowTypeError(ctx, "unknown handle type received");
    ensure_class(ctx);
    net_h *n;
    JSValue obj = new_handle(ctx, kind, &n);
    if (JS_IsException(obj)) return obj;
    int rc = uv_accept((uv_stream_t *)ipc, &n->u.s);
    if (rc < 0) {
        JS_FreeValue(ctx, obj);
        close_h(n);
        return JS_Throw(ctx, weft__js_uv_error(ctx, rc, "accept", NULL, NULL));
    }
    JSValue pair = JS_NewArray(ctx);
    JS_SetPropertyUint32(ctx, pair, 0, JS_NewInt32(ctx, kind));
    JS_SetPropertyUint32(ctx, pair, 1, obj);
    return pair;
}

JSValue weft__js_net_binding(JSContext *ctx)
{
    /* a write to a socket the peer closed is EPIPE, not death (as Node) */
    signal(SIGPIPE, SIG_IGN);
    ensure_class(ctx);
    JSValue b = JS_NewObject(ctx);
    JS_SetPropertyFunctionList(ctx, b, net_funcs, sizeof net_funcs / sizeof net_funcs[0]);
    return b;
}
