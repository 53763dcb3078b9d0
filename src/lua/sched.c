/* sched.c: the Lua scheduler: Citizen.CreateThread/CreateThreadNow/Wait/
 * SetTimeout on libuv. Threads waiting Wait(ms >= 1) or SetTimeout(ms >= 1)
 * sit in one min-heap behind one uv timer armed for the earliest due time (no
 * frame quantization); CreateThread and SetTimeout(<= 0) go to the `soon`
 * queue, run at the next check phase; Wait(0) and a bare coroutine.yield()
 * wait for the next frame (weft__lua_frame: the server's frame tick, or,
 * standalone, each check phase). Every resume is one host entry.
 *
 * Bounds: a timer pass pops only wake-ups due at its start (anything pushed
 * meanwhile is due >= 1 ms later); a soon or frame pass resumes only the
 * threads queued when it began. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <lauxlib.h>
#include "host/prof.h"
#include "host/server.h"
#include "lua/lua_rt.h"

#if LUA_VERSION_RELEASE_NUM >= 50406
#define weft__lua_closethread(co, from) lua_closethread(co, from)
#else
#define weft__lua_closethread(co, from) ((void)(from), lua_resetthread(co))
#endif

/* ---- ref queues -------------------------------------------------------- */

static int refq_push(weft__lua_refq *q, int ref)
{
    if (q->len == q->cap) {
        size_t cap = q->cap ? q->cap * 2 : 16;
        int *v = realloc(q->v, cap * sizeof *v);
        if (!v) return WEFT_ENOMEM;
        q->v = v;
        q->cap = cap;
    }
    q->v[q->len++] = ref;
    return 0;
}

static void idle_noop(uv_idle_t *handle) {}

/* Keep the loop from blocking in poll while soon (or standalone frame) work
 * is queued; the idle handle is also what keeps a standalone run alive. */
static void update_idle(weft__lua *lua)
{
    if (lua->closing) return;
    int pending = lua->soon.len || (lua->loop_frames && lua->frame.len);
    int active = uv_is_active((uv_handle_t *)&lua->idle);
    if (pending && !active)
        uv_idle_start(&lua->idle, idle_noop);
    else if (!pending && active)
        uv_idle_stop(&lua->idle);
}

/* ---- threads ------------------------------------------------------------- */

lua_State *weft__lua_new_thread(weft__lua *lua, lua_State *L, int idx)
{
    idx = lua_absindex(L, idx);
    lua_State *co = lua_newthread(L);
    *weft__lua_thread_flags(co) = WEFT__LUA_THREAD;
    lua_pushvalue(L, idx);
    lua_xmove(L, co, 1);
    return co;
}

void weft__lua_move_to_thread(lua_State *L, lua_State *co, int n)
{
    /* A thread's stack is its own: room on L says nothing about co's. */
    if (!lua_checkstack(co, n)) luaL_error(L, "not enough stack for %d values in a Lua thread", n);
    lua_xmove(L, co, n);
}

/* Protected: anchor thread a (light userdata) and queue it for a frame. */
static int queue_frame_protected(lua_State *L)
{
    weft__lua *lua = weft__lua_from_state(L);
    lua_State *co = lua_touserdata(L, 1);
    lua_pushthread(co);
    lua_xmove(co, L, 1);
    int ref = luaL_ref(L, LUA_REGISTRYINDEX);
    if (refq_push(&lua->frame, ref) < 0) {
        luaL_unref(L, LUA_REGISTRYINDEX, ref);
        return luaL_error(L, "not enough memory");
    }
    update_idle(lua);
    return 0;
}

