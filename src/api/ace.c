/* ace.c: access control entries, principal inheritance and the principal
 * stack, with FiveM's rules (ace.h). Lists are small arrays searched
 * linearly: servers hold hundreds of entries, checks run per command. A
 * check expands the principal through its parents breadth-first; the set
 * holds each name once, so the walk ends after at most parents_len + 3
 * names even with inheritance cycles. */
#include "api/ace.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

void weft__ace_init(weft__ace *a)
{
    memset(a, 0, sizeof *a);
}

void weft__ace_free(weft__ace *a)
{
    for (size_t i = 0; i < a->entries_len; i++) {
        free(a->entries[i].principal);
        free(a->entries[i].object);
    }
    for (size_t i = 0; i < a->parents_len; i++) {
        free(a->parents[i].child);
        free(a->parents[i].parent);
    }
    free(a->entries);
    free(a->parents);
    free(a->stack);
    memset(a, 0, sizeof *a);
}

static int grow(void **items, size_t *cap, size_t len, size_t size)
{
    if (len < *cap) return 0;
    size_t n = *cap ? *cap * 2 : 16;
    void *p = realloc(*items, n * size);
    if (!p) return WEFT_ENOMEM;
    *items = p;
    *cap = n;
    return 0;
}

int weft__ace_add(weft__ace *a, const char *principal, const char *object, int allow)
{
    if (!principal || !*principal || !object || !*object) return WEFT_EINVAL;
    if (grow((void **)&a->entries, &a->entries_cap, a->entries_len, sizeof *a->entries))
        return WEFT_ENOMEM;
    weft__ace_entry e = {strdup(principal), strdup(object), allow ? 1 : 0};
    if (!e.principal || !e.object) {
        free(e.principal);
        free(e.object);
        return WEFT_ENOMEM;
    }
    a->entries[a->entries_len++] = e;
    return 0;
}

/* Remove entries matching principal and object, and type when type >= 0. */
static void remove_entries(weft__ace *a, const char *principal, const char *object, int type)
{
    size_t k = 0;
    for (size_t i = 0; i < a->entries_len; i++) {
        weft__ace_entry *e = &a->entries[i];
        if (!strcasecmp(e->principal, principal) && !strcasecmp(e->object, object) &&
            (type < 0 || e->allow == type)) {
            free(e->principal);
            free(e->object);
            continue;
        }
        a->entries[k++] = *e;
    }
    a->entries_len = k;
}

int weft__ace_remove(weft__ace *a, const char *principal, const char *object, int allow)
{
    if (!principal || !*principal || !object || !*object) return WEFT_EINVAL;
    remove_entries(a, principal, object, allow ? 1 : 0);
    return 0;
}

void weft__ace_remove_object(weft__ace *a, const char *principal, const char *object)
{
    remove_entries(a, principal, object, -1);
}

int weft__ace_add_parent(weft__ace *a, const char *child, const char *parent)
{
    if (!child || !*child || !parent || !*parent) return WEFT_EINVAL;
    if (grow((void **)&a->parents, &a->parents_cap, a->parents_len, sizeof *a->parents))
        return WEFT_ENOMEM;
    weft__ace_parent p = {strdup(child), strdup(parent)};
    if (!p.child || !p.parent) {
        free(p.child);
        free(p.parent);
        return WEFT_ENOMEM;
    }
    a->parents[a->parents_len++] = p;
    return 0;
}

int weft__ace_remove_parent(weft__ace *a, const char *child, const char *parent)
{
    if (!child || !*child || !parent || !*parent) return WEFT_EINVAL;
    size_t k = 0;
    for (size_t i = 0; i < a->parents_len; i++) {
        weft__ace_parent *p = &a->parents[i];
        if (!strcasecmp(p->child, child) && !strcasecmp(p->parent, parent)) {
            free(p->child);
            free(p->parent);
            continue;
        }
        a->parents[k++] = *p;
    }
    a->parents_len = k;
    return 0;
}

static int in_set(const char **set, size_t n, const char *name)
{
    for (size_t i = 0; i < n; i++)
        if (!strcasecmp(set[i], name)) return 1;
    return 0;
}

/* Does `object` fall under `scope` ("a.b" covers "a.b" and "a.b.c")? */
static int covers(const char *scope, const char *object)
{
    size_t n = strlen(scope);
    return !strncasecmp(scope, object, n) && (object[n] == 0 || object[n] == '.');
}

int weft__ace_check(const weft__ace *a, const char *principal, const char *object)
{
    if (!principal || !object) return 0;
    size_t cap = a->parents_len + 3, n = 0;
    const char *small[32];
    const char **set = cap <= 32 ? small : malloc(cap * sizeof *set);
    if (!set) return 0; /* out of memory: refuse */
    set[n++] = principal;
    if (!in_set(set, n, "builtin.everyone")) set[n++] = "builtin.everyone";
    /* Bound: each name enters the set once; at most parents_len + 3. */
    for (size_t i = 0; i < n; i++) {
        if (!strncasecmp(set[i], "resource.", 9) && !in_set(set, n, "builtin.resources"))
            set[n++] = "builtin.resources";
        for (size_t k = 0; k < a->parents_len && n < cap; k++)
            if (!strcasecmp(a->parents[k].child, set[i]) && !in_set(set, n, a->parents[k].parent))
                set[n++] = a->parents[k].parent;
    }
    int allowed = 0;
    for (size_t i = 0; i < a->entries_len; i++) {
        const weft__ace_entry *e = &a->entries[i];
        if (!covers(e->object, object) || !in_set(set, n, e->principal)) continue;
        if (!e->allow) { /* deny wins over every allow */
            allowed = 0;
            break;
        }
        allowed = 1;
    }
    if (set != small) free(set);
    return allowed;
}

int weft__ace_push(weft__ace *a, const char *principal)
{
    if (grow((void **)&a->stack, &a->stack_cap, a->stack_len, sizeof *a->stack)) return WEFT_ENOMEM;
    a->stack[a->stack_len++] = principal;
    return 0;
}

void weft__ace_pop(weft__ace *a)
{
    if (a->stack_len > a->base) a->stack_len--;
}

size_t weft__ace_hide(weft__ace *a)
{
    size_t old = a->base;
    a->base = a->stack_len;
    return old;
}

void weft__ace_unhide(weft__ace *a, size_t old_base)
{
    a->stack_len = a->base;
    a->base = old_base;
}

int weft__ace_check_stack(const weft__ace *a, const char *object)
{
    if (a->stack_len == a->base) return weft__ace_check(a, "builtin.everyone", object);
    for (size_t i = a->stack_len; i-- > a->base;)
        if (weft__ace_check(a, a->stack[i], object)) return 1;
    return 0;
}

int weft__ace_on_stack(const weft__ace *a, const char *principal)
{
    for (size_t i = a->base; i < a->stack_len; i++)
        if (!strcasecmp(a->stack[i], principal)) return 1;
    return 0;
}
