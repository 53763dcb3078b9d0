/* runtime.c: a Lua runtime's state: the counting allocator (memory cap), the
 * standard libraries weft exposes, print/GetGameTimer, error reporting, the
 * runaway-call watchdog (count hook), chunk loading and teardown.
 *
 * Libraries: base (without dofile/loadfile; load takes text chunks only),
 * string, table, math, utf8, coroutine; FiveM's own os and io (os.c, io.c:
 * files in resource folders, no os.exit, nothing executed); debug limited
 * to traceback/getinfo (sethook would disable the watchdog); no package or
 * require (a resource's files are loaded by its manifest).
 * The watchdog hook only raises an error or logs: it never runs script code. */
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <lauxlib.h>
#include <lualib.h>
#include "lua/lua_rt.h"

static const weft__rt_ops lua_ops;

/* ---- allocator ----------------------------------------------------------- */

/* Lua's allocator contract; growth past mem_limit fails, which Lua turns into
 * a memory error (after an emergency collection) in the allocating code.
 * Shrinking never fails. */
#ifdef WEFT_HAVE_MIMALLOC
/* Lua's blocks on mimalloc, as QuickJS's (src/js/alloc.c): no per-block
 * header and finer size classes than glibc for Lua's many small objects. */
#include <mimalloc.h>
#define lua_free_ mi_free
#define lua_realloc_ mi_realloc
#else
#define lua_free_ free
#define lua_realloc_ realloc
#endif

static void *lua_alloc(void *ud, void *ptr, size_t osize, size_t nsize)
{
    weft__lua *lua = ud;
    if (!ptr) osize = 0; /* osize is a type tag for new blocks */
    if (nsize == 0) {
        lua_free_(ptr);
        lua->mem_used -= osize;
        return NULL;
    }
    if (nsize > osize && lua->mem_limit && lua->mem_used + (nsize - osize) > lua->mem_limit) {
        lua->mem_refused++;
        return NULL;
    }
    void *p = lua_realloc_(ptr, nsize);
    if (!p) return NULL;
    lua->mem_used = lua->mem_used - osize + nsize;
    return p;
}

/* ---- logging --------------------------------------------------------------- */

void weft__lua_log(weft__lua *lua, const char *fmt, ...)
{
    va_list ap;
    fflush(stdout); /* keep print and log output in order on a shared terminal */
    fprintf(stderr, "[%s] ", lua->name);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
}

/* A script failing to load while the server waits for its one line
 * (rt.load_error, set around load_script): the line goes there, newlines
 * folded; else it is logged as "SCRIPT ERROR: ...". */
static void load_failed(weft__lua *lua, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    if (lua->base.load_error && lua->base.load_error_cap) {
        char *b = lua->base.load_error;
        vsnprintf(b, lua->base.load_error_cap, fmt, ap);
        for (char *p = b; *p; p++)
            if (*p == '\n' || *p == '\r') *p = ' ';
    } else {
        char msg[2048];
        vsnprintf(msg, sizeof msg, fmt, ap);
        weft__lua_log(lua, "SCRIPT ERROR: %s", msg);
    }
    va_end(ap);
}

/* The string error on top of L prefixed with "FILE:LINE: " of the script
 * line that made the call (the innermost Lua frame that is not weft's own),
 * as error() and luaL_error name theirs; unchanged when there is none. */
void weft__lua_prefix_caller(lua_State *L, int direct)
{
    lua_Debug d;
    weft__lua *lua = weft__lua_from_state(L);
    size_t nl = lua && lua->name ? strlen(lua->name) : 0;
    int best = 0; /* the innermost script frame; one of the resource's own files wins */
    for (int level = 1; lua_getstack(L, level, &d); level++) {
        if (direct && level > 1) break;
        if (!lua_getinfo(L, "Sl", &d) || d.currentline <= 0) continue;
        if (weft__lua_own_chunk(d.source)) continue;
        if (!best) best = level;
        if (nl && d.source[0] == '@' && d.source[1] == '@' && !strncmp(d.source + 2, lua->name, nl) &&
            d.source[2 + nl] == '/') {
            best = level;
            break;
        }
    }
    if (!best || !lua_getstack(L, best, &d) || !lua_getinfo(L, "Sl", &d)) return;
    lua_pushfstring(L, "%s:%d: ", d.short_src, d.currentline);
    lua_insert(L, -2);
    lua_concat(L, 2);
}

