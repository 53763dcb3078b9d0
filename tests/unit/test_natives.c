/* test_natives.c: the natives registry and async completion handles
 * (src/host/natives.c) from C: registration errors, sync results, a pending
 * async call settled from another thread, and handles settled after the host
 * was freed (dropped safely; ASan checks nothing leaks). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "host/server.h"

static weft_call *held[4];
static int held_len;

static int hold(void *ud, weft_call *call, const char *args, size_t len)
{
    held[held_len++] = call;
    return 0;
}

static int refuse(void *ud, weft_call *call, const char *args, size_t len)
{
    return WEFT_EINVAL;
}

static int answer(void *ud, const char *args, size_t len, char **result, size_t *rlen)
{
    *result = malloc(1);
    **result = 0x2a; /* 42 */
    *rlen = 1;
    return 0;
}

static weft_host *new_host(void)
{
    weft_host_options o = {.no_console = 1};
    weft_host *h;
    assert_int_equal(weft_host_new(&o, &h), 0);
    held_len = 0;
    return h;
}

static void test_registration(void **state)
{
    weft_host *h = new_host();
    static const weft_native table[] = {
        {"Answer", answer, NULL},
        {"Hold", NULL, hold},
        {NULL, NULL, NULL},
    };
    static const weft_native both[] = {{"Both", answer, hold}, {NULL, NULL, NULL}};
    assert_int_equal(weft_host_register_natives(h, table, NULL), 0);
    assert_int_equal(weft_host_register_native(h, "Answer", answer, NULL), WEFT_EEXIST);
    assert_int_equal(weft_host_register_natives(h, both, NULL), WEFT_EINVAL);
    assert_int_equal(weft_host_register_async_native(h, "", hold, NULL), WEFT_EINVAL);
    assert_int_equal(weft_host_add_prelude(h, "python", "x", "pass"), WEFT_EINVAL);
    weft__call_result out;
    weft__native_call(h, NULL, "Answer", "\x90", 1, &out);
    assert_int_equal(out.status, WEFT_CALL_OK);
    assert_int_equal(out.len, 1);
    assert_int_equal((unsigned char)out.buf[0], 0x2a);
    free(out.buf);
    weft__native_call(h, NULL, "Nope", "\x90", 1, &out);
    assert_int_equal(out.status, WEFT_CALL_ERROR);
    free(out.buf);
    weft_host_free(h);
}

static void resolve_later(void *arg)
{
    uv_sleep(20);
    assert_int_equal(weft_call_resolve(arg, "\x07", 1), 0);
}

/* A call nobody waits on, settled from another thread while the loop runs:
 * the hub wakes the loop, which drops the result (no waiting runtime). */
static void test_settle_from_thread(void **state)
{
    weft_host *h = new_host();
    assert_int_equal(weft_host_register_async_native(h, "Hold", hold, NULL), 0);
    weft__call_result out;
    weft__native_call(h, NULL, "Hold", "\x90", 1, &out);
    assert_int_equal(out.status, WEFT_CALL_PENDING);
    assert_int_equal(held_len, 1);
    assert_string_equal(weft_call_native(held[0]), "Hold");
    assert_string_equal(weft_call_resource(held[0]), "");
    uv_thread_t t;
    uv_thread_create(&t, resolve_later, held[0]);
    uv_thread_join(&t);
    uv_run(&h->loop, UV_RUN_NOWAIT); /* the async wakeup delivers */
    assert_null(h->server->calls);   /* settled and unlinked */
    weft_host_free(h);
}

/* A native that fails synchronously still gives a pending call, rejected. */
static void test_async_failure_rejects(void **state)
{
    weft_host *h = new_host();
    assert_int_equal(weft_host_register_async_native(h, "Refuse", refuse, NULL), 0);
    weft__call_result out;
    weft__native_call(h, NULL, "Refuse", "\x90", 1, &out);
    assert_int_equal(out.status, WEFT_CALL_PENDING);
    assert_non_null(h->server->calls);
    weft__natives_flush(h);
    assert_null(h->server->calls);
    weft_host_free(h);
}

/* Handles outstanding when the host is freed: settling them later (from this
 * thread and from another) frees everything and runs nothing. */
static void test_settle_after_host_free(void **state)
{
    weft_host *h = new_host();
    assert_int_equal(weft_host_register_async_native(h, "Hold", hold, NULL), 0);
    weft__call_result out;
    weft__native_call(h, NULL, "Hold", "\x90", 1, &out);
    weft__native_call(h, NULL, "Hold", "\x90", 1, &out);
    weft__native_call(h, NULL, "Hold", "\x90", 1, &out);
    assert_int_equal(held_len, 3);
    weft_host_free(h);
    assert_int_equal(weft_call_reject(held[0], "too late"), 0);
    uv_thread_t t;
    uv_thread_create(&t, resolve_later, held[1]);
    uv_thread_join(&t);
    assert_int_equal(weft_call_resolve(held[2], NULL, 0), 0);
}

