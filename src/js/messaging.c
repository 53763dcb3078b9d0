/* messaging.c: the libuv handle behind a MessagePort or BroadcastChannel
 * (lib/worker_threads.js): a uv_async_t whose wake-up delivers the port's
 * queued messages from the loop, one host entry per message (so ticks and
 * microtasks run between two messages, as Node's MessagePort::OnMessage);
 * and the channels that carry messages between threads (Workers).
 * Invariants: an open handle holds its JS port (the owner); a port of one
 * runtime keeps its queue on the JS side; the handle is closed by portClose
 * (then owner.onclose() runs from the close callback) or, when the runtime
 * frees first, by its on_orphan hook; its memory is freed by the close
 * callback only.
 * A channel (weft__chan) has two sides, each with the queue of messages
 * (bytes of JS_WriteObject, and the sides they carry) sent to it, under the
 * channel's one mutex. A side belongs to one owner at a time: a port handle
 * (attached: its uv_async_t is woken, from any thread, when a message or
 * the peer's close arrives), an endpoint object of some runtime, or a
 * message in transit. The owner releases it once; the channel is freed
 * when both sides are released. No lock is held while another is taken. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include "js/js.h"

typedef struct chan_msg {
    struct chan_msg *next;
    uint8_t *bytes; /* malloc'ed */
    size_t len;
    weft__chan_side **sides; /* carried sides, owned; malloc'ed */
    int n_sides;
    uint8_t **sabs; /* SharedArrayBuffer memory it refers to, a reference each */
    size_t n_sabs;
} chan_msg;

struct weft__chan_side {
    struct chan *ch;
    int index;
    chan_msg *head, *tail; /* sent to this side, not yet received */
    uv_async_t *async;     /* the attached port's handle, or NULL */
    int released;
};

typedef struct chan {
    pthread_mutex_t lock;
    weft__chan_side side[2];
    int live; /* sides not released */
} chan;

static void msg_free(chan_msg *m)
{
    /* bound: each carried side is released once; nesting is as deep as
     * ports were sent inside messages queued on ports */
    while (m) {
        chan_msg *next = m->next;
        for (int i = 0; i < m->n_sides; i++) weft__chan_release(m->sides[i]);
        for (size_t i = 0; i < m->n_sabs; i++) weft__js_sab_free(m->sabs[i]);
        free(m->sabs);
        free(m->sides);
        free(m->bytes);
        free(m);
        m = next;
    }
}

int weft__chan_new(weft__chan_side **a, weft__chan_side **b)
{
    chan *ch = calloc(1, sizeof *ch);
    if (!ch) return WEFT_ENOMEM;
    if (pthread_mutex_init(&ch->lock, NULL)) {
        free(ch);
        return WEFT_ENOMEM;
    }
    for (int i = 0; i < 2; i++) {
        ch->side[i].ch = ch;
        ch->side[i].index = i;
    }
    ch->live = 2;
    *a = &ch->side[0];
    *b = &ch->side[1];
    return 0;
}

void weft__chan_release(weft__chan_side *s)
{
    if (!s) return;
    chan *ch = s->ch;
    weft__chan_side *peer = &ch->side[1 - s->index];
    pthread_mutex_lock(&ch->lock);
    chan_msg *q = s->head;
    s->head = s->tail = NULL;
    s->async = NULL;
    s->released = 1;
    if (!peer->released && peer->async) uv_async_send(peer->async); /* it sees the close */
    int last = --ch->live == 0;
    pthread_mutex_unlock(&ch->lock);
    msg_free(q);
    if (last) {
        pthread_mutex_destroy(&ch->lock);
        free(ch);
    }
}

/* Queue m on the peer of s; 0, or -1 (m not taken) once the peer is released. */
static int chan_send(weft__chan_side *s, chan_msg *m)
{
    chan *ch = s->ch;
    weft__chan_side *peer = &ch->side[1 - s->index];
    pthread_mutex_lock(&ch->lock);
    int ok = !peer->released;
    if (ok) {
        if (peer->tail) peer->tail->next = m;
        else peer->head = m;
        peer->tail = m;
        if (peer->async) uv_async_send(peer->async);
    }
    pthread_mutex_unlock(&ch->lock);
    return ok ? 0 : -1;
}

