/* test_js_tasks.c: the nextTick ring buffer (growth across the wrap point,
 * inline vs allocated arguments, FIFO order), the microtask drain, and the
 * rejection records, on a real JS runtime with its runtime freed at the end
 * (QuickJS asserts on leaked objects). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>
#include "js/js.h"

typedef struct {
    weft_host host;
    weft__js *js;
} fixture;

static int setup(void **state)
{
    fixture *f = calloc(1, sizeof *f);
    if (weft__host_init(&f->host) < 0) return -1;
    char *argv[] = {"weft", "/test.js"};
    f->js = weft__js_new(&f->host, WEFT_UR_NONE, 2, argv);
    if (!f->js) return -1;
    *state = f;
    return 0;
}

static int teardown(void **state)
{
    fixture *f = *state;
    weft__js_free(f->js);
    int rc = weft__host_close(&f->host);
    free(f);
    return rc;
}

/* Evaluate src as a host entry (checkpoint at unwind), return global `out`. */
static char *run(fixture *f, const char *src)
{
    JSContext *ctx = f->js->ctx;
    weft__host_enter(&f->host, &f->js->base);
    JSValue r = JS_Eval(ctx, src, strlen(src), "<test>", JS_EVAL_TYPE_GLOBAL);
    if (JS_IsException(r)) weft__js_report_exception(f->js, 0);
    JS_FreeValue(ctx, r);
    weft__host_leave(&f->host);
    JSValue g = JS_GetGlobalObject(ctx);
    JSValue out = JS_GetPropertyStr(ctx, g, "out");
    const char *s = JS_ToCString(ctx, out);
    char *copy = strdup(s ? s : "");
    JS_FreeCString(ctx, s);
    JS_FreeValue(ctx, out);
    JS_FreeValue(ctx, g);
    return copy;
}

static void test_ring_grows_in_order(void **state)
{
    fixture *f = *state;
    /* 5000 ticks force several doublings of the 64-entry ring; ticks queued
     * by ticks wrap around the ring before it grows. */
    char *s = run(f, "var out = ''; var n = 0, sum = 0;"
                     "for (let i = 0; i < 5000; i++) process.nextTick((a) => { sum += a; n++; "
                     "  if (i % 1000 === 0) process.nextTick(() => { out += 'x' + i + ','; }); }, i);"
                     "Promise.resolve().then(() => { out += 'micro:' + n + ':' + sum; });");
    assert_string_equal(s, "x0,x1000,x2000,x3000,x4000,micro:5000:12497500");
    free(s);
    assert_int_equal(f->js->tick_len, 0);
    assert_true(f->js->tick_cap >= 4096);
    assert_int_equal(f->js->tick_cap & (f->js->tick_cap - 1), 0); /* power of two */
}

static void test_args_inline_and_allocated(void **state)
{
    fixture *f = *state;
    char *s = run(f, "var out = '';"
                     "function log() { out += [].join.call(arguments, '.') + ';'; }"
                     "process.nextTick(log); process.nextTick(log, 1); process.nextTick(log, 1, 2);"
                     "process.nextTick(log, 1, 2, 3); process.nextTick(log, 1, 2, 3, 4, 5, 6, 7);");
    assert_string_equal(s, ";1;1.2;1.2.3;1.2.3.4.5.6.7;");
    free(s);
}

static void test_throwing_tick_keeps_the_rest_queued(void **state)
{
    fixture *f = *state;
    char *s = run(f, "var out = ''; process.on('uncaughtException', (e) => { out += 'caught:' + e.message + ';'; });"
                     "process.nextTick(() => { out += 'a;'; throw new Error('t'); });"
                     "process.nextTick(() => { out += 'b;'; });");
    /* b stays queued after the throw (Node: leftovers run at a later scope close) */
    assert_string_equal(s, "a;caught:t;");
    free(s);
    assert_int_equal(f->js->tick_len, 1);
    char *s2 = run(f, "out += 'next;'");
    assert_string_equal(s2, "a;caught:t;next;b;");
    free(s2);
}

static void test_rejection_records(void **state)
{
    fixture *f = *state;
    /* handled synchronously: recorded then forgotten, flag cleared */
    char *s = run(f, "var out = ''; process.on('unhandledRejection', (r) => { out += 'unhandled:' + r + ';'; });"
                     "Promise.reject(1).catch(() => {});"
                     "Promise.reject(2);");
    assert_string_equal(s, "unhandled:2;");
    free(s);
    assert_int_equal(f->js->pending_len, 0);
    assert_int_equal(f->js->has_rejection_to_warn, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_ring_grows_in_order, setup, teardown),
        cmocka_unit_test_setup_teardown(test_args_inline_and_allocated, setup, teardown),
        cmocka_unit_test_setup_teardown(test_throwing_tick_keeps_the_rest_queued, setup, teardown),
        cmocka_unit_test_setup_teardown(test_rejection_records, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
