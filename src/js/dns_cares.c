/* dns_cares.c: natives.binding('cares'), the one file that sees c-ares
 * (Debian's libc-ares-dev): DNS queries for lib/dns.js's resolve* family and
 * Resolver, one c-ares channel per Resolver, driven by the runtime's libuv
 * loop (a uv_poll per socket c-ares asks to watch, a uv_timer for its next
 * timeout). libcares.so.2 is loaded on the first Resolver (dlopen), so a
 * script that never queries DNS pays nothing for it.
 * Invariants: c-ares calls back from inside ares_process_fd, ares_cancel or
 * ares_destroy, sometimes while JS is running; those callbacks never enter
 * JS: they queue the answer on the channel, and a zero-delay timer delivers
 * the queue (req.oncomplete(code, [result, ttls])) from the loop, as Node
 * defers its answers to an immediate. A query's JS object holds its channel's
 * object (lib/dns.js sets req.channel), so a channel is finalized only with
 * no query in flight or when the runtime frees (queries orphaned first); the
 * finalizer destroys the channel and its uv handles, and the C side is freed
 * in the last handle's close callback. */
#include <arpa/inet.h>
#include <ares.h>
#include <netdb.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "host/dl.h"
#include "js/js.h"

/* the c-ares functions this file calls, through pointers of their own types */
#define WEFT_ARES_FNS(X)                                                                        \
    X(ares_library_init) X(ares_init_options) X(ares_destroy) X(ares_cancel) X(ares_query)      \
    X(ares_gethostbyaddr) X(ares_timeout) X(ares_process_fd) X(ares_strerror)                 \
    X(ares_get_servers_ports) X(ares_set_servers_ports) X(ares_set_local_ip4)                 \
    X(ares_set_local_ip6) X(ares_free_data) X(ares_free_hostent) X(ares_expand_name)          \
    X(ares_free_string) X(ares_parse_a_reply) X(ares_parse_aaaa_reply) X(ares_parse_mx_reply)  \
    X(ares_parse_ns_reply) X(ares_parse_txt_reply_ext) X(ares_parse_srv_reply)                \
    X(ares_parse_ptr_reply) X(ares_parse_naptr_reply) X(ares_parse_soa_reply)                 \
    X(ares_parse_caa_reply)
WEFT_DL_DECLARE(cares, WEFT_ARES_FNS)

/* ares_library_init, once, right after the symbols resolve */
static int cares_init(char *err, size_t cap)
{
    if (weft__cares.ares_library_init(ARES_LIB_INIT_ALL) == ARES_SUCCESS) return 0;
    snprintf(err, cap, "ares_library_init failed");
    return -1;
}
WEFT_DL_DEFINE(cares, WEFT_ARES_FNS, "libcares.so.2", "libc-ares2", cares_init)

/* c-ares loaded and initialised, once per process (Workers' threads too);
 * 0, or -1 with *why. */
static int ares_load(const char **why)
{
    return weft__dl_load(&weft__dl_cares, why);
}

/* Node's DNS_ESETSRVPENDING: setServers while queries are in flight */
#define ESETSRVPENDING (-1000)

/* record types (RFC 1035, 3596, 2782, 3403, 8659) */
enum { T_A_ = 1, T_NS_ = 2, T_CNAME_ = 5, T_SOA_ = 6, T_PTR_ = 12, T_MX_ = 15, T_TXT_ = 16,
       T_AAAA_ = 28, T_SRV_ = 33, T_NAPTR_ = 35, T_ANY_ = 255, T_CAA_ = 257 };

static const struct qtype {
    const char *name;
    int type;
} qtypes[] = {
    {"A", T_A_}, {"AAAA", T_AAAA_}, {"ANY", T_ANY_}, {"CAA", T_CAA_}, {"CNAME", T_CNAME_},
    {"MX", T_MX_}, {"NS", T_NS_}, {"TXT", T_TXT_}, {"SRV", T_SRV_}, {"PTR", T_PTR_},
    {"NAPTR", T_NAPTR_}, {"SOA", T_SOA_}, {NULL, 0},
};

typedef struct dns_sock {
    uv_poll_t poll;
    ares_socket_t fd;
    struct dns_channel *ch;
    struct dns_sock *next;
} dns_sock;

typedef struct dns_query {
    weft__js_req link; /* link.req: the JS QueryReqWrap */
    struct dns_channel *ch;
    int type;    /* T_*, 0 for a reverse lookup */
    int status;  /* ARES_* once answered */
    unsigned char *abuf; /* the answer (owned), or for a reverse lookup: */
    int alen;
    char **names; /* the names found (owned, NULL-terminated) */
    struct dns_query *next;
} dns_query;

