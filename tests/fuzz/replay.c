/* replay.c: main() for a fuzz target built without libFuzzer (any compiler):
 * `fuzz_TARGET_replay FILE|DIR...` runs LLVMFuzzerTestOneInput once on each
 * file (a folder's files in name order; dot files skipped). ctest uses it to
 * replay the seed corpus and every regression input on each `make test`. */
#define _DEFAULT_SOURCE
#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fuzz.h"

static int run_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        perror(path);
        return -1;
    }
    size_t cap = 4096, len = 0, n;
    uint8_t *buf = malloc(cap);
    while (buf && (n = fread(buf + len, 1, cap - len, f)) > 0) {
        len += n;
        if (len == cap) {
            uint8_t *nb = realloc(buf, cap *= 2);
            if (!nb) free(buf);
            buf = nb;
        }
    }
    int bad = !buf || ferror(f);
    fclose(f);
    if (bad) {
        fprintf(stderr, "%s: cannot read\n", path);
        free(buf);
        return -1;
    }
    /* An exact-size copy, so ASan sees a read past the input's end. */
    uint8_t *exact = malloc(len ? len : 1);
    if (!exact) abort();
    memcpy(exact, buf, len);
    free(buf);
    fprintf(stderr, "replay %s (%zu bytes)\n", path, len);
    LLVMFuzzerTestOneInput(exact, len);
    free(exact);
    return 0;
}

static int skip_dot(const struct dirent *e)
{
    return e->d_name[0] != '.';
}

int main(int argc, char **argv)
{
    int count = 0, failed = 0;
    LLVMFuzzerInitialize(&argc, &argv);
    for (int i = 1; i < argc; i++) {
        struct stat st;
        if (stat(argv[i], &st) != 0) {
            perror(argv[i]);
            failed = 1;
            continue;
        }
        if (!S_ISDIR(st.st_mode)) {
            failed |= run_file(argv[i]) < 0;
            count++;
            continue;
        }
        struct dirent **names;
        int n = scandir(argv[i], &names, skip_dot, alphasort);
        if (n < 0) {
            perror(argv[i]);
            failed = 1;
            continue;
        }
        for (int k = 0; k < n; k++) {
            char path[PATH_MAX];
            snprintf(path, sizeof path, "%s/%s", argv[i], names[k]->d_name);
            if (stat(path, &st) == 0 && S_ISREG(st.st_mode)) {
                failed |= run_file(path) < 0;
                count++;
            }
            free(names[k]);
        }
        free(names);
    }
    fprintf(stderr, "replayed %d inputs\n", count);
    return failed || count == 0;
}
