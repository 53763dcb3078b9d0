/* durable.c: the consumer side of durable cluster events (docs/cluster.md,
 * "Durable events"): one durable JetStream push consumer per server +
 * resource + event name on the stream WEFT_EVENTS, created on libuv's thread
 * pool (a blocking request), read as a synchronous subscription drained on
 * the loop thread like core events; each message is dispatched to that
 * resource's handlers only, then acked (every handler returned), nak'ed with
 * a delay (a handler raised, or none ran) or terminated at the last allowed
 * delivery. Ids acked here lately are remembered: a redelivery of one (a lost
 * ack, a second copy stored after the duplicate window) is acked again
 * without running the handlers. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "api/args.h"
#include "host/msgpack.h"
#include "cluster/cluster_int.h"

struct cl_dreg {
    uint64_t id;
    char *resource, *name;
    char subj[224];
    char consumer[120];
    natsSubscription *sub;
    int queued;                            /* a subscribe job is on the thread pool */
    int dead;                              /* its resource stopped: freed after the drain */
    int logged;                            /* its failure was logged (once until it works) */
    uint64_t retry_ns;                     /* when to try subscribing again (0: not failed) */
    uint64_t seen[WEFT_CLUSTER_DEDUP_IDS]; /* hashes of ids acked here, a ring */
    size_t seen_next;
    struct cl_dreg *next;
};

typedef struct dsub_work {
    uv_work_t req;
    weft__cluster *cl;
    cl_link *link;
    uint64_t reg;
    char subj[224], consumer[120];
    int ack_wait_ms;
    natsSubscription *sub;
    char err[400];
} dsub_work;

static uint64_t hash64(const char *s, size_t n)
{
    uint64_t h = 1469598103934665603ull;
    for (size_t i = 0; i < n; i++)
        h = (h ^ (unsigned char)s[i]) * 1099511628211ull;
    return h ? h : 1;
}

/* weft_clusterDurableEvents: a comma-separated list of names made durable on
 * this server (surrounding spaces ignored); up to cap of them into names/lens
 * (pointing into the convar's value). Returns how many. */
int weft__cl_durable_names(weft__cluster *cl, const char **names, size_t *lens, int cap)
{
    const char *l = weft__convars_get(&WEFT_SRV(cl->h)->convars, "weft_clusterDurableEvents", "");
    int n = 0;
    while (*l && n < cap) {
        while (*l == ' ' || *l == ',')
            l++;
        const char *e = l;
        while (*e && *e != ',')
            e++;
        const char *t = e;
        while (t > l && t[-1] == ' ')
            t--;
        if (t > l) {
            names[n] = l;
            lens[n++] = (size_t)(t - l);
        }
        l = e;
    }
    return n;
}

int weft__cl_durable_listed(weft__cluster *cl, const char *name)
{
    const char *names[WEFT__CL_MAX_DURABLE_NAMES];
    size_t lens[WEFT__CL_MAX_DURABLE_NAMES], len = strlen(name);
    int n = weft__cl_durable_names(cl, names, lens, WEFT__CL_MAX_DURABLE_NAMES);
    for (int i = 0; i < n; i++)
        if (lens[i] == len && !memcmp(names[i], name, len)) return 1;
    return 0;
}

/* ---- consumers (thread pool) ------------------------------------------------- */