typedef struct dns_channel {
    weft__js *js;
    ares_channel ch;
    uv_timer_t timer;   /* c-ares's next timeout */
    uv_timer_t deliver; /* zero delay: delivers `done` */
    dns_sock *socks;
    dns_query *done, **done_tail;
    int active;  /* queries asked and not answered */
    int closing; /* uv handles still to close before the free */
    int destroyed;
} dns_channel;

static JSClassID channel_class_id;

static void channel_free_cb(uv_handle_t *h)
{
    dns_channel *c = h->data;
    if (--c->closing == 0 && c->destroyed) free(c);
}

static void sock_closed(uv_handle_t *h)
{
    dns_sock *s = h->data;
    dns_channel *c = s->ch;
    free(s);
    if (--c->closing == 0 && c->destroyed) free(c);
}

static void query_free(dns_query *q)
{
    free(q->abuf);
    if (q->names)
        for (char **n = q->names; *n; n++) free(*n);
    free(q->names);
    free(q);
}

/* Bound: one pass over the sockets c-ares watches (a few per server). */
static void update_timer(dns_channel *c);
static void on_poll(uv_poll_t *p, int status, int events)
{
    dns_sock *s = p->data;
    dns_channel *c = s->ch;
    ares_socket_t fd = s->fd;
    /* an error on the socket: let c-ares read it and fail the query */
    if (status < 0) events = UV_READABLE | UV_WRITABLE;
    weft__cares.ares_process_fd(c->ch, events & UV_READABLE ? fd : ARES_SOCKET_BAD,
                      events & UV_WRITABLE ? fd : ARES_SOCKET_BAD);
    update_timer(c);
}

static void on_timeout(uv_timer_t *t)
{
    dns_channel *c = t->data;
    weft__cares.ares_process_fd(c->ch, ARES_SOCKET_BAD, ARES_SOCKET_BAD);
    update_timer(c);
}

/* c-ares's next deadline as our timer; a channel with nothing in flight
 * neither keeps the loop alive nor wakes it. */
static void update_timer(dns_channel *c)
{
    if (c->destroyed) return;
    for (dns_sock *s = c->socks; s; s = s->next) {
        if (c->active) uv_ref((uv_handle_t *)&s->poll);
        else uv_unref((uv_handle_t *)&s->poll);
    }
    struct timeval tv, *next = c->active ? weft__cares.ares_timeout(c->ch, NULL, &tv) : NULL;
    if (!next) {
        uv_timer_stop(&c->timer);
        return;
    }
    uint64_t ms = (uint64_t)next->tv_sec * 1000 + (uint64_t)(next->tv_usec + 999) / 1000;
    uv_timer_start(&c->timer, on_timeout, ms, 0);
}

/* ares_sock_state_cb: watch fd for what c-ares wants, or stop watching it */
static void on_sock_state(void *data, ares_socket_t fd, int readable, int writable)
{
    dns_channel *c = data;
    dns_sock **pp = &c->socks, *s;
    while ((s = *pp) && s->fd != fd) pp = &s->next;
    if (!readable && !writable) {
        if (s) {
            *pp = s->next;
            uv_poll_stop(&s->poll);
            c->closing++;
            uv_close((uv_handle_t *)&s->poll, sock_closed);
        }
        return;
    }
    if (!s) {
        s = calloc(1, sizeof *s);
        if (!s) return; /* the query then times out */
        if (uv_poll_init_socket(&c->js->host->loop, &s->poll, fd) < 0) {
            free(s);
            return;
        }
        s->fd = fd;
        s->ch = c;
        s->poll.data = s;
        s->next = c->socks;
        c->socks = s;
    }
    uv_poll_start(&s->poll, (readable ? UV_READABLE : 0) | (writable ? UV_WRITABLE : 0), on_poll);
}

/* ---- answers ------------------------------------------------------------------------- */

/* JS array of strings from a NULL-terminated list */
static JSValue names_array(JSContext *ctx, char **names)
{
    JSValue a = JS_NewArray(ctx);
    uint32_t i = 0;
    for (char **n = names; n && *n; n++) JS_SetPropertyUint32(ctx, a, i++, JS_NewString(ctx, *n));
    return a;
}

static void set_str(JSContext *ctx, JSValue o, const char *k, const char *v)
{
    JS_SetPropertyStr(ctx, o, k, JS_NewString(ctx, v ? v : ""));
}

static void set_int(JSContext *ctx, JSValue o, const char *k, int64_t v)
{
    JS_SetPropertyStr(ctx, o, k, JS_NewInt64(ctx, v));
}

