/* scope_cost.c: what one profiler scope (weft__prof_begin + weft__prof_end
 * around an entry) costs: off (the branch on h->prof), with accounting on
 * (weft_metrics 1: two clock reads, self time charged to the resource) and
 * while recording (plus the name and two Trace Events). Best of 7 rounds,
 * each minus an empty loop with the same compiler barrier. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "host/server.h"

#define BARRIER() __asm__ volatile("" ::: "memory")

static double round_ns(weft_host *h, weft__rt *rt, long n, int scopes)
{
    uint64_t t = uv_hrtime();
    for (long i = 0; i < n; i++) {
        BARRIER();
        if (scopes) {
            weft__prof_begin(h, rt, WEFT_PROF_EVENT, "bench");
            weft__prof_end(h);
        }
    }
    return (double)(uv_hrtime() - t) / (double)n;
}

static double best(weft_host *h, weft__rt *rt, long n)
{
    double b = 1e30;
    for (int r = 0; r < 7; r++) {
        double d = round_ns(h, rt, n, 1) - round_ns(h, rt, n, 0);
        if (d < b) b = d;
    }
    return b < 0 ? 0 : b;
}

int main(void)
{
    weft_host_options o = {.no_console = 1, .external_tick = 1};
    weft_host *h;
    if (weft_host_new(&o, &h)) return 1;
    weft__resource *res = calloc(1, sizeof *res);
    weft__rt rt;
    weft__rt_init(&rt, h, NULL);
    res->name = "bench";
    rt.resource = res;
    double off = best(h, &rt, 20000000);
    weft_host_command(h, "set weft_metrics 1");
    double metrics = best(h, &rt, 2000000);
    weft_host_command(h, "profiler record start");
    double rec = best(h, &rt, 100000); /* 7 rounds x 2 x 100000 x 2 events */
    weft_host_command(h, "profiler record stop");
    weft_host_command(h, "set weft_metrics 0");
    printf("profiler scope cost (ns per scope, begin+end): off %.2f, accounting %.1f, recording "
           "%.1f\n",
           off, metrics, rec);
    weft_host_free(h);
    free(res);
    return 0;
}