/* The oldest message sent to s (owned by the caller), or NULL; *peer_gone
 * set when the queue is empty and the peer released its side. */
static chan_msg *chan_recv(weft__chan_side *s, int *peer_gone)
{
    chan *ch = s->ch;
    pthread_mutex_lock(&ch->lock);
    chan_msg *m = s->head;
    if (m) {
        s->head = m->next;
        if (!s->head) s->tail = NULL;
        m->next = NULL;
    }
    *peer_gone = !m && ch->side[1 - s->index].released;
    pthread_mutex_unlock(&ch->lock);
    return m;
}

/* Wake `async` (NULL: detach) for what arrives at s; woken now if something
 * already waits. */
static void chan_attach(weft__chan_side *s, uv_async_t *async)
{
    chan *ch = s->ch;
    pthread_mutex_lock(&ch->lock);
    s->async = async;
    if (async && (s->head || ch->side[1 - s->index].released)) uv_async_send(async);
    pthread_mutex_unlock(&ch->lock);
}

/* ---- endpoint objects: a side owned by a runtime, not attached ---- */

static JSClassID ep_class_id;
static JSClassDef ep_class;
void weft__js_endpoint_class_init(JSRuntime *rt)
{
    if (!ep_class_id) JS_NewClassID(&ep_class_id);
    if (!JS_IsRegisteredClass(rt, ep_class_id)) JS_NewClass(rt, ep_class_id, &ep_class);
}
static void ep_finalizer(JSRuntime *rt, JSValue val)
{
    weft__chan_release(JS_GetOpaque(val, ep_class_id));
}
static JSClassDef ep_class = {"WeftMessagePortEndpoint", .finalizer = ep_finalizer};

JSValue weft__js_endpoint_new(JSContext *ctx, weft__chan_side *s)
{
    JSValue obj = JS_NewObjectClass(ctx, (int)ep_class_id);
    if (JS_IsException(obj)) weft__chan_release(s);
    else JS_SetOpaque(obj, s);
    return obj;
}

weft__chan_side *weft__js_endpoint_take(JSValueConst ep)
{
    weft__chan_side *s = JS_GetOpaque(ep, ep_class_id);
    if (s) JS_SetOpaque(ep, NULL);
    return s;
}

typedef struct port_handle {
    weft__js_req link; /* link.req: the owner */
    uv_async_t async;
    weft__chan_side *side; /* attached channel side, or NULL (a port of one runtime) */
} port_handle;

static JSClassID port_class_id;
static JSClassDef port_class = {"WeftMessagePortHandle"};

static void on_closed(uv_handle_t *handle)
{
    port_handle *p = handle->data;
    weft__js *js = p->link.js;
    if (js) {
        weft__js_req_invoke(js, &p->link, "onclose", 0, NULL);
        if (weft__js_req_unlink(&p->link)) JS_FreeValue(js->ctx, p->link.req);
    }
    free(p);
}

static void orphaned(weft__js_req *r)
{
    port_handle *p = (port_handle *)r;
    weft__chan_release(p->side);
    p->side = NULL;
    if (!uv_is_closing((uv_handle_t *)&p->async)) uv_close((uv_handle_t *)&p->async, on_closed);
}

/* Calls owner.onmessage() once per queued message, each a host entry of its
 * own; it returns true while more are queued. Bound: at most
 * WEFT_PORT_MESSAGES_PER_WAKE calls, then the handle wakes itself again, so a
 * port posting to itself cannot starve the loop. */
