/* nats_api.c: libnats loaded on first use (dlopen of its soname, from the
 * version the build saw), every function of nats_api.h resolved once; a
 * missing library or symbol is one clear message, and the cluster stays off.
 * The library is never unloaded (its threads may outlive a host). */
#include <dlfcn.h>
#include <stdio.h>
#include <string.h>
#include "weft.h"
#include "cluster/nats_api.h"

weft__nats_api weft__nats;

#define WEFT__STR2(x) #x
#define WEFT__STR(x) WEFT__STR2(x)
#define LIBNATS_SONAME "libnats.so." WEFT__STR(NATS_VERSION_MAJOR) "." WEFT__STR(NATS_VERSION_MINOR)

static int load_rc = 1; /* 1: not tried */
static char load_err[256];

int weft__nats_load(char *err, size_t cap)
{
    if (load_rc == 1) {
        void *lib = dlopen(LIBNATS_SONAME, RTLD_NOW | RTLD_LOCAL);
        if (!lib) {
            snprintf(load_err, sizeof load_err,
                     "libnats is not installed (" LIBNATS_SONAME ", Debian package libnats3.4): %s",
                     dlerror());
            load_rc = WEFT_ENOENT;
        } else {
            load_rc = 0;
#define WEFT__NATS_SYM(fn)                                                                         \
    if (load_rc == 0) {                                                                            \
        void *p = dlsym(lib, #fn);                                                                 \
        if (!p) {                                                                                  \
            snprintf(load_err, sizeof load_err, LIBNATS_SONAME " has no symbol %s", #fn);          \
            load_rc = WEFT_ENOENT;                                                                 \
        }                                                                                          \
        memcpy(&weft__nats.fn, &p, sizeof p);                                                      \
    }
            WEFT__NATS_FUNCTIONS(WEFT__NATS_SYM)
#undef WEFT__NATS_SYM
        }
    }
    if (load_rc < 0 && err) snprintf(err, cap, "%s", load_err);
    return load_rc;
}