static void dsub_work_cb(uv_work_t *req)
{
    dsub_work *w = req->data;
    weft__cluster *cl = w->cl;
    uv_mutex_lock(&w->link->lock);
    int stopping = cl->watch_stop < 0, up = w->link->link_up;
    uv_mutex_unlock(&w->link->lock);
    if (stopping || !up) {
        snprintf(w->err, sizeof w->err,
                 stopping ? "the server is stopping" : "the cluster link is down");
        goto done;
    }
    if (weft__cl_open_stream(cl, w->err, sizeof w->err) < 0) goto done;
    /* The consumer is made here and then bound to: a consumer that
     * js_SubscribeSync made itself would be deleted by the unsubscribe at
     * the resource's stop (libnats' rule), and the backlog with it. Its
     * deliver subject is fixed, so every later binding finds it. */
    char deliver[160];
    snprintf(deliver, sizeof deliver, "weft.dlv.%s", w->consumer);
    jsConsumerConfig cc;
    N.jsConsumerConfig_Init(&cc);
    cc.Durable = w->consumer;
    cc.DeliverSubject = deliver;
    cc.FilterSubject = w->subj;
    cc.AckPolicy = js_AckExplicit;
    cc.AckWait = (int64_t)w->ack_wait_ms * 1000000;
    cc.MaxDeliver = WEFT_CLUSTER_MAX_DELIVER;
    cc.MaxAckPending = WEFT_CLUSTER_MAX_ACK_PENDING;
    cc.DeliverPolicy = js_DeliverNew;
    jsConsumerInfo *ci = NULL;
    jsErrCode jerr = 0;
    natsStatus s = N.js_AddConsumer(&ci, cl->js, "WEFT_EVENTS", &cc, NULL, &jerr);
    char e[300] = "";
    if (s != NATS_OK) /* it may exist with another configuration: bind to it anyway */
        weft__cl_nats_error(s, e, sizeof e);
    if (ci) N.jsConsumerInfo_Destroy(ci);
    jsSubOptions so;
    N.jsSubOptions_Init(&so);
    so.Stream = "WEFT_EVENTS";
    so.Consumer = w->consumer;
    so.ManualAck = true;
    s = N.js_SubscribeSync(&w->sub, cl->js, w->subj, NULL, &so, &jerr);
    if (s != NATS_OK) {
        if (!*e) weft__cl_nats_error(s, e, sizeof e);
        snprintf(w->err, sizeof w->err, "consumer %.100s: %.280s", w->consumer, e);
        w->sub = NULL;
        goto done;
    }
    N.natsSubscription_SetPendingLimits(w->sub, WEFT_CLUSTER_PENDING_MSGS,
                                        WEFT_CLUSTER_PENDING_BYTES);
    uv_mutex_lock(&w->link->lock);
    stopping = cl->watch_stop < 0;
    uv_mutex_unlock(&w->link->lock);
    if (stopping) { /* close is waiting for us: the loop will not take it */
        N.natsSubscription_Destroy(w->sub);
        w->sub = NULL;
    }
done:
    weft__cl_work_done(cl);
}

static struct cl_dreg *find_reg(weft__cluster *cl, uint64_t id)
{
    for (struct cl_dreg *g = cl->dregs; g; g = g->next)
        if (g->id == id) return g;
    return NULL;
}

static void dsub_after_cb(uv_work_t *req, int status)
{
    dsub_work *w = req->data;
    cl_link *l = w->link;
    uv_mutex_lock(&l->lock);
    int closed = l->async == NULL;
    uv_mutex_unlock(&l->lock);
    struct cl_dreg *g = closed ? NULL : find_reg(w->cl, w->reg);
    if (g) {
        g->queued = 0;
        if (w->sub) {
            g->sub = w->sub;
            w->sub = NULL;
            g->retry_ns = 0;
            if (g->logged)
                weft__log(w->cl->h, "cluster", "durable event %s for %s: consumer %s ready",
                          g->name, g->resource, g->consumer);
            g->logged = 0;
            weft__cl_drain(w->cl); /* what arrived before the loop had it */
        } else {
            g->retry_ns = uv_hrtime() + (uint64_t)WEFT_CLUSTER_DURABLE_RETRY_MS * 1000000;
            if (!g->logged)
                weft__log(w->cl->h, "cluster",
                          "durable event %s for %s: no consumer yet (%s); retrying every %d ms",
                          g->name, g->resource, w->err, WEFT_CLUSTER_DURABLE_RETRY_MS);
            g->logged = 1;
        }
    }
    if (w->sub) { /* its registration ended meanwhile */
        N.natsSubscription_Unsubscribe(w->sub);
        N.natsSubscription_Destroy(w->sub);
    }
    weft__cl_link_release(l);
    free(w);
}

