/* server_rt.c: a Lua runtime as a resource of `weft serve`: the runtime ops
 * of src/host/server.h (load_script, dispatch_event, call_ref, settle_call,
 * frame, stop...), the ref table (index -> function, refcounted), callable
 * proxies for incoming refs, and FiveM's server globals (AddEventHandler,
 * TriggerEvent, exports, source, GetConvar...).
 *
 * Invariants:
 * - Every event handler and every ref call runs in its own scheduler thread,
 *   so it may Wait/Citizen.Await. A ref-called function that yields (or
 *   returns a promise, which its thread then awaits) makes the call
 *   WEFT_CALL_PENDING; its thread settles the call when it finishes. The
 *   call's context is a userdata on that thread's stack: a thread nobody will
 *   resume is garbage, and the server rejects the call when we stop.
 * - A proxy (an incoming ref) is a C closure over a userdata whose __gc only
 *   records the release (weft__ref_release_later); no script code runs there.
 * - `source` is per thread: _G's __index/__newindex map the name to a
 *   weak-keyed table thread -> source, so it survives Wait in a handler.
 * - After stop, nothing is resumed (lua->closing) and settle_call only
 *   releases what it kept. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <lauxlib.h>
#include "host/server.h"
#include "lua/lua_rt.h"
#include "net/net.h"

#define PROXY_MT "weft.funcref"
#define EXPORTS_RES_MT "weft.exports.res"

typedef struct lua_ref {
    int fn_ref; /* registry ref of the function */
    int32_t count;
    uint32_t next_free;
} lua_ref;

typedef struct weft__lua_srv weft__lua_srv;
struct weft__lua_srv {
    weft__lua *lua;
    lua_ref *refs; /* index 0 unused */
    uint32_t refs_len, refs_cap, free_head;
    int64_t live_refs, live_proxies; /* for WeftTestRefCounts() */
    int handlers_ref;                /* registry: event name -> {{key, fn}...} */
    int sources_ref;                 /* registry: weak thread -> source */
    lua_Integer next_handler_key;
    uint64_t lazy_ran; /* lazy preludes (bit i: prelude i) already run */
};

typedef struct proxy {
    weft__lua_srv *srv;
    size_t len;
    char id[];
} proxy;

/* A ref call into this runtime: lives on the calling thread's stack. */
typedef struct call_ctx {
    weft__call_result *out; /* while the call is synchronous */
    uint64_t call_id;       /* once it went pending */
    int done;
} call_ctx;

static weft__lua *lua_of(weft__rt *rt)
{
    return (weft__lua *)rt;
}

static weft__lua_srv *srv_of(lua_State *L)
{
    return weft__lua_from_state(L)->srv;
}

static const char *res_name(weft__lua *lua)
{
    return lua->name;
}

/* ---- ref table ------------------------------------------------------------ */

/* Anchor the function at idx of L as a new ref with count 1. Raises only on
 * memory errors. Returns the index, or 0 (out of C memory). */
static uint32_t ref_alloc(weft__lua_srv *s, lua_State *L, int idx)
{
    /* the registry reference first: luaL_ref may raise a memory error, and
     * then no slot has been taken */
    lua_pushvalue(L, idx);
    int fn_ref = luaL_ref(L, LUA_REGISTRYINDEX);
    uint32_t i = s->free_head;
    if (i) {
        s->free_head = s->refs[i].next_free;
    } else {
        if (s->refs_len == s->refs_cap) {
            uint32_t cap = s->refs_cap ? s->refs_cap * 2 : 64;
            lua_ref *n = realloc(s->refs, cap * sizeof *n);
            if (!n) {
                luaL_unref(L, LUA_REGISTRYINDEX, fn_ref);
                return 0;
            }
            s->refs = n;
            s->refs_cap = cap;
            if (!s->refs_len) s->refs_len = 1;
        }
        i = s->refs_len++;
    }
    s->refs[i] = (lua_ref){fn_ref, 1, 0};
    s->live_refs++;
    return i;
}

static lua_ref *ref_get(weft__lua_srv *s, uint32_t index)
{
    if (!index || index >= s->refs_len || s->refs[index].count <= 0) return NULL;
    return &s->refs[index];
}

static void lua_ref_dup(weft__rt *rt, uint32_t index)
{
    lua_ref *e = ref_get(lua_of(rt)->srv, index);
    if (e) e->count++;
}

static void lua_ref_release(weft__rt *rt, uint32_t index)
{
    weft__lua *lua = lua_of(rt);
    weft__lua_srv *s = lua->srv;
    lua_ref *e = ref_get(s, index);
    if (!e || --e->count > 0) return;
    if (lua->L) luaL_unref(lua->L, LUA_REGISTRYINDEX, e->fn_ref);
    e->fn_ref = LUA_NOREF;
    e->next_free = s->free_head;
    s->free_head = index;
    s->live_refs--;
}

/* ---- codec hooks: functions out, proxies in ------------------------------- */

static int proxy_call(lua_State *L);

static int make_ref(void *opaque, lua_State *L, int index, char *id, size_t cap)
{
    weft__lua_srv *s = opaque;
    weft__lua *lua = s->lua;
    index = lua_absindex(L, index);
    if (lua_tocfunction(L, index) == proxy_call) { /* a proxy passed on: forward its ref */
        lua_getupvalue(L, index, 1);
        proxy *p = luaL_testudata(L, -1, PROXY_MT);
        lua_pop(L, 1);
        if (!p || p->len >= cap) return WEFT_EINVAL;
        memcpy(id, p->id, p->len + 1);
        weft__ref_dup(lua->host, id, p->len);
        weft__ref_inflight(lua->host, id);
        return 0;
    }
    uint32_t i = ref_alloc(s, L, index);
    if (!i) return WEFT_ENOMEM;
    int rc = weft__ref_format(id, cap, &lua->base, i);
    if (rc < 0) {
        lua_ref_release(&lua->base, i);
        return rc;
    }
    weft__ref_inflight(lua->host, id); /* dropped after the checkpoint */
    return 0;
}

static int push_ref_proxy(void *opaque, lua_State *L, const char *id, size_t len)
{
    weft__lua_srv *s = opaque;
    weft__lua *lua = s->lua;
    char resname[128];
    weft__rt *owner;
    uint32_t index;
    if (weft__ref_parse(lua->host, id, len, resname, sizeof resname, &owner, &index) == 0 &&
        owner == &lua->base) { /* our own function came back */
        lua_ref *e = ref_get(s, index);
        if (e) {
            lua_rawgeti(L, LUA_REGISTRYINDEX, e->fn_ref);
            return 0;
        }
    }
    proxy *p = lua_newuserdatauv(L, sizeof *p + len + 1, 0);
    p->srv = s;
    p->len = len;
    memcpy(p->id, id, len);
    p->id[len] = 0;
    luaL_setmetatable(L, PROXY_MT);
    lua_pushcclosure(L, proxy_call, 1);
    weft__ref_dup(lua->host, id, len); /* the proxy's own reference */
    s->live_proxies++;
    return 0;
}

static int proxy_gc(lua_State *L)
{
    proxy *p = lua_touserdata(L, 1);
    weft__ref_release_later(p->srv->lua->host, p->id, p->len); /* record only */
    p->srv->live_proxies--;
    return 0;
}

/* ---- values and errors ------------------------------------------------------ */

enum { UNPACK_VALUE, UNPACK_ERROR, UNPACK_MULTI };

/* (buf, len, hooks, mode): push the unpacked value; UNPACK_MULTI: every
 * element of the msgpack array, as that many values; UNPACK_ERROR: a weft
 * error payload becomes the string "[res] Name: message" ("Name: " omitted
 * for plain Errors). Raises with the codec's message on bad bytes. */
