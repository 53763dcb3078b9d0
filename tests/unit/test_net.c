/* test_net.c: the network side end to end, in one process on 127.0.0.1:
 * the server of tests/unit/fixtures/net (ports chosen by the kernel) and
 * clients on the same loop: HTTP keep-alive and pipelining, the built-in
 * JSON routes, bad requests and bounds (400, 404, 431, 413); players over
 * WebSocket and ENet (include/weft_client.h): join, net events to onNet
 * handlers only, TriggerClientEvent to one and to -1, JS and Lua, and
 * inbound bounds (size, nesting, function refs, rate) dropping the client
 * with a reason, with playerDropped seen by scripts. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <limits.h>
#include <msgpack.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "host/host.h"
#include "net/net.h"
#include "weft_client.h"

static char fixture[PATH_MAX];
static weft_host *H;
static int dropped_id;
static char dropped_reason[256];

static int n_test_dropped(void *ud, const char *args, size_t len, char **res, size_t *rlen)
{
    msgpack_unpacked u;
    msgpack_unpacked_init(&u);
    if (msgpack_unpack_next(&u, args, len, NULL) == MSGPACK_UNPACK_SUCCESS &&
        u.data.type == MSGPACK_OBJECT_ARRAY && u.data.via.array.size == 2) {
        dropped_id = (int)u.data.via.array.ptr[0].via.i64;
        msgpack_object *r = &u.data.via.array.ptr[1];
        snprintf(dropped_reason, sizeof dropped_reason, "%.*s", (int)r->via.str.size,
                 r->via.str.ptr);
    }
    msgpack_unpacked_destroy(&u);
    return 0;
}

/* Run the host's loop until *flag or 10 s (a hang fails the test). */
static void run_until(int *flag)
{
    uint64_t end = uv_hrtime() + 10000000000ull;
    while (!*flag && uv_hrtime() < end) uv_run(&H->loop, UV_RUN_ONCE);
    assert_true(*flag);
}

static void run_for_ms(int ms)
{
    uint64_t end = uv_hrtime() + (uint64_t)ms * 1000000ull;
    while (uv_hrtime() < end) uv_run(&H->loop, UV_RUN_NOWAIT);
}

/* ---- a raw TCP client: write bytes, read everything until the server closes */

typedef struct raw {
    uv_tcp_t tcp;
    uv_connect_t conn;
    const char *send;
    size_t send_len;
    char buf[65536];
    size_t len;
    int done;
} raw;

static void raw_alloc(uv_handle_t *h, size_t s, uv_buf_t *b)
{
    raw *r = h->data;
    *b = uv_buf_init(r->buf + r->len, (unsigned)(sizeof r->buf - 1 - r->len));
}

static void raw_closed(uv_handle_t *h)
{
    ((raw *)h->data)->done = 1;
}

static void raw_read(uv_stream_t *s, ssize_t n, const uv_buf_t *b)
{
    raw *r = s->data;
    if (n < 0) {
        if (!uv_is_closing((uv_handle_t *)s)) uv_close((uv_handle_t *)s, raw_closed);
        return;
    }
    r->len += (size_t)n;
    r->buf[r->len] = 0;
}

static void raw_written(uv_write_t *w, int status)
{
    free(w);
}

static void raw_connected(uv_connect_t *c, int status)
{
    raw *r = c->data;
    assert_int_equal(status, 0);
    uv_write_t *w = malloc(sizeof *w);
    uv_buf_t b = uv_buf_init((char *)r->send, (unsigned)r->send_len);
    uv_write(w, (uv_stream_t *)&r->tcp, &b, 1, raw_written);
    uv_read_start((uv_stream_t *)&r->tcp, raw_alloc, raw_read);
}

static raw *raw_exchange(const char *req, size_t len)
{
    raw *r = calloc(1, sizeof *r);
    r->send = req;
    r->send_len = len;
    struct sockaddr_in sa;
    uv_ip4_addr("127.0.0.1", weft__net_port(H, 0), &sa);
    uv_tcp_init(&H->loop, &r->tcp);
    r->tcp.data = r;
    r->conn.data = r;
    uv_tcp_connect(&r->conn, &r->tcp, (struct sockaddr *)&sa, raw_connected);
    run_until(&r->done);
    return r;
}