static int64_t length_of(JSContext *ctx, JSValueConst a)
{
    int64_t n = 0;
    JSValue l = JS_GetPropertyStr(ctx, a, "length");
    if (JS_ToInt64(ctx, &n, l)) n = 0;
    JS_FreeValue(ctx, l);
    return n;
}

static void push(JSContext *ctx, JSValue a, JSValue v)
{
    JS_SetPropertyInt64(ctx, a, length_of(ctx, a), v);
}

/* The CNAME targets in the answer section (c-ares's A parser folds them
 * into a hostent). Returns how many were pushed, or -1 for a bad answer.
 * Bound: ancount records, each name expanded by c-ares. */
static int push_cnames(JSContext *ctx, const unsigned char *buf, int len, JSValue out, int any)
{
    if (len < 12) return -1;
    int qd = buf[4] << 8 | buf[5], an = buf[6] << 8 | buf[7], n = 0;
    const unsigned char *p = buf + 12, *end = buf + len;
    char *name;
    long el;
    for (int i = 0; i < qd; i++) {
        if (weft__cares.ares_expand_name(p, buf, len, &name, &el) != ARES_SUCCESS) return -1;
        weft__cares.ares_free_string(name);
        p += el + 4;
        if (p > end) return -1;
    }
    for (int i = 0; i < an; i++) {
        if (weft__cares.ares_expand_name(p, buf, len, &name, &el) != ARES_SUCCESS) return -1;
        weft__cares.ares_free_string(name);
        p += el;
        if (end - p < 10) return -1;
        int type = p[0] << 8 | p[1], rdlen = p[8] << 8 | p[9];
        p += 10;
        if (end - p < rdlen) return -1;
        if (type == T_CNAME_) {
            if (weft__cares.ares_expand_name(p, buf, len, &name, &el) != ARES_SUCCESS) return -1;
            JSValue v = JS_NewString(ctx, name);
            weft__cares.ares_free_string(name);
            if (any) {
                JSValue o = JS_NewObject(ctx);
                JS_SetPropertyStr(ctx, o, "value", v);
                set_str(ctx, o, "type", "CNAME");
                v = o;
            }
            push(ctx, out, v);
            n++;
        }
        p += rdlen;
    }
    return n;
}

static void tag(JSContext *ctx, JSValue o, int any, const char *type)
{
    if (any) set_str(ctx, o, "type", type);
}

/* Parse an answer of one type into `out` (an array; SOA: the object itself
 * unless `any`); `ttls` gets A/AAAA ttls. An ARES_* status. */
