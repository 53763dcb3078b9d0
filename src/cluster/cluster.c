/* cluster.c: the link to the NATS cluster (docs/cluster.md), cluster events
 * and cluster exports. libnats runs its own threads; their callbacks only
 * queue messages in the link and wake the loop (uv_async_t), or settle a
 * pending call through the async natives' hub. The loop drains the queue at
 * depth 0, so every message enters scripts through weft__host_enter/leave
 * and the checkpoint runs after each (DESIGN.md §2).
 * Invariant: the link outlives the host while libnats may still call back
 * (refcounted: host, each subscription until its on-complete callback, the
 * connection until its closed callback). */
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "api/args.h"
#include "host/msgpack.h"
#include "cluster/cluster_int.h"

/* ---- helpers ---------------------------------------------------------------- */

void weft__cl_nats_error(natsStatus s, char *buf, size_t cap)
{
    natsStatus ls = NATS_OK;
    const char *last = N.nats_GetLastError(&ls);
    if (last && *last && ls == s) {
        /* libnats prefixes its own source position: "(conn.c:1905): " */
        const char *e = last[0] == '(' ? strstr(last, "): ") : NULL;
        snprintf(buf, cap, "%s", e && !memchr(last, ' ', (size_t)(e - last)) ? e + 3 : last);
    } else
        snprintf(buf, cap, "%s", N.natsStatus_GetText(s));
}

static int has_ref_at(weft__mp_reader *r, int depth)
{
    weft__mp_token t;
    if (depth > WEFT_CODEC_MAX_DEPTH || weft__codec_mp_next(r, &t) < 0) return -1;
    if (t.type == WEFT__MP_EXT)
        return t.ext_type == WEFT__CODEC_EXT_REF || t.ext_type == WEFT__CODEC_EXT_LOCAL_REF;
    uint64_t n = t.type == WEFT__MP_ARRAY ? t.len : t.type == WEFT__MP_MAP ? 2ull * t.len : 0;
    for (uint64_t i = 0; i < n; i++) {
        int rc = has_ref_at(r, depth + 1);
        if (rc) return rc;
    }
    return 0;
}

int weft__cl_has_ref(const char *p, size_t len)
{
    weft__mp_reader r = {(const uint8_t *)p, (const uint8_t *)p + len};
    return has_ref_at(&r, 0);
}

int weft__cl_token(const char *name, char *tok, size_t cap)
{
    size_t n = strlen(name);
    if (!n || n >= cap) return WEFT_EINVAL;
    for (size_t i = 0; i < n; i++) {
        char c = name[i];
        int ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                 c == '_' || c == ':' || c == '-';
        tok[i] = ok ? c : '_';
    }
    tok[n] = 0;
    return 0;
}

static int valid_server_name(const char *s)
{
    size_t n = strlen(s);
    if (!n || n > 32 || !((s[0] >= 'a' && s[0] <= 'z') || (s[0] >= 'A' && s[0] <= 'Z'))) return 0;
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
              c == '_' || c == '-'))
            return 0;
    }
    return 1;
}

/* The raw bytes of the value after `skip` tokens of an argument array, and
 * the rest of the array re-counted: args [a, b, c...] with skip 1 -> the
 * msgpack array [b, c...] written into *out (malloc'ed). */
static int rest_args(const char *args, size_t len, uint32_t skip, char **out, size_t *olen)
{
    weft__mp_reader r = {(const uint8_t *)args, (const uint8_t *)args + len};
    weft__mp_token t;
    if (weft__codec_mp_next(&r, &t) < 0 || t.type != WEFT__MP_ARRAY) return WEFT_EINVAL;
    uint32_t n = t.len > skip ? t.len - skip : 0;
    for (uint32_t i = 0; i < skip && i < t.len; i++)
        if (weft__mp_skip(&r) < 0) return WEFT_EINVAL;
    size_t body = (size_t)(r.end - r.p);
    char *b = malloc(body + 5);
    if (!b) return WEFT_ENOMEM;
    b[0] = (char)0xdd; /* array 32 */
    b[1] = (char)(n >> 24);
    b[2] = (char)(n >> 16);
    b[3] = (char)(n >> 8);
    b[4] = (char)n;
    memcpy(b + 5, r.p, body);
    *out = b;
    *olen = body + 5;
    return 0;
}

/* ---- the link ----------------------------------------------------------------- */

void weft__cl_link_release(cl_link *l)
{
    uv_mutex_lock(&l->lock);
    int last = --l->refs == 0;
    uv_mutex_unlock(&l->lock);
    if (!last) return;
    for (cl_change *c = l->chead, *n; c; c = n) {
        n = c->next;
        free(c->key);
        free(c->value);
        free(c);
    }
    uv_cond_destroy(&l->kv_idle);
    uv_mutex_destroy(&l->lock);
    free(l);
}

static void link_ref(cl_link *l)
{
    uv_mutex_lock(&l->lock);
    l->refs++;
    uv_mutex_unlock(&l->lock);
}

static void sub_complete(void *closure)
{
    weft__cl_link_release(closure);
}

static void conn_closed(natsConnection *nc, void *closure)
{
    weft__cl_link_release(closure);
}

static cl_pcall *take_call(cl_link *l, uint64_t id)
{
    cl_pcall **pp = &l->calls[id % WEFT__CL_CALL_BUCKETS];
    for (; *pp; pp = &(*pp)->next) {
        if ((*pp)->id != id) continue;
        cl_pcall *c = *pp;
        *pp = c->next;
        l->ncalls--;
        return c;
    }
    return NULL;
}

/* An error payload's message ({__weftError, message, ...}), or a generic
 * text for any other value. */
static void error_message(const char *p, size_t len, char *buf, size_t cap)
{
    weft__mp_reader r = {(const uint8_t *)p, (const uint8_t *)p + len};
    weft__mp_token t, k, v;
    snprintf(buf, cap, "error");
    if (weft__codec_mp_next(&r, &t) < 0) return;
    if (t.type == WEFT__MP_STR) {
        snprintf(buf, cap, "%.*s", (int)t.len, t.p);
        return;
    }
    if (t.type != WEFT__MP_MAP) return;
    for (uint32_t i = 0; i < t.len; i++) {
        const uint8_t *at = r.p;
        if (weft__codec_mp_next(&r, &k) < 0) return;
        if (k.type == WEFT__MP_STR && k.len == 7 && !memcmp(k.p, "message", 7)) {
            if (weft__codec_mp_next(&r, &v) < 0) return;
            if (v.type == WEFT__MP_STR) snprintf(buf, cap, "%.*s", (int)v.len, v.p);
            return;
        }
        (void)at;
        if (weft__mp_skip(&r) < 0) return;
    }
}

