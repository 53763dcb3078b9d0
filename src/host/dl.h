/* dl.h: the shared libraries weft loads with dlopen on first use instead of
 * binding them at exec time: SQLite, MariaDB Connector/C, OpenSSL's
 * libcrypto, ENet, wslay and brotli here (src/host/dl.c), libcurl, c-ares,
 * ICU and libnats in the files that use them. Binding a library at exec
 * costs every run its mapping, relocations and page faults: the first six
 * were ~2 ms of an empty `weft run`'s ~6.5 ms on the reference machine
 * (bench/startup.sh), though an empty script calls none of them.
 *
 * One mechanism for all of them. A library is a table of function pointers,
 * one per function weft calls, typed from the library's own header
 * (__typeof__), and a weft__dl that names the soname and the table.
 * weft__dl_load fills the table once per process, from whichever thread asks
 * first (a Worker's thread too); after that it is one atomic load. A missing
 * library or symbol is one message naming the library and its Debian
 * package, kept for every later caller, and the feature that needed it fails
 * with that message while the rest of the server runs on.
 *
 * Per library, a header declares the table and (unless WEFT_DL_NO_REDIRECT is
 * defined) maps each function's name onto its table slot, so calling code
 * reads as the library's documentation does: `sqlite3_step(st)`. Calling a
 * function before weft__dl_load succeeded is a null call: every entry point
 * into a library's code loads it first. The build links none of these
 * libraries, so a function used without a table slot fails to link. */
#ifndef WEFT_HOST_DL_H
#define WEFT_HOST_DL_H

#include <stddef.h>

typedef struct weft__dl {
    const char *soname;       /* dlopen's argument, e.g. "libsqlite3.so.0" */
    const char *package;      /* Debian's package, for the message */
    const char *const *names; /* count symbol names, in table order */
    void *table;              /* count function pointers */
    size_t count;
    /* once the symbols resolve (may be NULL): nonzero is a failure, and
     * writes its reason into err (cap bytes) */
    int (*init)(char *err, size_t cap);
    int state;       /* 0 not tried, 1 loaded, -1 failed; atomic */
    char error[256]; /* why it failed, when state is -1 */
} weft__dl;

/* Loads d once per process; thread-safe (callers serialize on one lock the
 * first time, later calls are an acquire load). Returns 0, or -1 with *error
 * (if error is not NULL) pointing at d's static message, e.g. "SQLite is
 * not available: libsqlite3.so.0: cannot open shared object file (Debian
 * package libsqlite3-0)". The library is never unloaded. */
int weft__dl_load(weft__dl *d, const char **error);

/* Declaring and defining a table: FNS is an X-macro list of function names,
 * FNS(X) expanding to X(f1) X(f2) ... Names go through one expansion first,
 * so a header that renames its functions (ICU's ucnv_open -> ucnv_open_72)
 * gets the symbol it links against. */
#define WEFT_DL_PTR(f) __typeof__(f) *f;
#define WEFT_DL_STR2(f) #f
#define WEFT_DL_STR(f) WEFT_DL_STR2(f),
#define WEFT_DL_DECLARE(name, FNS)                                                                 \
    typedef struct weft__dl_##name##_fns {                                                         \
        FNS(WEFT_DL_PTR)                                                                           \
    } weft__dl_##name##_fns;                                                                       \
    extern weft__dl_##name##_fns weft__##name;                                                     \
    extern weft__dl weft__dl_##name;
/* In a file that includes the library's header with WEFT_DL_NO_REDIRECT. */
#define WEFT_DL_DEFINE(name, FNS, soname, package, init)                                           \
    weft__dl_##name##_fns weft__##name;                                                            \
    static const char *const weft__dl_##name##_names[] = {FNS(WEFT_DL_STR)};                       \
    _Static_assert(sizeof weft__##name == sizeof weft__dl_##name##_names /                         \
                                              sizeof *weft__dl_##name##_names *                    \
                                              sizeof(void (*)(void)),                              \
                   "one pointer per name");                                                        \
    weft__dl weft__dl_##name = {soname,                                                            \
                                package,                                                           \
                                weft__dl_##name##_names,                                           \
                                &weft__##name,                                                     \
                                sizeof weft__dl_##name##_names / sizeof *weft__dl_##name##_names,  \
                                init,                                                              \
                                0,                                                                 \
                                {0}};

#endif
