/* os.c: the `os` library of a Lua resource, as FiveM's server Lua has it
 * (citizen-scripting-lua's LuaOS.cpp): Lua's clock/date/time/difftime, the
 * CfxLua timers (deltatime, microtime, nanotime; rdtsc and rdtscp where
 * the CPU has them),
 * and a sandboxed rest: execute always answers "Permission denied",
 * getenv knows only "os", setlocale reports without setting, tmpname
 * counts, exit is absent; createdir/remove/rename work where FiveM's
 * filesystem permission lets the resource write (resolved by io.c). */
#include <errno.h>
#include <locale.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include <lauxlib.h>
#include "lua/lua_rt.h"
#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#include <x86intrin.h>
#define WEFT_HAVE_RDTSC 1
#endif

/* FiveM's own errno for a refusal (fx::Lua_EACCES), with its message. */
static int refuse(lua_State *L, const char *what)
{
    luaL_pushfail(L);
    if (what)
        lua_pushfstring(L, "%s: Permission denied", what);
    else
        lua_pushliteral(L, "Permission denied");
    lua_pushinteger(L, EACCES);
    return 3;
}

static int os_clock(lua_State *L)
{
    lua_pushnumber(L, (lua_Number)clock() / (lua_Number)CLOCKS_PER_SEC);
    return 1;
}

/* Conversions strftime accepts after '%': C99's one-letter ones, then the
 * E and O modified forms (Lua's own list). */
static const char *const date_one = "aAbBcCdDeFgGhHIjmMnprRStTuUVwWxXyYzZ%";
static const char *const date_two[] = {"Ec", "EC", "Ex", "EX", "Ey", "EY", "Od", "Oe", "OH", "OI",
                                       "Om", "OM", "OS", "Ou", "OU", "OV", "Ow", "OW", "Oy", NULL};

/* The length of the conversion at s (n bytes left), or a Lua error. */
static size_t date_conv(lua_State *L, const char *s, size_t n)
{
    if (n >= 1 && s[0] && strchr(date_one, s[0])) return 1;
    for (int i = 0; n >= 2 && date_two[i]; i++)
        if (s[0] == date_two[i][0] && s[1] == date_two[i][1]) return 2;
    return (size_t)luaL_argerror(L, 1,
                                 lua_pushfstring(L, "invalid conversion specifier '%%%s'", s));
}

static void set_int(lua_State *L, const char *k, int v)
{
    lua_pushinteger(L, v);
    lua_setfield(L, -2, k);
}

/* os.date([fmt [, t]]): as Lua's, with FiveM's differences: a date the C
 * library cannot break down gives nil (not an error), the format ends at a
 * NUL byte, and a '%' ending it is dropped. */
static int os_date(lua_State *L)
{
    size_t len;
    const char *s = luaL_optlstring(L, 1, "%c", &len), *end = s + len;
    time_t t = lua_isnoneornil(L, 2) ? time(NULL) : (time_t)luaL_checkinteger(L, 2);
    struct tm tm, *ok;
    if (*s == '!') {
        ok = gmtime_r(&t, &tm);
        s++;
    } else {
        ok = localtime_r(&t, &tm);
    }
    if (!ok) {
        lua_pushnil(L);
        return 1;
    }
    if (!strcmp(s, "*t")) {
        lua_createtable(L, 0, 9);
        set_int(L, "year", tm.tm_year + 1900);
        set_int(L, "month", tm.tm_mon + 1);
        set_int(L, "day", tm.tm_mday);
        set_int(L, "hour", tm.tm_hour);
        set_int(L, "min", tm.tm_min);
        set_int(L, "sec", tm.tm_sec);
        set_int(L, "yday", tm.tm_yday + 1);
        set_int(L, "wday", tm.tm_wday + 1);
        if (tm.tm_isdst >= 0) {
            lua_pushboolean(L, tm.tm_isdst);
            lua_setfield(L, -2, "isdst");
        }
        return 1;
    }
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    /* Bound: each pass consumes at least one byte of the format. */
    while (s < end && *s) {
        if (*s != '%') {
            luaL_addchar(&b, *s++);
            continue;
        }
        if (++s == end) break;
        char spec[4] = "%";
        size_t n = date_conv(L, s, (size_t)(end - s));
        memcpy(spec + 1, s, n);
        s += n;
        char *out = luaL_prepbuffsize(&b, 256);
        luaL_addsize(&b, strftime(out, 256, spec, &tm));
    }
    luaL_pushresult(&b);
    return 1;
}