static void on_wake(uv_async_t *async)
{
    port_handle *p = async->data;
    for (int i = 0; i < WEFT_PORT_MESSAGES_PER_WAKE; i++) {
        weft__js *js = p->link.js;
        if (!js || js->halted || js->host->exit_requested) return;
        JSContext *ctx = js->ctx;
        weft_host *h = js->host;
        weft__host_enter(h, &js->base);
        int64_t eid = js->execution_async_id, tid = js->trigger_async_id;
        js->execution_async_id = 0;
        js->trigger_async_id = 0;
        JSValue owner = JS_DupValue(ctx, p->link.req);
        JSValue fn = JS_GetPropertyStr(ctx, owner, "onwake");
        JSValue res = JS_Call(ctx, fn, owner, 0, NULL);
        int more = 0;
        if (JS_IsException(res)) weft__js_report_exception(js, 0);
        else more = JS_ToBool(ctx, res);
        JS_FreeValue(ctx, res);
        JS_FreeValue(ctx, fn);
        JS_FreeValue(ctx, owner);
        js->execution_async_id = eid;
        js->trigger_async_id = tid;
        weft__host_leave(h); /* the checkpoint runs here, after each message */
        if (!more || uv_is_closing((uv_handle_t *)async)) return;
    }
    uv_async_send(async);
}

/* portOpen(owner[, endpoint]) -> a handle, ref'd; with an endpoint, the
 * handle takes its side (portRecv reads it) */
static JSValue js_port_open(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    weft__js *js = weft__js_from_ctx(ctx);
    port_handle *p = calloc(1, sizeof *p);
    JSValue obj = p ? JS_NewObjectClass(ctx, (int)port_class_id) : JS_ThrowOutOfMemory(ctx);
    if (JS_IsException(obj)) {
        free(p);
        return obj;
    }
    int rc = uv_async_init(&js->host->loop, &p->async, on_wake);
    if (rc < 0) {
        free(p);
        JS_FreeValue(ctx, obj);
        return JS_Throw(ctx, weft__js_uv_error(ctx, rc, "uv_async_init", NULL, NULL));
    }
    p->async.data = p;
    weft__js_req_start(js, &p->link, argv[0]);
    p->link.on_orphan = orphaned;
    JS_SetOpaque(obj, p);
    if (argc > 1 && JS_IsObject(argv[1])) {
        p->side = weft__js_endpoint_take(argv[1]);
        if (p->side) chan_attach(p->side, &p->async);
    }
    return obj;
}

static port_handle *port_of(JSValueConst h)
{
    port_handle *p = JS_GetOpaque(h, port_class_id);
    return p && !uv_is_closing((uv_handle_t *)&p->async) ? p : NULL;
}

/* portSignal(handle): deliver from the loop (owner.onwake) */
static JSValue js_port_signal(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    port_handle *p = port_of(argv[0]);
    if (p) uv_async_send(&p->async);
    return JS_UNDEFINED;
}

/* portRef(handle, bool) */
static JSValue js_port_ref(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    port_handle *p = port_of(argv[0]);
    if (!p) return JS_UNDEFINED;
    weft__js_uv_ref((uv_handle_t *)&p->async, JS_ToBool(ctx, argv[1]) > 0);
    return JS_UNDEFINED;
}

/* portHasRef(handle) -> bool, or undefined once closed */
static JSValue js_port_has_ref(JSContext *ctx, JSValueConst this_val, int argc,
                               JSValueConst *argv)
{
    port_handle *p = port_of(argv[0]);
    if (!p) return JS_UNDEFINED;
    return JS_NewBool(ctx, uv_has_ref((uv_handle_t *)&p->async));
}

/* portClose(handle): idempotent; owner.onclose() follows from the loop */
static JSValue js_port_close(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    port_handle *p = port_of(argv[0]);
    if (!p) return JS_UNDEFINED;
    JS_SetOpaque(argv[0], NULL);
    weft__chan_release(p->side);
    p->side = NULL;
    uv_close((uv_handle_t *)&p->async, on_closed);
    return JS_UNDEFINED;
}

JSValue weft__js_new_pair(JSContext *ctx, JSValue a, JSValue b)
{
    if (JS_IsException(a) || JS_IsException(b)) {
        JS_FreeValue(ctx, a);
        JS_FreeValue(ctx, b);
        return JS_EXCEPTION;
    }
    JSValue r = JS_NewArray(ctx);
    JS_SetPropertyUint32(ctx, r, 0, a);
    JS_SetPropertyUint32(ctx, r, 1, b);
    return r;
}

void weft__js_uv_ref(uv_handle_t *h, int on)
{
    if (on) uv_ref(h);
    else uv_unref(h);
}

