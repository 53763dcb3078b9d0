/* main.c: the weft command.
 *   weft [run] [FLAGS] FILE [ARGS...]   run a script as `node FILE` would
 *   weft serve [DIR] [+COMMAND ARGS]...  run a server folder (server.cfg,
 *                                        resources/), then each +command
 *   weft [run] FILE.lua                  run a Lua file in a one-resource host
 *   weft bots N URL [options]            N player bots for load tests (bots.c)
 *   weft --version | --help */
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include "weft.h"

int weft__cli_bots(int argc, char **argv); /* bots.c */

static void usage(FILE *f)
{
    fprintf(f, "usage: weft [run] [--unhandled-rejections=MODE] [NODE-FLAGS] FILE [ARGS...]\n"
               "       weft serve [DIR] [+COMMAND ARGS]...\n"
               "       weft bots N URL [--rate R] [--seconds S] [--event E] [--answer E]\n"
               "       weft --version\n"
               "MODE: throw (default), strict, warn, none, warn-with-error-code\n"
               "NODE-FLAGS: --expose-gc --no-warnings --no-deprecation --throw-deprecation\n"
               "  --trace-deprecation --trace-warnings --pending-deprecation\n"
               "  --abort-on-uncaught-exception --expose-internals (a few of Node's internal\n"
               "  modules, for Node's tests); accepted, no effect:\n"
               "  --zero-fill-buffers (buffers are always zero-filled)\n"
               "  --no-force-async-hooks-checks --experimental-*\n");
}

/* weft serve [DIR] [+cmd args]...: the server; exit 0 on quit. */
static int serve(int argc, char **argv)
{
    const char *dir = ".";
    int i = 2;
    if (i < argc && argv[i][0] != '+') dir = argv[i++];
    weft_host *h;
    int rc = weft_host_new(NULL, &h);
    if (rc < 0) {
        fprintf(stderr, "weft: %s\n", weft_strerror(rc));
        return 1;
    }
    weft_host_catch_signals(h); /* Ctrl-C during start-up quits cleanly too */
    if ((rc = weft_host_load(h, dir)) < 0) {
        fflush(stdout);
        fprintf(stderr, "weft: cannot serve '%s': %s\n", dir, weft_strerror(rc));
        weft_host_free(h);
        return 1;
    }
    /* Bound: one command per +word; its arguments run up to the next +word. */
    while (i < argc) {
        if (argv[i][0] != '+') {
            fprintf(stderr, "weft: expected +command, got '%s'\n", argv[i]);
            i++;
            continue;
        }
        size_t len = 0;
        int j = i;
        do len += strlen(argv[j]) + 3;
        while (++j < argc && argv[j][0] != '+');
        char *line = malloc(len + 1), *p = line;
        if (!line) break;
        p += sprintf(p, "%s", argv[i] + 1);
        for (int k = i + 1; k < j; k++) {
            /* Quote arguments with spaces so the tokenizer keeps them whole. */
            int q = strchr(argv[k], ' ') != NULL && strcmp(argv[i], "+emit") != 0 &&
                    strcmp(argv[i], "+emitnet") != 0 && strcmp(argv[i], "+echo") != 0;
            p += sprintf(p, q ? " \"%s\"" : " %s", argv[k]);
        }
        weft_host_command(h, line);
        free(line);
        i = j;
    }
    weft_host_run(h);
    weft_host_free(h);
    fflush(stdout);
    return 0;
}

/* Node's own flags that `weft run` takes (see weft_run_options.exec_argv). */
static int is_node_flag(const char *a)
{
    static const char *const known[] = {
        "--expose-gc", "--expose_gc", "--no-warnings", "--no-deprecation", "--throw-deprecation",
        "--trace-deprecation", "--trace-warnings", "--pending-deprecation",
        "--abort-on-uncaught-exception", "--expose-internals", "--no-force-async-hooks-checks",
        "--zero-fill-buffers", "--insecure-http-parser", NULL};
    for (int k = 0; known[k]; k++)
        if (!strcmp(a, known[k])) return 1;
    return !strncmp(a, "--experimental-", 15) || !strncmp(a, "--no-experimental-", 18);
}

/* Node's flags that take no part in weft's behaviour but appear on Node's
 * command lines (the V8 and tuning options tests pass): accepted, ignored. */
