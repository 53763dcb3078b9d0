/* alloc.c: the allocator behind every QuickJS runtime of weft.
 *
 * With WEFT_HAVE_MIMALLOC (CMake found Debian's libmimalloc-dev; never under
 * ASan, which must see every block) runtimes allocate through mimalloc, else
 * through QuickJS's default functions (libc malloc). The accounting is
 * QuickJS's own (block count, usable size + overhead, the memory limit), so
 * JS_SetMemoryLimit and JS_ComputeMemoryUsage behave the same either way. */
#include "js/js.h"

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
    JSRuntime *rt = JS_NewRuntime2(&mi_js_funcs, NULL);
    if (rt) JS_SetGCGrowth(rt, WEFT_JS_GC_GROWTH_PERCENT);
    return rt;
}

#else

JSRuntime *weft__js_new_runtime(void)
{
    JSRuntime *rt = JS_NewRuntime();
    if (rt) JS_SetGCGrowth(rt, WEFT_JS_GC_GROWTH_PERCENT);
    return rt;
}

#endif