static int unpack_protected(lua_State *L)
{
    const char *buf = lua_touserdata(L, 1);
    size_t len = (size_t)lua_tointeger(L, 2);
    const weft__lua_codec_hooks *hooks = lua_touserdata(L, 3);
    int mode = (int)lua_tointeger(L, 4);
    lua_settop(L, 0);
    if (!len) {
        lua_pushnil(L);
        return 1;
    }
    if (mode == UNPACK_MULTI) {
        int n = weft__codec_unpack_lua_args(L, hooks, buf, len);
        return n < 0 ? lua_error(L) : n;
    }
    if (weft__codec_unpack_lua_value(L, hooks, buf, len) < 0) return lua_error(L);
    if (mode != UNPACK_ERROR || !lua_istable(L, 1)) return 1;
    lua_getfield(L, 1, "__weftError");
    if (lua_toboolean(L, -1) != 1 || lua_type(L, -1) != LUA_TBOOLEAN) {
        lua_settop(L, 1);
        return 1;
    }
    lua_getfield(L, 1, "resource"); /* 3 */
    lua_getfield(L, 1, "name");     /* 4 */
    lua_getfield(L, 1, "message");  /* 5 */
    lua_getfield(L, 1, "stack");    /* 6 */
    const char *res = lua_tostring(L, 3), *name = lua_tostring(L, 4), *msg = lua_tostring(L, 5);
    const char *stack = lua_tostring(L, 6);
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    if (res && *res) {
        luaL_addchar(&b, '[');
        luaL_addstring(&b, res);
        luaL_addstring(&b, "] ");
    }
    /* where it was thrown: the first frame of a JS stack ("    at f
     * (@res/f.js:2:9)"), unless the message starts with a place already */
    if (stack && (!msg || msg[0] != '@')) {
        const char *at = strstr(stack, "at "), *end = at ? strchr(at, '\n') : NULL;
        if (at) {
            size_t n = end ? (size_t)(end - at) : strlen(at);
            const char *open = memchr(at, '(', n);
            const char *from = open ? open + 1 : at + 3;
            const char *to = at + n;
            if (open && to > from && to[-1] == ')') to--;
            if (to > from && *from == '@') {
                luaL_addlstring(&b, from, (size_t)(to - from));
                luaL_addstring(&b, ": ");
            }
        }
    }
    if (name && *name && strcmp(name, "Error")) {
        luaL_addstring(&b, name);
        luaL_addstring(&b, ": ");
    }
    luaL_addstring(&b, msg ? msg : "");
    luaL_pushresult(&b);
    return 1;
}

/* Push the value(s) of (buf, len) onto L: the count pushed, or -1 with a
 * message pushed. Frees nothing; never raises. */
static int push_unpacked(weft__lua *lua, lua_State *L, const char *buf, size_t len, int mode)
{
    int top = lua_gettop(L);
    lua_pushcfunction(L, unpack_protected);
    lua_pushlightuserdata(L, (void *)buf);
    lua_pushinteger(L, (lua_Integer)len);
    lua_pushlightuserdata(L, &lua->codec_hooks);
    lua_pushinteger(L, mode);
    return lua_pcall(L, 4, LUA_MULTRET, 0) == LUA_OK ? lua_gettop(L) - top : -1;
}

/* The error value at idx of L (a Lua error) as an error payload, malloc'ed
 * into *out; trace: a traceback or NULL. Never raises past memory errors. */
static void pack_error(weft__lua *lua, lua_State *L, int idx, const char *trace, char **out,
                       size_t *len)
{
    idx = lua_absindex(L, idx);
    int t = lua_type(L, idx);
    if (t != LUA_TSTRING && t != LUA_TNUMBER &&
        weft__codec_pack_lua_value(L, &lua->codec_hooks, idx, out, len) == 0)
        return; /* a table or other value is thrown as is (as JS throws values) */
    if (t != LUA_TSTRING && t != LUA_TNUMBER) lua_pop(L, 1); /* the codec's message */
    const char *msg = luaL_tolstring(L, idx, NULL);
    /* No Lua traceback: the message names its file:line, and a JS caller
     * adds its own frames (one line and the caller's, not 6). */
    (void)trace;
    /* An error that crossed already ("FILE:LINE: [origin] ...", as
     * unpack_protected and the raising call made it) keeps its origin, so
     * each hop does not prefix it again: the next caller sees "[origin]
     * ..." once, after its own position. */
    const char *origin = res_name(lua), *m = msg;
    if (weft__lua_has_position(m)) m = strstr(m, ": ") + 2;
    const char *close = *m == '[' ? strstr(m, "] ") : NULL;
    char from[128];
    if (close && close - m - 1 < (ptrdiff_t)sizeof from && memchr(m, ' ', close - m) == NULL) {
        memcpy(from, m + 1, close - m - 1);
        from[close - m - 1] = 0;
        origin = from;
        msg = close + 2;
    }
    weft__call_pack_error("Error", msg, "", origin, out, len);
    lua_pop(L, 1);
}

/* Several results of a pending call, as the promise's value: a table
 * {n = count, ...} with this metatable, spread again by the awaiting caller. */
#define MULTI_MT "weft.multi"

static int is_multi(lua_State *L, int idx)
{
    if (!lua_istable(L, idx) || !lua_getmetatable(L, idx)) return 0;
    luaL_getmetatable(L, MULTI_MT);
    int r = lua_rawequal(L, -1, -2);
    lua_pop(L, 2);
    return r;
}

/* Continuation of an awaited pending call: spread a multi-value result. */
static int spread_k(lua_State *L, int status, lua_KContext ctx)
{
    (void)status;
    (void)ctx;
    if (!is_multi(L, -1)) return 1;
    int t = lua_gettop(L);
    lua_getfield(L, t, "n");
    int n = (int)lua_tointeger(L, -1);
    lua_pop(L, 1);
    luaL_checkstack(L, n, "too many results");
    for (int i = 1; i <= n; i++)
        lua_rawgeti(L, t, i);
    return n;
}

/* What a Lua caller sees for a call result; returns the Lua function's
 * result count. A pending call: with `await` inside a scheduler thread, the
 * thread waits (Citizen.Await semantics); else the caller gets a promise. */
static int finish_call(lua_State *L, weft__lua *lua, weft__call_result *res, int await)
{
    switch (res->status) {
    case WEFT_CALL_OK:
    case WEFT_CALL_MULTI: {
        int n = push_unpacked(lua, L, res->buf, res->len,
                              res->status == WEFT_CALL_MULTI ? UNPACK_MULTI : UNPACK_VALUE);
        free(res->buf);
        if (n < 0) return lua_error(L);
        return n;
    }
    case WEFT_CALL_PENDING: {
        int handle = weft__lua_promise_new(lua);
        if (handle < 0) {
            weft__call_wait(res->call, NULL, NULL);
            return luaL_error(L, "not enough memory");
        }
        /* With `await`, inside a scheduler thread: wait here (all the
         * results); elsewhere: the promise (of the first result). */
        int wait = await && (*weft__lua_thread_flags(L) & WEFT__LUA_THREAD) && lua_isyieldable(L);
        weft__call_wait(res->call, &lua->base, (void *)(intptr_t)(handle * 2 + wait));
        lua_rawgeti(L, LUA_REGISTRYINDEX, handle);
        if (!wait) return 1;
        lua_pushcfunction(L, weft__lua_await);
        lua_insert(L, -2);
        lua_callk(L, 1, 1, 0, spread_k);
        return spread_k(L, LUA_OK, 0);
    }
    default:
        if (weft__call_is_overflow(res->buf, res->len)) {
            /* a callee's stack overflow (a state bag handler or convar
             * listener run by a native): raised as the innermost Lua error,
             * as an emit raises its handler's (weft__ev_trigger). One with
             * no place (the callee's message handler overflowed too, or
             * the call into it did) is placed at this native's caller: the
             * innermost handler that set what it watches, not the command
             * the recursion unwinds to. */
            if (push_unpacked(lua, L, res->buf, res->len, UNPACK_VALUE) < 0 || !lua_istable(L, -1) ||
                lua_getfield(L, -1, "message") != LUA_TSTRING || lua_tostring(L, -1)[0] != '@') {
                int c = lua_type(L, -1) == LUA_TSTRING && !strcmp(lua_tostring(L, -1), "C stack overflow");
                lua_pushstring(L, c ? "C stack overflow" : "stack overflow");
                weft__lua_prefix_caller(L, 0);
            }
            free(res->buf);
            return lua_error(L);
        }
        if (!res->buf || push_unpacked(lua, L, res->buf, res->len, UNPACK_ERROR) < 0)
            lua_pushliteral(L, "call failed");
        free(res->buf);
        if (lua_type(L, -1) == LUA_TSTRING) weft__lua_prefix_caller(L, 0);
        return lua_error(L);
    }
}

