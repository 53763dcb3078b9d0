/* test_lua_heap.c: the Lua scheduler's wake-up min-heap (src/lua/heap.c):
 * pops in (due, push order) order, same-due entries FIFO, against a sorted
 * reference over random pushes and interleaved pops. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>
#include "lua/heap.h"

static void test_empty(void **state)
{
    weft__lua_heap hp;
    weft__lua_wake w;
    weft__lua_heap_init(&hp);
    assert_null(weft__lua_heap_peek(&hp));
    assert_int_equal(weft__lua_heap_pop(&hp, &w), -1);
    weft__lua_heap_free(&hp);
}

static void test_order_and_ties(void **state)
{
    weft__lua_heap hp;
    weft__lua_wake w;
    weft__lua_heap_init(&hp);
    /* (due, ref): refs 10..14 share due 5 and must pop in push order */
    uint64_t due[] = {20, 5, 5, 1, 5, 30, 5, 5};
    int ref[] = {100, 10, 11, 1, 12, 200, 13, 14};
    for (int i = 0; i < 8; i++)
        assert_int_equal(weft__lua_heap_push(&hp, due[i], ref[i]), 0);
    assert_int_equal(hp.len, 8);
    assert_int_equal(weft__lua_heap_peek(&hp)->ref, 1);
    int want[] = {1, 10, 11, 12, 13, 14, 100, 200};
    for (int i = 0; i < 8; i++) {
        assert_int_equal(weft__lua_heap_pop(&hp, &w), 0);
        assert_int_equal(w.ref, want[i]);
    }
    assert_int_equal(hp.len, 0);
    weft__lua_heap_free(&hp);
}

typedef struct ref_entry {
    uint64_t due, seq;
    int ref;
} ref_entry;

static int cmp_entry(const void *a, const void *b)
{
    const ref_entry *x = a, *y = b;
    if (x->due != y->due) return x->due < y->due ? -1 : 1;
    return x->seq < y->seq ? -1 : x->seq > y->seq;
}

/* Random pushes with many duplicate dues, pops interleaved; every pop must
 * be the minimum of a reference multiset. */
static void test_random_against_reference(void **state)
{
    weft__lua_heap hp;
    weft__lua_heap_init(&hp);
    enum { N = 5000 };
    ref_entry *refset = malloc(N * sizeof *refset);
    size_t rlen = 0;
    uint64_t seq = 0;
    srand(12345);
    for (int round = 0; round < N; round++) {
        uint64_t due = (uint64_t)(rand() % 50);
        assert_int_equal(weft__lua_heap_push(&hp, due, round), 0);
        refset[rlen++] = (ref_entry){due, seq++, round};
        if (rand() % 3 == 0) {
            qsort(refset, rlen, sizeof *refset, cmp_entry);
            weft__lua_wake w;
            assert_int_equal(weft__lua_heap_pop(&hp, &w), 0);
            assert_int_equal(w.ref, refset[0].ref);
            assert_true(w.due == refset[0].due);
            memmove(refset, refset + 1, (rlen - 1) * sizeof *refset);
            rlen--;
        }
    }
    qsort(refset, rlen, sizeof *refset, cmp_entry);
    for (size_t i = 0; i < rlen; i++) {
        weft__lua_wake w;
        assert_int_equal(weft__lua_heap_pop(&hp, &w), 0);
        assert_int_equal(w.ref, refset[i].ref);
    }
    assert_null(weft__lua_heap_peek(&hp));
    free(refset);
    weft__lua_heap_free(&hp);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_empty),
        cmocka_unit_test(test_order_and_ties),
        cmocka_unit_test(test_random_against_reference),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