/* A WebSocket close frame from the server with this code in r's bytes. */
static int has_close(const raw *r, int code)
{
    for (size_t i = 0; i + 4 <= r->len; i++)
        if ((unsigned char)r->buf[i] == 0x88 && (unsigned char)r->buf[i + 2] == (code >> 8) &&
            (unsigned char)r->buf[i + 3] == (code & 0xff) && (r->buf[i + 1] & 0x7f) >= 2)
            return 1;
    return 0;
}

static int count(const char *hay, const char *needle)
{
    int n = 0;
    for (const char *p = hay; (p = strstr(p, needle)); p++) n++;
    return n;
}

static void test_http_pipelined_keepalive(void **state)
{
    static const char req[] = "GET /info.json HTTP/1.1\r\nHost: x\r\n\r\n"
                              "GET /dynamic.json HTTP/1.1\r\nHost: x\r\n\r\n"
                              "GET /nope HTTP/1.1\r\nHost: x\r\n\r\n"
                              "GET /players.json HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n";
    raw *r = raw_exchange(req, sizeof req - 1);
    /* four answers on one connection, in order */
    assert_int_equal(count(r->buf, "HTTP/1.1 "), 4);
    const char *a = strstr(r->buf, "\"resources\":[");
    assert_non_null(strstr(r->buf, "\"luaecho\""));
    assert_non_null(strstr(r->buf, "\"hang\""));
    const char *b = strstr(r->buf, "\"hostname\":\"weft net test\"");
    const char *c = strstr(r->buf, "HTTP/1.1 404 Not Found");
    const char *d = strstr(r->buf, "\r\n\r\n[]");
    assert_non_null(a);
    assert_non_null(b);
    assert_non_null(c);
    assert_non_null(d);
    assert_true(a < b && b < c && c < d);
    assert_non_null(strstr(r->buf, "\"vars\":{\"sv_projectName\":\"net test\"}"));
    assert_int_equal(count(r->buf, "Connection: close"), 1);
    free(r);
}