/* Calling a proxy: proxy(...) -> the other side's function. */
static int proxy_call(lua_State *L)
{
    weft__lua *lua = weft__lua_from_state(L);
    proxy *p = lua_touserdata(L, lua_upvalueindex(1));
    char *buf;
    size_t len;
    if (weft__codec_pack_lua_args(L, &lua->codec_hooks, 1, lua_gettop(L), &buf, &len) < 0)
        return weft__lua_pack_error(L);
    lua_settop(L, 0);
    weft__call_result res;
    weft__ref_call(lua->host, &lua->base, p->id, p->len, buf, len, &res);
    free(buf);
    return finish_call(L, lua, &res, 1);
}

/* ---- ref calls into this runtime ------------------------------------------ */

/* Message handler: record the traceback in the call's user value 1. */
static int ref_msgh(lua_State *L)
{
    luaL_traceback(L, L, NULL, 1);
    lua_setiuservalue(L, lua_upvalueindex(1), 1);
    return 1; /* the error value, unchanged */
}

/* Deliver the outcome: stack [ctx, msgh, results...] or [ctx, msgh, error]. */
static int ref_done(lua_State *L, int status, lua_KContext kctx)
{
    weft__lua *lua = weft__lua_from_state(L);
    call_ctx *c = lua_touserdata(L, 1);
    char *buf = NULL;
    size_t len = 0;
    int st = WEFT_CALL_OK;
    if ((status == LUA_OK || status == LUA_YIELD) && !kctx && weft__lua_is_promise(L, 3)) {
        /* A returned promise: the call settles with its outcome. */
        lua_settop(L, 3);
        lua_pushcfunction(L, weft__lua_await);
        lua_insert(L, 3);
        return ref_done(L, lua_pcallk(L, 1, 1, 2, 1, ref_done), 1);
    }
    if ((status == LUA_OK || status == LUA_YIELD) && lua_gettop(L) != 3) {
        /* None or several results: all of them, as FiveM's ref calls return
         * (a Lua caller gets that many values, a JS caller the array, or
         * undefined for none). */
        st = WEFT_CALL_MULTI;
        if (weft__codec_pack_lua_args(L, &lua->codec_hooks, 3, lua_gettop(L), &buf, &len) < 0) {
            st = WEFT_CALL_ERROR;
            weft__call_pack_error("TypeError", lua_tostring(L, -1), "", res_name(lua), &buf, &len);
        }
    } else if (status == LUA_OK || status == LUA_YIELD) {
        if (weft__codec_pack_lua_value(L, &lua->codec_hooks, 3, &buf, &len) < 0) {
            st = WEFT_CALL_ERROR;
            weft__call_pack_error("TypeError", lua_tostring(L, -1), "", res_name(lua), &buf, &len);
        }
    } else if (status == LUA_ERRERR) { /* the message handler overflowed too */
        st = WEFT_CALL_ERROR;
        weft__call_pack_error("Error", "C stack overflow", "", res_name(lua), &buf, &len);
    } else {
        st = WEFT_CALL_ERROR;
        lua_getiuservalue(L, 1, 1);
        pack_error(lua, L, -2, lua_tostring(L, -1), &buf, &len);
    }
    c->done = 1;
    if (c->out) {
        c->out->status = st;
        c->out->buf = buf;
        c->out->len = len;
    } else {
        weft__call_settle(lua->host, c->call_id, st, buf, len);
        free(buf);
    }
    return 0;
}

/* Thread body: [ctx, fn, args...] */
static int ref_body(lua_State *L)
{
    int nargs = lua_gettop(L) - 2;
    lua_pushvalue(L, 1);
    lua_pushcclosure(L, ref_msgh, 1);
    lua_insert(L, 2);
    return ref_done(L, lua_pcallk(L, nargs, LUA_MULTRET, 2, 0, ref_done), 0);
}

/* (lua, fn_ref, args, len, out): start the call's thread; fill out unless it
 * went pending (then out->status stays -2). */
static int call_ref_protected(lua_State *L)
{
    weft__lua *lua = lua_touserdata(L, 1);
    int fn_ref = (int)lua_tointeger(L, 2);
    const char *args = lua_touserdata(L, 3);
    size_t len = (size_t)lua_tointeger(L, 4);
    weft__call_result *out = lua_touserdata(L, 5);
    lua_settop(L, 0);
    lua_pushcfunction(L, ref_body);
    lua_State *co = weft__lua_new_thread(lua, L, -1); /* 2, anchored here */
    call_ctx *c = lua_newuserdatauv(L, sizeof *c, 1); /* 3 */
    *c = (call_ctx){out, 0, 0};
    lua_rawgeti(L, LUA_REGISTRYINDEX, fn_ref);
    int n = weft__codec_unpack_lua_args(L, &lua->codec_hooks, args, len);
    if (n < 0) {
        out->status = WEFT_CALL_ERROR;
        weft__call_pack_error("TypeError", lua_tostring(L, -1), "", res_name(lua), &out->buf,
                              &out->len);
        return 0;
    }
    weft__lua_move_to_thread(L, co, 2 + n);
    int st = weft__lua_resume(lua, L, co, 2 + n);
    if (c->done) return 0;
    c->out = NULL;
    if (st == LUA_YIELD) {
        weft__call *call = weft__call_new(lua->host, &lua->base);
        if (call) {
            c->call_id = call->id;
            out->status = WEFT_CALL_PENDING;
            out->call = call;
            return 0;
        }
    }
    out->status = WEFT_CALL_ERROR;
    weft__call_pack_error("Error", st == LUA_YIELD ? "not enough memory" : "the call failed", "",
                          res_name(lua), &out->buf, &out->len);
    return 0;
}

static void call_error(weft__lua *lua, weft__call_result *out, const char *msg)
{
    out->status = WEFT_CALL_ERROR;
    weft__call_pack_error("Error", msg, "", res_name(lua), &out->buf, &out->len);
}

static void lua_call_ref(weft__rt *rt, uint32_t index, const char *args, size_t len,
                         weft__call_result *out)
{
    weft__lua *lua = lua_of(rt);
    lua_ref *e = rt->stopped || lua->closing ? NULL : ref_get(lua->srv, index);
    char msg[256];
    if (!e) {
        if ((rt->stopped || lua->closing) && lua->runaway)
            snprintf(msg, sizeof msg, "resource \"%s\" was stopped: CPU limit", res_name(lua));
        else if (rt->stopped || lua->closing)
            snprintf(msg, sizeof msg, "resource \"%s\" is not running", res_name(lua));
        else
            snprintf(msg, sizeof msg, "function reference %u of \"%s\" was released", index,
                     res_name(lua));
        call_error(lua, out, msg);
        return;
    }
    lua_State *L = lua->L;
    int top = lua_gettop(L);
    out->status = -2;
    lua_pushcfunction(L, call_ref_protected);
    lua_pushlightuserdata(L, lua);
    lua_pushinteger(L, e->fn_ref);
    lua_pushlightuserdata(L, (void *)args);
    lua_pushinteger(L, (lua_Integer)len);
    lua_pushlightuserdata(L, out);
    if (lua_pcall(L, 5, 0, 0) != LUA_OK && out->status == -2)
        call_error(lua, out, "not enough memory");
    else if (out->status == -2)
        call_error(lua, out, "the call failed");
    lua_settop(L, top);
}

