/* main.c: the weft command.
 *   weft [run] [FLAGS] FILE [ARGS...]   run a script as `node FILE` would
 *   weft --version | --help */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "weft.h"

static void usage(FILE *f)
{
    fprintf(f, "usage: weft [run] [--unhandled-rejections=MODE] FILE [ARGS...]\n"
               "       weft --version\n"
               "MODE: throw (default), strict, warn, none, warn-with-error-code\n");
}

int main(int argc, char **argv)
{
    int i = 1;
    if (i < argc && !strcmp(argv[i], "run")) i++;
    const char *ur = NULL;
    for (; i < argc && argv[i][0] == '-' && argv[i][1]; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--")) {
            i++;
            break;
        } else if (!strncmp(a, "--unhandled-rejections=", 23)) {
            ur = a + 23;
            if (strcmp(ur, "throw") && strcmp(ur, "strict") && strcmp(ur, "warn") &&
                strcmp(ur, "none") && strcmp(ur, "warn-with-error-code")) {
                fprintf(stderr, "weft: invalid value for --unhandled-rejections: %s\n", ur);
                return 9;
            }
        } else if (!strcmp(a, "--version") || !strcmp(a, "-v")) {
            printf("v%s\n", WEFT_VERSION);
            return 0;
        } else if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage(stdout);
            return 0;
        } else {
            fprintf(stderr, "weft: bad option: %s\n", a);
            return 9;
        }
    }
    if (i >= argc) {
        usage(stderr);
        return 9;
    }
    const char *file = argv[i];
    char abs[PATH_MAX];
    if (!realpath(file, abs)) {
        fprintf(stderr, "weft: cannot find script '%s'\n", file);
        return 1;
    }
    int uargc = argc - i - 1;
    char **pargv = calloc((size_t)uargc + 3, sizeof *pargv);
    char exe[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    exe[n > 0 ? n : 0] = 0;
    pargv[0] = n > 0 ? exe : argv[0];
    pargv[1] = abs;
    for (int k = 0; k < uargc; k++) pargv[2 + k] = argv[i + 1 + k];
    weft_run_options opts = {.unhandled_rejections = ur, .argc = uargc + 2, .argv = pargv};
    int code = weft_run_file(abs, &opts);
    free(pargv);
    if (code < 0) {
        fprintf(stderr, "weft: %s\n", weft_strerror(code));
        return 1;
    }
    return code;
}
