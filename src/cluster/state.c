/* state.c: cluster-wide state in a JetStream key-value bucket (docs/cluster.md):
 * get/set/delete with revision checks and ownership leases as async natives
 * whose blocking libnats calls run on libuv's thread pool; watches served by
 * one watcher thread per server (kvStore_WatchAll, filtered on the loop),
 * each change delivered as a local event to the watching resource; and the
 * producer side of durable events (TriggerDurableClusterEvent: JetStream
 * publish with a message id, on the same thread pool path).
 * Invariant: at close, no work request touches the bucket any more (close
 * waits for those running) and the watcher thread is joined. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "api/args.h"
#include "host/msgpack.h"
#include "cluster/cluster_int.h"

enum { OP_GET, OP_SET, OP_DELETE, OP_ACQUIRE, OP_RELEASE, OP_RENEW, OP_OWNER, OP_DPUB };

typedef struct kv_work {
    uv_work_t req;
    weft__cluster *cl;
    weft_call *call;
    int op;
    char key[260];             /* OP_DPUB: the message id */
    char subj[224], name[208]; /* OP_DPUB: weft.dev.<token>, the event name */
    char *value;               /* msgpack (OP_SET, OP_DPUB) */
    size_t len;
    int64_t revision; /* OP_SET: -1 unconditional, 0 create, n update; OP_RENEW: held */
    /* lease results, read on the loop thread by kv_after_cb */
    int ok, lost;
    char err[200]; /* OP_RENEW: why it failed */
    uint64_t rev, sent_ns;
} kv_work;

static uv_mutex_t *kv_lock_of(weft__cluster *cl)
{
    return &cl->kv_lock;
}

static int valid_key(const char *k)
{
    size_t n = strlen(k);
    if (!n || n > 255 || k[0] == '.' || k[n - 1] == '.') return 0;
    for (size_t i = 0; i < n; i++) {
        char c = k[i];
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
              c == '-' || c == '/' || c == '_' || c == '=' || c == '.'))
            return 0;
    }
    return 1;
}

/* Work thread, under the kv lock: a bucket, opened (or created) once. */
static kvStore *open_bucket(weft__cluster *cl, kvStore **kv, const char *name, int64_t ttl_ns,
                            char *err, size_t cap)
{
    if (*kv) return *kv;
    natsStatus s = NATS_OK;
    if (!cl->js) s = N.natsConnection_JetStream(&cl->js, cl->nc, NULL);
    if (s == NATS_OK) s = N.js_KeyValue(kv, cl->js, name);
    if (s == NATS_NOT_FOUND) {
        kvConfig cfg;
        N.kvConfig_Init(&cfg);
        cfg.Bucket = name;
        cfg.History = 1;
        cfg.TTL = ttl_ns;
        cfg.MaxValueSize = WEFT_CLUSTER_MAX_PAYLOAD;
        cfg.Replicas = cl->replicas;
        s = N.js_CreateKeyValue(kv, cl->js, &cfg);
        if (s != NATS_OK) s = N.js_KeyValue(kv, cl->js, name); /* a race: made elsewhere */
    }
    if (s != NATS_OK) {
        char e[256];
        weft__cl_nats_error(s, e, sizeof e);
        snprintf(err, cap,
                 "the cluster state bucket \"%s\" is not available (is JetStream on? nats-server "
                 "-js): %s",
                 name, e);
        *kv = NULL;
    }
    return *kv;
}

static kvStore *open_kv(weft__cluster *cl, char *err, size_t cap)
{
    return open_bucket(cl, &cl->kv, cl->bucket, 0, err, cap);
}

/* Leases live in BUCKET_leases, whose entries expire lease_ttl_ms after their
 * last write: owners renew (lease_tick). */
static kvStore *open_leases(weft__cluster *cl, char *err, size_t cap)
{
    char name[80];
    snprintf(name, sizeof name, "%s_leases", cl->bucket);
    return open_bucket(cl, &cl->lkv, name, (int64_t)cl->lease_ttl_ms * 1000000, err, cap);
}

static void reject_nats(kv_work *w, const char *what, natsStatus s)
{
    char e[256], msg[600];
    weft__cl_nats_error(s, e, sizeof e);
    snprintf(msg, sizeof msg, "%s \"%s\": %s", what, w->key, e);
    weft_call_reject(w->call, msg);
}

static int is_conflict(natsStatus s)
{
    if (s != NATS_ERR) return 0;
    natsStatus ls;
    const char *t = N.nats_GetLastError(&ls);
    return t && (strstr(t, "wrong last sequence") || strstr(t, "exists"));
}

static void resolve_rev(weft_call *call, uint64_t rev)
{
    if (!call) return;
    char *buf = NULL;
    size_t len = 0;
    if (weft__res_int((int64_t)rev, &buf, &len) == 0)
        weft_call_resolve(call, buf, len);
    else
        weft_call_reject(call, "out of memory");
    free(buf);
}

