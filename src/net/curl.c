/* curl.c: the one file that sees libcurl (Debian's libcurl4-openssl-dev):
 * outbound HTTP(S) for PerformHttpRequest and fetch, on libcurl's
 * multi-socket API driven by the host's libuv loop (a uv_poll per socket
 * curl asks to watch, one uv_timer for curl's timeout). Nothing blocks the
 * loop: DNS resolution is libcurl's threaded resolver.
 * Bounds: requests in flight per host (net_httpClientMaxRequests), response
 * body and header bytes (net_httpClientMaxBytes), a timeout per request;
 * only http and https (also after redirects, at most 10). */
#define CURL_DISABLE_TYPECHECK /* its macros would hide the pointers below */
#include <curl/curl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "host/dl.h"
#include "net/net.h"

/* libcurl is loaded on the first outbound request (host/dl.h), not linked:
 * with the ~30 libraries it needs (GnuTLS, Kerberos, LDAP, SSH, ...),
 * binding it at exec time was ~10 M of the 22 M instructions an empty
 * `weft run` took. The functions this file calls, named as libcurl names
 * them (curl.h's pass-through macros for setopt/getinfo are undone first). */
#undef curl_easy_setopt
#undef curl_easy_getinfo
#undef curl_multi_setopt
#define WEFT_CURL_FNS(X)                                                                    \
    X(curl_global_init) X(curl_easy_init) X(curl_easy_setopt) X(curl_easy_getinfo)         \
    X(curl_easy_cleanup) X(curl_easy_strerror) X(curl_slist_append) X(curl_slist_free_all) \
    X(curl_multi_init) X(curl_multi_setopt) X(curl_multi_add_handle)                       \
    X(curl_multi_remove_handle) X(curl_multi_socket_action) X(curl_multi_assign)           \
    X(curl_multi_info_read) X(curl_multi_cleanup)
WEFT_DL_DECLARE(libcurl, WEFT_CURL_FNS)

/* curl_global_init, once, right after the symbols resolve */
static int curl_init(char *err, size_t cap)
{
    if (!weft__libcurl.curl_global_init(CURL_GLOBAL_DEFAULT)) return 0;
    snprintf(err, cap, "curl_global_init failed");
    return -1;
}
WEFT_DL_DEFINE(libcurl, WEFT_CURL_FNS, "libcurl.so.4", "libcurl4", curl_init)

#define curl_easy_init weft__libcurl.curl_easy_init
#define curl_easy_setopt weft__libcurl.curl_easy_setopt
#define curl_easy_getinfo weft__libcurl.curl_easy_getinfo
#define curl_easy_cleanup weft__libcurl.curl_easy_cleanup
#define curl_easy_strerror weft__libcurl.curl_easy_strerror
#define curl_slist_append weft__libcurl.curl_slist_append
#define curl_slist_free_all weft__libcurl.curl_slist_free_all
#define curl_multi_init weft__libcurl.curl_multi_init
#define curl_multi_setopt weft__libcurl.curl_multi_setopt
#define curl_multi_add_handle weft__libcurl.curl_multi_add_handle
#define curl_multi_remove_handle weft__libcurl.curl_multi_remove_handle
#define curl_multi_socket_action weft__libcurl.curl_multi_socket_action
#define curl_multi_assign weft__libcurl.curl_multi_assign
#define curl_multi_info_read weft__libcurl.curl_multi_info_read
#define curl_multi_cleanup weft__libcurl.curl_multi_cleanup

/* libcurl loaded and initialised, once per process; 0, or WEFT_EIO after
 * one line (the first time) naming what is missing. */
static int curl_load(void)
{
    static int reported;
    const char *why;
    if (!weft__dl_load(&weft__dl_libcurl, &why)) return 0;
    if (!__atomic_exchange_n(&reported, 1, __ATOMIC_RELAXED))
        fprintf(stderr, "weft: outbound HTTP unavailable: %s\n", why);
    return WEFT_EIO;
}

