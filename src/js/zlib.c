/* zlib.c: the C half of the `zlib` module (lib/zlib.js): one compression
 * handle per stream on Debian's zlib (deflate/inflate/gzip/gunzip/raw/unzip)
 * and libbrotli (encode/decode), with Node's binding contract: write and
 * writeSync take (flush, in, in_off, in_len, out, out_off, out_len) and leave
 * [avail_out, avail_in] in the handle's write-state array; errors go to
 * handle.onerror(message, errno, code).
 * Async writes run on libuv's thread pool on C-owned copies of the input and
 * output windows (so the JS heap is never touched off the loop thread); the
 * result is copied back and the callback entered through weft__host_enter, so
 * it runs at the checkpoint like any libuv callback. A handle busy when its
 * runtime or JS object goes away is orphaned and freed by its after-work. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>
#include "host/dl_brotlidec.h"
#include "host/dl_brotlienc.h"
#include "js/js.h"

enum {
    M_NONE,
    M_DEFLATE,
    M_INFLATE,
    M_GZIP,
    M_GUNZIP,
    M_DEFLATERAW,
    M_INFLATERAW,
    M_UNZIP,
    M_BROTLI_DECODE,
    M_BROTLI_ENCODE
};

typedef struct weft__zhandle {
    int mode;
    int initialised; /* deflateInit/inflateInit done (zlib modes) */
    int busy;        /* an async write is on the thread pool */
    int orphaned;    /* the JS object or runtime went away while busy */
    int closed;      /* close() called: free once idle */
    int pending_close;
    z_stream strm;
    BrotliEncoderState *benc;
    BrotliDecoderState *bdec;
    int level, window_bits, mem_level, strategy;
    unsigned char *dict;
    size_t dict_len;
    int gzip_magic; /* UNZIP: bytes of the gzip magic seen so far (2 = gzip) */
    /* one write */
    int flush;
    int err; /* zlib return code / brotli result of the last write */
    const char *brotli_err;
    char brotli_code[80];    /* "ERR_" + the decoder's error name, as Node */
    unsigned char *in, *out; /* async: C-owned copies; sync: JS memory */
    uint32_t in_len, out_len, avail_in, avail_out;
    /* async bookkeeping (valid while busy) */
    uv_work_t work;
    weft__js *js;
    JSValue self, cb, out_buf;
    uint32_t out_off;
    struct weft__zhandle *next_busy;
    uint32_t *write_state; /* the JS Uint32Array(2) data, owned by `state_ref` */
    JSValue state_ref, callback_ref;
} weft__zhandle;

static JSClassID zlib_class_id;

/* ---- the compression step (runs on the loop thread or the thread pool) ---- */

static void zreset_inflate(weft__zhandle *z)
{
    inflateReset(&z->strm);
}

/* One write: zlib's deflate/inflate with Node's handling of dictionaries,
 * concatenated gzip members and the unzip mode's gzip detection. */
/* The decoder error's name as Node's bundled brotli spells it, prefix included
 * ("_ERROR_FORMAT_PADDING_1"; Debian's BrotliDecoderErrorString gives "PADDING_1"),
 * so error.code is "ERR__ERROR_FORMAT_PADDING_1" as in Node. */
static const char *brotli_error_name(BrotliDecoderErrorCode c)
{
    switch (c) {
#define WEFT_BROTLI_NAME(prefix, name, value)                                                   \
    case BROTLI_DECODER##prefix##name:                                                         \
        return #prefix #name;
        BROTLI_DECODER_ERROR_CODES_LIST(WEFT_BROTLI_NAME, )
#undef WEFT_BROTLI_NAME
    default:
        return "INVALID";
    }
}

