/* http_parser.c: natives.binding('http_parser'), the HTTP/1.1 parser of
 * lib/http.js on weft's llhttp wrapper (src/net/llhttp.c, the one the FiveM
 * HTTP handler uses), with Node's HTTPParser contract: execute(bytes) calls
 * this.onHeadersComplete(major, minor, [name, value...], method, url,
 * status, statusText, upgrade, keepAlive) (returning 1 skips the body, 2
 * makes it an upgrade: no body, the rest is another protocol: CONNECT's 2xx),
 * this.onBody(ArrayBuffer) and this.onMessageComplete([name, value...] of
 * the trailers, or undefined without any) synchronously, and
 * returns the bytes consumed or an Error with llhttp's code (HPE_...).
 * Invariants: a head past maxHeaderSize bytes is HPE_HEADER_OVERFLOW; an
 * exception thrown by a callback stops the parse and is rethrown; the parser
 * is freed by its object's finalizer only (never while executing).
 * Timing for the server's connections check (Node's ConnectionsList): a
 * request parser is in a message from initialize() or a message's first
 * byte until that message completes (else idle); expired() compares the
 * start of that message with headersTimeout / requestTimeout. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <uv.h>
#include "js/js.h"
#include "net/net.h"

typedef struct hdr_span {
    size_t koff, klen, voff, vlen;
    int field_done;
} hdr_span;

typedef struct hparser {
    weft__httpp *p;
    JSContext *ctx;
    JSValue self; /* borrowed while executing */
    int response;
    char *buf; /* url, status text and header bytes of the current head */
    size_t len, cap;
    hdr_span *hdr;
    size_t nhdr, hcap;
    size_t url_off, url_len, status_off, status_len;
    size_t head_bytes, max_head;
    int in_head, in_trailers, overflow, js_error;
    uint64_t msg_start; /* uv_hrtime() of the current message's start; 0 idle */
    int expired, headers_done;
} hparser;

static JSClassID parser_class_id;

static void parser_finalizer(JSRuntime *rt, JSValue val)
{
    hparser *h = JS_GetOpaque(val, parser_class_id);
    (void)rt;
    if (!h) return;
    weft__httpp_free(h->p);
    free(h->buf);
    free(h->hdr);
    free(h);
}

static JSClassDef parser_class = {"HTTPParser", .finalizer = parser_finalizer};

/* append head bytes; -1 past the limit or out of memory */
static int append(hparser *h, const char *at, size_t n, size_t *off, size_t *len)
{
    if (n == 0) return 0; /* llhttp may hand over an empty piece; buf may be NULL */
    h->head_bytes += n;
    if ((h->in_head || h->in_trailers) && h->head_bytes > h->max_head) {
        h->overflow = 1;
        return -1;
    }
    if (h->len + n > h->cap) {
        size_t cap = h->cap ? h->cap : 256;
        while (cap < h->len + n) cap *= 2;
        char *b = realloc(h->buf, cap);
        if (!b) return -1;
        h->buf = b;
        h->cap = cap;
    }
    if (*len == 0) *off = h->len; /* llhttp gives a token's pieces in a row */
    memcpy(h->buf + h->len, at, n);
    h->len += n;
    *len += n;
    return 0;
}

static int p_begin(void *ud)
{
    hparser *h = ud;
    h->len = h->nhdr = 0;
    h->url_len = h->status_len = 0;
    h->head_bytes = 0;
    h->in_head = 1;
    h->in_trailers = 0;
    h->expired = h->headers_done = 0;
    h->msg_start = uv_hrtime();
    return 0;
}

static int p_url(void *ud, const char *at, size_t n)
{
    hparser *h = ud;
    return append(h, at, n, &h->url_off, &h->url_len);
}

static int p_status(void *ud, const char *at, size_t n)
{
    hparser *h = ud;
    return append(h, at, n, &h->status_off, &h->status_len);
}

static int p_field(void *ud, const char *at, size_t n)
{
    hparser *h = ud;
    if (!h->in_head && !h->in_trailers) return 0;
    if (h->nhdr == 0 || h->hdr[h->nhdr - 1].field_done) {
        if (h->nhdr == h->hcap) {
            size_t cap = h->hcap ? h->hcap * 2 : 16;
            hdr_span *s = realloc(h->hdr, cap * sizeof *s);
            if (!s) return -1;
            h->hdr = s;
            h->hcap = cap;
        }
        memset(&h->hdr[h->nhdr++], 0, sizeof *h->hdr);
    }
    hdr_span *s = &h->hdr[h->nhdr - 1];
    return append(h, at, n, &s->koff, &s->klen);
}