/* The lease's owner text from its msgpack value ("" when released). */
static void owner_of(kvEntry *e, char *buf, size_t cap)
{
    const char *p = N.kvEntry_Value(e);
    int n = N.kvEntry_ValueLen(e);
    weft__mp_reader r = {(const uint8_t *)p, (const uint8_t *)p + (n > 0 ? n : 0)};
    weft__mp_token t;
    buf[0] = 0;
    if (n > 0 && weft__codec_mp_next(&r, &t) == 0 && t.type == WEFT__MP_STR)
        snprintf(buf, cap, "%.*s", (int)t.len, t.p);
}

static void lease_ok(kv_work *w, uint64_t rev)
{
    w->ok = 1;
    w->rev = rev;
    resolve_rev(w->call, rev);
}

#define WEFT__LEASE_UNAVAILABLE_TRIES 6

static void lease_op(kv_work *w, kvStore *kv)
{
    weft__cluster *cl = w->cl;
    const char *me = cl->link->name;
    char mine[48], msg[600], owner[64];
    mine[0] = (char)(0xa0 | strlen(me)); /* fixstr: names are <= 32 bytes */
    memcpy(mine + 1, me, strlen(me));
    int mlen = 1 + (int)strlen(me);
    const char *lease = w->key + 6; /* after "lease." */
    uint64_t rev = 0;
    natsStatus s;
    if (w->op == OP_RENEW) {
        w->sent_ns = uv_hrtime();
        s = N.kvStore_Update(&rev, kv, w->key, mine, mlen, (uint64_t)w->revision);
        w->ok = s == NATS_OK;
        w->lost = !w->ok && is_conflict(s);
        w->rev = rev;
        if (!w->ok) weft__cl_nats_error(s, w->err, sizeof w->err);
        return;
    }
    if (w->op == OP_OWNER) {
        kvEntry *e = NULL;
        s = N.kvStore_Get(&e, kv, w->key);
        if (s == NATS_NOT_FOUND) return (void)weft_call_resolve(w->call, NULL, 0);
        if (s != NATS_OK) return reject_nats(w, "ClusterLease.owner", s);
        owner_of(e, owner, sizeof owner);
        N.kvEntry_Destroy(e);
        char *buf = NULL;
        size_t blen = 0;
        if (*owner && weft__res_str(owner, strlen(owner), &buf, &blen) == 0)
            weft_call_resolve(w->call, buf, blen);
        else
            weft_call_resolve(w->call, NULL, 0);
        free(buf);
        return;
    }
    /* JetStream answers "no responders" while the bucket's stream elects a
     * leader (just after the bucket is made, or after a route heals): an
     * acquire tries again for up to WEFT__LEASE_UNAVAILABLE_TRIES x 200 ms
     * (seen in a CI run: the first acquires of a lease race, right after the
     * leases' bucket was created, were refused so) */
    int unavailable = 0;
    for (int attempt = 0; attempt < 3; attempt++) {
        w->sent_ns = uv_hrtime();
        if (w->op == OP_ACQUIRE) {
            s = N.kvStore_Create(&rev, kv, w->key, mine, mlen);
            if (s == NATS_OK) return lease_ok(w, rev);
            if (s == NATS_NO_RESPONDERS && ++unavailable < WEFT__LEASE_UNAVAILABLE_TRIES) {
                uv_sleep(200);
                attempt--;
                continue;
            }
            if (!is_conflict(s)) return reject_nats(w, "ClusterLease.acquire", s);
        }
        kvEntry *e = NULL;
        s = N.kvStore_Get(&e, kv, w->key);
        if (s == NATS_NOT_FOUND) {
            if (w->op == OP_RELEASE) {
                snprintf(msg, sizeof msg, "lease %s is not owned by %s (it is free)", lease, me);
                return (void)weft_call_reject(w->call, msg);
            }
            continue; /* deleted meanwhile: create again */
        }
        if (s != NATS_OK) return reject_nats(w, "ClusterLease", s);
        owner_of(e, owner, sizeof owner);
        uint64_t at = N.kvEntry_Revision(e);
        N.kvEntry_Destroy(e);
        if (w->op == OP_ACQUIRE) {
            /* free, or this server's own (held, or given up locally while
             * the entry lives on): write it, so that the entry's TTL restarts
             * at this write, as the local give-up deadline (sent_ns) does */
            if (*owner && strcmp(owner, me)) {
                snprintf(msg, sizeof msg, "lease %s is owned by %s", lease, owner);
                return (void)weft_call_reject(w->call, msg);
            }
            s = N.kvStore_Update(&rev, kv, w->key, mine, mlen, at);
        } else {
            if (strcmp(owner, me)) {
                snprintf(msg, sizeof msg, "lease %s is not owned by %s (%s%s)", lease, me,
                         *owner ? "owner: " : "it is free", owner);
                return (void)weft_call_reject(w->call, msg);
            }
            s = N.kvStore_Update(&rev, kv, w->key, "\xa0", 1, at);
        }
        if (s == NATS_OK) return lease_ok(w, rev);
        if (!is_conflict(s)) return reject_nats(w, "ClusterLease", s);
        /* someone wrote between our read and write: read again */
    }
    snprintf(msg, sizeof msg, "lease %s: too much contention, try again", lease);
    weft_call_reject(w->call, msg);
}