int weft__lua_pack_error(lua_State *L)
{
    if (lua_type(L, -1) == LUA_TSTRING && !weft__lua_has_position(lua_tostring(L, -1)))
        weft__lua_prefix_caller(L, 0);
    return lua_error(L);
}

static int call_tostring(lua_State *L)
{
    luaL_callmeta(L, 1, "__tostring");
    return 1;
}

/* The error value as a string, pushed (lua.c's msghandler rules); a
 * __tostring that raises or gives no string is said so. */
static const char *error_string(lua_State *L, int idx)
{
    idx = lua_absindex(L, idx);
    if (lua_type(L, idx) == LUA_TSTRING || lua_type(L, idx) == LUA_TNUMBER)
        return lua_pushstring(L, lua_tostring(L, idx));
    if (luaL_getmetafield(L, idx, "__tostring") != LUA_TNIL) {
        lua_pop(L, 1);
        lua_pushcfunction(L, call_tostring);
        lua_pushvalue(L, idx);
        int st = lua_pcall(L, 1, 1, 0);
        if (st == LUA_OK && lua_type(L, -1) == LUA_TSTRING) return lua_tostring(L, -1);
        const char *why = st == LUA_OK ? "gave no string"
                          : lua_type(L, -1) == LUA_TSTRING
                              ? lua_pushfstring(L, "raised: %s", lua_tostring(L, -1))
                              : "raised";
        return lua_pushfstring(L, "(error object is a %s value; its __tostring %s)",
                               luaL_typename(L, idx), why);
    }
    return lua_pushfstring(L, "(error object is a %s value)", luaL_typename(L, idx));
}

int weft__lua_is_stack_overflow(lua_State *L, int idx, int status)
{
    if (status == LUA_ERRERR) return 1;
    if (status != LUA_ERRRUN || lua_type(L, idx) != LUA_TSTRING) return 0;
    const char *m = lua_tostring(L, idx), *p = m;
    while (*p && *p != ' ' && *p != '\n') /* past "FILE:LINE:" */
        p++;
    if (p > m && p[-1] == ':' && *p == ' ') m = p + 1;
    if (!strncmp(m, "C stack overflow", 16)) return 1;
    return !strncmp(m, "stack overflow", 14) && (m[14] == 0 || m[14] == ' ');
}

/* 1 when msg starts with a position as Lua's error() writes it ("f.lua:12: "). */
int weft__lua_has_position(const char *msg)
{
    const char *p = msg;
    while (*p && *p != ':' && *p != ' ' && *p != '\n')
        p++;
    if (p == msg || *p != ':' || !(p[1] >= '0' && p[1] <= '9')) return 0;
    for (p++; *p >= '0' && *p <= '9'; p++)
        ;
    return p[0] == ':' && p[1] == ' ';
}

/* An error a C function raised without a position (a native's, an awaited
 * rejection's; not error()/assert(), whose caller chose), or any out of
 * memory (anywhere): "FILE:LINE: " of the innermost script frame of co,
 * skipping weft's own preludes, pushed (or "" when there is none). */
static const char *script_position(lua_State *L, lua_State *co, int status)
{
    lua_Debug d;
    if (status != LUA_ERRMEM &&
        (!lua_getstack(co, 0, &d) || !lua_getinfo(co, "Sn", &d) || strcmp(d.what, "C") ||
         (d.name && (!strcmp(d.name, "error") || !strcmp(d.name, "assert")))))
        return lua_pushliteral(L, "");
    for (int level = 0; lua_getstack(co, level, &d); level++) {
        if (!lua_getinfo(co, "Sl", &d) || d.currentline <= 0) continue;
        if (weft__lua_own_chunk(d.source)) continue;
        return lua_pushfstring(L, "%s:%d: ", d.short_src, d.currentline);
    }
    return lua_pushliteral(L, "");
}

