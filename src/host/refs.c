/* refs.c: function references, exports and pending calls across runtimes.
 * A ref id "<resource>:<instance>:<index>" names a function in the runtime
 * with that instance; calls go through call_ref with the host entered.
 * Releases recorded by proxy finalizers and in-flight drops are queued and
 * applied by weft__ref_flush after the checkpoint (never from a finalizer).
 * A pending call lives in the server's list until it settles, its callee
 * stops (rejected with a clear error) or the server ends. */
#include <msgpack.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "host/server.h"

typedef struct id_queue {
    char **items;
    size_t len, cap;
} id_queue;

struct weft__ref_state {
    id_queue inflight, released;
};

static struct weft__ref_state *state(weft_host *h)
{
    weft__server *s = WEFT_SRV(h);
    if (!s->refs) s->refs = calloc(1, sizeof *s->refs);
    return s->refs;
}

static void q_push(id_queue *q, const char *id, size_t len)
{
    if (q->len == q->cap) {
        size_t cap = q->cap ? q->cap * 2 : 32;
        char **n = realloc(q->items, cap * sizeof *n);
        if (!n) return; /* a lost release leaks one ref; never crashes */
        q->items = n;
        q->cap = cap;
    }
    char *c = malloc(len + 1);
    if (!c) return;
    memcpy(c, id, len);
    c[len] = 0;
    q->items[q->len++] = c;
}

int weft__ref_format(char *buf, size_t cap, weft__rt *rt, uint32_t index)
{
    int n = snprintf(buf, cap, "%s:%u:%u", rt->resource ? rt->resource->name : "?", rt->instance,
                     index);
    return n < 0 || (size_t)n >= cap ? WEFT_EINVAL : 0;
}

static weft__rt *rt_by_instance(weft__resource *res, uint32_t instance)
{
    if (!res) return NULL;
    for (weft__rt *rt = res->rts; rt; rt = rt->res_next)
        if (rt->instance == instance) return rt;
    return NULL;
}

int weft__ref_parse(weft_host *h, const char *id, size_t len, char *resname, size_t rescap,
                    weft__rt **owner, uint32_t *index)
{
    *owner = NULL;
    size_t c2 = len, c1;
    while (c2 > 0 && id[c2 - 1] != ':') c2--;
    if (c2 < 2) return WEFT_EINVAL;
    c1 = c2 - 1;
    while (c1 > 0 && id[c1 - 1] != ':') c1--;
    if (c1 < 2 || c1 - 1 >= rescap) return WEFT_EINVAL;
    memcpy(resname, id, c1 - 1);
    resname[c1 - 1] = 0;
    uint32_t inst = 0, idx = 0;
    for (size_t i = c1; i < c2 - 1; i++) {
        if (id[i] < '0' || id[i] > '9') return WEFT_EINVAL;
        inst = inst * 10 + (uint32_t)(id[i] - '0');
    }
    for (size_t i = c2; i < len; i++) {
        if (id[i] < '0' || id[i] > '9') return WEFT_EINVAL;
        idx = idx * 10 + (uint32_t)(id[i] - '0');
    }
    *index = idx;
    weft__rt *rt = rt_by_instance(weft__srv_find(h, resname), inst);
    if (rt && !rt->stopped) *owner = rt;
    return 0;
}

void weft__ref_inflight(weft_host *h, const char *id)
{
    struct weft__ref_state *st = state(h);
    if (st) q_push(&st->inflight, id, strlen(id));
}

void weft__ref_dup(weft_host *h, const char *id, size_t len)
{
    char res[128];
    weft__rt *owner;
    uint32_t index;
    if (weft__ref_parse(h, id, len, res, sizeof res, &owner, &index) == 0 && owner &&
        owner->ops->ref_dup)
        owner->ops->ref_dup(owner, index);
}

void weft__ref_release_later(weft_host *h, const char *id, size_t len)
{
    struct weft__ref_state *st = state(h);
    if (st) q_push(&st->released, id, len);
}

static void release_now(weft_host *h, const char *id)
{
    char res[128];
    weft__rt *owner;
    uint32_t index;
    if (weft__ref_parse(h, id, strlen(id), res, sizeof res, &owner, &index) == 0 && owner &&
        owner->ops->ref_release)
        owner->ops->ref_release(owner, index);
}

