/* intl.c: natives.binding('intl'), the ICU half of the Intl global
 * (lib/intl.js reads the options, as ECMA-402 says, and hands ICU a locale
 * and a skeleton, pattern or attribute values). One class of handle objects
 * owns one ICU service each (number, date, collator, plural rules, relative
 * time or list formatter), closed by its finalizer; segment() and the name,
 * case and zone lookups open and close theirs within the call. Every native checks its
 * handle's kind, so a wrong object throws a TypeError, never crashes.
 * Output strings are bounded by ICU's own results (the buffers grow to the
 * length ICU reports, once). */
#include <stdlib.h>
#include <string.h>
#include "js/icu.h"
#include "js/js.h"

enum intl_kind { K_NUMBER = 1, K_DATE, K_COLLATOR, K_PLURAL, K_RELTIME, K_LIST };

typedef struct intl_handle {
    enum intl_kind kind;
    void *obj;
    UPluralRules *plural; /* K_NUMBER: none; K_PLURAL: obj is its number formatter */
} intl_handle;

static JSClassID intl_class_id;

static void intl_finalizer(JSRuntime *rt, JSValue val)
{
    intl_handle *h = JS_GetOpaque(val, intl_class_id);
    if (!h) return;
    switch (h->kind) {
    case K_NUMBER: ICU(unumf_close)(h->obj); break;
    case K_PLURAL:
        ICU(unumf_close)(h->obj);
        ICU(uplrules_close)(h->plural);
        break;
    case K_DATE: ICU(udat_close)(h->obj); break;
    case K_COLLATOR: ICU(ucol_close)(h->obj); break;
    case K_RELTIME: ICU(ureldatefmt_close)(h->obj); break;
    case K_LIST: ICU(ulistfmt_close)(h->obj); break;
    }
    free(h);
}

static JSClassDef intl_class = {"WeftIntlHandle", .finalizer = intl_finalizer};

static JSValue handle_new(JSContext *ctx, enum intl_kind kind, void *obj, UPluralRules *pr)
{
    intl_handle *h = malloc(sizeof *h);
    JSValue o = h ? JS_NewObjectClass(ctx, (int)intl_class_id) : JS_ThrowOutOfMemory(ctx);
    if (JS_IsException(o)) {
        free(h);
        return JS_EXCEPTION;
    }
    h->kind = kind;
    h->obj = obj;
    h->plural = pr;
    JS_SetOpaque(o, h);
    return o;
}

static intl_handle *handle_get(JSContext *ctx, JSValueConst v, enum intl_kind kind)
{
    intl_handle *h = JS_GetOpaque(v, intl_class_id);
    if (!h || h->kind != kind) {
        JS_ThrowTypeError(ctx, "not an Intl handle of this kind");
        return NULL;
    }
    return h;
}

/* A locale id string argument (BCP 47 or ICU form), at most ULOC_FULLNAME_CAPACITY. */
static int arg_locale(JSContext *ctx, JSValueConst v, char *buf)
{
    size_t n;
    const char *s = JS_ToCStringLen(ctx, &n, v);
    if (!s) return -1;
    if (n >= ULOC_FULLNAME_CAPACITY) n = ULOC_FULLNAME_CAPACITY - 1;
    memcpy(buf, s, n);
    buf[n] = 0;
    JS_FreeCString(ctx, s);
    return 0;
}

/* ICU's locale id for a BCP 47 tag, into icu (ULOC_FULLNAME_CAPACITY). */
static int icu_locale(JSContext *ctx, JSValueConst v, char *icu)
{
    char tag[ULOC_FULLNAME_CAPACITY];
    if (arg_locale(ctx, v, tag) < 0) return -1;
    UErrorCode st = U_ZERO_ERROR;
    int32_t parsed = 0;
    ICU(uloc_forLanguageTag)(tag, icu, ULOC_FULLNAME_CAPACITY, &parsed, &st);
    if (U_FAILURE(st) || st == U_STRING_NOT_TERMINATED_WARNING) icu[0] = 0;
    return 0;
}

/* A UChar result of an ICU call of the usual preflight shape: run fill with
 * a stack buffer, again with a heap buffer of the reported length. */
typedef int32_t (*fill_fn)(void *arg, UChar *buf, int32_t cap, UErrorCode *st);

static JSValue uchar_result(JSContext *ctx, const char *what, fill_fn fill, void *arg)
{
    UChar stackbuf[256];
    UErrorCode st = U_ZERO_ERROR;
    int32_t n = fill(arg, stackbuf, 256, &st);
    if (st == U_BUFFER_OVERFLOW_ERROR) {
        UChar *b = malloc(((size_t)n + 1) * sizeof *b);
        if (!b) return JS_ThrowOutOfMemory(ctx);
        st = U_ZERO_ERROR;
        n = fill(arg, b, n + 1, &st);
        JSValue r = U_FAILURE(st) ? weft__icu_throw(ctx, what, st) : weft__icu_to_js(ctx, b, n);
        free(b);
        return r;
    }
    if (U_FAILURE(st)) return weft__icu_throw(ctx, what, st);
    return weft__icu_to_js(ctx, stackbuf, n);
}

/* Field positions as a flat array [field, begin, end, ...]. */
static JSValue fields_array(JSContext *ctx, UFieldPositionIterator *it)
{
    JSValue a = JS_NewArray(ctx);
    uint32_t k = 0;
    int32_t b, e, f;
    while ((f = ICU(ufieldpositer_next)(it, &b, &e)) >= 0) { /* ends: ICU's finite list */
        JS_SetPropertyUint32(ctx, a, k++, JS_NewInt32(ctx, f));
        JS_SetPropertyUint32(ctx, a, k++, JS_NewInt32(ctx, b));
        JS_SetPropertyUint32(ctx, a, k++, JS_NewInt32(ctx, e));
    }
    return a;
}

/* A formatted value as [string, [field, begin, end, ...]], the fields those
 * of one category (UFIELD_CATEGORY_NUMBER, _LIST...). */
static JSValue value_result(JSContext *ctx, const UFormattedValue *v, int32_t category)
{
    UErrorCode st = U_ZERO_ERROR;
    int32_t len;
    const UChar *str = ICU(ufmtval_getString)(v, &len, &st);
    if (U_FAILURE(st)) return weft__icu_throw(ctx, "ufmtval_getString", st);
    UConstrainedFieldPosition *pos = ICU(ucfpos_open)(&st);
    if (U_FAILURE(st)) return weft__icu_throw(ctx, "ucfpos_open", st);
    JSValue fields = JS_NewArray(ctx);
    uint32_t k = 0;
    while (ICU(ufmtval_nextPosition)(v, pos, &st) && U_SUCCESS(st)) { /* ends: ICU's finite list */
        if (ICU(ucfpos_getCategory)(pos, &st) != category) continue;
        int32_t b, e;
        ICU(ucfpos_getIndexes)(pos, &b, &e, &st);
        JS_SetPropertyUint32(ctx, fields, k++, JS_NewInt32(ctx, ICU(ucfpos_getField)(pos, &st)));
        JS_SetPropertyUint32(ctx, fields, k++, JS_NewInt32(ctx, b));
        JS_SetPropertyUint32(ctx, fields, k++, JS_NewInt32(ctx, e));
    }
    ICU(ucfpos_close)(pos);
    JSValue a = JS_NewArray(ctx);
    JS_SetPropertyUint32(ctx, a, 0, weft__icu_to_js(ctx, str, len));
    JS_SetPropertyUint32(ctx, a, 1, fields);
    return a;
}

/* ---- locales ------------------------------------------------------------ */

/* canonicalize(tag): [canonical BCP 47 tag, parsed all of it] or null when
 * ICU cannot read it at all. */
