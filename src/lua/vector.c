/* vector.c: CfxLua's vector types on plain Lua 5.4: vector2/vector3/vector4
 * (aliases vec2/vec3/vec4) and quat, as immutable userdata values of float32
 * components (CfxLua stores floats). Behaviour follows CfxLua (citizenfx/lua,
 * read, not copied): fields x/y/z/w and 1-based indexes, swizzles (v.xy,
 * v.zyx), + - * / with a vector of the same kind or a number, unary minus,
 * == by value, #v is the length (magnitude), tostring as
 * "vector3(1, 2, 3)" ("%.7g" per component) and "quat(w, x, y, z)", and
 * type(v) returns "vector3" (the global `type` is wrapped). Crossing a
 * runtime boundary they are msgpack ext 20/21/22/23: 2/3/4/4 little-endian
 * float32 (x, y, z[, w]) — lua_codec.c packs and unpacks them. */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <lauxlib.h>
#include "lua/lua_rt.h"

#define VECTOR_MT "weft.vector"

typedef struct vec {
    int kind; /* WEFT__LUA_VEC2 .. WEFT__LUA_QUAT */
    float v[4]; /* x, y, z, w */
} vec;

static const char *const kind_names[] = {"vector2", "vector3", "vector4", "quat"};

static int dims(int kind)
{
    return kind == WEFT__LUA_VEC2 ? 2 : kind == WEFT__LUA_VEC3 ? 3 : 4;
}

static vec *push_vec(lua_State *L, int kind)
{
    vec *p = lua_newuserdatauv(L, sizeof *p, 0);
    memset(p, 0, sizeof *p);
    p->kind = kind;
    luaL_setmetatable(L, VECTOR_MT);
    return p;
}

static vec *to_vec(lua_State *L, int idx)
{
    return luaL_testudata(L, idx, VECTOR_MT);
}

int weft__lua_vector_get(lua_State *L, int idx, float out[4])
{
    vec *p = to_vec(L, idx);
    if (!p) return -1;
    memcpy(out, p->v, sizeof p->v);
    return p->kind;
}

void weft__lua_vector_push(lua_State *L, int kind, const float in[4])
{
    vec *p = push_vec(L, kind);
    memcpy(p->v, in, sizeof p->v);
}

/* vectorN(...): numbers and vectors flattened to exactly N components; one
 * number alone fills every component. */
static int construct(lua_State *L, int kind)
{
    int n = dims(kind), top = lua_gettop(L), k = 0;
    float c[4] = {0, 0, 0, 0};
    if (top == 1 && lua_type(L, 1) == LUA_TNUMBER) {
        for (int i = 0; i < n; i++) c[i] = (float)lua_tonumber(L, 1);
        k = n;
    } else {
        for (int i = 1; i <= top; i++) {
            vec *o = to_vec(L, i);
            if (o) {
                for (int j = 0; j < dims(o->kind) && k <= n; j++, k++)
                    if (k < n) c[k] = o->v[j];
            } else if (lua_type(L, i) == LUA_TNUMBER) {
                if (k < n) c[k] = (float)lua_tonumber(L, i);
                k++;
            } else {
                return luaL_typeerror(L, i, "number or vector");
            }
        }
    }
    if (k != n) return luaL_error(L, "%s(...) requires exactly %d numbers", kind_names[kind], n);
    vec *p = push_vec(L, kind);
    memcpy(p->v, c, sizeof c);
    return 1;
}

static int l_vector2(lua_State *L)
{
    return construct(L, WEFT__LUA_VEC2);
}
static int l_vector3(lua_State *L)
{
    return construct(L, WEFT__LUA_VEC3);
}
static int l_vector4(lua_State *L)
{
    return construct(L, WEFT__LUA_VEC4);
}

/* quat(w, x, y, z), CfxLua's argument order. */
static int l_quat(lua_State *L)
{
    vec *p;
    float w = (float)luaL_checknumber(L, 1), x = (float)luaL_checknumber(L, 2),
          y = (float)luaL_checknumber(L, 3), z = (float)luaL_checknumber(L, 4);
    p = push_vec(L, WEFT__LUA_QUAT);
    p->v[0] = x;
    p->v[1] = y;
    p->v[2] = z;
    p->v[3] = w;
    return 1;
}