static int parse_answer(JSContext *ctx, int type, const unsigned char *buf, int len, JSValue out,
                        JSValue ttls, int any)
{
    int rc = ARES_SUCCESS;
    switch (type) {
    case T_A_:
    case T_AAAA_: {
        struct ares_addrttl a4[256];
        struct ares_addr6ttl a6[256];
        int n = 256;
        rc = type == T_A_ ? weft__cares.ares_parse_a_reply(buf, len, NULL, a4, &n)
                          : weft__cares.ares_parse_aaaa_reply(buf, len, NULL, a6, &n);
        for (int i = 0; rc == ARES_SUCCESS && i < n; i++) {
            char ip[INET6_ADDRSTRLEN];
            if (type == T_A_) inet_ntop(AF_INET, &a4[i].ipaddr, ip, sizeof ip);
            else inet_ntop(AF_INET6, &a6[i].ip6addr, ip, sizeof ip);
            int ttl = type == T_A_ ? a4[i].ttl : a6[i].ttl;
            if (any) {
                JSValue o = JS_NewObject(ctx);
                set_str(ctx, o, "address", ip);
                set_int(ctx, o, "ttl", ttl);
                tag(ctx, o, any, type == T_A_ ? "A" : "AAAA");
                push(ctx, out, o);
            } else {
                push(ctx, out, JS_NewString(ctx, ip));
                push(ctx, ttls, JS_NewInt32(ctx, ttl));
            }
        }
        break;
    }
    case T_CNAME_: {
        int n = push_cnames(ctx, buf, len, out, any);
        rc = n < 0 ? ARES_EBADRESP : n == 0 && !any ? ARES_ENODATA : ARES_SUCCESS;
        break;
    }
    case T_NS_:
    case T_PTR_: {
        struct hostent *h = NULL;
        rc = type == T_NS_ ? weft__cares.ares_parse_ns_reply(buf, len, &h)
                           : weft__cares.ares_parse_ptr_reply(buf, len, NULL, 0, AF_INET, &h);
        for (int i = 0; rc == ARES_SUCCESS && h->h_aliases[i]; i++) {
            JSValue v = JS_NewString(ctx, h->h_aliases[i]);
            if (any) {
                JSValue o = JS_NewObject(ctx);
                JS_SetPropertyStr(ctx, o, "value", v);
                tag(ctx, o, any, type == T_NS_ ? "NS" : "PTR");
                v = o;
            }
            push(ctx, out, v);
        }
        if (h) weft__cares.ares_free_hostent(h);
        break;
    }
    case T_MX_: {
        struct ares_mx_reply *r = NULL;
        rc = weft__cares.ares_parse_mx_reply(buf, len, &r);
        for (struct ares_mx_reply *m = rc == ARES_SUCCESS ? r : NULL; m; m = m->next) {
            JSValue o = JS_NewObject(ctx);
            set_str(ctx, o, "exchange", m->host);
            set_int(ctx, o, "priority", m->priority);
            tag(ctx, o, any, "MX");
            push(ctx, out, o);
        }
        if (r) weft__cares.ares_free_data(r);
        break;
    }
    case T_TXT_: {
        struct ares_txt_ext *r = NULL;
        rc = weft__cares.ares_parse_txt_reply_ext(buf, len, &r);
        JSValue rec = JS_UNDEFINED;
        for (struct ares_txt_ext *t = rc == ARES_SUCCESS ? r : NULL; t; t = t->next) {
            if (t->record_start || JS_IsUndefined(rec)) {
                rec = JS_NewArray(ctx);
                if (any) {
                    JSValue o = JS_NewObject(ctx);
                    JS_SetPropertyStr(ctx, o, "entries", rec);
                    tag(ctx, o, any, "TXT");
                    push(ctx, out, o);
                } else {
                    push(ctx, out, rec);
                }
            }
            push(ctx, rec, JS_NewStringLen(ctx, (const char *)t->txt, t->length));
        }
        if (r) weft__cares.ares_free_data(r);
        break;
    }
    case T_SRV_: {
        struct ares_srv_reply *r = NULL;
        rc = weft__cares.ares_parse_srv_reply(buf, len, &r);
        for (struct ares_srv_reply *s = rc == ARES_SUCCESS ? r : NULL; s; s = s->next) {
            JSValue o = JS_NewObject(ctx);
            set_str(ctx, o, "name", s->host);
            set_int(ctx, o, "port", s->port);
            set_int(ctx, o, "priority", s->priority);
            set_int(ctx, o, "weight", s->weight);
            tag(ctx, o, any, "SRV");
            push(ctx, out, o);
        }
        if (r) weft__cares.ares_free_data(r);
        break;
    }
    case T_NAPTR_: {
        struct ares_naptr_reply *r = NULL;
        rc = weft__cares.ares_parse_naptr_reply(buf, len, &r);
        for (struct ares_naptr_reply *s = rc == ARES_SUCCESS ? r : NULL; s; s = s->next) {
            JSValue o = JS_NewObject(ctx);
            set_str(ctx, o, "flags", (const char *)s->flags);
            set_str(ctx, o, "service", (const char *)s->service);
            set_str(ctx, o, "regexp", (const char *)s->regexp);
            set_str(ctx, o, "replacement", s->replacement);
            set_int(ctx, o, "order", s->order);
            set_int(ctx, o, "preference", s->preference);
            tag(ctx, o, any, "NAPTR");
            push(ctx, out, o);
        }
        if (r) weft__cares.ares_free_data(r);
        break;
    }
    case T_SOA_: {
        struct ares_soa_reply *s = NULL;
        rc = weft__cares.ares_parse_soa_reply(buf, len, &s);
        if (rc == ARES_SUCCESS) {
            JSValue o = any ? JS_NewObject(ctx) : JS_DupValue(ctx, out);
            set_str(ctx, o, "nsname", s->nsname);
            set_str(ctx, o, "hostmaster", s->hostmaster);
            set_int(ctx, o, "serial", s->serial);
            set_int(ctx, o, "refresh", s->refresh);
            set_int(ctx, o, "retry", s->retry);
            set_int(ctx, o, "expire", s->expire);
            set_int(ctx, o, "minttl", s->minttl);
            tag(ctx, o, any, "SOA");
            if (any) push(ctx, out, o);
            else JS_FreeValue(ctx, o);
        }
        if (s) weft__cares.ares_free_data(s);
        break;
    }
    case T_CAA_: {
        struct ares_caa_reply *r = NULL;
        rc = weft__cares.ares_parse_caa_reply(buf, len, &r);
        for (struct ares_caa_reply *a = rc == ARES_SUCCESS ? r : NULL; a; a = a->next) {
            JSValue o = JS_NewObject(ctx);
            set_int(ctx, o, "critical", a->critical);
            JSAtom k = JS_NewAtomLen(ctx, (const char *)a->property, a->plength);
            JS_SetProperty(ctx, o, k, JS_NewStringLen(ctx, (const char *)a->value, a->length));
            JS_FreeAtom(ctx, k);
            tag(ctx, o, any, "CAA");
            push(ctx, out, o);
        }
        if (r) weft__cares.ares_free_data(r);
        break;
    }
    }
    return rc;
}

