/* test_wire.c: the player wire format's decoder (src/net/wire.c), which
 * reads untrusted bytes: each message type round-trips through its encoder;
 * function references, unknown extensions, nesting, truncation, trailing
 * bytes and oversized messages are refused with a reason; and 200000
 * mutations of valid messages (bytes flipped, cut, grown) never crash it
 * and never yield fields pointing outside the input (run under ASan by
 * `make asan`). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>
#include "net/net.h"

static const char args3[] = {(char)0x93, 0x01, (char)0xa1, 'x', (char)0xc0}; /* [1, "x", nil] */

static void test_round_trip(void **state)
{
    char *m;
    size_t n;
    weft__wire_msg w;
    const char *why = NULL;
    assert_int_equal(weft__wire_hello("Ann", &m, &n), 0);
    assert_int_equal(weft__wire_decode(m, n, 1024, 8, &w, &why), 0);
    assert_int_equal(w.type, WEFT_MSG_HELLO);
    assert_int_equal(w.num, WEFT_PROTOCOL_VERSION);
    assert_int_equal(w.str_len, 3);
    assert_memory_equal(w.str, "Ann", 3);
    free(m);
    assert_int_equal(weft__wire_event(WEFT_MSG_EVENT, "ev", args3, sizeof args3, &m, &n), 0);
    assert_int_equal(weft__wire_decode(m, n, 1024, 8, &w, &why), 0);
    assert_int_equal(w.type, WEFT_MSG_EVENT);
    assert_int_equal(w.args_len, sizeof args3);
    assert_memory_equal(w.args, args3, sizeof args3);
    free(m);
    assert_int_equal(weft__wire_num(WEFT_MSG_PONG, 123456789012LL, &m, &n), 0);
    assert_int_equal(weft__wire_decode(m, n, 1024, 8, &w, &why), 0);
    assert_true(w.type == WEFT_MSG_PONG && w.num == 123456789012LL);
    free(m);
    assert_int_equal(weft__wire_welcome(7, "srv", &m, &n), 0);
    assert_int_equal(weft__wire_decode(m, n, 1024, 8, &w, &why), 0);
    assert_true(w.type == WEFT_MSG_WELCOME && w.num == 7);
    free(m);
    assert_int_equal(weft__wire_latent(3, 10, 20, "abcde", 5, &m, &n), 0);
    assert_int_equal(weft__wire_decode(m, n, 1024, 8, &w, &why), 0);
    assert_true(w.type == WEFT_MSG_LATENT && w.num == 3 && w.offset == 10 && w.total == 20);
    assert_int_equal(w.args_len, 5);
    free(m);
}

static void refused(const char *buf, size_t len, size_t max, int depth, const char *want)
{
    weft__wire_msg w;
    const char *why = NULL;
    assert_int_equal(weft__wire_decode(buf, len, max, depth, &w, &why), WEFT_EINVAL);
    assert_non_null(why);
    if (!strstr(why, want)) fail_msg("reason \"%s\" lacks \"%s\"", why, want);
}

static void test_refusals(void **state)
{
    /* [2, "e", [ext10 "r:1:1"]] : a forged function reference */
    static const char ref[] = {(char)0x93, 2, (char)0xa1, 'e', (char)0x91, (char)0xc7, 5, 10,
                               'r', ':', '1', ':', '1'};
    refused(ref, sizeof ref, 1024, 8, "function reference");
    static const char ext[] = {(char)0x93, 2, (char)0xa1, 'e', (char)0x91, (char)0xd4, 5, 0};
    refused(ext, sizeof ext, 1024, 8, "extension");
    /* a vector3 (ext 21, 12 bytes) is fine */
    static const char vec[] = {(char)0x93, 2, (char)0xa1, 'e', (char)0x91, (char)0xc7, 12, 21,
                               0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
    weft__wire_msg w;
    const char *why;
    assert_int_equal(weft__wire_decode(vec, sizeof vec, 1024, 8, &w, &why), 0);
    char deep[64] = {(char)0x93, 2, (char)0xa1, 'e'};
    for (int i = 4; i < 40; i++) deep[i] = (char)0x91;
    deep[40] = (char)0xc0;
    refused(deep, 41, 1024, 8, "nesting too deep");
    static const char cut[] = {(char)0x92, 3, (char)0xd9}; /* str8 without its length */
    refused(cut, sizeof cut, 1024, 8, "truncated");
    refused(args3, 3, 1024, 8, "length beyond"); /* an array of 3 in 2 bytes */
    static const char trail[] = {(char)0x92, 3, 1, 0};
    refused(trail, sizeof trail, 1024, 8, "trailing");
    static const char huge[] = {(char)0x93, 2, (char)0xa1, 'e', (char)0xdd, 0x7f, (char)0xff,
                                (char)0xff, (char)0xff};
    refused(huge, sizeof huge, 1024, 8, "length beyond");
    refused(vec, sizeof vec, 10, 8, "too large");
    static const char unknown[] = {(char)0x91, 99};
    refused(unknown, sizeof unknown, 1024, 8, "unknown message type");
    static const char wrong[] = {(char)0x92, 1, 1}; /* HELLO without a name */
    refused(wrong, sizeof wrong, 1024, 8, "wrong fields");
}

static uint64_t rng = 88172645463325252ull;
static uint32_t next(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (uint32_t)rng;
}

static void test_mutations(void **state)
{
    char *seeds[4];
    size_t lens[4];
    weft__wire_hello("player name", &seeds[0], &lens[0]);
    static const char nested[] = {(char)0x92, (char)0x81, (char)0xa1, 'k', (char)0x92, (char)0xcb, 0,
                                  0, 0, 0, 0, 0, 0, 0, (char)0xc4, 2, 'a', 'b', (char)0xd9, 3,
                                  'a', 'b', 'c'};
    weft__wire_event(WEFT_MSG_EVENT, "chat:send", nested, sizeof nested, &seeds[1], &lens[1]);
    weft__wire_num(WEFT_MSG_PONG, -5, &seeds[2], &lens[2]);
    weft__wire_latent(1, 0, 3, "xyz", 3, &seeds[3], &lens[3]);
    unsigned ok = 0;
    /* Bound: a fixed number of rounds; each decode is bounded by its input. */
    for (int round = 0; round < 200000; round++) {
        int s = (int)(next() % 4);
        size_t len = lens[s] + (next() % 3 == 0 ? next() % 8 : 0);
        unsigned char *buf = malloc(len ? len : 1);
        memcpy(buf, seeds[s], len < lens[s] ? len : lens[s]);
        for (size_t i = lens[s]; i < len; i++) buf[i] = (unsigned char)next();
        int flips = 1 + (int)(next() % 4);
        for (int f = 0; f < flips && len; f++) buf[next() % len] = (unsigned char)next();
        if (next() % 4 == 0 && len) len = next() % len; /* cut */
        weft__wire_msg w;
        const char *why = NULL;
        if (weft__wire_decode((const char *)buf, len, 4096, 16, &w, &why) == 0) {
            ok++;
            if (w.str)
                assert_true(w.str >= (char *)buf && w.str + w.str_len <= (char *)buf + len);
            if (w.args)
                assert_true(w.args >= (char *)buf && w.args + w.args_len <= (char *)buf + len);
        } else {
            assert_non_null(why);
        }
        free(buf);
    }
    assert_true(ok > 0); /* some mutations stay valid: the decoder was exercised both ways */
    for (int i = 0; i < 4; i++) free(seeds[i]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_round_trip),
        cmocka_unit_test(test_refusals),
        cmocka_unit_test(test_mutations),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