/* libnats thread: a reply to one of our calls: [status, value]. */
static void on_reply(natsConnection *nc, natsSubscription *sub, natsMsg *msg, void *closure)
{
    cl_link *l = closure;
    const char *subj = N.natsMsg_GetSubject(msg);
    const char *dot = strrchr(subj, '.');
    uint64_t id = dot ? strtoull(dot + 1, NULL, 10) : 0;
    uv_mutex_lock(&l->lock);
    cl_pcall *c = take_call(l, id);
    uv_mutex_unlock(&l->lock);
    if (!c) { /* timed out, link lost, or the host closed: dropped */
        N.natsMsg_Destroy(msg);
        return;
    }
    char text[700];
    if (N.natsMsg_IsNoResponders(msg)) {
        char res[sizeof c->what];
        snprintf(res, sizeof res, "%s", c->what);
        char *d = strchr(res, '.');
        if (d) *d = 0;
        snprintf(text, sizeof text, "no server provides %s (cluster call %s)", res, c->what);
        weft_call_reject(c->call, text);
    } else {
        const char *p = N.natsMsg_GetData(msg);
        size_t len = (size_t)N.natsMsg_GetDataLength(msg);
        weft__mp_reader r = {(const uint8_t *)p, (const uint8_t *)p + len};
        weft__mp_token t, st;
        if (weft__codec_mp_next(&r, &t) < 0 || t.type != WEFT__MP_ARRAY || t.len != 2 ||
            weft__codec_mp_next(&r, &st) < 0 || st.type != WEFT__MP_INT) {
            snprintf(text, sizeof text, "cluster call %s: malformed reply", c->what);
            weft_call_reject(c->call, text);
        } else if (st.i == 0) {
            weft_call_resolve(c->call, r.p, (size_t)(r.end - r.p));
        } else {
            char m[512];
            error_message((const char *)r.p, (size_t)(r.end - r.p), m, sizeof m);
            snprintf(text, sizeof text, "%s: %s", c->what, m);
            weft_call_reject(c->call, text);
        }
    }
    free(c);
    N.natsMsg_Destroy(msg);
}

/* Reject every pending call (link lost, or the server quits). */
static void reject_all(cl_link *l, const char *why)
{
    uv_mutex_lock(&l->lock);
    cl_pcall *list = NULL;
    for (int b = 0; b < WEFT__CL_CALL_BUCKETS; b++) {
        while (l->calls[b]) {
            cl_pcall *c = l->calls[b];
            l->calls[b] = c->next;
            c->next = list;
            list = c;
        }
    }
    l->ncalls = 0;
    uv_mutex_unlock(&l->lock);
    while (list) {
        cl_pcall *c = list;
        list = c->next;
        char text[400];
        snprintf(text, sizeof text, "%s (call %s)", why, c->what);
        weft_call_reject(c->call, text);
        free(c);
    }
}

static void on_disconnected(natsConnection *nc, void *closure)
{
    cl_link *l = closure;
    uv_mutex_lock(&l->lock);
    l->link_up = 0;
    l->link_events |= 1;
    if (l->async) uv_async_send(l->async);
    uv_mutex_unlock(&l->lock);
    reject_all(l, "cluster link lost");
}

/* Also the first connection when NATS was not reachable at join (libnats'
 * retry-on-failed-connect calls it then): bit 4, "joined". */
static void on_reconnected(natsConnection *nc, void *closure)
{
    cl_link *l = closure;
    uv_mutex_lock(&l->lock);
    l->link_up = 1;
    l->link_events |= l->ever_up ? 2 : 4;
    l->ever_up = 1;
    if (l->async) uv_async_send(l->async);
    uv_mutex_unlock(&l->lock);
}

static void on_error(natsConnection *nc, natsSubscription *sub, natsStatus err, void *closure)
{
    cl_link *l = closure;
    if (err != NATS_SLOW_CONSUMER) return;
    uv_mutex_lock(&l->lock);
    l->slow++;
    if (l->async) uv_async_send(l->async);
    uv_mutex_unlock(&l->lock);
}

static int64_t reconnect_delay(natsConnection *nc, int attempts, void *closure)
{
    int64_t d = WEFT_CLUSTER_RECONNECT_WAIT_MS;
    for (int i = 1; i < attempts && d < WEFT_CLUSTER_RECONNECT_MAX_MS; i++)
        d *= 2;
    if (d > WEFT_CLUSTER_RECONNECT_MAX_MS) d = WEFT_CLUSTER_RECONNECT_MAX_MS;
    return d + (int64_t)(uv_hrtime() % (WEFT_CLUSTER_RECONNECT_JITTER_MS + 1));
}

/* ---- the loop side --------------------------------------------------------------- */

static void handle_event(weft__cluster *cl, const char *p, size_t len)
{
    weft__mp_reader r = {(const uint8_t *)p, (const uint8_t *)p + len};
    weft__mp_token t, origin, name;
    if (weft__codec_mp_next(&r, &t) < 0 || t.type != WEFT__MP_ARRAY || t.len != 3 ||
        weft__codec_mp_next(&r, &origin) < 0 || origin.type != WEFT__MP_STR || origin.len > 32 ||
        weft__codec_mp_next(&r, &name) < 0 || name.type != WEFT__MP_STR || name.len > 200) {
        weft__log(cl->h, "cluster", "dropped a malformed cluster event (%zu bytes)", len);
        return;
    }
    char src[40], ev[208];
    snprintf(src, sizeof src, "%.*s", (int)origin.len, origin.p);
    snprintf(ev, sizeof ev, "%.*s", (int)name.len, name.p);
    int known = 0;
    for (cl_reg *g = cl->regs; g && !known; g = g->next)
        known = !strcmp(g->name, ev);
    if (!known) return; /* another name with the same subject token */
    cl_dinfo info = {src, NULL, 0, 0, 0, cl->dinfo};
    cl->dinfo = &info;
    weft__ev_emit_src(cl->h, NULL, ev, (const char *)r.p, (size_t)(r.end - r.p), src, 0);
    cl->dinfo = info.prev;
}

typedef struct reply_ctx {
    weft__cluster *cl;
    char reply[128];
    char what[160];
} reply_ctx;