static void do_write(weft__zhandle *z)
{
    z_stream *s = &z->strm;
    if (z->mode == M_BROTLI_ENCODE || z->mode == M_BROTLI_DECODE) {
        size_t avail_in = z->in_len, avail_out = z->out_len;
        const uint8_t *next_in = z->in;
        uint8_t *next_out = z->out;
        if (z->mode == M_BROTLI_ENCODE) {
            z->err = BrotliEncoderCompressStream(z->benc, (BrotliEncoderOperation)z->flush,
                                                 &avail_in, &next_in, &avail_out, &next_out, NULL);
            z->brotli_err = z->err ? NULL : "Compression failed";
        } else {
            BrotliDecoderResult r = BrotliDecoderDecompressStream(z->bdec, &avail_in, &next_in,
                                                                  &avail_out, &next_out, NULL);
            z->err = (int)r;
            z->brotli_err = NULL;
            if (r == BROTLI_DECODER_RESULT_ERROR)
                z->brotli_err = brotli_error_name(BrotliDecoderGetErrorCode(z->bdec));
        }
        z->avail_in = (uint32_t)avail_in;
        z->avail_out = (uint32_t)avail_out;
        return;
    }
    s->next_in = z->in;
    s->avail_in = z->in_len;
    s->next_out = z->out;
    s->avail_out = z->out_len;
    switch (z->mode) {
    case M_DEFLATE:
    case M_GZIP:
    case M_DEFLATERAW:
        z->err = deflate(s, z->flush);
        break;
    case M_UNZIP:
        /* Bound: at most two magic bytes are examined. */
        for (uint32_t i = 0; z->gzip_magic >= 0 && z->gzip_magic < 2 && i < s->avail_in; i++) {
            unsigned char want = z->gzip_magic == 0 ? 0x1f : 0x8b;
            if (s->next_in[i] == want)
                z->gzip_magic++;
            else
                z->gzip_magic = -1;
        }
        /* fall through */
    case M_INFLATE:
    case M_GUNZIP:
    case M_INFLATERAW:
        z->err = inflate(s, z->flush);
        if (z->mode != M_INFLATERAW && z->err == Z_NEED_DICT && z->dict) {
            z->err = inflateSetDictionary(s, z->dict, (uInt)z->dict_len);
            if (z->err == Z_OK)
                z->err = inflate(s, z->flush);
            else if (z->err == Z_DATA_ERROR)
                z->err = Z_NEED_DICT; /* a wrong dictionary */
        }
        /* Further gzip members after the first, as gunzip(1); trailing
         * zero bytes end the data. Bound: each pass consumes a member. */
        while (s->avail_in > 0 && z->err == Z_STREAM_END && s->next_in[0] != 0x00 &&
               (z->mode == M_GUNZIP || (z->mode == M_UNZIP && z->gzip_magic == 2))) {
            zreset_inflate(z);
            z->err = inflate(s, z->flush);
        }
        break;
    default:
        z->err = Z_STREAM_ERROR;
    }
    z->avail_in = s->avail_in;
    z->avail_out = s->avail_out;
}

static const char *zcode_name(int err)
{
    switch (err) {
    case Z_OK:
        return "Z_OK";
    case Z_STREAM_END:
        return "Z_STREAM_END";
    case Z_NEED_DICT:
        return "Z_NEED_DICT";
    case Z_ERRNO:
        return "Z_ERRNO";
    case Z_STREAM_ERROR:
        return "Z_STREAM_ERROR";
    case Z_DATA_ERROR:
        return "Z_DATA_ERROR";
    case Z_MEM_ERROR:
        return "Z_MEM_ERROR";
    case Z_BUF_ERROR:
        return "Z_BUF_ERROR";
    case Z_VERSION_ERROR:
        return "Z_VERSION_ERROR";
    }
    return "Z_UNKNOWN_ERROR";
}

/* The error of the last write as Node reports it, or NULL on success. */
static const char *write_error(weft__zhandle *z, int *errno_out, const char **code)
{
    if (z->mode == M_BROTLI_ENCODE || z->mode == M_BROTLI_DECODE) {
        if (z->mode == M_BROTLI_ENCODE && !z->err) {
            *errno_out = -1;
            *code = "ERR_BROTLI_COMPRESSION_FAILED";
            return "Compression failed";
        }
        if (z->mode == M_BROTLI_DECODE && z->err == BROTLI_DECODER_RESULT_ERROR) {
            *errno_out = (int)BrotliDecoderGetErrorCode(z->bdec);
            snprintf(z->brotli_code, sizeof z->brotli_code, "ERR_%s",
                     z->brotli_err ? z->brotli_err : "");
            *code = z->brotli_code;
            return "Decompression failed";
        }
        if (z->mode == M_BROTLI_DECODE && z->flush == BROTLI_OPERATION_FINISH &&
            z->err == BROTLI_DECODER_RESULT_NEEDS_MORE_INPUT) {
            *errno_out = -5; /* Z_BUF_ERROR, as Node */
            *code = "Z_BUF_ERROR";
            return "unexpected end of file";
        }
        return NULL;
    }
    const char *msg = NULL;
    switch (z->err) {
    case Z_OK:
    case Z_BUF_ERROR:
        if (z->avail_out != 0 && z->flush == Z_FINISH) msg = "unexpected end of file";
        break;
    case Z_STREAM_END:
        break;
    case Z_NEED_DICT:
        msg = z->dict ? "Bad dictionary" : "Missing dictionary";
        break;
    default:
        msg = "Zlib error";
    }
    if (!msg) return NULL;
    if (z->strm.msg) msg = z->strm.msg;
    *errno_out = z->err;
    *code = zcode_name(z->err);
    return msg;
}