static int report_protected(lua_State *L)
{
    weft__lua *lua = lua_touserdata(L, 1);
    lua_State *co = lua_touserdata(L, 2);
    int status = (int)lua_tointeger(L, 3);
    size_t limit = (size_t)lua_tointeger(L, 4);
    lua_xmove(co, L, 1); /* the error value */
    int ev = lua_gettop(L);
    const char *msg = error_string(L, ev);
    if (status == LUA_ERRMEM && limit)
        msg = lua_pushfstring(L, "%s (Lua memory limit of %I bytes)", msg, (lua_Integer)limit);
    if (co != L) {
        /* the error line names the file:line even when the message has none */
        int plain = (status == LUA_ERRRUN || status == LUA_ERRMEM) &&
                    lua_type(L, ev) == LUA_TSTRING && !weft__lua_has_position(msg);
        const char *where = plain ? script_position(L, co, status) : "";
        if ((*weft__lua_thread_flags(co) & WEFT__LUA_CHUNK) && lua->base.load_error) {
            load_failed(lua, "%s%s", where, msg); /* the server's one line */
            return 0;
        }
        const char *event = co == lua->event_co && lua->event_name
                                ? lua_pushfstring(L, "error in handler for event \"%s\": ",
                                                  lua->event_name)
                                : "";
        luaL_traceback(L, co, NULL, 0);
        weft__lua_log(lua, "SCRIPT ERROR: %s%s%s\n%s", event, where, msg, lua_tostring(L, -1));
    } else {
        weft__lua_log(lua, "SCRIPT ERROR: %s", msg);
    }
    return 0;
}

void weft__lua_report(weft__lua *lua, lua_State *co, int status)
{
    lua_State *L = lua->L;
    if (lua->runaway) {
        /* The CPU limit's own error unwinding the runaway: its one line
         * ("script ran longer than ... stopping the resource") is out, as
         * for JS; no second SCRIPT ERROR with a traceback. */
        lua_pop(co, 1);
        return;
    }
    if (co == L) {
        /* A load error on the main state: no traceback, no allocation. */
        load_failed(lua, "%s",
                    lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : luaL_typename(L, -1));
        lua_pop(L, 1);
        return;
    }
    int top = lua_gettop(L);
    /* Reporting is host work: lift the cap meanwhile, so that an out-of-memory
     * error (whose garbage co's stack still holds) gets its traceback too. */
    size_t limit = lua->mem_limit;
    lua->mem_limit = 0;
    /* On a thread of its own: its count of C calls starts at 0, so an error
     * at the C-stack limit (a recursion through events) is reported too. */
    lua_State *R = lua_newthread(L);
    lua_pushcfunction(R, report_protected);
    lua_pushlightuserdata(R, lua);
    lua_pushlightuserdata(R, co);
    lua_pushinteger(R, status);
    lua_pushinteger(R, (lua_Integer)limit);
    if (lua_pcall(R, 4, 0, 0) != LUA_OK) /* out of memory while formatting */
        weft__lua_log(lua, "SCRIPT ERROR: %s",
                      status == LUA_ERRMEM ? "not enough memory"
                                           : "(error while reporting an error)");
    lua->mem_limit = limit;
    lua_settop(L, top);
}

/* Lua's warning function: pieces are joined until one ends the message.
 * A finalizer's error (Lua runs __gc in a protected call and turns its error
 * into a warning, also at lua_close) is logged as "warning: error in __gc
 * metamethod (FILE:LINE: message)"; other warn() messages follow "@on"/
 * "@off". Nothing after a runaway: the limit's own line said it. */