/* ANY: every type c-ares parses, in Node's order (A, or the CNAME instead;
 * AAAA, MX, NS, TXT, SRV, PTR, NAPTR, SOA, CAA); a type absent is skipped. */
static int parse_any(JSContext *ctx, const unsigned char *buf, int len, JSValue out)
{
    static const int order[] = {T_AAAA_, T_MX_, T_NS_, T_TXT_, T_SRV_, T_PTR_,
                                T_NAPTR_, T_SOA_, T_CAA_};
    int n = push_cnames(ctx, buf, len, out, 1);
    if (n < 0) return ARES_EBADRESP;
    int rc = n ? ARES_SUCCESS : parse_answer(ctx, T_A_, buf, len, out, JS_UNDEFINED, 1);
    if (rc != ARES_SUCCESS && rc != ARES_ENODATA) return rc;
    for (size_t i = 0; i < sizeof order / sizeof order[0]; i++) {
        rc = parse_answer(ctx, order[i], buf, len, out, JS_UNDEFINED, 1);
        /* SOA's parser calls an answer without one a bad response */
        if (rc != ARES_SUCCESS && rc != ARES_ENODATA && order[i] != T_SOA_) return rc;
    }
    return length_of(ctx, out) ? ARES_SUCCESS : ARES_ENODATA;
}

static const char *code_name(int status)
{
    switch (status) {
#define C(x) \
    case ARES_E##x: return "E" #x;
        C(NODATA) C(FORMERR) C(SERVFAIL) C(NOTFOUND) C(NOTIMP) C(REFUSED) C(BADQUERY)
        C(BADNAME) C(BADFAMILY) C(BADRESP) C(CONNREFUSED) C(TIMEOUT) C(FILE) C(NOMEM)
        C(DESTRUCTION) C(BADSTR) C(BADFLAGS) C(NONAME) C(BADHINTS) C(NOTINITIALIZED)
        C(LOADIPHLPAPI) C(ADDRGETNETWORKPARAMS) C(CANCELLED)
#undef C
    case ARES_EOF: return "EOF";
    default: return "UNKNOWN_ARES_ERROR";
    }
}

/* oncomplete(code or 0, [result, ttls]) for one answered query */
static void deliver_one(dns_query *q)
{
    weft__js *js = weft__js_req_unlink(&q->link);
    if (!js) return;
    JSContext *ctx = js->ctx;
    int rc = q->status;
    JSValue result = JS_UNDEFINED, ttls = JS_UNDEFINED;
    if (rc == ARES_SUCCESS && q->type == 0) {
        result = names_array(ctx, q->names);
    } else if (rc == ARES_SUCCESS) {
        result = q->type == T_SOA_ ? JS_NewObject(ctx) : JS_NewArray(ctx);
        if (q->type == T_A_ || q->type == T_AAAA_) ttls = JS_NewArray(ctx);
        rc = q->type == T_ANY_ ? parse_any(ctx, q->abuf, q->alen, result)
                               : parse_answer(ctx, q->type, q->abuf, q->alen, result, ttls, 0);
    }
    JSValue err = JS_NewInt32(ctx, 0), value = JS_UNDEFINED;
    if (rc != ARES_SUCCESS) {
        JS_FreeValue(ctx, result);
        JS_FreeValue(ctx, ttls);
        err = JS_NewString(ctx, code_name(rc));
    } else {
        value = JS_NewArray(ctx);
        JS_SetPropertyUint32(ctx, value, 0, result);
        JS_SetPropertyUint32(ctx, value, 1, ttls);
    }
    weft__js_req_complete(js, &q->link, err, value);
}

/* Bound: the queries answered before this callback ran; one answered while
 * it runs (a callback asking and cancelling) waits for the next turn. */
static void on_deliver(uv_timer_t *t)
{
    dns_channel *c = t->data;
    dns_query *q = c->done;
    c->done = NULL;
    c->done_tail = &c->done;
    while (q) {
        dns_query *next = q->next;
        deliver_one(q);
        query_free(q);
        q = next;
    }
}