/* Work thread, under the kv lock: the durable events' stream, made once. */
static int open_stream_locked(weft__cluster *cl, char *err, size_t cap)
{
    if (cl->stream_ok) return 0;
    natsStatus s = NATS_OK;
    if (!cl->js) s = N.natsConnection_JetStream(&cl->js, cl->nc, NULL);
    jsErrCode jerr = 0;
    if (s == NATS_OK) {
        jsStreamConfig cfg;
        const char *subjects[] = {"weft.dev.>"};
        N.jsStreamConfig_Init(&cfg);
        cfg.Name = "WEFT_EVENTS";
        cfg.Subjects = subjects;
        cfg.SubjectsLen = 1;
        cfg.Storage = js_FileStorage;
        cfg.MaxAge = (int64_t)WEFT_CLUSTER_EVENT_MAX_AGE_MS * 1000000;
        cfg.Duplicates = (int64_t)WEFT_CLUSTER_DUP_WINDOW_MS * 1000000;
        cfg.MaxMsgSize = WEFT_CLUSTER_MAX_PAYLOAD;
        cfg.Replicas = cl->replicas;
        s = N.js_AddStream(NULL, cl->js, &cfg, NULL, &jerr);
        if (s != NATS_OK && jerr == JSStreamNameExistErr) s = NATS_OK; /* made elsewhere */
        if (s != NATS_OK && jerr == JSStreamSubjectOverlapErr) {
            /* NATS 2.9 answers "subjects overlap" to the loser of two servers
             * creating the stream at once: it is fine if WEFT_EVENTS exists now */
            jsStreamInfo *si = NULL;
            jsErrCode jerr2 = 0;
            if (N.js_GetStreamInfo(&si, cl->js, "WEFT_EVENTS", NULL, &jerr2) == NATS_OK) {
                N.jsStreamInfo_Destroy(si);
                s = NATS_OK;
            }
        }
    }
    if (s != NATS_OK) {
        char e[256];
        weft__cl_nats_error(s, e, sizeof e);
        snprintf(err, cap,
                 "the durable events' stream WEFT_EVENTS is not available (is JetStream on? "
                 "nats-server -js): %s",
                 e);
        return WEFT_EIO;
    }
    cl->stream_ok = 1;
    return 0;
}

/* Work thread: store a durable event (the PubAck says whether its id was
 * already stored inside the duplicate window). */
static void dpub_op(kv_work *w)
{
    weft__cluster *cl = w->cl;
    jsPubOptions po;
    N.jsPubOptions_Init(&po);
    po.MsgId = w->key;
    po.MaxWait = WEFT_CLUSTER_CALL_TIMEOUT_MS;
    jsPubAck *pa = NULL;
    jsErrCode jerr = 0;
    natsStatus s = N.js_Publish(&pa, cl->js, w->subj, w->value, (int)w->len, &po, &jerr);
    if (s != NATS_OK) {
        char e[256], msg[800];
        weft__cl_nats_error(s, e, sizeof e);
        snprintf(msg, sizeof msg, "durable event %.200s not confirmed (id %.128s): %.255s", w->name,
                 w->key, e);
        weft_call_reject(w->call, msg);
        return;
    }
    msgpack_sbuffer sb;
    msgpack_packer pk;
    weft__res_begin(&sb, &pk);
    msgpack_pack_map(&pk, 2);
    msgpack_pack_str_with_body(&pk, "seq", 3);
    msgpack_pack_uint64(&pk, pa->Sequence);
    msgpack_pack_str_with_body(&pk, "duplicate", 9);
    if (pa->Duplicate)
        msgpack_pack_true(&pk);
    else
        msgpack_pack_false(&pk);
    N.jsPubAck_Destroy(pa);
    weft_call_resolve(w->call, sb.data, sb.size);
    msgpack_sbuffer_destroy(&sb);
}