static void publish_reply(weft__cluster *cl, const char *reply, const char *what, int status,
                          const char *buf, size_t len)
{
    if (!reply || !*reply || !cl->nc) return;
    char *err = NULL;
    size_t elen = 0;
    if (status == WEFT_CALL_OK && buf && len && weft__cl_has_ref(buf, len) != 0) {
        char msg[300];
        snprintf(msg, sizeof msg, "%s returned a function reference: they cannot cross servers",
                 what);
        weft__call_pack_error("Error", msg, "", NULL, &err, &elen);
        status = WEFT_CALL_ERROR;
        buf = err;
        len = elen;
    }
    if (status == WEFT_CALL_OK && (!buf || !len)) {
        buf = "\xc0";
        len = 1;
    }
    char *out = malloc(len + 2);
    if (out) {
        out[0] = (char)0x92;
        out[1] = status == WEFT_CALL_ERROR ? 1 : 0;
        memcpy(out + 2, buf, len);
        natsStatus s = N.natsConnection_Publish(cl->nc, reply, out, (int)(len + 2));
        if (s != NATS_OK) {
            char e[256];
            weft__cl_nats_error(s, e, sizeof e);
            weft__log(cl->h, "cluster", "could not reply to %s: %s", what, e);
        }
        free(out);
    }
    free(err);
}

static void reply_done(weft_host *h, void *data, int status, const char *buf, size_t len)
{
    reply_ctx *x = data;
    if (status != WEFT_CALL_DROPPED)
        publish_reply(x->cl, x->reply, x->what, status == WEFT_CALL_ERROR, buf, len);
    free(x);
}

static void handle_call(weft__cluster *cl, natsMsg *msg)
{
    const char *p = N.natsMsg_GetData(msg);
    size_t len = (size_t)N.natsMsg_GetDataLength(msg);
    const char *reply = N.natsMsg_GetReply(msg);
    weft__mp_reader r = {(const uint8_t *)p, (const uint8_t *)p + len};
    weft__mp_token t, origin, res, exp;
    if (weft__codec_mp_next(&r, &t) < 0 || t.type != WEFT__MP_ARRAY || t.len != 4 ||
        weft__codec_mp_next(&r, &origin) < 0 || origin.type != WEFT__MP_STR ||
        weft__codec_mp_next(&r, &res) < 0 || res.type != WEFT__MP_STR || res.len > 200 ||
        weft__codec_mp_next(&r, &exp) < 0 || exp.type != WEFT__MP_STR || exp.len > 200) {
        weft__log(cl->h, "cluster", "dropped a malformed cluster call (%zu bytes)", len);
        return;
    }
    char resource[208], name[208], what[160];
    snprintf(resource, sizeof resource, "%.*s", (int)res.len, res.p);
    snprintf(name, sizeof name, "%.*s", (int)exp.len, exp.p);
    snprintf(what, sizeof what, "%.60s.%.60s on %.32s", resource, name, cl->link->name);
    const char *args = (const char *)r.p;
    size_t alen = (size_t)(r.end - r.p);
    cl_provider *pv = cl->providers;
    while (pv && strcmp(pv->resource, resource))
        pv = pv->next;
    weft__call_result out;
    memset(&out, 0, sizeof out);
    if (!pv)
        weft__call_result_error(&out, "Error", resource,
                                "resource \"%s\" does not offer cluster exports here", resource);
    else
        weft__export_call(cl->h, NULL, resource, name, args, alen, &out);
    if (out.status == WEFT_CALL_PENDING) {
        reply_ctx *x = calloc(1, sizeof *x);
        if (x) {
            x->cl = cl;
            snprintf(x->reply, sizeof x->reply, "%s", reply ? reply : "");
            snprintf(x->what, sizeof x->what, "%s", what);
            weft__call_wait_c(out.call, reply_done, x);
        }
        return;
    }
    publish_reply(cl, reply, what, out.status == WEFT_CALL_ERROR, out.buf, out.len);
    free(out.buf);
}

/* Take what one subscription holds, up to *budget messages, onto a list. */
static void take_pending(natsSubscription *sub, natsMsg **list, size_t *n, size_t cap)
{
    natsMsg *m = NULL;
    while (sub && *n < cap && N.natsSubscription_NextMsg(&m, sub, 0) == NATS_OK)
        list[(*n)++] = m;
}

void weft__cl_drain(weft__cluster *cl)
{
    if (cl->state <= 0) return;
    natsMsg *list[WEFT_CLUSTER_BATCH];
    size_t n = 0;
    /* taken first, handled after: handlers may (un)subscribe */
    for (cl_sub *s = cl->subs; s; s = s->next)
        take_pending(s->sub, list, &n, WEFT_CLUSTER_BATCH);
    for (cl_provider *p = cl->providers; p; p = p->next) {
        take_pending(p->direct, list, &n, WEFT_CLUSTER_BATCH);
        take_pending(p->any, list, &n, WEFT_CLUSTER_BATCH);
    }
    for (size_t i = 0; i < n; i++) {
        const char *subj = N.natsMsg_GetSubject(list[i]);
        if (!strncmp(subj, "weft.ev.", 8))
            handle_event(cl, N.natsMsg_GetData(list[i]), (size_t)N.natsMsg_GetDataLength(list[i]));
        else
            handle_call(cl, list[i]);
        N.natsMsg_Destroy(list[i]);
    }
    if (n < WEFT_CLUSTER_BATCH) n += weft__cl_durable_drain(cl, WEFT_CLUSTER_BATCH - n);
    if (n == WEFT_CLUSTER_BATCH) { /* the rest after timers and I/O had a turn */
        uv_mutex_lock(&cl->link->lock);
        if (cl->link->async) uv_async_send(cl->link->async);
        uv_mutex_unlock(&cl->link->lock);
    }
}

static void on_async(uv_async_t *a)
{
    weft__cluster *cl = a->data;
    cl_link *l = cl->link;
    uv_mutex_lock(&l->lock);
    int events = l->link_events;
    int64_t slow = l->slow;
    l->link_events = 0;
    l->slow = 0;
    uv_mutex_unlock(&l->lock);
    if (events & 4)
        weft__log(cl->h, "cluster", "server %s joined the cluster at %s", l->name, cl->url);
    if (events & 1) weft__log(cl->h, "cluster", "link to NATS lost; reconnecting");
    if (events & 2) weft__log(cl->h, "cluster", "link to NATS restored");
    if (slow)
        weft__log(cl->h, "cluster", "slow consumer: NATS dropped messages (%" PRId64 " reports)",
                  slow);
    weft__cl_drain(cl);
    weft__cl_state_flush(cl);
}