static void queue_answer(dns_query *q, int status)
{
    dns_channel *c = q->ch;
    c->active--;
    q->status = status;
    if (c->destroyed) { /* ares_destroy: the runtime or the channel is going */
        if (weft__js_req_unlink(&q->link)) JS_FreeValue(c->js->ctx, q->link.req);
        query_free(q);
        return;
    }
    *c->done_tail = q;
    c->done_tail = &q->next;
    uv_timer_start(&c->deliver, on_deliver, 0, 0);
}

static void on_answer(void *arg, int status, int timeouts, unsigned char *abuf, int alen)
{
    dns_query *q = arg;
    (void)timeouts;
    if (status == ARES_SUCCESS && abuf && alen > 0 && (q->abuf = malloc((size_t)alen))) {
        memcpy(q->abuf, abuf, (size_t)alen);
        q->alen = alen;
    } else if (status == ARES_SUCCESS) {
        status = ARES_ENOMEM;
    }
    queue_answer(q, status);
}

static void on_host(void *arg, int status, int timeouts, struct hostent *h)
{
    dns_query *q = arg;
    (void)timeouts;
    if (status == ARES_SUCCESS) {
        size_t n = 0;
        while (h->h_aliases && h->h_aliases[n]) n++;
        /* Node answers with the aliases; a PTR answer lists every name there */
        q->names = calloc(n + 1, sizeof *q->names);
        for (size_t i = 0; q->names && i < n; i++) q->names[i] = strdup(h->h_aliases[i]);
        if (!q->names) status = ARES_ENOMEM;
    }
    queue_answer(q, status);
}

/* ---- the channel object -------------------------------------------------------------- */

static void channel_finalizer(JSRuntime *rt, JSValue val)
{
    dns_channel *c = JS_GetOpaque(val, channel_class_id);
    (void)rt;
    if (!c) return;
    c->destroyed = 1;
    weft__cares.ares_destroy(c->ch); /* answers every query (freed: destroyed) and closes sockets */
    for (dns_query *q = c->done, *next; q; q = next) {
        next = q->next;
        if (weft__js_req_unlink(&q->link)) JS_FreeValue(c->js->ctx, q->link.req);
        query_free(q);
    }
    c->closing += 2;
    uv_close((uv_handle_t *)&c->timer, channel_free_cb);
    uv_close((uv_handle_t *)&c->deliver, channel_free_cb);
}

static JSClassDef channel_class = {"ChannelWrap", .finalizer = channel_finalizer};

static dns_channel *get_ch(JSContext *ctx, JSValueConst v)
{
    dns_channel *c = JS_GetOpaque(v, channel_class_id);
    if (!c) JS_ThrowTypeError(ctx, "not a ChannelWrap");
    return c;
}

/* binding.newChannel(timeoutMs or -1, tries) */
static JSValue js_new_channel(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    weft__js *js = weft__js_from_ctx(ctx);
    int32_t timeout = -1, tries = 4;
    if (JS_ToInt32(ctx, &timeout, argv[0]) || JS_ToInt32(ctx, &tries, argv[1]))
        return JS_EXCEPTION;
    const char *why;
    if (ares_load(&why) < 0) return JS_ThrowInternalError(ctx, "DNS queries unavailable: %s", why);
    dns_channel *c = calloc(1, sizeof *c);
    if (!c) return JS_ThrowOutOfMemory(ctx);
    struct ares_options o = {0};
    int mask = ARES_OPT_FLAGS | ARES_OPT_SOCK_STATE_CB | ARES_OPT_TRIES;
    o.flags = ARES_FLAG_NOCHECKRESP; /* SERVFAIL/REFUSED answers reach the caller, as Node */
    o.sock_state_cb = on_sock_state;
    o.sock_state_cb_data = c;
    o.tries = tries;
    if (timeout >= 0) {
        o.timeout = timeout;
        mask |= ARES_OPT_TIMEOUTMS;
    }
    int rc = weft__cares.ares_init_options(&c->ch, &o, mask);
    if (rc != ARES_SUCCESS) {
        free(c);
        return JS_ThrowInternalError(ctx, "c-ares: %s", weft__cares.ares_strerror(rc));
    }
    JSValue obj = JS_NewObjectClass(ctx, (int)channel_class_id);
    if (JS_IsException(obj)) {
        weft__cares.ares_destroy(c->ch);
        free(c);
        return obj;
    }
    c->js = js;
    c->done_tail = &c->done;
    uv_timer_init(&js->host->loop, &c->timer);
    uv_timer_init(&js->host->loop, &c->deliver);
    c->timer.data = c->deliver.data = c;
    uv_unref((uv_handle_t *)&c->timer);
    JS_SetOpaque(obj, c);
    return obj;
}

