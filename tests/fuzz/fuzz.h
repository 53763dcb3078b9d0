/* fuzz.h: what every libFuzzer target under tests/fuzz/ shares: the entry
 * points libFuzzer calls, a check that aborts (so libFuzzer records the input
 * as a crash), a private scratch folder removed at exit, and quiet stdout.
 * The same targets build without libFuzzer against replay.c, which feeds them
 * the files of a corpus: that is how ctest replays the seeds and every input
 * that once failed (tests/fuzz/corpus/TARGET/). */
#ifndef WEFT_FUZZ_H
#define WEFT_FUZZ_H

#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Abort with "fuzz invariant failed: <what> (file:line)" unless cond. */
#define FZ_CHECK(cond, what)                                                                       \
    do {                                                                                           \
        if (!(cond)) fz_fail(what, __FILE__, __LINE__);                                            \
    } while (0)
void fz_fail(const char *what, const char *file, int line) __attribute__((noreturn));

/* A fresh folder under $TMPDIR (or /tmp), removed with its contents at exit.
 * Aborts if it cannot be made. */
const char *fz_scratch_dir(void);
/* Write len bytes to DIR/NAME (NAME may contain '/': folders are made).
 * Aborts on failure. */
void fz_write_file(const char *dir, const char *name, const void *data, size_t len);
/* Send stdout (weft's log) to /dev/null unless WEFT_FUZZ_VERBOSE is set;
 * stdin comes from /dev/null so nothing a target runs can block on it. */
void fz_quiet_stdio(void);

#endif
