/* run.c: weft_run_lua_file(), a Lua file in a one-resource host (the
 * resource is named after the file): the file runs as a chunk, then the loop
 * runs until no thread is queued (timers, CreateThread, Wait(0)); a frame is
 * each check phase of the loop. Threads awaiting promises nobody settles do
 * not keep it alive. No CPU limit unless the environment sets one. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lua/lua_rt.h"

static void env_u64(const char *name, uint64_t *out)
{
    const char *v = getenv(name);
    char *end;
    if (!v || !*v) return;
    unsigned long long n = strtoull(v, &end, 10);
    if (!*end) *out = n;
}

int weft_run_lua_file(const char *file)
{
    const char *base = strrchr(file, '/');
    base = base ? base + 1 : file;
    char name[256];
    snprintf(name, sizeof name, "%s", base);
    char *dot = strrchr(name, '.');
    if (dot && dot != name) *dot = 0;

    weft_host *h = malloc(sizeof *h);
    if (!h) return WEFT_ENOMEM;
    if (weft__host_init(h) < 0) {
        free(h);
        return WEFT_ELOOP;
    }
    weft__lua *lua = weft__lua_new(h, name);
    if (!lua) {
        weft__host_close(h);
        free(h);
        return WEFT_ENOMEM;
    }
    /* No CPU limit or warning by default, as Node and `weft run FILE.js`:
     * a long computation is the program, not a runaway resource. */
    lua->cpu_warn_ms = 0;
    lua->cpu_limit_ms = 0;
    uint64_t mem = lua->mem_limit;
    env_u64("WEFT_LUA_MEMORY_LIMIT", &mem);
    env_u64("WEFT_LUA_CPU_WARN_MS", &lua->cpu_warn_ms);
    env_u64("WEFT_LUA_CPU_LIMIT_MS", &lua->cpu_limit_ms);
    lua->mem_limit = (size_t)mem;
    weft__lua_watchdog_start(lua);
    lua->loop_frames = 1;
    int rc = weft__lua_load_file(lua, file);
    if (rc != WEFT_ENOENT) uv_run(&h->loop, UV_RUN_DEFAULT);
    int code = rc < 0 || lua->main_failed || lua->runaway ? 1 : 0;
    fflush(stdout);
    weft__lua_free(lua);
    uv_run(&h->loop, UV_RUN_DEFAULT); /* lets the handles finish closing */
    weft__host_close(h);
    free(h);
    return code;
}
