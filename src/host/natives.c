/* natives.c: the natives registry (DESIGN.md §7): C functions registered once
 * by name, called by every engine the same way (weft__native_call), sync or
 * async; the completion handles of async natives; and the per-language
 * preludes (script-language sugar run in every new runtime of a kind).
 *
 * Invariants:
 * - An async call is a weft__call (refs.c) with no callee: the engine waits on
 *   it like on a pending export call, and stopping the caller drops it.
 * - A handle (weft_call) is settled exactly once, from any thread. Results
 *   are delivered on the host's thread at depth 0 only: at once when settled
 *   there with no script on the stack, else queued on the hub and delivered
 *   after the checkpoint or by the hub's uv_async_t (other threads).
 * - The hub outlives the host while handles are outstanding (refcounted,
 *   guarded by its mutex): once the host is gone (hub->host NULL), settling
 *   frees the result and the handle and runs nothing. */
#include <stdio.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include "host/server.h"
#include "host/msgpack.h"

typedef struct weft__hub {
    uv_mutex_t lock;
    weft_host *host; /* NULL once the host closed its side */
    uv_thread_t loop_thread;
    uv_async_t *async;      /* owned by the host side; freed by its close callback */
    weft_call *head, *tail; /* settled, waiting for delivery (FIFO) */
    int refs;               /* the host's + one per outstanding handle */
    uint64_t invoking_id;   /* the call whose native is running (host thread) */
    size_t pending;         /* handles not yet delivered (host thread): while
                             * nonzero, async is ref'd and keeps the loop alive */
    int delivering;         /* inside weft__natives_flush (host thread) */
} weft__hub;

struct weft_call {
    weft__hub *hub;
    uint64_t id;
    int settled; /* under hub->lock */
    int status;  /* WEFT_CALL_OK / WEFT_CALL_ERROR once settled */
    char *buf;   /* msgpack: the value or an error payload */
    size_t len;
    weft_call *next;
    char resource[64];
    char native[64];
};

typedef struct weft__prelude {
    char kind[8];
    char *name;
    char *source;
    /* The engine's compiled form (rt_ops compile/load_compiled), made by the
     * first runtime that runs it: later runtimes skip parsing. */
    char *compiled;
    size_t compiled_len;
    int compile_failed;
    /* A first line `// weft:lazy NAME...` (or `-- weft:lazy` in Lua): the
     * prelude runs on first use of one of these globals, in engines that
     * can define them lazily (rt_ops define_lazy); NULL-terminated. */
    char **lazy;
} weft__prelude;

typedef struct weft__closer {
    void (*fn)(weft_host *h, void *ud);
    void *ud;
} weft__closer;

typedef struct weft__info {
    void (*fn)(weft_host *h, void *ud, const char *resource, char *buf, size_t cap);
    void *ud;
} weft__info;

struct weft__natives {
    weft__native *list;
    size_t len, cap;
    weft__closer *closers;
    size_t closers_len;
    weft__info *infos;
    size_t infos_len;
    weft__prelude *preludes;
    size_t preludes_len, preludes_cap;
    weft__hub *hub;
    weft__rt *caller;   /* the runtime whose sync native runs now */
    char *error;        /* weft_native_error()'s message for that native */
    char *payload;      /* weft__native_fail_payload()'s error payload */
    size_t payload_len;
};

/* ---- the hub ----------------------------------------------------------- */

static void hub_unref_locked(weft__hub *hub, int *freed)
{
    *freed = --hub->refs == 0;
}

static void hub_release(weft__hub *hub)
{
    int freed;
    uv_mutex_lock(&hub->lock);
    hub_unref_locked(hub, &freed);
    uv_mutex_unlock(&hub->lock);
    if (freed) {
        uv_mutex_destroy(&hub->lock);
        free(hub);
    }
}

static void call_free(weft_call *c)
{
    weft__hub *hub = c->hub;
    free(c->buf);
    free(c);
    hub_release(hub);
}

/* Host thread, depth 0: hand the result to the waiting engine (refs.c drops
 * it when the caller stopped), then free the handle. */
static void deliver(weft_host *h, weft_call *c)
{
    weft__hub *hub = c->hub;
    if (--hub->pending == 0 && hub->async) uv_unref((uv_handle_t *)hub->async);
    weft__call_settle(h, c->id, c->status, c->buf, c->len);
    call_free(c);
}

static void async_cb(uv_async_t *a)
{
    weft__natives_flush(a->data);
}

