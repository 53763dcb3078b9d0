/* icu.c: loading ICU (libicuuc, libicui18n of Debian's ICU 72; host/dl.h)
 * on the first Intl or non-UTF TextDecoder use, and the string conversions
 * between QuickJS and ICU's UTF-16. The one file that knows ICU is not
 * linked; icu.h names the functions. */
#include <stdlib.h>
#include <string.h>
#include "js/icu.h"

WEFT_DL_DEFINE(icu, WEFT_ICU_FNS, "libicui18n.so." U_ICU_VERSION_SHORT,
               "libicu" U_ICU_VERSION_SHORT, NULL)

int weft__icu_load(JSContext *ctx)
{
    const char *why;
    if (weft__dl_load(&weft__dl_icu, &why) == 0) return 0;
    JS_ThrowInternalError(ctx, "ICU is not available: %s", why);
    return -1;
}

UChar *weft__icu_from_js(JSContext *ctx, JSValueConst v, int32_t *len)
{
    size_t n;
    /* CESU-8: every UTF-16 unit of the string as its own 1-3 byte sequence */
    const char *s = JS_ToCStringLen2(ctx, &n, v, 1);
    if (!s) return NULL;
    if (n > INT32_MAX / 2) {
        JS_FreeCString(ctx, s);
        JS_ThrowRangeError(ctx, "Invalid string length");
        return NULL;
    }
    UChar *u = malloc((n + 1) * sizeof *u);
    if (!u) {
        JS_FreeCString(ctx, s);
        JS_ThrowOutOfMemory(ctx);
        return NULL;
    }
    const unsigned char *p = (const unsigned char *)s, *end = p + n;
    int32_t k = 0;
    while (p < end) {
        unsigned c = *p++;
        if (c >= 0xe0 && end - p >= 2) {
            c = ((c & 0xf) << 12) | ((p[0] & 0x3fu) << 6) | (p[1] & 0x3fu);
            p += 2;
        } else if (c >= 0xc0 && end - p >= 1) {
            c = ((c & 0x1f) << 6) | (p[0] & 0x3fu);
            p += 1;
        }
        u[k++] = (UChar)c;
    }
    u[k] = 0;
    JS_FreeCString(ctx, s);
    *len = k;
    return u;
}

JSValue weft__icu_to_js(JSContext *ctx, const UChar *s, int32_t len)
{
    if (len < 0)
        for (len = 0; s[len]; len++) {
        }
    char stackbuf[512] = {0};
    size_t cap = (size_t)len * 3;
    if (len == 0) return JS_NewStringLen(ctx, "", 0);
    char *b = cap <= sizeof stackbuf ? stackbuf : calloc(cap, 1);
    if (!b) return JS_ThrowOutOfMemory(ctx);
    size_t w = 0;
    for (int32_t i = 0; i < len; i++) {
        uint32_t c = s[i];
        if (c >= 0xd800 && c <= 0xdbff && i + 1 < len && (s[i + 1] & 0xfc00) == 0xdc00) {
            c = 0x10000 + ((c - 0xd800) << 10) + (s[++i] - 0xdc00u);
            b[w++] = (char)(0xf0 | (c >> 18));
            b[w++] = (char)(0x80 | ((c >> 12) & 63));
            b[w++] = (char)(0x80 | ((c >> 6) & 63));
            b[w++] = (char)(0x80 | (c & 63));
        } else if (c < 0x80) {
            b[w++] = (char)c;
        } else if (c < 0x800) {
            b[w++] = (char)(0xc0 | (c >> 6));
            b[w++] = (char)(0x80 | (c & 63));
        } else { /* a lone surrogate too, as QuickJS reads it back */
            b[w++] = (char)(0xe0 | (c >> 12));
            b[w++] = (char)(0x80 | ((c >> 6) & 63));
            b[w++] = (char)(0x80 | (c & 63));
        }
    }
    JSValue r = JS_NewStringLen(ctx, b, w);
    if (b != stackbuf) free(b);
    return r;
}

JSValue weft__icu_throw(JSContext *ctx, const char *what, UErrorCode status)
{
    if (status == U_MEMORY_ALLOCATION_ERROR) return JS_ThrowOutOfMemory(ctx);
    return JS_ThrowInternalError(ctx, "%s failed: %s", what, ICU(u_errorName)(status));
}
