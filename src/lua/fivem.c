/* fivem.c: FiveM compatibility globals of a Lua resource that are not the
 * event/export machinery itself (server_rt.c): GetHashKey, and a small Lua
 * prelude (weft's own code) for promise.all/first/map, Citizen.Trace,
 * IsDuplicityVersion, ScheduleResourceTick, and FiveM's export events:
 * exports('name', fn) and `server_export 'fn'` manifest entries answer
 * TriggerEvent('__cfx_export_<res>_<name>', setCB) by calling setCB(fn).
 * Behaviour follows FiveM's scheduler.lua and deferred.lua (read, not
 * copied); run once when the runtime is created, before any script. */
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <lauxlib.h>
#include "lua/lua_rt.h"

/* GetHashKey(s): FiveM's GET_HASH_KEY, Jenkins' one-at-a-time hash of the
 * bytes with ASCII letters lower-cased, as a signed 32-bit integer (what a
 * native's int result gives Lua). */
static int l_get_hash_key(lua_State *L)
{
    size_t n;
    const char *s = luaL_checklstring(L, 1, &n);
    uint32_t h = 0;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c >= 'A' && c <= 'Z') c = (unsigned char)(c - 'A' + 'a');
        h += c;
        h += h << 10;
        h ^= h >> 6;
    }
    h += h << 3;
    h ^= h >> 11;
    h += h << 15;
    lua_pushinteger(L, (lua_Integer)(int32_t)h);
    return 1;
}

static const char prelude[] =
    "local resource = GetCurrentResourceName()\n"
    "local AddEventHandler, getmetatable, rawget = AddEventHandler, getmetatable, rawget\n"
    "local function exportEvent(res, name) return '__cfx_export_' .. res .. '_' .. name end\n"
    "do\n"
    "  local mt = getmetatable(exports)\n"
    "  local set = mt.__call\n"
    "  mt.__call = function(self, name, fn)\n"
    "    set(self, name, fn)\n"
    "    AddEventHandler(exportEvent(resource, name), function(setCB) setCB(fn) end)\n"
    "  end\n"
    "end\n"
    "for _, key in ipairs({'server_export', 'export'}) do\n"
    "  for i = 0, GetNumResourceMetadata(resource, key) - 1 do\n"
    "    local name = GetResourceMetadata(resource, key, i)\n"
    "    AddEventHandler(exportEvent(resource, name), function(setCB)\n"
    "      local fn = rawget(_G, name)\n"
    "      if fn ~= nil then setCB(fn) end\n"
    "    end)\n"
    "  end\n"
    "end\n"
    "function IsDuplicityVersion() return true end\n"
    "function ScheduleResourceTick() end\n"
    "function Citizen.Trace(s)\n"
    "  print((tostring(s):gsub('\\n$', '')))\n"
    "end\n"
    "local function isPromise(v)\n"
    "  local t = type(v)\n"
    "  return (t == 'userdata' or t == 'table') and type(v.next) == 'function'\n"
    "end\n"
    "local function after(v, ok, fail)\n"
    "  if isPromise(v) then v:next(ok, fail) else ok(v) end\n"
    "end\n"
    /* all: every result in order; a rejection rejects with the table of
     * results and errors once all have settled (as deferred.lua). */
    "function promise.all(list)\n"
    "  local p, n, failed, results = promise.new(), #list, false, {}\n"
    "  if n == 0 then p:resolve(results) return p end\n"
    "  local function settle(i, ok)\n"
    "    return function(v)\n"
    "      results[i] = v\n"
    "      if not ok then failed = true end\n"
    "      n = n - 1\n"
    "      if n == 0 then if failed then p:reject(results) else p:resolve(results) end end\n"
    "    end\n"
    "  end\n"
    "  for i = 1, #list do after(list[i], settle(i, true), settle(i, false)) end\n"
    "  return p\n"
    "end\n"
    /* first: the first to settle, either way. */
    "function promise.first(list)\n"
    "  local p = promise.new()\n"
    "  for i = 1, #list do\n"
    "    after(list[i], function(v) p:resolve(v) end, function(e) p:reject(e) end)\n"
    "  end\n"
    "  return p\n"
    "end\n"
    /* map: fn(item) one at a time, in order; the first rejection rejects. */
    "function promise.map(list, fn)\n"
    "  local p, results = promise.new(), {}\n"
    "  local function step(i)\n"
    "    if i > #list then p:resolve(results) return end\n"
    "    local ok, r = pcall(fn, list[i])\n"
    "    if not ok then p:reject(r) return end\n"
    "    after(r, function(v) results[#results + 1] = v; step(i + 1) end,\n"
    "      function(e) p:reject(e) end)\n"
    "  end\n"
    "  step(1)\n"
    "  return p\n"
    "end\n";

/* The prelude's chunk, compiled by the first state of the process and
 * loaded as lua_dump bytes by every later one (parsing it in each state
 * cost CPU and left the parser's garbage in every resource's heap). */
static pthread_mutex_t prelude_lock = PTHREAD_MUTEX_INITIALIZER;
static char *prelude_bc;
static size_t prelude_bc_len;

int weft__lua_fivem_open(lua_State *L)
{
    lua_register(L, "GetHashKey", l_get_hash_key);
    pthread_mutex_lock(&prelude_lock);
    if (!prelude_bc)
        weft__lua_compile(L, prelude, sizeof prelude - 1, "=weft:fivem", &prelude_bc,
                          &prelude_bc_len);
    int st = prelude_bc ? luaL_loadbufferx(L, prelude_bc, prelude_bc_len, "=weft:fivem", "b")
                        : luaL_loadbufferx(L, prelude, sizeof prelude - 1, "=weft:fivem", "t");
    pthread_mutex_unlock(&prelude_lock);
    if (st != LUA_OK) return lua_error(L);
    lua_call(L, 0, 0);
    return 0;
}