static JSValue intl_canonicalize(JSContext *ctx, JSValueConst this_val, int argc,
                                 JSValueConst *argv)
{
    char tag[ULOC_FULLNAME_CAPACITY], icu[ULOC_FULLNAME_CAPACITY], out[ULOC_FULLNAME_CAPACITY];
    size_t n;
    const char *s = JS_ToCStringLen(ctx, &n, argv[0]);
    if (!s) return JS_EXCEPTION;
    if (n >= sizeof tag) {
        JS_FreeCString(ctx, s);
        return JS_NULL;
    }
    memcpy(tag, s, n + 1);
    JS_FreeCString(ctx, s);
    UErrorCode st = U_ZERO_ERROR;
    int32_t parsed = 0;
    ICU(uloc_forLanguageTag)(tag, icu, sizeof icu, &parsed, &st);
    if (U_FAILURE(st) || st == U_STRING_NOT_TERMINATED_WARNING || parsed == 0) return JS_NULL;
    st = U_ZERO_ERROR;
    ICU(uloc_toLanguageTag)(icu, out, sizeof out, 1, &st);
    if (U_FAILURE(st) || st == U_STRING_NOT_TERMINATED_WARNING) return JS_NULL;
    JSValue a = JS_NewArray(ctx);
    JS_SetPropertyUint32(ctx, a, 0, JS_NewString(ctx, out));
    JS_SetPropertyUint32(ctx, a, 1, JS_NewBool(ctx, (size_t)parsed == n));
    return a;
}

/* likely(tag, maximize): the tag with likely subtags added or removed. */
static JSValue intl_likely(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    char icu[ULOC_FULLNAME_CAPACITY], res[ULOC_FULLNAME_CAPACITY], out[ULOC_FULLNAME_CAPACITY];
    if (icu_locale(ctx, argv[0], icu) < 0) return JS_EXCEPTION;
    UErrorCode st = U_ZERO_ERROR;
    if (JS_ToBool(ctx, argv[1])) ICU(uloc_addLikelySubtags)(icu, res, sizeof res, &st);
    else ICU(uloc_minimizeSubtags)(icu, res, sizeof res, &st);
    if (U_FAILURE(st)) return weft__icu_throw(ctx, "uloc_addLikelySubtags", st);
    st = U_ZERO_ERROR;
    ICU(uloc_toLanguageTag)(res, out, sizeof out, 0, &st);
    if (U_FAILURE(st)) return weft__icu_throw(ctx, "uloc_toLanguageTag", st);
    return JS_NewString(ctx, out);
}

/* defaultLocale(): ICU's default locale (from LC_ALL/LC_MESSAGES/LANG) as
 * BCP 47. */
static JSValue intl_default_locale(JSContext *ctx, JSValueConst this_val, int argc,
                                   JSValueConst *argv)
{
    char out[ULOC_FULLNAME_CAPACITY];
    UErrorCode st = U_ZERO_ERROR;
    ICU(uloc_toLanguageTag)(ICU(uloc_getDefault)(), out, sizeof out, 0, &st);
    if (U_FAILURE(st)) strcpy(out, "en-US");
    return JS_NewString(ctx, out);
}

/* availableLocales(): every locale ICU has data for, as BCP 47 tags. */
static JSValue intl_available_locales(JSContext *ctx, JSValueConst this_val, int argc,
                                      JSValueConst *argv)
{
    JSValue a = JS_NewArray(ctx);
    int32_t n = ICU(uloc_countAvailable)();
    for (int32_t i = 0; i < n; i++) {
        char out[ULOC_FULLNAME_CAPACITY];
        UErrorCode st = U_ZERO_ERROR;
        ICU(uloc_toLanguageTag)(ICU(uloc_getAvailable)(i), out, sizeof out, 0, &st);
        if (U_SUCCESS(st)) JS_SetPropertyUint32(ctx, a, (uint32_t)i, JS_NewString(ctx, out));
    }
    return a;
}

static JSValue enum_array(JSContext *ctx, UEnumeration *e, UErrorCode st)
{
    if (U_FAILURE(st)) return weft__icu_throw(ctx, "uenum", st);
    JSValue a = JS_NewArray(ctx);
    const char *s;
    int32_t len;
    uint32_t k = 0;
    while ((s = ICU(uenum_next)(e, &len, &st)) && U_SUCCESS(st))
        JS_SetPropertyUint32(ctx, a, k++, JS_NewStringLen(ctx, s, (size_t)len));
    ICU(uenum_close)(e);
    return a;
}

/* values(kind): 'currency' (ISO 4217 codes in use), 'timeZone' (canonical
 * zone ids), 'calendar', 'collation', 'numberingSystem' from ICU. */
static JSValue intl_values(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    const char *kind = JS_ToCString(ctx, argv[0]);
    if (!kind) return JS_EXCEPTION;
    UErrorCode st = U_ZERO_ERROR;
    JSValue r;
    if (!strcmp(kind, "currency")) r = enum_array(ctx, ICU(ucurr_openISOCurrencies)(UCURR_COMMON | UCURR_NON_DEPRECATED, &st), st);
    else if (!strcmp(kind, "timeZone"))
        r = enum_array(ctx, ICU(ucal_openTimeZoneIDEnumeration)(UCAL_ZONE_TYPE_CANONICAL_LOCATION, NULL, NULL, &st), st);
    else r = JS_NewArray(ctx);
    JS_FreeCString(ctx, kind);
    return r;
}

/* ---- time zones --------------------------------------------------------- */

static int32_t fill_default_tz(void *arg, UChar *b, int32_t cap, UErrorCode *st)
{
    return ICU(ucal_getDefaultTimeZone)(b, cap, st);
}

/* defaultTimeZone(): the system's zone as ICU reads it (TZ, /etc/localtime). */
static JSValue intl_default_tz(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    return uchar_result(ctx, "ucal_getDefaultTimeZone", fill_default_tz, NULL);
}

typedef struct tz_arg {
    const UChar *id;
    int32_t len;
    UBool system;
} tz_arg;

static int32_t fill_canonical_tz(void *arg, UChar *b, int32_t cap, UErrorCode *st)
{
    tz_arg *a = arg;
    return ICU(ucal_getCanonicalTimeZoneID)(a->id, a->len, b, cap, &a->system, st);
}

/* canonicalTimeZone(id): ICU's canonical id for a zone id (any case), or
 * null when ICU knows no such zone. */
static JSValue intl_canonical_tz(JSContext *ctx, JSValueConst this_val, int argc,
                                 JSValueConst *argv)
{
    tz_arg a = {0};
    UChar *id = weft__icu_from_js(ctx, argv[0], &a.len);
    if (!id) return JS_EXCEPTION;
    a.id = id;
    JSValue r = uchar_result(ctx, "ucal_getCanonicalTimeZoneID", fill_canonical_tz, &a);
    free(id);
    if (JS_IsException(r)) {
        JS_FreeValue(ctx, JS_GetException(ctx));
        return JS_NULL;
    }
    return r;
}

/* ---- numbers ------------------------------------------------------------ */

static UNumberFormatter *open_number(JSContext *ctx, JSValueConst loc, JSValueConst skeleton)
{
    char icu[ULOC_FULLNAME_CAPACITY];
    if (icu_locale(ctx, loc, icu) < 0) return NULL;
    int32_t len;
    UChar *sk = weft__icu_from_js(ctx, skeleton, &len);
    if (!sk) return NULL;
    UErrorCode st = U_ZERO_ERROR;
    UNumberFormatter *f = ICU(unumf_openForSkeletonAndLocale)(sk, len, icu, &st);
    free(sk);
    if (U_FAILURE(st)) {
        if (f) ICU(unumf_close)(f);
        JS_ThrowRangeError(ctx, "Invalid number format options (%s)", ICU(u_errorName)(st));
        return NULL;
    }
    return f;
}