static void lua_warn(void *ud, const char *msg, int tocont)
{
    weft__lua *lua = ud;
    size_t n = strlen(msg), room = sizeof lua->warn_msg - 1 - lua->warn_len;
    if (lua->warn_len == 0 && !tocont && msg[0] == '@') { /* a control message */
        if (!strcmp(msg, "@on")) lua->warn_on = 1;
        else if (!strcmp(msg, "@off")) lua->warn_on = 0;
        return;
    }
    memcpy(lua->warn_msg + lua->warn_len, msg, n < room ? n : room);
    lua->warn_len += n < room ? n : room;
    lua->warn_msg[lua->warn_len] = 0;
    if (tocont) return;
    int gc = !strncmp(lua->warn_msg, "error in __gc", 13);
    if (!lua->runaway && (gc || lua->warn_on))
        weft__lua_log(lua, "warning: %s", lua->warn_msg);
    lua->warn_len = 0;
}

/* ---- watchdog ---------------------------------------------------------- */

static void watchdog_hook(lua_State *L, lua_Debug *ar);

/* " in FILE:LINE" of the innermost script line running in L (a C function
 * such as string.rep may be on top; weft's own chunks, such as a prelude's
 * message handler, are skipped as luaL_where does, Lua patch 0004), else of
 * the innermost Lua line, or "". */
static const char *lua_position(lua_State *L, char *buf, size_t cap)
{
    lua_Debug d;
    buf[0] = 0;
    for (int level = 0; lua_getstack(L, level, &d); level++) {
        if (!lua_getinfo(L, "Sl", &d) || d.currentline <= 0) continue;
        int own = weft__lua_own_chunk(d.source);
        if (!own || !buf[0]) snprintf(buf, cap, " in %s:%d", d.short_src, d.currentline);
        if (!own) break;
    }
    return buf;
}

/* Raise the limit error at the running line of L. Does not return. */
static int raise_limit(lua_State *L, weft__lua *lua)
{
    lua_Debug d;
    if (lua_getstack(L, 0, &d) && lua_getinfo(L, "Sl", &d) && d.currentline > 0)
        lua_pushfstring(L, "%s:%d: ", d.short_src, d.currentline);
    else
        lua_pushliteral(L, "");
    if (lua->runaway)
        lua_pushfstring(L, "script ran for more than %I ms (runaway loop?)",
                        (lua_Integer)lua->cpu_limit_ms);
    else
        lua_pushliteral(L, "interrupted");
    lua_concat(L, 2);
    return lua_error(L);
}

/* Count hook, every WEFT_LUA_HOOK_INSTRUCTIONS instructions, and at the next
 * instruction when the watchdog thread pokes the running thread (Lua patch
 * 0007's lua_hooksoon: the count is left as it is): compare the
 * current entry's running time (the host's entry clock) with the limits.
 * Past the soft limit, warn once per entry. Past the hard one the runtime is
 * a runaway: it is halted (nothing is resumed again, the server stops the
 * resource) and the hook fires at every instruction of the threads it can
 * reach, raising again each time, so no pcall can catch it for good: a pcall
 * that returns false is followed by another instruction, which raises. A
 * first SIGINT/SIGTERM during the entry interrupts it the same way, for that
 * entry only. Never runs script code. */