static void test_http_bad_requests(void **state)
{
    static const char garbage[] = "HELLO\r\n\r\n";
    raw *r = raw_exchange(garbage, sizeof garbage - 1);
    assert_non_null(strstr(r->buf, "HTTP/1.1 400 Bad Request"));
    free(r);
    /* a head over net_httpMaxHeaderBytes (1024 in the fixture) */
    char big[4096];
    int n = snprintf(big, sizeof big, "GET / HTTP/1.1\r\nX-Big: ");
    memset(big + n, 'a', 2000);
    memcpy(big + n + 2000, "\r\n\r\n", 4);
    r = raw_exchange(big, (size_t)n + 2004);
    assert_non_null(strstr(r->buf, "HTTP/1.1 431 "));
    free(r);
    /* a body over net_httpMaxBodyBytes (4096) */
    static char post[8192];
    n = snprintf(post, sizeof post, "POST /echo/x HTTP/1.1\r\nContent-Length: 5000\r\n\r\n");
    memset(post + n, 'b', 5000);
    r = raw_exchange(post, (size_t)n + 5000);
    assert_true(strstr(r->buf, "HTTP/1.1 413 ") || strstr(r->buf, "HTTP/1.1 404 "));
    free(r);
    /* a declared Content-Length over net_httpMaxBodyBytes: 413 before the body
     * comes (only 3 bytes of it are sent), not a connection held open */
    static const char *const lengths[] = {"99999999999", "4097", "99999999999999999999999"};
    for (size_t i = 0; i < sizeof lengths / sizeof lengths[0]; i++) {
        char declared[256];
        uint64_t t0 = uv_hrtime();
        n = snprintf(declared, sizeof declared,
                     "POST /echo/body HTTP/1.1\r\nHost: x\r\nContent-Length: %s\r\n\r\nabc",
                     lengths[i]);
        r = raw_exchange(declared, (size_t)n);
        if (!strstr(r->buf, "HTTP/1.1 413 ") && !strstr(r->buf, "HTTP/1.1 400 "))
            fail_msg("Content-Length %s: %s", lengths[i], r->buf);
        assert_true(uv_hrtime() - t0 < 900000000ull); /* before the 1 s sweep */
        free(r);
    }
    /* a body that never comes whole: 408 at net_httpRequestTimeoutMs (1500 in
     * the fixture; the sweep runs each second) */
    {
        static const char slow[] = "POST /echo/body HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\nab";
        uint64_t t0 = uv_hrtime();
        r = raw_exchange(slow, sizeof slow - 1);
        if (!strstr(r->buf, "HTTP/1.1 408 ")) fail_msg("no 408: %s", r->buf);
        uint64_t ms = (uv_hrtime() - t0) / 1000000;
        assert_true(ms >= 1400 && ms < 4000);
        free(r);
    }
    /* a chunk size of 2^64 - 1 (or any over net_httpMaxBodyBytes): 413 at once,
     * as a body grown past the bound, not a request held open waiting for the
     * bytes (run_until: 10 s) */
    static const char *const chunks[] = {"ffffffffffffffff", "1001", "fffffffffffffff0"};
    for (size_t i = 0; i < sizeof chunks / sizeof chunks[0]; i++) {
        char chunked[256];
        uint64_t t0 = uv_hrtime();
        n = snprintf(chunked, sizeof chunked,
                     "POST /echo/body HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n"
                     "\r\n%s\r\nabc",
                     chunks[i]);
        r = raw_exchange(chunked, (size_t)n);
        if (!strstr(r->buf, "HTTP/1.1 413 Payload Too Large")) fail_msg("no 413: %s", r->buf);
        assert_true(uv_hrtime() - t0 < 5000000000ull);
        free(r);
    }
    /* chunks each under the bound (4096 here) whose sum is over it: 413 when
     * the size line of the one that crosses it arrives */
    {
        static char body[2048 + 256];
        size_t off = (size_t)snprintf(body, sizeof body,
                                      "POST /echo/body HTTP/1.1\r\nHost: x\r\n"
                                      "Transfer-Encoding: chunked\r\n\r\n800\r\n");
        memset(body + off, 'a', 2048);
        off += 2048;
        off += (size_t)snprintf(body + off, sizeof body - off, "\r\n801\r\nabc");
        r = raw_exchange(body, off);
        if (!strstr(r->buf, "HTTP/1.1 413 Payload Too Large")) fail_msg("no 413: %s", r->buf);
        free(r);
    }
    /* a WebSocket upgrade somewhere else than /weft/ws */
    static const char up[] = "GET /other HTTP/1.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                             "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                             "Sec-WebSocket-Version: 13\r\n\r\n";
    r = raw_exchange(up, sizeof up - 1);
    assert_non_null(strstr(r->buf, "HTTP/1.1 404 "));
    free(r);
    /* a Sec-WebSocket-Key that is not 16 bytes of base64: 400; a version
     * other than 13: 426 naming 13 (RFC 6455 4.2.1, 4.4) */
    static const char *const keys[] = {"short==", "dGhlIHNhbXBsZSBub25jZQ=", "dGhlIHNhbXBsZSBub25jZ!==",
                                       "dGhlIHNhbXBsZSBub25jZQxx"};
    for (size_t i = 0; i < sizeof keys / sizeof *keys; i++) {
        char hs[512];
        int hn = snprintf(hs, sizeof hs,
                          "GET /weft/ws HTTP/1.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                          "Sec-WebSocket-Key: %s\r\nSec-WebSocket-Version: 13\r\n\r\n",
                          keys[i]);
        r = raw_exchange(hs, (size_t)hn);
        if (!strstr(r->buf, "HTTP/1.1 400 ")) fail_msg("key \"%s\": %s", keys[i], r->buf);
        free(r);
    }
    static const char v8[] = "GET /weft/ws HTTP/1.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                             "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                             "Sec-WebSocket-Version: 8\r\n\r\n";
    r = raw_exchange(v8, sizeof v8 - 1);
    if (!strstr(r->buf, "HTTP/1.1 426 Upgrade Required\r\n") ||
        !strstr(r->buf, "\r\nSec-WebSocket-Version: 13\r\n"))
        fail_msg("version 8: %s", r->buf);
    free(r);
}

/* A frame header declaring more than net_maxMessageBytes (2048), alone or
 * as the running total of a fragmented message: the player is refused when
 * the header arrives (close code 1009, the drop with the size and the
 * limit), not held until the bytes come (run_until: 10 s). */