/* numberFormat(locale, skeleton): a formatter for an ICU number skeleton. */
static JSValue intl_number_format(JSContext *ctx, JSValueConst this_val, int argc,
                                  JSValueConst *argv)
{
    UNumberFormatter *f = open_number(ctx, argv[0], argv[1]);
    if (!f) return JS_EXCEPTION;
    JSValue h = handle_new(ctx, K_NUMBER, f, NULL);
    if (JS_IsException(h)) ICU(unumf_close)(f);
    return h;
}

/* Format x (a number, or a decimal string for BigInts and exact values)
 * into a new result; NULL with an exception thrown. */
static UFormattedNumber *format_number(JSContext *ctx, UNumberFormatter *f, JSValueConst x)
{
    UErrorCode st = U_ZERO_ERROR;
    UFormattedNumber *r = ICU(unumf_openResult)(&st);
    if (U_FAILURE(st)) {
        weft__icu_throw(ctx, "unumf_openResult", st);
        return NULL;
    }
    if (JS_IsString(x)) {
        size_t n;
        const char *s = JS_ToCStringLen(ctx, &n, x);
        if (!s) {
            ICU(unumf_closeResult)(r);
            return NULL;
        }
        ICU(unumf_formatDecimal)(f, s, (int32_t)(n > INT32_MAX ? INT32_MAX : n), r, &st);
        JS_FreeCString(ctx, s);
    } else {
        double d;
        if (JS_ToFloat64(ctx, &d, x)) {
            ICU(unumf_closeResult)(r);
            return NULL;
        }
        ICU(unumf_formatDouble)(f, d, r, &st);
    }
    if (U_FAILURE(st)) {
        ICU(unumf_closeResult)(r);
        if (st == U_MEMORY_ALLOCATION_ERROR) JS_ThrowOutOfMemory(ctx);
        else JS_ThrowRangeError(ctx, "Invalid number");
        return NULL;
    }
    return r;
}

static int32_t fill_number(void *arg, UChar *b, int32_t cap, UErrorCode *st)
{
    return ICU(unumf_resultToString)(arg, b, cap, st);
}

/* The string of a formatted result and, with parts, [string, fields]. */
static JSValue number_result(JSContext *ctx, UFormattedNumber *r, int parts)
{
    JSValue s = uchar_result(ctx, "unumf_resultToString", fill_number, r);
    if (JS_IsException(s) || !parts) return s;
    UErrorCode st = U_ZERO_ERROR;
    UFieldPositionIterator *it = ICU(ufieldpositer_open)(&st);
    if (U_SUCCESS(st)) ICU(unumf_resultGetAllFieldPositions)(r, it, &st);
    if (U_FAILURE(st)) {
        if (it) ICU(ufieldpositer_close)(it);
        JS_FreeValue(ctx, s);
        return weft__icu_throw(ctx, "unumf_resultGetAllFieldPositions", st);
    }
    JSValue a = JS_NewArray(ctx);
    JS_SetPropertyUint32(ctx, a, 0, s);
    JS_SetPropertyUint32(ctx, a, 1, fields_array(ctx, it));
    ICU(ufieldpositer_close)(it);
    return a;
}

/* formatNumber(handle, x, parts): x formatted; with parts, [string, fields]. */
static JSValue intl_format_number(JSContext *ctx, JSValueConst this_val, int argc,
                                  JSValueConst *argv)
{
    intl_handle *h = handle_get(ctx, argv[0], K_NUMBER);
    if (!h) return JS_EXCEPTION;
    UFormattedNumber *r = format_number(ctx, h->obj, argv[1]);
    if (!r) return JS_EXCEPTION;
    JSValue v = number_result(ctx, r, JS_ToBool(ctx, argv[2]));
    ICU(unumf_closeResult)(r);
    return v;
}

/* numberRange(locale, skeleton, x, y): the range x..y formatted as ICU's
 * range formatter does (collapsed units, "~x" for equal ends), x and y
 * numbers or decimal strings. */
static JSValue intl_number_range(JSContext *ctx, JSValueConst this_val, int argc,
                                 JSValueConst *argv)
{
    char icu[ULOC_FULLNAME_CAPACITY];
    if (icu_locale(ctx, argv[0], icu) < 0) return JS_EXCEPTION;
    int32_t len;
    UChar *sk = weft__icu_from_js(ctx, argv[1], &len);
    if (!sk) return JS_EXCEPTION;
    UErrorCode st = U_ZERO_ERROR;
    UNumberRangeFormatter *f = ICU(unumrf_openForSkeletonWithCollapseAndIdentityFallback)(
        sk, len, UNUM_RANGE_COLLAPSE_AUTO, UNUM_IDENTITY_FALLBACK_APPROXIMATELY, icu, NULL, &st);
    free(sk);
    if (U_FAILURE(st)) {
        if (f) ICU(unumrf_close)(f);
        return weft__icu_throw(ctx, "unumrf_open", st);
    }
    UFormattedNumberRange *r = ICU(unumrf_openResult)(&st);
    JSValue out = JS_EXCEPTION;
    if (U_FAILURE(st)) {
        out = weft__icu_throw(ctx, "unumrf_openResult", st);
        goto done;
    }
    if (JS_IsString(argv[2]) || JS_IsString(argv[3])) {
        const char *a = JS_ToCString(ctx, argv[2]), *b = a ? JS_ToCString(ctx, argv[3]) : NULL;
        if (b) ICU(unumrf_formatDecimalRange)(f, a, -1, b, -1, r, &st);
        JS_FreeCString(ctx, a);
        JS_FreeCString(ctx, b);
        if (!b) goto done;
    } else {
        double a, b;
        if (JS_ToFloat64(ctx, &a, argv[2]) || JS_ToFloat64(ctx, &b, argv[3])) goto done;
        ICU(unumrf_formatDoubleRange)(f, a, b, r, &st);
    }
    const UFormattedValue *v = U_SUCCESS(st) ? ICU(unumrf_resultAsValue)(r, &st) : NULL;
    int32_t n;
    const UChar *str = v ? ICU(ufmtval_getString)(v, &n, &st) : NULL;
    out = U_SUCCESS(st) && str ? weft__icu_to_js(ctx, str, n) : weft__icu_throw(ctx, "unumrf_format", st);
done:
    if (r) ICU(unumrf_closeResult)(r);
    ICU(unumrf_close)(f);
    return out;
}

/* ---- plural rules ------------------------------------------------------- */

/* pluralRules(locale, ordinal, skeleton): rules plus the number formatter
 * whose rounding they select on (ECMA-402: the digit options apply). */
static JSValue intl_plural_rules(JSContext *ctx, JSValueConst this_val, int argc,
                                 JSValueConst *argv)
{
    char icu[ULOC_FULLNAME_CAPACITY];
    if (icu_locale(ctx, argv[0], icu) < 0) return JS_EXCEPTION;
    UErrorCode st = U_ZERO_ERROR;
    UPluralRules *pr = ICU(uplrules_openForType)(
        icu, JS_ToBool(ctx, argv[1]) ? UPLURAL_TYPE_ORDINAL : UPLURAL_TYPE_CARDINAL, &st);
    if (U_FAILURE(st)) return weft__icu_throw(ctx, "uplrules_openForType", st);
    UNumberFormatter *f = open_number(ctx, argv[0], argv[2]);
    if (!f) {
        ICU(uplrules_close)(pr);
        return JS_EXCEPTION;
    }
    JSValue h = handle_new(ctx, K_PLURAL, f, pr);
    if (JS_IsException(h)) {
        ICU(unumf_close)(f);
        ICU(uplrules_close)(pr);
    }
    return h;
}