/* ---- the caller side of pending calls -------------------------------------- */

/* (n values on top): replace them by one multi table. */
static int make_multi(lua_State *L)
{
    int n = lua_gettop(L);
    lua_createtable(L, n, 1);
    for (int i = 1; i <= n; i++) {
        lua_pushvalue(L, i);
        lua_rawseti(L, -2, i);
    }
    lua_pushinteger(L, n);
    lua_setfield(L, -2, "n");
    luaL_setmetatable(L, MULTI_MT);
    return 1;
}

static void lua_settle_call(weft__rt *rt, weft__call *call, int status, const char *buf, size_t len)
{
    weft__lua *lua = lua_of(rt);
    intptr_t cd = (intptr_t)call->caller_data;
    int handle = (int)(cd / 2), spread = (int)(cd % 2);
    call->caller_data = NULL;
    if (!handle) return;
    if (status == WEFT_CALL_DROPPED || rt->stopped || lua->closing || !lua->L) {
        weft__lua_promise_release(lua, handle);
        return;
    }
    lua_State *L = lua->L;
    int top = lua_gettop(L);
    int ok = status == WEFT_CALL_OK || status == WEFT_CALL_MULTI;
    int mode = !ok ? UNPACK_ERROR : status == WEFT_CALL_MULTI ? UNPACK_MULTI : UNPACK_VALUE;
    int n = push_unpacked(lua, L, buf, len, mode);
    if (n < 0) {
        ok = 0; /* the codec's message rejects */
    } else if (mode == UNPACK_MULTI) {
        if (spread) {
            lua_pushcfunction(L, make_multi);
            lua_insert(L, top + 1);
            if (lua_pcall(L, n, 1, 0) != LUA_OK) ok = 0;
        } else { /* a plain promise: its first result */
            if (n == 0) lua_pushnil(L);
            lua_settop(L, top + 1);
        }
    }
    if (weft__lua_promise_settle_top(lua, handle, ok) < 0) weft__lua_promise_release(lua, handle);
    lua_settop(L, top);
}

/* ---- events ------------------------------------------------------------------ */

/* Push the source value of a net event: a number when it is one ("7" -> 7). */
static void push_source(lua_State *L, const char *source)
{
    if (!source) {
        lua_pushnil(L);
        return;
    }
    const char *p = source + (*source == '-');
    int numeric = *p != 0;
    for (; *p; p++)
        if (*p < '0' || *p > '9') numeric = 0;
    if (numeric) lua_pushinteger(L, strtoll(source, NULL, 10));
    else lua_pushstring(L, source);
}

/* (lua, name, args, len, source) */
static int dispatch_protected(lua_State *L)
{
    weft__lua *lua = lua_touserdata(L, 1);
    weft__lua_srv *s = lua->srv;
    const char *name = lua_touserdata(L, 2);
    const char *args = lua_touserdata(L, 3);
    size_t len = (size_t)lua_tointeger(L, 4);
    const char *source = lua_touserdata(L, 5);
    lua_settop(L, 0);
    lua_rawgeti(L, LUA_REGISTRYINDEX, s->handlers_ref);
    if (lua_getfield(L, 1, name) != LUA_TTABLE) return 0;
    /* Snapshot the handlers: ones added or removed meanwhile do not change
     * this dispatch (as in JS). */
    lua_Integer nh = (lua_Integer)lua_rawlen(L, 2);
    lua_createtable(L, (int)nh, 0); /* 3 */
    for (lua_Integer i = 1; i <= nh; i++) {
        lua_rawgeti(L, 2, i);
        lua_getfield(L, -1, "fn");
        lua_rawseti(L, 3, i);
        lua_pop(L, 1);
    }
    lua_rawgeti(L, LUA_REGISTRYINDEX, s->sources_ref); /* 4 */
    push_source(L, source);                            /* 5 */
    int base = lua_gettop(L);
    int n = weft__codec_unpack_lua_args(L, &lua->codec_hooks, args, len);
    if (n < 0) {
        weft__lua_log(lua, "SCRIPT ERROR: bad arguments for event \"%s\": %s", name,
                      lua_tostring(L, -1));
        return 0;
    }
    luaL_checkstack(L, n + 4, "too many event arguments");
    /* Bound: the snapshot's nh handlers. */
    /* Bound: the snapshot's nh handlers; a stack overflow passed to the
     * emitter ends the event. */
    int passed = 0;
    for (lua_Integer i = 1; i <= nh && !lua->closing && !lua->base.stopped && !passed; i++) {
        lua_rawgeti(L, 3, i);
        lua_State *co = weft__lua_new_thread(lua, L, -1);
        lua_remove(L, -2); /* the function; the thread stays anchored */
        lua_pushvalue(L, -1);
        lua_pushvalue(L, 5);
        lua_rawset(L, 4); /* sources[co] = source */
        for (int k = 1; k <= n; k++) lua_pushvalue(L, base + k);
        weft__lua_move_to_thread(L, co, n);
        lua_State *outer_co = lua->event_co;
        const char *outer_name = lua->event_name;
        lua->event_co = co;
        lua->event_name = name;
        int st = weft__lua_resume(lua, L, co, n);
        lua->event_co = outer_co;
        lua->event_name = outer_name;
        passed = lua->overflow_passed; /* set by this resume only */
        lua->overflow_passed = 0;
        if (st != LUA_OK && st != LUA_YIELD) weft__ev_handler_failed(lua->host);
        lua_pop(L, 1);
    }
    return 0;
}

static void lua_dispatch_event(weft__rt *rt, const char *name, const char *args, size_t len,
                               const char *source)
{
    weft__lua *lua = lua_of(rt);
    if (rt->stopped || lua->closing) return;
    lua_State *L = lua->L;
    int top = lua_gettop(L);
    lua_pushcfunction(L, dispatch_protected);
    lua_pushlightuserdata(L, lua);
    lua_pushlightuserdata(L, (void *)name);
    lua_pushlightuserdata(L, (void *)args);
    lua_pushinteger(L, (lua_Integer)len);
    lua_pushlightuserdata(L, (void *)source);
    if (lua_pcall(L, 5, 0, 0) != LUA_OK)
        weft__lua_log(lua, "SCRIPT ERROR: %s (while dispatching event \"%s\")",
                      lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "error", name);
    lua_settop(L, top);
}

/* AddEventHandler(name, fn[, net]) -> {key=, name=} */
/* The event name at idx: a string with no NUL byte, else an error (the
 * host's names end at the NUL, so TriggerEvent('x\0y') would run the
 * handlers of 'x'; the natives refuse such names the same way). */
static const char *event_name(lua_State *L, int idx)
{
    size_t len;
    const char *s = luaL_checklstring(L, idx, &len);
    if (strlen(s) != len) luaL_error(L, "the event name \"%s\\0...\" has a NUL byte", s);
    return s;
}

static void add_handler(lua_State *L, int net)
{
    weft__lua *lua = weft__lua_from_state(L);
    weft__lua_srv *s = lua->srv;
    const char *name = event_name(L, 1);
    luaL_checktype(L, 2, LUA_TFUNCTION);
    lua_settop(L, 2);
    lua_rawgeti(L, LUA_REGISTRYINDEX, s->handlers_ref); /* 3 */
    if (lua_getfield(L, 3, name) != LUA_TTABLE) {       /* 4 */
        lua_pop(L, 1);
        lua_newtable(L);
        lua_pushvalue(L, -1);
        lua_setfield(L, 3, name);
    }
    lua_Integer key = ++s->next_handler_key;
    lua_createtable(L, 0, 2);
    lua_pushinteger(L, key);
    lua_setfield(L, -2, "key");
    lua_pushvalue(L, 2);
    lua_setfield(L, -2, "fn");
    lua_rawseti(L, 4, (lua_Integer)lua_rawlen(L, 4) + 1);
    if (weft__ev_subscribe(lua->host, &lua->base, name, net) < 0)
        luaL_error(L, "not enough memory");
    lua_createtable(L, 0, 2); /* the handler ref FiveM returns */
    lua_pushinteger(L, key);
    lua_setfield(L, -2, "key");
    lua_pushvalue(L, 1);
    lua_setfield(L, -2, "name");
}

