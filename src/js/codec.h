/* codec.h: values crossing a runtime boundary, as msgpack bytes (msgpack-c
 * from Debian's libmsgpack-dev) with FiveM's extension types:
 *   ext 10 / 11  function reference: the ref id string "<resource>:<instance>:<index>"
 *                (10 = callable ref; 11 = reserved for FiveM's "local" refs, decoded as 10)
 *   ext 20/21/22/23 vector2/3/4, quat: 2/3/4/4 little-endian float32; JS sees
 *                them as FiveM's JS runtime does (ExtBuffer {buffer, type})
 * A call's arguments are packed as one msgpack array.
 *
 * Rules (documented in docs/values.md, tested in tests/unit/test_codec*.c; the
 * token reader and ext numbers are shared: src/host/msgpack.h):
 *  - JS numbers: integral values in int64 range (and not -0) pack as msgpack
 *    ints; everything else (fractions, -0, NaN, +-Infinity) as float64.
 *  - BigInt: int64/uint64 when it fits, else a TypeError.
 *  - undefined and null: nil (nil unpacks to null in JS, nil in Lua).
 *  - strings: UTF-8 str (embedded NULs kept); ArrayBuffer/typed arrays: bin.
 *  - arrays: msgpack arrays, holes as nil; plain objects: maps with string keys;
 *    Map: a msgpack map (keys packed as values); Set: an array; Date: float64 ms.
 *  - functions: a ref (ext 10) via hooks->make_ref; incoming ext 10 becomes a
 *    callable proxy via hooks->ref_proxy.
 *  - a non-callable Proxy packs as the data its traps expose.
 *  - cycles, nesting deeper than WEFT_CODEC_MAX_DEPTH, getters or traps that
 *    throw: a TypeError (JS) / error (Lua) in the caller, never a crash.
 * Ownership: buffers returned in *out are malloc'ed; the caller frees them. */
#ifndef WEFT_JS_CODEC_H
#define WEFT_JS_CODEC_H

#include <stddef.h>
#include <quickjs.h>
#include "weft.h"
#include "host/msgpack.h"


typedef struct weft__codec_hooks {
    /* Turn a JS function into a ref id; write it NUL-terminated into id
     * (idcap bytes). Returns 0 or a negative WEFT_E* (then packing fails
     * with a TypeError). */
    int (*make_ref)(void *opaque, JSContext *ctx, JSValueConst fn, char *id, size_t idcap);
    /* A callable JS value for an incoming ref id (len bytes, not NUL-terminated). */
    JSValue (*ref_proxy)(void *opaque, JSContext *ctx, const char *id, size_t len);
    void *opaque;
} weft__codec_hooks;

/* Pack argv[0..argc) as one msgpack array into a malloc'ed buffer. On error
 * returns JS_EXCEPTION-style -1 with a TypeError pending in ctx; else 0. */
int weft__codec_pack_js_args(JSContext *ctx, const weft__codec_hooks *hooks, int argc,
                             JSValueConst *argv, char **out, size_t *outlen);
/* Pack one JS value (not wrapped in an array). Same contract. */
int weft__codec_pack_js_value(JSContext *ctx, const weft__codec_hooks *hooks, JSValueConst v,
                              char **out, size_t *outlen);
/* Unpack a msgpack array of arguments into a JS array (returned, owned), or
 * JS_EXCEPTION with a TypeError for malformed input. */
JSValue weft__codec_unpack_js_args(JSContext *ctx, const weft__codec_hooks *hooks,
                                   const char *buf, size_t len);
/* Unpack one msgpack value. */
JSValue weft__codec_unpack_js_value(JSContext *ctx, const weft__codec_hooks *hooks,
                                    const char *buf, size_t len);

/* 1 if script code could catch e (not an uncatchable error: process.exit(),
 * a CPU-limit or signal interrupt): the flag the interpreter reads. */
int weft__codec_is_catchable(JSContext *ctx, JSValueConst e);

#endif
