/* test_host.c: the checkpoint (DESIGN.md §2) with fake runtimes: runs only
 * when depth returns to 0, drains dirty runtimes oldest first, runtimes
 * dirtied by checkpoint work are drained in the same pass, never nested. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>
#include "host/host.h"

typedef struct fake_rt {
    weft__rt base;
    char name;
    int runs;
    struct fake_rt *dirty_on_run; /* mark this one dirty when drained */
    int self_requeue;             /* mark itself dirty N more times */
} fake_rt;

static char order[64];
static int order_len;
static int max_depth_seen;

static void fake_checkpoint(weft__rt *rt)
{
    fake_rt *f = (fake_rt *)rt;
    f->runs++;
    order[order_len++] = f->name;
    if (rt->host->depth > max_depth_seen) max_depth_seen = rt->host->depth;
    if (f->dirty_on_run) {
        /* an entry into another runtime made by this runtime's drain */
        weft__host_enter(rt->host, &f->dirty_on_run->base);
        weft__host_leave(rt->host); /* must not nest a checkpoint */
        f->dirty_on_run = NULL;
    }
    if (f->self_requeue > 0) {
        f->self_requeue--;
        weft__rt_mark_dirty(rt); /* own work: drained by this same pass */
    }
}

static const weft__rt_ops fake_ops = {"fake", fake_checkpoint};

static void reset(void)
{
    memset(order, 0, sizeof order);
    order_len = 0;
    max_depth_seen = 0;
}

static void test_checkpoint_only_at_depth_zero(void **state)
{
    weft_host h;
    assert_int_equal(weft__host_init(&h), 0);
    fake_rt a = {.name = 'a'}, b = {.name = 'b'};
    weft__rt_init(&a.base, &h, &fake_ops);
    weft__rt_init(&b.base, &h, &fake_ops);
    reset();
    weft__host_enter(&h, &a.base); /* event into a */
    weft__host_enter(&h, &b.base); /* a calls b */
    weft__host_leave(&h);          /* b returns: depth 1, nothing drains */
    assert_int_equal(order_len, 0);
    weft__host_leave(&h); /* a returns: depth 0, checkpoint */
    assert_string_equal(order, "ab");
    assert_int_equal(h.depth, 0);
    assert_null(h.dirty_head);
    assert_int_equal(weft__host_close(&h), 0);
}

static void test_checkpoint_cascades_without_nesting(void **state)
{
    weft_host h;
    assert_int_equal(weft__host_init(&h), 0);
    fake_rt a = {.name = 'a'}, b = {.name = 'b'}, c = {.name = 'c'};
    weft__rt_init(&a.base, &h, &fake_ops);
    weft__rt_init(&b.base, &h, &fake_ops);
    weft__rt_init(&c.base, &h, &fake_ops);
    a.dirty_on_run = &c; /* a's continuation calls into c */
    reset();
    weft__host_enter(&h, &a.base);
    weft__host_enter(&h, &b.base);
    weft__host_leave(&h);
    weft__host_leave(&h);
    assert_string_equal(order, "abc");
    assert_int_equal(max_depth_seen, 1); /* drains ran at depth 1, never deeper */
    assert_int_equal(weft__host_close(&h), 0);
}

static void test_self_requeue_is_drained_once_per_mark(void **state)
{
    weft_host h;
    assert_int_equal(weft__host_init(&h), 0);
    fake_rt a = {.name = 'a', .self_requeue = 3};
    weft__rt_init(&a.base, &h, &fake_ops);
    reset();
    weft__host_enter(&h, &a.base);
    weft__host_leave(&h);
    /* while a drains it stays marked: its own new work is its own drain's
     * business, so it runs once */
    assert_string_equal(order, "a");
    assert_int_equal(a.base.dirty, 0);
    assert_int_equal(weft__host_close(&h), 0);
}

static void test_unlist_removes_from_middle(void **state)
{
    weft_host h;
    assert_int_equal(weft__host_init(&h), 0);
    fake_rt a = {.name = 'a'}, b = {.name = 'b'}, c = {.name = 'c'};
    weft__rt_init(&a.base, &h, &fake_ops);
    weft__rt_init(&b.base, &h, &fake_ops);
    weft__rt_init(&c.base, &h, &fake_ops);
    reset();
    h.depth = 1;
    weft__rt_mark_dirty(&a.base);
    weft__rt_mark_dirty(&b.base);
    weft__rt_mark_dirty(&c.base);
    weft__rt_mark_dirty(&b.base); /* idempotent */
    weft__rt_unlist(&b.base);     /* b freed before the checkpoint */
    weft__rt_unlist(&c.base);     /* tail */
    weft__host_leave(&h);
    assert_string_equal(order, "a");
    assert_null(h.dirty_tail);
    assert_int_equal(weft__host_close(&h), 0);
}

static void test_exit_request_stops_checkpoint(void **state)
{
    weft_host h;
    assert_int_equal(weft__host_init(&h), 0);
    fake_rt a = {.name = 'a'};
    weft__rt_init(&a.base, &h, &fake_ops);
    reset();
    h.exit_requested = 1;
    weft__host_enter(&h, &a.base);
    weft__host_leave(&h);
    assert_int_equal(order_len, 0);
    assert_int_equal(weft__host_close(&h), 0);
}

static void test_error_table(void **state)
{
    assert_string_equal(weft_strerror(WEFT_ENOMEM), "out of memory");
    assert_string_equal(weft_err_name(WEFT_ENOENT), "NOENT");
    assert_string_equal(weft_strerror(12345), "unknown error");
    assert_string_equal(weft_err_name(0), "UNKNOWN");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_checkpoint_only_at_depth_zero),
        cmocka_unit_test(test_checkpoint_cascades_without_nesting),
        cmocka_unit_test(test_self_requeue_is_drained_once_per_mark),
        cmocka_unit_test(test_unlist_removes_from_middle),
        cmocka_unit_test(test_exit_request_stops_checkpoint),
        cmocka_unit_test(test_error_table),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