static int l_add_event_handler(lua_State *L)
{
    add_handler(L, 0);
    return 1;
}

/* RegisterNetEvent(name[, fn]): name may come from the network. */
static int l_register_net_event(lua_State *L)
{
    weft__lua *lua = weft__lua_from_state(L);
    const char *name = event_name(L, 1);
    if (lua_isnoneornil(L, 2)) { /* mark the name net-safe, keep the count */
        if (weft__ev_subscribe(lua->host, &lua->base, name, 1) < 0)
            return luaL_error(L, "not enough memory");
        weft__ev_unsubscribe(lua->host, &lua->base, name);
        return 0;
    }
    add_handler(L, 1);
    return 1;
}

/* RemoveEventHandler(ref) */
static int l_remove_event_handler(lua_State *L)
{
    weft__lua *lua = weft__lua_from_state(L);
    weft__lua_srv *s = lua->srv;
    luaL_checktype(L, 1, LUA_TTABLE);
    lua_getfield(L, 1, "name");
    lua_getfield(L, 1, "key");
    const char *name = lua_tostring(L, 2);
    lua_Integer key = lua_tointeger(L, 3);
    if (!name) return luaL_error(L, "RemoveEventHandler: not an event handler reference");
    lua_rawgeti(L, LUA_REGISTRYINDEX, s->handlers_ref); /* 4 */
    if (lua_getfield(L, 4, name) != LUA_TTABLE) return 0;
    lua_Integer n = (lua_Integer)lua_rawlen(L, 5);
    /* Bound: one pass over the name's handlers. */
    for (lua_Integer i = 1; i <= n; i++) {
        lua_rawgeti(L, 5, i);
        lua_getfield(L, -1, "key");
        lua_Integer k = lua_tointeger(L, -1);
        lua_pop(L, 2);
        if (k != key) continue;
        for (lua_Integer j = i; j < n; j++) {
            lua_rawgeti(L, 5, j + 1);
            lua_rawseti(L, 5, j);
        }
        lua_pushnil(L);
        lua_rawseti(L, 5, n);
        weft__ev_unsubscribe(lua->host, &lua->base, name);
        if (n == 1) {
            lua_pushnil(L);
            lua_setfield(L, 4, name);
        }
        break;
    }
    return 0;
}

/* TriggerEvent(name, ...) -> true unless a handler canceled it: FiveM's
 * TRIGGER_EVENT_INTERNAL sets that result "for convenience", and Lua's
 * TriggerEvent returns it (mapmanager's `if TriggerEvent('onGameTypeStart',
 * ...) then` relies on it). JS's emit returns nothing, as FiveM's. */
static int l_trigger_event(lua_State *L)
{
    weft__lua *lua = weft__lua_from_state(L);
    const char *name = event_name(L, 1);
    char *buf;
    size_t len;
    if (weft__codec_pack_lua_args(L, &lua->codec_hooks, 2, lua_gettop(L), &buf, &len) < 0)
        return weft__lua_pack_error(L);
    int overflow = 0;
    int canceled = weft__ev_trigger(lua->host, lua->base.resource, name, buf, len, NULL, NULL,
                                    &overflow);
    free(buf);
    if (overflow) { /* a handler's stack overflow is this call's (weft__ev_trigger) */
        const char *text = weft__ev_overflow_text(lua->host);
        lua_pushstring(L, *text ? text : "stack overflow");
        /* a Lua handler's names the innermost line; else this one's */
        if (!weft__lua_has_position(text)) weft__lua_prefix_caller(L, 0);
        return lua_error(L);
    }
    lua_pushboolean(L, !canceled);
    return 1;
}

/* TriggerClientEvent(name, target, ...): target a server id (number or
 * numeric string), -1 for every player (src/net/players.c). */
static int l_trigger_client_event(lua_State *L)
{
    weft__lua *lua = weft__lua_from_state(L);
    const char *name = event_name(L, 1);
    int target = (int)(lua_isstring(L, 2) ? strtol(lua_tostring(L, 2), NULL, 10) : 0);
    char *buf;
    size_t len;
    if (weft__codec_pack_lua_args(L, &lua->codec_hooks, 3, lua_gettop(L), &buf, &len) < 0)
        return weft__lua_pack_error(L);
    weft__net_client_event(lua->host, name, target, buf, len, 0);
    free(buf);
    return 0;
}

static int l_cancel_event(lua_State *L)
{
    weft__ev_cancel(weft__lua_from_state(L)->host);
    return 0;
}

static int l_was_event_canceled(lua_State *L)
{
    lua_pushboolean(L, weft__ev_was_canceled(weft__lua_from_state(L)->host));
    return 1;
}

static int l_named_native(lua_State *L);

#define LAZY_KEY "weft.lazy" /* registry: global name -> lazy prelude index */

/* A global of a lazy prelude (define_lazy below) used for the first time:
 * forget the name, run its prelude once. 1 when key (at idx) was one. */
static int lazy_global(lua_State *L, int idx)
{
    if (lua_getfield(L, LUA_REGISTRYINDEX, LAZY_KEY) != LUA_TTABLE) {
        lua_pop(L, 1);
        return 0;
    }
    lua_pushvalue(L, idx);
    if (lua_rawget(L, -2) != LUA_TNUMBER) {
        lua_pop(L, 2);
        return 0;
    }
    size_t i = (size_t)lua_tointeger(L, -1);
    lua_pop(L, 1);
    lua_pushvalue(L, idx);
    lua_pushnil(L);
    lua_rawset(L, -3);
    lua_pop(L, 1);
    weft__lua *lua = weft__lua_from_state(L);
    if (i < 64 && !(lua->srv->lazy_ran & (1ull << i))) {
        lua->srv->lazy_ran |= 1ull << i;
        weft__prelude_run(lua->host, &lua->base, i);
    }
    return 1;
}

/* rt_ops define_lazy: names -> prelude i, run by g_index/g_newindex when
 * one of them is first read or assigned (a missing global, as every name
 * of a lazy prelude is until it runs). */
static int lua_define_lazy(weft__rt *rt, const char *const *names, size_t i)
{
    weft__lua *lua = lua_of(rt);
    lua_State *L = lua->L;
    if (i >= 64 || lua->closing || !lua_checkstack(L, 3)) return WEFT_EINVAL; /* run now */
    if (lua_getfield(L, LUA_REGISTRYINDEX, LAZY_KEY) != LUA_TTABLE) {
        lua_pop(L, 1);
        lua_newtable(L);
        lua_pushvalue(L, -1);
        lua_setfield(L, LUA_REGISTRYINDEX, LAZY_KEY);
    }
    for (; *names; names++) {
        lua_pushinteger(L, (lua_Integer)i);
        lua_setfield(L, -2, *names);
    }
    lua_pop(L, 1);
    return 0;
}

/* A metatable the script gives _G (a strict-globals guard, say) is kept
 * here, behind weft's: weft's __index/__newindex run first (`source`, lazy
 * preludes and natives), then the script's; getmetatable(_G) returns the
 * script's. (Replacing weft's lost every native not used yet, and `source`.) */
#define USER_GMT_KEY "weft.user_gmt"

/* Push the script's _G metatable field `name` (nil if none); returns its type. */
static int user_gmt_field(lua_State *L, const char *name)
{
    if (lua_getfield(L, LUA_REGISTRYINDEX, USER_GMT_KEY) != LUA_TTABLE) {
        lua_pop(L, 1);
        lua_pushnil(L);
        return LUA_TNIL;
    }
    int t = lua_getfield(L, -1, name);
    lua_remove(L, -2);
    return t;
}

