/* fuzz_util.c: the helpers of fuzz.h (scratch folder, file writing, quiet
 * stdio, the aborting check). Linked into every fuzz target and replayer. */
#define _XOPEN_SOURCE 700
#include <fcntl.h>
#include <ftw.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fuzz.h"

static char scratch[PATH_MAX];
static pid_t scratch_owner;

void fz_fail(const char *what, const char *file, int line)
{
    fprintf(stderr, "fuzz invariant failed: %s (%s:%d)\n", what, file, line);
    abort();
}

static int rm_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
    return remove(path);
}

static void remove_scratch(void)
{
    if (scratch[0] && getpid() == scratch_owner) nftw(scratch, rm_entry, 16, FTW_DEPTH | FTW_PHYS);
}

const char *fz_scratch_dir(void)
{
    if (scratch[0]) return scratch;
    const char *tmp = getenv("TMPDIR");
    snprintf(scratch, sizeof scratch, "%s/weft-fuzz-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(scratch)) {
        perror("weft fuzz: mkdtemp");
        abort();
    }
    scratch_owner = getpid();
    atexit(remove_scratch);
    return scratch;
}

void fz_write_file(const char *dir, const char *name, const void *data, size_t len)
{
    char path[PATH_MAX];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    mkdir(dir, 0700); /* EEXIST is fine; a real failure shows at open */
    for (char *s = path + strlen(dir) + 1; (s = strchr(s, '/')) != NULL; s++) {
        *s = 0;
        mkdir(path, 0700); /* EEXIST is fine; a real failure shows at open */
        *s = '/';
    }
    FILE *f = fopen(path, "wb");
    if (!f || (len && fwrite(data, 1, len, f) != len) || fclose(f) != 0) {
        perror(path);
        abort();
    }
}

void fz_quiet_stdio(void)
{
    int in = open("/dev/null", O_RDONLY);
    if (in >= 0) {
        dup2(in, 0);
        close(in);
    }
    if (getenv("WEFT_FUZZ_VERBOSE")) return;
    fflush(stdout);
    int out = open("/dev/null", O_WRONLY);
    if (out >= 0) {
        dup2(out, 1);
        close(out);
    }
}