static void queue_subscribe(weft__cluster *cl, struct cl_dreg *g)
{
    dsub_work *w = calloc(1, sizeof *w);
    if (!w) return;
    w->cl = cl;
    w->link = cl->link;
    w->reg = g->id;
    w->ack_wait_ms = weft__convars_get_int(&WEFT_SRV(cl->h)->convars, "weft_clusterAckWaitMs",
                                           WEFT_CLUSTER_ACK_WAIT_MS);
    if (w->ack_wait_ms < 1000) w->ack_wait_ms = 1000;
    snprintf(w->subj, sizeof w->subj, "%s", g->subj);
    snprintf(w->consumer, sizeof w->consumer, "%s", g->consumer);
    uv_mutex_lock(&cl->link->lock);
    cl->link->refs++;
    uv_mutex_unlock(&cl->link->lock);
    g->queued = 1;
    if (weft__cl_work_queue(cl, &w->req, w, dsub_work_cb, dsub_after_cb) < 0) {
        g->queued = 0;
        g->retry_ns = uv_hrtime() + (uint64_t)WEFT_CLUSTER_DURABLE_RETRY_MS * 1000000;
        weft__cl_link_release(cl->link);
        free(w);
    }
}

/* RegisterClusterEvent(name, {durable = true}) from `resource`: 0, or a
 * negative WEFT_E*. The consumer comes later (thread pool); events stored
 * meanwhile wait in the stream. */
int weft__cl_durable_register(weft__cluster *cl, const char *resource, const char *name,
                              const char *tok)
{
    for (struct cl_dreg *g = cl->dregs; g; g = g->next)
        if (!strcmp(g->resource, resource) && !strcmp(g->name, name)) return 0;
    struct cl_dreg *g = calloc(1, sizeof *g);
    if (!g || !(g->resource = strdup(resource)) || !(g->name = strdup(name))) {
        if (g) free(g->resource);
        free(g);
        return WEFT_ENOMEM;
    }
    g->id = ++cl->next_dreg;
    snprintf(g->subj, sizeof g->subj, "weft.dev.%s", tok);
    /* consumer names: no '.', '*', '>' or spaces; the hash tells apart
     * resources and names that map to the same tokens */
    char rtok[208];
    if (weft__cl_token(resource, rtok, sizeof rtok) < 0) snprintf(rtok, sizeof rtok, "_");
    size_t rl = strlen(resource), nl = strlen(name);
    char *both = malloc(rl + nl + 2);
    if (!both) {
        free(g->resource);
        free(g->name);
        free(g);
        return WEFT_ENOMEM;
    }
    memcpy(both, resource, rl + 1);
    memcpy(both + rl + 1, name, nl);
    snprintf(g->consumer, sizeof g->consumer, "weft_%s_%.48s_%016" PRIx64, cl->link->name, rtok,
             hash64(both, rl + 1 + nl));
    free(both);
    g->next = cl->dregs;
    cl->dregs = g;
    queue_subscribe(cl, g);
    return 0;
}

/* The sweep timer: subscribe again where it failed (link down, JetStream
 * not ready), every WEFT_CLUSTER_DURABLE_RETRY_MS while the link is up. */
void weft__cl_durable_tick(weft__cluster *cl)
{
    if (!cl->dregs) return;
    uint64_t now = uv_hrtime();
    uv_mutex_lock(&cl->link->lock);
    int up = cl->link->link_up;
    uv_mutex_unlock(&cl->link->lock);
    if (!up) return;
    for (struct cl_dreg *g = cl->dregs; g; g = g->next)
        if (!g->sub && !g->queued && g->retry_ns && now >= g->retry_ns) queue_subscribe(cl, g);
}

/* ---- delivery (loop thread) ----------------------------------------------------- */