typedef struct sock {
    uv_poll_t poll;
    curl_socket_t fd;
    struct weft__curl *owner;
} sock;

struct weft__curl {
    uv_loop_t *loop;
    CURLM *multi;
    uv_timer_t timer;
    int inflight, closing;
    struct xfer *xfers;
};

typedef struct xfer {
    struct weft__curl *owner;
    CURL *easy;
    struct curl_slist *hdrs;
    char *body_out; /* request body (copied) */
    weft__nbuf body, headers;
    size_t max_bytes;
    int too_big;
    weft__curl_done cb;
    void *ud;
    char key[64];
    char errbuf[CURL_ERROR_SIZE];
    struct xfer *next, *prev;
} xfer;

/* ---- completion ----------------------------------------------------------------- */

static void xfer_free(xfer *x)
{
    struct weft__curl *c = x->owner;
    if (x->prev) x->prev->next = x->next;
    else c->xfers = x->next;
    if (x->next) x->next->prev = x->prev;
    c->inflight--;
    curl_multi_remove_handle(c->multi, x->easy);
    curl_easy_cleanup(x->easy);
    curl_slist_free_all(x->hdrs);
    free(x->body_out);
    free(x->body.p);
    free(x->headers.p);
    free(x);
}

static void finish(xfer *x, CURLcode code)
{
    weft__curl_result r = {0};
    long status = 0;
    curl_easy_getinfo(x->easy, CURLINFO_RESPONSE_CODE, &status);
    char *url = NULL;
    curl_easy_getinfo(x->easy, CURLINFO_EFFECTIVE_URL, &url);
    r.url = url;
    if (code == CURLE_OK) {
        r.status = (int)status;
        r.body = x->body.p ? x->body.p : "";
        r.body_len = x->body.len;
        r.headers = x->headers.p ? x->headers.p : "";
        r.headers_len = x->headers.len;
    } else {
        r.status = 0;
        r.error = x->too_big ? "response larger than net_httpClientMaxBytes"
                  : x->errbuf[0] ? x->errbuf
                                 : curl_easy_strerror(code);
    }
    x->cb(x->ud, &r);
    xfer_free(x);
}

/* Bound: each message is one finished transfer, removed as it is read. */
static void check_done(struct weft__curl *c)
{
    CURLMsg *m;
    int left;
    while ((m = curl_multi_info_read(c->multi, &left))) {
        if (m->msg != CURLMSG_DONE) continue;
        xfer *x = NULL;
        curl_easy_getinfo(m->easy_handle, CURLINFO_PRIVATE, (char **)&x);
        if (x) finish(x, m->data.result);
    }
}

/* ---- libcurl's callbacks ---------------------------------------------------------- */

static size_t on_body(char *p, size_t size, size_t n, void *ud)
{
    xfer *x = ud;
    size_t len = size * n;
    if (x->body.len + len > x->max_bytes) {
        x->too_big = 1;
        return 0; /* curl fails the transfer with CURLE_WRITE_ERROR */
    }
    weft__nbuf_add(&x->body, p, len);
    return x->body.oom ? 0 : len;
}

static size_t on_header(char *p, size_t size, size_t n, void *ud)
{
    xfer *x = ud;
    size_t len = size * n;
    if (len >= 5 && !memcmp(p, "HTTP/", 5)) x->headers.len = 0; /* a new response (redirect) */
    if (x->headers.len + len > 65536) {
        x->too_big = 1;
        return 0;
    }
    weft__nbuf_add(&x->headers, p, len);
    return x->headers.oom ? 0 : len;
}

static void poll_cb(uv_poll_t *p, int status, int events)
{
    sock *s = p->data;
    struct weft__curl *c = s->owner;
    int flags = 0;
    if (status < 0) flags = CURL_CSELECT_ERR;
    if (events & UV_READABLE) flags |= CURL_CSELECT_IN;
    if (events & UV_WRITABLE) flags |= CURL_CSELECT_OUT;
    int running;
    curl_multi_socket_action(c->multi, s->fd, flags, &running);
    check_done(c);
}