/* _G.__index / __newindex: `source` is per thread. A missing global of a
 * lazy prelude runs it. A missing global named like a native becomes that
 * native's function on first use (stored in _G then): a state pays nothing
 * for the natives it never calls (~150 closures and their name strings,
 * ~16 KB per state, when they were made eagerly). */
static int g_index(lua_State *L)
{
    if (lua_type(L, 2) != LUA_TSTRING) return 0;
    const char *k = lua_tostring(L, 2);
    if (!strcmp(k, "source")) {
        lua_rawgeti(L, LUA_REGISTRYINDEX, srv_of(L)->sources_ref);
        lua_pushthread(L);
        lua_rawget(L, -2);
        return 1;
    }
    if (lazy_global(L, 2)) {
        lua_pushvalue(L, 2);
        if (lua_rawget(L, 1) != LUA_TNIL) return 1;
        lua_settop(L, 2);
    }
    if (!weft__native_find(weft__lua_from_state(L)->host, k)) goto user;
    lua_pushvalue(L, 2);
    lua_pushcclosure(L, l_named_native, 1);
    lua_pushvalue(L, 2);
    lua_pushvalue(L, -2);
    lua_rawset(L, 1);
    return 1;
user:
    lua_settop(L, 2);
    switch (user_gmt_field(L, "__index")) {
    case LUA_TFUNCTION:
        lua_pushvalue(L, 1);
        lua_pushvalue(L, 2);
        lua_call(L, 2, 1);
        return 1;
    case LUA_TNIL:
        return 0;
    default:
        lua_pushvalue(L, 2);
        lua_gettable(L, -2);
        return 1;
    }
}

static int g_newindex(lua_State *L)
{
    if (lua_type(L, 2) == LUA_TSTRING && !strcmp(lua_tostring(L, 2), "source")) {
        lua_rawgeti(L, LUA_REGISTRYINDEX, srv_of(L)->sources_ref);
        lua_pushthread(L);
        lua_pushvalue(L, 3);
        lua_rawset(L, -3);
        return 0;
    }
    lua_settop(L, 3);
    /* the prelude first, so it does not overwrite this assignment later */
    if (lua_type(L, 2) == LUA_TSTRING) lazy_global(L, 2);
    lua_settop(L, 3);
    switch (user_gmt_field(L, "__newindex")) {
    case LUA_TFUNCTION:
        lua_pushvalue(L, 1);
        lua_pushvalue(L, 2);
        lua_pushvalue(L, 3);
        lua_call(L, 3, 0);
        return 0;
    case LUA_TNIL:
        lua_pop(L, 1);
        lua_rawset(L, 1);
        return 0;
    default:
        lua_pushvalue(L, 2);
        lua_pushvalue(L, 3);
        lua_settable(L, -3);
        return 0;
    }
}

/* Whether argument 1 is _G. */
static int arg_is_globals(lua_State *L)
{
    lua_pushglobaltable(L);
    int is_g = lua_rawequal(L, 1, -1);
    lua_pop(L, 1);
    return is_g;
}

/* Lua's own setmetatable/getmetatable (upvalue 1) on the arguments given. */
static int lua_own_metatable_fn(lua_State *L)
{
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);
    return lua_gettop(L);
}

/* setmetatable(_G, mt) keeps mt behind weft's (USER_GMT_KEY); any other
 * table goes to Lua's own. */
static int l_setmetatable(lua_State *L)
{
    if (!arg_is_globals(L)) return lua_own_metatable_fn(L);
    int t = lua_type(L, 2);
    luaL_argexpected(L, t == LUA_TNIL || t == LUA_TTABLE, 2, "nil or table");
    if (user_gmt_field(L, "__metatable") != LUA_TNIL)
        return luaL_error(L, "cannot change a protected metatable");
    lua_pop(L, 1);
    lua_settop(L, 2);
    lua_setfield(L, LUA_REGISTRYINDEX, USER_GMT_KEY);
    return 1; /* _G */
}

/* getmetatable(_G): the script's (or its __metatable field), as Lua's */
static int l_getmetatable(lua_State *L)
{
    luaL_checkany(L, 1);
    if (!arg_is_globals(L)) return lua_own_metatable_fn(L);
    if (user_gmt_field(L, "__metatable") != LUA_TNIL) return 1;
    lua_pop(L, 1);
    lua_getfield(L, LUA_REGISTRYINDEX, USER_GMT_KEY);
    return 1;
}

/* ---- exports ------------------------------------------------------------------ */

/* exports('name', fn) */
static int l_exports_set(lua_State *L)
{
    weft__lua *lua = weft__lua_from_state(L);
    const char *name = luaL_checkstring(L, 2);
    luaL_checktype(L, 3, LUA_TFUNCTION);
    uint32_t i = ref_alloc(lua->srv, L, 3);
    if (!i) return luaL_error(L, "not enough memory");
    if (weft__export_set(lua->host, &lua->base, name, i) < 0) {
        lua_ref_release(&lua->base, i);
        return luaL_error(L, "not enough memory");
    }
    return 0;
}

/* exports.res -> a userdata naming res (user value 1) */
static int l_exports_index(lua_State *L)
{
    luaL_checkstring(L, 2);
    lua_newuserdatauv(L, 0, 1);
    lua_pushvalue(L, 2);
    lua_setiuservalue(L, -2, 1);
    luaL_setmetatable(L, EXPORTS_RES_MT);
    return 1;
}

/* The setCB of FiveM's export event: keeps its argument in the table that
 * is its upvalue, slot 1. */
static int export_setcb(lua_State *L)
{
    lua_settop(L, 1);
    lua_rawseti(L, lua_upvalueindex(1), 1);
    return 0;
}

/* Results of an export reached through the event: everything above ctx. */
static int export_results_k(lua_State *L, int status, lua_KContext ctx)
{
    (void)status;
    return lua_gettop(L) - (int)ctx;
}

/* exports.res.fn(...) / exports.res:fn(...). FiveM's proxy always drops the
 * first argument (self in the colon form); weft drops it when it is an
 * exports object or nil (oxmysql's exports.oxmysql[m](nil, ...)), so
 * exports.res.fn(7) keeps its 7. An export missing from the host's table is
 * asked for as FiveM does: TriggerEvent('__cfx_export_<res>_<fn>', setCB);
 * a handler's setCB(fn) gives the function to call. Upvalues: the res
 * userdata, the export name. */
static int export_call(lua_State *L)
{
    weft__lua *lua = weft__lua_from_state(L);
    int top = lua_gettop(L);
    int first = top >= 1 && (lua_isnil(L, 1) || luaL_testudata(L, 1, EXPORTS_RES_MT)) ? 2 : 1;
    char *buf;
    size_t len;
    if (weft__codec_pack_lua_args(L, &lua->codec_hooks, first, top, &buf, &len) < 0)
        return weft__lua_pack_error(L);
    lua_getiuservalue(L, lua_upvalueindex(1), 1); /* top + 1: the resource name */
    const char *res = lua_tostring(L, top + 1);
    const char *name = lua_tostring(L, lua_upvalueindex(2));
    weft__call_result out;
    int rc = weft__export_call(lua->host, &lua->base, res, name, buf, len, &out);
    free(buf);
    if (rc == WEFT_ENOENT) {
        lua_newtable(L); /* top + 2: where setCB puts the function */
        lua_pushvalue(L, -1);
        lua_pushcclosure(L, export_setcb, 1);                                 /* top + 3 */
        const char *ev = lua_pushfstring(L, "__cfx_export_%s_%s", res, name); /* top + 4 */
        if (weft__codec_pack_lua_args(L, &lua->codec_hooks, top + 3, top + 3, &buf, &len) < 0) {
            free(out.buf);
            return lua_error(L);
        }
        weft__ev_emit(lua->host, lua->base.resource, ev, buf, len, NULL);
        free(buf);
        lua_rawgeti(L, top + 2, 1);
        if (!lua_isnil(L, -1)) {
            free(out.buf);
            int fidx = lua_gettop(L);
            luaL_checkstack(L, top, "too many arguments");
            for (int i = first; i <= top; i++)
                lua_pushvalue(L, i);
            lua_callk(L, top - first + 1, LUA_MULTRET, fidx - 1, export_results_k);
            return export_results_k(L, LUA_OK, fidx - 1);
        }
    }
    lua_settop(L, 0);
    return finish_call(L, lua, &out, 1);
}