/* selectPlural(handle, x): the plural category of x, formatted. */
static JSValue intl_select_plural(JSContext *ctx, JSValueConst this_val, int argc,
                                  JSValueConst *argv)
{
    intl_handle *h = handle_get(ctx, argv[0], K_PLURAL);
    if (!h) return JS_EXCEPTION;
    UFormattedNumber *r = format_number(ctx, h->obj, argv[1]);
    if (!r) return JS_EXCEPTION;
    UChar kw[32];
    UErrorCode st = U_ZERO_ERROR;
    int32_t n = ICU(uplrules_selectFormatted)(h->plural, r, kw, 32, &st);
    ICU(unumf_closeResult)(r);
    if (U_FAILURE(st)) return weft__icu_throw(ctx, "uplrules_selectFormatted", st);
    return weft__icu_to_js(ctx, kw, n);
}

/* pluralCategories(handle): the rules' keywords. */
static JSValue intl_plural_categories(JSContext *ctx, JSValueConst this_val, int argc,
                                      JSValueConst *argv)
{
    intl_handle *h = handle_get(ctx, argv[0], K_PLURAL);
    if (!h) return JS_EXCEPTION;
    UErrorCode st = U_ZERO_ERROR;
    UEnumeration *e = ICU(uplrules_getKeywords)(h->plural, &st);
    return enum_array(ctx, e, st);
}

/* ---- dates -------------------------------------------------------------- */

typedef struct pattern_arg {
    UDateTimePatternGenerator *g;
    const UChar *sk;
    int32_t len;
} pattern_arg;

static int32_t fill_best_pattern(void *arg, UChar *b, int32_t cap, UErrorCode *st)
{
    pattern_arg *a = arg;
    return ICU(udatpg_getBestPatternWithOptions)(a->g, a->sk, a->len,
                                                 UDATPG_MATCH_HOUR_FIELD_LENGTH, b, cap, st);
}

/* bestPattern(locale, skeleton): the locale's pattern for a date skeleton. */
static JSValue intl_best_pattern(JSContext *ctx, JSValueConst this_val, int argc,
                                 JSValueConst *argv)
{
    char icu[ULOC_FULLNAME_CAPACITY];
    if (icu_locale(ctx, argv[0], icu) < 0) return JS_EXCEPTION;
    pattern_arg a;
    UChar *sk = weft__icu_from_js(ctx, argv[1], &a.len);
    if (!sk) return JS_EXCEPTION;
    a.sk = sk;
    UErrorCode st = U_ZERO_ERROR;
    a.g = ICU(udatpg_open)(icu, &st);
    if (U_FAILURE(st)) {
        free(sk);
        return weft__icu_throw(ctx, "udatpg_open", st);
    }
    JSValue r = uchar_result(ctx, "udatpg_getBestPattern", fill_best_pattern, &a);
    ICU(udatpg_close)(a.g);
    free(sk);
    return r;
}

static int32_t fill_date_pattern(void *arg, UChar *b, int32_t cap, UErrorCode *st)
{
    return ICU(udat_toPattern)(arg, 0, b, cap, st);
}

static int32_t to_date_style(JSContext *ctx, JSValueConst v)
{
    int32_t s = UDAT_NONE;
    if (!JS_IsUndefined(v) && JS_ToInt32(ctx, &s, v)) return -2;
    return s;
}

/* dateFormat(locale, timeZone, pattern, dateStyle, timeStyle): a Gregorian
 * (proleptic, as ECMA-402's time values) formatter for pattern, or for the
 * ICU styles (UDAT_FULL..UDAT_SHORT, UDAT_NONE = -1) when pattern is
 * undefined. Returns [handle, pattern]. */
static JSValue intl_date_format(JSContext *ctx, JSValueConst this_val, int argc,
                                JSValueConst *argv)
{
    char icu[ULOC_FULLNAME_CAPACITY];
    if (icu_locale(ctx, argv[0], icu) < 0) return JS_EXCEPTION;
    int32_t tzlen, plen = 0;
    UChar *tz = weft__icu_from_js(ctx, argv[1], &tzlen);
    if (!tz) return JS_EXCEPTION;
    UChar *pat = NULL;
    if (!JS_IsUndefined(argv[2]) && !(pat = weft__icu_from_js(ctx, argv[2], &plen))) {
        free(tz);
        return JS_EXCEPTION;
    }
    int32_t ds = to_date_style(ctx, argv[3]), ts = to_date_style(ctx, argv[4]);
    if (ds < -1 || ts < -1 || ds > UDAT_SHORT || ts > UDAT_SHORT) {
        free(tz);
        free(pat);
        return JS_ThrowRangeError(ctx, "invalid date style");
    }
    UErrorCode st = U_ZERO_ERROR;
    UDateFormat *f = pat ? ICU(udat_open)(UDAT_PATTERN, UDAT_PATTERN, icu, tz, tzlen, pat, plen, &st)
                         : ICU(udat_open)(ts, ds, icu, tz, tzlen, NULL, 0, &st);
    free(tz);
    free(pat);
    if (U_FAILURE(st)) {
        if (f) ICU(udat_close)(f);
        return weft__icu_throw(ctx, "udat_open", st);
    }
    /* ECMA-402's calendar is proleptic Gregorian, with no Julian switch */
    UCalendar *cal = (UCalendar *)ICU(udat_getCalendar)(f);
    const char *type = cal ? ICU(ucal_getType)(cal, &st) : NULL;
    if (type && U_SUCCESS(st) && !strcmp(type, "gregorian"))
        ICU(ucal_setGregorianChange)(cal, -8.64e15, &st);
    st = U_ZERO_ERROR;
    JSValue h = handle_new(ctx, K_DATE, f, NULL);
    if (JS_IsException(h)) {
        ICU(udat_close)(f);
        return h;
    }
    JSValue p = uchar_result(ctx, "udat_toPattern", fill_date_pattern, f);
    if (JS_IsException(p)) {
        JS_FreeValue(ctx, h);
        return p;
    }
    JSValue a = JS_NewArray(ctx);
    JS_SetPropertyUint32(ctx, a, 0, h);
    JS_SetPropertyUint32(ctx, a, 1, p);
    return a;
}

typedef struct date_arg {
    UDateFormat *f;
    UDate t;
    UFieldPositionIterator *it;
} date_arg;

static int32_t fill_date(void *arg, UChar *b, int32_t cap, UErrorCode *st)
{
    date_arg *a = arg;
    if (a->it) return ICU(udat_formatForFields)(a->f, a->t, b, cap, a->it, st);
    return ICU(udat_format)(a->f, a->t, b, cap, NULL, st);
}

/* formatDate(handle, ms, parts): the time value formatted; with parts,
 * [string, fields]. The caller has checked ms is a time value. */
static JSValue intl_format_date(JSContext *ctx, JSValueConst this_val, int argc,
                                JSValueConst *argv)
{
    intl_handle *h = handle_get(ctx, argv[0], K_DATE);
    if (!h) return JS_EXCEPTION;
    date_arg a = {h->obj, 0, NULL};
    if (JS_ToFloat64(ctx, &a.t, argv[1])) return JS_EXCEPTION;
    int parts = JS_ToBool(ctx, argv[2]);
    UErrorCode st = U_ZERO_ERROR;
    if (parts) {
        a.it = ICU(ufieldpositer_open)(&st);
        if (U_FAILURE(st)) return weft__icu_throw(ctx, "ufieldpositer_open", st);
    }
    JSValue s = uchar_result(ctx, "udat_format", fill_date, &a);
    if (!parts || JS_IsException(s)) {
        if (a.it) ICU(ufieldpositer_close)(a.it);
        return s;
    }
    JSValue r = JS_NewArray(ctx);
    JS_SetPropertyUint32(ctx, r, 0, s);
    JS_SetPropertyUint32(ctx, r, 1, fields_array(ctx, a.it));
    ICU(ufieldpositer_close)(a.it);
    return r;
}

/* dateRange(locale, pattern, timeZone, a, b): time values a..b as ICU's
 * interval format for the skeleton of the formatter's pattern; null when
 * ICU shows them as one date (no span field: equal in every field shown). */