static void zfree_engine(weft__zhandle *z)
{
    if (z->initialised) {
        if (z->mode == M_DEFLATE || z->mode == M_GZIP || z->mode == M_DEFLATERAW)
            deflateEnd(&z->strm);
        else if (z->mode != M_BROTLI_DECODE && z->mode != M_BROTLI_ENCODE)
            inflateEnd(&z->strm);
        z->initialised = 0;
    }
    if (z->benc) BrotliEncoderDestroyInstance(z->benc);
    if (z->bdec) BrotliDecoderDestroyInstance(z->bdec);
    z->benc = NULL;
    z->bdec = NULL;
    free(z->dict);
    z->dict = NULL;
}

static void zfree(weft__zhandle *z)
{
    zfree_engine(z);
    free(z);
}

/* ---- JS handle ---------------------------------------------------------- */

static void zhandle_finalizer(JSRuntime *rt, JSValue val)
{
    weft__zhandle *z = JS_GetOpaque(val, zlib_class_id);
    if (!z) return;
    JS_FreeValueRT(rt, z->state_ref);
    JS_FreeValueRT(rt, z->callback_ref);
    if (z->busy)
        z->orphaned = 1; /* after_work frees it */
    else
        zfree(z);
}
static void zhandle_mark(JSRuntime *rt, JSValueConst val, JS_MarkFunc *mark)
{
    weft__zhandle *z = JS_GetOpaque(val, zlib_class_id);
    if (!z) return;
    JS_MarkValue(rt, z->state_ref, mark);
    JS_MarkValue(rt, z->callback_ref, mark);
}
static JSClassDef zlib_class = {"Zlib", .finalizer = zhandle_finalizer, .gc_mark = zhandle_mark};

static weft__zhandle *zget(JSContext *ctx, JSValueConst v)
{
    weft__zhandle *z = JS_GetOpaque2(ctx, v, zlib_class_id);
    if (z && z->closed) {
        JS_ThrowTypeError(ctx, "zlib binding closed");
        return NULL;
    }
    return z;
}

/* new Zlib(mode) */
static JSValue z_new(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    int mode;
    if (JS_ToInt32(ctx, &mode, argv[0])) return JS_EXCEPTION;
    if (mode < M_DEFLATE || mode > M_BROTLI_ENCODE) return JS_ThrowRangeError(ctx, "Bad argument");
    weft__zhandle *z = calloc(1, sizeof *z);
    if (!z) return JS_ThrowOutOfMemory(ctx);
    z->mode = mode;
    z->state_ref = JS_UNDEFINED;
    z->callback_ref = JS_UNDEFINED;
    JSValue obj = JS_NewObjectClass(ctx, (int)zlib_class_id);
    if (JS_IsException(obj)) {
        free(z);
        return obj;
    }
    JS_SetOpaque(obj, z);
    return obj;
}

/* Borrowed bytes of a typed array / DataView / ArrayBuffer. */
static uint8_t *view_bytes(JSContext *ctx, JSValueConst v, size_t *len)
{
    size_t off, blen, bpe;
    JSValue ab = JS_GetTypedArrayBuffer(ctx, v, &off, &blen, &bpe);
    if (!JS_IsException(ab)) {
        size_t total;
        uint8_t *p = JS_GetArrayBuffer(ctx, &total, ab);
        JS_FreeValue(ctx, ab);
        if (!p && blen) return NULL;
        *len = blen;
        return p ? p + off : (uint8_t *)"";
    }
    JS_FreeValue(ctx, JS_GetException(ctx));
    uint8_t *p = JS_GetArrayBuffer(ctx, len, v);
    if (p) return p;
    JS_FreeValue(ctx, JS_GetException(ctx));
    /* DataView */
    JSValue buf = JS_GetPropertyStr(ctx, v, "buffer");
    JSValue o = JS_GetPropertyStr(ctx, v, "byteOffset");
    JSValue l = JS_GetPropertyStr(ctx, v, "byteLength");
    uint32_t o32 = 0, l32 = 0;
    JS_ToUint32(ctx, &o32, o);
    JS_ToUint32(ctx, &l32, l);
    size_t total = 0;
    p = JS_GetArrayBuffer(ctx, &total, buf);
    JS_FreeValue(ctx, buf);
    JS_FreeValue(ctx, o);
    JS_FreeValue(ctx, l);
    if (!p || (size_t)o32 + l32 > total) {
        JS_ThrowTypeError(ctx, "expected a Buffer, TypedArray, DataView or ArrayBuffer");
        return NULL;
    }
    *len = l32;
    return p + o32;
}