static void sock_closed(uv_handle_t *h)
{
    free(h->data);
}

static int socket_cb(CURL *e, curl_socket_t fd, int what, void *userp, void *socketp)
{
    struct weft__curl *c = userp;
    sock *s = socketp;
    if (what == CURL_POLL_REMOVE) {
        if (s) {
            uv_poll_stop(&s->poll);
            curl_multi_assign(c->multi, fd, NULL);
            uv_close((uv_handle_t *)&s->poll, sock_closed);
        }
        return 0;
    }
    if (!s) {
        s = calloc(1, sizeof *s);
        if (!s) return -1;
        s->fd = fd;
        s->owner = c;
        if (uv_poll_init_socket(c->loop, &s->poll, fd)) {
            free(s);
            return -1;
        }
        s->poll.data = s;
        curl_multi_assign(c->multi, fd, s);
    }
    int ev = (what & CURL_POLL_IN ? UV_READABLE : 0) | (what & CURL_POLL_OUT ? UV_WRITABLE : 0);
    uv_poll_start(&s->poll, ev, poll_cb);
    return 0;
}

static void timer_cb(uv_timer_t *t)
{
    struct weft__curl *c = t->data;
    int running;
    curl_multi_socket_action(c->multi, CURL_SOCKET_TIMEOUT, 0, &running);
    check_done(c);
}

static int timerfunc_cb(CURLM *m, long ms, void *userp)
{
    struct weft__curl *c = userp;
    if (ms < 0) uv_timer_stop(&c->timer);
    else uv_timer_start(&c->timer, timer_cb, (uint64_t)ms, 0);
    return 0;
}

/* ---- the API ------------------------------------------------------------------------- */

int weft__curl_open(uv_loop_t *loop, weft__curl **out)
{
    if (curl_load()) return WEFT_EIO;
    struct weft__curl *c = calloc(1, sizeof *c);
    if (!c) return WEFT_ENOMEM;
    c->loop = loop;
    c->multi = curl_multi_init();
    if (!c->multi) {
        free(c);
        return WEFT_ENOMEM;
    }
    curl_multi_setopt(c->multi, CURLMOPT_SOCKETFUNCTION, socket_cb);
    curl_multi_setopt(c->multi, CURLMOPT_SOCKETDATA, c);
    curl_multi_setopt(c->multi, CURLMOPT_TIMERFUNCTION, timerfunc_cb);
    curl_multi_setopt(c->multi, CURLMOPT_TIMERDATA, c);
    uv_timer_init(loop, &c->timer);
    c->timer.data = c;
    uv_unref((uv_handle_t *)&c->timer);
    *out = c;
    return 0;
}