static JSValue intl_date_range(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    char icu[ULOC_FULLNAME_CAPACITY];
    if (icu_locale(ctx, argv[0], icu) < 0) return JS_EXCEPTION;
    double a, b;
    UDateIntervalFormat *f = NULL;
    if (JS_ToFloat64(ctx, &a, argv[3]) || JS_ToFloat64(ctx, &b, argv[4])) return JS_EXCEPTION;
    int32_t plen, tzlen;
    UChar *pat = weft__icu_from_js(ctx, argv[1], &plen);
    if (!pat) return JS_EXCEPTION;
    UChar *tz = weft__icu_from_js(ctx, argv[2], &tzlen);
    if (!tz) {
        free(pat);
        return JS_EXCEPTION;
    }
    UChar sk[128];
    UErrorCode st = U_ZERO_ERROR;
    int32_t sklen = ICU(udatpg_getSkeleton)(NULL, pat, plen, sk, 128, &st);
    free(pat);
    if (U_SUCCESS(st) && st != U_STRING_NOT_TERMINATED_WARNING)
        f = ICU(udtitvfmt_open)(icu, sk, sklen, tz, tzlen, &st);
    free(tz);
    if (U_FAILURE(st) || !f) {
        if (f) ICU(udtitvfmt_close)(f);
        return weft__icu_throw(ctx, "udtitvfmt_open", U_FAILURE(st) ? st : U_BUFFER_OVERFLOW_ERROR);
    }
    UFormattedDateInterval *r = ICU(udtitvfmt_openResult)(&st);
    if (U_SUCCESS(st)) ICU(udtitvfmt_formatToResult)(f, a, b, r, &st);
    const UFormattedValue *v = U_SUCCESS(st) ? ICU(udtitvfmt_resultAsValue)(r, &st) : NULL;
    JSValue out = v ? value_result(ctx, v, UFIELD_CATEGORY_DATE_INTERVAL_SPAN)
                    : weft__icu_throw(ctx, "udtitvfmt_formatToResult", st);
    if (r) ICU(udtitvfmt_closeResult)(r);
    ICU(udtitvfmt_close)(f);
    if (JS_IsException(out)) return out;
    JSValue spans = JS_GetPropertyUint32(ctx, out, 1), str = JS_GetPropertyUint32(ctx, out, 0);
    JSValue len = JS_GetPropertyStr(ctx, spans, "length");
    int32_t n = 0;
    JS_ToInt32(ctx, &n, len);
    JS_FreeValue(ctx, len);
    JS_FreeValue(ctx, spans);
    JS_FreeValue(ctx, out);
    if (n == 0) {
        JS_FreeValue(ctx, str);
        return JS_NULL;
    }
    return str;
}

/* ---- collation ---------------------------------------------------------- */

/* collator(locale, strength, caseLevel, shifted, numeric, caseFirst):
 * strength 0 primary .. 2 tertiary; caseFirst 0 off, 1 lower, 2 upper. */
static JSValue intl_collator(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    char icu[ULOC_FULLNAME_CAPACITY];
    if (icu_locale(ctx, argv[0], icu) < 0) return JS_EXCEPTION;
    int32_t strength, case_first;
    if (JS_ToInt32(ctx, &strength, argv[1]) || JS_ToInt32(ctx, &case_first, argv[5]))
        return JS_EXCEPTION;
    UErrorCode st = U_ZERO_ERROR;
    UCollator *c = ICU(ucol_open)(icu, &st);
    if (U_FAILURE(st)) return weft__icu_throw(ctx, "ucol_open", st);
    static const UColAttributeValue strengths[] = {UCOL_PRIMARY, UCOL_SECONDARY, UCOL_TERTIARY};
    static const UColAttributeValue firsts[] = {UCOL_OFF, UCOL_LOWER_FIRST, UCOL_UPPER_FIRST};
    ICU(ucol_setAttribute)(c, UCOL_STRENGTH, strengths[strength < 0 || strength > 2 ? 2 : strength], &st);
    ICU(ucol_setAttribute)(c, UCOL_CASE_LEVEL, JS_ToBool(ctx, argv[2]) ? UCOL_ON : UCOL_OFF, &st);
    if (JS_ToBool(ctx, argv[3])) ICU(ucol_setAttribute)(c, UCOL_ALTERNATE_HANDLING, UCOL_SHIFTED, &st);
    if (JS_ToBool(ctx, argv[4])) ICU(ucol_setAttribute)(c, UCOL_NUMERIC_COLLATION, UCOL_ON, &st);
    if (case_first > 0 && case_first <= 2)
        ICU(ucol_setAttribute)(c, UCOL_CASE_FIRST, firsts[case_first], &st);
    if (U_FAILURE(st)) {
        ICU(ucol_close)(c);
        return weft__icu_throw(ctx, "ucol_setAttribute", st);
    }
    JSValue h = handle_new(ctx, K_COLLATOR, c, NULL);
    if (JS_IsException(h)) ICU(ucol_close)(c);
    return h;
}

/* compare(handle, a, b): -1, 0 or 1 (both already strings). */
static JSValue intl_compare(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    intl_handle *h = handle_get(ctx, argv[0], K_COLLATOR);
    if (!h) return JS_EXCEPTION;
    int32_t la, lb;
    UChar *a = weft__icu_from_js(ctx, argv[1], &la);
    if (!a) return JS_EXCEPTION;
    UChar *b = weft__icu_from_js(ctx, argv[2], &lb);
    if (!b) {
        free(a);
        return JS_EXCEPTION;
    }
    UCollationResult r = ICU(ucol_strcoll)(h->obj, a, la, b, lb);
    free(a);
    free(b);
    return JS_NewInt32(ctx, r == UCOL_LESS ? -1 : r == UCOL_GREATER ? 1 : 0);
}

/* ---- relative time, lists ------------------------------------------------ */

/* relativeTimeFormat(locale, style 0 long 1 short 2 narrow, numberSkeleton) */
static JSValue intl_reltime(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    char icu[ULOC_FULLNAME_CAPACITY];
    if (icu_locale(ctx, argv[0], icu) < 0) return JS_EXCEPTION;
    int32_t style;
    if (JS_ToInt32(ctx, &style, argv[1])) return JS_EXCEPTION;
    static const UDateRelativeDateTimeFormatterStyle styles[] = {
        UDAT_STYLE_LONG, UDAT_STYLE_SHORT, UDAT_STYLE_NARROW};
    UErrorCode st = U_ZERO_ERROR;
    URelativeDateTimeFormatter *f = ICU(ureldatefmt_open)(
        icu, NULL, styles[style < 0 || style > 2 ? 0 : style], UDISPCTX_CAPITALIZATION_NONE, &st);
    if (U_FAILURE(st)) return weft__icu_throw(ctx, "ureldatefmt_open", st);
    JSValue h = handle_new(ctx, K_RELTIME, f, NULL);
    if (JS_IsException(h)) ICU(ureldatefmt_close)(f);
    return h;
}

typedef struct reltime_arg {
    URelativeDateTimeFormatter *f;
    double v;
    URelativeDateTimeUnit unit;
    int numeric;
} reltime_arg;

static int32_t fill_reltime(void *arg, UChar *b, int32_t cap, UErrorCode *st)
{
    reltime_arg *a = arg;
    if (a->numeric) return ICU(ureldatefmt_formatNumeric)(a->f, a->v, a->unit, b, cap, st);
    return ICU(ureldatefmt_format)(a->f, a->v, a->unit, b, cap, st);
}

/* formatRelative(handle, value, unit (URelativeDateTimeUnit), always,
 * parts): the string, or with parts [string, number fields]. */