/* init(windowBits, level, memLevel, strategy, writeState, processCallback, dictionary)
 * brotli: init(params Uint32Array, writeState, processCallback) -> bool */
static JSValue z_init(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    weft__zhandle *z = zget(ctx, this_val);
    if (!z) return JS_EXCEPTION;
    int state_arg = 4;
    if (z->mode == M_BROTLI_ENCODE || z->mode == M_BROTLI_DECODE) state_arg = 1;
    size_t slen = 0;
    uint8_t *sp = view_bytes(ctx, argv[state_arg], &slen);
    if (!sp || slen < 8) return JS_ThrowTypeError(ctx, "writeState must be a Uint32Array(2)");
    JS_FreeValue(ctx, z->state_ref);
    JS_FreeValue(ctx, z->callback_ref);
    z->state_ref = JS_DupValue(ctx, argv[state_arg]);
    z->write_state = (uint32_t *)sp;
    z->callback_ref = JS_DupValue(ctx, argv[state_arg + 1]);
    if (z->mode == M_BROTLI_ENCODE || z->mode == M_BROTLI_DECODE) {
        size_t plen = 0;
        uint8_t *pp = view_bytes(ctx, argv[0], &plen);
        if (!pp) return JS_EXCEPTION;
        uint32_t *params = (uint32_t *)pp;
        size_t n = plen / 4;
        int ok = 1;
        const char *why;
        if (weft__dl_load(z->mode == M_BROTLI_ENCODE ? &weft__dl_brotlienc : &weft__dl_brotlidec,
                          &why) < 0)
            return JS_ThrowInternalError(ctx, "brotli is not available: %s", why);
        if (z->mode == M_BROTLI_ENCODE) {
            z->benc = BrotliEncoderCreateInstance(NULL, NULL, NULL);
            if (!z->benc) return JS_NewBool(ctx, 0);
            for (size_t i = 0; i < n && ok; i++)
                if (params[i] != UINT32_MAX)
                    ok = BrotliEncoderSetParameter(z->benc, (BrotliEncoderParameter)i, params[i]);
        } else {
            z->bdec = BrotliDecoderCreateInstance(NULL, NULL, NULL);
            if (!z->bdec) return JS_NewBool(ctx, 0);
            for (size_t i = 0; i < n && ok; i++)
                if (params[i] != UINT32_MAX)
                    ok = BrotliDecoderSetParameter(z->bdec, (BrotliDecoderParameter)i, params[i]);
        }
        return JS_NewBool(ctx, ok);
    }
    if (JS_ToInt32(ctx, &z->window_bits, argv[0]) || JS_ToInt32(ctx, &z->level, argv[1]) ||
        JS_ToInt32(ctx, &z->mem_level, argv[2]) || JS_ToInt32(ctx, &z->strategy, argv[3]))
        return JS_EXCEPTION;
    if (argc > 6 && !JS_IsUndefined(argv[6])) {
        size_t dlen;
        uint8_t *d = view_bytes(ctx, argv[6], &dlen);
        if (!d) return JS_EXCEPTION;
        z->dict = malloc(dlen ? dlen : 1);
        if (!z->dict) return JS_ThrowOutOfMemory(ctx);
        memcpy(z->dict, d, dlen);
        z->dict_len = dlen;
    }
    int wb = z->window_bits, err = Z_OK;
    switch (z->mode) {
    case M_GZIP:
    case M_GUNZIP:
        wb += 16;
        break;
    case M_UNZIP:
        wb += 32;
        break;
    case M_DEFLATERAW:
    case M_INFLATERAW:
        wb = -wb;
        break;
    }
    if (z->mode == M_DEFLATE || z->mode == M_GZIP || z->mode == M_DEFLATERAW) {
        err = deflateInit2(&z->strm, z->level, Z_DEFLATED, wb, z->mem_level, z->strategy);
    } else {
        err = inflateInit2(&z->strm, wb);
    }
    if (err != Z_OK) {
        free(z->dict);
        z->dict = NULL;
        return JS_ThrowRangeError(ctx, "Initialization failed");
    }
    z->initialised = 1;
    if (z->dict) {
        if (z->mode == M_DEFLATE || z->mode == M_DEFLATERAW)
            err = deflateSetDictionary(&z->strm, z->dict, (uInt)z->dict_len);
        else if (z->mode == M_INFLATERAW)
            err = inflateSetDictionary(&z->strm, z->dict, (uInt)z->dict_len);
        if (err != Z_OK) return JS_ThrowRangeError(ctx, "Failed to set dictionary");
    }
    return JS_UNDEFINED;
}