static void on_sweep(uv_timer_t *t)
{
    weft__cluster *cl = t->data;
    cl_link *l = cl->link;
    uint64_t now = uv_hrtime();
    cl_pcall *list = NULL;
    uv_mutex_lock(&l->lock);
    for (int b = 0; b < WEFT__CL_CALL_BUCKETS && l->ncalls; b++) {
        cl_pcall **pp = &l->calls[b];
        while (*pp) {
            cl_pcall *c = *pp;
            if (c->deadline_ns > now) {
                pp = &c->next;
                continue;
            }
            *pp = c->next;
            l->ncalls--;
            c->next = list;
            list = c;
        }
    }
    uv_mutex_unlock(&l->lock);
    weft__cl_durable_tick(cl);
    while (list) {
        cl_pcall *c = list;
        list = c->next;
        char text[300];
        snprintf(text, sizeof text, "cluster call %s timed out after %" PRId64 " ms", c->what,
                 c->timeout_ms);
        weft_call_reject(c->call, text);
        free(c);
    }
}

/* ---- joining ------------------------------------------------------------------ */

/* cb NULL: a synchronous subscription, drained on the loop thread after
 * each read (weft__cl_drain); else libnats calls cb on its own thread. */
static natsSubscription *subscribe(weft__cluster *cl, const char *subject, const char *queue,
                                   natsMsgHandler cb, char *err, size_t cap)
{
    natsSubscription *sub = NULL;
    natsStatus s;
    if (!cb)
        s = queue ? N.natsConnection_QueueSubscribeSync(&sub, cl->nc, subject, queue)
                  : N.natsConnection_SubscribeSync(&sub, cl->nc, subject);
    else
        s = queue ? N.natsConnection_QueueSubscribe(&sub, cl->nc, subject, queue, cb, cl->link)
                  : N.natsConnection_Subscribe(&sub, cl->nc, subject, cb, cl->link);
    if (s == NATS_OK) {
        if (cb) {
            link_ref(cl->link);
            if (N.natsSubscription_SetOnCompleteCB(sub, sub_complete, cl->link) != NATS_OK)
                weft__cl_link_release(cl->link); /* cannot happen on a fresh subscription */
        }
        N.natsSubscription_SetPendingLimits(sub, WEFT_CLUSTER_PENDING_MSGS,
                                            WEFT_CLUSTER_PENDING_BYTES);
        return sub;
    }
    weft__cl_nats_error(s, err, cap);
    return NULL;
}

static void unsubscribe(natsSubscription *sub)
{
    if (!sub) return;
    N.natsSubscription_Unsubscribe(sub);
    N.natsSubscription_Destroy(sub);
}

static int fail(weft__cluster *cl, int rc, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(cl->err, sizeof cl->err, fmt, ap);
    va_end(ap);
    weft__log(cl->h, "cluster", "%s", cl->err);
    cl->state = rc;
    return rc;
}

/* The URL list for log lines, with any "user:password@" replaced by
 * "***@" (weft_cluster may carry credentials). */
static void redact_url(const char *url, char *out, size_t cap)
{
    size_t o = 0;
    while (*url && o + 1 < cap) {
        const char *end = strchr(url, ',');
        size_t n = end ? (size_t)(end - url) : strlen(url);
        const char *at = memchr(url, '@', n), *sl = strstr(url, "//");
        if (at && sl && sl < at) {
            o += (size_t)snprintf(out + o, cap - o, "%.*s***%.*s", (int)(sl + 2 - url), url,
                                  (int)(url + n - at), at);
        } else {
            o += (size_t)snprintf(out + o, cap - o, "%.*s", (int)n, url);
        }
        if (o >= cap) o = cap - 1;
        url += n;
        if (*url == ',' && o + 1 < cap) out[o++] = *url++;
        out[o] = 0;
    }
    out[o < cap ? o : cap - 1] = 0;
}

/* A file convar that libnats will read: "" when readable, else why not. */
static const char *unreadable(const char *path, const char **what, const char *name)
{
    if (!*path || access(path, R_OK) == 0) return NULL;
    *what = name;
    return strerror(errno);
}

/* Credentials and TLS for the NATS link from server.cfg (docs/cluster.md,
 * "Securing the link"). 0, or -1 with *what set to the convar whose value
 * was refused and err filled. */
static int link_security(weft__cluster *cl, natsOptions *o, const char **what, char *err,
                         size_t cap)
{
    weft__convars *cv = &WEFT_SRV(cl->h)->convars;
    const char *user = weft__convars_get(cv, "weft_clusterUser", "");
    const char *pass = weft__convars_get(cv, "weft_clusterPassword", "");
    const char *token = weft__convars_get(cv, "weft_clusterToken", "");
    const char *creds = weft__convars_get(cv, "weft_clusterCredsFile", "");
    const char *ca = weft__convars_get(cv, "weft_clusterTlsCa", "");
    const char *cert = weft__convars_get(cv, "weft_clusterTlsCert", "");
    const char *key = weft__convars_get(cv, "weft_clusterTlsKey", "");
    const char *bad = unreadable(creds, what, "weft_clusterCredsFile");
    if (!bad) bad = unreadable(ca, what, "weft_clusterTlsCa");
    if (!bad) bad = unreadable(cert, what, "weft_clusterTlsCert");
    if (!bad) bad = unreadable(key, what, "weft_clusterTlsKey");
    if (bad) return snprintf(err, cap, "cannot read the file: %s", bad), -1;
    natsStatus st = NATS_OK;
    if (*user && (st = N.natsOptions_SetUserInfo(o, user, pass)) != NATS_OK)
        *what = "weft_clusterUser";
    else if (*token && (st = N.natsOptions_SetToken(o, token)) != NATS_OK)
        *what = "weft_clusterToken";
    else if (*creds && (st = N.natsOptions_SetUserCredentialsFromFiles(o, creds, NULL)) != NATS_OK)
        *what = "weft_clusterCredsFile";
    else if ((*ca || *cert || *key) && (st = N.natsOptions_SetSecure(o, true)) != NATS_OK)
        *what = "weft_clusterTlsCa";
    else if (*ca && (st = N.natsOptions_LoadCATrustedCertificates(o, ca)) != NATS_OK)
        *what = "weft_clusterTlsCa";
    else if ((*cert || *key) && (st = N.natsOptions_LoadCertificatesChain(o, cert, key)) != NATS_OK)
        *what = "weft_clusterTlsCert/weft_clusterTlsKey";
    if (st == NATS_OK) return 0;
    weft__cl_nats_error(st, err, cap);
    return -1;
}

