/* alloc.c: the allocator behind every QuickJS runtime of weft.
 *
 * With WEFT_HAVE_MIMALLOC (CMake found Debian's libmimalloc-dev; never under
 * ASan, which must see every block) runtimes allocate through mimalloc, else
 * through QuickJS's default functions (libc malloc). The accounting is
 * QuickJS's own (block count, usable size + overhead, the memory limit), so
 * JS_SetMemoryLimit and JS_ComputeMemoryUsage behave the same either way. */
#include <stdatomic.h>
#include <stdlib.h>
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

/* as QuickJS's MALLOC_OVERHEAD: the bookkeeping charged per block */
#define JS_ALLOC_OVERHEAD 8

static void *mi_js_malloc(JSMallocState *s, size_t size)
{
    if (s->malloc_size + size > s->malloc_limit) return NULL;
    void *p = mi_malloc(size);
    if (!p) return NULL;
    s->malloc_count++;
    s->malloc_size += mi_usable_size(p) + JS_ALLOC_OVERHEAD;
    return p;
}

static void mi_js_free(JSMallocState *s, void *p)
{
    if (!p) return;
    s->malloc_count--;
    s->malloc_size -= mi_usable_size(p) + JS_ALLOC_OVERHEAD;
    mi_free(p);
}

static void *mi_js_realloc(JSMallocState *s, void *p, size_t size)
{
    if (!p) return size ? mi_js_malloc(s, size) : NULL;
    size_t old = mi_usable_size(p);
    if (!size) {
        mi_js_free(s, p);
        return NULL;
    }
    if (s->malloc_size + size - old > s->malloc_limit) return NULL;
    p = mi_realloc(p, size);
    if (!p) return NULL;
    s->malloc_size += mi_usable_size(p) - old;
    return p;
}

static size_t mi_js_usable_size(const void *p)
{
    return mi_usable_size(p);
}

static const JSMallocFunctions mi_js_funcs = {
    mi_js_malloc,
    mi_js_free,
    mi_js_realloc,
    mi_js_usable_size,
};

JSRuntime *weft__js_new_runtime(void)
{
    return runtime_setup(JS_NewRuntime2(&mi_js_funcs, NULL));
}

#else

JSRuntime *weft__js_new_runtime(void)
{
    return runtime_setup(JS_NewRuntime());
}

#endif