static dns_query *new_query(JSContext *ctx, dns_channel *c, JSValueConst req, int type)
{
    dns_query *q = calloc(1, sizeof *q);
    if (!q) {
        JS_ThrowOutOfMemory(ctx);
        return NULL;
    }
    q->ch = c;
    q->type = type;
    weft__js_req_start(c->js, &q->link, req);
    c->active++;
    return q;
}

/* channel.query(req, type, name): 0; the answer comes to req.oncomplete */
static JSValue js_query(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    dns_channel *c = get_ch(ctx, this_val);
    if (!c) return JS_EXCEPTION;
    const char *t = JS_ToCString(ctx, argv[1]);
    if (!t) return JS_EXCEPTION;
    const struct qtype *qt = qtypes;
    while (qt->name && strcmp(qt->name, t)) qt++;
    JS_FreeCString(ctx, t);
    if (!qt->name) return JS_ThrowRangeError(ctx, "unknown record type");
    const char *name = JS_ToCString(ctx, argv[2]);
    if (!name) return JS_EXCEPTION;
    dns_query *q = new_query(ctx, c, argv[0], qt->type);
    if (q) weft__cares.ares_query(c->ch, name, 1 /* C_IN */, qt->type, on_answer, q);
    JS_FreeCString(ctx, name);
    if (!q) return JS_EXCEPTION;
    update_timer(c);
    return JS_NewInt32(ctx, 0);
}

/* channel.getHostByAddr(req, ip): 0 or UV_EINVAL for a text not an IP */
static JSValue js_get_host_by_addr(JSContext *ctx, JSValueConst this_val, int argc,
                                   JSValueConst *argv)
{
    dns_channel *c = get_ch(ctx, this_val);
    if (!c) return JS_EXCEPTION;
    const char *ip = JS_ToCString(ctx, argv[1]);
    if (!ip) return JS_EXCEPTION;
    unsigned char addr[16];
    int family = inet_pton(AF_INET, ip, addr) == 1    ? AF_INET
                 : inet_pton(AF_INET6, ip, addr) == 1 ? AF_INET6
                                                      : 0;
    JS_FreeCString(ctx, ip);
    if (!family) return JS_NewInt32(ctx, UV_EINVAL);
    dns_query *q = new_query(ctx, c, argv[0], 0);
    if (!q) return JS_EXCEPTION;
    weft__cares.ares_gethostbyaddr(c->ch, addr, family == AF_INET ? 4 : 16, family, on_host, q);
    update_timer(c);
    return JS_NewInt32(ctx, 0);
}

/* channel.getServers() -> [[ip, port]...] (port 0: the default) */
static JSValue js_get_servers(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    dns_channel *c = get_ch(ctx, this_val);
    if (!c) return JS_EXCEPTION;
    struct ares_addr_port_node *list = NULL;
    int rc = weft__cares.ares_get_servers_ports(c->ch, &list);
    if (rc != ARES_SUCCESS) return JS_ThrowInternalError(ctx, "c-ares: %s", weft__cares.ares_strerror(rc));
    JSValue a = JS_NewArray(ctx);
    uint32_t i = 0;
    for (struct ares_addr_port_node *s = list; s; s = s->next) {
        char ip[INET6_ADDRSTRLEN];
        inet_ntop(s->family, &s->addr, ip, sizeof ip);
        JSValue pair = JS_NewArray(ctx);
        JS_SetPropertyUint32(ctx, pair, 0, JS_NewString(ctx, ip));
        JS_SetPropertyUint32(ctx, pair, 1, JS_NewInt32(ctx, s->udp_port));
        JS_SetPropertyUint32(ctx, a, i++, pair);
    }
    if (list) weft__cares.ares_free_data(list);
    return a;
}

/* channel.setServers([[family 4|6, ip, port]...]) -> 0 or an ARES_* code
 * (ESETSRVPENDING while queries are in flight) */
