/* console.c (fuzz_console): console command lines, through the public
 * weft_host_command() of a server running tests/fuzz/server (a JS and a Lua
 * resource passing `fz` events' arguments to each other), so a line goes
 * through the tokenizer, the command table, JSON -> msgpack for emit/emitnet
 * and both runtimes' codecs. The input is split into lines as the console
 * reads stdin (at '\n' or '\r', cut at WEFT_CONSOLE_LINE_MAX - 1 bytes).
 * Lines with a command that would end the server, change its resources,
 * read files or open ports (quit, start, stop, restart, ensure, refresh, exec,
 * endpoint_add_*) are skipped,
 * so every input meets the same server. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "fuzz.h"
#include "host/config.h"
#include "weft.h"

static weft_host *host;

/* 1 if any command of the line is one this harness leaves alone. */
static int skipped(const char *line)
{
    static const char *const avoid[] = {"quit",    "start", "stop",  "restart",          "ensure",
                                        "refresh", "exec",  "endpoint_add_tcp", "endpoint_add_udp",
                                        NULL};
    const char *cursor = line;
    weft__cfg_cmd c;
    int skip = 0;
    /* Bound: each command consumes at least one byte of the line. */
    while (!skip && weft__cfg_split(&cursor, &c) > 0) {
        for (int i = 0; avoid[i]; i++)
            skip |= !strcasecmp(c.argv[0], avoid[i]);
        weft__cfg_cmd_free(&c);
    }
    return skip;
}

/* At exit (the end of a libFuzzer run or a replay): stop the resources and
 * free everything, so LeakSanitizer and QuickJS's own leak check see it. */
static void free_host(void)
{
    weft_host_free(host);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    fz_quiet_stdio();
    weft_host_options o = {.no_console = 1, .external_tick = 1};
    FZ_CHECK(weft_host_new(&o, &host) == 0, "weft_host_new");
    FZ_CHECK(weft_host_load(host, WEFT_FUZZ_SERVER_DIR) == 0, "weft_host_load");
    FZ_CHECK(!strcmp(weft_host_resource_state(host, "fzjs"), "started") &&
                 !strcmp(weft_host_resource_state(host, "fzlua"), "started"),
             "the fuzz server's resources did not start");
    atexit(free_host);
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char line[WEFT_CONSOLE_LINE_MAX];
    size_t len = 0;
    for (size_t i = 0; i <= size; i++) {
        if (i < size && data[i] != '\n' && data[i] != '\r') {
            if (len + 1 < sizeof line) line[len++] = (char)data[i];
            continue;
        }
        line[len] = 0;
        if (len && !skipped(line)) weft_host_command(host, line);
        len = 0;
        FZ_CHECK(weft_host_tick(host) == 1, "the server stopped");
    }
    FZ_CHECK(!strcmp(weft_host_resource_state(host, "fzjs"), "started") &&
                 !strcmp(weft_host_resource_state(host, "fzlua"), "started"),
             "a console line stopped a resource");
    return 0;
}
