/* statebag.c: bags, values, write policies and change handlers
 * (statebag.h). Bags are a list, values an array per bag, both searched
 * linearly: bags hold tens of keys; servers a bag per player. Bytes per bag
 * are kept up to date on every store so the limit check is O(keys). */
#include "api/statebag.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int weft__sb_init(weft__statebags *sb)
{
    memset(sb, 0, sizeof *sb);
    sb->max_value = WEFT_STATEBAG_MAX_VALUE;
    sb->max_bag = WEFT_STATEBAG_MAX_BAG;
    return weft__sb_bag(sb, "global") ? 0 : WEFT_ENOMEM;
}

static void free_bag(weft__bag *b)
{
    for (size_t i = 0; i < b->len; i++) {
        free(b->values[i].key);
        free(b->values[i].value);
    }
    free(b->values);
    free(b->name);
    free(b);
}

static void free_policy(weft__sb_policy *p)
{
    for (size_t i = 0; i < p->n; i++)
        free(p->writers[i]);
    free(p->writers);
    free(p->bag);
    free(p->key);
}

static void free_handler(weft__sb_handler *h)
{
    free(h->key_filter);
    free(h->bag_filter);
    free(h->resource);
    free(h->ref);
}

void weft__sb_free(weft__statebags *sb)
{
    for (weft__bag *b = sb->bags, *n; b; b = n) {
        n = b->next;
        free_bag(b);
    }
    for (size_t i = 0; i < sb->policies_len; i++)
        free_policy(&sb->policies[i]);
    for (size_t i = 0; i < sb->handlers_len; i++)
        free_handler(&sb->handlers[i]);
    free(sb->policies);
    free(sb->handlers);
    memset(sb, 0, sizeof *sb);
}

weft__bag *weft__sb_find(weft__statebags *sb, const char *name)
{
    for (weft__bag *b = sb->bags; b; b = b->next)
        if (!strcmp(b->name, name)) return b;
    return NULL;
}

weft__bag *weft__sb_bag(weft__statebags *sb, const char *name)
{
    weft__bag *b = weft__sb_find(sb, name);
    if (b) return b;
    b = calloc(1, sizeof *b);
    if (!b || !(b->name = strdup(name))) {
        free(b);
        return NULL;
    }
    b->next = sb->bags;
    sb->bags = b;
    return b;
}

void weft__sb_drop(weft__statebags *sb, const char *name)
{
    for (weft__bag **pp = &sb->bags; *pp; pp = &(*pp)->next) {
        if (strcmp((*pp)->name, name)) continue;
        weft__bag *b = *pp;
        *pp = b->next;
        free_bag(b);
        return;
    }
}

const weft__sb_value *weft__sb_get(const weft__bag *bag, const char *key)
{
    for (size_t i = 0; bag && i < bag->len; i++)
        if (!strcmp(bag->values[i].key, key)) return &bag->values[i];
    return NULL;
}

static const weft__sb_policy *policy_of(const weft__statebags *sb, const char *bag, const char *key)
{
    const weft__sb_policy *any = NULL;
    for (size_t i = 0; i < sb->policies_len; i++) {
        const weft__sb_policy *p = &sb->policies[i];
        if (strcmp(p->key, key)) continue;
        if (!strcmp(p->bag, bag)) return p;
        if (!strcmp(p->bag, "*")) any = p;
    }
    return any;
}

static int may_write(const weft__sb_policy *p, const char *writer)
{
    if (!p || !writer) return 1;
    for (size_t i = 0; i < p->n; i++)
        if (!strcmp(p->writers[i], "*") || !strcmp(p->writers[i], writer)) return 1;
    return 0;
}

static int is_nil(const char *v, size_t len)
{
    return len == 1 && (unsigned char)v[0] == 0xc0;
}

int weft__sb_check(const weft__statebags *sb, const weft__bag *bag, const char *key,
                   const char *writer, const char *value, size_t len, char *err, size_t errcap)
{
    const weft__sb_policy *p = policy_of(sb, bag->name, key);
    if (!may_write(p, writer)) {
        char who[256] = "";
        for (size_t i = 0; i < p->n; i++) {
            strncat(who, i ? ", " : "", sizeof who - strlen(who) - 1);
            strncat(who, p->writers[i], sizeof who - strlen(who) - 1);
        }
        snprintf(err, errcap, "state bag %s: key \"%s\" may be written only by %s", bag->name, key,
                 who);
        return WEFT_EACCES;
    }
    if (sb->max_value && len > sb->max_value && !is_nil(value, len)) {
        snprintf(err, errcap,
                 "state bag %s: value of key \"%s\" is %zu bytes, over the limit of %zu "
                 "(weft_stateBagMaxValue)",
                 bag->name, key, len, sb->max_value);
        return WEFT_E2BIG;
    }
    const weft__sb_value *old = weft__sb_get(bag, key);
    size_t after = bag->bytes - (old ? strlen(old->key) + old->len : 0);
    if (is_nil(value, len)) return 0; /* deleting is always within limits */
    after += strlen(key) + len;
    if (sb->max_bag && after > sb->max_bag) {
        snprintf(err, errcap,
                 "state bag %s: setting key \"%s\" would make the bag %zu bytes, over the "
                 "limit of %zu (weft_stateBagMaxBag)",
                 bag->name, key, after, sb->max_bag);
        return WEFT_E2BIG;
    }
    return 0;
}