static void watchdog_hook(lua_State *L, lua_Debug *ar)
{
    (void)ar;
    weft__lua *lua = weft__lua_from_state(L);
    weft_host *h = lua->host;
    /* (lua_sethook walks the thread's whole CallInfo list: only on a change) */
    if (lua->runaway) {
        if (lua_gethookcount(L) != 1) lua_sethook(L, watchdog_hook, LUA_MASKCOUNT, 1);
        raise_limit(L, lua);
    }
    uint64_t start = weft__host_entry_start(h);
    if (start && weft__wd_interrupted(h)) {
        if (lua_gethookcount(L) != 1) lua_sethook(L, watchdog_hook, LUA_MASKCOUNT, 1);
        raise_limit(L, lua);
    }
    if (lua_gethookcount(L) != WEFT_LUA_HOOK_INSTRUCTIONS) { /* interrupted before: normal */
        weft__wd_lock(h);
        lua_sethook(L, watchdog_hook, LUA_MASKCOUNT, WEFT_LUA_HOOK_INSTRUCTIONS);
        weft__wd_unlock(h);
    }
    if (!start) return;
    uint64_t ms = (uv_hrtime() - start) / 1000000;
    char at[LUA_IDSIZE + 32];
    if (lua->cpu_limit_ms && ms >= lua->cpu_limit_ms) {
        char why[LUA_IDSIZE + 96];
        lua->runaway = 1;
        snprintf(why, sizeof why, "ran longer than %llu ms (weft_cpuLimitMs)%s",
                 (unsigned long long)lua->cpu_limit_ms, lua_position(L, at, sizeof at));
        weft__lua_log(lua,
                      "script ran longer than %llu ms without returning "
                      "(weft_cpuLimitMs)%s: stopping the %s",
                      (unsigned long long)lua->cpu_limit_ms, at,
                      lua->on_runaway ? "resource" : "script");
        lua->closing = 1; /* nothing is resumed from here on */
        uv_timer_stop(&lua->timer);
        uv_check_stop(&lua->check);
        uv_idle_stop(&lua->idle);
        if (lua->on_runaway) lua->on_runaway(lua, why);
        weft__host_clock_fresh(h); /* a caller into this runtime starts afresh */
        weft__wd_lock(h);
        if (lua->running && lua->running != L)
            lua_sethook(lua->running, watchdog_hook, LUA_MASKCOUNT, 1);
        lua_sethook(L, watchdog_hook, LUA_MASKCOUNT, 1);
        weft__wd_unlock(h);
        raise_limit(L, lua);
    }
    if (lua->cpu_warn_ms && ms >= lua->cpu_warn_ms && lua->warned_entry != start) {
        lua->warned_entry = start;
        weft__lua_log(lua,
                      "warning: script has been running for more than %llu ms "
                      "(weft_cpuWarnMs)%s",
                      (unsigned long long)lua->cpu_warn_ms, lua_position(L, at, sizeof at));
    }
}

/* Watchdog thread, lock held: check at the running thread's next instruction
 * (one store; no walk of its frames, which the loop thread is changing). */
static void lua_poke(weft__wd_target *t)
{
    weft__lua *lua = (weft__lua *)((char *)t - offsetof(weft__lua, wd));
    if (lua->running) lua_hooksoon(lua->running);
}

void weft__lua_watchdog_start(weft__lua *lua)
{
    if (lua->wd_on || (!lua->cpu_limit_ms && !lua->cpu_warn_ms)) return;
    lua->wd.poke = lua_poke;
    lua->wd_on = weft__wd_add(lua->host, &lua->wd) == 0;
}

lua_State *weft__lua_set_running(weft__lua *lua, lua_State *co)
{
    lua_State *prev = lua->running;
    if (!lua->wd_on) {
        lua->running = co;
        return prev;
    }
    weft__wd_lock(lua->host);
    lua->running = co;
    weft__wd_unlock(lua->host);
    return prev;
}

/* ---- weft's globals ---------------------------------------------------- */

/* print(...): one line "[res] a\tb\n" on stdout, values as tostring. */
int weft__lua_print(lua_State *L)
{
    weft__lua *lua = weft__lua_from_state(L);
    int n = lua_gettop(L);
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    luaL_addchar(&b, '[');
    luaL_addstring(&b, lua->name);
    luaL_addstring(&b, "] ");
    for (int i = 1; i <= n; i++) {
        if (i > 1) luaL_addchar(&b, '\t');
        luaL_tolstring(L, i, NULL);
        luaL_addvalue(&b);
    }
    luaL_addchar(&b, '\n');
    luaL_pushresult(&b);
    size_t len;
    const char *s = lua_tolstring(L, -1, &len);
    fwrite(s, 1, len, stdout);
    return 0;
}

static uint64_t weft__lua_epoch_ms; /* loop time when the first runtime was made */