static int axis_of(char c)
{
    switch (c) {
    case 'x': return 0;
    case 'y': return 1;
    case 'z': return 2;
    case 'w': return 3;
    default: return -1;
    }
}

/* v.x, v[1], v.xy, v.zyx: a number, a vector, or nil. */
static int vec_index(lua_State *L)
{
    vec *p = to_vec(L, 1);
    int n = dims(p->kind);
    if (lua_type(L, 2) == LUA_TNUMBER) {
        lua_Integer i = lua_tointeger(L, 2);
        if (lua_isinteger(L, 2) && i >= 1 && i <= n) lua_pushnumber(L, p->v[i - 1]);
        else lua_pushnil(L);
        return 1;
    }
    size_t len;
    const char *k = lua_tolstring(L, 2, &len);
    if (!k || len < 1 || len > 4 || (len > 1 && p->kind == WEFT__LUA_QUAT)) {
        lua_pushnil(L);
        return 1;
    }
    float c[4] = {0, 0, 0, 0};
    for (size_t i = 0; i < len; i++) {
        int a = axis_of(k[i]);
        if (a < 0 || a >= n) {
            lua_pushnil(L);
            return 1;
        }
        c[i] = p->v[a];
    }
    if (len == 1) {
        lua_pushnumber(L, c[0]);
        return 1;
    }
    vec *r = push_vec(L, (int)len - 2 + WEFT__LUA_VEC2);
    memcpy(r->v, c, sizeof c);
    return 1;
}

static int vec_newindex(lua_State *L)
{
    return luaL_error(L, "cannot set a field of a %s (vectors are values)",
                      kind_names[to_vec(L, 1)->kind]);
}

/* Hamilton product of quats a * b (x, y, z, w layout). */
static void quat_mul(const float *a, const float *b, float *o)
{
    o[3] = a[3] * b[3] - a[0] * b[0] - a[1] * b[1] - a[2] * b[2];
    o[0] = a[3] * b[0] + a[0] * b[3] + a[1] * b[2] - a[2] * b[1];
    o[1] = a[3] * b[1] - a[0] * b[2] + a[1] * b[3] + a[2] * b[0];
    o[2] = a[3] * b[2] + a[0] * b[1] - a[1] * b[0] + a[2] * b[3];
}

enum { OP_ADD, OP_SUB, OP_MUL, OP_DIV };

static float apply(int op, float a, float b)
{
    switch (op) {
    case OP_ADD: return a + b;
    case OP_SUB: return a - b;
    case OP_MUL: return a * b;
    default: return a / b;
    }
}

static int arith(lua_State *L, int op)
{
    static const char *const opname[] = {"add", "subtract", "multiply", "divide"};
    vec *a = to_vec(L, 1), *b = to_vec(L, 2);
    if (a && b && a->kind == WEFT__LUA_QUAT && op == OP_MUL) {
        if (b->kind == WEFT__LUA_QUAT) {
            vec *r = push_vec(L, WEFT__LUA_QUAT);
            quat_mul(a->v, b->v, r->v);
            return 1;
        }
        if (b->kind == WEFT__LUA_VEC3) { /* rotate: q * (v, 0) * conj(q) */
            float pv[4] = {b->v[0], b->v[1], b->v[2], 0}, t[4], r4[4];
            float conj[4] = {-a->v[0], -a->v[1], -a->v[2], a->v[3]};
            quat_mul(a->v, pv, t);
            quat_mul(t, conj, r4);
            vec *r = push_vec(L, WEFT__LUA_VEC3);
            memcpy(r->v, r4, 3 * sizeof(float));
            return 1;
        }
    }
    if (a && b) {
        if (a->kind != b->kind || a->kind == WEFT__LUA_QUAT)
            return luaL_error(L, "attempt to %s a %s and a %s", opname[op], kind_names[a->kind],
                              kind_names[b->kind]);
        vec *r = push_vec(L, a->kind);
        for (int i = 0; i < dims(a->kind); i++) r->v[i] = apply(op, a->v[i], b->v[i]);
        return 1;
    }
    vec *v = a ? a : b;
    int num = a ? 2 : 1;
    if (lua_type(L, num) != LUA_TNUMBER || (v->kind == WEFT__LUA_QUAT && op != OP_MUL &&
                                           op != OP_DIV))
        return luaL_error(L, "attempt to %s a %s and a %s", opname[op],
                          a ? kind_names[a->kind] : luaL_typename(L, 1),
                          b ? kind_names[b->kind] : luaL_typename(L, 2));
    float s = (float)lua_tonumber(L, num);
    vec *r = push_vec(L, v->kind);
    for (int i = 0; i < dims(v->kind); i++)
        r->v[i] = a ? apply(op, v->v[i], s) : apply(op, s, v->v[i]);
    return 1;
}