int weft__curl_request(weft__curl *c, const weft__curl_req *rq, weft__curl_done cb, void *ud)
{
    if (c->closing) return WEFT_ESTATE;
    if (c->inflight >= rq->max_inflight) return WEFT_ESTATE;
    if (strncmp(rq->url, "http://", 7) && strncmp(rq->url, "https://", 8)) return WEFT_EINVAL;
    xfer *x = calloc(1, sizeof *x);
    if (!x || !(x->easy = curl_easy_init())) {
        free(x);
        return WEFT_ENOMEM;
    }
    x->owner = c;
    x->cb = cb;
    x->ud = ud;
    x->max_bytes = rq->max_bytes;
    snprintf(x->key, sizeof x->key, "%s", rq->key ? rq->key : "");
    CURL *e = x->easy;
    curl_easy_setopt(e, CURLOPT_URL, rq->url);
    curl_easy_setopt(e, CURLOPT_PROTOCOLS_STR, "http,https");
    curl_easy_setopt(e, CURLOPT_REDIR_PROTOCOLS_STR, "http,https");
    curl_easy_setopt(e, CURLOPT_FOLLOWLOCATION, rq->follow ? 1L : 0L);
    curl_easy_setopt(e, CURLOPT_MAXREDIRS, 10L);
    curl_easy_setopt(e, CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(e, CURLOPT_ACCEPT_ENCODING, ""); /* what libcurl can decode */
    if (rq->timeout_ms > 0) curl_easy_setopt(e, CURLOPT_TIMEOUT_MS, (long)rq->timeout_ms);
    curl_easy_setopt(e, CURLOPT_ERRORBUFFER, x->errbuf);
    curl_easy_setopt(e, CURLOPT_WRITEFUNCTION, on_body);
    curl_easy_setopt(e, CURLOPT_WRITEDATA, x);
    curl_easy_setopt(e, CURLOPT_HEADERFUNCTION, on_header);
    curl_easy_setopt(e, CURLOPT_HEADERDATA, x);
    curl_easy_setopt(e, CURLOPT_PRIVATE, x);
    curl_easy_setopt(e, CURLOPT_USERAGENT, "weft/" WEFT_VERSION);
    const char *m = rq->method && *rq->method ? rq->method : "GET";
    if (rq->body_len || strcmp(m, "GET")) {
        x->body_out = malloc(rq->body_len ? rq->body_len : 1);
        if (!x->body_out) {
            curl_easy_cleanup(e);
            free(x);
            return WEFT_ENOMEM;
        }
        if (rq->body_len) memcpy(x->body_out, rq->body, rq->body_len);
        if (rq->body_len || !strcmp(m, "POST") || !strcmp(m, "PUT") || !strcmp(m, "PATCH")) {
            curl_easy_setopt(e, CURLOPT_POSTFIELDS, x->body_out);
            curl_easy_setopt(e, CURLOPT_POSTFIELDSIZE_LARGE, (curl_off_t)rq->body_len);
        }
    }
    if (!strcmp(m, "HEAD")) curl_easy_setopt(e, CURLOPT_NOBODY, 1L);
    else if (strcmp(m, "GET") && strcmp(m, "POST")) curl_easy_setopt(e, CURLOPT_CUSTOMREQUEST, m);
    for (size_t i = 0; i < rq->nheaders; i++) {
        struct curl_slist *n = curl_slist_append(x->hdrs, rq->headers[i]);
        if (n) x->hdrs = n;
    }
    if (x->hdrs) curl_easy_setopt(e, CURLOPT_HTTPHEADER, x->hdrs);
    x->next = c->xfers;
    if (c->xfers) c->xfers->prev = x;
    c->xfers = x;
    c->inflight++;
    if (curl_multi_add_handle(c->multi, e) != CURLM_OK) {
        x->cb = NULL;
        xfer_free(x);
        return WEFT_EIO;
    }
    return 0;
}

int weft__curl_abort(weft__curl *c, const char *key)
{
    for (xfer *x = c->xfers; x; x = x->next) {
        if (strcmp(x->key, key)) continue;
        snprintf(x->errbuf, sizeof x->errbuf, "aborted");
        finish(x, CURLE_ABORTED_BY_CALLBACK);
        return 0;
    }
    return WEFT_ENOENT;
}

static void close_cb(uv_handle_t *h)
{
    free(h->data);
}

void weft__curl_close(weft__curl *c)
{
    if (!c || c->closing) return;
    c->closing = 1;
    /* Bound: each finish unlinks the head. Callbacks see an error. */
    while (c->xfers) {
        snprintf(c->xfers->errbuf, sizeof c->xfers->errbuf, "server shutting down");
        finish(c->xfers, CURLE_ABORTED_BY_CALLBACK);
    }
    curl_multi_cleanup(c->multi);
    uv_close((uv_handle_t *)&c->timer, close_cb);
}
