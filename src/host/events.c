/* events.c: event subscriptions and synchronous, re-entrant dispatch.
 * A hash of event name -> subscriber entries (runtime, count, net), kept in
 * first-subscription order. Entries are never unlinked during a dispatch (a
 * count of 0 is a tombstone), only when their runtime is removed at depth 0,
 * so a nested emit or (un)subscribe never invalidates a walk in progress. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "host/server.h"

#define EV_BUCKETS 256

typedef struct ev_sub {
    char *name;
    uint32_t hash;
    weft__rt *rt;
    int count, net;
    struct ev_sub *next;
} ev_sub;

struct weft__ev_table {
    ev_sub *buckets[EV_BUCKETS];
};

static uint32_t ev_hash(const char *s)
{
    uint32_t h = 2166136261u;
    for (; *s; s++) h = (h ^ (unsigned char)*s) * 16777619u;
    return h;
}

static struct weft__ev_table *table(weft_host *h)
{
    weft__server *s = WEFT_SRV(h);
    if (!s->events) s->events = calloc(1, sizeof *s->events);
    return s->events;
}

int weft__ev_subscribe(weft_host *h, weft__rt *rt, const char *name, int net)
{
    struct weft__ev_table *t = table(h);
    if (!t) return WEFT_ENOMEM;
    uint32_t hv = ev_hash(name);
    ev_sub **pp = &t->buckets[hv % EV_BUCKETS];
    for (; *pp; pp = &(*pp)->next) {
        ev_sub *e = *pp;
        if (e->rt == rt && e->hash == hv && !strcmp(e->name, name)) {
            e->count++;
            if (net) e->net = 1;
            return 0;
        }
    }
    ev_sub *e = calloc(1, sizeof *e);
    if (!e || !(e->name = strdup(name))) {
        free(e);
        return WEFT_ENOMEM;
    }
    e->hash = hv;
    e->rt = rt;
    e->count = 1;
    e->net = net;
    *pp = e; /* append: dispatch order is first-subscription order */
    return 0;
}

void weft__ev_unsubscribe(weft_host *h, weft__rt *rt, const char *name)
{
    struct weft__ev_table *t = table(h);
    if (!t) return;
    uint32_t hv = ev_hash(name);
    for (ev_sub *e = t->buckets[hv % EV_BUCKETS]; e; e = e->next)
        if (e->rt == rt && e->hash == hv && !strcmp(e->name, name) && e->count > 0) {
            e->count--;
            return;
        }
}

void weft__ev_remove_rt(weft_host *h, weft__rt *rt)
{
    struct weft__ev_table *t = WEFT_SRV(h)->events;
    if (!t) return;
    for (int i = 0; i < EV_BUCKETS; i++) {
        ev_sub **pp = &t->buckets[i];
        while (*pp) {
            ev_sub *e = *pp;
            if (e->rt == rt) {
                *pp = e->next;
                free(e->name);
                free(e);
            } else {
                pp = &e->next;
            }
        }
    }
}

void weft__ev_free_all(weft_host *h)
{
    struct weft__ev_table *t = WEFT_SRV(h)->events;
    if (!t) return;
    for (int i = 0; i < EV_BUCKETS; i++) {
        for (ev_sub *e = t->buckets[i], *n; e; e = n) {
            n = e->next;
            free(e->name);
            free(e);
        }
    }
    free(t);
    WEFT_SRV(h)->events = NULL;
}

/* Bound: one pass over the bucket; entries appended meanwhile (a handler
 * subscribing to the same name) are visited too, as they are at the tail. */
int weft__ev_emit(weft_host *h, weft__resource *invoker, const char *name, const char *args,
                  size_t len, const char *source)
{
    return weft__ev_emit_src(h, invoker, name, args, len, source, source != NULL);
}

typedef struct bytes_delivery {
    const char *name, *args, *source;
    size_t len;
} bytes_delivery;

static void deliver_bytes(weft__rt *rt, void *ud)
{
    bytes_delivery *d = ud;
    rt->ops->dispatch_event(rt, d->name, d->args, d->len, d->source);
}

int weft__ev_emit_src(weft_host *h, weft__resource *invoker, const char *name, const char *args,
                      size_t len, const char *source, int net_only)
{
    bytes_delivery d = {name, args, source, len};
    return weft__ev_emit_with(h, invoker, name, source, net_only, deliver_bytes, &d);
}

/* The dispatch: every subscribed running runtime (of `only` when set);
 * *errors (when not NULL) gets how many handlers failed, *ran how many
 * runtimes were entered. */
