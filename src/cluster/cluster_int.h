/* cluster_int.h: what the cluster's files share (docs/cluster.md): the link
 * (the part libnats' threads may touch, refcounted so that it outlives the
 * host while a subscription or the connection may still call back) and the
 * host-side state (loop thread only). cluster.c: link, events, exports;
 * state.c: the JetStream key-value natives, watches and leases. */
#ifndef WEFT_CLUSTER_INT_H
#define WEFT_CLUSTER_INT_H

#include <stdint.h>
#include <uv.h>
#include <msgpack.h>
#include "host/server.h"
#include "cluster/cluster.h"
#include "cluster/nats_api.h"

#define WEFT__CL_CALL_BUCKETS 1024

typedef struct cl_pcall {
    uint64_t id;
    uint64_t deadline_ns;
    int64_t timeout_ms;
    weft_call *call;
    char what[160]; /* "bank.deposit to eu-1" */
    struct cl_pcall *next;
} cl_pcall;

typedef struct cl_change { /* a key-value change seen by the watcher thread */
    char *key;
    char *value; /* msgpack, or NULL for a delete */
    size_t len;
    uint64_t revision;
    struct cl_change *next;
} cl_change;

/* Shared with libnats' threads; every field under lock. */
typedef struct cl_link {
    uv_mutex_t lock;
    int refs; /* the host's, one per live asynchronous subscription, one for the connection */
    uv_async_t *async; /* NULL once the host closed */
    cl_change *chead, *ctail;
    int link_up;
    int ever_up;     /* connected once (the "joined" log line) */
    int link_events; /* bit 1: lost, 2: restored, 4: first connected, since the loop looked */
    int64_t slow;    /* slow-consumer reports since the loop last looked */
    cl_pcall *calls[WEFT__CL_CALL_BUCKETS];
    size_t ncalls;
    uint64_t next_id;
    char name[40];
    char inbox[96];
    /* key-value work in flight on the thread pool (state.c) */
    int kv_work;
    uv_cond_t kv_idle;
} cl_link;

typedef struct cl_reg { /* RegisterClusterEvent */
    char *resource, *name, *token;
    struct cl_reg *next;
} cl_reg;

typedef struct cl_sub { /* one NATS subscription by subject, counted */
    char *subject;
    int count;
    natsSubscription *sub;
    struct cl_sub *next;
} cl_sub;

typedef struct cl_watch { /* ClusterState.watch */
    int id;
    char *resource, *pattern, *event;
    struct cl_watch *next;
} cl_watch;

typedef struct cl_lease { /* a lease this server holds and renews */
    char key[260];
    uint64_t rev, sent_ns;
    int renewing;
    int failing; /* a renewal failed (logged once until one succeeds) */
    struct cl_lease *next;
} cl_lease;

typedef struct cl_dinfo { /* the cluster event being dispatched (GetClusterEventInfo) */
    const char *origin, *id;
    uint64_t delivery, seq;
    int durable;
    struct cl_dinfo *prev;
} cl_dinfo;

struct cl_dreg; /* durable.c: a durable registration (one consumer) */

typedef struct cl_provider { /* ProvideClusterExports */
    char *resource;
    natsSubscription *direct, *any;
    struct cl_provider *next;
} cl_provider;

struct weft__cluster {
    weft_host *h;
    int state; /* 0: not joined yet, 1: joined, <0: failed (err says why) */
    char err[300];
    char url[256]; /* weft_cluster, for log lines */
    char bucket[64];
    cl_link *link;
    void *nle; /* uvloop.c: the libuv adapter's state for the connection */
    natsConnection *nc;
    natsSubscription *reply_sub;
    uv_timer_t sweep;
    int sweep_open;
    cl_reg *regs;
    cl_sub *subs;
    cl_provider *providers;
    /* state.c */
    jsCtx *js;
    kvStore *kv; /* opened on first use, under kv_lock */
    uv_mutex_t kv_lock;
    int kv_lock_init;
    int kv_failed;
    cl_watch *watches;
    int next_watch;
    uv_thread_t watch_thread;
    int watch_running, watch_stop; /* watch_stop under link->lock */
    kvWatcher *watcher;
    kvStore *lkv; /* BUCKET_leases, under kv_lock */
    int lease_ttl_ms;
    int replicas; /* weft_clusterReplicas: of the buckets and the stream it creates */
    cl_lease *leases;
    uv_timer_t *lease_timer;     /* made at join, unref'd */
    int stream_ok;               /* the durable events' stream exists (under kv_lock) */
    uint64_t boot_ns, next_dpub; /* weft-made message ids: <server>-<boot>-<n> */
    /* durable.c */
    struct cl_dreg *dregs;
    uint64_t next_dreg;
    int ddraining;
    cl_dinfo *dinfo; /* NULL outside a cluster event's dispatch */
};