int weft__sb_store(weft__bag *bag, const char *key, const char *value, size_t len)
{
    size_t i = 0;
    while (i < bag->len && strcmp(bag->values[i].key, key))
        i++;
    if (is_nil(value, len)) {
        if (i == bag->len) return 0;
        bag->bytes -= strlen(key) + bag->values[i].len;
        free(bag->values[i].key);
        free(bag->values[i].value);
        bag->values[i] = bag->values[--bag->len];
        return 0;
    }
    char *copy = malloc(len ? len : 1);
    if (!copy) return WEFT_ENOMEM;
    memcpy(copy, value, len);
    if (i < bag->len) {
        bag->bytes += len - bag->values[i].len;
        free(bag->values[i].value);
        bag->values[i].value = copy;
        bag->values[i].len = len;
        return 0;
    }
    if (bag->len == bag->cap) {
        size_t cap = bag->cap ? bag->cap * 2 : 8;
        weft__sb_value *v = realloc(bag->values, cap * sizeof *v);
        if (!v) {
            free(copy);
            return WEFT_ENOMEM;
        }
        bag->values = v;
        bag->cap = cap;
    }
    char *k = strdup(key);
    if (!k) {
        free(copy);
        return WEFT_ENOMEM;
    }
    bag->values[bag->len++] = (weft__sb_value){k, copy, len};
    bag->bytes += strlen(key) + len;
    return 0;
}

int weft__sb_set_policy(weft__statebags *sb, const char *bag, const char *key,
                        const char *const *writers, size_t n, const char *changer)
{
    size_t i = 0;
    while (i < sb->policies_len &&
           (strcmp(sb->policies[i].bag, bag) || strcmp(sb->policies[i].key, key)))
        i++;
    if (i < sb->policies_len && !may_write(&sb->policies[i], changer)) return WEFT_EACCES;
    weft__sb_policy p = {strdup(bag), strdup(key), n ? calloc(n, sizeof(char *)) : NULL, n};
    int oom = !p.bag || !p.key || (n && !p.writers);
    for (size_t k = 0; k < n && !oom; k++)
        oom = !(p.writers[k] = strdup(writers[k]));
    if (oom) {
        free_policy(&p);
        return WEFT_ENOMEM;
    }
    if (i < sb->policies_len) {
        free_policy(&sb->policies[i]);
        if (n)
            sb->policies[i] = p;
        else {
            free_policy(&p);
            sb->policies[i] = sb->policies[--sb->policies_len];
        }
        return 0;
    }
    if (!n) {
        free_policy(&p);
        return 0;
    }
    if (sb->policies_len == sb->policies_cap) {
        size_t cap = sb->policies_cap ? sb->policies_cap * 2 : 8;
        weft__sb_policy *np = realloc(sb->policies, cap * sizeof *np);
        if (!np) {
            free_policy(&p);
            return WEFT_ENOMEM;
        }
        sb->policies = np;
        sb->policies_cap = cap;
    }
    sb->policies[sb->policies_len++] = p;
    return 0;
}

int weft__sb_add_handler(weft__statebags *sb, const char *key_filter, const char *bag_filter,
                         const char *resource, const char *ref)
{
    if (sb->handlers_len == sb->handlers_cap) {
        size_t cap = sb->handlers_cap ? sb->handlers_cap * 2 : 8;
        weft__sb_handler *h = realloc(sb->handlers, cap * sizeof *h);
        if (!h) return WEFT_ENOMEM;
        sb->handlers = h;
        sb->handlers_cap = cap;
    }
    weft__sb_handler h = {sb->next_cookie, key_filter && *key_filter ? strdup(key_filter) : NULL,
                          bag_filter && *bag_filter ? strdup(bag_filter) : NULL,
                          strdup(resource ? resource : ""), strdup(ref)};
    if ((key_filter && *key_filter && !h.key_filter) ||
        (bag_filter && *bag_filter && !h.bag_filter) || !h.resource || !h.ref) {
        free_handler(&h);
        return WEFT_ENOMEM;
    }
    sb->next_cookie++;
    sb->handlers[sb->handlers_len++] = h;
    return h.cookie;
}

char *weft__sb_remove_handler(weft__statebags *sb, int cookie)
{
    for (size_t i = 0; i < sb->handlers_len; i++) {
        if (sb->handlers[i].cookie != cookie) continue;
        char *ref = sb->handlers[i].ref;
        sb->handlers[i].ref = NULL;
        free_handler(&sb->handlers[i]);
        memmove(&sb->handlers[i], &sb->handlers[i + 1],
                (sb->handlers_len - i - 1) * sizeof *sb->handlers);
        sb->handlers_len--;
        return ref;
    }
    return NULL;
}

void weft__sb_remove_resource(weft__statebags *sb, const char *resource,
                              void (*release)(void *ud, const char *ref), void *ud)
{
    size_t k = 0;
    for (size_t i = 0; i < sb->handlers_len; i++) {
        weft__sb_handler *h = &sb->handlers[i];
        if (strcmp(h->resource, resource)) {
            sb->handlers[k++] = *h;
            continue;
        }
        if (release) release(ud, h->ref);
        free_handler(h);
    }
    sb->handlers_len = k;
}

char **weft__sb_match(const weft__statebags *sb, const char *bag, const char *key, size_t *n)
{
    *n = 0;
    char **refs = malloc((sb->handlers_len + 1) * sizeof *refs);
    if (!refs) return NULL;
    for (size_t i = 0; i < sb->handlers_len; i++) {
        const weft__sb_handler *h = &sb->handlers[i];
        if ((h->key_filter && strcmp(h->key_filter, key)) ||
            (h->bag_filter && strcmp(h->bag_filter, bag)))
            continue;
        if ((refs[*n] = strdup(h->ref))) (*n)++;
    }
    return refs;
}

void weft__sb_refs_free(char **refs, size_t n)
{
    for (size_t i = 0; i < n; i++)
        free(refs[i]);
    free(refs);
}