/* GetGameTimer(): ms since the host started, an integer (loop time, as timers). */
static int l_get_game_timer(lua_State *L)
{
    weft__lua *lua = weft__lua_from_state(L);
    lua_pushinteger(L, (lua_Integer)(uv_now(&lua->host->loop) - weft__lua_epoch_ms));
    return 1;
}

static int l_get_current_resource_name(lua_State *L)
{
    lua_pushstring(L, weft__lua_from_state(L)->name);
    return 1;
}

/* Replace global table `name` by a copy holding only `keep` fields. */
static void keep_fields(lua_State *L, const char *name, lua_CFunction open, const char *const *keep)
{
    luaL_requiref(L, name, open, 0);
    lua_newtable(L);
    for (; *keep; keep++) {
        lua_getfield(L, -2, *keep);
        lua_setfield(L, -2, *keep);
    }
    lua_setglobal(L, name);
    lua_pop(L, 1);
}

/* load(chunk [, chunkname [, mode [, env]]]) with the mode narrowed to "t": a
 * precompiled chunk (string.dump) gets Lua's "attempt to load a binary
 * chunk" error instead of reaching lundump, which trusts its input (a
 * corrupted dump can crash the process). Upvalue 1: the base library's load. */
static int l_load_text(lua_State *L)
{
    const char *mode = luaL_optstring(L, 3, "bt");
    if (!strchr(mode, 't')) {
        luaL_pushfail(L);
        lua_pushfstring(L, "attempt to load a chunk with mode '%s' (only text chunks load)", mode);
        return 2;
    }
    if (lua_gettop(L) < 3) lua_settop(L, 3); /* an absent env stays absent */
    lua_pushliteral(L, "t");
    lua_replace(L, 3);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);
    return lua_gettop(L);
}

/* registry["weft.stepcheck"], called by the pattern matcher (string.find/
 * match/gmatch/gsub) and table.move every 65536 steps (Lua patch 0003): the
 * watchdog's checks, so a backtracking pattern or a move over 1e10 nils,
 * each one C call, is stopped at the CPU limit (and by Ctrl-C) like a Lua
 * loop. */
static int l_step_check(lua_State *L)
{
    watchdog_hook(L, NULL);
    return 0;
}

static int open_libs(lua_State *L)
{
    static const luaL_Reg libs[] = {{LUA_GNAME, luaopen_base},
                                    {LUA_COLIBNAME, luaopen_coroutine},
                                    {LUA_TABLIBNAME, luaopen_table},
                                    {LUA_STRLIBNAME, luaopen_string},
                                    {LUA_MATHLIBNAME, luaopen_math},
                                    {LUA_UTF8LIBNAME, luaopen_utf8},
                                    {NULL, NULL}};
    for (const luaL_Reg *l = libs; l->func; l++) {
        luaL_requiref(L, l->name, l->func, 1);
        lua_pop(L, 1);
    }
    lua_pushcfunction(L, l_step_check);
    lua_setfield(L, LUA_REGISTRYINDEX, "weft.stepcheck");
    static const char *const debug_keep[] = {"traceback", "getinfo", NULL};
    luaL_requiref(L, LUA_OSLIBNAME, weft__lua_os_open, 1);
    luaL_requiref(L, LUA_IOLIBNAME, weft__lua_io_open, 1);
    lua_pop(L, 2);
    keep_fields(L, LUA_DBLIBNAME, luaopen_debug, debug_keep);
    /* The package table requiref leaves in the registry is not a global. */
    lua_pushnil(L);
    lua_setglobal(L, "dofile");
    lua_pushnil(L);
    lua_setglobal(L, "loadfile");
    lua_getglobal(L, "load");
    lua_pushcclosure(L, l_load_text, 1);
    lua_setglobal(L, "load");
    lua_register(L, "print", weft__lua_print);
    lua_register(L, "GetGameTimer", l_get_game_timer);
    lua_register(L, "GetCurrentResourceName", l_get_current_resource_name);
    lua_newtable(L);
    lua_setglobal(L, "Citizen");
    weft__lua_sched_open(L);
    weft__lua_promise_open(L);
    weft__lua_json_open(L);
    weft__lua_msgpack_open(L);
    weft__lua_vector_open(L);
    return 0;
}