int weft__lua_resume(weft__lua *lua, lua_State *from, lua_State *co, int nargs)
{
    weft_host *h = lua->host;
    if (lua->closing || h->exit_requested) {
        lua_pop(co, nargs);
        return LUA_YIELD;
    }
    int nres;
    weft__host_enter(h, &lua->base);
    lua_State *outer = weft__lua_set_running(lua, co);
    lua->yield_registered = 0;
    int st = lua_resume(co, from, nargs, &nres);
    weft__lua_set_running(lua, outer);
    if (st == LUA_YIELD) {
        lua_pop(co, nres);
        /* A bare coroutine.yield() in a thread waits one frame (as FiveM). */
        if (!lua->yield_registered && !lua->closing) {
            lua_State *L = lua->L;
            lua_pushcfunction(L, queue_frame_protected);
            lua_pushlightuserdata(L, co);
            if (lua_pcall(L, 1, 0, 0) != LUA_OK) {
                weft__lua_log(lua, "SCRIPT ERROR: not enough memory (a yielded thread is dropped)");
                lua_pop(L, 1);
            }
        }
    } else if (st == LUA_OK) {
        lua_pop(co, nres);
    } else {
        if (*weft__lua_thread_flags(co) & WEFT__LUA_CHUNK) lua->main_failed = 1;
        const char *text = lua_type(co, -1) == LUA_TSTRING ? lua_tostring(co, -1) : NULL;
        if (weft__lua_is_stack_overflow(co, -1, st) && weft__ev_pass_overflow(h, text)) {
            lua_pop(co, 1); /* the emitter raises it (weft__ev_trigger) */
            lua->overflow_passed = 1;
        } else {
            weft__lua_report(lua, co, st);
        }
        weft__lua_closethread(co, from); /* runs pending __close handlers */
    }
    weft__host_leave(h);
    return st;
}

/* Resume the thread anchored at registry ref `ref`, releasing the anchor. */
static void resume_ref(weft__lua *lua, int ref)
{
    lua_State *L = lua->L;
    lua_rawgeti(L, LUA_REGISTRYINDEX, ref);
    luaL_unref(L, LUA_REGISTRYINDEX, ref);
    lua_State *co = lua_tothread(L, -1);
    if (co && !(*weft__lua_thread_flags(co) & WEFT__LUA_CANCELED)) weft__lua_resume(lua, L, co, 0);
    lua_pop(L, 1);
}

/* ---- timers ------------------------------------------------------------- */

static void on_timer(uv_timer_t *handle);

static void arm_timer(weft__lua *lua)
{
    const weft__lua_wake *w = weft__lua_heap_peek(&lua->timers);
    if (lua->closing) return;
    if (!w) {
        uv_timer_stop(&lua->timer);
        lua->timer_due = UINT64_MAX;
        return;
    }
    if (w->due == lua->timer_due) return;
    uint64_t now = uv_now(&lua->host->loop);
    uv_timer_start(&lua->timer, on_timer, w->due > now ? w->due - now : 0, 0);
    lua->timer_due = w->due;
}

static void on_timer(uv_timer_t *handle)
{
    weft__lua *lua = handle->data;
    weft_host *h = lua->host;
    uint64_t now = uv_now(&h->loop);
    lua->timer_due = UINT64_MAX;
    weft__prof_begin(h, &lua->base, WEFT_PROF_CALLBACKS, "timers");
    const weft__lua_wake *w;
    /* Bound: wake-ups pushed during this pass are due at now + 1 ms or later
     * (uv_now does not move inside a callback), so this pops at most the
     * heap's size at entry. */
    while (!lua->closing && !h->exit_requested && (w = weft__lua_heap_peek(&lua->timers)) &&
           w->due <= now) {
        weft__lua_wake e;
        weft__lua_heap_pop(&lua->timers, &e);
        resume_ref(lua, e.ref);
    }
    weft__prof_end(h);
    arm_timer(lua);
}

/* Anchor the value on top of L (a thread) to wake after `ms`: the heap for
 * ms >= 1, else `q` (soon or frame). Pops it. Raises on memory errors. */
static void schedule_top(weft__lua *lua, lua_State *L, lua_Number ms, weft__lua_refq *q)
{
    int ref = luaL_ref(L, LUA_REGISTRYINDEX);
    int rc;
    if (ms != ms) ms = 0; /* NaN */
    if (ms > WEFT_TIMEOUT_MAX) ms = WEFT_TIMEOUT_MAX;
    if (ms >= 1) {
        rc = weft__lua_heap_push(&lua->timers, uv_now(&lua->host->loop) + (uint64_t)ms, ref);
        if (rc == 0) arm_timer(lua);
    } else {
        rc = refq_push(q, ref);
        if (rc == 0) update_idle(lua);
    }
    if (rc < 0) {
        luaL_unref(L, LUA_REGISTRYINDEX, ref);
        luaL_error(L, "not enough memory");
    }
}