static int emit_core(weft_host *h, weft__resource *invoker, const weft__resource *only,
                     const char *name, const char *source, int net_only,
                     weft__ev_deliver_fn deliver, void *ud, int *errors, int *ran,
                     int from_script, int *overflow)
{
    weft__server *s = WEFT_SRV(h);
    struct weft__ev_table *t = table(h);
    if (!t) return 0;
    uint32_t hv = ev_hash(name);
    weft__invocation inv = {invoker, source, 0, 1, 0, 0, 0, from_script, 0, s->invocation};
    s->invocation = &inv;
    int entered = 0;
    for (ev_sub *e = t->buckets[hv % EV_BUCKETS]; e; e = e->next) {
        if (e->count <= 0 || e->hash != hv || strcmp(e->name, name)) continue;
        if (net_only && !e->net) continue; /* net events only reach onNet names */
        weft__rt *rt = e->rt;
        if (rt->stopped || !rt->ops->dispatch_event) continue;
        if (only && rt->resource != only) continue;
        entered++;
        weft__prof_begin(h, rt, WEFT_PROF_EVENT, name);
        weft__host_enter(h, rt);
        deliver(rt, ud);
        weft__host_leave(h);
        weft__prof_end(h);
        if (inv.overflowed) break; /* the emitter's now (weft__ev_trigger) */
    }
    s->invocation = inv.prev;
    s->last_canceled = inv.canceled;
    for (weft__invocation *p = inv.prev; p; p = p->prev)
        if (p->is_event) {
            p->nested_done = 1;
            p->nested_canceled = inv.canceled;
            break;
        }
    if (errors) *errors = inv.errors;
    if (ran) *ran = entered;
    if (overflow) *overflow = inv.overflowed;
    return inv.canceled;
}

int weft__ev_emit_with(weft_host *h, weft__resource *invoker, const char *name,
                       const char *source, int net_only, weft__ev_deliver_fn deliver, void *ud)
{
    return emit_core(h, invoker, NULL, name, source, net_only, deliver, ud, NULL, NULL, 0, NULL);
}

int weft__ev_trigger(weft_host *h, weft__resource *invoker, const char *name, const char *args,
                     size_t len, weft__ev_deliver_fn deliver, void *ud, int *overflow)
{
    bytes_delivery d = {name, args, NULL, len};
    if (!deliver) {
        deliver = deliver_bytes;
        ud = &d;
    }
    return emit_core(h, invoker, NULL, name, NULL, 0, deliver, ud, NULL, NULL, 1, overflow);
}

int weft__ev_pass_overflow(weft_host *h, const char *text)
{
    weft__server *s = WEFT_SRV(h);
    if (!s) return 0; /* `weft run`: no events */
    weft__invocation *i = s->invocation; /* the dispatch running now */
    if (!i || !i->is_event || !i->from_script) return 0;
    i->overflowed = 1;
    snprintf(s->overflow_text, sizeof s->overflow_text, "%s", text ? text : "");
    return 1;
}

const char *weft__ev_overflow_text(weft_host *h)
{
    return WEFT_SRV(h)->overflow_text;
}

int weft__ev_emit_to(weft_host *h, const weft__resource *only, const char *name,
                     const char *args, size_t len, const char *source, int *errors)
{
    bytes_delivery d = {name, args, source, len};
    int ran = 0;
    emit_core(h, NULL, only, name, source, 0, deliver_bytes, &d, errors, &ran, 0, NULL);
    return ran;
}

void weft__ev_handler_failed(weft_host *h)
{
    for (weft__invocation *i = WEFT_SRV(h)->invocation; i; i = i->prev)
        if (i->is_event) {
            i->errors++;
            return;
        }
}

int weft__ev_has_other(weft_host *h, const char *name, const weft__rt *self)
{
    struct weft__ev_table *t = table(h);
    if (!t) return 0;
    uint32_t hv = ev_hash(name);
    for (ev_sub *e = t->buckets[hv % EV_BUCKETS]; e; e = e->next)
        if (e->count > 0 && e->rt != self && e->hash == hv && !e->rt->stopped &&
            !strcmp(e->name, name))
            return 1;
    return 0;
}

int weft__ev_has_net(weft_host *h, const char *name)
{
    struct weft__ev_table *t = table(h);
    if (!t) return 0;
    uint32_t hv = ev_hash(name);
    for (ev_sub *e = t->buckets[hv % EV_BUCKETS]; e; e = e->next)
        if (e->count > 0 && e->net && e->hash == hv && !e->rt->stopped && !strcmp(e->name, name))
            return 1;
    return 0;
}

void weft__ev_cancel(weft_host *h)
{
    for (weft__invocation *i = WEFT_SRV(h)->invocation; i; i = i->prev)
        if (i->is_event) {
            i->canceled = 1;
            return;
        }
}

/* FiveM reports the last event that completed (WasLastEventCanceled). Inside
 * a handler weft reports the last event triggered from it once one
 * completed (chat's TriggerEvent('chatMessage') then WasEventCanceled()),
 * and before that the current event's own state. */
int weft__ev_was_canceled(weft_host *h)
{
    for (weft__invocation *i = WEFT_SRV(h)->invocation; i; i = i->prev)
        if (i->is_event) return i->nested_done ? i->nested_canceled : i->canceled;
    return WEFT_SRV(h)->last_canceled;
}
