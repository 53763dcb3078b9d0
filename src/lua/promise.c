/* promise.c: Lua promises (promise.new, :resolve/:reject/:next,
 * Citizen.Await) and the C API the host uses to make and settle them.
 *
 * A promise is a userdata with two user values: 1 = the settled value, 2 = its
 * reaction list (a flat table of 4-slot records: kind, a, b, c). Settling
 * never runs reactions: the promise joins the runtime's ready queue (a
 * registry table used as a FIFO) and marks the runtime dirty; the checkpoint
 * (weft__lua_promise_drain) runs reactions in settlement order, each
 * promise's in registration order. Awaiting threads resume in that same
 * checkpoint, in the loop iteration that settled the promise.
 * Resolving with a promise adopts it (one more checkpoint hop); a promise is
 * settled once: later resolve/reject calls are ignored. */
#include <stdlib.h>
#include <string.h>
#include <lauxlib.h>
#include "lua/lua_rt.h"

#define PROMISE_MT "promise"

enum { PENDING, FULFILLED, REJECTED };
enum { R_AWAIT = 1, R_NEXT, R_FORWARD, R_C };

typedef struct promise {
    int state;
    int locked; /* settled, or adopting another promise */
    int queued; /* in the ready queue */
} promise;

struct weft__lua_settle_node {
    weft__lua_settle_cb cb;
    void *opaque;
    int promise_ref; /* keeps the promise alive until it settles */
    struct weft__lua_settle_node *prev, *next;
};

static promise *to_promise(lua_State *L, int idx)
{
    return luaL_testudata(L, idx, PROMISE_MT);
}

int weft__lua_is_promise(lua_State *L, int idx)
{
    return to_promise(L, idx) != NULL;
}

void weft__lua_promise_push_new(lua_State *L)
{
    promise *p = lua_newuserdatauv(L, sizeof *p, 2);
    *p = (promise){PENDING, 0, 0};
    luaL_setmetatable(L, PROMISE_MT);
}

/* Append the promise at p_idx to the ready queue; mark the runtime dirty. */
static void ready_push(lua_State *L, int p_idx, promise *p)
{
    weft__lua *lua = weft__lua_from_state(L);
    p_idx = lua_absindex(L, p_idx);
    lua_rawgeti(L, LUA_REGISTRYINDEX, lua->ready_ref);
    lua_pushvalue(L, p_idx);
    lua_rawseti(L, -2, lua->ready_tail + 1);
    lua_pop(L, 1);
    lua->ready_tail++;
    p->queued = 1;
    weft__rt_mark_dirty(&lua->base);
}

/* Add a reaction record; a..c are stack slots (0 = nil). Queues the promise
 * at once if it is already settled (the reaction still runs at the
 * checkpoint, never here). */
static void add_reaction(lua_State *L, int p_idx, int kind, int a, int b, int c)
{
    p_idx = lua_absindex(L, p_idx);
    int slots[3] = {a ? lua_absindex(L, a) : 0, b ? lua_absindex(L, b) : 0,
                    c ? lua_absindex(L, c) : 0};
    promise *p = to_promise(L, p_idx);
    if (lua_getiuservalue(L, p_idx, 2) != LUA_TTABLE) {
        lua_pop(L, 1);
        lua_createtable(L, 4, 0);
        lua_pushvalue(L, -1);
        lua_setiuservalue(L, p_idx, 2);
    }
    lua_Integer n = (lua_Integer)lua_rawlen(L, -1);
    lua_pushinteger(L, kind);
    lua_rawseti(L, -2, n + 1);
    for (int i = 0; i < 3; i++) {
        if (slots[i])
            lua_pushvalue(L, slots[i]);
        else
            lua_pushboolean(L, 0); /* keeps the list a sequence for rawlen */
        lua_rawseti(L, -2, n + 2 + i);
    }
    lua_pop(L, 1);
    if (p->state != PENDING && !p->queued) ready_push(L, p_idx, p);
}