static void test_ws_oversize_header(void **state)
{
#define WS_HS                                                                                      \
    "GET /weft/ws HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"            \
    "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
    /* HELLO [1, 1, "huge"], then a binary frame of 2^62 bytes (mask 0): its header only */
    static const char one[] = WS_HS "\x82\x88\0\0\0\0\x93\x01\x01\xa4huge"
                                    "\x82\xff\x40\0\0\0\0\0\0\0"
                                    "\0\0\0\0";
    uint64_t t0 = uv_hrtime();
    raw *r = raw_exchange(one, sizeof one - 1);
    if (!strstr(r->buf, "HTTP/1.1 101 ") || !has_close(r, 1009))
        fail_msg("no 1009 close for a 2^62-byte frame (%zu bytes back)", r->len);
    assert_true(uv_hrtime() - t0 < 5000000000ull);
    free(r);
    /* 1000 bytes in a first fragment, then a continuation header of 1100 */
    static char frag[sizeof WS_HS + 16 + 8 + 1000 + 8];
    size_t n = (size_t)snprintf(frag, sizeof frag, "%s", WS_HS);
    memcpy(frag + n, "\x82\x88\0\0\0\0\x93\x01\x01\xa4" "frag", 14);
    n += 14;
    memcpy(frag + n, "\x02\xfe\x03\xe8\0\0\0\0", 8);
    n += 8;
    memset(frag + n, 0xc0, 1000);
    n += 1000;
    memcpy(frag + n, "\x80\xfe\x04\x4c\0\0\0\0", 8);
    n += 8;
    r = raw_exchange(frag, n);
    if (!has_close(r, 1009)) fail_msg("no 1009 close for a fragmented message (%zu bytes back)", r->len);
    free(r);
#undef WS_HS
}

/* ---- players -------------------------------------------------------------- */

typedef struct player {
    weft_client *c;
    int id, closed, events;
    char deferral[128];
    char last_event[64];
    char last_args[8192];
    char reason[256];
} player;

static void p_joined(weft_client *c, int id, void *ud)
{
    ((player *)ud)->id = id;
}

/* args as text: strings and integers of a flat array, comma-separated */
static void p_event(weft_client *c, const char *name, const char *args, size_t len, void *ud)
{
    player *p = ud;
    p->events++;
    snprintf(p->last_event, sizeof p->last_event, "%s", name);
    msgpack_unpacked u;
    msgpack_unpacked_init(&u);
    p->last_args[0] = 0;
    if (msgpack_unpack_next(&u, args, len, NULL) == MSGPACK_UNPACK_SUCCESS &&
        u.data.type == MSGPACK_OBJECT_ARRAY) {
        for (uint32_t i = 0; i < u.data.via.array.size; i++) {
            msgpack_object *o = &u.data.via.array.ptr[i];
            size_t l = strlen(p->last_args);
            if (o->type == MSGPACK_OBJECT_STR)
                snprintf(p->last_args + l, sizeof p->last_args - l, "%s%.*s", i ? "," : "",
                         (int)o->via.str.size, o->via.str.ptr);
            else if (o->type == MSGPACK_OBJECT_POSITIVE_INTEGER)
                snprintf(p->last_args + l, sizeof p->last_args - l, "%s%llu", i ? "," : "",
                         (unsigned long long)o->via.u64);
            else snprintf(p->last_args + l, sizeof p->last_args - l, "%s?", i ? "," : "");
        }
    }
    msgpack_unpacked_destroy(&u);
}

static void p_closed(weft_client *c, const char *reason, void *ud)
{
    player *p = ud;
    p->closed = 1;
    snprintf(p->reason, sizeof p->reason, "%s", reason);
}

static void p_deferral(weft_client *c, const char *msg, void *ud)
{
    snprintf(((player *)ud)->deferral, sizeof ((player *)ud)->deferral, "%s", msg);
}

static const weft_client_callbacks pcbs = {p_joined, p_event, p_deferral, p_closed};

static void join(player *p, const char *transport, const char *name)
{
    char url[64];
    snprintf(url, sizeof url, "%s://127.0.0.1:%d", transport,
             weft__net_port(H, !strcmp(transport, "enet")));
    memset(p, 0, sizeof *p);
    assert_int_equal(weft_client_connect(&H->loop, url, name, &pcbs, p, &p->c), 0);
    int welcomed = 0;
    uint64_t end = uv_hrtime() + 10000000000ull;
    while (!(p->id && p->events) && !p->closed && uv_hrtime() < end) uv_run(&H->loop, UV_RUN_ONCE);
    welcomed = p->id && !strcmp(p->last_event, "test:welcome");
    assert_true(welcomed);
}

static void pack2(char **out, size_t *len, const char *s, int64_t n)
{
    msgpack_sbuffer sb;
    msgpack_packer pk;
    msgpack_sbuffer_init(&sb);
    msgpack_packer_init(&pk, &sb, msgpack_sbuffer_write);
    msgpack_pack_array(&pk, 2);
    msgpack_pack_str_with_body(&pk, s, strlen(s));
    msgpack_pack_int64(&pk, n);
    *out = sb.data;
    *len = sb.size;
}

