/* dl.c: weft__dl_load (dl.h), and the tables of the libraries the host
 * itself loads on first use. */
#define WEFT_DL_NO_REDIRECT
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include "host/dl.h"
#include "host/dl_brotlidec.h"
#include "host/dl_brotlienc.h"
#include "host/dl_crypto.h"
#include "host/dl_enet.h"
#include "host/dl_mariadb.h"
#include "host/dl_sqlite.h"
#include "host/dl_wslay.h"

static pthread_mutex_t dl_lock = PTHREAD_MUTEX_INITIALIZER;

int weft__dl_load(weft__dl *d, const char **error)
{
    int state = __atomic_load_n(&d->state, __ATOMIC_ACQUIRE);
    if (!state) {
        pthread_mutex_lock(&dl_lock);
        state = d->state;
        if (!state) {
            void *lib = dlopen(d->soname, RTLD_NOW | RTLD_LOCAL);
            state = 1;
            if (!lib) {
                snprintf(d->error, sizeof d->error, "cannot load %s (Debian package %s): %s",
                         d->soname, d->package, dlerror());
                state = -1;
            }
            for (size_t i = 0; state > 0 && i < d->count; i++) {
                void *p = dlsym(lib, d->names[i]);
                if (!p) {
                    snprintf(d->error, sizeof d->error, "%s has no function %s (Debian package %s)",
                             d->soname, d->names[i], d->package);
                    state = -1;
                }
                memcpy((char *)d->table + i * sizeof p, &p, sizeof p);
            }
            if (state > 0 && d->init && d->init(d->error, sizeof d->error)) state = -1;
            __atomic_store_n(&d->state, state, __ATOMIC_RELEASE);
        }
        pthread_mutex_unlock(&dl_lock);
    }
    if (state < 0 && error) *error = d->error;
    return state > 0 ? 0 : -1;
}

WEFT_DL_DEFINE(sqlite, WEFT_DL_SQLITE_FNS, "libsqlite3.so.0", "libsqlite3-0", NULL)
WEFT_DL_DEFINE(mariadb, WEFT_DL_MARIADB_FNS, "libmariadb.so.3", "libmariadb3", NULL)
WEFT_DL_DEFINE(crypto, WEFT_DL_CRYPTO_FNS, "libcrypto.so.3", "libssl3", NULL)
WEFT_DL_DEFINE(enet, WEFT_DL_ENET_FNS, "libenet.so.7", "libenet7", NULL)
WEFT_DL_DEFINE(wslay, WEFT_DL_WSLAY_FNS, "libwslay.so.1", "libwslay1", NULL)
WEFT_DL_DEFINE(brotlienc, WEFT_DL_BROTLIENC_FNS, "libbrotlienc.so.1", "libbrotli1", NULL)
WEFT_DL_DEFINE(brotlidec, WEFT_DL_BROTLIDEC_FNS, "libbrotlidec.so.1", "libbrotli1", NULL)