/* Settle; `adopted`: the outcome of the promise p was locked to. */
static void settle(lua_State *L, int p_idx, int ok, int v_idx, int adopted)
{
    p_idx = lua_absindex(L, p_idx);
    v_idx = lua_absindex(L, v_idx);
    promise *p = to_promise(L, p_idx);
    if (!p || p->state != PENDING || (p->locked && !adopted)) return;
    if (ok && to_promise(L, v_idx)) {
        if (lua_rawequal(L, p_idx, v_idx)) {
            lua_pushliteral(L, "promise resolved with itself");
            weft__lua_promise_settle_at(L, p_idx, 0, -1);
            lua_pop(L, 1);
            return;
        }
        p->locked = 1;
        add_reaction(L, v_idx, R_FORWARD, p_idx, 0, 0);
        return;
    }
    p->locked = 1;
    p->state = ok ? FULFILLED : REJECTED;
    lua_pushvalue(L, v_idx);
    lua_setiuservalue(L, p_idx, 1);
    int has_reactions = lua_getiuservalue(L, p_idx, 2) == LUA_TTABLE;
    lua_pop(L, 1);
    if (has_reactions && !p->queued) ready_push(L, p_idx, p);
}

void weft__lua_promise_settle_at(lua_State *L, int p_idx, int ok, int v_idx)
{
    settle(L, p_idx, ok, v_idx, 0);
}

/* ---- Lua API --------------------------------------------------------------- */

static int l_promise_new(lua_State *L)
{
    weft__lua_promise_push_new(L);
    return 1;
}

static int settle_method(lua_State *L, int ok)
{
    luaL_checkudata(L, 1, PROMISE_MT);
    lua_settop(L, 2); /* a missing value is nil */
    weft__lua_promise_settle_at(L, 1, ok, 2);
    return 0;
}

static int l_resolve(lua_State *L)
{
    return settle_method(L, 1);
}

static int l_reject(lua_State *L)
{
    return settle_method(L, 0);
}

/* p:next(onOk, onErr): a new promise settled by the handler's result (or
 * rejected by its error); a missing handler passes the outcome through. */
static int l_next(lua_State *L)
{
    luaL_checkudata(L, 1, PROMISE_MT);
    lua_settop(L, 3);
    for (int i = 2; i <= 3; i++)
        if (!lua_isnoneornil(L, i)) luaL_checktype(L, i, LUA_TFUNCTION);
    weft__lua_promise_push_new(L); /* 4: the child */
    add_reaction(L, 1, R_NEXT, lua_isnil(L, 2) ? 0 : 2, lua_isnil(L, 3) ? 0 : 3, 4);
    return 1;
}

static int await_k(lua_State *L, int status, lua_KContext ctx)
{
    /* resumed with (ok, value) by the R_AWAIT reaction */
    if (lua_toboolean(L, -2)) return 1;
    /* as FiveM's error(reason, 2): a string names the line that awaited
     * (the script line under weft's own call, for an export's promise) */
    if (lua_type(L, -1) == LUA_TSTRING) weft__lua_prefix_caller(L, ctx == 0);
    return lua_error(L);
}

/* Citizen.Await(p): in a thread, the promise's value, or its rejection
 * reason raised as an error; waits (yields) while it is pending. A value
 * that is not a promise is returned as is (FiveM #1515: code awaits export
 * results that may or may not be promises). */
static int await_impl(lua_State *L, int from_c);

static int l_await(lua_State *L)
{
    return await_impl(L, 0);
}

/* from_c: awaited by weft's own C code for a script line (an export call
 * that went pending), which the rejection names. */
static int await_impl(lua_State *L, int from_c)
{
    weft__lua *lua = weft__lua_from_state(L);
    promise *p = to_promise(L, 1);
    if (!p && lua_gettop(L) >= 1) {
        lua_settop(L, 1);
        return 1;
    }
    if (!(*weft__lua_thread_flags(L) & WEFT__LUA_THREAD) || !lua_isyieldable(L))
        return weft__lua_cannot_wait(L, "Citizen.Await");
    if (!p) return luaL_error(L, "Citizen.Await: promise expected, got %s", luaL_typename(L, 1));
    lua_settop(L, 1);
    if (p->state != PENDING) {
        lua_getiuservalue(L, 1, 1);
        if (p->state == FULFILLED) return 1;
        if (lua_type(L, -1) == LUA_TSTRING) weft__lua_prefix_caller(L, !from_c);
        return lua_error(L);
    }
    lua_pushthread(L);
    add_reaction(L, 1, R_AWAIT, 2, 0, 0);
    lua_settop(L, 0);
    lua->yield_registered = 1;
    return lua_yieldk(L, 0, from_c, await_k);
}

int weft__lua_await(lua_State *L)
{
    if (lua_gettop(L) > 1) {
        lua_rotate(L, 1, 1); /* the promise (top) to slot 1 */
        lua_settop(L, 1);
    }
    return await_impl(L, 1);
}

