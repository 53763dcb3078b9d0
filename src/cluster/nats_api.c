/* nats_api.c: libnats loaded on first use (host/dl.h; the soname of the
 * version the build saw), every function of nats_api.h resolved once; a
 * missing library or symbol is one clear message, and the cluster stays off.
 * The library is never unloaded (its threads may outlive a host). */
#include <stdio.h>
#include "weft.h"
#include "cluster/nats_api.h"

#define WEFT__STR2(x) #x
#define WEFT__STR(x) WEFT__STR2(x)
#define LIBNATS_SONAME "libnats.so." WEFT__STR(NATS_VERSION_MAJOR) "." WEFT__STR(NATS_VERSION_MINOR)

WEFT_DL_DEFINE(nats, WEFT__NATS_FUNCTIONS, LIBNATS_SONAME, "libnats3.4", NULL)

int weft__nats_load(char *err, size_t cap)
{
    const char *why;
    if (weft__dl_load(&weft__dl_nats, &why) == 0) return 0;
    if (err) snprintf(err, cap, "libnats is not installed: %s", why);
    return WEFT_ENOENT;
}