/* Bound: takes the queues as they are; releases never run script code, so
 * nothing is added while they are applied. */
void weft__ref_flush(weft_host *h)
{
    struct weft__ref_state *st = WEFT_SRV(h)->refs;
    if (!st) return;
    id_queue qs[2] = {st->inflight, st->released};
    memset(&st->inflight, 0, sizeof st->inflight);
    memset(&st->released, 0, sizeof st->released);
    for (int k = 0; k < 2; k++) {
        for (size_t i = 0; i < qs[k].len; i++) {
            release_now(h, qs[k].items[i]);
            free(qs[k].items[i]);
        }
        free(qs[k].items);
    }
}

void weft__ref_free_all(weft_host *h)
{
    weft__server *s = WEFT_SRV(h);
    struct weft__ref_state *st = s->refs;
    if (st) {
        id_queue *qs[2] = {&st->inflight, &st->released};
        for (int k = 0; k < 2; k++) {
            for (size_t i = 0; i < qs[k]->len; i++) free(qs[k]->items[i]);
            free(qs[k]->items);
        }
        free(st);
        s->refs = NULL;
    }
    while (s->calls) {
        weft__call *c = s->calls;
        s->calls = c->next;
        if (c->done) c->done(h, c->caller_data, WEFT_CALL_DROPPED, NULL, 0);
        free(c);
    }
}

/* ---- pending calls ---------------------------------------------------- */

int weft__call_pack_error(const char *name, const char *message, const char *stack,
                          const char *resource, char **out, size_t *outlen)
{
    msgpack_sbuffer sb;
    msgpack_packer pk;
    msgpack_sbuffer_init(&sb);
    msgpack_packer_init(&pk, &sb, msgpack_sbuffer_write);
    const char *kv[] = {"name", name, "message", message, "stack", stack, "resource", resource};
    msgpack_pack_map(&pk, 5);
    msgpack_pack_str_with_body(&pk, "__weftError", 11);
    msgpack_pack_true(&pk);
    for (int i = 0; i < 8; i += 2) {
        msgpack_pack_str_with_body(&pk, kv[i], strlen(kv[i]));
        const char *v = kv[i + 1] ? kv[i + 1] : "";
        msgpack_pack_str_with_body(&pk, v, strlen(v));
    }
    if (!sb.data) return WEFT_ENOMEM;
    *out = sb.data;
    *outlen = sb.size;
    return 0;
}

int weft__call_is_overflow(const char *buf, size_t len)
{
    if (!buf || !len) return 0;
    msgpack_unpacked u;
    msgpack_unpacked_init(&u);
    int yes = 0, is_error = 0;
    const char *msg = NULL;
    size_t mlen = 0;
    if (msgpack_unpack_next(&u, buf, len, NULL) == MSGPACK_UNPACK_SUCCESS &&
        u.data.type == MSGPACK_OBJECT_MAP) {
        for (uint32_t i = 0; i < u.data.via.map.size; i++) {
            const msgpack_object *k = &u.data.via.map.ptr[i].key, *v = &u.data.via.map.ptr[i].val;
            if (k->type != MSGPACK_OBJECT_STR) continue;
            if (k->via.str.size == 11 && !memcmp(k->via.str.ptr, "__weftError", 11))
                is_error = v->type == MSGPACK_OBJECT_BOOLEAN && v->via.boolean;
            else if (k->via.str.size == 7 && !memcmp(k->via.str.ptr, "message", 7) &&
                     v->type == MSGPACK_OBJECT_STR) {
                msg = v->via.str.ptr;
                mlen = v->via.str.size;
            }
        }
    }
    if (is_error && msg) {
        static const char js[] = "Maximum call stack size exceeded";
        if (mlen == sizeof js - 1 && !memcmp(msg, js, mlen)) yes = 1;
        /* Lua's: past a "FILE:LINE: " position */
        const char *p = msg, *end = msg + mlen;
        while (p < end && *p != ' ' && *p != '\n') p++;
        if (p > msg && p < end && p[-1] == ':' && *p == ' ') msg = p + 1;
        mlen = (size_t)(end - msg);
        if ((mlen == 16 && !memcmp(msg, "C stack overflow", 16)) ||
            (mlen >= 14 && !memcmp(msg, "stack overflow", 14) && (mlen == 14 || msg[14] == ' ')))
            yes = 1;
    }
    msgpack_unpacked_destroy(&u);
    return yes;
}