static void wait_event(player *p, int before)
{
    uint64_t end = uv_hrtime() + 10000000000ull;
    while (p->events == before && !p->closed && uv_hrtime() < end) uv_run(&H->loop, UV_RUN_ONCE);
    assert_true(p->events > before);
}

static void leave(player *p)
{
    if (!p->closed) weft_client_close(p->c);
    run_until(&p->closed);
}

static void round_trip(const char *transport)
{
    player a, b;
    join(&a, transport, "Ann");
    join(&b, transport, "Bob");
    assert_int_not_equal(a.id, b.id);
    char *args;
    size_t len;
    /* JS echo to the sender only */
    pack2(&args, &len, "hi", 42);
    int ea = a.events, eb = b.events;
    assert_int_equal(weft_client_emit(a.c, "test:echo", args, len), 0);
    wait_event(&a, ea);
    assert_string_equal(a.last_event, "test:echoed");
    assert_string_equal(a.last_args, "hi,42");
    run_for_ms(50);
    assert_int_equal(b.events, eb);
    /* Lua echo */
    ea = a.events;
    assert_int_equal(weft_client_emit(a.c, "test:luaecho", args, len), 0);
    wait_event(&a, ea);
    assert_string_equal(a.last_event, "test:luaechoed");
    assert_string_equal(a.last_args, "hi,42,luaecho");
    free(args);
    /* broadcast (-1) reaches both */
    pack2(&args, &len, "all", 1);
    ea = a.events, eb = b.events;
    assert_int_equal(weft_client_emit(b.c, "test:all", args, len), 0);
    wait_event(&a, ea);
    wait_event(&b, eb);
    char want[64];
    snprintf(want, sizeof want, "%d,all", b.id);
    assert_string_equal(a.last_event, "test:broadcast");
    assert_string_equal(a.last_args, want);
    assert_string_equal(b.last_args, want);
    /* a handler registered with AddEventHandler/on only is not reachable */
    ea = a.events;
    assert_int_equal(weft_client_emit(a.c, "test:local", args, len), 0);
    run_for_ms(50);
    assert_int_equal(a.events, ea);
    assert_false(a.closed);
    free(args);
    /* leaving: playerDropped with the reason */
    dropped_id = 0;
    int id = a.id;
    leave(&a);
    uint64_t end = uv_hrtime() + 10000000000ull;
    while (dropped_id != id && uv_hrtime() < end) uv_run(&H->loop, UV_RUN_ONCE);
    assert_int_equal(dropped_id, id);
    leave(&b);
}

static void test_ws_round_trip(void **state)
{
    round_trip("ws");
}

static void test_enet_round_trip(void **state)
{
    round_trip("enet");
}

static void expect_dropped(player *p, const char *reason_part)
{
    run_until(&p->closed);
    if (!strstr(p->reason, reason_part)) fail_msg("reason \"%s\" lacks \"%s\"", p->reason, reason_part);
}

