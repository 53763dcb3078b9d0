/* lua_codec.h: the Lua 5.4 side of the msgpack value boundary (rules in
 * src/js/codec.h and docs/values.md; the shared token reader is
 * src/host/msgpack.h). Nothing here raises a Lua error
 * except on memory exhaustion: failures return -1 with a message pushed.
 * Table access is raw (metatables, __index, __pairs are never consulted). */
#ifndef WEFT_LUA_CODEC_H
#define WEFT_LUA_CODEC_H

#include <stddef.h>
#include <stdint.h>
#include <lua.h>
#include "host/msgpack.h"

/* Stack slots the codec reserves before calling a hook. */
#define WEFT__LUA_CODEC_HOOK_SLOTS 8

typedef struct weft__lua_codec_hooks {
    /* Turn the Lua function at stack slot index into a ref id, written
     * NUL-terminated into id (cap bytes). Returns 0 or a negative WEFT_E*.
     * Must leave the stack balanced. It runs in protected mode, so it may
     * raise (a memory error in luaL_ref): the packing then fails with "out
     * of memory". It may push up to WEFT__LUA_CODEC_HOOK_SLOTS values (the
     * codec reserves them). */
    int (*make_ref)(void *opaque, lua_State *L, int index, char *id, size_t cap);
    /* Push one callable value for an incoming ref id (len bytes, not
     * NUL-terminated). Returns 0, or a negative WEFT_E* with nothing pushed.
     * It may use up to WEFT__LUA_CODEC_HOOK_SLOTS slots. */
    int (*push_ref_proxy)(void *opaque, lua_State *L, const char *id, size_t len);
    void *opaque;
} weft__lua_codec_hooks;

/* Pack stack slots first..last (inclusive; nil slots kept, last < first
 * packs an empty array) as one msgpack array into a malloc'ed *out. Returns 0,
 * or -1 with an error message string pushed (and *out untouched). */
int weft__codec_pack_lua_args(lua_State *L, const weft__lua_codec_hooks *hooks, int first, int last,
                              char **out, size_t *outlen);
/* Pack the one value at stack slot index (not wrapped). Same contract. */
int weft__codec_pack_lua_value(lua_State *L, const weft__lua_codec_hooks *hooks, int index,
                               char **out, size_t *outlen);
/* Unpack a msgpack array of arguments, pushing each one (nils included).
 * Returns their count, or -1 with only an error message pushed. */
int weft__codec_unpack_lua_args(lua_State *L, const weft__lua_codec_hooks *hooks, const char *buf,
                                size_t len);
/* Unpack one msgpack value and push it. Returns 1, or -1 with an error
 * message pushed instead. */
int weft__codec_unpack_lua_value(lua_State *L, const weft__lua_codec_hooks *hooks, const char *buf,
                                 size_t len);

/* vector.c: CfxLua's vector values. Kinds in ext order (ext 20 + kind). */
enum { WEFT__LUA_VEC2, WEFT__LUA_VEC3, WEFT__LUA_VEC4, WEFT__LUA_QUAT };
/* The vector at idx: its kind, components in out (x, y, z, w; unused ones
 * 0); -1 when it is not a vector. */
int weft__lua_vector_get(lua_State *L, int idx, float out[4]);
/* Push a new vector (raises on memory errors only). */
void weft__lua_vector_push(lua_State *L, int kind, const float in[4]);
/* vector2/3/4, vec2/3/4, quat and the vector-aware type() as globals. */
void weft__lua_vector_open(lua_State *L);

#endif