/* p.state / p.value as FiveM's deferred.lua promises expose them (state 0
 * pending, 3 resolved, 4 rejected); p:resolve/:reject/:next. Upvalue 1:
 * the methods table. */
static int l_index(lua_State *L)
{
    promise *p = luaL_checkudata(L, 1, PROMISE_MT);
    const char *k = lua_tostring(L, 2);
    if (k && !strcmp(k, "state")) {
        lua_pushinteger(L, p->state == PENDING ? 0 : p->state == FULFILLED ? 3 : 4);
        return 1;
    }
    if (k && !strcmp(k, "value")) {
        if (p->state == PENDING) lua_pushnil(L);
        else lua_getiuservalue(L, 1, 1);
        return 1;
    }
    lua_pushvalue(L, 2);
    lua_rawget(L, lua_upvalueindex(1));
    return 1;
}

static int l_tostring(lua_State *L)
{
    promise *p = luaL_checkudata(L, 1, PROMISE_MT);
    static const char *const names[] = {"pending", "fulfilled", "rejected"};
    lua_pushfstring(L, "promise (%s): %p", names[p->state], lua_topointer(L, 1));
    return 1;
}

/* ---- the checkpoint ------------------------------------------------------ */

static int next_k(lua_State *L, int status, lua_KContext ctx)
{
    /* stack: handler, child, value, result-or-error */
    weft__lua_promise_settle_at(L, 2, status == LUA_OK || status == LUA_YIELD, -1);
    return 0;
}

/* Body of the thread running a :next handler: (handler, child, value). */
static int next_body(lua_State *L)
{
    lua_pushvalue(L, 1);
    lua_pushvalue(L, 3);
    return next_k(L, lua_pcallk(L, 1, 1, 0, 0, next_k), 0);
}

static void unlink_node(weft__lua *lua, struct weft__lua_settle_node *n)
{
    if (n->prev)
        n->prev->next = n->next;
    else
        lua->settle_nodes = n->next;
    if (n->next) n->next->prev = n->prev;
}

/* Run one reaction record at stack slots r..r+3 for promise p_idx. */
static void run_reaction(weft__lua *lua, lua_State *L, int p_idx, int r)
{
    promise *p = to_promise(L, p_idx);
    int ok = p->state == FULFILLED;
    int kind = (int)lua_tointeger(L, r);
    lua_getiuservalue(L, p_idx, 1);
    int v = lua_gettop(L);
    switch (kind) {
    case R_AWAIT: {
        lua_State *co = lua_tothread(L, r + 1);
        if (lua_status(co) != LUA_YIELD) break; /* resumed by other means meanwhile */
        lua_pushboolean(co, ok);
        lua_pushvalue(L, v);
        lua_xmove(L, co, 1);
        weft__lua_resume(lua, L, co, 2);
        break;
    }
    case R_NEXT: {
        int handler = ok ? r + 1 : r + 2;
        if (!lua_isfunction(L, handler)) {
            weft__lua_promise_settle_at(L, r + 3, ok, v);
            break;
        }
        lua_pushcfunction(L, next_body);
        lua_State *co = weft__lua_new_thread(lua, L, -1); /* anchored on L */
        lua_pushvalue(L, handler);
        lua_pushvalue(L, r + 3);
        lua_pushvalue(L, v);
        lua_xmove(L, co, 3);
        weft__lua_resume(lua, L, co, 3);
        break;
    }
    case R_FORWARD:
        settle(L, r + 1, ok, v, 1);
        break;
    case R_C: {
        struct weft__lua_settle_node *n = lua_touserdata(L, r + 1);
        unlink_node(lua, n);
        luaL_unref(L, LUA_REGISTRYINDEX, n->promise_ref);
        n->cb(n->opaque, lua, ok, L, v);
        free(n);
        break;
    }
    }
    lua_settop(L, v - 1);
}

/* Bound: runs until the ready queue is empty. Reactions that settle other
 * promises append to it and run in this same drain (as JS microtasks do); a
 * chain that grows forever runs forever, as in JS. */
