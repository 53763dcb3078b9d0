/* test_lua_api.c: the C API the host uses on a Lua runtime (src/lua/lua_rt.h):
 * a promise settled from C resumes its waiter before the settle call returns
 * (the checkpoint, DESIGN.md §2), settle callbacks run at the checkpoint and
 * get (ok 0, L NULL) when the runtime is freed, frames are driven by
 * weft__lua_frame when the loop does not drive them, and every runtime ends
 * with its handles closed and the loop closable. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>
#include <lauxlib.h>
#include "lua/lua_rt.h"

static weft_host host;

static weft__lua *setup_lua(void)
{
    assert_int_equal(weft__host_init(&host), 0);
    weft__lua *lua = weft__lua_new(&host, "api");
    assert_non_null(lua);
    return lua;
}

static void teardown_lua(weft__lua *lua)
{
    weft__lua_free(lua);
    uv_run(&host.loop, UV_RUN_DEFAULT);
    assert_int_equal(weft__host_close(&host), 0);
}

static int load(weft__lua *lua, const char *src)
{
    return weft__lua_load_buffer(lua, src, strlen(src), "=test");
}

static lua_Integer global_int(weft__lua *lua, const char *name)
{
    lua_getglobal(lua->L, name);
    lua_Integer v = lua_tointeger(lua->L, -1);
    lua_pop(lua->L, 1);
    return v;
}

static void test_settle_from_c_resumes_now(void **state)
{
    weft__lua *lua = setup_lua();
    int handle = weft__lua_promise_new(lua);
    assert_true(handle > 0);
    weft__lua_promise_push(lua, handle);
    lua_setglobal(lua->L, "hp");
    assert_int_equal(load(lua,
                          "result = 0\n"
                          "Citizen.CreateThreadNow(function() result = Citizen.Await(hp) end)"),
                     0);
    assert_int_equal(global_int(lua, "result"), 0);
    uint64_t before = host.checkpoints;
    lua_pushinteger(lua->L, 7);
    assert_int_equal(weft__lua_promise_settle_top(lua, handle, 1), 0);
    /* resumed inside the settle call: no loop iteration in between */
    assert_int_equal(global_int(lua, "result"), 7);
    assert_true(host.checkpoints > before);
    assert_int_equal(lua_gettop(lua->L), 0);
    /* the handle was released: settling again is refused */
    lua_pushinteger(lua->L, 8);
    assert_int_equal(weft__lua_promise_settle_top(lua, handle, 1), WEFT_EINVAL);
    teardown_lua(lua);
}

static void test_reject_from_c(void **state)
{
    weft__lua *lua = setup_lua();
    int handle = weft__lua_promise_new(lua);
    weft__lua_promise_push(lua, handle);
    lua_setglobal(lua->L, "hp");
    assert_int_equal(load(lua, "Citizen.CreateThreadNow(function()\n"
                               "  local ok, err = pcall(Citizen.Await, hp)\n"
                               "  reason = (not ok) and err\n"
                               "end)"),
                     0);
    lua_pushliteral(lua->L, "refused");
    assert_int_equal(weft__lua_promise_settle_top(lua, handle, 0), 0);
    lua_getglobal(lua->L, "reason");
    assert_string_equal(lua_tostring(lua->L, -1), "refused");
    lua_pop(lua->L, 1);
    /* settled with msgpack bytes (the cross-runtime path): "hi", then [1, nil, 3] */
    int h2 = weft__lua_promise_new(lua), h3 = weft__lua_promise_new(lua);
    weft__lua_promise_push(lua, h2);
    lua_setglobal(lua->L, "p2");
    weft__lua_promise_push(lua, h3);
    lua_setglobal(lua->L, "p3");
    assert_int_equal(load(lua, "Citizen.CreateThreadNow(function()\n"
                               "  got2 = Citizen.Await(p2)\n"
                               "  local t = Citizen.Await(p3)\n"
                               "  got3 = t[1] + t[3] + (t[2] == nil and 100 or 0)\n"
                               "end)"),
                     0);
    assert_int_equal(weft__lua_promise_settle(lua, h2, 1, "\xc1", 1), WEFT_EINVAL);
    assert_int_equal(lua_gettop(lua->L), 0);
    assert_int_equal(weft__lua_promise_settle(lua, h2, 1, "\xa2hi", 3), 0);
    lua_getglobal(lua->L, "got2");
    assert_string_equal(lua_tostring(lua->L, -1), "hi");
    lua_pop(lua->L, 1);
    assert_int_equal(weft__lua_promise_settle(lua, h3, 1, "\x93\x01\xc0\x03", 4), 0);
    assert_int_equal(global_int(lua, "got3"), 104);
    assert_int_equal(lua_gettop(lua->L), 0);
    teardown_lua(lua);
}