static JSValue intl_format_reltime(JSContext *ctx, JSValueConst this_val, int argc,
                                   JSValueConst *argv)
{
    intl_handle *h = handle_get(ctx, argv[0], K_RELTIME);
    if (!h) return JS_EXCEPTION;
    reltime_arg a = {h->obj, 0, 0, JS_ToBool(ctx, argv[3])};
    int32_t unit;
    if (JS_ToFloat64(ctx, &a.v, argv[1]) || JS_ToInt32(ctx, &unit, argv[2])) return JS_EXCEPTION;
    if (unit < 0 || unit > UDAT_REL_UNIT_SATURDAY) return JS_ThrowRangeError(ctx, "invalid unit");
    a.unit = (URelativeDateTimeUnit)unit;
    if (!JS_ToBool(ctx, argv[4])) return uchar_result(ctx, "ureldatefmt_format", fill_reltime, &a);
    UErrorCode st = U_ZERO_ERROR;
    UFormattedRelativeDateTime *r = ICU(ureldatefmt_openResult)(&st);
    if (U_FAILURE(st)) return weft__icu_throw(ctx, "ureldatefmt_openResult", st);
    if (a.numeric) ICU(ureldatefmt_formatNumericToResult)(a.f, a.v, a.unit, r, &st);
    else ICU(ureldatefmt_formatToResult)(a.f, a.v, a.unit, r, &st);
    const UFormattedValue *v = U_SUCCESS(st) ? ICU(ureldatefmt_resultAsValue)(r, &st) : NULL;
    JSValue out = U_SUCCESS(st) ? value_result(ctx, v, UFIELD_CATEGORY_NUMBER)
                                : weft__icu_throw(ctx, "ureldatefmt_formatToResult", st);
    ICU(ureldatefmt_closeResult)(r);
    return out;
}

/* listFormat(locale, type 0 and 1 or 2 units, width 0 wide 1 short 2 narrow) */
static JSValue intl_list(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    char icu[ULOC_FULLNAME_CAPACITY];
    if (icu_locale(ctx, argv[0], icu) < 0) return JS_EXCEPTION;
    int32_t type, width;
    if (JS_ToInt32(ctx, &type, argv[1]) || JS_ToInt32(ctx, &width, argv[2])) return JS_EXCEPTION;
    static const UListFormatterType types[] = {ULISTFMT_TYPE_AND, ULISTFMT_TYPE_OR,
                                               ULISTFMT_TYPE_UNITS};
    static const UListFormatterWidth widths[] = {ULISTFMT_WIDTH_WIDE, ULISTFMT_WIDTH_SHORT,
                                                 ULISTFMT_WIDTH_NARROW};
    UErrorCode st = U_ZERO_ERROR;
    UListFormatter *f = ICU(ulistfmt_openForType)(icu, types[type < 0 || type > 2 ? 0 : type],
                                                  widths[width < 0 || width > 2 ? 0 : width], &st);
    if (U_FAILURE(st)) return weft__icu_throw(ctx, "ulistfmt_openForType", st);
    JSValue h = handle_new(ctx, K_LIST, f, NULL);
    if (JS_IsException(h)) ICU(ulistfmt_close)(f);
    return h;
}

typedef struct list_arg {
    UListFormatter *f;
    const UChar **s;
    int32_t *lens;
    int32_t n;
} list_arg;

static int32_t fill_list(void *arg, UChar *b, int32_t cap, UErrorCode *st)
{
    list_arg *a = arg;
    return ICU(ulistfmt_format)(a->f, a->s, a->lens, a->n, b, cap, st);
}

static JSValue list_parts(JSContext *ctx, list_arg *a)
{
    UErrorCode st = U_ZERO_ERROR;
    UFormattedList *r = ICU(ulistfmt_openResult)(&st);
    if (U_FAILURE(st)) return weft__icu_throw(ctx, "ulistfmt_openResult", st);
    ICU(ulistfmt_formatStringsToResult)(a->f, a->s, a->lens, a->n, r, &st);
    const UFormattedValue *v = U_SUCCESS(st) ? ICU(ulistfmt_resultAsValue)(r, &st) : NULL;
    JSValue out = U_SUCCESS(st) ? value_result(ctx, v, UFIELD_CATEGORY_LIST)
                                : weft__icu_throw(ctx, "ulistfmt_formatStringsToResult", st);
    ICU(ulistfmt_closeResult)(r);
    return out;
}

/* formatList(handle, strings: an array of strings, at most 2^20, parts):
 * the string, or with parts [string, list fields]. */
static JSValue intl_format_list(JSContext *ctx, JSValueConst this_val, int argc,
                                JSValueConst *argv)
{
    intl_handle *h = handle_get(ctx, argv[0], K_LIST);
    if (!h) return JS_EXCEPTION;
    int64_t n;
    JSValue lv = JS_GetPropertyStr(ctx, argv[1], "length");
    if (JS_IsException(lv)) return JS_EXCEPTION;
    int bad = JS_ToInt64(ctx, &n, lv);
    JS_FreeValue(ctx, lv);
    if (bad) return JS_EXCEPTION;
    if (n < 0 || n > (1 << 20)) return JS_ThrowRangeError(ctx, "Invalid array length");
    list_arg a = {h->obj, calloc((size_t)n + 1, sizeof(UChar *)),
                  calloc((size_t)n + 1, sizeof(int32_t)), (int32_t)n};
    JSValue r = JS_EXCEPTION;
    if (!a.s || !a.lens) {
        JS_ThrowOutOfMemory(ctx);
        goto out;
    }
    for (int32_t i = 0; i < a.n; i++) {
        JSValue v = JS_GetPropertyUint32(ctx, argv[1], (uint32_t)i);
        if (JS_IsException(v)) goto out;
        a.s[i] = weft__icu_from_js(ctx, v, &a.lens[i]);
        JS_FreeValue(ctx, v);
        if (!a.s[i]) goto out;
    }
    r = JS_ToBool(ctx, argv[2]) ? list_parts(ctx, &a) : uchar_result(ctx, "ulistfmt_format", fill_list, &a);
out:
    if (a.s)
        for (int32_t i = 0; i < a.n; i++) free((void *)a.s[i]);
    free(a.s);
    free(a.lens);
    return r;
}

/* ---- segments ----------------------------------------------------------- */

/* segment(locale, granularity 0 grapheme 1 word 2 sentence, string): the
 * break positions (UTF-16 indices) from 0 to the length, as an array; for
 * words, a second array: whether each segment is word-like (ICU's rule
 * status past UBRK_WORD_NONE_LIMIT). [breaks, wordLike]. */
static JSValue intl_segment(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    char icu[ULOC_FULLNAME_CAPACITY];
    if (icu_locale(ctx, argv[0], icu) < 0) return JS_EXCEPTION;
    int32_t g, len;
    if (JS_ToInt32(ctx, &g, argv[1])) return JS_EXCEPTION;
    static const UBreakIteratorType types[] = {UBRK_CHARACTER, UBRK_WORD, UBRK_SENTENCE};
    UChar *s = weft__icu_from_js(ctx, argv[2], &len);
    if (!s) return JS_EXCEPTION;
    UErrorCode st = U_ZERO_ERROR;
    UBreakIterator *bi = ICU(ubrk_open)(types[g < 0 || g > 2 ? 0 : g], icu, s, len, &st);
    if (U_FAILURE(st)) {
        free(s);
        return weft__icu_throw(ctx, "ubrk_open", st);
    }
    JSValue breaks = JS_NewArray(ctx), words = JS_NewArray(ctx);
    uint32_t k = 0;
    int32_t b = ICU(ubrk_first)(bi);
    JS_SetPropertyUint32(ctx, breaks, k++, JS_NewInt32(ctx, b));
    /* ends: each step moves forward, at most len + 1 breaks */
    while ((b = ICU(ubrk_next)(bi)) != UBRK_DONE) {
        if (g == 1)
            JS_SetPropertyUint32(ctx, words, k - 1,
                                 JS_NewBool(ctx, ICU(ubrk_getRuleStatus)(bi) >= UBRK_WORD_NONE_LIMIT));
        JS_SetPropertyUint32(ctx, breaks, k++, JS_NewInt32(ctx, b));
    }
    ICU(ubrk_close)(bi);
    free(s);
    JSValue r = JS_NewArray(ctx);
    JS_SetPropertyUint32(ctx, r, 0, breaks);
    JS_SetPropertyUint32(ctx, r, 1, words);
    return r;
}