static int seen_has(struct cl_dreg *g, uint64_t h)
{
    for (size_t i = 0; i < WEFT_CLUSTER_DEDUP_IDS; i++)
        if (g->seen[i] == h) return 1;
    return 0;
}

static void seen_add(struct cl_dreg *g, uint64_t h)
{
    g->seen[g->seen_next] = h;
    g->seen_next = (g->seen_next + 1) % WEFT_CLUSTER_DEDUP_IDS;
}

static void handle_durable(weft__cluster *cl, struct cl_dreg *g, natsMsg *msg)
{
    const char *p = N.natsMsg_GetData(msg);
    size_t len = (size_t)N.natsMsg_GetDataLength(msg);
    weft__mp_reader r = {(const uint8_t *)p, (const uint8_t *)p + len};
    weft__mp_token t, origin, name;
    if (weft__codec_mp_next(&r, &t) < 0 || t.type != WEFT__MP_ARRAY || t.len != 3 ||
        weft__codec_mp_next(&r, &origin) < 0 || origin.type != WEFT__MP_STR || origin.len > 32 ||
        weft__codec_mp_next(&r, &name) < 0 || name.type != WEFT__MP_STR || name.len > 200) {
        weft__log(cl->h, "cluster", "durable event for %s: malformed (%zu bytes), terminated",
                  g->resource, len);
        N.natsMsg_Term(msg, NULL);
        return;
    }
    char src[40], ev[208], id[140] = "?";
    snprintf(src, sizeof src, "%.*s", (int)origin.len, origin.p);
    snprintf(ev, sizeof ev, "%.*s", (int)name.len, name.p);
    if (strcmp(ev, g->name)) { /* another name with the same subject token */
        N.natsMsg_Ack(msg, NULL);
        return;
    }
    const char *hid = NULL;
    if (N.natsMsgHeader_Get(msg, "Nats-Msg-Id", &hid) == NATS_OK && hid)
        snprintf(id, sizeof id, "%s", hid);
    jsMsgMetaData *meta = NULL;
    uint64_t delivery = 1, seq = 0;
    if (N.natsMsg_GetMetaData(&meta, msg) == NATS_OK) {
        delivery = meta->NumDelivered;
        seq = meta->Sequence.Stream;
        N.jsMsgMetaData_Destroy(meta);
    }
    uint64_t idh = hash64(id, strlen(id));
    if (seen_has(g, idh)) { /* handled and acked here already */
        N.natsMsg_Ack(msg, NULL);
        return;
    }
    weft__resource *res = weft__srv_find(cl->h, g->resource);
    int errors = 0, ran = 0;
    if (res && res->state == WEFT_RES_STARTED) {
        cl_dinfo info = {src, id, delivery, seq, 1, cl->dinfo};
        cl->dinfo = &info;
        ran = weft__ev_emit_to(cl->h, res, ev, (const char *)r.p, (size_t)(r.end - r.p), src,
                               &errors);
        cl->dinfo = info.prev;
    }
    if (ran && !errors) {
        seen_add(g, idh);
        N.natsMsg_Ack(msg, NULL);
        return;
    }
    const char *why = !res || res->state != WEFT_RES_STARTED ? "the resource is not running"
                      : !ran                                 ? "it has no handler for it"
                                                             : "a handler raised";
    if (delivery >= WEFT_CLUSTER_MAX_DELIVER) {
        weft__log(cl->h, "cluster",
                  "durable event %s (id %s) given up after %" PRIu64 " deliveries to %s (%s)", ev,
                  id, delivery, g->resource, why);
        N.natsMsg_Term(msg, NULL);
        return;
    }
    weft__log(cl->h, "cluster",
              "durable event %s (id %s, delivery %" PRIu64 " of %d) not handled by %s (%s): "
              "redelivery in %d ms",
              ev, id, delivery, WEFT_CLUSTER_MAX_DELIVER, g->resource, why,
              WEFT_CLUSTER_NAK_DELAY_MS);
    N.natsMsg_NakWithDelay(msg, WEFT_CLUSTER_NAK_DELAY_MS, NULL);
}