static int settle(weft_call *c, int status, char *buf, size_t len)
{
    weft__hub *hub = c->hub;
    uv_mutex_lock(&hub->lock);
    if (c->settled) { /* a second settle is a bug in the native: ignore it */
        uv_mutex_unlock(&hub->lock);
        free(buf);
        return WEFT_ESTATE;
    }
    c->settled = 1;
    c->status = status;
    c->buf = buf;
    c->len = len;
    weft_host *h = hub->host;
    if (!h) { /* the host is gone: drop */
        uv_mutex_unlock(&hub->lock);
        call_free(c);
        return 0;
    }
    uv_thread_t self = uv_thread_self();
    if (uv_thread_equal(&self, &hub->loop_thread) && h->depth == 0 && !hub->delivering &&
        hub->invoking_id != c->id) {
        uv_mutex_unlock(&hub->lock);
        deliver(h, c);
        return 0;
    }
    c->next = NULL;
    if (hub->tail)
        hub->tail->next = c;
    else
        hub->head = c;
    hub->tail = c;
    uv_async_send(hub->async); /* under the lock: the handle cannot close meanwhile */
    uv_mutex_unlock(&hub->lock);
    return 0;
}

/* Bound: each pass delivers what was queued when it began; deliveries may
 * queue more (a continuation calling a native that settles at once), and the
 * loop ends when a pass finds the queue empty. */
void weft__natives_flush(weft_host *h)
{
    weft__natives *n = h->server ? h->server->natives : NULL;
    if (!n || !n->hub || h->depth || n->hub->delivering) return;
    weft__hub *hub = n->hub;
    hub->delivering = 1;
    for (;;) {
        uv_mutex_lock(&hub->lock);
        weft_call *c = hub->head;
        hub->head = hub->tail = NULL;
        uv_mutex_unlock(&hub->lock);
        if (!c) break;
        while (c) {
            weft_call *next = c->next;
            deliver(h, c); /* to a stopped caller: dropped by refs.c */
            c = next;
        }
    }
    hub->delivering = 0;
}

/* ---- the public handle API ---------------------------------------------- */

int weft_call_resolve(weft_call *call, const void *value, size_t len)
{
    if (!call) return WEFT_EINVAL;
    if (!value || !len) {
        value = "\xc0"; /* nil */
        len = 1;
    }
    if (!weft__mp_valid(value, len, 0))
        return weft_call_reject(call, "malformed msgpack value"), WEFT_EINVAL;
    char *buf = malloc(len);
    if (!buf) return weft_call_reject(call, "out of memory"), WEFT_ENOMEM;
    memcpy(buf, value, len);
    return settle(call, WEFT_CALL_OK, buf, len);
}

int weft_call_reject(weft_call *call, const char *message)
{
    if (!call) return WEFT_EINVAL;
    char *buf = NULL;
    size_t len = 0;
    weft__call_pack_error("Error", message ? message : "native failed", "", NULL, &buf, &len);
    return settle(call, WEFT_CALL_ERROR, buf, len);
}

const char *weft_call_resource(const weft_call *call)
{
    return call ? call->resource : "";
}

const char *weft_call_native(const weft_call *call)
{
    return call ? call->native : "";
}

/* ---- registry -------------------------------------------------------------- */

int weft__natives_init(weft_host *h)
{
    weft__natives *n = calloc(1, sizeof *n);
    weft__hub *hub = calloc(1, sizeof *hub);
    uv_async_t *a = malloc(sizeof *a);
    if (!n || !hub || !a || uv_mutex_init(&hub->lock) != 0) {
        free(n);
        free(hub);
        free(a);
        return WEFT_ENOMEM;
    }
    if (uv_async_init(&h->loop, a, async_cb) != 0) {
        uv_mutex_destroy(&hub->lock);
        free(n);
        free(hub);
        free(a);
        return WEFT_ELOOP;
    }
    a->data = h;
    uv_unref((uv_handle_t *)a); /* ref'd only while handles are pending */
    hub->host = h;
    hub->loop_thread = uv_thread_self();
    hub->async = a;
    hub->refs = 1;
    n->hub = hub;
    h->server->natives = n;
    return 0;
}

static void async_closed(uv_handle_t *a)
{
    free(a);
}

/* Detach the hub (handles settled from now on are dropped) and close its
 * async handle. Idempotent; called when the server quits. */