static int is_ignored_flag(const char *a)
{
    static const char *const prefixes[] = {
        "--stack-size=", "--max-old-space-size=", "--max-semi-space-size=",
        "--stack-trace-limit=", "--title=", "--disable-proto=",
        "--trace-uncaught", "--trace-exit", "--enable-source-maps", "--preserve-symlinks",
        "--no-addons", "--harmony", "--no-harmony", "--jitless", "--no-opt", "--predictable",
        "--allow-natives-syntax", "--expose-externalize-string", "--no-concurrent",
        "--security-revert=", "--dns-result-order=", "--test-udp-no-try-send", "--trace-gc",
        "--max-http-header-size=", "--openssl-legacy-provider", "--no-node-snapshot",
        "--huge-max-old-generation-size", "--inspect", "--no-global-search-paths",
        "--report-", "--diagnostic-dir=", "--heapsnapshot-", "--cpu-prof", "--heap-prof",
        "--frozen-intrinsics", "--disallow-code-generation-from-strings", "--force-context-aware",
        "--no-verify-base-objects", "--gc-interval=", "--single-threaded", "--v8-pool-size=",
        "--interpreted-frames-native-stack", "--perf-", "--abort-on-uncaught",
        NULL};
    for (int k = 0; prefixes[k]; k++)
        if (!strncmp(a, prefixes[k], strlen(prefixes[k]))) return 1;
    return 0;
}