int weft__cl_join(weft__cluster *cl)
{
    if (cl->state) return cl->state > 0 ? 0 : cl->state;
    weft__server *s = WEFT_SRV(cl->h);
    const char *url = weft__convars_get(&s->convars, "weft_cluster", "");
    const char *name = weft__convars_get(&s->convars, "weft_serverName", "");
    if (!*url) {
        /* not an error state: server.cfg may set it later (exec) */
        snprintf(cl->err, sizeof cl->err,
                 "this server is not in a cluster (set weft_cluster \"nats://...\" in server.cfg)");
        return WEFT_ESTATE;
    }
    if (!valid_server_name(name))
        return fail(cl, WEFT_EINVAL,
                    "weft_serverName \"%.40s\" is not a valid cluster server name "
                    "([A-Za-z][A-Za-z0-9_-]*, at most 32 bytes)",
                    name);
    redact_url(url, cl->url, sizeof cl->url);
    snprintf(cl->bucket, sizeof cl->bucket, "%s",
             weft__convars_get(&s->convars, "weft_clusterBucket", "weft"));
    char err[256];
    if (weft__nats_load(err, sizeof err) < 0) return fail(cl, WEFT_ENOENT, "%s", err);
    cl_link *l = calloc(1, sizeof *l);
    uv_async_t *a = malloc(sizeof *a);
    if (!l || !a || uv_mutex_init(&l->lock) != 0) {
        free(l);
        free(a);
        return fail(cl, WEFT_ENOMEM, "out of memory");
    }
    uv_cond_init(&l->kv_idle);
    uv_async_init(&cl->h->loop, a, on_async);
    a->data = cl;
    uv_unref((uv_handle_t *)a);
    l->async = a;
    l->refs = 1;
    l->next_id = 1;
    snprintf(l->name, sizeof l->name, "%s", name);
    cl->link = l;
    uv_timer_init(&cl->h->loop, &cl->sweep);
    cl->sweep.data = cl;
    cl->sweep_open = 1;
    uv_timer_start(&cl->sweep, on_sweep, WEFT_CLUSTER_SWEEP_MS, WEFT_CLUSTER_SWEEP_MS);
    uv_unref((uv_handle_t *)&cl->sweep);

    natsOptions *o = NULL;
    natsStatus st = N.natsOptions_Create(&o);
    char cname[64];
    snprintf(cname, sizeof cname, "weft:%s", name);
    if (st == NATS_OK) st = N.natsOptions_SetURL(o, url);
    if (st == NATS_OK) st = N.natsOptions_SetName(o, cname);
    if (st == NATS_OK) st = N.natsOptions_SetSendAsap(o, true);
    if (st == NATS_OK) st = N.natsOptions_SetAllowReconnect(o, true);
    if (st == NATS_OK) st = N.natsOptions_SetMaxReconnect(o, -1);
    if (st == NATS_OK) st = N.natsOptions_SetCustomReconnectDelay(o, reconnect_delay, NULL);
    if (st == NATS_OK) st = N.natsOptions_SetReconnectBufSize(o, WEFT_CLUSTER_RECONNECT_BUF);
    if (st == NATS_OK) st = N.natsOptions_SetTimeout(o, WEFT_CLUSTER_CONNECT_TIMEOUT_MS);
    if (st == NATS_OK) st = N.natsOptions_SetPingInterval(o, WEFT_CLUSTER_PING_MS);
    if (st == NATS_OK) st = N.natsOptions_SetMaxPingsOut(o, WEFT_CLUSTER_MAX_PINGS);
    if (st == NATS_OK) st = N.natsOptions_SetMaxPendingMsgs(o, WEFT_CLUSTER_PENDING_MSGS);
    if (st == NATS_OK) st = N.natsOptions_SetDisconnectedCB(o, on_disconnected, l);
    if (st == NATS_OK) st = N.natsOptions_SetReconnectedCB(o, on_reconnected, l);
    if (st == NATS_OK) st = N.natsOptions_SetClosedCB(o, conn_closed, l);
    if (st == NATS_OK) st = N.natsOptions_SetErrorHandler(o, on_error, l);
    const char *what = "weft_cluster";
    int bad = st == NATS_OK && link_security(cl, o, &what, err, sizeof err) < 0;
    if (st == NATS_OK && !bad && weft__cl_loop_prepare(cl, o) < 0) st = NATS_NO_MEMORY;
    if (st != NATS_OK || bad) {
        if (!bad) weft__cl_nats_error(st, err, sizeof err);
        if (o) N.natsOptions_Destroy(o);
        return fail(cl, WEFT_EINVAL, "%s (joining the cluster at %.200s): %s", what, cl->url, err);
    }
    link_ref(l); /* the connection's, released by its closed callback */
    /* One plain attempt first, to tell a NATS that is not there (then retry
     * in the background) from one that refuses us (bad password, TLS): the
     * latter is a configuration error, reported and not retried. */
    st = N.natsConnection_Connect(&cl->nc, o);
    char why[256] = "";
    if (st == NATS_NO_SERVER) {
        weft__cl_nats_error(st, why, sizeof why);
        st = N.natsOptions_SetRetryOnFailedConnect(o, true, on_reconnected, l);
        if (st == NATS_OK) st = N.natsConnection_Connect(&cl->nc, o);
    }
    N.natsOptions_Destroy(o);
    if (st != NATS_OK && st != NATS_NOT_YET_CONNECTED) {
        weft__cl_link_release(l);
        weft__cl_nats_error(st, err, sizeof err);
        cl->nc = NULL;
        return fail(cl, WEFT_EIO, "could not join the cluster at %.200s: %s", cl->url, err);
    }
    uv_mutex_lock(&l->lock);
    int up = l->link_up = st == NATS_OK;
    if (up) l->ever_up = 1;
    uv_mutex_unlock(&l->lock);
    natsInbox *inbox = NULL;
    if (N.natsInbox_Create(&inbox) != NATS_OK) return fail(cl, WEFT_ENOMEM, "out of memory");
    snprintf(l->inbox, sizeof l->inbox, "%s", inbox);
    N.natsInbox_Destroy(inbox);
    char subj[128];
    snprintf(subj, sizeof subj, "%s.*", l->inbox);
    cl->reply_sub = subscribe(cl, subj, NULL, on_reply, err, sizeof err);
    if (!cl->reply_sub) return fail(cl, WEFT_EIO, "could not subscribe to replies: %s", err);
    cl->lease_ttl_ms = weft__convars_get_int(&WEFT_SRV(cl->h)->convars, "weft_clusterLeaseTtlMs",
                                             WEFT_CLUSTER_LEASE_TTL_MS);
    if (cl->lease_ttl_ms < 1000) cl->lease_ttl_ms = 1000;
    cl->replicas = weft__convars_get_int(&WEFT_SRV(cl->h)->convars, "weft_clusterReplicas", 1);
    if (cl->replicas < 1 || cl->replicas > 5) cl->replicas = 1;
    if ((cl->lease_timer = malloc(sizeof *cl->lease_timer))) {
        uv_timer_init(&cl->h->loop, cl->lease_timer);
        cl->lease_timer->data = cl;
        uv_unref((uv_handle_t *)cl->lease_timer);
    }
    cl->state = 1;
    if (up)
        weft__log(cl->h, "cluster", "server %s joined the cluster at %s", name, cl->url);
    else
        weft__log(cl->h, "cluster",
                  "server %s connecting to the cluster at %s: NATS is unreachable (%s), "
                  "retrying (cluster calls fail until it is joined)",
                  name, cl->url, why);
    return 0;
}