static void test_bounds_drop(void **state)
{
    player p;
    /* over net_maxMessageBytes (2048) */
    join(&p, "ws", "big");
    static char big[4096 + 16];
    big[0] = (char)0x91;
    big[1] = (char)0xda;
    big[2] = 0x10, big[3] = 0x00; /* str16 of 4096 bytes */
    memset(big + 4, 'x', 4096);
    weft_client_emit(p.c, "test:echo", big, 4100);
    expect_dropped(&p, "message too large");
    /* far over it (past wslay's own bound, which gave no size): the same reason */
    join(&p, "ws", "huge");
    static char huge[40000 + 16];
    huge[0] = (char)0x91;
    huge[1] = (char)0xda;
    huge[2] = (char)0x9c, huge[3] = 0x40; /* str16 of 40000 bytes */
    memset(huge + 4, 'x', 40000);
    weft_client_emit(p.c, "test:echo", huge, 40004);
    expect_dropped(&p, "message too large (");
    if (!strstr(p.reason, " > 2048 bytes)")) fail_msg("reason \"%s\" lacks the limit", p.reason);
    /* nesting deeper than net_maxMessageDepth (8) */
    join(&p, "ws", "deep");
    char deep[32];
    for (int i = 0; i < 20; i++) deep[i] = (char)0x91;
    deep[20] = (char)0xc0;
    weft_client_emit(p.c, "test:echo", deep, 21);
    expect_dropped(&p, "nesting too deep");
    /* a forged function reference (ext 10) */
    join(&p, "enet", "forger");
    static const char ref[] = {(char)0x91, (char)0xc7, 5, 10, 'e', ':', '1', ':', '1'};
    weft_client_emit(p.c, "test:echo", ref, sizeof ref);
    expect_dropped(&p, "function reference");
    /* truncated msgpack inside the args */
    join(&p, "ws", "broken");
    static const char cut[] = {(char)0x92, (char)0xa5, 'a'};
    weft_client_emit(p.c, "test:echo", cut, sizeof cut);
    expect_dropped(&p, "malformed message");
    /* over net_maxEventsPerSecond (50, burst 100) */
    join(&p, "ws", "flood");
    for (int i = 0; i < 300 && !p.closed; i++) weft_client_emit(p.c, "test:local", "\x90", 1);
    expect_dropped(&p, "too many net events");
    /* refused in playerConnecting (CancelEvent) */
    player q;
    memset(&q, 0, sizeof q);
    char url[64];
    snprintf(url, sizeof url, "ws://127.0.0.1:%d", weft__net_port(H, 0));
    assert_int_equal(weft_client_connect(&H->loop, url, "refused", &pcbs, &q, &q.c), 0);
    expect_dropped(&q, "refused");
    assert_int_equal(q.id, 0);
    /* the server still serves */
    join(&p, "ws", "after");
    leave(&p);
}

static void test_http_handlers(void **state)
{
    static const char req[] =
        "GET /echo/hello HTTP/1.1\r\nX-Test: yes\r\n\r\n"
        "POST /echo/body HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n"
        "3\r\nabc\r\n2\r\nde\r\n0\r\n\r\n"
        "GET /echo/stream HTTP/1.1\r\n\r\n"
        "GET /echo/throw HTTP/1.1\r\n\r\n"
        "GET /luaecho/x?y=1 HTTP/1.1\r\n\r\n"
        "GET /echo/nothing HTTP/1.1\r\nConnection: close\r\n\r\n";
    raw *r = raw_exchange(req, sizeof req - 1);
    const char *want[] = {"\r\n\r\nhello GET yes",
                          "HTTP/1.1 201 Created\r\nX-Len: 5\r\n",
                          "\r\n\r\nABCDE",
                          "Transfer-Encoding: chunked\r\n",
                          "1\r\na\r\n1\r\nb\r\n1\r\nc\r\n0\r\n\r\n",
                          "HTTP/1.1 500 ",
                          "lua GET /x?y=1 0",
                          "HTTP/1.1 404 Not Found",
                          "no /nothing"};
    const char *at = r->buf;
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        const char *f = strstr(at, want[i]);
        if (!f) fail_msg("missing (in order) \"%s\" in:\n%s", want[i], r->buf);
        at = f;
    }
    assert_int_equal(count(r->buf, "HTTP/1.1 "), 6);
    free(r);
}

