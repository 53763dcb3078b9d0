/* msgpack.h: the msgpack boundary every engine and host API shares: the
 * extension types (FiveM's numbering), the nesting limit, and a token reader
 * for untrusted input (src/host/msgpack.c). Value rules per engine:
 * src/js/codec.h, src/lua/lua_codec.h, docs/values.md. Engine-agnostic. */
#ifndef WEFT_HOST_MSGPACK_H
#define WEFT_HOST_MSGPACK_H

#include <stddef.h>
#include <stdint.h>
#include <msgpack.h>
#include "weft_conf.h"

/* Containers nested deeper than this are refused by both codecs. */
#ifndef WEFT_CODEC_MAX_DEPTH
#define WEFT_CODEC_MAX_DEPTH 64
#endif

/* Bytes reserved for a function ref id, NUL included (both codecs). */
#define WEFT__CODEC_REF_ID_CAP 256

/* ext types of the boundary (FiveM's numbering). */
#define WEFT__CODEC_EXT_REF 10
#define WEFT__CODEC_EXT_LOCAL_REF 11
#define WEFT__CODEC_EXT_VECTOR2 20
#define WEFT__CODEC_EXT_VECTOR3 21
#define WEFT__CODEC_EXT_VECTOR4 22
#define WEFT__CODEC_EXT_QUAT 23 /* x, y, z, w as vector4 */

/* A packer's output (both codecs): msgpack-c's sbuffer, refusing to grow
 * past WEFT_CODEC_MAX_BYTES; too_big then tells that failure from running out
 * of memory. msgpack_packer_init(&pk, &out, weft__mp_out_write). */
typedef struct weft__mp_out {
    msgpack_sbuffer sb;
    int too_big;
} weft__mp_out;
void weft__mp_out_init(weft__mp_out *out);
int weft__mp_out_write(void *data, const char *buf, size_t len);

/* The shared msgpack token reader (src/host/msgpack.c). One call reads one
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

/* Skip one whole value (a container with all it holds). Returns 0, or -1
 * for malformed input or nesting deeper than WEFT_CODEC_MAX_DEPTH. */
int weft__mp_skip(weft__mp_reader *r);

/* 1 if p[0..len) is exactly one well-formed msgpack value (nesting within
 * WEFT_CODEC_MAX_DEPTH, no bytes after it); 0 if not. With args nonzero it
 * must also be an argument list: an array of at most WEFT_CALL_ARGS_MAX
 * elements, as the codecs take. For bytes from an embedder, checked once
 * before they reach every runtime. */
int weft__mp_valid(const void *p, size_t len, int args);

/* 1 if s[0..len) is well-formed UTF-8 (no overlongs, surrogates or code
 * points above U+10FFFF; NUL bytes allowed). */
int weft__codec_utf8_valid(const char *s, size_t len);
/* A little-endian float32 (the vector ext types' payload). */
float weft__codec_le_float(const char *p);

#endif
