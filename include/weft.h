/* weft.h: the public embedding API of weft, an embeddable scripting host
 * (JavaScript on QuickJS, Lua 5.4) on libuv with Node's task-queue semantics.
 *
 * Conventions (as libuv's): every fallible function returns 0 or a negative
 * WEFT_E* code; weft_strerror()/weft_err_name() describe a code. The caller
 * owns a host; a host owns its runtimes. Nothing here is thread-safe: use a
 * host from one thread. */
#ifndef WEFT_H
#define WEFT_H

#include <stddef.h>
#include <stdint.h>
#include "weft_conf.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Error codes: X(NAME, value, message). Values are negative. */
#define WEFT_ERRNO_MAP(X)                                                      \
    X(NOMEM, -1, "out of memory")                                              \
    X(INVAL, -2, "invalid argument")                                           \
    X(NOENT, -3, "no such file or resource")                                   \
    X(IO, -4, "input/output error")                                            \
    X(SCRIPT, -5, "script error")                                              \
    X(STATE, -6, "operation not valid in the current state")                   \
    X(EXIST, -7, "already exists")                                             \
    X(LOOP, -8, "event loop error")                                            \
    X(EXITED, -9, "the script called process.exit()")

typedef enum {
#define WEFT_ERR_ENUM(name, value, msg) WEFT_E##name = (value),
    WEFT_ERRNO_MAP(WEFT_ERR_ENUM)
#undef WEFT_ERR_ENUM
} weft_errno;

/* Human-readable message for a WEFT_E* code ("unknown error" otherwise).
 * Returns a static string; never NULL. */
const char *weft_strerror(int err);
/* The code's name without prefix ("NOMEM"); static string, never NULL. */
const char *weft_err_name(int err);

/* A host: one libuv loop, one checkpoint, many runtimes. Opaque. */
typedef struct weft_host weft_host;

/* Options for weft_run_file(): a Node-like run of one script. */
typedef struct weft_run_options {
    /* Unhandled-rejection mode, as Node's --unhandled-rejections: "throw"
     * (default when NULL), "strict", "warn", "none", "warn-with-error-code". */
    const char *unhandled_rejections;
    /* process.argv as Node builds it: argv[0] the executable, argv[1] the
     * script's absolute path, then the user's arguments. Borrowed. */
    int argc;
    char **argv;
} weft_run_options;

/* Run FILE (a CommonJS .js/.cjs script, or an ES module for .mjs) in a fresh
 * host until nothing is left to do, as `node FILE` does: main script, then
 * the event loop, 'beforeExit' (which may re-arm the loop), then 'exit'.
 * Returns the process exit code (0-255) the script ended with, as Node
 * computes it (process.exitCode, process.exit(n), 1 for an uncaught
 * exception, 7 for a throw inside an 'uncaughtException' handler), or a
 * negative WEFT_E* code if the host could not be set up. */
int weft_run_file(const char *file, const weft_run_options *opts);

#ifdef __cplusplus
}
#endif
#endif