static int drain_protected(lua_State *L)
{
    weft__lua *lua = weft__lua_from_state(L);
    lua_rawgeti(L, LUA_REGISTRYINDEX, lua->ready_ref);
    int q = lua_gettop(L);
    while (lua->ready_head < lua->ready_tail && !lua->closing && !lua->host->exit_requested) {
        lua_Integer i = ++lua->ready_head;
        lua_rawgeti(L, q, i);
        lua_pushnil(L);
        lua_rawseti(L, q, i);
        if (lua->ready_head == lua->ready_tail) lua->ready_head = lua->ready_tail = 0;
        int p_idx = lua_gettop(L);
        promise *p = to_promise(L, p_idx);
        p->queued = 0;
        if (lua_getiuservalue(L, p_idx, 2) != LUA_TTABLE) {
            lua_settop(L, q);
            continue;
        }
        int list = lua_gettop(L);
        lua_pushnil(L);
        lua_setiuservalue(L, p_idx, 2); /* reactions added from now on form a new list */
        lua_Integer n = (lua_Integer)lua_rawlen(L, list);
        /* Bound: the detached list's n / 4 records. */
        for (lua_Integer k = 1; k + 3 <= n && !lua->closing && !lua->host->exit_requested; k += 4) {
            int r = lua_gettop(L) + 1;
            for (int j = 0; j < 4; j++)
                lua_rawgeti(L, list, k + j);
            run_reaction(lua, L, p_idx, r);
            lua_settop(L, list);
        }
        lua_settop(L, q);
    }
    return 0;
}

void weft__lua_promise_drain(weft__lua *lua)
{
    lua_State *L = lua->L;
    /* Bound: each failed pass (out of memory in the glue) consumed at least
     * the promise it was working on. */
    while (lua->ready_head < lua->ready_tail && !lua->closing && !lua->host->exit_requested) {
        int top = lua_gettop(L);
        lua_pushcfunction(L, drain_protected);
        if (lua_pcall(L, 0, 0, 0) != LUA_OK)
            weft__lua_log(lua, "SCRIPT ERROR: %s (while running promise callbacks)",
                          lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "error");
        lua_settop(L, top);
    }
}

void weft__lua_promise_open(lua_State *L)
{
    weft__lua *lua = weft__lua_from_state(L);
    static const luaL_Reg methods[] = {
        {"resolve", l_resolve}, {"reject", l_reject}, {"next", l_next}, {NULL, NULL}};
    luaL_newmetatable(L, PROMISE_MT);
    luaL_newlib(L, methods);
    lua_pushcclosure(L, l_index, 1);
    lua_setfield(L, -2, "__index");
    lua_pushcfunction(L, l_tostring);
    lua_setfield(L, -2, "__tostring");
    lua_pop(L, 1);
    lua_newtable(L);
    lua_pushcfunction(L, l_promise_new);
    lua_setfield(L, -2, "new");
    lua_setglobal(L, "promise");
    lua_getglobal(L, "Citizen");
    lua_pushcfunction(L, l_await);
    lua_setfield(L, -2, "Await");
    lua_pop(L, 1);
    lua_newtable(L);
    lua->ready_ref = luaL_ref(L, LUA_REGISTRYINDEX);
}

/* ---- C API ----------------------------------------------------------------- */

static int new_protected(lua_State *L)
{
    weft__lua_promise_push_new(L);
    lua_pushinteger(L, luaL_ref(L, LUA_REGISTRYINDEX));
    return 1;
}

int weft__lua_promise_new(weft__lua *lua)
{
    lua_State *L = lua->L;
    if (lua->closing) return WEFT_ESTATE;
    lua_pushcfunction(L, new_protected);
    if (lua_pcall(L, 0, 1, 0) != LUA_OK) {
        lua_pop(L, 1);
        return WEFT_ENOMEM;
    }
    int handle = (int)lua_tointeger(L, -1);
    lua_pop(L, 1);
    return handle;
}

void weft__lua_promise_push(weft__lua *lua, int handle)
{
    lua_rawgeti(lua->L, LUA_REGISTRYINDEX, handle);
}

void weft__lua_promise_release(weft__lua *lua, int handle)
{
    if (lua->L) luaL_unref(lua->L, LUA_REGISTRYINDEX, handle);
}

/* (value, handle, ok) */
static int settle_protected(lua_State *L)
{
    lua_rawgeti(L, LUA_REGISTRYINDEX, (lua_Integer)lua_tointeger(L, 2));
    if (!to_promise(L, -1)) {
        lua_pushboolean(L, 0);
        return 1;
    }
    weft__lua_promise_settle_at(L, -1, lua_toboolean(L, 3), 1);
    luaL_unref(L, LUA_REGISTRYINDEX, (int)lua_tointeger(L, 2));
    lua_pushboolean(L, 1);
    return 1;
}