/* Call handle.onerror(message, errno, code). */
static void report_error(JSContext *ctx, JSValueConst self, const char *msg, int err,
                         const char *code)
{
    JSValue fn = JS_GetPropertyStr(ctx, self, "onerror");
    JSValue args[3] = {JS_NewString(ctx, msg), JS_NewInt32(ctx, err), JS_NewString(ctx, code)};
    JSValue r = JS_Call(ctx, fn, self, 3, (JSValueConst *)args);
    for (int i = 0; i < 3; i++)
        JS_FreeValue(ctx, args[i]);
    JS_FreeValue(ctx, fn);
    if (JS_IsException(r)) weft__js_report_exception(weft__js_from_ctx(ctx), 0);
    JS_FreeValue(ctx, r);
}

/* Read (flush, in, in_off, in_len, out, out_off, out_len) into z. */
static int read_write_args(JSContext *ctx, weft__zhandle *z, JSValueConst *argv, uint8_t **in,
                           uint8_t **out, uint32_t *out_off)
{
    uint32_t in_off, in_len, o_off, o_len;
    if (JS_ToInt32(ctx, &z->flush, argv[0]) || JS_ToUint32(ctx, &in_off, argv[2]) ||
        JS_ToUint32(ctx, &in_len, argv[3]) || JS_ToUint32(ctx, &o_off, argv[5]) ||
        JS_ToUint32(ctx, &o_len, argv[6]))
        return -1;
    size_t ilen = 0, olen = 0;
    uint8_t *ip = JS_IsUndefined(argv[1]) ? (uint8_t *)"" : view_bytes(ctx, argv[1], &ilen);
    if (!ip) return -1;
    uint8_t *op = view_bytes(ctx, argv[4], &olen);
    if (!op) return -1;
    if ((size_t)in_off + in_len > ilen || (size_t)o_off + o_len > olen) {
        JS_ThrowRangeError(ctx, "zlib write out of bounds");
        return -1;
    }
    *in = ip + in_off;
    *out = op + o_off;
    *out_off = o_off;
    z->in_len = in_len;
    z->out_len = o_len;
    return 0;
}

static JSValue z_write_sync(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    weft__zhandle *z = zget(ctx, this_val);
    if (!z) return JS_EXCEPTION;
    if (z->busy) return JS_ThrowTypeError(ctx, "write already in progress");
    uint8_t *in, *out;
    uint32_t out_off;
    if (read_write_args(ctx, z, argv, &in, &out, &out_off) < 0) return JS_EXCEPTION;
    z->in = in;
    z->out = out;
    do_write(z);
    z->in = z->out = NULL;
    z->write_state[0] = z->avail_out;
    z->write_state[1] = z->avail_in;
    int eno;
    const char *code;
    const char *msg = write_error(z, &eno, &code);
    if (msg) report_error(ctx, this_val, msg, eno, code);
    return JS_UNDEFINED;
}

/* ---- async writes on the thread pool ---- */

static void work_run(uv_work_t *w)
{
    weft__zhandle *z = w->data;
    do_write(z);
}

static void busy_unlink(weft__zhandle *z)
{
    if (!z->js) return;
    weft__zhandle **pp = (weft__zhandle **)&z->js->zlib_busy;
    while (*pp && *pp != z)
        pp = &(*pp)->next_busy;
    if (*pp) *pp = z->next_busy;
    z->next_busy = NULL;
}