static int p_field_done(void *ud)
{
    hparser *h = ud;
    if ((h->in_head || h->in_trailers) && h->nhdr) h->hdr[h->nhdr - 1].field_done = 1;
    return 0;
}

static int p_value(void *ud, const char *at, size_t n)
{
    hparser *h = ud;
    if ((!h->in_head && !h->in_trailers) || !h->nhdr) return 0;
    hdr_span *s = &h->hdr[h->nhdr - 1];
    return append(h, at, n, &s->voff, &s->vlen);
}

/* this[name](...argv) during execute; takes argv; -1 when it threw */
static int call(hparser *h, const char *name, int argc, JSValue *argv, int32_t *result)
{
    JSContext *ctx = h->ctx;
    JSValue fn = JS_GetPropertyStr(ctx, h->self, name);
    JSValue r = JS_UNDEFINED;
    if (JS_IsFunction(ctx, fn)) r = JS_Call(ctx, fn, h->self, argc, (JSValueConst *)argv);
    JS_FreeValue(ctx, fn);
    for (int i = 0; i < argc; i++) JS_FreeValue(ctx, argv[i]);
    if (JS_IsException(r)) {
        h->js_error = 1;
        return -1;
    }
    if (result && JS_IsNumber(r)) JS_ToInt32(ctx, result, r);
    JS_FreeValue(ctx, r);
    return 0;
}

/* head bytes are latin1, one char per byte (Node's parser strings) */
static JSValue latin1(JSContext *ctx, const char *p, size_t n)
{
    return weft__js_new_latin1(ctx, (const uint8_t *)p, n);
}

/* [name, value...] of the fields kept (head or trailers) */
static JSValue field_list(hparser *h)
{
    JSContext *ctx = h->ctx;
    /* no head bytes kept yet (a response with an empty reason and no
     * headers): buf is NULL, every span empty (fuzz_http_parser) */
    const char *buf = h->buf ? h->buf : "";
    JSValue list = JS_NewArray(ctx);
    for (size_t i = 0; i < h->nhdr; i++) {
        hdr_span *s = &h->hdr[i];
        JS_SetPropertyUint32(ctx, list, (uint32_t)(2 * i), latin1(ctx, buf + s->koff, s->klen));
        /* llhttp leaves trailing spaces of a value in; Node trims them */
        size_t vl = s->vlen;
        while (vl && (buf[s->voff + vl - 1] == ' ' || buf[s->voff + vl - 1] == '\t')) vl--;
        JS_SetPropertyUint32(ctx, list, (uint32_t)(2 * i + 1), latin1(ctx, buf + s->voff, vl));
    }
    return list;
}

static int p_headers(void *ud, const char *method, int status, int keep_alive, int upgrade)
{
    hparser *h = ud;
    JSContext *ctx = h->ctx;
    h->in_head = 0;
    h->headers_done = 1;
    int major = 1, minor = 1;
    weft__httpp_version(h->p, &major, &minor);
    const char *buf = h->buf ? h->buf : "";
    JSValue list = field_list(h);
    JSValue argv[9] = {
        JS_NewInt32(ctx, major),
        JS_NewInt32(ctx, minor),
        list,
        method ? JS_NewString(ctx, method) : JS_UNDEFINED,
        h->response ? JS_UNDEFINED : latin1(ctx, buf + h->url_off, h->url_len),
        JS_NewInt32(ctx, h->response ? status : 0),
        h->response ? latin1(ctx, buf + h->status_off, h->status_len) : JS_UNDEFINED,
        JS_NewBool(ctx, upgrade),
        JS_NewBool(ctx, keep_alive),
    };
    int32_t skip = 0;
    /* what follows the head until the message ends is its trailers (llhttp
     * reports them as fields after the last chunk), under the same limit */
    h->len = h->nhdr = h->head_bytes = 0;
    h->in_trailers = 1;
    if (call(h, "onHeadersComplete", 9, argv, &skip) < 0) return -1;
    return skip == 1 || skip == 2 ? (int)skip : 0;
}

static int p_body(void *ud, const char *at, size_t n)
{
    hparser *h = ud;
    JSValue argv[1] = {weft__js_new_bytes(h->ctx, (const uint8_t *)at, n)};
    return call(h, "onBody", 1, argv, NULL);
}

