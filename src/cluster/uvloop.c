/* uvloop.c: the NATS connection's socket on the server's own libuv loop,
 * through libnats' libuv adapter (<nats/adapters/libuv.h>, compiled here
 * with its libnats calls routed to the dlopen'ed table). Reads happen on the
 * loop thread; after each read event the cluster drains its synchronous
 * subscriptions there (weft__cl_drain), so an event or an export request
 * reaches scripts with no thread hop. The adapter's per-connection state is
 * made by us on the loop thread before connecting, so that libnats' own
 * threads may attach it later (a first connection made by the reconnect
 * thread when NATS was down at start). */
#include <stddef.h>
#include <stdlib.h>
#include "cluster/cluster_int.h"

/* Route the adapter's libnats calls: ProcessReadEvent also drains. */
static void read_event(natsConnection **pnc);
#define natsConnection_ProcessReadEvent(x) read_event(&(x))
#define natsConnection_ProcessWriteEvent(x) N.natsConnection_ProcessWriteEvent(x)
#define natsConnection_Close(x) N.natsConnection_Close(x)
#include <nats/adapters/libuv.h>

/* The adapter's state with ours after it (freed by the adapter with free()). */
typedef struct cl_nle {
    natsLibuvEvents ev; /* first: the adapter frees this pointer */
    weft__cluster *cl;
    int attached; /* under ev.lock */
} cl_nle;

#undef natsConnection_ProcessReadEvent
static void read_event(natsConnection **pnc)
{
    cl_nle *x = (cl_nle *)(void *)((char *)pnc - offsetof(natsLibuvEvents, nc));
    N.natsConnection_ProcessReadEvent(*pnc);
    weft__cl_drain(x->cl);
}

static natsStatus attach(void **user, void *loop, natsConnection *nc, natsSock socket)
{
    cl_nle *x = loop;
    uv_mutex_lock(x->ev.lock);
    x->attached = 1;
    if (!x->ev.nc) x->ev.nc = nc;
    uv_mutex_unlock(x->ev.lock);
    *user = x;
    return natsLibuv_Attach(user, x->ev.loop, nc, socket);
}

int weft__cl_loop_prepare(weft__cluster *cl, natsOptions *o)
{
    natsLibuv_Init();
    natsLibuv_SetThreadLocalLoop(&cl->h->loop);
    cl_nle *x = calloc(1, sizeof *x);
    uv_mutex_t *lock = malloc(sizeof *lock);
    uv_async_t *sched = malloc(sizeof *sched);
    if (!x || !lock || !sched || uv_mutex_init(lock) != 0) {
        free(x);
        free(lock);
        free(sched);
        return WEFT_ENOMEM;
    }
    uv_async_init(&cl->h->loop, sched, uvAsyncCb);
    sched->data = x;
    x->ev.loop = &cl->h->loop;
    x->ev.lock = lock;
    x->ev.scheduler = sched;
    x->cl = cl;
    cl->nle = x;
    natsStatus s =
        N.natsOptions_SetEventLoop(o, x, attach, natsLibuv_Read, natsLibuv_Write, natsLibuv_Detach);
    return s == NATS_OK ? 0 : WEFT_EINVAL;
}

static void sched_closed(uv_handle_t *h)
{
    cl_nle *x = h->data;
    uv_mutex_destroy(x->ev.lock);
    free(x->ev.lock);
    free(h);
    free(x);
}

/* After the connection was closed and destroyed: the adapter frees its state
 * itself once it was attached (detach); never attached, it is ours. */
void weft__cl_loop_release(weft__cluster *cl)
{
    cl_nle *x = cl->nle;
    cl->nle = NULL;
    if (!x) return;
    uv_mutex_lock(x->ev.lock);
    int attached = x->attached;
    uv_mutex_unlock(x->ev.lock);
    if (!attached) uv_close((uv_handle_t *)x->ev.scheduler, sched_closed);
}
