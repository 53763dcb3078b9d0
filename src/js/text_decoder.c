/* text_decoder.c: natives.binding('text_decoder'), the ICU converters (ucnv)
 * behind TextDecoder for the legacy encodings (single-byte, CJK; see
 * lib/encoding.js, which keeps utf-8, utf-16 and Node's latin1 in JS).
 * A converter object owns one UConverter, closed by its finalizer; the
 * conversion state carries across decode() calls while streaming, as Node's
 * ConverterObject (src/node_i18n.cc) keeps it. */
#include <stdlib.h>
#include <string.h>
#include "js/icu.h"
#include "js/js.h"

static JSClassID conv_class_id;

static void conv_finalizer(JSRuntime *rt, JSValue val)
{
    UConverter *c = JS_GetOpaque(val, conv_class_id);
    if (c) ICU(ucnv_close)(c);
}

static JSClassDef conv_class = {"WeftConverter", .finalizer = conv_finalizer};

/* The callback's context: what a malformed or unmapped sequence becomes. */
enum { CB_REPLACE = 0, CB_FATAL = 1, CB_GB18030 = 2 };
static const int cb_modes[4] = {CB_REPLACE, CB_FATAL, CB_GB18030, CB_GB18030 | CB_FATAL};

/* As the WHATWG decoders (and Node's ICU): U+FFFD for every error, where
 * ICU's default substitutes U+001A for an unmapped sequence of some code
 * pages; gb18030's lone 0x80 is U+20AC. Fatal leaves the error set, which
 * stops the conversion. */
static void conv_to_u(const void *context, UConverterToUnicodeArgs *args, const char *units,
                      int32_t length, UConverterCallbackReason reason, UErrorCode *err)
{
    if (reason > UCNV_IRREGULAR) return; /* reset, close, clone */
    int mode = *(const int *)context;
    UChar c = 0xfffd;
    if ((mode & CB_GB18030) && length == 1 && (unsigned char)units[0] == 0x80) c = 0x20ac;
    else if (mode & CB_FATAL) return;
    *err = U_ZERO_ERROR;
    ICU(ucnv_cbToUWriteUChars)(args, &c, 1, 0, err);
}

/* open(name, fatal): a converter, or null when ICU has no such encoding.
 * fatal: stop at the first malformed or unmappable sequence (decode then
 * returns null) instead of substituting U+FFFD. */
static JSValue conv_open(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    if (weft__icu_load(ctx) < 0) return JS_EXCEPTION;
    const char *name = JS_ToCString(ctx, argv[0]);
    if (!name) return JS_EXCEPTION;
    UErrorCode st = U_ZERO_ERROR;
    UConverter *c = ICU(ucnv_open)(name, &st);
    int gb18030 = !strcmp(name, "gb18030");
    JS_FreeCString(ctx, name);
    if (U_FAILURE(st)) return JS_NULL;
    int mode = (JS_ToBool(ctx, argv[1]) ? CB_FATAL : 0) | (gb18030 ? CB_GB18030 : 0);
    ICU(ucnv_setToUCallBack)(c, conv_to_u, &cb_modes[mode], NULL, NULL, &st);
    if (U_FAILURE(st)) {
        ICU(ucnv_close)(c);
        return weft__icu_throw(ctx, "ucnv_setToUCallBack", st);
    }
    JSValue obj = JS_NewObjectClass(ctx, (int)conv_class_id);
    if (JS_IsException(obj)) {
        ICU(ucnv_close)(c);
        return obj;
    }
    JS_SetOpaque(obj, c);
    return obj;
}

/* decode(converter, bytes: Uint8Array, flush): the text of bytes, after what
 * earlier calls left pending; flush ends the stream (an incomplete sequence
 * at the end is malformed) and resets the converter. null on malformed input
 * of a fatal converter (reset too). */
static JSValue conv_decode(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    UConverter *c = JS_GetOpaque2(ctx, argv[0], conv_class_id);
    if (!c) return JS_EXCEPTION;
    size_t off, n, bpe;
    JSValue ab = JS_GetTypedArrayBuffer(ctx, argv[1], &off, &n, &bpe);
    if (JS_IsException(ab)) return ab;
    size_t size;
    uint8_t *base = JS_GetArrayBuffer(ctx, &size, ab);
    JS_FreeValue(ctx, ab);
    if (!base) n = 0; /* detached */
    int flush = JS_ToBool(ctx, argv[2]);
    if (n > (size_t)INT32_MAX / 4) return JS_ThrowRangeError(ctx, "Invalid string length");
    size_t cap = 2 * n + 16, len = 0;
    UChar *out = malloc(cap * sizeof *out);
    if (!out) return JS_ThrowOutOfMemory(ctx);
    const char *src = base ? (const char *)base + off : "", *end = src + n;
    UErrorCode st;
    for (;;) { /* ends: each pass either finishes or grows out (bounded by input) */
        st = U_ZERO_ERROR;
        UChar *t = out + len;
        ICU(ucnv_toUnicode)(c, &t, out + cap, &src, end, NULL, (UBool)flush, &st);
        len = (size_t)(t - out);
        if (st != U_BUFFER_OVERFLOW_ERROR) break;
        UChar *grown = realloc(out, 2 * cap * sizeof *out);
        if (!grown) {
            free(out);
            ICU(ucnv_reset)(c);
            return JS_ThrowOutOfMemory(ctx);
        }
        out = grown;
        cap *= 2;
    }
    JSValue r;
    if (U_FAILURE(st)) {
        ICU(ucnv_reset)(c);
        r = JS_NULL;
    } else {
        if (flush) ICU(ucnv_reset)(c);
        r = weft__icu_to_js(ctx, out, (int32_t)len);
    }
    free(out);
    return r;
}

static const JSCFunctionListEntry conv_funcs[] = {
    JS_CFUNC_DEF("open", 2, conv_open),
    JS_CFUNC_DEF("decode", 3, conv_decode),
};

JSValue weft__js_text_decoder_binding(JSContext *ctx)
{
    JSRuntime *rt = JS_GetRuntime(ctx);
    if (!conv_class_id) JS_NewClassID(&conv_class_id);
    if (!JS_IsRegisteredClass(rt, conv_class_id)) JS_NewClass(rt, conv_class_id, &conv_class);
    JSValue o = JS_NewObject(ctx);
    JS_SetPropertyFunctionList(ctx, o, conv_funcs, sizeof conv_funcs / sizeof conv_funcs[0]);
    return o;
}