void weft__call_result_error(weft__call_result *out, const char *name, const char *resource,
                             const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    out->status = WEFT_CALL_ERROR;
    out->buf = NULL;
    out->len = 0;
    weft__call_pack_error(name, msg, "", resource, &out->buf, &out->len);
}

weft__call *weft__call_new_native(weft_host *h, const char *name)
{
    weft__server *s = WEFT_SRV(h);
    weft__call *c = calloc(1, sizeof *c);
    if (!c) return NULL;
    c->id = ++s->next_call_id;
    snprintf(c->callee_name, sizeof c->callee_name, "%s", name);
    if (h->prof) c->start_ns = uv_hrtime(); /* db/http latency for /perf/ */
    c->next = s->calls;
    if (s->calls) s->calls->prev = c;
    s->calls = c;
    return c;
}

weft__call *weft__call_new(weft_host *h, weft__rt *callee)
{
    weft__call *c = weft__call_new_native(h, callee->resource ? callee->resource->name : "?");
    if (c) c->callee = callee;
    return c;
}

static void call_unlink(weft__server *s, weft__call *c)
{
    if (c->prev) c->prev->next = c->next;
    else s->calls = c->next;
    if (c->next) c->next->prev = c->prev;
    c->next = c->prev = NULL;
}

void weft__call_wait(weft__call *c, weft__rt *caller, void *caller_data)
{
    c->caller = caller;
    c->caller_data = caller_data;
}

void weft__call_wait_c(weft__call *c,
                       void (*done)(weft_host *h, void *data, int status, const char *buf,
                                    size_t len),
                       void *data)
{
    c->caller = NULL;
    c->done = done;
    c->caller_data = data;
}

/* The profiler's scope for a settled call: a database or HTTP native's
 * result (natives WeftDb*, WeftHttp*), else the caller's callbacks. */
static int settle_kind(const weft__call *c)
{
    if (c->callee) return WEFT_PROF_CALLBACKS;
    if (!strncmp(c->callee_name, "WeftDb", 6)) return WEFT_PROF_DB;
    if (!strncmp(c->callee_name, "WeftHttp", 8)) return WEFT_PROF_HTTP;
    return WEFT_PROF_CALLBACKS;
}

static void deliver(weft_host *h, weft__call *c, int status, const char *buf, size_t len)
{
    weft__rt *caller = c->caller;
    if (c->start_ns && h->prof) {
        int k = settle_kind(c);
        if (k != WEFT_PROF_CALLBACKS) weft__prof_io_done(h, k == WEFT_PROF_HTTP, c->start_ns);
    }
    if (caller && !caller->stopped && caller->ops->settle_call) {
        weft__prof_begin(h, caller, h->prof ? settle_kind(c) : 0, "settle");
        weft__host_enter(h, caller);
        caller->ops->settle_call(caller, c, status, buf, len);
        weft__host_leave(h);
        weft__prof_end(h);
    } else if (c->done) {
        c->done(h, c->caller_data, status, buf, len);
    }
    free(c);
}

/* Bound: the pending list holds calls not yet settled; one walk. */
void weft__call_settle(weft_host *h, uint64_t id, int status, const char *buf, size_t len)
{
    weft__server *s = WEFT_SRV(h);
    for (weft__call *c = s->calls; c; c = c->next) {
        if (c->id != id) continue;
        call_unlink(s, c);
        deliver(h, c, status, buf, len);
        return;
    }
}

void weft__call_rt_stopped(weft_host *h, weft__rt *rt)
{
    weft__server *s = WEFT_SRV(h);
    /* Drop what rt waits on (no script code), then reject what waits on rt.
     * Bound: each rejected call is unlinked before it is delivered, and a
     * delivery can only add calls whose callee is running. */
    for (weft__call *c = s->calls; c; c = c->next) {
        if (c->caller != rt) continue;
        if (rt->ops->settle_call) rt->ops->settle_call(rt, c, WEFT_CALL_DROPPED, NULL, 0);
        c->caller = NULL;
        c->caller_data = NULL;
    }
    for (;;) {
        weft__call *c = s->calls;
        while (c && c->callee != rt) c = c->next;
        if (!c) break;
        call_unlink(s, c);
        c->callee = NULL;
        char msg[256];
        snprintf(msg, sizeof msg, "resource \"%s\" was stopped before the call returned",
                 c->callee_name);
        char *buf = NULL;
        size_t len = 0;
        weft__call_pack_error("Error", msg, "", c->callee_name, &buf, &len);
        deliver(h, c, WEFT_CALL_ERROR, buf, len);
        free(buf);
    }
}