/* ---- lifecycle ----------------------------------------------------------- */

static void lua_checkpoint(weft__rt *rt)
{
    weft__lua *lua = (weft__lua *)rt;
    if (!lua->closing) weft__lua_promise_drain(lua);
}

static const weft__rt_ops lua_ops = {.kind = "lua", .checkpoint = lua_checkpoint};

weft__lua *weft__lua_new(weft_host *h, const char *resource_name)
{
    weft__lua *lua = calloc(1, sizeof *lua);
    if (!lua) return NULL;
    weft__rt_init(&lua->base, h, &lua_ops);
    lua->host = h;
    lua->name = strdup(resource_name ? resource_name : "");
    lua->mem_limit = WEFT_LUA_MEMORY_LIMIT;
    lua->cpu_warn_ms = WEFT_LUA_CPU_WARN_MS;
    lua->cpu_limit_ms = WEFT_LUA_CPU_LIMIT_MS;
    lua->ready_ref = LUA_NOREF;
    if (!weft__lua_epoch_ms) weft__lua_epoch_ms = uv_now(&h->loop);
    if (!lua->name || !(lua->L = lua_newstate(lua_alloc, lua))) goto fail;
    *weft__lua_thread_flags(lua->L) = 0;
    lua_setwarnf(lua->L, lua_warn, lua);
    if (weft__lua_sched_init(lua) < 0) goto fail;
    lua_pushcfunction(lua->L, open_libs);
    if (lua_pcall(lua->L, 0, 0, 0) != LUA_OK) goto fail;
    lua_sethook(lua->L, watchdog_hook, LUA_MASKCOUNT, WEFT_LUA_HOOK_INSTRUCTIONS);
    return lua;
fail:
    if (lua->L) {
        weft__lua_free(lua);
        return NULL;
    }
    free(lua->name);
    free(lua);
    return NULL;
}

/* Load (mode "t": source only, or "b": a chunk weft__lua_compile made) and
 * run buf as a chunk in its own thread. */
static int load_chunk(weft__lua *lua, const char *buf, size_t len, const char *chunkname,
                      const char *mode)
{
    lua_State *L = lua->L;
    if (lua->closing) return WEFT_ESTATE;
    int top = lua_gettop(L);
    int st = luaL_loadbufferx(L, buf, len, chunkname, mode);
    if (st != LUA_OK) {
        weft__lua_report(lua, L, st);
        lua_settop(L, top);
        return WEFT_ESCRIPT;
    }
    lua_State *co = weft__lua_new_thread(lua, L, -1);
    if (!co) {
        load_failed(lua, "not enough memory");
        lua_settop(L, top);
        return WEFT_ENOMEM;
    }
    *weft__lua_thread_flags(co) |= WEFT__LUA_CHUNK;
    /* Loaded from the top level (not from inside a loop callback): refresh
     * the loop time so the chunk's Wait(ms) counts from now, not from
     * whenever the loop last woke up. */
    if (lua->host->depth == 0) uv_update_time(&lua->host->loop);
    st = weft__lua_resume(lua, L, co, 0);
    lua_settop(L, top);
    return st == LUA_OK || st == LUA_YIELD ? 0 : WEFT_ESCRIPT;
}

int weft__lua_load_buffer(weft__lua *lua, const char *buf, size_t len, const char *chunkname)
{
    if (lua->closing) return WEFT_ESTATE;
    if (len && buf[0] == LUA_SIGNATURE[0]) { /* mode "t" below would refuse it too, unnamed */
        load_failed(lua, "%s: a precompiled Lua chunk; only source files are loaded",
                    chunkname[0] == '@' || chunkname[0] == '=' ? chunkname + 1 : chunkname);
        return WEFT_ESCRIPT;
    }
    return load_chunk(lua, buf, len, chunkname, "t");
}