static void work_done(uv_work_t *w, int status)
{
    (void)status;
    weft__zhandle *z = w->data;
    z->busy = 0;
    weft__js *js = z->js;
    busy_unlink(z);
    if (z->orphaned || !js) {
        free(z->in);
        free(z->out);
        z->in = z->out = NULL;
        if (z->orphaned) zfree(z);
        return;
    }
    JSContext *ctx = js->ctx;
    weft_host *h = js->host;
    JSValue self = z->self, out_buf = z->out_buf;
    z->self = z->out_buf = JS_UNDEFINED;
    size_t olen = 0;
    uint8_t *op = view_bytes(ctx, out_buf, &olen);
    if (op && (size_t)z->out_off + z->out_len <= olen)
        memcpy(op + z->out_off, z->out, z->out_len - z->avail_out);
    else
        JS_FreeValue(ctx, JS_GetException(ctx));
    free(z->in);
    free(z->out);
    z->in = z->out = NULL;
    if (!h->exit_requested && !js->halted) {
        weft__host_enter(h, &js->base);
        z->write_state[0] = z->avail_out;
        z->write_state[1] = z->avail_in;
        int eno;
        const char *code;
        const char *msg = write_error(z, &eno, &code);
        if (msg) {
            report_error(ctx, self, msg, eno, code);
        } else if (!z->closed) {
            JSValue cb = JS_DupValue(ctx, z->callback_ref);
            JSValue r = JS_Call(ctx, cb, self, 0, NULL);
            if (JS_IsException(r)) weft__js_report_exception(js, 0);
            JS_FreeValue(ctx, r);
            JS_FreeValue(ctx, cb);
        }
        weft__host_leave(h);
    }
    /* a write queued from the callback keeps the engine until it is done */
    if (z->pending_close && !z->busy) zfree_engine(z);
    JS_FreeValue(ctx, out_buf);
    JS_FreeValue(ctx, self); /* may finalize the handle: last */
}

static JSValue z_write(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    weft__zhandle *z = zget(ctx, this_val);
    if (!z) return JS_EXCEPTION;
    if (z->busy) return JS_ThrowTypeError(ctx, "write already in progress");
    uint8_t *in, *out;
    uint32_t out_off;
    if (read_write_args(ctx, z, argv, &in, &out, &out_off) < 0) return JS_EXCEPTION;
    weft__js *js = weft__js_from_ctx(ctx);
    z->in = malloc(z->in_len ? z->in_len : 1);
    z->out = malloc(z->out_len ? z->out_len : 1);
    if (!z->in || !z->out) {
        free(z->in);
        free(z->out);
        z->in = z->out = NULL;
        return JS_ThrowOutOfMemory(ctx);
    }
    memcpy(z->in, in, z->in_len);
    z->out_off = out_off;
    z->js = js;
    z->self = JS_DupValue(ctx, this_val);
    z->out_buf = JS_DupValue(ctx, argv[4]);
    z->work.data = z;
    z->busy = 1;
    z->next_busy = js->zlib_busy;
    js->zlib_busy = z;
    int rc = uv_queue_work(&js->host->loop, &z->work, work_run, work_done);
    if (rc != 0) {
        z->busy = 0;
        busy_unlink(z);
        free(z->in);
        free(z->out);
        z->in = z->out = NULL;
        JS_FreeValue(ctx, z->self);
        JS_FreeValue(ctx, z->out_buf);
        return JS_ThrowInternalError(ctx, "uv_queue_work: %s", uv_strerror(rc));
    }
    return JS_UNDEFINED;
}

/* The runtime is going away: busy handles drop their JS references and are
 * freed by their after-work (which no longer enters JS). */
void weft__js_zlib_free(weft__js *js)
{
    weft__zhandle *z = js->zlib_busy;
    js->zlib_busy = NULL;
    /* Bound: the list of writes in flight. */
    while (z) {
        weft__zhandle *next = z->next_busy;
        z->next_busy = NULL;
        z->js = NULL;
        JSValue self = z->self, out_buf = z->out_buf;
        z->self = z->out_buf = JS_UNDEFINED;
        JS_FreeValue(js->ctx, out_buf);
        JS_FreeValue(js->ctx, self); /* the finalizer marks it orphaned */
        z = next;
    }
}

static JSValue z_params(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    weft__zhandle *z = zget(ctx, this_val);
    if (!z) return JS_EXCEPTION;
    int level, strategy;
    if (JS_ToInt32(ctx, &level, argv[0]) || JS_ToInt32(ctx, &strategy, argv[1]))
        return JS_EXCEPTION;
    if (z->mode == M_DEFLATE || z->mode == M_GZIP || z->mode == M_DEFLATERAW) {
        int err = deflateParams(&z->strm, level, strategy);
        if (err != Z_OK && err != Z_BUF_ERROR) {
            report_error(ctx, this_val, "Failed to set parameters", err, zcode_name(err));
            return JS_UNDEFINED;
        }
    }
    z->level = level;
    z->strategy = strategy;
    return JS_UNDEFINED;
}

static JSValue z_reset(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    weft__zhandle *z = zget(ctx, this_val);
    if (!z) return JS_EXCEPTION;
    int err = Z_OK;
    if (z->mode == M_BROTLI_ENCODE || z->mode == M_BROTLI_DECODE) return JS_UNDEFINED;
    z->gzip_magic = 0;
    if (z->mode == M_DEFLATE || z->mode == M_GZIP || z->mode == M_DEFLATERAW)
        err = deflateReset(&z->strm);
    else
        err = inflateReset(&z->strm);
    if (err != Z_OK) report_error(ctx, this_val, "Failed to reset stream", err, zcode_name(err));
    return JS_UNDEFINED;
}