/* Join the cluster if server.cfg asks for it and it has not been tried: read
 * weft_cluster / weft_serverName, load libnats, connect. 0 when joined (the
 * link may be down: it reconnects), else a negative WEFT_E* with cl->err. */
int weft__cl_join(weft__cluster *cl);
/* A libnats failure as text: the status and the library's last error. */
void weft__cl_nats_error(natsStatus s, char *buf, size_t cap);
/* 1 if the msgpack value at p holds a function reference (ext 10/11), 0 if
 * not, -1 if malformed. */
int weft__cl_has_ref(const char *p, size_t len);
/* Copy `name` into a NATS subject token (bytes outside [A-Za-z0-9_:-]
 * become '_'). 0, or WEFT_EINVAL (empty or longer than cap - 1). */
int weft__cl_token(const char *name, char *tok, size_t cap);
void weft__cl_link_release(cl_link *l);
/* The payload of a cluster event, [origin, name, args after the first
 * `skip`], in *sb (initialized here; the caller destroys it on 0). 0, or a
 * negative WEFT_E* with err filled ("WHAT(\"NAME\"): ..."): a function
 * reference, or more than WEFT_CLUSTER_MAX_PAYLOAD bytes. */
int weft__cl_event_payload(weft__cluster *cl, const char *what, const char *name, const char *args,
                           size_t len, uint32_t skip, msgpack_sbuffer *sb, char *err, size_t cap);

/* Loop thread: handle what the synchronous subscriptions hold (events,
 * export requests), up to WEFT_CLUSTER_BATCH messages (then again from the
 * wakeup handle). */
void weft__cl_drain(weft__cluster *cl);
/* uvloop.c: put the connection on the host's loop (before connecting);
 * release the adapter's state after the connection is destroyed. */
int weft__cl_loop_prepare(weft__cluster *cl, natsOptions *o);
void weft__cl_loop_release(weft__cluster *cl);

/* state.c */
/* Work thread, under no lock: the durable events' stream, made once. 0, or
 * WEFT_EIO with err filled. */
int weft__cl_open_stream(weft__cluster *cl, char *err, size_t cap);
/* Blocking JetStream work on libuv's thread pool, counted so that close
 * waits for it: work must call weft__cl_work_done(cl) last. */
int weft__cl_work_queue(weft__cluster *cl, uv_work_t *req, void *data, uv_work_cb work,
                        uv_after_work_cb after);
void weft__cl_work_done(weft__cluster *cl);
int weft__cl_state_open(weft_host *h, weft__cluster *cl);
void weft__cl_state_resource_stopped(weft__cluster *cl, const char *resource);
void weft__cl_state_close(weft__cluster *cl);
/* On the loop thread: deliver queued watch changes. */
void weft__cl_state_flush(weft__cluster *cl);

/* durable.c */
#define WEFT__CL_MAX_DURABLE_NAMES 256 /* names read from weft_clusterDurableEvents */
int weft__cl_durable_names(weft__cluster *cl, const char **names, size_t *lens, int cap);
int weft__cl_durable_listed(weft__cluster *cl, const char *name);
int weft__cl_durable_register(weft__cluster *cl, const char *resource, const char *name,
                              const char *tok);
void weft__cl_durable_tick(weft__cluster *cl);
size_t weft__cl_durable_drain(weft__cluster *cl, size_t budget);
void weft__cl_durable_resource_stopped(weft__cluster *cl, const char *resource);
int weft__cl_event_info(weft__cluster *cl, char **result, size_t *rlen);

#endif