static void kv_work_cb(uv_work_t *req)
{
    kv_work *w = req->data;
    weft__cluster *cl = w->cl;
    char err[400];
    uv_mutex_t *lk = kv_lock_of(cl);
    uv_mutex_lock(&cl->link->lock);
    int stopping = cl->watch_stop < 0;
    uv_mutex_unlock(&cl->link->lock);
    uv_mutex_lock(lk);
    if (w->op == OP_DPUB) {
        int ok = !stopping && open_stream_locked(cl, err, sizeof err) == 0;
        uv_mutex_unlock(lk);
        if (stopping) snprintf(err, sizeof err, "the server is stopping");
        if (ok)
            dpub_op(w);
        else
            weft_call_reject(w->call, err);
        goto done;
    }
    int lease = w->op >= OP_ACQUIRE;
    kvStore *kv = stopping ? NULL
                  : lease  ? open_leases(cl, err, sizeof err)
                           : open_kv(cl, err, sizeof err);
    uv_mutex_unlock(lk);
    if (stopping) snprintf(err, sizeof err, "the server is stopping");
    if (!kv) {
        if (w->call) weft_call_reject(w->call, err);
    } else if (w->op == OP_GET) {
        kvEntry *e = NULL;
        natsStatus s = N.kvStore_Get(&e, kv, w->key);
        if (s == NATS_NOT_FOUND) {
            weft_call_resolve(w->call, NULL, 0);
        } else if (s != NATS_OK) {
            reject_nats(w, "ClusterState.get", s);
        } else {
            msgpack_sbuffer sb;
            msgpack_packer pk;
            weft__res_begin(&sb, &pk);
            msgpack_pack_map(&pk, 2);
            msgpack_pack_str_with_body(&pk, "value", 5);
            int n = N.kvEntry_ValueLen(e);
            if (n > 0)
                msgpack_sbuffer_write(&sb, N.kvEntry_Value(e), (size_t)n);
            else
                msgpack_pack_nil(&pk);
            msgpack_pack_str_with_body(&pk, "revision", 8);
            msgpack_pack_uint64(&pk, N.kvEntry_Revision(e));
            N.kvEntry_Destroy(e);
            weft_call_resolve(w->call, sb.data, sb.size);
            msgpack_sbuffer_destroy(&sb);
        }
    } else if (w->op == OP_SET) {
        uint64_t rev = 0;
        natsStatus s;
        if (w->revision < 0)
            s = N.kvStore_Put(&rev, kv, w->key, w->value, (int)w->len);
        else if (w->revision == 0)
            s = N.kvStore_Create(&rev, kv, w->key, w->value, (int)w->len);
        else
            s = N.kvStore_Update(&rev, kv, w->key, w->value, (int)w->len, (uint64_t)w->revision);
        if (s == NATS_OK) {
            resolve_rev(w->call, rev);
        } else if (w->revision >= 0 && is_conflict(s)) {
            char msg[400];
            snprintf(msg, sizeof msg, "revision conflict on %s (expected revision %" PRId64 ")",
                     w->key, w->revision);
            weft_call_reject(w->call, msg);
        } else {
            reject_nats(w, "ClusterState.set", s);
        }
    } else if (w->op == OP_DELETE) {
        natsStatus s = N.kvStore_Delete(kv, w->key);
        if (s == NATS_OK)
            weft_call_resolve(w->call, NULL, 0);
        else
            reject_nats(w, "ClusterState.delete", s);
    } else {
        lease_op(w, kv);
    }
done:
    weft__cl_work_done(cl);
}

static void lease_after(kv_work *w);

static void kv_after_cb(uv_work_t *req, int status)
{
    kv_work *w = req->data;
    if (w->op >= OP_ACQUIRE && w->op <= OP_RENEW) lease_after(w);
    free(w->value);
    free(w);
}

int weft__cl_open_stream(weft__cluster *cl, char *err, size_t cap)
{
    uv_mutex_lock(kv_lock_of(cl));
    int rc = open_stream_locked(cl, err, cap);
    uv_mutex_unlock(kv_lock_of(cl));
    return rc;
}

void weft__cl_work_done(weft__cluster *cl)
{
    cl_link *l = cl->link;
    uv_mutex_lock(&l->lock);
    if (--l->kv_work == 0) uv_cond_broadcast(&l->kv_idle);
    uv_mutex_unlock(&l->lock);
}

int weft__cl_work_queue(weft__cluster *cl, uv_work_t *req, void *data, uv_work_cb work,
                        uv_after_work_cb after)
{
    req->data = data;
    cl_link *l = cl->link;
    uv_mutex_lock(&l->lock);
    l->kv_work++;
    uv_mutex_unlock(&l->lock);
    if (uv_queue_work(&cl->h->loop, req, work, after) != 0) {
        uv_mutex_lock(&l->lock);
        l->kv_work--;
        uv_mutex_unlock(&l->lock);
        return WEFT_ELOOP;
    }
    return 0;
}

static int queue_kv(weft__cluster *cl, kv_work *w)
{
    int rc = weft__cl_work_queue(cl, &w->req, w, kv_work_cb, kv_after_cb);
    if (rc < 0) {
        free(w->value);
        free(w);
    }
    return rc;
}