/* Run the first n entries of q (those queued when the pass began), then drop
 * them; entries queued meanwhile stay for the next pass. */
static void run_queue(weft__lua *lua, weft__lua_refq *q)
{
    size_t n = q->len, i;
    if (!n) return; /* (an empty queue may have no buffer) */
    /* Bound: n, fixed at entry. */
    for (i = 0; i < n && !lua->closing && !lua->host->exit_requested; i++)
        resume_ref(lua, q->v[i]);
    if (lua->closing) return;
    if (i < n) { /* exiting: release the rest */
        for (size_t k = i; k < n; k++)
            luaL_unref(lua->L, LUA_REGISTRYINDEX, q->v[k]);
    }
    memmove(q->v, q->v + n, (q->len - n) * sizeof *q->v);
    q->len -= n;
}

void weft__lua_frame(weft__lua *lua)
{
    if (lua->closing) return;
    run_queue(lua, &lua->frame);
    update_idle(lua);
}

static void on_check(uv_check_t *handle)
{
    weft__lua *lua = handle->data;
    if (lua->closing) return;
    if (lua->soon.len) {
        weft__prof_begin(lua->host, &lua->base, WEFT_PROF_CALLBACKS, "immediates");
        run_queue(lua, &lua->soon);
        weft__prof_end(lua->host);
    }
    if (lua->loop_frames && lua->frame.len && !lua->closing) run_queue(lua, &lua->frame);
    update_idle(lua);
}

/* ---- Lua API --------------------------------------------------------------- */

int weft__lua_cannot_wait(lua_State *L, const char *fn)
{
    if (*weft__lua_thread_flags(L) & WEFT__LUA_THREAD) /* a thread, not yieldable here */
        return luaL_error(L,
                          "%s cannot wait here: attempt to yield across a C-call boundary (a "
                          "metamethod, a table.sort comparator, a string.gsub callback, or a "
                          "function pcall or xpcall calls through C)",
                          fn);
    if (!lua_pushthread(L)) { /* a coroutine of the script's own */
        lua_pop(L, 1);
        return luaL_error(L,
                          "%s cannot wait inside a coroutine the script resumes itself "
                          "(coroutine.wrap/resume): wait in the thread's own body, or make it a "
                          "thread (Citizen.CreateThread)",
                          fn);
    }
    lua_pop(L, 1);
    return luaL_error(L, "%s must be called from a thread (Citizen.CreateThread)", fn);
}

/* Citizen.Wait(ms): suspend the calling thread for ms (>= 1), or until the
 * next frame (ms <= 0 or absent). */
static int l_wait(lua_State *L)
{
    weft__lua *lua = weft__lua_from_state(L);
    lua_Number ms = luaL_optnumber(L, 1, 0);
    if (!(*weft__lua_thread_flags(L) & WEFT__LUA_THREAD) || !lua_isyieldable(L))
        return weft__lua_cannot_wait(L, "Citizen.Wait");
    if (!lua->closing) {
        lua_pushthread(L);
        schedule_top(lua, L, floor(ms), &lua->frame);
    }
    lua->yield_registered = 1;
    return lua_yield(L, 0);
}

/* Citizen.CreateThread(fn): run fn in a new thread at the next check phase. */
static int l_create_thread(lua_State *L)
{
    weft__lua *lua = weft__lua_from_state(L);
    luaL_checktype(L, 1, LUA_TFUNCTION);
    if (lua->closing) return 0;
    weft__lua_new_thread(lua, L, 1);
    schedule_top(lua, L, 0, &lua->soon);
    return 0;
}

/* Citizen.CreateThreadNow(fn): run fn in a new thread now, up to its first
 * yield, then return. */
static int l_create_thread_now(lua_State *L)
{
    weft__lua *lua = weft__lua_from_state(L);
    luaL_checktype(L, 1, LUA_TFUNCTION);
    if (lua->closing) return 0;
    lua_State *co = weft__lua_new_thread(lua, L, 1); /* anchored on L's stack */
    weft__lua_resume(lua, L, co, 0);
    return 0;
}

/* Registry table handle -> the timeout's thread (weak values: a thread that
 * ran is garbage); field "n": the last handle given. */
