/* alloc.c: the allocator behind every QuickJS runtime of weft.
 *
 * With WEFT_HAVE_MIMALLOC (CMake found Debian's libmimalloc-dev; never under
 * ASan, which must see every block) runtimes allocate through mimalloc, else
 * through QuickJS's default functions (libc malloc). The accounting is
 * QuickJS's own (block count, usable size + overhead, the memory limit), so
 * JS_SetMemoryLimit and JS_ComputeMemoryUsage behave the same either way.
 *
 * Failure injection, for tests (tests/js/oom_inject.sh), counted in
 * allocations from the end of the runtime's bootstrap: WEFT_JS_OOM_AT=N makes
 * the runtime run out of memory at its N-th: from then on its limit is the
 * size it had then, moved by what weft later adds or removes (a report's
 * headroom) and lifted where QuickJS lifts it (deps/patches/0101).
 * WEFT_JS_FAIL_AT=N fails the N-th alone; WEFT_JS_FAIL_EVERY=K every K-th
 * (from the N-th when both are set). WEFT_JS_FAULT_RT=K picks the K-th
 * runtime made (from 1; default: every one); WEFT_JS_FAULT_VERBOSE=1 prints
 * the count when the runtime is freed. Those runtimes fill each new block
 * with 0xff bytes, so that a value freed before it is set is an object at an
 * unmapped address: a crash at once, not a heap corrupted for later. Unset,
 * runtimes get the plain functions: no cost. */
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "js/js.h"

/* SharedArrayBuffer memory: shared by the runtimes (threads) it was posted
 * to, so outside every runtime's heap, with a reference count in front
 * (QuickJS dups it for each SharedArrayBuffer object made over it, and
 * messaging.c for each message carrying it; the last free frees it). */
typedef struct sab_head {
    atomic_long refs;
    long pad; /* keeps the data 16-byte aligned */
} sab_head;

static void *sab_alloc(void *opaque, size_t size)
{
    (void)opaque;
    sab_head *h = malloc(sizeof *h + size);
    if (!h) return NULL;
    atomic_init(&h->refs, 1);
    return h + 1;
}

static void sab_free(void *opaque, void *ptr)
{
    (void)opaque;
    sab_head *h = (sab_head *)ptr - 1;
    if (atomic_fetch_sub(&h->refs, 1) == 1) free(h);
}

static void sab_dup(void *opaque, void *ptr)
{
    (void)opaque;
    atomic_fetch_add(&((sab_head *)ptr - 1)->refs, 1);
}

static const JSSharedArrayBufferFunctions sab_funcs = {sab_alloc, sab_free, sab_dup, NULL};

void weft__js_sab_dup(void *ptr)
{
    sab_dup(NULL, ptr);
}

void weft__js_sab_free(void *ptr)
{
    sab_free(NULL, ptr);
}

static JSRuntime *runtime_setup(JSRuntime *rt)
{
    if (!rt) return NULL;
    JS_SetGCGrowth(rt, WEFT_JS_GC_GROWTH_PERCENT);
    JS_SetSharedArrayBufferFunctions(rt, &sab_funcs);
    JS_SetCanBlock(rt, 1); /* Atomics.wait, on any thread (as Node) */
    return rt;
}

#ifdef WEFT_HAVE_MIMALLOC
#include <mimalloc.h>
#define blk_malloc mi_malloc
#define blk_free mi_free
#define blk_realloc mi_realloc
#define blk_usable mi_usable_size
#else
#include <malloc.h>
#define blk_malloc malloc
#define blk_free free
#define blk_realloc realloc
#define blk_usable(p) malloc_usable_size((void *)(p))
#endif

/* as QuickJS's MALLOC_OVERHEAD: the bookkeeping charged per block */
#define JS_ALLOC_OVERHEAD 8

static void *js_blk_malloc(JSMallocState *s, size_t size)
{
    if (s->malloc_size + size > s->malloc_limit) return NULL;
    void *p = blk_malloc(size);
    if (!p) return NULL;
    s->malloc_count++;
    s->malloc_size += blk_usable(p) + JS_ALLOC_OVERHEAD;
    return p;
}

static void js_blk_free(JSMallocState *s, void *p)
{
    if (!p) return;
    s->malloc_count--;
    s->malloc_size -= blk_usable(p) + JS_ALLOC_OVERHEAD;
    blk_free(p);
}

static void *js_blk_realloc(JSMallocState *s, void *p, size_t size)
{
    if (!p) return size ? js_blk_malloc(s, size) : NULL;
    size_t old = blk_usable(p);
    if (!size) {
        js_blk_free(s, p);
        return NULL;
    }
    if (s->malloc_size + size - old > s->malloc_limit) return NULL;
    p = blk_realloc(p, size);
    if (!p) return NULL;
    s->malloc_size += blk_usable(p) - old;
    return p;
}