/* Take and handle up to `budget` messages of the durable subscriptions.
 * Returns how many were taken. */
size_t weft__cl_durable_drain(weft__cluster *cl, size_t budget)
{
    size_t done = 0;
    if (cl->ddraining) return 0; /* a handler's nested drain: the outer one goes on */
    cl->ddraining = 1;
    for (struct cl_dreg *g = cl->dregs; g && done < budget; g = g->next) {
        natsMsg *m = NULL;
        while (g->sub && !g->dead && done < budget &&
               N.natsSubscription_NextMsg(&m, g->sub, 0) == NATS_OK) {
            done++;
            handle_durable(cl, g, m);
            N.natsMsg_Destroy(m);
        }
    }
    cl->ddraining = 0;
    /* registrations ended by a handler (its resource stopped) */
    for (struct cl_dreg **pp = &cl->dregs; *pp;) {
        struct cl_dreg *g = *pp;
        if (!g->dead) {
            pp = &g->next;
            continue;
        }
        *pp = g->next;
        if (g->sub) {
            /* what it holds but did not handle comes again to the next
             * registration (nak: no wait for the ack wait) */
            natsMsg *m = NULL;
            int naked = 0;
            while (N.natsSubscription_NextMsg(&m, g->sub, 0) == NATS_OK) {
                N.natsMsg_NakWithDelay(m, WEFT_CLUSTER_NAK_DELAY_MS, NULL);
                N.natsMsg_Destroy(m);
                naked++;
            }
            if (naked)
                weft__log(cl->h, "cluster",
                          "durable event %s: %d deliveries not handled (%s stopped), they come "
                          "again to its next registration",
                          g->name, naked, g->resource);
            N.natsSubscription_Unsubscribe(g->sub);
            N.natsSubscription_Destroy(g->sub);
        }
        free(g->resource);
        free(g->name);
        free(g);
    }
    return done;
}

/* A resource stopped (NULL: the server closes): its consumers' subscriptions
 * end; the consumers stay in NATS, so messages not acked come again to its
 * next registration (after the ack wait). */
void weft__cl_durable_resource_stopped(weft__cluster *cl, const char *resource)
{
    for (struct cl_dreg *g = cl->dregs; g; g = g->next)
        if (!resource || !strcmp(g->resource, resource)) g->dead = 1;
    if (!cl->ddraining) weft__cl_durable_drain(cl, 0);
}

/* GetClusterEventInfo() -> {origin, id, delivery, seq, durable} inside a
 * cluster event's handler (id, delivery and seq for durable ones), else nil. */
int weft__cl_event_info(weft__cluster *cl, char **result, size_t *rlen)
{
    cl_dinfo *d = cl->dinfo;
    if (!d) return weft__res_nil(result, rlen);
    msgpack_sbuffer sb;
    msgpack_packer pk;
    weft__res_begin(&sb, &pk);
    msgpack_pack_map(&pk, d->durable ? 5 : 2);
    msgpack_pack_str_with_body(&pk, "origin", 6);
    msgpack_pack_str_with_body(&pk, d->origin, strlen(d->origin));
    msgpack_pack_str_with_body(&pk, "durable", 7);
    if (d->durable) {
        msgpack_pack_true(&pk);
        msgpack_pack_str_with_body(&pk, "id", 2);
        msgpack_pack_str_with_body(&pk, d->id, strlen(d->id));
        msgpack_pack_str_with_body(&pk, "delivery", 8);
        msgpack_pack_uint64(&pk, d->delivery);
        msgpack_pack_str_with_body(&pk, "seq", 3);
        msgpack_pack_uint64(&pk, d->seq);
    } else {
        msgpack_pack_false(&pk);
    }
    return weft__res_take(&sb, result, rlen);
}