/* A date table's field as an int; d < 0: required. */
static int get_field(lua_State *L, const char *k, int d)
{
    int isnum;
    lua_getfield(L, -1, k);
    lua_Integer v = lua_tointegerx(L, -1, &isnum);
    lua_pop(L, 1);
    if (isnum) return (int)v;
    if (d < 0) return luaL_error(L, "field '%s' missing in date table", k);
    return d;
}

/* os.time([t]): as Lua's, with FiveM's differences: the table is not
 * normalized in place, and a time mktime cannot give is nil. */
static int os_time(lua_State *L)
{
    time_t t;
    if (lua_isnoneornil(L, 1)) {
        t = time(NULL);
    } else {
        luaL_checktype(L, 1, LUA_TTABLE);
        lua_settop(L, 1);
        struct tm tm = {0};
        tm.tm_sec = get_field(L, "sec", 0);
        tm.tm_min = get_field(L, "min", 0);
        tm.tm_hour = get_field(L, "hour", 12);
        tm.tm_mday = get_field(L, "day", -1);
        tm.tm_mon = get_field(L, "month", -1) - 1;
        tm.tm_year = get_field(L, "year", -1) - 1900;
        tm.tm_isdst = lua_getfield(L, 1, "isdst") == LUA_TNIL ? -1 : lua_toboolean(L, -1);
        lua_pop(L, 1);
        t = mktime(&tm);
    }
    if (t == (time_t)-1)
        lua_pushnil(L);
    else
        lua_pushinteger(L, (lua_Integer)t);
    return 1;
}

static int os_difftime(lua_State *L)
{
    time_t a = (time_t)luaL_checkinteger(L, 1), b = (time_t)luaL_checkinteger(L, 2);
    lua_pushnumber(L, (lua_Number)difftime(a, b));
    return 1;
}

/* os.execute([cmd]): no command ever runs. Without one, "a shell exists". */
static int os_execute(lua_State *L)
{
    if (!luaL_optstring(L, 1, NULL)) {
        lua_pushboolean(L, 1);
        return 1;
    }
    return refuse(L, NULL);
}

/* os.getenv(name): the environment stays private; "os" (any case) names
 * the platform, as FiveM answers it. */
static int os_getenv(lua_State *L)
{
    const char *k = luaL_checkstring(L, 1);
    if (!strcasecmp(k, "os") && strlen(k) == 2)
        lua_pushliteral(L, "Linux");
    else
        lua_pushnil(L);
    return 1;
}

/* os.setlocale([locale [, category]]): the process's locale is shared by
 * every resource, so nothing is set; the locale asked for is returned. */
static int os_setlocale(lua_State *L)
{
    static const char *const cats[] = {"all",     "collate", "ctype", "monetary",
                                       "numeric", "time",    NULL};
    const char *l = luaL_optstring(L, 1, NULL);
    luaL_checkoption(L, 2, "all", cats);
    lua_pushstring(L, l);
    return 1;
}

/* os.tmpname(): "tmp_N", N counting up across the process, as FiveM's (a
 * name, not a file: nothing is created). */
static int os_tmpname(lua_State *L)
{
    static atomic_uint_fast64_t counter;
    lua_pushfstring(L, "tmp_%I", (lua_Integer)(atomic_fetch_add(&counter, 1) + 1));
    return 1;
}

/* os.deltatime(a, b): |a - b| of two counter readings, unsigned. */
static int os_deltatime(lua_State *L)
{
    lua_Unsigned a = (lua_Unsigned)luaL_checkinteger(L, 1);
    lua_Unsigned b = (lua_Unsigned)luaL_checkinteger(L, 2);
    lua_pushinteger(L, (lua_Integer)(a >= b ? a - b : b - a));
    return 1;
}

/* microtime()/nanotime(): the wall clock since the epoch (FiveM reads
 * std::chrono::high_resolution_clock, which is the system clock there). */
static lua_Integer clock_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return (lua_Integer)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

static int os_microtime(lua_State *L)
{
    lua_pushinteger(L, clock_ns() / 1000);
    return 1;
}

static int os_nanotime(lua_State *L)
{
    lua_pushinteger(L, clock_ns());
    return 1;
}