/* channel() -> [endpoint, endpoint], the two sides of a new channel */
static JSValue js_channel(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    weft__chan_side *a, *b;
    if (weft__chan_new(&a, &b) < 0) return JS_ThrowOutOfMemory(ctx);
    JSValue ea = weft__js_endpoint_new(ctx, a);
    return weft__js_new_pair(ctx, ea, weft__js_endpoint_new(ctx, b));
}

/* endpointClose(endpoint): release its side now (the peer sees the close) */
static JSValue js_endpoint_close(JSContext *ctx, JSValueConst this_val, int argc,
                                 JSValueConst *argv)
{
    weft__chan_release(weft__js_endpoint_take(argv[0]));
    return JS_UNDEFINED;
}

/* portAttach(handle, endpoint): the handle takes the endpoint's side */
static JSValue js_port_attach(JSContext *ctx, JSValueConst this_val, int argc,
                              JSValueConst *argv)
{
    port_handle *p = port_of(argv[0]);
    weft__chan_side *s = weft__js_endpoint_take(argv[1]);
    if (!p || p->side) {
        weft__chan_release(s);
        return JS_UNDEFINED;
    }
    p->side = s;
    if (s) chan_attach(s, &p->async);
    return JS_UNDEFINED;
}

/* portDetach(handle) -> the endpoint of its side (undefined if none): the
 * side leaves the handle with the messages queued on it */
static JSValue js_port_detach(JSContext *ctx, JSValueConst this_val, int argc,
                              JSValueConst *argv)
{
    port_handle *p = port_of(argv[0]);
    if (!p || !p->side) return JS_UNDEFINED;
    weft__chan_side *s = p->side;
    p->side = NULL;
    chan_attach(s, NULL);
    return weft__js_endpoint_new(ctx, s);
}

/* portSend(handle, wire, endpoints) -> false once the peer is gone: wire
 * (lib/worker_threads.js's encoding: arrays, strings, numbers, Number
 * objects, ArrayBuffers) as JS_WriteObject bytes, and the endpoints' sides,
 * to the peer side. Throws on a value JS_WriteObject cannot write. */
/* A message of wire's JS_WriteObject bytes and the SharedArrayBuffer
 * memory they refer to (a reference each), carrying no side yet; NULL with
 * an exception pending. */
static chan_msg *msg_write(JSContext *ctx, JSValueConst wire)
{
    size_t len, n_sabs = 0;
    uint8_t **sab_tab = NULL;
    uint8_t *w = JS_WriteObject2(ctx, &len, wire, JS_WRITE_OBJ_REFERENCE | JS_WRITE_OBJ_SAB,
                                 &sab_tab, &n_sabs);
    if (!w) return NULL;
    chan_msg *m = calloc(1, sizeof *m);
    if (m) {
        m->bytes = malloc(len ? len : 1);
        m->sabs = n_sabs ? malloc(n_sabs * sizeof *m->sabs) : NULL;
    }
    if (!m || !m->bytes || (n_sabs && !m->sabs)) {
        msg_free(m);
        js_free(ctx, w);
        js_free(ctx, sab_tab);
        JS_ThrowOutOfMemory(ctx);
        return NULL;
    }
    memcpy(m->bytes, w, len);
    m->len = len;
    for (size_t i = 0; i < n_sabs; i++) weft__js_sab_dup(m->sabs[i] = sab_tab[i]);
    m->n_sabs = n_sabs;
    js_free(ctx, w);
    js_free(ctx, sab_tab);
    return m;
}

/* A copy of m without its sides (a BroadcastChannel's message for one more
 * receiver), or NULL */
static chan_msg *msg_copy(const chan_msg *m)
{
    chan_msg *c = calloc(1, sizeof *c);
    if (!c) return NULL;
    c->bytes = malloc(m->len ? m->len : 1);
    c->sabs = m->n_sabs ? malloc(m->n_sabs * sizeof *c->sabs) : NULL;
    if (!c->bytes || (m->n_sabs && !c->sabs)) {
        msg_free(c);
        return NULL;
    }
    memcpy(c->bytes, m->bytes, m->len);
    c->len = m->len;
    for (size_t i = 0; i < m->n_sabs; i++) weft__js_sab_dup(c->sabs[i] = m->sabs[i]);
    c->n_sabs = m->n_sabs;
    return c;
}

