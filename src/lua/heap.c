/* heap.c: the Lua scheduler's min-heap of wake-ups (see heap.h). */
#include <stdlib.h>
#include "weft.h"
#include "lua/heap.h"

static int wake_before(const weft__lua_wake *a, const weft__lua_wake *b)
{
    return a->due < b->due || (a->due == b->due && a->seq < b->seq);
}

void weft__lua_heap_init(weft__lua_heap *hp)
{
    hp->v = NULL;
    hp->len = hp->cap = 0;
    hp->next_seq = 0;
}

void weft__lua_heap_free(weft__lua_heap *hp)
{
    free(hp->v);
    weft__lua_heap_init(hp);
}

int weft__lua_heap_push(weft__lua_heap *hp, uint64_t due, int ref)
{
    if (hp->len == hp->cap) {
        size_t cap = hp->cap ? hp->cap * 2 : 16;
        weft__lua_wake *v = realloc(hp->v, cap * sizeof *v);
        if (!v) return WEFT_ENOMEM;
        hp->v = v;
        hp->cap = cap;
    }
    weft__lua_wake w = {due, hp->next_seq++, ref};
    size_t i = hp->len++;
    /* Sift up: at most log2(len) swaps. */
    while (i > 0) {
        size_t parent = (i - 1) / 2;
        if (!wake_before(&w, &hp->v[parent])) break;
        hp->v[i] = hp->v[parent];
        i = parent;
    }
    hp->v[i] = w;
    return 0;
}

int weft__lua_heap_pop(weft__lua_heap *hp, weft__lua_wake *out)
{
    if (!hp->len) return -1;
    *out = hp->v[0];
    weft__lua_wake last = hp->v[--hp->len];
    size_t i = 0, n = hp->len;
    /* Sift down: at most log2(len) swaps. */
    for (;;) {
        size_t l = 2 * i + 1, r = l + 1, m = i;
        const weft__lua_wake *best = &last;
        if (l < n && wake_before(&hp->v[l], best)) m = l, best = &hp->v[l];
        if (r < n && wake_before(&hp->v[r], best)) m = r;
        if (m == i) break;
        hp->v[i] = hp->v[m];
        i = m;
    }
    if (n) hp->v[i] = last;
    return 0;
}