/* ---- natives ---------------------------------------------------------------------- */

static int need_join(weft__cluster *cl)
{
    int rc = weft__cl_join(cl);
    return rc < 0 ? weft_native_error(cl->h, "%s", cl->err) : 0;
}

int weft__cl_event_payload(weft__cluster *cl, const char *what, const char *name, const char *args,
                           size_t len, uint32_t skip, msgpack_sbuffer *sb, char *err, size_t cap)
{
    char *rest = NULL;
    size_t rest_len = 0;
    int rc = rest_args(args, len, skip, &rest, &rest_len);
    if (rc < 0) return snprintf(err, cap, "%s(\"%s\"): bad arguments", what, name), rc;
    if (weft__cl_has_ref(rest, rest_len) != 0) {
        free(rest);
        snprintf(err, cap, "%s(\"%s\"): function references cannot cross servers", what, name);
        return WEFT_EINVAL;
    }
    msgpack_packer pk;
    weft__res_begin(sb, &pk);
    msgpack_pack_array(&pk, 3);
    msgpack_pack_str_with_body(&pk, cl->link->name, strlen(cl->link->name));
    msgpack_pack_str_with_body(&pk, name, strlen(name));
    msgpack_sbuffer_write(sb, rest, rest_len);
    free(rest);
    if (sb->size > WEFT_CLUSTER_MAX_PAYLOAD) {
        size_t n = sb->size;
        msgpack_sbuffer_destroy(sb);
        snprintf(err, cap, "%s(\"%s\"): %zu bytes is more than %d", what, name, n,
                 WEFT_CLUSTER_MAX_PAYLOAD);
        return WEFT_EINVAL;
    }
    return 0;
}

/* TriggerClusterEvent(name, ...args) */
static int n_trigger(void *ud, const char *args, size_t len, char **result, size_t *rlen)
{
    weft__cluster *cl = ud;
    if (need_join(cl) < 0) return WEFT_ESCRIPT;
    weft__args a;
    char name[208], tok[208], subj[224];
    if (weft__args_parse(&a, args, len) < 0 || !weft__args_text(&a, 0, name, sizeof name) ||
        a.tok[0].type != WEFT__MP_STR || weft__cl_token(name, tok, sizeof tok) < 0)
        return weft_native_error(
            cl->h, "TriggerClusterEvent: the event name must be a string of 1-200 bytes");
    msgpack_sbuffer sb;
    char err[400];
    if (weft__cl_event_payload(cl, "TriggerClusterEvent", name, args, len, 1, &sb, err,
                               sizeof err) < 0)
        return weft_native_error(cl->h, "%s", err);
    snprintf(subj, sizeof subj, "weft.ev.%s", tok);
    natsStatus s = N.natsConnection_Publish(cl->nc, subj, sb.data, (int)sb.size);
    msgpack_sbuffer_destroy(&sb);
    if (s != NATS_OK) {
        char e[256];
        weft__cl_nats_error(s, e, sizeof e);
        weft__log(cl->h, "cluster", "event %s not sent: %s", name, e);
        return weft_native_error(cl->h, "TriggerClusterEvent(\"%s\"): %s", name, e);
    }
    return 0;
}

static cl_sub *sub_find(weft__cluster *cl, const char *subject)
{
    for (cl_sub *s = cl->subs; s; s = s->next)
        if (!strcmp(s->subject, subject)) return s;
    return NULL;
}

/* The options argument of RegisterClusterEvent: {durable = true}. */
static int wants_durable(const weft__args *a)
{
    if (a->n < 2 || a->tok[1].type != WEFT__MP_MAP) return 0;
    weft__mp_reader r = {(const uint8_t *)a->raw[1], (const uint8_t *)a->raw[1] + a->raw_len[1]};
    weft__mp_token t, k, v;
    if (weft__codec_mp_next(&r, &t) < 0) return 0;
    for (uint32_t i = 0; i < t.len; i++) {
        if (weft__codec_mp_next(&r, &k) < 0) return 0;
        if (k.type == WEFT__MP_STR && k.len == 7 && !memcmp(k.p, "durable", 7))
            return weft__codec_mp_next(&r, &v) == 0 && v.type == WEFT__MP_BOOL && v.boolean;
        if (weft__mp_skip(&r) < 0) return 0;
    }
    return 0;
}

/* RegisterClusterEvent(name[, {durable = true}]) */
static int n_register(void *ud, const char *args, size_t len, char **result, size_t *rlen)
{
    weft__cluster *cl = ud;
    if (need_join(cl) < 0) return WEFT_ESCRIPT;
    weft__args a;
    char name[208], tok[208], subj[224], err[256];
    if (weft__args_parse(&a, args, len) < 0 || !weft__args_text(&a, 0, name, sizeof name) ||
        weft__cl_token(name, tok, sizeof tok) < 0)
        return weft_native_error(
            cl->h, "RegisterClusterEvent: the event name must be a string of 1-200 bytes");
    const char *res = weft_native_resource(cl->h);
    if (wants_durable(&a) || weft__cl_durable_listed(cl, name)) {
        if (!*res)
            return weft_native_error(cl->h,
                                     "RegisterClusterEvent(\"%s\", durable): call it from "
                                     "a resource",
                                     name);
        int rc = weft__cl_durable_register(cl, res, name, tok);
        return rc < 0
                   ? weft_native_error(cl->h, "RegisterClusterEvent(\"%s\"): out of memory", name)
                   : 0;
    }
    for (cl_reg *g = cl->regs; g; g = g->next)
        if (!strcmp(g->resource, res) && !strcmp(g->name, name)) return 0;
    snprintf(subj, sizeof subj, "weft.ev.%s", tok);
    cl_sub *s = sub_find(cl, subj);
    if (!s) {
        natsSubscription *ns = subscribe(cl, subj, NULL, NULL, err, sizeof err);
        if (!ns) return weft_native_error(cl->h, "RegisterClusterEvent(\"%s\"): %s", name, err);
        s = calloc(1, sizeof *s);
        if (!s || !(s->subject = strdup(subj))) {
            free(s);
            unsubscribe(ns);
            return WEFT_ENOMEM;
        }
        s->sub = ns;
        s->next = cl->subs;
        cl->subs = s;
    }
    cl_reg *g = calloc(1, sizeof *g);
    if (!g) return WEFT_ENOMEM;
    g->resource = strdup(res);
    g->name = strdup(name);
    g->token = strdup(subj);
    s->count++;
    g->next = cl->regs;
    cl->regs = g;
    return 0;
}