/* The shared argument handling of the key-value natives: join, key. */
static int kv_start(weft__cluster *cl, weft_call *call, const char *args, size_t len, int op,
                    const char *prefix)
{
    char msg[400], key[260];
    if (weft__cl_join(cl) < 0) return weft_call_reject(call, cl->err), 0;
    weft__args a;
    if (weft__args_parse(&a, args, len) < 0 || !weft__args_text(&a, 0, key + strlen(prefix), 250)) {
        snprintf(msg, sizeof msg, "%s: the first argument must be a key (a string)",
                 weft_call_native(call));
        return weft_call_reject(call, msg), 0;
    }
    memcpy(key, prefix, strlen(prefix));
    if (!valid_key(key)) {
        snprintf(msg, sizeof msg,
                 "%s: \"%s\" is not a valid key (1-255 bytes of [-/_=.a-zA-Z0-9], no leading "
                 "or trailing '.')",
                 weft_call_native(call), key);
        return weft_call_reject(call, msg), 0;
    }
    kv_work *w = calloc(1, sizeof *w);
    if (!w) return WEFT_ENOMEM;
    w->cl = cl;
    w->call = call;
    w->op = op;
    w->revision = -1;
    snprintf(w->key, sizeof w->key, "%s", key);
    if (op == OP_SET) {
        const char *v = a.n > 1 ? a.raw[1] : "\xc0";
        size_t vl = a.n > 1 ? a.raw_len[1] : 1;
        if (weft__cl_has_ref(v, vl) != 0) {
            free(w);
            snprintf(msg, sizeof msg,
                     "ClusterState.set(\"%s\"): function references cannot cross servers", key);
            return weft_call_reject(call, msg), 0;
        }
        if (vl > WEFT_CLUSTER_MAX_PAYLOAD) {
            free(w);
            snprintf(msg, sizeof msg, "ClusterState.set(\"%s\"): %zu bytes is more than %d", key,
                     vl, WEFT_CLUSTER_MAX_PAYLOAD);
            return weft_call_reject(call, msg), 0;
        }
        if (!(w->value = malloc(vl))) {
            free(w);
            return WEFT_ENOMEM;
        }
        memcpy(w->value, v, vl);
        w->len = vl;
        if (a.n > 2 && a.tok[2].type != WEFT__MP_NIL) {
            w->revision = weft__args_int(&a, 2, -1);
            if (w->revision < 0) {
                free(w->value);
                free(w);
                return weft_call_reject(
                           call, "ClusterState.set: the revision must be 0 or a revision number"),
                       0;
            }
        }
    }
    return queue_kv(cl, w);
}

static int n_get(void *ud, weft_call *call, const char *args, size_t len)
{
    return kv_start(ud, call, args, len, OP_GET, "");
}
static int n_set(void *ud, weft_call *call, const char *args, size_t len)
{
    return kv_start(ud, call, args, len, OP_SET, "");
}
static int n_delete(void *ud, weft_call *call, const char *args, size_t len)
{
    return kv_start(ud, call, args, len, OP_DELETE, "");
}
static int n_acquire(void *ud, weft_call *call, const char *args, size_t len)
{
    return kv_start(ud, call, args, len, OP_ACQUIRE, "lease.");
}
static int n_release(void *ud, weft_call *call, const char *args, size_t len)
{
    return kv_start(ud, call, args, len, OP_RELEASE, "lease.");
}
static int n_owner(void *ud, weft_call *call, const char *args, size_t len)
{
    return kv_start(ud, call, args, len, OP_OWNER, "lease.");
}

/* TriggerDurableClusterEvent(name, id, ...args) -> {seq, duplicate}: stored
 * in JetStream with Nats-Msg-Id = id (nil: one weft makes). Never buffered:
 * with the link down it rejects at once. */
static int n_dpub(void *ud, weft_call *call, const char *args, size_t len)
{
    weft__cluster *cl = ud;
    char msg[500], name[208], tok[208], id[140];
    if (weft__cl_join(cl) < 0) return weft_call_reject(call, cl->err), 0;
    weft__args a;
    if (weft__args_parse(&a, args, len) < 0 || !weft__args_text(&a, 0, name, sizeof name) ||
        a.tok[0].type != WEFT__MP_STR || weft__cl_token(name, tok, sizeof tok) < 0)
        return weft_call_reject(
                   call,
                   "TriggerDurableClusterEvent: the event name must be a string of 1-200 bytes"),
               0;
    if (a.n > 1 && a.tok[1].type != WEFT__MP_NIL) {
        if (a.tok[1].type != WEFT__MP_STR || a.tok[1].len < 1 || a.tok[1].len > 128 ||
            !weft__args_text(&a, 1, id, sizeof id)) {
            snprintf(msg, sizeof msg,
                     "TriggerDurableClusterEvent(\"%s\"): the id must be a string of 1-128 bytes "
                     "or nil",
                     name);
            return weft_call_reject(call, msg), 0;
        }
    } else {
        snprintf(id, sizeof id, "%s-%" PRIx64 "-%" PRIu64, cl->link->name, cl->boot_ns,
                 ++cl->next_dpub);
    }
    kv_work *w = calloc(1, sizeof *w);
    if (!w) return WEFT_ENOMEM;
    msgpack_sbuffer sb;
    if (weft__cl_event_payload(cl, "TriggerDurableClusterEvent", name, args, len, 2, &sb, msg,
                               sizeof msg) < 0) {
        free(w);
        return weft_call_reject(call, msg), 0;
    }
    uv_mutex_lock(&cl->link->lock);
    int up = cl->link->link_up;
    uv_mutex_unlock(&cl->link->lock);
    if (!up) {
        msgpack_sbuffer_destroy(&sb);
        free(w);
        snprintf(msg, sizeof msg, "the cluster link is down (durable event %s not stored, id %s)",
                 name, id);
        return weft_call_reject(call, msg), 0;
    }
    w->cl = cl;
    w->call = call;
    w->op = OP_DPUB;
    w->value = sb.data; /* the sbuffer's malloc'ed data, freed with w */
    w->len = sb.size;
    snprintf(w->key, sizeof w->key, "%s", id);
    snprintf(w->name, sizeof w->name, "%s", name);
    snprintf(w->subj, sizeof w->subj, "weft.dev.%s", tok);
    return queue_kv(cl, w);
}