static JSValue z_close(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    weft__zhandle *z = JS_GetOpaque2(ctx, this_val, zlib_class_id);
    if (!z) return JS_EXCEPTION;
    if (z->closed) return JS_UNDEFINED;
    z->closed = 1;
    if (z->busy)
        z->pending_close = 1; /* the thread still uses the engine */
    else
        zfree_engine(z);
    return JS_UNDEFINED;
}

static JSValue z_get_mode(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    weft__zhandle *z = JS_GetOpaque2(ctx, this_val, zlib_class_id);
    return z ? JS_NewInt32(ctx, z->mode) : JS_EXCEPTION;
}

static const JSCFunctionListEntry zlib_proto[] = {
    JS_CFUNC_DEF("init", 7, z_init),
    JS_CFUNC_DEF("write", 7, z_write),
    JS_CFUNC_DEF("writeSync", 7, z_write_sync),
    JS_CFUNC_DEF("params", 2, z_params),
    JS_CFUNC_DEF("reset", 0, z_reset),
    JS_CFUNC_DEF("close", 0, z_close),
    JS_CFUNC_DEF("getMode", 0, z_get_mode),
};

/* crc32(data, value): zlib's crc32, continuing from value. */
static JSValue z_crc32(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    uint32_t value = 0;
    if (argc > 1 && JS_ToUint32(ctx, &value, argv[1])) return JS_EXCEPTION;
    uLong crc = value;
    if (JS_IsString(argv[0])) {
        size_t len;
        const char *s = JS_ToCStringLen(ctx, &len, argv[0]);
        if (!s) return JS_EXCEPTION;
        crc = crc32(crc, (const Bytef *)s, (uInt)len);
        JS_FreeCString(ctx, s);
    } else {
        size_t len;
        uint8_t *p = view_bytes(ctx, argv[0], &len);
        if (!p) return JS_EXCEPTION;
        crc = crc32(crc, p, (uInt)len);
    }
    return JS_NewUint32(ctx, (uint32_t)crc);
}

/* zlib.constants, from the libraries' headers (the names Node exposes). */
#define ZC(name)                                                                                   \
    {                                                                                              \
#name, name                                                                                \
    }