static JSValue js_set_servers(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    dns_channel *c = get_ch(ctx, this_val);
    if (!c) return JS_EXCEPTION;
    if (c->active) return JS_NewInt32(ctx, ESETSRVPENDING);
    int64_t n = length_of(ctx, argv[0]);
    struct ares_addr_port_node *nodes = n ? calloc((size_t)n, sizeof *nodes) : NULL;
    if (n && !nodes) return JS_ThrowOutOfMemory(ctx);
    int rc = ARES_SUCCESS;
    for (int64_t i = 0; i < n && rc == ARES_SUCCESS; i++) {
        JSValue e = JS_GetPropertyUint32(ctx, argv[0], (uint32_t)i);
        JSValue f = JS_GetPropertyUint32(ctx, e, 0), ipv = JS_GetPropertyUint32(ctx, e, 1),
                pv = JS_GetPropertyUint32(ctx, e, 2);
        int32_t family = 0, port = 0;
        const char *ip = JS_ToCString(ctx, ipv);
        if (!ip || JS_ToInt32(ctx, &family, f) || JS_ToInt32(ctx, &port, pv)) rc = -1;
        else {
            nodes[i].family = family == 6 ? AF_INET6 : AF_INET;
            if (inet_pton(nodes[i].family, ip, &nodes[i].addr) != 1) rc = ARES_EBADSTR;
            nodes[i].udp_port = nodes[i].tcp_port = port;
            if (i > 0) nodes[i - 1].next = &nodes[i];
        }
        JS_FreeCString(ctx, ip);
        JS_FreeValue(ctx, f);
        JS_FreeValue(ctx, ipv);
        JS_FreeValue(ctx, pv);
        JS_FreeValue(ctx, e);
    }
    if (rc == -1) {
        free(nodes);
        return JS_EXCEPTION;
    }
    if (rc == ARES_SUCCESS) rc = weft__cares.ares_set_servers_ports(c->ch, nodes);
    free(nodes);
    return JS_NewInt32(ctx, rc);
}

/* channel.setLocalAddress(ipv4 or null, ipv6 or null): lib/dns.js validated them */
static JSValue js_set_local_address(JSContext *ctx, JSValueConst this_val, int argc,
                                    JSValueConst *argv)
{
    dns_channel *c = get_ch(ctx, this_val);
    if (!c) return JS_EXCEPTION;
    unsigned int ip4 = 0;
    unsigned char ip6[16] = {0};
    for (int i = 0; i < 2 && i < argc; i++) {
        if (!JS_IsString(argv[i])) continue;
        const char *s = JS_ToCString(ctx, argv[i]);
        if (!s) return JS_EXCEPTION;
        struct in_addr a;
        if (i == 0 && inet_pton(AF_INET, s, &a) == 1) ip4 = ntohl(a.s_addr);
        else if (i == 1) inet_pton(AF_INET6, s, ip6);
        JS_FreeCString(ctx, s);
    }
    weft__cares.ares_set_local_ip4(c->ch, ip4);
    weft__cares.ares_set_local_ip6(c->ch, ip6);
    return JS_UNDEFINED;
}

/* channel.cancel(): every query in flight answers ECANCELLED (next turn) */
static JSValue js_cancel(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    dns_channel *c = get_ch(ctx, this_val);
    if (!c) return JS_EXCEPTION;
    weft__cares.ares_cancel(c->ch);
    update_timer(c);
    return JS_UNDEFINED;
}

/* binding.strerror(code) -> c-ares's text (Node's for ESETSRVPENDING) */
static JSValue js_strerror(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    int32_t e = 0;
    if (JS_ToInt32(ctx, &e, argv[0])) return JS_EXCEPTION;
    if (e == ESETSRVPENDING) return JS_NewString(ctx, "There are pending queries.");
    if (ares_load(NULL) < 0) return JS_NewString(ctx, "unknown error");
    return JS_NewString(ctx, weft__cares.ares_strerror(e));
}

static const JSCFunctionListEntry channel_proto[] = {
    JS_CFUNC_DEF("query", 3, js_query),
    JS_CFUNC_DEF("getHostByAddr", 2, js_get_host_by_addr),
    JS_CFUNC_DEF("getServers", 0, js_get_servers),
    JS_CFUNC_DEF("setServers", 1, js_set_servers),
    JS_CFUNC_DEF("setLocalAddress", 2, js_set_local_address),
    JS_CFUNC_DEF("cancel", 0, js_cancel),
};

static const JSCFunctionListEntry cares_funcs[] = {
    JS_CFUNC_DEF("newChannel", 2, js_new_channel),
    JS_CFUNC_DEF("strerror", 1, js_strerror),
};

JSValue weft__js_cares_binding(JSContext *ctx)
{
    JSRuntime *rt = JS_GetRuntime(ctx);
    if (!channel_class_id) JS_NewClassID(&channel_class_id);
    if (!JS_IsRegisteredClass(rt, channel_class_id)) JS_NewClass(rt, channel_class_id, &channel_class);
    JSValue proto = JS_NewObject(ctx);
    JS_SetPropertyFunctionList(ctx, proto, channel_proto,
                               sizeof channel_proto / sizeof channel_proto[0]);
    JS_SetClassProto(ctx, channel_class_id, proto);
    JSValue b = JS_NewObject(ctx);
    JS_SetPropertyFunctionList(ctx, b, cares_funcs, sizeof cares_funcs / sizeof cares_funcs[0]);
    return b;
}