static void write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

/* Everything the host logs (stdout) while fn runs, into buf. */
static void capture(char *buf, size_t cap, void (*fn)(weft_host *), weft_host *h)
{
    fflush(stdout);
    FILE *tmp = tmpfile();
    assert_non_null(tmp);
    int saved = dup(1);
    dup2(fileno(tmp), 1);
    fn(h);
    fflush(stdout);
    dup2(saved, 1);
    close(saved);
    rewind(tmp);
    size_t n = fread(buf, 1, cap - 1, tmp);
    buf[n] = 0;
    fclose(tmp);
}

static void emit_bad(weft_host *h)
{
    /* 0xc1 is never msgpack; a truncated array; two values; not an array */
    assert_int_equal(weft_host_emit(h, "hostEv", "\xc1", 1), WEFT_EINVAL);
    assert_int_equal(weft_host_emit(h, "hostEv", "\x91", 1), WEFT_EINVAL);
    assert_int_equal(weft_host_emit(h, "hostEv", "\x90\x90", 2), WEFT_EINVAL);
    assert_int_equal(weft_host_emit(h, "hostEv", "\x01", 1), WEFT_EINVAL);
    assert_int_equal(weft_host_emit_net(h, "hostEv", 1, "\xc1", 1), WEFT_EINVAL);
    /* a well-formed one still goes: the handlers print their argument */
    assert_int_equal(weft_host_emit(h, "hostEv", "\x91\x07", 2), 0);
}

static void stop_missing(weft_host *h)
{
    assert_int_equal(weft_host_stop(h, "nope"), WEFT_ENOENT);
}

/* Malformed msgpack from the embedder is refused at the call (WEFT_EINVAL),
 * with nothing dispatched and nothing logged (it was 0 and two lines per
 * runtime); a malformed value settling a call rejects it. weft_host_stop of
 * a name that is no resource says so (it said "not running"). */
static void test_embedder_payloads_checked(void **state)
{
    char dir[] = "/tmp/weft-natives.XXXXXX", path[256];
    assert_non_null(mkdtemp(dir));
    const char *parts[] = {"resources", "resources/ev"};
    for (size_t i = 0; i < 2; i++) {
        snprintf(path, sizeof path, "%s/%s", dir, parts[i]);
        assert_int_equal(mkdir(path, 0700), 0);
    }
    snprintf(path, sizeof path, "%s/resources/ev/fxmanifest.lua", dir);
    write_file(path, "fx_version 'cerulean'\ngame 'common'\nserver_script 'a.js'\n"
                     "server_script 'b.lua'\n");
    snprintf(path, sizeof path, "%s/resources/ev/a.js", dir);
    write_file(path, "on('hostEv', (x) => console.log('js got ' + x));\n");
    snprintf(path, sizeof path, "%s/resources/ev/b.lua", dir);
    write_file(path, "AddEventHandler('hostEv', function(x) print('lua got ' .. tostring(x)) end)\n");
    snprintf(path, sizeof path, "%s/server.cfg", dir);
    write_file(path, "ensure ev\n");
    weft_host *h = new_host();
    assert_int_equal(weft_host_load(h, dir), 0);
    char out[4096];
    capture(out, sizeof out, emit_bad, h);
    if (strstr(out, "bad arguments") || strstr(out, "SCRIPT ERROR") || !strstr(out, "js got 7") ||
        !strstr(out, "lua got 7"))
        fail_msg("emit logged:\n%s", out);
    capture(out, sizeof out, stop_missing, h);
    if (!strstr(out, "stop: no such resource \"nope\"") || strstr(out, "not running"))
        fail_msg("stop nope logged:\n%s", out);
    /* a call settled with a malformed value: rejected, unlinked */
    assert_int_equal(weft_host_register_async_native(h, "Hold", hold, NULL), 0);
    weft__call_result res;
    weft__native_call(h, NULL, "Hold", "\x90", 1, &res);
    assert_int_equal(held_len, 1);
    assert_int_equal(weft_call_resolve(held[0], "\xc1", 1), WEFT_EINVAL);
    weft__natives_flush(h);
    assert_null(h->server->calls);
    weft_host_free(h);
    const char *files[] = {"resources/ev/fxmanifest.lua", "resources/ev/a.js", "resources/ev/b.lua",
                           "server.cfg", "resources/ev", "resources", ""};
    for (size_t i = 0; i < sizeof files / sizeof *files; i++) {
        snprintf(path, sizeof path, "%s/%s", dir, files[i]);
        remove(path);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_registration),
        cmocka_unit_test(test_settle_from_thread),
        cmocka_unit_test(test_async_failure_rejects),
        cmocka_unit_test(test_settle_after_host_free),
        cmocka_unit_test(test_embedder_payloads_checked),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