typedef struct dump_buf {
    char *p;
    size_t len, cap;
} dump_buf;

static int dump_write(lua_State *L, const void *data, size_t n, void *ud)
{
    dump_buf *b = ud;
    if (b->len + n > b->cap) {
        size_t cap = b->cap ? b->cap : 4096;
        while (cap < b->len + n) cap *= 2;
        char *np = realloc(b->p, cap);
        if (!np) return 1;
        b->p = np;
        b->cap = cap;
    }
    memcpy(b->p + b->len, data, n);
    b->len += n;
    return 0;
}

int weft__lua_compile(lua_State *L, const char *src, size_t len, const char *chunkname, char **out,
                      size_t *out_len)
{
    int top = lua_gettop(L);
    if (luaL_loadbufferx(L, src, len, chunkname, "t") != LUA_OK) {
        lua_settop(L, top);
        return WEFT_ESCRIPT;
    }
    dump_buf b = {0};
    /* not stripped: line numbers and local names stay for error messages */
    int rc = lua_dump(L, dump_write, &b, 0);
    lua_settop(L, top);
    if (rc || !b.p) {
        free(b.p);
        return WEFT_ENOMEM;
    }
    *out = b.p;
    *out_len = b.len;
    return 0;
}

int weft__lua_load_compiled(weft__lua *lua, const char *buf, size_t len, const char *chunkname)
{
    return load_chunk(lua, buf, len, chunkname, "b");
}

char *weft__read_file_ex(const char *path, size_t *len, int regular_only); /* src/js/runtime.c */

int weft__lua_load_file_as(weft__lua *lua, const char *path, const char *name, int regular_only)
{
    size_t len;
    char *buf = weft__read_file_ex(path, &len, regular_only);
    if (!buf) {
        if (!lua->base.load_error) weft__lua_log(lua, "SCRIPT ERROR: cannot read %s", name);
        return WEFT_ENOENT;
    }
    char *chunkname = malloc(strlen(name) + 2);
    if (!chunkname) {
        free(buf);
        return WEFT_ENOMEM;
    }
    chunkname[0] = '@';
    strcpy(chunkname + 1, name);
    int rc = weft__lua_load_buffer(lua, buf, len, chunkname);
    free(chunkname);
    free(buf);
    return rc;
}

int weft__lua_load_file(weft__lua *lua, const char *path)
{
    const char *base = strrchr(path, '/');
    return weft__lua_load_file_as(lua, path, base ? base + 1 : path, 0);
}

static void release_struct(weft__lua *lua)
{
    free(lua->name);
    free(lua);
}

static void handle_closed(uv_handle_t *handle)
{
    weft__lua *lua = handle->data;
    if (--lua->handles_open == 0 && !lua->L) release_struct(lua);
}

void weft__lua_free(weft__lua *lua)
{
    lua->closing = 1;
    if (lua->wd_on) weft__wd_remove(lua->host, &lua->wd);
    lua->wd_on = 0;
    weft__rt_unlist(&lua->base);
    if (lua->L) {
        weft__lua_promise_abandon(lua);
        weft__lua_sched_close(lua);
        /* __gc metamethods run; scheduling is a no-op now. Timed as an
         * entry: the count hook cuts a finalizer that never returns at the
         * CPU limit (Lua patch 0006). No thread is "running" for the
         * watchdog to poke: lua_close frees L itself last. */
        weft__host_enter_teardown(lua->host);
        lua_close(lua->L);
        weft__host_leave_teardown(lua->host);
        lua->L = NULL;
        weft__rt_unlist(&lua->base); /* in case a finalizer marked it */
    }
    if (lua->handles_open) {
        uv_close((uv_handle_t *)&lua->timer, handle_closed);
        uv_close((uv_handle_t *)&lua->check, handle_closed);
        uv_close((uv_handle_t *)&lua->idle, handle_closed);
    } else {
        release_struct(lua);
    }
}