static const struct {
    const char *name;
    double value;
} zconst[] = {ZC(Z_NO_FLUSH),
              ZC(Z_PARTIAL_FLUSH),
              ZC(Z_SYNC_FLUSH),
              ZC(Z_FULL_FLUSH),
              ZC(Z_FINISH),
              ZC(Z_BLOCK),
              ZC(Z_OK),
              ZC(Z_STREAM_END),
              ZC(Z_NEED_DICT),
              ZC(Z_ERRNO),
              ZC(Z_STREAM_ERROR),
              ZC(Z_DATA_ERROR),
              ZC(Z_MEM_ERROR),
              ZC(Z_BUF_ERROR),
              ZC(Z_VERSION_ERROR),
              ZC(Z_NO_COMPRESSION),
              ZC(Z_BEST_SPEED),
              ZC(Z_BEST_COMPRESSION),
              ZC(Z_DEFAULT_COMPRESSION),
              ZC(Z_FILTERED),
              ZC(Z_HUFFMAN_ONLY),
              ZC(Z_RLE),
              ZC(Z_FIXED),
              ZC(Z_DEFAULT_STRATEGY),
              ZC(ZLIB_VERNUM),
              {"DEFLATE", M_DEFLATE},
              {"INFLATE", M_INFLATE},
              {"GZIP", M_GZIP},
              {"GUNZIP", M_GUNZIP},
              {"DEFLATERAW", M_DEFLATERAW},
              {"INFLATERAW", M_INFLATERAW},
              {"UNZIP", M_UNZIP},
              {"BROTLI_DECODE", M_BROTLI_DECODE},
              {"BROTLI_ENCODE", M_BROTLI_ENCODE},
              {"Z_MIN_WINDOWBITS", 8},
              {"Z_MAX_WINDOWBITS", 15},
              {"Z_DEFAULT_WINDOWBITS", 15},
              {"Z_MIN_CHUNK", 64},
              {"Z_MAX_CHUNK", 1.0 / 0.0},
              {"Z_DEFAULT_CHUNK", 16 * 1024},
              {"Z_MIN_MEMLEVEL", 1},
              {"Z_MAX_MEMLEVEL", 9},
              {"Z_DEFAULT_MEMLEVEL", 8},
              {"Z_MIN_LEVEL", -1},
              {"Z_MAX_LEVEL", 9},
              {"Z_DEFAULT_LEVEL", Z_DEFAULT_COMPRESSION},
              ZC(BROTLI_OPERATION_PROCESS),
              ZC(BROTLI_OPERATION_FLUSH),
              ZC(BROTLI_OPERATION_FINISH),
              ZC(BROTLI_OPERATION_EMIT_METADATA),
              ZC(BROTLI_PARAM_MODE),
              ZC(BROTLI_MODE_GENERIC),
              ZC(BROTLI_MODE_TEXT),
              ZC(BROTLI_MODE_FONT),
              ZC(BROTLI_DEFAULT_MODE),
              ZC(BROTLI_PARAM_QUALITY),
              ZC(BROTLI_MIN_QUALITY),
              ZC(BROTLI_MAX_QUALITY),
              ZC(BROTLI_DEFAULT_QUALITY),
              ZC(BROTLI_PARAM_LGWIN),
              ZC(BROTLI_MIN_WINDOW_BITS),
              ZC(BROTLI_MAX_WINDOW_BITS),
              ZC(BROTLI_LARGE_MAX_WINDOW_BITS),
              ZC(BROTLI_DEFAULT_WINDOW),
              ZC(BROTLI_PARAM_LGBLOCK),
              ZC(BROTLI_MIN_INPUT_BLOCK_BITS),
              ZC(BROTLI_MAX_INPUT_BLOCK_BITS),
              ZC(BROTLI_PARAM_DISABLE_LITERAL_CONTEXT_MODELING),
              ZC(BROTLI_PARAM_SIZE_HINT),
              ZC(BROTLI_PARAM_LARGE_WINDOW),
              ZC(BROTLI_PARAM_NPOSTFIX),
              ZC(BROTLI_PARAM_NDIRECT),
              ZC(BROTLI_DECODER_RESULT_ERROR),
              ZC(BROTLI_DECODER_RESULT_SUCCESS),
              ZC(BROTLI_DECODER_RESULT_NEEDS_MORE_INPUT),
              ZC(BROTLI_DECODER_RESULT_NEEDS_MORE_OUTPUT),
              ZC(BROTLI_DECODER_PARAM_DISABLE_RING_BUFFER_REALLOCATION),
              ZC(BROTLI_DECODER_PARAM_LARGE_WINDOW),
#define WEFT_BROTLI_ERR(prefix, name, value) {"BROTLI_DECODER" #prefix #name, value},
              BROTLI_DECODER_ERROR_CODES_LIST(WEFT_BROTLI_ERR, )
#undef WEFT_BROTLI_ERR
};
#undef ZC

/* natives.zlibBinding(): the binding object, made on first require('zlib')
 * so runtimes that never compress pay nothing at start. */
static JSValue z_binding(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    weft__js *js = weft__js_from_ctx(ctx);
    if (!zlib_class_id) JS_NewClassID(&zlib_class_id);
    if (!JS_IsRegisteredClass(js->rt, zlib_class_id))
        JS_NewClass(js->rt, zlib_class_id, &zlib_class);
    JSValue proto = JS_NewObject(ctx);
    JS_SetPropertyFunctionList(ctx, proto, zlib_proto, sizeof zlib_proto / sizeof zlib_proto[0]);
    JS_SetClassProto(ctx, zlib_class_id, proto);
    JSValue z = JS_NewObject(ctx);
    JS_SetPropertyStr(ctx, z, "create", JS_NewCFunction(ctx, z_new, "create", 1));
    JS_SetPropertyStr(ctx, z, "crc32", JS_NewCFunction(ctx, z_crc32, "crc32", 2));
    JS_SetPropertyStr(ctx, z, "zlibVersion", JS_NewString(ctx, zlibVersion()));
    JSValue c = JS_NewObject(ctx);
    for (size_t i = 0; i < sizeof zconst / sizeof zconst[0]; i++)
        JS_SetPropertyStr(ctx, c, zconst[i].name, JS_NewFloat64(ctx, zconst[i].value));
    JS_SetPropertyStr(ctx, z, "constants", c);
    return z;
}

void weft__js_zlib_init(weft__js *js, JSValue natives)
{
    JS_SetPropertyStr(js->ctx, natives, "zlibBinding",
                      JS_NewCFunction(js->ctx, z_binding, "zlibBinding", 0));
}