/* ProvideClusterExports() */
static int n_provide(void *ud, const char *args, size_t len, char **result, size_t *rlen)
{
    weft__cluster *cl = ud;
    if (need_join(cl) < 0) return WEFT_ESCRIPT;
    const char *res = weft_native_resource(cl->h);
    if (!*res) return weft_native_error(cl->h, "ProvideClusterExports: call it from a resource");
    for (cl_provider *p = cl->providers; p; p = p->next)
        if (!strcmp(p->resource, res)) return 0;
    char tok[208], subj[280], queue[240], err[256];
    if (weft__cl_token(res, tok, sizeof tok) < 0) return WEFT_EINVAL;
    cl_provider *p = calloc(1, sizeof *p);
    if (!p || !(p->resource = strdup(res))) {
        free(p);
        return WEFT_ENOMEM;
    }
    snprintf(subj, sizeof subj, "weft.x.%s.%s", cl->link->name, tok);
    p->direct = subscribe(cl, subj, NULL, NULL, err, sizeof err);
    snprintf(subj, sizeof subj, "weft.x._any.%s", tok);
    snprintf(queue, sizeof queue, "weft.x.%s", tok);
    if (p->direct) p->any = subscribe(cl, subj, queue, NULL, err, sizeof err);
    if (!p->any) {
        unsubscribe(p->direct);
        free(p->resource);
        free(p);
        return weft_native_error(cl->h, "ProvideClusterExports: %s", err);
    }
    p->next = cl->providers;
    cl->providers = p;
    return 0;
}

/* GetClusterEventInfo() */
static int n_event_info(void *ud, const char *args, size_t len, char **result, size_t *rlen)
{
    return weft__cl_event_info(ud, result, rlen);
}

/* WeftClusterDurableNames(): weft_clusterDurableEvents as a list (no join). */
static int n_durable_names(void *ud, const char *args, size_t len, char **result, size_t *rlen)
{
    weft__cluster *cl = ud;
    const char *names[WEFT__CL_MAX_DURABLE_NAMES];
    size_t lens[WEFT__CL_MAX_DURABLE_NAMES];
    int n = weft__cl_durable_names(cl, names, lens, WEFT__CL_MAX_DURABLE_NAMES);
    msgpack_sbuffer sb;
    msgpack_packer pk;
    weft__res_begin(&sb, &pk);
    msgpack_pack_array(&pk, (uint32_t)n);
    for (int i = 0; i < n; i++)
        msgpack_pack_str_with_body(&pk, names[i], lens[i]);
    return weft__res_take(&sb, result, rlen);
}

static int n_server_name(void *ud, const char *args, size_t len, char **result, size_t *rlen)
{
    weft__cluster *cl = ud;
    if (need_join(cl) < 0) return WEFT_ESCRIPT;
    return weft__res_str(cl->link->name, strlen(cl->link->name), result, rlen);
}

/* WeftClusterCall(server|nil, resource, export, timeoutMs|nil, argsArray) */
static int n_call(void *ud, weft_call *call, const char *args, size_t len)
{
    weft__cluster *cl = ud;
    char msg[512];
    if (weft__cl_join(cl) < 0) return weft_call_reject(call, cl->err), 0;
    weft__args a;
    char server[40] = "", res[208], exp[208], tok[208];
    if (weft__args_parse(&a, args, len) < 0 || a.n < 5 ||
        !weft__args_text(&a, 1, res, sizeof res) || !weft__args_text(&a, 2, exp, sizeof exp) ||
        weft__cl_token(res, tok, sizeof tok) < 0 || a.tok[4].type != WEFT__MP_ARRAY)
        return weft_call_reject(call,
                                "ClusterExports: expected (server, resource) and an export name"),
               0;
    if (a.tok[0].type != WEFT__MP_NIL && !weft__args_text(&a, 0, server, sizeof server))
        return weft_call_reject(call, "ClusterExports: the server must be a name or \"*\""), 0;
    if (!strcmp(server, "*")) server[0] = 0;
    if (*server && !valid_server_name(server)) {
        snprintf(msg, sizeof msg, "ClusterExports: \"%s\" is not a valid server name", server);
        return weft_call_reject(call, msg), 0;
    }
    int64_t timeout = weft__args_int(&a, 3, WEFT_CLUSTER_CALL_TIMEOUT_MS);
    if (timeout < 1 || timeout > WEFT_CLUSTER_CALL_TIMEOUT_MAX_MS)
        timeout = WEFT_CLUSTER_CALL_TIMEOUT_MS;
    cl_pcall *c = calloc(1, sizeof *c);
    if (!c) return WEFT_ENOMEM;
    snprintf(c->what, sizeof c->what, "%.60s.%.60s to %.32s", res, exp, /* names <= 32 */
             *server ? server : "any server");
    if (weft__cl_has_ref(a.raw[4], a.raw_len[4]) != 0) {
        snprintf(msg, sizeof msg, "cluster call %s: function references cannot cross servers",
                 c->what);
        free(c);
        return weft_call_reject(call, msg), 0;
    }
    msgpack_sbuffer sb;
    msgpack_packer pk;
    weft__res_begin(&sb, &pk);
    msgpack_pack_array(&pk, 4);
    msgpack_pack_str_with_body(&pk, cl->link->name, strlen(cl->link->name));
    msgpack_pack_str_with_body(&pk, res, strlen(res));
    msgpack_pack_str_with_body(&pk, exp, strlen(exp));
    msgpack_sbuffer_write(&sb, a.raw[4], a.raw_len[4]);
    if (sb.size > WEFT_CLUSTER_MAX_PAYLOAD) {
        snprintf(msg, sizeof msg, "cluster call %s: %zu bytes is more than %d", c->what, sb.size,
                 WEFT_CLUSTER_MAX_PAYLOAD);
        msgpack_sbuffer_destroy(&sb);
        free(c);
        return weft_call_reject(call, msg), 0;
    }
    cl_link *l = cl->link;
    c->call = call;
    c->deadline_ns = uv_hrtime() + (uint64_t)timeout * 1000000u;
    c->timeout_ms = timeout;
    uv_mutex_lock(&l->lock);
    int up = l->link_up, full = l->ncalls >= WEFT_CLUSTER_MAX_CALLS;
    if (up && !full) {
        c->id = l->next_id++;
        c->next = l->calls[c->id % WEFT__CL_CALL_BUCKETS];
        l->calls[c->id % WEFT__CL_CALL_BUCKETS] = c;
        l->ncalls++;
    }
    uv_mutex_unlock(&l->lock);
    if (!up || full) {
        snprintf(msg, sizeof msg, "%s (cluster call %s)",
                 full ? "too many pending cluster calls" : "the cluster link is down", c->what);
        free(c);
        msgpack_sbuffer_destroy(&sb);
        return weft_call_reject(call, msg), 0;
    }
    char subj[280], reply[128];
    snprintf(subj, sizeof subj, "weft.x.%s.%s", *server ? server : "_any", tok);
    snprintf(reply, sizeof reply, "%s.%" PRIu64, l->inbox, c->id);
    uint64_t id = c->id;
    natsStatus s = N.natsConnection_PublishRequest(cl->nc, subj, reply, sb.data, (int)sb.size);
    msgpack_sbuffer_destroy(&sb);
    if (s != NATS_OK) {
        uv_mutex_lock(&l->lock);
        c = take_call(l, id); /* NULL: already settled (link lost meanwhile) */
        uv_mutex_unlock(&l->lock);
        if (c) {
            char e[256];
            weft__cl_nats_error(s, e, sizeof e);
            snprintf(msg, sizeof msg, "cluster call %s: %s", c->what, e);
            free(c);
            weft_call_reject(call, msg);
        }
    }
    return 0;
}