/* ---- calls ------------------------------------------------------------ */

/* kind: WEFT_PROF_REF, or WEFT_PROF_EXPORT with the export's name. */
static void call_into(weft_host *h, weft__rt *caller, weft__rt *owner, uint32_t index,
                      const char *args, size_t len, weft__call_result *out, int kind,
                      const char *export_name)
{
    weft__server *s = WEFT_SRV(h);
    weft__invocation inv = {caller ? caller->resource : NULL, NULL, 0, 0, 0, 0, 0, 0, 0,
                            s->invocation};
    s->invocation = &inv;
    out->status = WEFT_CALL_OK;
    out->buf = NULL;
    out->len = 0;
    out->call = NULL;
    weft__prof_begin(h, owner, kind, export_name);
    weft__host_enter(h, owner);
    owner->ops->call_ref(owner, index, args, len, out);
    weft__host_leave(h);
    weft__prof_end(h);
    s->invocation = inv.prev;
}

void weft__ref_call(weft_host *h, weft__rt *caller, const char *id, size_t idlen,
                    const char *args, size_t len, weft__call_result *out)
{
    char res[128];
    weft__rt *owner;
    uint32_t index;
    memset(out, 0, sizeof *out);
    if (weft__ref_parse(h, id, idlen, res, sizeof res, &owner, &index) < 0) {
        weft__call_result_error(out, "Error", NULL, "invalid function reference \"%.*s\"",
                                (int)idlen, id);
        return;
    }
    if (!owner) {
        weft__resource *r = weft__srv_find(h, res);
        if (r && r->state == WEFT_RES_STARTED)
            weft__call_result_error(out, "Error", res,
                         "function reference \"%.*s\" is stale: resource \"%s\" was restarted",
                         (int)idlen, id, res);
        else weft__call_result_error(out, "Error", res, "resource \"%s\" is not running", res);
        return;
    }
    call_into(h, caller, owner, index, args, len, out, WEFT_PROF_REF, NULL);
}

int weft__export_set(weft_host *h, weft__rt *rt, const char *name, uint32_t index)
{
    weft__resource *r = rt->resource;
    for (size_t i = 0; i < r->exports_len; i++) {
        weft__export *e = &r->exports[i];
        if (strcmp(e->name, name)) continue;
        weft__rt *old = rt_by_instance(r, e->instance);
        if (old && old->ops->ref_release) old->ops->ref_release(old, e->index);
        e->instance = rt->instance;
        e->index = index;
        return 0;
    }
    if (r->exports_len == r->exports_cap) {
        size_t cap = r->exports_cap ? r->exports_cap * 2 : 8;
        weft__export *n = realloc(r->exports, cap * sizeof *n);
        if (!n) return WEFT_ENOMEM;
        r->exports = n;
        r->exports_cap = cap;
    }
    char *nm = strdup(name);
    if (!nm) return WEFT_ENOMEM;
    r->exports[r->exports_len++] = (weft__export){nm, rt->instance, index};
    return 0;
}

int weft__export_call(weft_host *h, weft__rt *caller, const char *res, const char *name,
                      const char *args, size_t len, weft__call_result *out)
{
    memset(out, 0, sizeof *out);
    weft__resource *r = weft__srv_find_provider(h, res);
    if (!r || (r->state != WEFT_RES_STARTED && r->state != WEFT_RES_STARTING)) {
        weft__call_result_error(out, "Error", res, "resource \"%s\" is not running", res);
        return WEFT_ENOENT;
    }
    for (size_t i = 0; i < r->exports_len; i++) {
        weft__export *e = &r->exports[i];
        if (strcmp(e->name, name)) continue;
        weft__rt *owner = rt_by_instance(r, e->instance);
        if (!owner || owner->stopped) break;
        call_into(h, caller, owner, e->index, args, len, out, WEFT_PROF_EXPORT, name);
        return 0;
    }
    weft__call_result_error(out, "Error", res, "no such export \"%s\" in resource \"%s\"",
                            name, res);
    return WEFT_ENOENT;
}