static void test_players_natives_deferrals_latent(void **state)
{
    player a, b;
    join(&a, "ws", "Ann");
    join(&b, "enet", "Bob");
    static const char req[] = "GET /echo/players HTTP/1.1\r\nConnection: close\r\n\r\n";
    raw *r = raw_exchange(req, sizeof req - 1);
    if (!strstr(r->buf, "[[\"Ann\",2,\"ip:127.0.0.1\",true,true,true,false],[\"Bob\",2,\"ip:127.0.0.1\",true,true,true,false]]"))
        fail_msg("players: %s", r->buf);
    free(r);
    /* /players.json lists both */
    static const char pj[] = "GET /players.json HTTP/1.1\r\nConnection: close\r\n\r\n";
    r = raw_exchange(pj, sizeof pj - 1);
    assert_non_null(strstr(r->buf, "\"name\":\"Ann\""));
    assert_non_null(strstr(r->buf, "\"name\":\"Bob\""));
    assert_non_null(strstr(r->buf, "\"identifiers\":[\"ip:127.0.0.1\",\"weft:"));
    free(r);
    /* a latent event arrives whole (5000 bytes at 20000 B/s: several pieces) */
    char *args;
    size_t len;
    msgpack_sbuffer sb;
    msgpack_packer pk;
    msgpack_sbuffer_init(&sb);
    msgpack_packer_init(&pk, &sb, msgpack_sbuffer_write);
    msgpack_pack_array(&pk, 1);
    msgpack_pack_int(&pk, 5000);
    int ea = a.events;
    assert_int_equal(weft_client_emit(a.c, "test:latent", sb.data, sb.size), 0);
    msgpack_sbuffer_destroy(&sb);
    wait_event(&a, ea);
    assert_string_equal(a.last_event, "test:latented");
    assert_int_equal(strlen(a.last_args), 5000);
    /* DropPlayer */
    pack2(&args, &len, "x", 1);
    assert_int_equal(weft_client_emit(b.c, "test:dropme", args, len), 0);
    free(args);
    expect_dropped(&b, "as you wish");
    leave(&a);
    /* deferrals from Lua: update then done() lets in; done(reason) refuses;
     * setKickReason + CancelEvent refuses with that reason */
    join(&a, "ws", "deferred");
    assert_string_equal(a.deferral, "checking deferred");
    leave(&a);
    char url[64];
    snprintf(url, sizeof url, "ws://127.0.0.1:%d", weft__net_port(H, 0));
    memset(&a, 0, sizeof a);
    assert_int_equal(weft_client_connect(&H->loop, url, "banned", &pcbs, &a, &a.c), 0);
    expect_dropped(&a, "you are banned");
    memset(&a, 0, sizeof a);
    assert_int_equal(weft_client_connect(&H->loop, url, "kicked", &pcbs, &a, &a.c), 0);
    expect_dropped(&a, "kicked by lua");
    memset(&a, 0, sizeof a);
    assert_int_equal(weft_client_connect(&H->loop, url, "forever", &pcbs, &a, &a.c), 0);
    expect_dropped(&a, "timed out while deferred");
}

static void emit_port(player *p, const char *event)
{
    msgpack_sbuffer sb;
    msgpack_packer pk;
    msgpack_sbuffer_init(&sb);
    msgpack_packer_init(&pk, &sb, msgpack_sbuffer_write);
    msgpack_pack_array(&pk, 1);
    msgpack_pack_int(&pk, weft__net_port(H, 0));
    int before = p->events;
    assert_int_equal(weft_client_emit(p->c, event, sb.data, sb.size), 0);
    msgpack_sbuffer_destroy(&sb);
    wait_event(p, before);
}

static void test_outbound_http(void **state)
{
    player a;
    join(&a, "ws", "fetcher");
    emit_port(&a, "test:fetch");
    assert_string_equal(a.last_event, "test:fetched");
    assert_string_equal(a.last_args,
                        "201,3,ABC,TypeError:fetch failed,AbortError,404,null,no /nothing");
    emit_port(&a, "test:luafetch");
    assert_string_equal(a.last_event, "test:luafetched");
    assert_string_equal(a.last_args, "200,lua GET /p 1,text/plain");
    leave(&a);
}

/* A WebSocket player that joins and then never reads: the server must drop
 * it once net_maxPlayerOutboundBytes (64 KiB in the fixture) is queued,
 * while a player that reads gets every message. */
typedef struct mute {
    uv_tcp_t tcp;
    uv_connect_t conn;
    int connected;
} mute;

static void mute_connected(uv_connect_t *c, int status)
{
    mute *m = c->data;
    assert_int_equal(status, 0);
    /* handshake + one masked binary frame (mask 0) holding HELLO [1, 1, "mute"] */
    static const char hs[] = "GET /weft/ws HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\n"
                             "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                             "Sec-WebSocket-Version: 13\r\n\r\n"
                             "\x82\x88\0\0\0\0\x93\x01\x01\xa4mute";
    uv_write_t *w = malloc(sizeof *w);
    uv_buf_t b = uv_buf_init((char *)hs, sizeof hs - 1);
    uv_write(w, (uv_stream_t *)&m->tcp, &b, 1, raw_written);
    m->connected = 1;
}

static void mute_closed(uv_handle_t *h)
{
    free(h->data);
}