/* portSend(handle, wire, endpoints) -> false once the peer is gone: wire
 * (lib/worker_threads.js's encoding: arrays, strings, numbers, Number
 * objects, ArrayBuffers) as JS_WriteObject bytes, and the endpoints' sides,
 * to the peer side. Throws on a value JS_WriteObject cannot write. */
static JSValue js_port_send(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    port_handle *p = port_of(argv[0]);
    if (!p || !p->side) return JS_FALSE;
    int64_t n = 0;
    if (JS_IsArray(ctx, argv[2]) > 0) {
        JSValue l = JS_GetPropertyStr(ctx, argv[2], "length");
        if (JS_ToInt64(ctx, &n, l) < 0 || n < 0 || n > 1 << 20) n = 0;
        JS_FreeValue(ctx, l);
    }
    chan_msg *m = msg_write(ctx, argv[1]);
    if (!m) return JS_EXCEPTION;
    if (n > 0 && !(m->sides = calloc((size_t)n, sizeof *m->sides))) {
        msg_free(m);
        return JS_ThrowOutOfMemory(ctx);
    }
    for (int64_t i = 0; i < n; i++) {
        JSValue e = JS_GetPropertyUint32(ctx, argv[2], (uint32_t)i);
        weft__chan_side *s = JS_IsObject(e) ? weft__js_endpoint_take(e) : NULL;
        JS_FreeValue(ctx, e);
        if (s) m->sides[m->n_sides++] = s;
    }
    if (chan_send(p->side, m) < 0) {
        msg_free(m);
        return JS_FALSE;
    }
    return JS_TRUE;
}

/* ---- BroadcastChannel: one process-wide registry of subscribers ----
 * Each BroadcastChannel is a port whose channel's other side is here, under
 * its name; a post is sent on every other subscriber's registry side (so it
 * arrives on that port, in any thread). Lock order: bc_lock, then a
 * channel's lock. Bound: one pass over the subscribers per post; an entry
 * whose port closed is dropped on the first post that finds it. */
typedef struct bc_sub {
    struct bc_sub *next;
    weft__chan_side *side;
    char name[];
} bc_sub;
static pthread_mutex_t bc_lock = PTHREAD_MUTEX_INITIALIZER;
static bc_sub *bc_subs;

/* bcJoin(name, endpoint): the registry takes the endpoint's side */
static JSValue js_bc_join(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    size_t len;
    const char *name = JS_ToCStringLen(ctx, &len, argv[0]);
    if (!name) return JS_EXCEPTION;
    weft__chan_side *side = weft__js_endpoint_take(argv[1]);
    bc_sub *e = side ? malloc(sizeof *e + len + 1) : NULL;
    if (!e) {
        JS_FreeCString(ctx, name);
        weft__chan_release(side);
        return side ? JS_ThrowOutOfMemory(ctx) : JS_UNDEFINED;
    }
    memcpy(e->name, name, len + 1);
    JS_FreeCString(ctx, name);
    e->side = side;
    pthread_mutex_lock(&bc_lock);
    bc_sub **tail = &bc_subs;
    while (*tail) tail = &(*tail)->next;
    e->next = NULL;
    *tail = e;
    pthread_mutex_unlock(&bc_lock);
    return JS_UNDEFINED;
}