/* ---- strings, names ------------------------------------------------------ */

typedef struct case_arg {
    const UChar *s;
    int32_t len;
    const char *locale;
    int upper;
} case_arg;

static int32_t fill_case(void *arg, UChar *b, int32_t cap, UErrorCode *st)
{
    case_arg *a = arg;
    if (a->upper) return ICU(u_strToUpper)(b, cap, a->s, a->len, a->locale, st);
    return ICU(u_strToLower)(b, cap, a->s, a->len, a->locale, st);
}

/* caseMap(string, locale, upper): toLocaleUpperCase/LowerCase. */
static JSValue intl_case_map(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    char icu[ULOC_FULLNAME_CAPACITY];
    if (icu_locale(ctx, argv[1], icu) < 0) return JS_EXCEPTION;
    case_arg a = {NULL, 0, icu, JS_ToBool(ctx, argv[2])};
    UChar *s = weft__icu_from_js(ctx, argv[0], &a.len);
    if (!s) return JS_EXCEPTION;
    a.s = s;
    JSValue r = uchar_result(ctx, "u_strToUpper", fill_case, &a);
    free(s);
    return r;
}

typedef struct name_arg {
    ULocaleDisplayNames *d;
    int type;
    const char *code;
} name_arg;

static int32_t fill_name(void *arg, UChar *b, int32_t cap, UErrorCode *st)
{
    name_arg *a = arg;
    switch (a->type) {
    case 0: return ICU(uldn_languageDisplayName)(a->d, a->code, b, cap, st);
    case 1: return ICU(uldn_regionDisplayName)(a->d, a->code, b, cap, st);
    case 2: return ICU(uldn_scriptDisplayName)(a->d, a->code, b, cap, st);
    default: return ICU(uldn_localeDisplayName)(a->d, a->code, b, cap, st);
    }
}

/* displayName(locale, type 0 language 1 region 2 script 3 locale, code,
 * short, dialect): the name, or undefined when ICU has none. */
static JSValue intl_display_name(JSContext *ctx, JSValueConst this_val, int argc,
                                 JSValueConst *argv)
{
    char icu[ULOC_FULLNAME_CAPACITY], code[ULOC_FULLNAME_CAPACITY];
    if (icu_locale(ctx, argv[0], icu) < 0 || arg_locale(ctx, argv[2], code) < 0) return JS_EXCEPTION;
    int32_t type;
    if (JS_ToInt32(ctx, &type, argv[1])) return JS_EXCEPTION;
    UDisplayContext cx[3] = {JS_ToBool(ctx, argv[3]) ? UDISPCTX_LENGTH_SHORT : UDISPCTX_LENGTH_FULL,
                             JS_ToBool(ctx, argv[4]) ? UDISPCTX_DIALECT_NAMES : UDISPCTX_STANDARD_NAMES,
                             UDISPCTX_NO_SUBSTITUTE};
    UErrorCode st = U_ZERO_ERROR;
    name_arg a = {ICU(uldn_openForContext)(icu, cx, 3, &st), type, code};
    if (U_FAILURE(st)) return weft__icu_throw(ctx, "uldn_openForContext", st);
    if (type == 3) { /* a BCP 47 tag: ICU's form first */
        char id[ULOC_FULLNAME_CAPACITY];
        int32_t parsed;
        ICU(uloc_forLanguageTag)(code, id, sizeof id, &parsed, &st);
        if (U_SUCCESS(st)) memcpy(code, id, sizeof id);
        st = U_ZERO_ERROR;
    }
    JSValue r = uchar_result(ctx, "uldn_displayName", fill_name, &a);
    ICU(uldn_close)(a.d);
    if (JS_IsException(r)) {
        JS_FreeValue(ctx, JS_GetException(ctx));
        return JS_UNDEFINED;
    }
    if (JS_IsString(r)) {
        size_t n;
        const char *s = JS_ToCStringLen(ctx, &n, r);
        if (s && n == 0) {
            JS_FreeCString(ctx, s);
            JS_FreeValue(ctx, r);
            return JS_UNDEFINED;
        }
        JS_FreeCString(ctx, s);
    }
    return r;
}

/* currencyDigits(code): ISO 4217's minor unit digits for a currency. */
static JSValue intl_currency_digits(JSContext *ctx, JSValueConst this_val, int argc,
                                    JSValueConst *argv)
{
    int32_t len;
    UChar *code = weft__icu_from_js(ctx, argv[0], &len);
    if (!code) return JS_EXCEPTION;
    UErrorCode st = U_ZERO_ERROR;
    int32_t d = len == 3 ? ICU(ucurr_getDefaultFractionDigits)(code, &st) : 2;
    free(code);
    return JS_NewInt32(ctx, U_FAILURE(st) ? 2 : d);
}

static const JSCFunctionListEntry intl_funcs[] = {
    JS_CFUNC_DEF("canonicalize", 1, intl_canonicalize),
    JS_CFUNC_DEF("likely", 2, intl_likely),
    JS_CFUNC_DEF("defaultLocale", 0, intl_default_locale),
    JS_CFUNC_DEF("availableLocales", 0, intl_available_locales),
    JS_CFUNC_DEF("values", 1, intl_values),
    JS_CFUNC_DEF("defaultTimeZone", 0, intl_default_tz),
    JS_CFUNC_DEF("canonicalTimeZone", 1, intl_canonical_tz),
    JS_CFUNC_DEF("numberFormat", 2, intl_number_format),
    JS_CFUNC_DEF("formatNumber", 3, intl_format_number),
    JS_CFUNC_DEF("numberRange", 4, intl_number_range),
    JS_CFUNC_DEF("dateRange", 5, intl_date_range),
    JS_CFUNC_DEF("pluralRules", 3, intl_plural_rules),
    JS_CFUNC_DEF("selectPlural", 2, intl_select_plural),
    JS_CFUNC_DEF("pluralCategories", 1, intl_plural_categories),
    JS_CFUNC_DEF("bestPattern", 2, intl_best_pattern),
    JS_CFUNC_DEF("dateFormat", 5, intl_date_format),
    JS_CFUNC_DEF("formatDate", 3, intl_format_date),
    JS_CFUNC_DEF("collator", 6, intl_collator),
    JS_CFUNC_DEF("compare", 3, intl_compare),
    JS_CFUNC_DEF("relativeTimeFormat", 2, intl_reltime),
    JS_CFUNC_DEF("formatRelative", 5, intl_format_reltime),
    JS_CFUNC_DEF("listFormat", 3, intl_list),
    JS_CFUNC_DEF("formatList", 3, intl_format_list),
    JS_CFUNC_DEF("caseMap", 3, intl_case_map),
    JS_CFUNC_DEF("segment", 3, intl_segment),
    JS_CFUNC_DEF("displayName", 5, intl_display_name),
    JS_CFUNC_DEF("currencyDigits", 1, intl_currency_digits),
};

/* ---- the built-ins' stubs ------------------------------------------------ */

/* ECMA-402's locale-sensitive methods, in place of QuickJS's: a C stub per
 * method (its name and length as V8's) that loads lib/intl.js on the first
 * call and calls the method of the same key there. The stubs are function
 * list entries put in place of QuickJS's own (deps/patches/0110), made only
 * when read, so a context's start pays a property lookup for each: made
 * eagerly the nine cost ~42 k instructions per start, lazy properties
 * (delete + define) ~118 k. */
