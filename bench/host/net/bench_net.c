/* bench_net.c: row 8 of bench/host: a net-style event entering an async JS
 * handler through the C embedding API (weft_host_emit_net). The handler's
 * first continuation calls the native BhNetDone; the latency of a sample is
 * from just before weft_host_emit_net to that call. The host drives frames
 * itself (external_tick), one weft_host_tick() every 100 events.
 * Usage: weft_bench_net [SAMPLES] [SERVER_DIR]. Prints `BENCHJSON {...}`. */
#include <msgpack.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include "weft.h"

typedef struct {
    double t1_us;
    long done;
} bench_state;

static double now_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e6 + (double)ts.tv_nsec / 1e3;
}

static int native_done(void *ud, const char *args, size_t len, char **result, size_t *rlen)
{
    bench_state *st = ud;
    st->t1_us = now_us();
    st->done++;
    (void)args, (void)len, (void)result, (void)rlen;
    return 0;
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 20000;
    const char *dir = argc > 2 ? argv[2] : BENCH_NET_SERVER_DIR;
    long warm = n / 10 + 10;
    bench_state st = {0};
    weft_host *h;
    weft_host_options opts = {.no_console = 1, .external_tick = 1};
    if (n < 1 || weft_host_new(&opts, &h) < 0) return 1;
    weft_host_register_native(h, "BhNetDone", native_done, &st);
    if (weft_host_load(h, dir) < 0 || !weft_host_tick(h)) return weft_host_free(h), 1;
    double *lat = malloc((size_t)n * sizeof *lat);
    if (!lat) return 1;
    msgpack_sbuffer sb;
    msgpack_packer pk;
    msgpack_sbuffer_init(&sb);
    msgpack_packer_init(&pk, &sb, msgpack_sbuffer_write);
    /* Bound: warm + n events; a sample whose continuation did not run
     * before emit returned is a failure (the checkpoint runs it there). */
    for (long i = 0; i < warm + n; i++) {
        msgpack_sbuffer_clear(&sb);
        msgpack_pack_array(&pk, 1);
        msgpack_pack_long(&pk, i);
        long before = st.done;
        double t0 = now_us();
        weft_host_emit_net(h, "bh:net", 7, sb.data, sb.size);
        if (st.done != before + 1) {
            fprintf(stderr, "bench_net: continuation %ld did not run in the emit\n", i);
            return 1;
        }
        if (i >= warm) lat[i - warm] = st.t1_us - t0;
        if (i % 100 == 99) weft_host_tick(h);
    }
    msgpack_sbuffer_destroy(&sb);
    printf("BENCHJSON {\"row\":\"8\",\"unit\":\"us\",\"samples\":[");
    for (long i = 0; i < n; i++) printf("%s%.2f", i ? "," : "", lat[i]);
    printf("]}\n");
    free(lat);
    weft_host_quit(h);
    weft_host_free(h);
    return 0;
}