static void test_slow_player_dropped(void **state)
{
    player a;
    join(&a, "ws", "reader");
    mute *m = calloc(1, sizeof *m);
    struct sockaddr_in sa;
    uv_ip4_addr("127.0.0.1", weft__net_port(H, 0), &sa);
    uv_tcp_init(&H->loop, &m->tcp);
    m->tcp.data = m;
    m->conn.data = m;
    uv_tcp_connect(&m->conn, &m->tcp, (struct sockaddr *)&sa, mute_connected);
    run_until(&m->connected);
    run_for_ms(300); /* joined (its WELCOME sits unread) */
    dropped_id = 0;
    dropped_reason[0] = 0;
    /* 60 rounds of 256 KiB: 15 MiB, more than the socket buffers hold */
    msgpack_sbuffer sb;
    msgpack_packer pk;
    msgpack_sbuffer_init(&sb);
    msgpack_packer_init(&pk, &sb, msgpack_sbuffer_write);
    msgpack_pack_array(&pk, 2);
    msgpack_pack_int(&pk, 60);
    msgpack_pack_int(&pk, 256 * 1024);
    assert_int_equal(weft_client_emit(a.c, "test:spam", sb.data, sb.size), 0);
    msgpack_sbuffer_destroy(&sb);
    uint64_t end = uv_hrtime() + 20000000000ull;
    while (!(strstr(dropped_reason, "outbound queue full") && a.events >= 61) && !a.closed &&
           uv_hrtime() < end)
        uv_run(&H->loop, UV_RUN_ONCE);
    if (!strstr(dropped_reason, "outbound queue full"))
        fail_msg("the mute player was not dropped for its queue: \"%s\"", dropped_reason);
    assert_false(a.closed);
    assert_string_equal(a.last_event, "test:spammed");
    assert_true(a.events >= 61); /* welcome + 60 rounds */
    uv_close((uv_handle_t *)&m->tcp, mute_closed);
    leave(&a);
}

static void stop_hang(uv_timer_t *t)
{
    weft_host_command(H, "stop hang");
    uv_close((uv_handle_t *)t, (uv_close_cb)free);
}

static void restart_hang(uv_timer_t *t)
{
    weft_host_command(H, "restart hang");
    uv_close((uv_handle_t *)t, (uv_close_cb)free);
}

/* restart (and ensure of a started resource) answers the old instance's open
 * requests as stop does: the new instance never saw them */
static void test_handler_resource_restarts(void **state)
{
    uv_timer_t *t = malloc(sizeof *t);
    uv_timer_init(&H->loop, t);
    uv_timer_start(t, restart_hang, 200, 0);
    static const char req[] = "GET /hang/x HTTP/1.1\r\n\r\n";
    uint64_t t0 = uv_hrtime();
    raw *r = raw_exchange(req, sizeof req - 1);
    if (!strstr(r->buf, "HTTP/1.1 503 ")) fail_msg("no 503 after restart: %s", r->buf);
    assert_true(uv_hrtime() - t0 < 5000000000ull);
    free(r);
}

static void test_handler_resource_stops(void **state)
{
    uv_timer_t *t = malloc(sizeof *t);
    uv_timer_init(&H->loop, t);
    uv_timer_start(t, stop_hang, 200, 0);
    static const char req[] = "GET /hang/x HTTP/1.1\r\n\r\n";
    raw *r = raw_exchange(req, sizeof req - 1);
    if (!strstr(r->buf, "HTTP/1.1 503 ")) fail_msg("no 503: %s", r->buf);
    free(r);
}

static int setup(void **state)
{
    assert_int_equal(weft_host_new(&(weft_host_options){.no_console = 1}, &H), 0);
    assert_int_equal(weft_host_register_native(H, "TestDropped", n_test_dropped, NULL), 0);
    assert_int_equal(weft_host_load(H, fixture), 0);
    assert_true(weft__net_port(H, 0) > 0);
    assert_true(weft__net_port(H, 1) > 0);
    return 0;
}

static int teardown(void **state)
{
    weft_host_free(H);
    return 0;
}

int main(void)
{
    const char *slash = strrchr(__FILE__, '/');
    snprintf(fixture, sizeof fixture, "%.*s/fixtures/net", (int)(slash - __FILE__), __FILE__);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_http_pipelined_keepalive),
        cmocka_unit_test(test_http_bad_requests),
        cmocka_unit_test(test_ws_round_trip),
        cmocka_unit_test(test_ws_oversize_header),
        cmocka_unit_test(test_enet_round_trip),
        cmocka_unit_test(test_bounds_drop),
        cmocka_unit_test(test_http_handlers),
        cmocka_unit_test(test_players_natives_deferrals_latent),
        cmocka_unit_test(test_outbound_http),
        cmocka_unit_test(test_slow_player_dropped),
        cmocka_unit_test(test_handler_resource_restarts),
        cmocka_unit_test(test_handler_resource_stops),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