int weft__natives_on_close(weft_host *h, void (*fn)(weft_host *h, void *ud), void *ud)
{
    weft__natives *n = h->server->natives;
    weft__closer *c = realloc(n->closers, (n->closers_len + 1) * sizeof *c);
    if (!c) return WEFT_ENOMEM;
    n->closers = c;
    c[n->closers_len++] = (weft__closer){fn, ud};
    return 0;
}

int weft__natives_on_resource_info(weft_host *h,
                                   void (*fn)(weft_host *h, void *ud, const char *resource,
                                              char *buf, size_t cap),
                                   void *ud)
{
    weft__natives *n = h->server->natives;
    weft__info *i = realloc(n->infos, (n->infos_len + 1) * sizeof *i);
    if (!i) return WEFT_ENOMEM;
    n->infos = i;
    i[n->infos_len++] = (weft__info){fn, ud};
    return 0;
}

void weft__natives_resource_info(weft_host *h, const char *resource, char *buf, size_t cap)
{
    weft__natives *n = h->server->natives;
    size_t used = 0;
    buf[0] = 0;
    for (size_t i = 0; n && i < n->infos_len && used + 3 < cap; i++) {
        char part[256] = "";
        n->infos[i].fn(h, n->infos[i].ud, resource, part, sizeof part);
        if (!part[0]) continue;
        used += (size_t)snprintf(buf + used, cap - used, "%s%s", used ? "; " : "", part);
    }
}

void weft__natives_close(weft_host *h)
{
    weft__natives *n = h->server ? h->server->natives : NULL;
    if (!n || !n->hub) return;
    /* Areas settle or drop what they hold while results can still be
     * delivered (to stopped callers: dropped). Newest first. */
    n->infos_len = 0; /* their state goes with the closers */
    while (n->closers_len) {
        weft__closer c = n->closers[--n->closers_len];
        c.fn(h, c.ud);
    }
    weft__hub *hub = n->hub;
    n->hub = NULL;
    uv_mutex_lock(&hub->lock);
    hub->host = NULL;
    weft_call *c = hub->head;
    hub->head = hub->tail = NULL;
    uv_close((uv_handle_t *)hub->async, async_closed);
    hub->async = NULL;
    uv_mutex_unlock(&hub->lock);
    /* Bound: the queue as it was; nothing is added once host is NULL. */
    while (c) {
        weft_call *next = c->next;
        call_free(c);
        c = next;
    }
    hub_release(hub);
}

void weft__natives_free(weft_host *h)
{
    weft__natives *n = h->server ? h->server->natives : NULL;
    if (!n) return;
    weft__natives_close(h);
    for (size_t i = 0; i < n->len; i++)
        free(n->list[i].name);
    free(n->list);
    free(n->closers);
    free(n->infos);
    for (size_t i = 0; i < n->preludes_len; i++) {
        free(n->preludes[i].name);
        free(n->preludes[i].source);
        free(n->preludes[i].compiled);
        for (char **l = n->preludes[i].lazy; l && *l; l++) free(*l);
        free(n->preludes[i].lazy);
    }
    free(n->preludes);
    free(n);
    h->server->natives = NULL;
}

weft__native *weft__native_find(weft_host *h, const char *name)
{
    weft__natives *n = h->server ? h->server->natives : NULL;
    for (size_t i = 0; n && i < n->len; i++)
        if (!strcmp(n->list[i].name, name)) return &n->list[i];
    return NULL;
}

size_t weft__native_count(weft_host *h)
{
    return h->server && h->server->natives ? h->server->natives->len : 0;
}

const char *weft__native_name(weft_host *h, size_t i)
{
    return h->server->natives->list[i].name;
}

static int add(weft_host *h, const char *name, weft_native_fn fn, weft_async_native_fn afn,
               void *ud)
{
    if (!h || !h->server || !name || !*name || !fn == !afn) return WEFT_EINVAL;
    weft__natives *n = h->server->natives;
    if (weft__native_find(h, name)) return WEFT_EEXIST;
    if (n->len == n->cap) {
        size_t cap = n->cap ? n->cap * 2 : 16;
        weft__native *l = realloc(n->list, cap * sizeof *l);
        if (!l) return WEFT_ENOMEM;
        n->list = l;
        n->cap = cap;
    }
    char *nm = strdup(name);
    if (!nm) return WEFT_ENOMEM;
    n->list[n->len++] = (weft__native){nm, fn, afn, ud};
    return 0;
}

int weft_host_register_native(weft_host *h, const char *name, weft_native_fn fn, void *ud)
{
    return add(h, name, fn, NULL, ud);
}