static int is_dir(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/* A script read from stdin (`weft < file`, `weft -`), as Node runs one. */
static char *read_stdin(void)
{
    size_t cap = 4096, len = 0;
    char *buf = malloc(cap);
    /* Bound: stops at EOF or a read error. */
    for (size_t n; buf && (n = fread(buf + len, 1, cap - len - 1, stdin)) > 0;) {
        len += n;
        if (cap - len < 2) {
            char *b = realloc(buf, cap * 2);
            if (!b) {
                free(buf);
                return NULL;
            }
            buf = b;
            cap *= 2;
        }
    }
    if (buf) buf[len] = 0;
    return buf;
}

int main(int argc, char **argv)
{
    /* like Node: output reaches a pipe or file as it is written, line by
     * line, not when a 4 KB buffer fills or the process ends */
    setvbuf(stdout, NULL, _IOLBF, 0);
    int i = 1;
    if (argc > 1 && !strcmp(argv[1], "serve")) return serve(argc, argv);
    if (argc > 1 && !strcmp(argv[1], "bots")) return weft__cli_bots(argc, argv);
    if (i < argc && !strcmp(argv[i], "run")) i++;
    /* as Node: a write to a closed pipe fails with EPIPE instead of killing
     * the process, and a write past RLIMIT_FSIZE fails with EFBIG instead of
     * SIGXFSZ (children get the defaults back: libuv resets them) */
    signal(SIGPIPE, SIG_IGN);
    signal(SIGXFSZ, SIG_IGN);
    const char *ur = NULL, *eval = NULL;
    int print = 0, from_stdin = 0, eval_module = 0;
    int exec_argc = 0;
    char *exec_argv[64];
    const int exec_max = (int)(sizeof exec_argv / sizeof *exec_argv) - 2;
    for (; i < argc && argv[i][0] == '-'; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "-")) { /* the script on stdin */
            from_stdin = 1;
            i++;
            break;
        }
        if (!strcmp(a, "--")) {
            i++;
            break;
        } else if (!strcmp(a, "-e") || !strcmp(a, "--eval") || !strcmp(a, "-p") ||
                   !strcmp(a, "--print") || !strcmp(a, "-pe") || !strcmp(a, "-ep")) {
            if (i + 1 >= argc) {
                fprintf(stderr, "weft: %s requires an argument\n", a);
                return 9;
            }
            print = print || !strcmp(a, "-p") || !strcmp(a, "--print") || !strcmp(a, "-pe") ||
                    !strcmp(a, "-ep");
            eval = argv[i + 1];
            if (exec_argc < exec_max) {
                exec_argv[exec_argc++] = argv[i];
                exec_argv[exec_argc++] = argv[i + 1];
            }
            i++;
        } else if (!strncmp(a, "--eval=", 7) || !strncmp(a, "--print=", 8)) {
            print = print || a[2] == 'p';
            eval = strchr(a, '=') + 1;
            if (exec_argc < exec_max) exec_argv[exec_argc++] = argv[i];
        } else if (!strncmp(a, "--input-type=", 13) || !strcmp(a, "--input-type")) {
            /* -e/-p or stdin source as an ES module (Node's --input-type,
             * `--input-type=V` or `--input-type V`; V is module or commonjs) */
            const char *v = a[12] == '=' ? a + 13 : i + 1 < argc ? argv[i + 1] : NULL;
            if (!v) {
                fprintf(stderr, "weft: --input-type requires an argument\n");
                return 9;
            }
            if (strcmp(v, "module") && strcmp(v, "commonjs")) {
                fprintf(stderr, "weft: --input-type must be \"module\" or \"commonjs\"\n");
                return 9;
            }
            eval_module = !strcmp(v, "module");
            if (exec_argc < exec_max) exec_argv[exec_argc++] = argv[i];
            if (a[12] != '=') {
                if (exec_argc < exec_max) exec_argv[exec_argc++] = argv[i + 1];
                i++;
            }
        } else if (!strncmp(a, "--unhandled-rejections=", 23)) {
            ur = a + 23;
            if (strcmp(ur, "throw") && strcmp(ur, "strict") && strcmp(ur, "warn") &&
                strcmp(ur, "none") && strcmp(ur, "warn-with-error-code")) {
                fprintf(stderr, "weft: invalid value for --unhandled-rejections: %s\n", ur);
                return 9;
            }
            if (exec_argc < exec_max) exec_argv[exec_argc++] = argv[i];
        } else if (!strcmp(a, "--version") || !strcmp(a, "-v")) {
            printf("v%s\n", WEFT_VERSION);
            return 0;
        } else if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage(stdout);
            return 0;
        } else if ((is_node_flag(a) || is_ignored_flag(a)) && exec_argc < exec_max) {
            exec_argv[exec_argc++] = argv[i];
        } else {
            fprintf(stderr, "weft: bad option: %s\n", a);
            return 9;
        }
    }
    char exe[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    exe[n > 0 ? n : 0] = 0;
    weft_run_options opts = {.unhandled_rejections = ur, .exec_argc = exec_argc,
                             .exec_argv = exec_argv, .print_eval = print,
                             .eval_module = eval_module,
                             .argv0 = argv[0]};
    char *stdin_src = NULL;
    if (!eval && i >= argc && !from_stdin && !isatty(0)) from_stdin = 1;
    if (!eval && from_stdin) {
        if (!(stdin_src = read_stdin())) return 1;
        eval = stdin_src;
    }
    if (eval) { /* process.argv: the executable, then the arguments */
        int uargc = argc - i;
        char **pargv = calloc((size_t)uargc + 2, sizeof *pargv);
        pargv[0] = n > 0 ? exe : argv[0];
        for (int k = 0; k < uargc; k++) pargv[1 + k] = argv[i + k];
        opts.argc = uargc + 1;
        opts.argv = pargv;
        opts.eval_source = eval;
        int code = weft_run_file(NULL, &opts);
        free(pargv);
        free(stdin_src);
        if (code < 0) {
            fprintf(stderr, "weft: %s\n", weft_strerror(code));
            return 1;
        }
        return code;
    }
    if (i >= argc) {
        usage(stderr);
        return 9;
    }
    const char *file = argv[i];
    size_t flen = strlen(file);
    if (flen > 4 && !strcmp(file + flen - 4, ".lua")) { /* a Lua file: one-resource host */
        int code = weft_run_lua_file(file);
        if (code < 0) fprintf(stderr, "weft: %s\n", weft_strerror(code));
        return code < 0 ? 1 : code;
    }
    char abs[PATH_MAX], with_ext[PATH_MAX];
    /* as Node's main-module lookup: FILE, FILE.js, FILE/index.js */
    if (!realpath(file, abs) || is_dir(abs)) {
        snprintf(with_ext, sizeof with_ext, "%s.js", file);
        if (!realpath(with_ext, abs)) {
            snprintf(with_ext, sizeof with_ext, "%s/index.js", file);
            if (!realpath(with_ext, abs)) abs[0] = 0;
        }
    }
    if (!abs[0]) {
        fprintf(stderr, "weft: cannot find script '%s'\n", file);
        return 1;
    }
    int uargc = argc - i - 1;
    char **pargv = calloc((size_t)uargc + 3, sizeof *pargv);
    pargv[0] = n > 0 ? exe : argv[0];
    pargv[1] = abs;
    for (int k = 0; k < uargc; k++) pargv[2 + k] = argv[i + 1 + k];
    opts.argc = uargc + 2;
    opts.argv = pargv;
    int code = weft_run_file(abs, &opts);
    free(pargv);
    if (code < 0) {
        fprintf(stderr, "weft: %s\n", weft_strerror(code));
        return 1;
    }
    return code;
}