static int p_done(void *ud, int keep_alive)
{
    hparser *h = ud;
    (void)keep_alive;
    h->msg_start = 0;
    h->in_trailers = 0;
    JSValue argv[1] = {h->nhdr ? field_list(h) : JS_UNDEFINED};
    return call(h, "onMessageComplete", 1, argv, NULL) < 0 ? -1 : 0;
}

static const weft__httpp_cbs parser_cbs = {
    .on_begin = p_begin,
    .on_url = p_url,
    .on_status = p_status,
    .on_header_field = p_field,
    .on_header_field_done = p_field_done,
    .on_header_value = p_value,
    .on_headers_done = p_headers,
    .on_body = p_body,
    .on_done = p_done,
};

static hparser *get_parser(JSContext *ctx, JSValueConst v)
{
    hparser *h = JS_GetOpaque(v, parser_class_id);
    if (!h) JS_ThrowTypeError(ctx, "not an HTTPParser");
    return h;
}

/* parser.initialize(isResponse, maxHeaderSize, lenient): a fresh parser
 * state; lenient is Node's insecureHTTPParser (llhttp's lenient flags) */
static JSValue js_initialize(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    hparser *h = get_parser(ctx, this_val);
    if (!h) return JS_EXCEPTION;
    int64_t max = WEFT_JS_HTTP_MAX_HEADER;
    if (argc > 1 && JS_IsNumber(argv[1]) && JS_ToInt64(ctx, &max, argv[1])) return JS_EXCEPTION;
    if (!JS_IsUndefined(h->self)) return JS_ThrowTypeError(ctx, "parser is executing");
    weft__httpp *p = weft__httpp_new(JS_ToBool(ctx, argv[0]), &parser_cbs, h);
    if (!p) return JS_ThrowOutOfMemory(ctx);
    if (argc > 2 && JS_ToBool(ctx, argv[2])) weft__httpp_set_lenient(p, 1);
    weft__httpp_free(h->p);
    h->p = p;
    h->response = JS_ToBool(ctx, argv[0]);
    h->max_head = max > 0 ? (size_t)max : WEFT_JS_HTTP_MAX_HEADER;
    h->len = h->nhdr = h->url_len = h->status_len = h->head_bytes = 0;
    h->in_head = h->in_trailers = h->overflow = h->js_error = 0;
    /* a connection waits for its first request from the start (Node) */
    h->expired = h->headers_done = 0;
    h->msg_start = h->response ? 0 : uv_hrtime();
    return JS_UNDEFINED;
}

/* parser.expired(headersTimeout, requestTimeout) (ms; 0 is off) -> true
 * once for an active message whose head took longer than headersTimeout or
 * which is older than requestTimeout (once per message) */
static JSValue js_expired(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    hparser *h = get_parser(ctx, this_val);
    if (!h) return JS_EXCEPTION;
    double headers_ms = 0, request_ms = 0;
    if (argc > 0 && JS_ToFloat64(ctx, &headers_ms, argv[0])) return JS_EXCEPTION;
    if (argc > 1 && JS_ToFloat64(ctx, &request_ms, argv[1])) return JS_EXCEPTION;
    if (!h->p || !h->msg_start || h->expired) return JS_FALSE;
    double age_ms = (double)(uv_hrtime() - h->msg_start) / 1e6;
    h->expired = (headers_ms > 0 && !h->headers_done && age_ms > headers_ms) ||
                 (request_ms > 0 && age_ms > request_ms);
    return JS_NewBool(ctx, h->expired);
}

/* parser.idle() -> true between messages (Node's closeIdleConnections) */
static JSValue js_idle(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    hparser *h = get_parser(ctx, this_val);
    if (!h) return JS_EXCEPTION;
    return JS_NewBool(ctx, !h->p || !h->msg_start);
}

static JSValue parse_error(JSContext *ctx, hparser *h, const char *why, size_t consumed)
{
    const char *code = h->overflow ? "HPE_HEADER_OVERFLOW" : weft__httpp_error_name(h->p);
    if (h->overflow) why = "Header overflow";
    JSValue e = JS_NewError(ctx);
    char msg[256];
    snprintf(msg, sizeof msg, "Parse Error: %s", why);
    JS_DefinePropertyValueStr(ctx, e, "message", JS_NewString(ctx, msg),
                              JS_PROP_WRITABLE | JS_PROP_CONFIGURABLE);
    JS_SetPropertyStr(ctx, e, "code", JS_NewString(ctx, code));
    JS_SetPropertyStr(ctx, e, "reason", JS_NewString(ctx, why));
    JS_SetPropertyStr(ctx, e, "bytesParsed", JS_NewInt64(ctx, (int64_t)consumed));
    return e;
}