/* ---- lease renewal (loop thread) --------------------------------------------------- */

static cl_lease **lease_find(weft__cluster *cl, const char *key)
{
    cl_lease **pp = &cl->leases;
    while (*pp && strcmp((*pp)->key, key))
        pp = &(*pp)->next;
    return pp;
}

/* The lease is no longer ours: forget it and tell scripts (clusterLeaseLost). */
static void lease_lost(weft__cluster *cl, cl_lease **pp)
{
    cl_lease *x = *pp;
    *pp = x->next;
    const char *name = x->key + 6;
    weft__log(cl->h, "cluster", "lease %s lost (not renewed in time, or taken)", name);
    msgpack_sbuffer sb;
    msgpack_packer pk;
    weft__res_begin(&sb, &pk);
    msgpack_pack_array(&pk, 1);
    msgpack_pack_str_with_body(&pk, name, strlen(name));
    weft__ev_emit(cl->h, NULL, "clusterLeaseLost", sb.data, sb.size, NULL);
    msgpack_sbuffer_destroy(&sb);
    free(x);
}

static void lease_tick(uv_timer_t *t)
{
    weft__cluster *cl = t->data;
    uint64_t now = uv_hrtime(), ttl = (uint64_t)cl->lease_ttl_ms * 1000000;
    for (cl_lease **pp = &cl->leases; *pp;) {
        cl_lease *x = *pp;
        /* NATS stored the last write at or after sent_ns: it expires there no
         * sooner than sent_ns + ttl. Give it up a tenth of the TTL before. */
        if (now > x->sent_ns + ttl - ttl / 10) {
            lease_lost(cl, pp);
            continue;
        }
        if (!x->renewing && now >= x->sent_ns + ttl / 4) {
            kv_work *w = calloc(1, sizeof *w);
            if (w) {
                w->cl = cl;
                w->op = OP_RENEW;
                w->revision = (int64_t)x->rev;
                snprintf(w->key, sizeof w->key, "%s", x->key);
                x->renewing = queue_kv(cl, w) == 0;
            }
        }
        pp = &x->next;
    }
}

static void lease_after(kv_work *w)
{
    weft__cluster *cl = w->cl;
    if (!cl->lease_timer) return; /* closing */
    cl_lease **pp = lease_find(cl, w->key);
    if (w->op == OP_RENEW) {
        if (!*pp) return;
        cl_lease *x = *pp;
        x->renewing = 0;
        if (w->ok) {
            x->rev = w->rev;
            x->sent_ns = w->sent_ns;
            if (x->failing) weft__log(cl->h, "cluster", "lease %s renewed again", x->key + 6);
            x->failing = 0;
        } else if (w->lost) {
            lease_lost(cl, pp);
        } else if (!x->failing) {
            x->failing = 1;
            weft__log(cl->h, "cluster",
                      "lease %s: a renewal failed (%s); retrying until 0.9 TTL after the last "
                      "one that worked",
                      x->key + 6, w->err);
        }
        return;
    }
    if (!w->ok) return;
    if (w->op == OP_RELEASE) {
        if (*pp) {
            cl_lease *x = *pp;
            *pp = x->next;
            free(x);
        }
        return;
    }
    if (!*pp && (*pp = calloc(1, sizeof **pp)))
        snprintf((*pp)->key, sizeof(*pp)->key, "%s", w->key);
    if (!*pp) return;
    (*pp)->rev = w->rev;
    (*pp)->sent_ns = w->sent_ns;
    if (!uv_is_active((uv_handle_t *)cl->lease_timer)) {
        /* renewals every quarter of the TTL; the give-up deadline checked
         * every twentieth, so a lease is given up between 0.9 and 0.95 TTL
         * after its last renewal, before NATS can let another server take
         * it at 1 TTL (a check every quarter could miss it by 0.15 TTL) */
        uint64_t period = cl->lease_ttl_ms / 20 ? cl->lease_ttl_ms / 20 : 1;
        uv_timer_start(cl->lease_timer, lease_tick, period, period);
    }
}

/* ---- watches --------------------------------------------------------------------- */