int weft__lua_promise_settle_top(weft__lua *lua, int handle, int ok)
{
    lua_State *L = lua->L;
    if (lua->closing) return WEFT_ESTATE;
    if (handle <= 0) {
        lua_pop(L, 1);
        return WEFT_EINVAL;
    }
    /* A host entry: if the stack is empty, the checkpoint that resumes the
     * waiters runs right here, in this loop iteration. */
    weft__host_enter(lua->host, &lua->base);
    lua_pushcfunction(L, settle_protected);
    lua_insert(L, -2);
    lua_pushinteger(L, handle);
    lua_pushboolean(L, ok);
    int rc = lua_pcall(L, 3, 1, 0) != LUA_OK ? WEFT_ENOMEM : lua_toboolean(L, -1) ? 0 : WEFT_EINVAL;
    lua_pop(L, 1);
    weft__host_leave(lua->host);
    return rc;
}

/* (buf, len, hooks): pushes ok, then the value or the codec's message. The
 * codec raises only on memory exhaustion, hence the protected call. */
static int unpack_protected(lua_State *L)
{
    const char *buf = lua_touserdata(L, 1);
    size_t len = (size_t)lua_tointeger(L, 2);
    const weft__lua_codec_hooks *hooks = lua_touserdata(L, 3);
    lua_settop(L, 0);
    int rc = weft__codec_unpack_lua_value(L, hooks, buf, len); /* value or message */
    lua_pushboolean(L, rc >= 0);
    lua_insert(L, 1);
    return 2;
}

int weft__lua_promise_settle(weft__lua *lua, int handle, int ok, const char *buf, size_t len)
{
    lua_State *L = lua->L;
    if (lua->closing) return WEFT_ESTATE;
    lua_pushcfunction(L, unpack_protected);
    lua_pushlightuserdata(L, (void *)buf);
    lua_pushinteger(L, (lua_Integer)len);
    lua_pushlightuserdata(L, &lua->codec_hooks);
    if (lua_pcall(L, 3, 2, 0) != LUA_OK) {
        lua_pop(L, 1);
        return WEFT_ENOMEM;
    }
    if (!lua_toboolean(L, -2)) {
        lua_pop(L, 2);
        return WEFT_EINVAL;
    }
    lua_remove(L, -2);
    return weft__lua_promise_settle_top(lua, handle, ok);
}

/* (node) with the promise at 2 */
static int on_settle_protected(lua_State *L)
{
    struct weft__lua_settle_node *n = lua_touserdata(L, 1);
    lua_pushvalue(L, 2);
    n->promise_ref = luaL_ref(L, LUA_REGISTRYINDEX);
    add_reaction(L, 2, R_C, 1, 0, 0);
    return 0;
}

int weft__lua_promise_on_settle(weft__lua *lua, int idx, weft__lua_settle_cb cb, void *opaque)
{
    lua_State *L = lua->L;
    if (lua->closing) return WEFT_ESTATE;
    if (!to_promise(L, idx)) return WEFT_EINVAL;
    idx = lua_absindex(L, idx);
    struct weft__lua_settle_node *n = calloc(1, sizeof *n);
    if (!n) return WEFT_ENOMEM;
    n->cb = cb;
    n->opaque = opaque;
    n->promise_ref = LUA_NOREF;
    lua_pushcfunction(L, on_settle_protected);
    lua_pushlightuserdata(L, n);
    lua_pushvalue(L, idx);
    if (lua_pcall(L, 2, 0, 0) != LUA_OK) {
        lua_pop(L, 1);
        luaL_unref(L, LUA_REGISTRYINDEX, n->promise_ref);
        free(n);
        return WEFT_ENOMEM;
    }
    n->next = lua->settle_nodes;
    if (n->next) n->next->prev = n;
    lua->settle_nodes = n;
    return 0;
}

void weft__lua_promise_abandon(weft__lua *lua)
{
    /* Bound: each pass frees one node; callbacks run with L NULL and cannot
     * add nodes (the runtime is closing). */
    while (lua->settle_nodes) {
        struct weft__lua_settle_node *n = lua->settle_nodes;
        unlink_node(lua, n);
        n->cb(n->opaque, lua, 0, NULL, 0);
        free(n);
    }
}