int weft_host_register_async_native(weft_host *h, const char *name, weft_async_native_fn fn,
                                    void *ud)
{
    return add(h, name, NULL, fn, ud);
}

int weft_host_register_natives(weft_host *h, const weft_native *table, void *ud)
{
    if (!table) return WEFT_EINVAL;
    for (const weft_native *e = table; e->name; e++) {
        int rc = add(h, e->name, e->fn, e->async_fn, ud);
        if (rc < 0) return rc;
    }
    return 0;
}

/* ---- calling --------------------------------------------------------------- */

void weft__native_call(weft_host *h, weft__rt *caller, const char *name, const char *args,
                       size_t len, weft__call_result *out)
{
    memset(out, 0, sizeof *out);
    weft__native *nat = weft__native_find(h, name);
    if (!nat) {
        weft__call_result_error(out, "ReferenceError", NULL, "no native \"%s\"", name);
        return;
    }
    if (nat->fn) {
        char *res = NULL;
        size_t rlen = 0;
        weft__natives *n = h->server->natives;
        weft__rt *outer = n->caller;
        char *outer_error = n->error, *outer_payload = n->payload;
        size_t outer_payload_len = n->payload_len;
        n->caller = caller;
        n->error = NULL;
        n->payload = NULL;
        int rc = nat->fn(nat->ud, args, len, &res, &rlen);
        char *error = n->error, *payload = n->payload;
        size_t payload_len = n->payload_len;
        n->caller = outer;
        n->error = outer_error;
        n->payload = outer_payload;
        n->payload_len = outer_payload_len;
        if (rc < 0 && payload) {
            free(res);
            free(error);
            out->status = WEFT_CALL_ERROR;
            out->buf = payload;
            out->len = payload_len;
            return;
        }
        free(payload);
        if (rc < 0) {
            free(res);
            if (error)
                weft__call_result_error(out, "Error", NULL, "%s", error);
            else
                weft__call_result_error(out, "Error", NULL, "native %s failed: %s", name,
                                        weft_strerror(rc));
            free(error);
            return;
        }
        free(error);
        out->status = WEFT_CALL_OK;
        out->buf = res;
        out->len = res ? rlen : 0;
        return;
    }
    weft__natives *n = h->server->natives;
    weft__call *c = n->hub ? weft__call_new_native(h, name) : NULL;
    weft_call *wc = c ? calloc(1, sizeof *wc) : NULL;
    if (!wc) {
        if (c) weft__call_settle(h, c->id, WEFT_CALL_DROPPED, NULL, 0);
        weft__call_result_error(out, "Error", NULL, "native %s failed: %s", name,
                                n->hub ? weft_strerror(WEFT_ENOMEM) : "the server is stopping");
        return;
    }
    wc->hub = n->hub;
    wc->id = c->id;
    snprintf(wc->resource, sizeof wc->resource, "%s",
             caller && caller->resource ? caller->resource->name : "");
    snprintf(wc->native, sizeof wc->native, "%s", name);
    uv_mutex_lock(&n->hub->lock);
    n->hub->refs++;
    uv_mutex_unlock(&n->hub->lock);
    if (n->hub->pending++ == 0) uv_ref((uv_handle_t *)n->hub->async);
    /* While the native runs, a settle on this thread is queued, not
     * delivered: the engine has not attached its continuation yet. */
    uint64_t outer = n->hub->invoking_id;
    n->hub->invoking_id = c->id;
    int rc = nat->async_fn(nat->ud, wc, args, len);
    if (rc < 0) {
        /* A result settled before the failure stands. wc is still valid:
         * handles are freed only by delivery (host thread, depth 0, not
         * while this runs) or by weft__natives_close (at quit). */
        char msg[256];
        snprintf(msg, sizeof msg, "native %s failed: %s", name, weft_strerror(rc));
        uv_mutex_lock(&wc->hub->lock);
        int settled = wc->settled;
        uv_mutex_unlock(&wc->hub->lock);
        if (!settled) weft_call_reject(wc, msg);
    }
    if (n->hub) n->hub->invoking_id = outer;
    out->status = WEFT_CALL_PENDING;
    out->call = c;
}

weft__rt *weft__native_caller(weft_host *h)
{
    return h && h->server && h->server->natives ? h->server->natives->caller : NULL;
}

const char *weft_native_resource(weft_host *h)
{
    weft__rt *rt = weft__native_caller(h);
    return rt && rt->resource ? rt->resource->name : "";
}