static int vec_add(lua_State *L)
{
    return arith(L, OP_ADD);
}
static int vec_sub(lua_State *L)
{
    return arith(L, OP_SUB);
}
static int vec_mul(lua_State *L)
{
    return arith(L, OP_MUL);
}
static int vec_div(lua_State *L)
{
    return arith(L, OP_DIV);
}

static int vec_unm(lua_State *L)
{
    vec *a = to_vec(L, 1);
    vec *r = push_vec(L, a->kind);
    for (int i = 0; i < 4; i++) r->v[i] = -a->v[i];
    return 1;
}

static int vec_eq(lua_State *L)
{
    vec *a = to_vec(L, 1), *b = to_vec(L, 2);
    lua_pushboolean(L, a && b && a->kind == b->kind && !memcmp(a->v, b->v, sizeof a->v));
    return 1;
}

/* #v: the length. */
static int vec_len(lua_State *L)
{
    vec *a = to_vec(L, 1);
    double s = 0;
    for (int i = 0; i < dims(a->kind); i++) s += (double)a->v[i] * a->v[i];
    lua_pushnumber(L, (float)sqrt(s));
    return 1;
}

static int vec_tostring(lua_State *L)
{
    vec *a = to_vec(L, 1);
    char buf[256];
    const float *v = a->v;
    switch (a->kind) {
    case WEFT__LUA_VEC2: snprintf(buf, sizeof buf, "vector2(%.7g, %.7g)", v[0], v[1]); break;
    case WEFT__LUA_VEC3:
        snprintf(buf, sizeof buf, "vector3(%.7g, %.7g, %.7g)", v[0], v[1], v[2]);
        break;
    case WEFT__LUA_VEC4:
        snprintf(buf, sizeof buf, "vector4(%.7g, %.7g, %.7g, %.7g)", v[0], v[1], v[2], v[3]);
        break;
    default:
        snprintf(buf, sizeof buf, "quat(%.7g, %.7g, %.7g, %.7g)", v[3], v[0], v[1], v[2]);
    }
    lua_pushstring(L, buf);
    return 1;
}

/* type(v): "vector2".."quat" for vectors, else Lua's own answer. */
static int l_type(lua_State *L)
{
    luaL_checkany(L, 1);
    vec *a = to_vec(L, 1);
    lua_pushstring(L, a ? kind_names[a->kind] : luaL_typename(L, 1));
    return 1;
}

void weft__lua_vector_open(lua_State *L)
{
    static const luaL_Reg meta[] = {
        {"__index", vec_index}, {"__newindex", vec_newindex}, {"__add", vec_add},
        {"__sub", vec_sub},     {"__mul", vec_mul},           {"__div", vec_div},
        {"__unm", vec_unm},     {"__eq", vec_eq},             {"__len", vec_len},
        {"__tostring", vec_tostring}, {NULL, NULL}};
    luaL_newmetatable(L, VECTOR_MT);
    luaL_setfuncs(L, meta, 0);
    lua_pushliteral(L, "vector");
    lua_setfield(L, -2, "__name");
    lua_pop(L, 1);
    static const luaL_Reg fns[] = {{"vector2", l_vector2}, {"vec2", l_vector2},
                                   {"vector3", l_vector3}, {"vec3", l_vector3},
                                   {"vector4", l_vector4}, {"vec4", l_vector4},
                                   {"quat", l_quat},       {"type", l_type},
                                   {NULL, NULL}};
    for (const luaL_Reg *f = fns; f->name; f++) lua_register(L, f->name, f->func);
}