/* parser.execute(bytes) -> bytes consumed, or an Error (code, reason,
 * bytesParsed); rethrows a callback's exception */
static JSValue js_execute(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    hparser *h = get_parser(ctx, this_val);
    if (!h) return JS_EXCEPTION;
    if (!h->p) return JS_ThrowTypeError(ctx, "parser not initialized");
    if (!JS_IsUndefined(h->self)) return JS_ThrowTypeError(ctx, "parser is executing");
    uint8_t *p;
    size_t n;
    if (weft__js_get_bytes(ctx, argv[0], &p, &n) < 0) return JS_ThrowTypeError(ctx, "execute: not bytes");
    /* the callbacks may detach or resize the caller's buffer: parse a copy */
    char *copy = malloc(n ? n : 1);
    if (!copy) return JS_ThrowOutOfMemory(ctx);
    memcpy(copy, p, n);
    h->ctx = ctx;
    h->self = JS_DupValue(ctx, this_val);
    const char *why = NULL;
    long r = weft__httpp_parse(h->p, copy, n, &why);
    JS_FreeValue(ctx, h->self);
    h->self = JS_UNDEFINED;
    free(copy);
    if (h->js_error) {
        h->js_error = 0;
        return JS_EXCEPTION;
    }
    if (r < 0) return parse_error(ctx, h, why ? why : "Parse Error", weft__httpp_error_offset(h->p));
    return JS_NewInt64(ctx, r);
}

/* parser.finish(): the input ended; undefined or an Error */
static JSValue js_finish(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    hparser *h = get_parser(ctx, this_val);
    if (!h) return JS_EXCEPTION;
    if (!h->p || !JS_IsUndefined(h->self)) return JS_UNDEFINED;
    h->ctx = ctx;
    h->self = JS_DupValue(ctx, this_val);
    const char *why = NULL;
    int r = weft__httpp_finish(h->p, &why);
    JS_FreeValue(ctx, h->self);
    h->self = JS_UNDEFINED;
    if (h->js_error) {
        h->js_error = 0;
        return JS_EXCEPTION;
    }
    return r < 0 ? parse_error(ctx, h, why ? why : "Parse Error", 0) : JS_UNDEFINED;
}

/* parser.resume(): after an upgrade pause */
static JSValue js_resume(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    hparser *h = get_parser(ctx, this_val);
    if (!h) return JS_EXCEPTION;
    if (h->p) weft__httpp_resume(h->p);
    return JS_UNDEFINED;
}

static const JSCFunctionListEntry parser_proto[] = {
    JS_CFUNC_DEF("initialize", 3, js_initialize),
    JS_CFUNC_DEF("execute", 1, js_execute),
    JS_CFUNC_DEF("finish", 0, js_finish),
    JS_CFUNC_DEF("resume", 0, js_resume),
    JS_CFUNC_DEF("expired", 2, js_expired),
    JS_CFUNC_DEF("idle", 0, js_idle),
};

/* binding.newParser() -> an HTTPParser (initialize before use) */
static JSValue js_new_parser(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    hparser *h = calloc(1, sizeof *h);
    if (!h) return JS_ThrowOutOfMemory(ctx);
    h->self = JS_UNDEFINED;
    JSValue obj = JS_NewObjectClass(ctx, (int)parser_class_id);
    if (JS_IsException(obj)) {
        free(h);
        return obj;
    }
    JS_SetOpaque(obj, h);
    return obj;
}

static const JSCFunctionListEntry binding_funcs[] = {
    JS_CFUNC_DEF("newParser", 0, js_new_parser),
    JS_PROP_INT32_DEF("maxHeaderSize", WEFT_JS_HTTP_MAX_HEADER, 0),
};

JSValue weft__js_http_parser_binding(JSContext *ctx)
{
    JSRuntime *rt = JS_GetRuntime(ctx);
    if (!parser_class_id) JS_NewClassID(&parser_class_id);
    if (!JS_IsRegisteredClass(rt, parser_class_id)) JS_NewClass(rt, parser_class_id, &parser_class);
    JSValue proto = JS_NewObject(ctx);
    JS_SetPropertyFunctionList(ctx, proto, parser_proto, sizeof parser_proto / sizeof parser_proto[0]);
    JS_SetClassProto(ctx, parser_class_id, proto);
    JSValue b = JS_NewObject(ctx);
    JS_SetPropertyFunctionList(ctx, b, binding_funcs, sizeof binding_funcs / sizeof binding_funcs[0]);
    return b;
}