static int l_exports_res_index(lua_State *L)
{
    luaL_checkstring(L, 2);
    lua_settop(L, 2);
    lua_pushcclosure(L, export_call, 2);
    return 1;
}

/* ---- other globals -------------------------------------------------------------- */

static int l_get_invoking_resource(lua_State *L)
{
    weft__invocation *inv = weft__lua_from_state(L)->host->server->invocation;
    if (inv && inv->invoker) lua_pushstring(L, inv->invoker->name);
    else lua_pushnil(L);
    return 1;
}

static int l_get_resource_state(lua_State *L)
{
    weft__resource *r =
        weft__srv_find_provider(weft__lua_from_state(L)->host, luaL_checkstring(L, 1));
    lua_pushstring(L, r ? weft__srv_state_name(r->state) : "missing");
    return 1;
}

static const weft__manifest *manifest_of(lua_State *L, int idx)
{
    weft__resource *r = weft__srv_find(weft__lua_from_state(L)->host, luaL_checkstring(L, idx));
    return r && r->has_manifest ? &r->manifest : NULL;
}

/* GetNumResourceMetadata(res, key): also for resources that are not running. */
static int l_get_num_resource_metadata(lua_State *L)
{
    const weft__manifest *m = manifest_of(L, 1);
    const char *key = luaL_checkstring(L, 2);
    lua_pushinteger(L, m ? weft__manifest_meta_count(m, key) : 0);
    return 1;
}

/* GetResourceMetadata(res, key, index): the index'th (0-based) value, or nil. */
static int l_get_resource_metadata(lua_State *L)
{
    const weft__manifest *m = manifest_of(L, 1);
    const char *key = luaL_checkstring(L, 2);
    const char *v = m ? weft__manifest_meta(m, key, (int)luaL_optinteger(L, 3, 0)) : NULL;
    if (v)
        lua_pushstring(L, v);
    else
        lua_pushnil(L);
    return 1;
}

/* GetInstanceId(): this runtime's instance number (unique per start). */
static int l_get_instance_id(lua_State *L)
{
    lua_pushinteger(L, (lua_Integer)weft__lua_from_state(L)->base.instance);
    return 1;
}

static int l_get_num_resources(lua_State *L)
{
    lua_pushinteger(L, weft__srv_count(weft__lua_from_state(L)->host));
    return 1;
}

static int l_get_resource_by_find_index(lua_State *L)
{
    lua_Integer i = luaL_checkinteger(L, 1);
    weft__resource *r =
        i < 0 || i > INT32_MAX ? NULL : weft__srv_nth(weft__lua_from_state(L)->host, (int)i);
    if (r)
        lua_pushstring(L, r->name);
    else
        lua_pushnil(L);
    return 1;
}

/* GetResourcePath(res): the resource's folder (absolute), or nil. */
static int l_get_resource_path(lua_State *L)
{
    weft__lua *lua = weft__lua_from_state(L);
    weft__resource *r = lua_isnoneornil(L, 1) ? lua->base.resource
                                              : weft__srv_find(lua->host, luaL_checkstring(L, 1));
    if (r)
        lua_pushstring(L, r->path);
    else
        lua_pushnil(L);
    return 1;
}

/* GetGameTimer(): ms since the server started, as the JS runtimes see it. */
static int l_get_game_timer(lua_State *L)
{
    lua_pushinteger(L, (lua_Integer)weft__srv_game_timer(weft__lua_from_state(L)->host));
    return 1;
}

/* ---- natives (src/host/natives.c) ---------------------------------------------- */

/* CallNative(name, ...) / Citizen.InvokeNative(name, ...): the value, or a
 * promise for an async native (Citizen.Await and :next accept it). */
static int call_native(lua_State *L, const char *name, int first)
{
    weft__lua *lua = weft__lua_from_state(L);
    char *buf;
    size_t len;
    if (weft__codec_pack_lua_args(L, &lua->codec_hooks, first, lua_gettop(L), &buf, &len) < 0)
        return weft__lua_pack_error(L);
    weft__call_result res;
    weft__native_call(lua->host, &lua->base, name, buf, len, &res);
    free(buf);
    lua_settop(L, 0);
    return finish_call(L, lua, &res, 0);
}

static int l_call_native(lua_State *L)
{
    return call_native(L, luaL_checkstring(L, 1), 2); /* slot 1 keeps name alive */
}

/* The global NAME(...): a closure over the native's name. */
static int l_named_native(lua_State *L)
{
    return call_native(L, lua_tostring(L, lua_upvalueindex(1)), 1);
}

/* CallNative and Citizen.InvokeNative; the natives' own globals are made on
 * first use by g_index. */
static void open_natives(lua_State *L)
{
    lua_register(L, "CallNative", l_call_native);
    if (lua_getglobal(L, "Citizen") == LUA_TTABLE) {
        lua_pushcfunction(L, l_call_native);
        lua_setfield(L, -2, "InvokeNative");
    }
    lua_pop(L, 1);
}

/* Test hook (set weft_test_hooks 1): live refs this runtime owns (its
 * functions referenced from elsewhere), live proxies it holds. */
static int l_test_ref_counts(lua_State *L)
{
    weft__lua_srv *s = srv_of(L);
    lua_pushinteger(L, (lua_Integer)s->live_refs);
    lua_pushinteger(L, (lua_Integer)s->live_proxies);
    return 2;
}

static int open_server(lua_State *L)
{
    weft__lua *lua = lua_touserdata(L, 1);
    weft__lua_srv *s = lua->srv;
    static const luaL_Reg fns[] = {{"AddEventHandler", l_add_event_handler},
                                   {"RegisterNetEvent", l_register_net_event},
                                   {"RegisterServerEvent", l_register_net_event},
                                   {"RemoveEventHandler", l_remove_event_handler},
                                   {"TriggerEvent", l_trigger_event},
                                   {"TriggerClientEvent", l_trigger_client_event},
                                   {"CancelEvent", l_cancel_event},
                                   {"WasEventCanceled", l_was_event_canceled},
                                   {"GetInvokingResource", l_get_invoking_resource},
                                   {"GetResourceState", l_get_resource_state},
                                   {"GetGameTimer", l_get_game_timer},
                                   {"GetNumResourceMetadata", l_get_num_resource_metadata},
                                   {"GetResourceMetadata", l_get_resource_metadata},
                                   {"GetNumResources", l_get_num_resources},
                                   {"GetInstanceId", l_get_instance_id},
                                   {"GetResourceByFindIndex", l_get_resource_by_find_index},
                                   {"GetResourcePath", l_get_resource_path},
                                   {NULL, NULL}};
    for (const luaL_Reg *f = fns; f->name; f++) lua_register(L, f->name, f->func);
    if (weft__convars_get_int(&lua->host->server->convars, "weft_test_hooks", 0))
        lua_register(L, "WeftTestRefCounts", l_test_ref_counts);
    open_natives(L);

    luaL_newmetatable(L, PROXY_MT);
    lua_pushcfunction(L, proxy_gc);
    lua_setfield(L, -2, "__gc");
    lua_pop(L, 1);
    luaL_newmetatable(L, MULTI_MT);
    lua_pop(L, 1);
    luaL_newmetatable(L, EXPORTS_RES_MT);
    lua_pushcfunction(L, l_exports_res_index);
    lua_setfield(L, -2, "__index");
    lua_pop(L, 1);

    lua_newtable(L); /* exports */
    lua_createtable(L, 0, 2);
    lua_pushcfunction(L, l_exports_set);
    lua_setfield(L, -2, "__call");
    lua_pushcfunction(L, l_exports_index);
    lua_setfield(L, -2, "__index");
    lua_setmetatable(L, -2);
    lua_setglobal(L, "exports");

    lua_newtable(L);
    s->handlers_ref = luaL_ref(L, LUA_REGISTRYINDEX);
    lua_newtable(L); /* thread -> source, weak keys */
    lua_createtable(L, 0, 1);
    lua_pushliteral(L, "k");
    lua_setfield(L, -2, "__mode");
    lua_setmetatable(L, -2);
    s->sources_ref = luaL_ref(L, LUA_REGISTRYINDEX);

    weft__lua_fivem_open(L);

    lua_pushglobaltable(L);
    lua_createtable(L, 0, 2);
    lua_pushcfunction(L, g_index);
    lua_setfield(L, -2, "__index");
    lua_pushcfunction(L, g_newindex);
    lua_setfield(L, -2, "__newindex");
    lua_setmetatable(L, -2);
    static const char *const mt_fns[2] = {"setmetatable", "getmetatable"};
    static const lua_CFunction mt_impl[2] = {l_setmetatable, l_getmetatable};
    for (int i = 0; i < 2; i++) {
        lua_getfield(L, -1, mt_fns[i]);
        lua_pushcclosure(L, mt_impl[i], 1);
        lua_setfield(L, -2, mt_fns[i]);
    }
    lua_pop(L, 1);
    return 0;
}