int weft__native_fail_payload(weft_host *h, char *buf, size_t len)
{
    weft__natives *n = h && h->server ? h->server->natives : NULL;
    if (!n || !n->caller) {
        free(buf);
        return 0;
    }
    free(n->payload);
    n->payload = buf;
    n->payload_len = len;
    return WEFT_ESCRIPT;
}

int weft__native_failing(weft_host *h)
{
    weft__natives *n = h && h->server ? h->server->natives : NULL;
    return n && n->caller && n->payload;
}

int weft_native_error(weft_host *h, const char *fmt, ...)
{
    if (!h || !h->server || !h->server->natives || !fmt) return WEFT_EINVAL;
    weft__natives *n = h->server->natives;
    char msg[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    free(n->error);
    n->error = strdup(msg);
    return WEFT_ESCRIPT;
}

/* ---- preludes -------------------------------------------------------------- */

/* The names of a `weft:lazy` first line into p->lazy (none: NULL). */
static int lazy_names(weft__prelude *p)
{
    const char *s = p->source;
    if (!strncmp(s, "// weft:lazy ", 13) || !strncmp(s, "-- weft:lazy ", 13)) s += 13;
    else return 0;
    size_t cap = 8, n = 0;
    char **l = calloc(cap + 1, sizeof *l);
    while (l) {
        while (*s == ' ') s++;
        size_t w = strcspn(s, " \r\n");
        if (!w) {
            p->lazy = l;
            return 0;
        }
        if (n == cap) {
            char **nl = realloc(l, (2 * cap + 1) * sizeof *l);
            if (!nl) break;
            l = nl;
            cap *= 2;
        }
        if (!(l[n] = strndup(s, w))) break;
        l[++n] = NULL;
        s += w;
    }
    for (size_t i = 0; l && i < n; i++) free(l[i]);
    free(l);
    return WEFT_ENOMEM;
}

int weft_host_add_prelude(weft_host *h, const char *lang, const char *name, const char *source)
{
    if (!h || !h->server || !lang || !name || !source) return WEFT_EINVAL;
    if (strcmp(lang, "js") && strcmp(lang, "lua")) return WEFT_EINVAL;
    weft__natives *n = h->server->natives;
    if (n->preludes_len == n->preludes_cap) {
        size_t cap = n->preludes_cap ? n->preludes_cap * 2 : 8;
        weft__prelude *p = realloc(n->preludes, cap * sizeof *p);
        if (!p) return WEFT_ENOMEM;
        n->preludes = p;
        n->preludes_cap = cap;
    }
    weft__prelude *p = &n->preludes[n->preludes_len];
    snprintf(p->kind, sizeof p->kind, "%s", lang);
    p->name = strdup(name);
    p->source = strdup(source);
    p->compiled = NULL;
    p->compiled_len = 0;
    p->compile_failed = 0;
    p->lazy = NULL;
    if (!p->name || !p->source || lazy_names(p) < 0) {
        free(p->name);
        free(p->source);
        return WEFT_ENOMEM;
    }
    n->preludes_len++;
    return 0;
}

int weft__prelude_run(weft_host *h, weft__rt *rt, size_t i)
{
    weft__natives *n = h->server->natives;
    if (i >= n->preludes_len || rt->stopped) return WEFT_EINVAL;
    weft__prelude *p = &n->preludes[i];
    char display[160];
    snprintf(display, sizeof display, "@weft/%s", p->name);
    /* Compiled once per host (a syntax error is logged by load_buffer
     * below, for every runtime, as before). */
    if (!p->compiled && !p->compile_failed && rt->ops->compile)
        p->compile_failed = rt->ops->compile(rt, p->source, strlen(p->source), display,
                                             &p->compiled, &p->compiled_len) < 0;
    if (p->compiled && rt->ops->load_compiled)
        return rt->ops->load_compiled(rt, p->compiled, p->compiled_len, display);
    return rt->ops->load_buffer(rt, p->source, strlen(p->source), display);
}

void weft__preludes_run(weft_host *h, weft__rt *rt)
{
    weft__natives *n = h->server->natives;
    for (size_t i = 0; i < n->preludes_len && !rt->stopped; i++) {
        weft__prelude *p = &n->preludes[i];
        if (strcmp(p->kind, rt->ops->kind) || !rt->ops->load_buffer) continue;
        weft__host_enter(h, rt);
        if (!p->lazy || !rt->ops->define_lazy ||
            rt->ops->define_lazy(rt, (const char *const *)p->lazy, i) < 0)
            weft__prelude_run(h, rt, i);
        weft__host_leave(h);
    }
}
