/* lua_codec.h: the Lua 5.4 side of the msgpack value boundary (rules in
 * src/host/codec.h and docs/values.md), plus the msgpack token reader both
 * codecs share (defined in src/host/codec.c). Nothing here raises a Lua error
 * except on memory exhaustion: failures return -1 with a message pushed.
 * Table access is raw (metatables, __index, __pairs are never consulted). */
#ifndef WEFT_LUA_CODEC_H
#define WEFT_LUA_CODEC_H

#include <stddef.h>
#include <stdint.h>
#include <lua.h>

/* Bytes reserved for a function ref id, NUL included (both codecs). */
#define WEFT__CODEC_REF_ID_CAP 256

/* ext types of the boundary (FiveM's numbering). */
#define WEFT__CODEC_EXT_REF 10
#define WEFT__CODEC_EXT_LOCAL_REF 11
#define WEFT__CODEC_EXT_VECTOR2 20
#define WEFT__CODEC_EXT_VECTOR3 21
#define WEFT__CODEC_EXT_VECTOR4 22

typedef struct weft__lua_codec_hooks {
    /* Turn the Lua function at stack slot index into a ref id, written
     * NUL-terminated into id (cap bytes). Returns 0 or a negative WEFT_E*.
     * Must leave the stack balanced and must not raise. */
    int (*make_ref)(void *opaque, lua_State *L, int index, char *id, size_t cap);
    /* Push one callable value for an incoming ref id (len bytes, not
     * NUL-terminated). Returns 0, or a negative WEFT_E* with nothing pushed. */
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

/* The shared msgpack token reader (src/host/codec.c). One call reads one
 * token: a scalar, a str/bin/ext payload (pointing into the buffer), or an
 * array/map header whose elements follow. Container counts are checked
 * against the bytes left (an element takes at least one byte), so a reader of
 * untrusted input never allocates more than the input justifies. */
typedef enum {
    WEFT__MP_NIL,
    WEFT__MP_BOOL,
    WEFT__MP_INT,   /* i: any value that fits int64 */
    WEFT__MP_UINT,  /* u: only values above INT64_MAX */
    WEFT__MP_FLOAT, /* f: float32 or float64 */
    WEFT__MP_STR,
    WEFT__MP_BIN,
    WEFT__MP_ARRAY, /* len elements follow */
    WEFT__MP_MAP,   /* len key/value pairs follow */
    WEFT__MP_EXT
} weft__mp_type;

typedef struct weft__mp_token {
    weft__mp_type type;
    int boolean;
    int8_t ext_type;
    int64_t i;
    uint64_t u;
    double f;
    const char *p; /* STR, BIN, EXT payload */
    uint32_t len;  /* payload bytes, or element/pair count */
} weft__mp_token;

typedef struct weft__mp_reader {
    const uint8_t *p, *end;
} weft__mp_reader;

/* Read the next token. Returns 0, or -1 if the input is truncated or not
 * msgpack (reserved byte 0xc1, a count larger than the bytes left). */
int weft__codec_mp_next(weft__mp_reader *r, weft__mp_token *t);

/* 1 if s[0..len) is well-formed UTF-8 (no overlongs, surrogates or code
 * points above U+10FFFF; NUL bytes allowed). */
int weft__codec_utf8_valid(const char *s, size_t len);
/* A little-endian float32 (the vector ext types' payload). */
float weft__codec_le_float(const char *p);

#endif