static size_t js_blk_usable_size(const void *p)
{
    return blk_usable(p);
}

#ifdef WEFT_HAVE_MIMALLOC
static const JSMallocFunctions blk_funcs = {
    js_blk_malloc,
    js_blk_free,
    js_blk_realloc,
    js_blk_usable_size,
};
#endif

/* ---- failure injection ---------------------------------------------------- */

struct weft__js_fault {
    unsigned long count;     /* allocations since the bootstrap */
    unsigned long at, every; /* the first that fails; then every how many */
    int counting;            /* the bootstrap is over */
    int sticky;              /* WEFT_JS_OOM_AT: the limit stays */
    int armed;               /* ... and has been reached */
    size_t base, limit0;     /* malloc_size and malloc_limit then */
};

/* Whether an allocation growing the heap by `grow` fails by injection. */
static int fault_fails(JSMallocState *s, size_t grow)
{
    struct weft__js_fault *f = s->opaque;
    if (!f->counting) return 0;
    unsigned long n = ++f->count;
    if (n == f->at || (f->every && n > f->at && (n - f->at) % f->every == 0)) {
        if (f->sticky && !f->armed) {
            f->armed = 1;
            f->base = s->malloc_size;
            f->limit0 = s->malloc_limit;
        }
        return 1;
    }
    if (!f->armed) return 0;
    size_t lim = s->malloc_limit;
    if (f->limit0 == SIZE_MAX) f->limit0 = lim; /* no limit when armed: the first set */
    if (lim == SIZE_MAX) return 0;                /* lifted (patch 0101) */
    size_t eff = lim >= f->limit0 ? f->base + (lim - f->limit0)
                 : f->base > f->limit0 - lim ? f->base - (f->limit0 - lim)
                                             : 0;
    return s->malloc_size + grow > eff;
}

static void *fault_malloc(JSMallocState *s, size_t size)
{
    if (fault_fails(s, size)) return NULL;
    void *p = js_blk_malloc(s, size);
    if (p) memset(p, 0xff, blk_usable(p));
    return p;
}

static void *fault_realloc(JSMallocState *s, void *p, size_t size)
{
    if (!p) return size ? fault_malloc(s, size) : NULL;
    size_t old = blk_usable(p);
    if (size > old && fault_fails(s, size - old)) return NULL;
    void *q = js_blk_realloc(s, p, size);
    size_t now = q ? blk_usable(q) : 0;
    if (now > old) memset((char *)q + old, 0xff, now - old);
    return q;
}

static const JSMallocFunctions fault_funcs = {
    fault_malloc,
    js_blk_free,
    fault_realloc,
    js_blk_usable_size,
};

static unsigned long env_ulong(const char *name)
{
    const char *v = getenv(name);
    return v && *v ? strtoul(v, NULL, 10) : 0;
}

/* The fault of the runtime numbered k, or NULL (none asked for). */
static struct weft__js_fault *fault_new(unsigned long k)
{
    unsigned long oom = env_ulong("WEFT_JS_OOM_AT"), fail = env_ulong("WEFT_JS_FAIL_AT");
    unsigned long every = env_ulong("WEFT_JS_FAIL_EVERY"), only = env_ulong("WEFT_JS_FAULT_RT");
    if (!(oom || fail || every) || (only && only != k)) return NULL;
    struct weft__js_fault *f = calloc(1, sizeof *f);
    if (!f) return NULL;
    f->at = oom ? oom : fail ? fail : every;
    f->every = every;
    f->sticky = oom != 0;
    return f;
}

JSRuntime *weft__js_new_runtime(weft__js *js)
{
    static atomic_ulong made; /* runtimes made (any thread), for WEFT_JS_FAULT_RT */
    JSRuntime *rt;
    js->alloc_fault = fault_new(atomic_fetch_add(&made, 1) + 1);
    if (js->alloc_fault) rt = JS_NewRuntime2(&fault_funcs, js->alloc_fault);
    else
#ifdef WEFT_HAVE_MIMALLOC
        rt = JS_NewRuntime2(&blk_funcs, NULL);
#else
        rt = JS_NewRuntime();
#endif
    return runtime_setup(rt);
}

void weft__js_alloc_counting(weft__js *js)
{
    if (js->alloc_fault) js->alloc_fault->counting = 1;
}

void weft__js_free_runtime(weft__js *js)
{
    if (js->rt) JS_FreeRuntime(js->rt);
    js->rt = NULL;
    if (js->alloc_fault && getenv("WEFT_JS_FAULT_VERBOSE"))
        fprintf(stderr, "weft: %lu allocations after the bootstrap\n", js->alloc_fault->count);
    free(js->alloc_fault);
    js->alloc_fault = NULL;
}