#ifdef WEFT_HAVE_RDTSC
static int os_rdtsc(lua_State *L)
{
    lua_pushinteger(L, (lua_Integer)__rdtsc());
    return 1;
}

static int os_rdtscp(lua_State *L)
{
    unsigned aux;
    lua_pushinteger(L, (lua_Integer)__rdtscp(&aux));
    return 1;
}
#endif

/* os.createdir(path): true, or nil plus "path: Directory already exists."
 * or "path: Failed to create directory" and 1, FiveM's messages; a path the
 * resource may not write is refused as os.remove refuses (FiveM checks no
 * permission here: docs/fivem-compat.md). */
static int os_createdir(lua_State *L)
{
    const char *name = luaL_checkstring(L, 1);
    char path[WEFT__LUA_PATH_MAX];
    int writable = 0;
    if (weft__lua_fs_resolve(L, 1, WEFT__LUA_FS_ENTRY, path, sizeof path, &writable) < 0 ||
        !writable)
        return refuse(L, name);
    struct stat st;
    const char *why = NULL;
    if (!lstat(path, &st))
        why = "Directory already exists.";
    else if (mkdir(path, 0755))
        why = "Failed to create directory";
    if (why) {
        luaL_pushfail(L);
        lua_pushfstring(L, "%s: %s", name, why);
        lua_pushinteger(L, 1);
        return 3;
    }
    lua_pushboolean(L, 1);
    return 1;
}

/* os.remove(path): true, or nil, "path: Permission denied", 13 for any
 * failure (a missing file too), as FiveM. Files only (unlink); a symlink
 * is removed itself, not what it points to. */
static int os_remove(lua_State *L)
{
    const char *name = luaL_checkstring(L, 1);
    char path[WEFT__LUA_PATH_MAX];
    int writable = 0;
    if (weft__lua_fs_resolve(L, 1, WEFT__LUA_FS_ENTRY, path, sizeof path, &writable) < 0 ||
        !writable || unlink(path))
        return refuse(L, name);
    lua_pushboolean(L, 1);
    return 1;
}

/* os.rename(from, to): both must be writable by the resource; true, or nil,
 * "from -> to: Permission denied", 13. */
static int os_rename(lua_State *L)
{
    const char *from = luaL_checkstring(L, 1), *to = luaL_checkstring(L, 2);
    char a[WEFT__LUA_PATH_MAX], b[WEFT__LUA_PATH_MAX];
    int wa = 0, wb = 0;
    if (weft__lua_fs_resolve(L, 1, WEFT__LUA_FS_ENTRY, a, sizeof a, &wa) < 0 || !wa ||
        weft__lua_fs_resolve(L, 2, WEFT__LUA_FS_ENTRY, b, sizeof b, &wb) < 0 || !wb ||
        rename(a, b)) {
        luaL_pushfail(L);
        lua_pushfstring(L, "%s -> %s: Permission denied", from, to);
        lua_pushinteger(L, EACCES);
        return 3;
    }
    lua_pushboolean(L, 1);
    return 1;
}

static const luaL_Reg os_funcs[] = {
    {"clock", os_clock},         {"date", os_date},         {"difftime", os_difftime},
    {"execute", os_execute},     {"getenv", os_getenv},     {"createdir", os_createdir},
    {"remove", os_remove},       {"rename", os_rename},     {"setlocale", os_setlocale},
    {"time", os_time},           {"tmpname", os_tmpname},   {"deltatime", os_deltatime},
    {"microtime", os_microtime}, {"nanotime", os_nanotime}, {NULL, NULL},
};

int weft__lua_os_open(lua_State *L)
{
    luaL_newlib(L, os_funcs);
#ifdef WEFT_HAVE_RDTSC
    /* Where the CPU has them (CPUID: TSC in leaf 1, RDTSCP in 0x80000001). */
    unsigned a, b, c, d;
    if (__get_cpuid(1, &a, &b, &c, &d) && (d & (1u << 4))) {
        lua_pushcfunction(L, os_rdtsc);
        lua_setfield(L, -2, "rdtsc");
    }
    if (__get_cpuid(0x80000001u, &a, &b, &c, &d) && (d & (1u << 27))) {
        lua_pushcfunction(L, os_rdtscp);
        lua_setfield(L, -2, "rdtscp");
    }
#endif
    return 1;
}