/* ---- lifecycle ------------------------------------------------------------------ */

/* End the event registrations and the exports offer of `resource` (NULL:
 * of every resource); a subscription ends with its last registration. */
static void drop_resource(weft__cluster *cl, const char *resource)
{
    for (cl_reg **pp = &cl->regs; *pp;) {
        cl_reg *g = *pp;
        if (resource && strcmp(g->resource, resource)) {
            pp = &g->next;
            continue;
        }
        *pp = g->next;
        for (cl_sub **sp = &cl->subs; *sp; sp = &(*sp)->next) {
            cl_sub *s = *sp;
            if (strcmp(s->subject, g->token)) continue;
            if (--s->count == 0) {
                *sp = s->next;
                unsubscribe(s->sub);
                free(s->subject);
                free(s);
            }
            break;
        }
        free(g->resource);
        free(g->name);
        free(g->token);
        free(g);
    }
    for (cl_provider **pp = &cl->providers; *pp;) {
        cl_provider *p = *pp;
        if (resource && strcmp(p->resource, resource)) {
            pp = &p->next;
            continue;
        }
        *pp = p->next;
        unsubscribe(p->direct);
        unsubscribe(p->any);
        free(p->resource);
        free(p);
    }
}

void weft__cluster_resource_stopped(weft_host *h, const char *resource)
{
    weft__cluster *cl = WEFT_SRV(h)->cluster;
    if (!cl || cl->state <= 0) return;
    drop_resource(cl, resource);
    weft__cl_durable_resource_stopped(cl, resource);
    weft__cl_state_resource_stopped(cl, resource);
}

static void async_closed(uv_handle_t *a)
{
    free(a);
}

static void cluster_close(weft_host *h, void *ud)
{
    weft__cluster *cl = ud;
    WEFT_SRV(h)->cluster = NULL;
    if (cl->state > 0 || cl->link) {
        cl_link *l = cl->link;
        weft__cl_state_close(cl);
        weft__cl_durable_resource_stopped(cl, NULL);
        drop_resource(cl, NULL);
        unsubscribe(cl->reply_sub);
        reject_all(l, "the server is stopping");
        if (cl->nc) {
            N.natsConnection_Close(cl->nc);
            N.natsConnection_Destroy(cl->nc);
        }
        weft__cl_loop_release(cl);
        uv_mutex_lock(&l->lock);
        uv_close((uv_handle_t *)l->async, async_closed);
        l->async = NULL;
        uv_mutex_unlock(&l->lock);
        weft__cl_link_release(l);
    }
}

static void cluster_free(weft__cluster *cl)
{
    if (cl->kv_lock_init) uv_mutex_destroy(&cl->kv_lock);
    free(cl);
}

static void cluster_free_cb(uv_handle_t *t)
{
    cluster_free(t->data);
}

static const weft_native natives[] = {
    {"TriggerClusterEvent", n_trigger, NULL},
    {"RegisterClusterEvent", n_register, NULL},
    {"ProvideClusterExports", n_provide, NULL},
    {"GetClusterServerName", n_server_name, NULL},
    {"WeftClusterCall", NULL, n_call},
    {"GetClusterEventInfo", n_event_info, NULL},
    {"WeftClusterDurableNames", n_durable_names, NULL},
    {NULL, NULL, NULL},
};

/* At quit: close the link, then free cl (after its timer closed). */
static void cluster_close_and_free(weft_host *h, void *ud)
{
    weft__cluster *cl = ud;
    cluster_close(h, ud);
    if (cl->sweep_open)
        uv_close((uv_handle_t *)&cl->sweep, cluster_free_cb); /* sweep.data == cl */
    else
        cluster_free(cl);
}

int weft__api_cluster_open(weft_host *h)
{
    weft__cluster *cl = calloc(1, sizeof *cl);
    if (!cl) return WEFT_ENOMEM;
    cl->h = h;
    int rc = weft_host_register_natives(h, natives, cl);
    if (rc == 0) rc = weft__cl_state_open(h, cl);
    if (rc == 0) rc = weft__natives_on_close(h, cluster_close_and_free, cl);
    if (rc < 0) {
        cluster_free(cl);
        return rc;
    }
    WEFT_SRV(h)->cluster = cl;
    return 0;
}