/* NATS subject matching: '*' one token, '>' the rest (at the end). */
static int match(const char *pat, const char *key)
{
    for (;;) {
        const char *pe = strchr(pat, '.'), *ke = strchr(key, '.');
        size_t pl = pe ? (size_t)(pe - pat) : strlen(pat);
        size_t kl = ke ? (size_t)(ke - key) : strlen(key);
        if (pl == 1 && *pat == '>') return 1;
        if (!(pl == 1 && *pat == '*') && (pl != kl || memcmp(pat, key, pl))) return 0;
        if (!pe || !ke) return !pe && !ke;
        pat = pe + 1;
        key = ke + 1;
    }
}

static void push_change(weft__cluster *cl, kvEntry *e)
{
    cl_change *c = calloc(1, sizeof *c);
    if (!c) return;
    c->key = strdup(N.kvEntry_Key(e));
    c->revision = N.kvEntry_Revision(e);
    int n = N.kvEntry_ValueLen(e);
    if (N.kvEntry_Operation(e) == kvOp_Put && n > 0 && (c->value = malloc((size_t)n))) {
        memcpy(c->value, N.kvEntry_Value(e), (size_t)n);
        c->len = (size_t)n;
    }
    cl_link *l = cl->link;
    uv_mutex_lock(&l->lock);
    if (!c->key || !l->async) {
        uv_mutex_unlock(&l->lock);
        free(c->key);
        free(c->value);
        free(c);
        return;
    }
    if (l->ctail)
        l->ctail->next = c;
    else
        l->chead = c;
    l->ctail = c;
    uv_async_send(l->async);
    uv_mutex_unlock(&l->lock);
}

/* The watcher thread: every change of the bucket after the initial values
 * (which are skipped the first time and delivered again after a lost link,
 * as the watcher is re-created). */
static void watch_main(void *arg)
{
    weft__cluster *cl = arg;
    cl_link *l = cl->link;
    uv_mutex_t *lk = kv_lock_of(cl);
    int first = 1;
    for (;;) {
        uv_mutex_lock(&l->lock);
        int stop = cl->watch_stop;
        uv_mutex_unlock(&l->lock);
        if (stop) break;
        char err[400];
        kvWatcher *w = NULL;
        uv_mutex_lock(lk);
        kvStore *kv = open_kv(cl, err, sizeof err);
        natsStatus s = NATS_ERR;
        if (kv) {
            kvWatchOptions o;
            N.kvWatchOptions_Init(&o);
            s = N.kvStore_WatchAll(&w, kv, &o);
        }
        if (s == NATS_OK) cl->watcher = w;
        uv_mutex_unlock(lk);
        if (s != NATS_OK) {
            uv_sleep(500);
            continue;
        }
        int initial = first; /* skip the initial values only once */
        first = 0;
        for (;;) {
            uv_mutex_lock(&l->lock);
            stop = cl->watch_stop;
            int up = l->link_up;
            uv_mutex_unlock(&l->lock);
            if (stop) break;
            kvEntry *e = NULL;
            s = N.kvWatcher_Next(&e, w, 250);
            if (s == NATS_TIMEOUT) {
                /* after a lost link, re-create the watcher (its consumer may
                 * be gone with a restarted server) */
                if (!up) initial = -1;
                if (initial == -1 && up) break;
                continue;
            }
            if (s != NATS_OK) break;
            if (!e) { /* the end of the initial values */
                initial = 0;
                continue;
            }
            if (initial != 1) push_change(cl, e);
            N.kvEntry_Destroy(e);
        }
        uv_mutex_lock(lk);
        cl->watcher = NULL;
        uv_mutex_unlock(lk);
        N.kvWatcher_Stop(w);
        N.kvWatcher_Destroy(w);
    }
}

/* WeftClusterStateWatch(pattern, event) -> id */
static int n_watch(void *ud, const char *args, size_t len, char **result, size_t *rlen)
{
    weft__cluster *cl = ud;
    if (weft__cl_join(cl) < 0) return weft_native_error(cl->h, "%s", cl->err);
    weft__args a;
    char pat[260], ev[260];
    if (weft__args_parse(&a, args, len) < 0 || !weft__args_text(&a, 0, pat, sizeof pat) ||
        !weft__args_text(&a, 1, ev, sizeof ev))
        return weft_native_error(cl->h,
                                 "ClusterState.watch: expected a key pattern and a function");
    int n = 0;
    for (cl_watch *w = cl->watches; w; w = w->next)
        n++;
    if (n >= WEFT_CLUSTER_MAX_WATCHES)
        return weft_native_error(cl->h, "ClusterState.watch: more than %d watches on this server",
                                 WEFT_CLUSTER_MAX_WATCHES);
    cl_watch *w = calloc(1, sizeof *w);
    if (!w) return WEFT_ENOMEM;
    w->id = ++cl->next_watch;
    w->resource = strdup(weft_native_resource(cl->h));
    w->pattern = strdup(pat);
    w->event = strdup(ev);
    w->next = cl->watches;
    cl->watches = w;
    if (!cl->watch_running) {
        if (uv_thread_create(&cl->watch_thread, watch_main, cl) != 0)
            return weft_native_error(cl->h,
                                     "ClusterState.watch: could not start the watcher thread");
        cl->watch_running = 1;
    }
    return weft__res_int(w->id, result, rlen);
}