/* ---- runtime ops ------------------------------------------------------------------ */

static void lua_srv_checkpoint(weft__rt *rt)
{
    weft__lua *lua = lua_of(rt);
    if (!rt->stopped && !lua->closing) weft__lua_promise_drain(lua);
}

/* Chunk name "@" + display: errors and tracebacks name the script as FiveM
 * does and as JS stacks do, "@res/dir/f.lua:3: message" (another
 * resource's file: "@other/path"). */
static int lua_load_script(weft__rt *rt, const char *path, const char *display)
{
    weft__lua *lua = lua_of(rt);
    if (rt->stopped || lua->closing) return WEFT_ESTATE;
    const char *shown = display;
    int rc = weft__lua_load_file_as(lua, path, shown, 1); /* a FIFO would hold the loop */
    if (rc == WEFT_ENOENT || rc == WEFT_ENOMEM) return rc;
    if (rc == 0 && lua->main_failed) rc = WEFT_ESCRIPT;
    lua->main_failed = 0;
    if (lua->runaway) return WEFT_ESTATE; /* its stop is queued */
    return rc < 0 ? WEFT_ESCRIPT : 0;
}

static int lua_load_buffer(weft__rt *rt, const char *src, size_t len, const char *display)
{
    weft__lua *lua = lua_of(rt);
    if (rt->stopped || lua->closing) return WEFT_ESTATE;
    int rc = weft__lua_load_buffer(lua, src, len, display);
    if (rc == 0 && lua->main_failed) rc = WEFT_ESCRIPT;
    lua->main_failed = 0;
    if (lua->runaway) return WEFT_ESTATE; /* its stop is queued */
    return rc < 0 ? WEFT_ESCRIPT : 0;
}

static void lua_srv_frame(weft__rt *rt)
{
    weft__lua *lua = lua_of(rt);
    if (!rt->stopped && !lua->closing) weft__lua_frame(lua);
}

static void lua_srv_stop(weft__rt *rt)
{
    weft__lua *lua = lua_of(rt);
    lua->closing = 1; /* nothing is resumed from here on */
    uv_timer_stop(&lua->timer);
    uv_check_stop(&lua->check);
    uv_idle_stop(&lua->idle);
}

static void lua_srv_free(weft__rt *rt)
{
    weft__lua *lua = lua_of(rt);
    weft__lua_srv *s = lua->srv;
    weft__lua_free(lua); /* proxies' __gc record their releases meanwhile */
    free(s->refs);
    free(s);
}

static size_t lua_srv_memory(weft__rt *rt)
{
    return lua_of(rt)->mem_used;
}

/* resmon: refs held for others; threads waiting on Wait/SetTimeout. */
static void lua_srv_counts(weft__rt *rt, size_t *live_refs, size_t *timers)
{
    weft__lua *lua = lua_of(rt);
    *live_refs = lua->srv ? (size_t)lua->srv->live_refs : 0;
    *timers = lua->timers.len + lua->soon.len;
}

static int lua_compile(weft__rt *rt, const char *src, size_t len, const char *display, char **out,
                       size_t *out_len)
{
    return weft__lua_compile(lua_of(rt)->L, src, len, display, out, out_len);
}

static int lua_load_compiled(weft__rt *rt, const char *buf, size_t len, const char *display)
{
    weft__lua *lua = lua_of(rt);
    if (rt->stopped || lua->closing) return WEFT_ESTATE;
    int rc = weft__lua_load_compiled(lua, buf, len, display);
    if (rc == 0 && lua->main_failed) rc = WEFT_ESCRIPT;
    lua->main_failed = 0;
    if (lua->runaway) return WEFT_ESTATE; /* its stop is queued */
    return rc < 0 ? WEFT_ESCRIPT : 0;
}

static weft__rt *lua_rt_create(weft_host *h, weft__resource *res);
static const char *const lua_extensions[] = {".lua", NULL};

/* The Lua engine of `weft serve` (listed in src/builtin.c). */
const weft__rt_ops weft__lua_engine = {
    .kind = "lua",
    .checkpoint = lua_srv_checkpoint,
    .extensions = lua_extensions,
    .create = lua_rt_create,
    .load_buffer = lua_load_buffer,
    .compile = lua_compile,
    .load_compiled = lua_load_compiled,
    .define_lazy = lua_define_lazy,
    .load_script = lua_load_script,
    .dispatch_event = lua_dispatch_event,
    .call_ref = lua_call_ref,
    .ref_dup = lua_ref_dup,
    .ref_release = lua_ref_release,
    .settle_call = lua_settle_call,
    .frame = lua_srv_frame,
    .stop = lua_srv_stop,
    .free = lua_srv_free,
    .memory = lua_srv_memory,
    .counts = lua_srv_counts,
};

/* A runaway (see the watchdog hook in runtime.c): stop its resource once
 * the stack has unwound; the server goes on. */
static void stop_runaway(weft__lua *lua, const char *why)
{
    weft__srv_stop_for_limit(lua->host, lua->name, why);
}

static weft__rt *lua_rt_create(weft_host *h, weft__resource *res)
{
    weft__lua_srv *s = calloc(1, sizeof *s);
    if (!s) return NULL;
    weft__lua *lua = weft__lua_new(h, res->name);
    if (!lua) {
        free(s);
        return NULL;
    }
    s->lua = lua;
    lua->srv = s;
    lua->base.ops = &weft__lua_engine;
    lua->codec_hooks = (weft__lua_codec_hooks){make_ref, push_ref_proxy, s};
    lua_State *L = lua->L;
    lua_pushcfunction(L, open_server);
    lua_pushlightuserdata(L, lua);
    if (lua_pcall(L, 1, 0, 0) != LUA_OK) {
        lua_pop(L, 1);
        weft__lua_free(lua);
        free(s);
        return NULL;
    }
    /* The same limits as the resource's JS (server.cfg may set them). */
    const weft__convars *cv = &h->server->convars;
    int warn = weft__convars_get_int(cv, "weft_cpuWarnMs", WEFT_LUA_CPU_WARN_MS);
    int limit = weft__convars_get_int(cv, "weft_cpuLimitMs", WEFT_LUA_CPU_LIMIT_MS);
    lua->cpu_warn_ms = warn > 0 ? (uint64_t)warn : 0;
    lua->cpu_limit_ms = limit > 0 ? (uint64_t)limit : 0;
    int mb = weft__convars_get_int(cv, "weft_memoryLimitMb", 0);
    if (mb > 0) lua->mem_limit = (size_t)mb << 20;
    lua->on_runaway = stop_runaway;
    weft__lua_watchdog_start(lua);
    return &lua->base;
}