static JSValue intl_stub_call(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv,
                              int magic);
static const char *const intl_stub_keys[] = {
    "numberToLocaleString", "bigintToLocaleString", "dateToLocaleString",
    "dateToLocaleDateString", "dateToLocaleTimeString", "localeCompare",
    "toLocaleUpperCase", "toLocaleLowerCase", "arrayToLocaleString",
};
static const JSCFunctionListEntry intl_stubs[] = {
    JS_CFUNC_MAGIC_DEF("toLocaleString", 0, intl_stub_call, 0),
    JS_CFUNC_MAGIC_DEF("toLocaleString", 0, intl_stub_call, 1),
    JS_CFUNC_MAGIC_DEF("toLocaleString", 0, intl_stub_call, 2),
    JS_CFUNC_MAGIC_DEF("toLocaleDateString", 0, intl_stub_call, 3),
    JS_CFUNC_MAGIC_DEF("toLocaleTimeString", 0, intl_stub_call, 4),
    JS_CFUNC_MAGIC_DEF("localeCompare", 1, intl_stub_call, 5),
    JS_CFUNC_MAGIC_DEF("toLocaleUpperCase", 0, intl_stub_call, 6),
    JS_CFUNC_MAGIC_DEF("toLocaleLowerCase", 0, intl_stub_call, 7),
    JS_CFUNC_MAGIC_DEF("toLocaleString", 0, intl_stub_call, 8),
};
/* the prototype each stub goes on, by its constructor's name */
static const char *const intl_stub_ctors[] = {"Number", "BigInt", "Date", "Date", "Date",
                                              "String", "String", "String", "Array"};

/* internal.intlBuiltins, running lib/intl.js first if it has not run */
static JSValue intl_methods(JSContext *ctx, weft__js *js)
{
    JSValue methods = JS_GetPropertyStr(ctx, js->internal, "intlBuiltins");
    if (!JS_IsUndefined(methods)) return methods;
    JSValue load = JS_GetPropertyStr(ctx, js->natives, "loadLib");
    JSValue name = JS_NewString(ctx, "intl");
    JSValue r = JS_Call(ctx, load, JS_UNDEFINED, 1, &name);
    JS_FreeValue(ctx, name);
    JS_FreeValue(ctx, load);
    if (JS_IsException(r)) return r;
    JS_FreeValue(ctx, r);
    return JS_GetPropertyStr(ctx, js->internal, "intlBuiltins");
}

/* Without ICU (not installed), the built-ins do what Node built without
 * Intl does: their non-locale forms (toString, toUpperCase, ...), and
 * localeCompare compares code points; the first use says so on stderr,
 * once per process. Intl itself throws the loader's message. */
static const char *const intl_stub_fallbacks[] = {
    "toString", "toString", "toString", "toDateString", "toTimeString",
    NULL /* localeCompare */, "toUpperCase", "toLowerCase", "join",
};

static JSValue intl_stub_fallback(JSContext *ctx, JSValueConst this_val, int argc,
                                  JSValueConst *argv, int magic, const char *why)
{
    static int warned;
    if (!__atomic_exchange_n(&warned, 1, __ATOMIC_RELAXED))
        fprintf(stderr,
                "weft: ICU is not available (%s): toLocaleString, localeCompare and the other "
                "locale-sensitive methods use their non-locale forms\n",
                why);
    if (!intl_stub_fallbacks[magic]) {
        size_t na, nb;
        const char *a = JS_ToCStringLen(ctx, &na, this_val);
        if (!a) return JS_EXCEPTION;
        const char *b = JS_ToCStringLen(ctx, &nb, argc > 0 ? argv[0] : JS_UNDEFINED);
        if (!b) {
            JS_FreeCString(ctx, a);
            return JS_EXCEPTION;
        }
        int c = memcmp(a, b, na < nb ? na : nb);
        if (!c) c = na < nb ? -1 : na > nb;
        JS_FreeCString(ctx, a);
        JS_FreeCString(ctx, b);
        return JS_NewInt32(ctx, c < 0 ? -1 : c > 0);
    }
    JSValue fn = JS_GetPropertyStr(ctx, this_val, intl_stub_fallbacks[magic]);
    if (JS_IsException(fn)) return fn;
    JSValue r = JS_Call(ctx, fn, this_val, 0, NULL);
    JS_FreeValue(ctx, fn);
    return r;
}

static JSValue intl_stub_call(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv,
                              int magic)
{
    weft__js *js = weft__js_from_ctx(ctx);
    const char *why;
    if (weft__dl_load(&weft__dl_icu, &why) < 0)
        return intl_stub_fallback(ctx, this_val, argc, argv, magic, why);
    JSValue methods = intl_methods(ctx, js);
    if (JS_IsException(methods)) return methods;
    JSValue fn = JS_GetPropertyStr(ctx, methods, intl_stub_keys[magic]);
    JS_FreeValue(ctx, methods);
    if (JS_IsException(fn)) return fn;
    JSValue r = JS_Call(ctx, fn, this_val, argc, argv);
    JS_FreeValue(ctx, fn);
    return r;
}

/* The maker of the lazy global Intl: loads lib/intl.js, returns its Intl. */
static JSValue intl_global_make(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    weft__js *js = weft__js_from_ctx(ctx);
    JSValue methods = intl_methods(ctx, js);
    if (JS_IsException(methods)) return methods;
    JS_FreeValue(ctx, methods);
    JSValue holder = JS_GetPropertyStr(ctx, js->internal, "intlGlobal");
    JSValue intl = JS_GetPropertyStr(ctx, holder, "Intl");
    JS_FreeValue(ctx, holder);
    return intl;
}

void weft__js_intl_init(weft__js *js)
{
    JSContext *ctx = js->ctx;
    JSValue global = JS_GetGlobalObject(ctx);
    /* Intl as Node has it: writable, configurable, not enumerable */
    JSValue make = JS_NewCFunction(ctx, intl_global_make, "Intl", 0);
    JSAtom atom = JS_NewAtom(ctx, "Intl");
    if (JS_DefineLazyProperty(ctx, global, atom, make, JS_PROP_WRITABLE | JS_PROP_CONFIGURABLE) < 0)
        JS_FreeValue(ctx, JS_GetException(ctx));
    JS_FreeAtom(ctx, atom);
    JS_FreeValue(ctx, make);
    JSValue proto = JS_UNDEFINED;
    for (int i = 0; i < (int)(sizeof intl_stubs / sizeof intl_stubs[0]); i++) {
        if (i == 0 || strcmp(intl_stub_ctors[i], intl_stub_ctors[i - 1])) {
            JS_FreeValue(ctx, proto);
            JSValue ctor = JS_GetPropertyStr(ctx, global, intl_stub_ctors[i]);
            proto = JS_GetPropertyStr(ctx, ctor, "prototype");
            JS_FreeValue(ctx, ctor);
        }
        if (JS_ReplaceWithFunctionListItem(ctx, proto, &intl_stubs[i]) < 0)
            JS_SetPropertyFunctionList(ctx, proto, &intl_stubs[i], 1);
    }
    JS_FreeValue(ctx, proto);
    JS_FreeValue(ctx, global);
}

JSValue weft__js_intl_binding(JSContext *ctx)
{
    if (weft__icu_load(ctx) < 0) return JS_EXCEPTION;
    JSRuntime *rt = JS_GetRuntime(ctx);
    if (!intl_class_id) JS_NewClassID(&intl_class_id);
    if (!JS_IsRegisteredClass(rt, intl_class_id)) JS_NewClass(rt, intl_class_id, &intl_class);
    JSValue o = JS_NewObject(ctx);
    JS_SetPropertyFunctionList(ctx, o, intl_funcs, sizeof intl_funcs / sizeof intl_funcs[0]);
    return o;
}