static int cb_calls, cb_ok, cb_had_state;
static char cb_value[64];

static void on_settled(void *opaque, weft__lua *lua, int ok, lua_State *L, int idx)
{
    cb_calls++;
    cb_ok = ok;
    cb_had_state = L != NULL;
    cb_value[0] = 0;
    if (L && lua_type(L, idx) == LUA_TSTRING)
        strncpy(cb_value, lua_tostring(L, idx), sizeof cb_value - 1);
    *(int *)opaque += 1;
}

static void test_on_settle(void **state)
{
    weft__lua *lua = setup_lua();
    int opaque = 0;
    cb_calls = 0;
    assert_int_equal(load(lua, "sp = promise.new()"), 0);
    lua_getglobal(lua->L, "sp");
    assert_int_equal(weft__lua_promise_on_settle(lua, -1, on_settled, &opaque), 0);
    lua_pop(lua->L, 1);
    lua_pushinteger(lua->L, 1);
    assert_int_equal(weft__lua_promise_on_settle(lua, -1, on_settled, &opaque), WEFT_EINVAL);
    lua_pop(lua->L, 1);
    assert_int_equal(cb_calls, 0);
    /* resolved by script: the callback runs at the checkpoint after that entry */
    assert_int_equal(load(lua, "sp:resolve('done') assert(true)"), 0);
    assert_int_equal(cb_calls, 1);
    assert_int_equal(cb_ok, 1);
    assert_true(cb_had_state);
    assert_string_equal(cb_value, "done");
    /* a pending one is abandoned when the runtime is freed */
    assert_int_equal(load(lua, "never = promise.new()"), 0);
    lua_getglobal(lua->L, "never");
    assert_int_equal(weft__lua_promise_on_settle(lua, -1, on_settled, &opaque), 0);
    lua_pop(lua->L, 1);
    teardown_lua(lua);
    assert_int_equal(cb_calls, 2);
    assert_int_equal(cb_ok, 0);
    assert_false(cb_had_state);
    assert_int_equal(opaque, 2);
}

static void test_frames_from_host(void **state)
{
    weft__lua *lua = setup_lua();
    /* server mode: frames come only from weft__lua_frame */
    assert_int_equal(load(lua, "frames = 0\n"
                               "Citizen.CreateThreadNow(function()\n"
                               "  for i = 1, 3 do frames = i Wait(0) end\n"
                               "end)"),
                     0);
    assert_int_equal(global_int(lua, "frames"), 1);
    uv_run(&host.loop, UV_RUN_NOWAIT); /* loop iterations are not frames here */
    assert_int_equal(global_int(lua, "frames"), 1);
    weft__lua_frame(lua);
    assert_int_equal(global_int(lua, "frames"), 2);
    weft__lua_frame(lua);
    assert_int_equal(global_int(lua, "frames"), 3);
    assert_true(weft__lua_sched_pending(lua));
    weft__lua_frame(lua);
    assert_false(weft__lua_sched_pending(lua));
    teardown_lua(lua);
}

static void test_free_with_pending_timers(void **state)
{
    weft__lua *lua = setup_lua();
    assert_true(lua->mem_used > 0);
    assert_int_equal(load(lua, "SetTimeout(100000, function() end)\n"
                               "CreateThread(function() Wait(50000) end)\n"
                               "Wait(0)"),
                     0);
    assert_true(weft__lua_sched_pending(lua));
    assert_int_equal(load(lua, "syntax error here"), WEFT_ESCRIPT);
    assert_int_equal(load(lua, "error('x')"), WEFT_ESCRIPT);
    assert_int_equal(lua->main_failed, 1);
    teardown_lua(lua); /* closes the timers; the loop closes cleanly */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_settle_from_c_resumes_now),
        cmocka_unit_test(test_reject_from_c),
        cmocka_unit_test(test_on_settle),
        cmocka_unit_test(test_frames_from_host),
        cmocka_unit_test(test_free_with_pending_timers),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