/* bcPost(handle, name, wire): wire to every other subscriber of name */
static JSValue js_bc_post(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    port_handle *p = port_of(argv[0]);
    if (!p || !p->side) return JS_UNDEFINED;
    const char *name = JS_ToCString(ctx, argv[1]);
    if (!name) return JS_EXCEPTION;
    chan_msg *m = msg_write(ctx, argv[2]);
    if (!m) {
        JS_FreeCString(ctx, name);
        return JS_EXCEPTION;
    }
    bc_sub *gone = NULL;
    pthread_mutex_lock(&bc_lock);
    for (bc_sub **at = &bc_subs; *at;) {
        bc_sub *e = *at;
        weft__chan_side *own = &e->side->ch->side[1 - e->side->index];
        if (strcmp(e->name, name) || own == p->side) {
            at = &e->next;
            continue;
        }
        chan_msg *c = msg_copy(m);
        if (c && chan_send(e->side, c) < 0) { /* that channel closed */
            msg_free(c);
            *at = e->next;
            e->next = gone;
            gone = e;
            continue;
        }
        if (!c) break; /* out of memory: the rest miss this message */
        at = &e->next;
    }
    pthread_mutex_unlock(&bc_lock);
    while (gone) {
        bc_sub *next = gone->next;
        weft__chan_release(gone->side);
        free(gone);
        gone = next;
    }
    msg_free(m);
    JS_FreeCString(ctx, name);
    return JS_UNDEFINED;
}

/* portPeerGone(handle) -> whether the peer side was released */
static JSValue js_port_peer_gone(JSContext *ctx, JSValueConst this_val, int argc,
                                 JSValueConst *argv)
{
    port_handle *p = port_of(argv[0]);
    if (!p || !p->side) return JS_FALSE;
    chan *ch = p->side->ch;
    pthread_mutex_lock(&ch->lock);
    int gone = ch->side[1 - p->side->index].released;
    pthread_mutex_unlock(&ch->lock);
    return JS_NewBool(ctx, gone);
}

/* portRecv(handle) -> [wire, endpoints] of the oldest message, undefined
 * when none waits, null when none waits and the peer is gone */
static JSValue js_port_recv(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    port_handle *p = port_of(argv[0]);
    if (!p || !p->side) return JS_UNDEFINED;
    int gone;
    chan_msg *m = chan_recv(p->side, &gone);
    if (!m) return gone ? JS_NULL : JS_UNDEFINED;
    JSValue wire = JS_ReadObject(ctx, m->bytes, m->len, JS_READ_OBJ_REFERENCE | JS_READ_OBJ_SAB);
    JSValue eps = JS_NewArray(ctx);
    for (int i = 0; i < m->n_sides; i++) {
        JS_SetPropertyUint32(ctx, eps, (uint32_t)i, weft__js_endpoint_new(ctx, m->sides[i]));
        m->sides[i] = NULL;
    }
    m->n_sides = 0;
    msg_free(m);
    return weft__js_new_pair(ctx, wire, eps);
}

static const JSCFunctionListEntry port_funcs[] = {
    JS_CFUNC_DEF("portOpen", 1, js_port_open),
    JS_CFUNC_DEF("portSignal", 1, js_port_signal),
    JS_CFUNC_DEF("portRef", 2, js_port_ref),
    JS_CFUNC_DEF("portHasRef", 1, js_port_has_ref),
    JS_CFUNC_DEF("portClose", 1, js_port_close),
    JS_CFUNC_DEF("portAttach", 2, js_port_attach),
    JS_CFUNC_DEF("portDetach", 1, js_port_detach),
    JS_CFUNC_DEF("portSend", 3, js_port_send),
    JS_CFUNC_DEF("portRecv", 1, js_port_recv),
    JS_CFUNC_DEF("portPeerGone", 1, js_port_peer_gone),
    JS_CFUNC_DEF("bcJoin", 2, js_bc_join),
    JS_CFUNC_DEF("bcPost", 3, js_bc_post),
    JS_CFUNC_DEF("channel", 0, js_channel),
    JS_CFUNC_DEF("endpointClose", 1, js_endpoint_close),
};

JSValue weft__js_messaging_binding(JSContext *ctx)
{
    JSRuntime *rt = JS_GetRuntime(ctx);
    if (!port_class_id) JS_NewClassID(&port_class_id);
    if (!JS_IsRegisteredClass(rt, port_class_id)) JS_NewClass(rt, port_class_id, &port_class);
    weft__js_endpoint_class_init(rt);
    JSValue o = JS_NewObject(ctx);
    JS_SetPropertyFunctionList(ctx, o, port_funcs, sizeof port_funcs / sizeof port_funcs[0]);
    return o;
}