#define TIMEOUTS_KEY "weft.timeouts"

static void push_timeouts(lua_State *L)
{
    if (lua_getfield(L, LUA_REGISTRYINDEX, TIMEOUTS_KEY) != LUA_TTABLE) {
        lua_pop(L, 1);
        lua_newtable(L);
        lua_createtable(L, 0, 1);
        lua_pushliteral(L, "v");
        lua_setfield(L, -2, "__mode");
        lua_setmetatable(L, -2);
        lua_pushvalue(L, -1);
        lua_setfield(L, LUA_REGISTRYINDEX, TIMEOUTS_KEY);
    }
}

/* Citizen.SetTimeout(ms, fn): run fn in a new thread after ms; returns a
 * handle for Citizen.ClearTimeout. */
static int l_set_timeout(lua_State *L)
{
    weft__lua *lua = weft__lua_from_state(L);
    lua_Number ms = luaL_checknumber(L, 1);
    luaL_checktype(L, 2, LUA_TFUNCTION);
    if (lua->closing) return 0;
    lua_settop(L, 2);
    push_timeouts(L); /* 3 */
    lua_getfield(L, 3, "n");
    lua_Integer id = lua_tointeger(L, -1) + 1;
    lua_pop(L, 1);
    lua_pushinteger(L, id);
    lua_setfield(L, 3, "n");
    weft__lua_new_thread(lua, L, 2); /* 4 */
    lua_pushvalue(L, 4);
    lua_rawseti(L, 3, id);
    schedule_top(lua, L, floor(ms), &lua->soon);
    lua_pushinteger(L, id);
    return 1;
}

/* Citizen.ClearTimeout(handle): the timeout will not run, if it has not
 * started yet (a started one is left alone). */
static int l_clear_timeout(lua_State *L)
{
    lua_Integer id = luaL_checkinteger(L, 1);
    push_timeouts(L);
    lua_rawgeti(L, -1, id);
    lua_State *co = lua_tothread(L, -1);
    if (co && co != L && lua_status(co) == LUA_OK && lua_gettop(co) > 0)
        *weft__lua_thread_flags(co) |= WEFT__LUA_CANCELED;
    lua_pushnil(L);
    lua_rawseti(L, -3, id);
    return 0;
}

void weft__lua_sched_open(lua_State *L)
{
    static const luaL_Reg fns[] = {{"CreateThread", l_create_thread},
                                   {"CreateThreadNow", l_create_thread_now},
                                   {"Wait", l_wait},
                                   {"SetTimeout", l_set_timeout},
                                   {"ClearTimeout", l_clear_timeout},
                                   {NULL, NULL}};
    lua_getglobal(L, "Citizen");
    for (const luaL_Reg *f = fns; f->name; f++) {
        lua_pushcfunction(L, f->func);
        lua_pushvalue(L, -1);
        lua_setfield(L, -3, f->name);
        if (strcmp(f->name, "CreateThreadNow"))
            lua_setglobal(L, f->name);
        else
            lua_pop(L, 1);
    }
    lua_pop(L, 1);
}

/* ---- set-up ------------------------------------------------------------- */

int weft__lua_sched_init(weft__lua *lua)
{
    uv_loop_t *loop = &lua->host->loop;
    weft__lua_heap_init(&lua->timers);
    lua->timer_due = UINT64_MAX;
    uv_timer_init(loop, &lua->timer);
    uv_check_init(loop, &lua->check);
    uv_idle_init(loop, &lua->idle);
    lua->timer.data = lua->check.data = lua->idle.data = lua;
    lua->handles_open = 3;
    uv_check_start(&lua->check, on_check);
    uv_unref((uv_handle_t *)&lua->check);
    return 0;
}

void weft__lua_sched_close(weft__lua *lua)
{
    uv_timer_stop(&lua->timer);
    uv_check_stop(&lua->check);
    uv_idle_stop(&lua->idle);
    weft__lua_heap_free(&lua->timers);
    free(lua->soon.v);
    free(lua->frame.v);
    lua->soon = lua->frame = (weft__lua_refq){0};
}

int weft__lua_sched_pending(const weft__lua *lua)
{
    return lua->timers.len || lua->soon.len || lua->frame.len;
}
