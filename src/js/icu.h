/* icu.h: the ICU C API (Debian's libicu-dev, ICU 72) as weft's JS code sees
 * it. ICU is not linked but loaded on first use (weft__icu_load, host/dl.h):
 * binding libicuuc and libicui18n at exec time cost an empty program ~3 M
 * instructions. Callers write ICU(ucnv_open)(...) for ICU's ucnv_open; the
 * pointers are set once per process, from any thread that loads first. */
#ifndef WEFT_JS_ICU_H
#define WEFT_JS_ICU_H

#include <unicode/ubrk.h>
#include <unicode/ucal.h>
#include <unicode/ucnv.h>
#include <unicode/ucnv_cb.h>
#include <unicode/ucol.h>
#include <unicode/ucurr.h>
#include <unicode/udat.h>
#include <unicode/udateintervalformat.h>
#include <unicode/udatpg.h>
#include <unicode/uenum.h>
#include <unicode/ufieldpositer.h>
#include <unicode/uformattedvalue.h>
#include <unicode/uldnames.h>
#include <unicode/ulistformatter.h>
#include <unicode/uloc.h>
#include <unicode/unumberformatter.h>
#include <unicode/unumberrangeformatter.h>
#include <unicode/unumsys.h>
#include <unicode/upluralrules.h>
#include <unicode/ureldatefmt.h>
#include <unicode/ustring.h>
#include <quickjs.h>
#include "host/dl.h"

/* The functions weft calls, in libicuuc (UC) and libicui18n (I18N). */
#define WEFT_ICU_UC_FNS(X)                                                                    \
    X(u_errorName) X(ucnv_open) X(ucnv_close) X(ucnv_toUnicode) X(ucnv_setToUCallBack)     \
    X(ucnv_reset) X(uloc_getDefault) X(uloc_forLanguageTag) X(uloc_toLanguageTag)         \
    X(uloc_addLikelySubtags) X(uloc_minimizeSubtags) X(uloc_countAvailable)               \
    X(uloc_getAvailable) X(u_strToUpper) X(u_strToLower) X(uenum_next) X(uenum_close)     \
    X(ucurr_openISOCurrencies) X(ucurr_getDefaultFractionDigits) X(ucnv_cbToUWriteUChars)     \
    X(ubrk_open) X(ubrk_close) X(ubrk_first) X(ubrk_next) X(ubrk_getRuleStatus)
#define WEFT_ICU_I18N_FNS(X)                                                                   \
    X(unumf_openForSkeletonAndLocale) X(unumf_openResult) X(unumf_formatDouble)              \
    X(unumf_formatDecimal) X(unumf_resultToString) X(unumf_resultGetAllFieldPositions)          \
    X(unumf_close) X(unumf_closeResult) X(udat_open) X(udat_close) X(udat_format)            \
    X(udat_formatForFields) X(udat_toPattern) X(udat_getCalendar)                            \
    X(ufieldpositer_open) X(ufieldpositer_next) X(ufieldpositer_close) X(udatpg_open)        \
    X(udatpg_close) X(udatpg_getBestPatternWithOptions) X(ucol_open) X(ucol_close)           \
    X(ucol_strcoll) X(ucol_setAttribute) X(uplrules_openForType) X(uplrules_close)           \
    X(uplrules_selectFormatted) X(uplrules_getKeywords) X(ureldatefmt_open)                   \
    X(ureldatefmt_close) X(ureldatefmt_format) X(ureldatefmt_formatNumeric)                  \
    X(ulistfmt_openForType) X(ulistfmt_close) X(ulistfmt_format) X(ucal_getDefaultTimeZone)   \
    X(ucal_getCanonicalTimeZoneID) X(ucal_getType) X(ucal_setGregorianChange)                 \
    X(uldn_close) X(uldn_localeDisplayName)                                                  \
    X(uldn_languageDisplayName) X(uldn_regionDisplayName) X(uldn_scriptDisplayName)          \
    X(uldn_openForContext) X(ucal_openTimeZoneIDEnumeration) X(ufmtval_getString)           \
    X(ufmtval_nextPosition) X(ucfpos_open) X(ucfpos_close) X(ucfpos_getCategory)            \
    X(ucfpos_getField) X(ucfpos_getIndexes) X(ureldatefmt_openResult)                        \
    X(ureldatefmt_resultAsValue) X(ureldatefmt_closeResult) X(ureldatefmt_formatToResult)    \
    X(ureldatefmt_formatNumericToResult) X(ulistfmt_openResult) X(ulistfmt_resultAsValue)     \
    X(ulistfmt_closeResult) X(ulistfmt_formatStringsToResult)                                \
    X(unumrf_openForSkeletonWithCollapseAndIdentityFallback) X(unumrf_openResult)            \
    X(unumrf_formatDoubleRange) X(unumrf_formatDecimalRange) X(unumrf_resultAsValue)         \
    X(unumrf_close) X(unumrf_closeResult) X(udtitvfmt_open) X(udtitvfmt_close)              \
    X(udtitvfmt_formatToResult) X(udtitvfmt_openResult) X(udtitvfmt_resultAsValue)         \
    X(udtitvfmt_closeResult) X(udatpg_getSkeleton)

/* One table (host/dl.h) for both: libicui18n is opened, and dlsym finds
 * libicuuc's functions through it (its dependency). ICU's header renames
 * each function with its version (ucnv_open -> ucnv_open_72), and so do the
 * table's member and symbol names. */
#define WEFT_ICU_FNS(X) WEFT_ICU_UC_FNS(X) WEFT_ICU_I18N_FNS(X)
WEFT_DL_DECLARE(icu, WEFT_ICU_FNS)
#define ICU(f) weft__icu.f

/* Load ICU once per process. 0, or -1 with an Error thrown on ctx (saying
 * which library or symbol was missing) when ICU is not installed. */
int weft__icu_load(JSContext *ctx);

/* Strings between QuickJS and ICU, in UTF-16 code units both ways (lone
 * surrogates kept). weft__icu_from_js: a malloc'd buffer of *len units and a
 * terminating 0, or NULL with an exception on ctx. weft__icu_to_js: a new
 * string of len units (len < 0: up to the first 0). */
UChar *weft__icu_from_js(JSContext *ctx, JSValueConst v, int32_t *len);
JSValue weft__icu_to_js(JSContext *ctx, const UChar *s, int32_t len);
/* A RangeError/Error for an ICU failure code, naming the operation. */
JSValue weft__icu_throw(JSContext *ctx, const char *what, UErrorCode status);

#endif
