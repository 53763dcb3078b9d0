/* heap.h: the Lua scheduler's timer queue: a binary min-heap of wake-ups
 * ordered by (due time, insertion sequence), so wake-ups due at the same ms
 * pop in the order they were pushed (as Node's same-ms timer lists).
 * Plain C data (no Lua values): each entry carries an opaque int (the
 * registry ref of the coroutine to resume). Push is O(log n) amortized, pop
 * O(log n); the array grows by doubling and never shrinks. */
#ifndef WEFT_LUA_HEAP_H
#define WEFT_LUA_HEAP_H

#include <stddef.h>
#include <stdint.h>

typedef struct weft__lua_wake {
    uint64_t due; /* loop time, ms */
    uint64_t seq; /* push order, the tie-breaker */
    int ref;
} weft__lua_wake;

typedef struct weft__lua_heap {
    weft__lua_wake *v;
    size_t len, cap;
    uint64_t next_seq;
} weft__lua_heap;

void weft__lua_heap_init(weft__lua_heap *hp);
void weft__lua_heap_free(weft__lua_heap *hp);
/* Add a wake-up. Returns 0 or WEFT_ENOMEM (the heap is unchanged). */
int weft__lua_heap_push(weft__lua_heap *hp, uint64_t due, int ref);
/* The earliest wake-up, or NULL when empty. Valid until the next push/pop. */
static inline const weft__lua_wake *weft__lua_heap_peek(const weft__lua_heap *hp)
{
    return hp->len ? &hp->v[0] : NULL;
}
/* Remove the earliest wake-up into *out. Returns 0, or -1 when empty. */
int weft__lua_heap_pop(weft__lua_heap *hp, weft__lua_wake *out);

#endif
