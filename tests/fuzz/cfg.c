/* cfg.c (fuzz_cfg): server.cfg reading and console-line tokenizing
 * (src/host/config.c). The input is up to four files separated by lines
 * "--8<--": server.cfg, 1.cfg, 2.cfg, 3.cfg in a scratch folder, so `exec`
 * chains, loops and fan-out are reachable. weft__cfg_load runs on server.cfg;
 * every command it reports must be well formed; the error text must be a
 * terminated string. The first file is also split as one console line. */
#define _GNU_SOURCE /* memmem */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "host/config.h"

#define FZ_CFG_FILES 4
#define FZ_CFG_MAX_COMMANDS 100000

static const char *dir;
static char cfg_path[4096];

static void check_cmd(const weft__cfg_cmd *cmd)
{
    FZ_CHECK(cmd->argc > 0 && cmd->argc <= WEFT_CFG_MAX_ARGS, "a command with a bad argc");
    FZ_CHECK(cmd->argv && !cmd->argv[cmd->argc], "argv is not NULL-terminated");
    for (int i = 0; i < cmd->argc; i++)
        FZ_CHECK(cmd->argv[i] && strlen(cmd->argv[i]) <= WEFT_CFG_MAX_LINE, "a bad token");
}

static int on_command(void *opaque, const weft__cfg_cmd *cmd)
{
    long *count = opaque;
    check_cmd(cmd);
    FZ_CHECK(cmd->file && cmd->line > 0, "a cfg command without file:line");
    /* a budget for this harness only: a cfg that loops is reported above */
    return ++*count > FZ_CFG_MAX_COMMANDS;
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    fz_quiet_stdio();
    dir = fz_scratch_dir();
    snprintf(cfg_path, sizeof cfg_path, "%s/server.cfg", dir);
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const char sep[] = "\n--8<--\n";
    static const char *const names[FZ_CFG_FILES] = {"server.cfg", "1.cfg", "2.cfg", "3.cfg"};
    const char *p = (const char *)data, *end = p + size;
    for (int f = 0; f < FZ_CFG_FILES; f++) {
        const char *cut = p ? memmem(p, (size_t)(end - p), sep, sizeof sep - 1) : NULL;
        size_t len = p ? (size_t)((cut ? cut : end) - p) : 0;
        fz_write_file(dir, names[f], p ? p : "", len);
        p = cut ? cut + sizeof sep - 1 : NULL;
    }

    char err[512];
    long count = 0;
    memset(err, 'x', sizeof err);
    weft__cfg_load(cfg_path, on_command, &count, err, sizeof err);
    FZ_CHECK(memchr(err, 0, sizeof err), "the error message is not terminated");

    /* The first file as console input: commands split at ';' and newlines. */
    const char *cut = memmem(data, size, sep, sizeof sep - 1);
    size_t len = cut ? (size_t)(cut - (const char *)data) : size;
    char *line = malloc(len + 1);
    FZ_CHECK(line, "out of memory");
    memcpy(line, data, len);
    line[len] = 0;
    const char *cursor = line;
    weft__cfg_cmd cmd;
    int r;
    /* Bound: each command consumes at least one byte of the line. */
    while ((r = weft__cfg_split(&cursor, &cmd)) > 0) {
        check_cmd(&cmd);
        FZ_CHECK(cursor > line && cursor <= line + strlen(line), "the cursor left the line");
        weft__cfg_cmd_free(&cmd);
    }
    FZ_CHECK(r <= 0, "weft__cfg_split returned a bad value");
    weft__cfg_cmd parsed;
    if (weft__cfg_parse_line(line, &parsed) > 0) {
        check_cmd(&parsed);
        weft__cfg_cmd_free(&parsed);
    }
    free(line);
    return 0;
}