static void watch_free(cl_watch *w)
{
    free(w->resource);
    free(w->pattern);
    free(w->event);
    free(w);
}

static int n_unwatch(void *ud, const char *args, size_t len, char **result, size_t *rlen)
{
    weft__cluster *cl = ud;
    weft__args a;
    if (weft__args_parse(&a, args, len) < 0) return WEFT_EINVAL;
    int64_t id = weft__args_int(&a, 0, 0);
    for (cl_watch **pp = &cl->watches; *pp; pp = &(*pp)->next) {
        if ((*pp)->id != id) continue;
        cl_watch *w = *pp;
        *pp = w->next;
        watch_free(w);
        return weft__res_bool(1, result, rlen);
    }
    return weft__res_bool(0, result, rlen);
}

void weft__cl_state_flush(weft__cluster *cl)
{
    cl_link *l = cl->link;
    uv_mutex_lock(&l->lock);
    cl_change *c = l->chead;
    l->chead = l->ctail = NULL;
    uv_mutex_unlock(&l->lock);
    while (c) {
        cl_change *next = c->next;
        /* the events to emit, copied first: a handler may unwatch */
        char *events[64];
        int ne = 0;
        for (cl_watch *w = cl->watches; w && ne < 64; w = w->next)
            if (match(w->pattern, c->key)) events[ne++] = strdup(w->event);
        if (ne) {
            msgpack_sbuffer sb;
            msgpack_packer pk;
            weft__res_begin(&sb, &pk);
            msgpack_pack_array(&pk, 4);
            msgpack_pack_str_with_body(&pk, c->key, strlen(c->key));
            if (c->value)
                msgpack_sbuffer_write(&sb, c->value, c->len);
            else
                msgpack_pack_nil(&pk);
            msgpack_pack_uint64(&pk, c->revision);
            const char *op = c->value ? "put" : "delete";
            msgpack_pack_str_with_body(&pk, op, strlen(op));
            for (int i = 0; i < ne; i++) {
                if (events[i]) weft__ev_emit(cl->h, NULL, events[i], sb.data, sb.size, NULL);
                free(events[i]);
            }
            msgpack_sbuffer_destroy(&sb);
        }
        free(c->key);
        free(c->value);
        free(c);
        c = next;
    }
}

void weft__cl_state_resource_stopped(weft__cluster *cl, const char *resource)
{
    for (cl_watch **pp = &cl->watches; *pp;) {
        cl_watch *w = *pp;
        if (strcmp(w->resource, resource)) {
            pp = &w->next;
            continue;
        }
        *pp = w->next;
        watch_free(w);
    }
}

/* ---- open / close ------------------------------------------------------------------ */

static const weft_native natives[] = {
    {"WeftClusterStateGet", NULL, n_get},         {"WeftClusterStateSet", NULL, n_set},
    {"WeftClusterStateDelete", NULL, n_delete},   {"WeftClusterLeaseAcquire", NULL, n_acquire},
    {"WeftClusterLeaseRelease", NULL, n_release}, {"WeftClusterLeaseOwner", NULL, n_owner},
    {"TriggerDurableClusterEvent", NULL, n_dpub}, {"WeftClusterStateWatch", n_watch, NULL},
    {"WeftClusterStateUnwatch", n_unwatch, NULL}, {NULL, NULL, NULL},
};

static void timer_closed(uv_handle_t *t)
{
    free(t);
}

int weft__cl_state_open(weft_host *h, weft__cluster *cl)
{
    if (uv_mutex_init(&cl->kv_lock) != 0) return WEFT_ENOMEM;
    cl->kv_lock_init = 1;
    cl->boot_ns = uv_hrtime() ^ ((uint64_t)time(NULL) << 20);
    return weft_host_register_natives(h, natives, cl);
}

void weft__cl_state_close(weft__cluster *cl)
{
    cl_link *l = cl->link;
    if (cl->lease_timer) {
        uv_close((uv_handle_t *)cl->lease_timer, timer_closed);
        cl->lease_timer = NULL;
    }
    while (cl->leases) {
        cl_lease *x = cl->leases;
        cl->leases = x->next;
        free(x);
    }
    if (l) {
        uv_mutex_lock(&l->lock);
        cl->watch_stop = -1; /* work requests refuse from now on */
        while (l->kv_work > 0)
            uv_cond_wait(&l->kv_idle, &l->lock);
        uv_mutex_unlock(&l->lock);
    }
    if (cl->watch_running) {
        uv_thread_join(&cl->watch_thread);
        cl->watch_running = 0;
    }
    while (cl->watches) {
        cl_watch *w = cl->watches;
        cl->watches = w->next;
        watch_free(w);
    }
    if (cl->kv) N.kvStore_Destroy(cl->kv);
    if (cl->lkv) N.kvStore_Destroy(cl->lkv);
    cl->lkv = NULL;
    if (cl->js) N.jsCtx_Destroy(cl->js);
    cl->kv = NULL;
    cl->js = NULL;
}
