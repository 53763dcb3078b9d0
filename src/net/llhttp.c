/* llhttp.c: the one file that sees llhttp (Node's HTTP/1.1 parser, its C
 * sources from Debian's node-llhttp package, built pristine by CMake). It
 * turns llhttp's callbacks into weft__httpp_cbs and its errors into
 * WEFT_EINVAL with llhttp's reason. Pausing after a whole message is how
 * the server keeps pipelined requests waiting in its input buffer. A chunk's
 * extensions past WEFT_HTTP_MAX_CHUNK_EXT bytes stop the parse
 * (HPE_CHUNK_EXTENSIONS_OVERFLOW, as Node's parser). */
#include <llhttp.h>
#include <stdlib.h>
#include <string.h>
#include "net/net.h"

struct weft__httpp {
    llhttp_t parser;
    llhttp_settings_t settings;
    const weft__httpp_cbs *cbs;
    void *ud;
    int paused;
    const char *why;  /* a callback's own reason for refusing, or NULL */
    const char *code; /* weft's own error name (not llhttp's), or NULL */
    llhttp_errno_t finish_error; /* what the last weft__httpp_finish failed with */
    size_t ext_bytes; /* chunk-extension bytes of the current chunk */
    size_t error_at;  /* offset in the last parse's input where it failed */
    const char *input; /* the input being parsed */
    char input_prev;   /* the last byte of the input before it */
    int lenient;
};

#define P(p) ((weft__httpp *)(p))

static int on_begin(llhttp_t *p)
{
    return P(p)->cbs->on_begin && P(p)->cbs->on_begin(P(p)->ud) ? -1 : 0;
}

static int on_url(llhttp_t *p, const char *at, size_t len)
{
    return P(p)->cbs->on_url && P(p)->cbs->on_url(P(p)->ud, at, len) ? -1 : 0;
}

static int on_status(llhttp_t *p, const char *at, size_t len)
{
    return P(p)->cbs->on_status && P(p)->cbs->on_status(P(p)->ud, at, len) ? -1 : 0;
}

static int on_field(llhttp_t *p, const char *at, size_t len)
{
    return P(p)->cbs->on_header_field(P(p)->ud, at, len) ? -1 : 0;
}

static int on_field_done(llhttp_t *p)
{
    return P(p)->cbs->on_header_field_done && P(p)->cbs->on_header_field_done(P(p)->ud) ? -1 : 0;
}

/* A value piece right after a line end is an obs-fold continuation (RFC
 * 9112 5.2; llhttp 8 joins it in, a smuggling form: Transfer-Encoding:
 * chunked CRLF " , x"): refused unless lenient, as Node 20's llhttp does. */
static int on_value(llhttp_t *p, const char *at, size_t len)
{
    weft__httpp *w = P(p);
    char before = at > w->input ? at[-1] : w->input_prev;
    if (len && before == '\n' && !w->lenient) { /* (an empty value is reported after its line) */
        w->why = "Unexpected whitespace after header value";
        w->code = "HPE_INVALID_HEADER_TOKEN";
        return -1;
    }
    return w->cbs->on_header_value(w->ud, at, len) ? -1 : 0;
}

static int on_headers(llhttp_t *p)
{
    weft__httpp *w = P(p);
    const char *method = w->parser.type == HTTP_REQUEST
                             ? llhttp_method_name((llhttp_method_t)w->parser.method)
                             : NULL;
    int r = w->cbs->on_headers_done(w->ud, method, w->parser.status_code,
                                    llhttp_should_keep_alive(p), w->parser.upgrade);
    if (r < 0) return -1;
    return r == 1 || r == 2 ? r : 0; /* 1: llhttp skips the body; 2: an upgrade */
}

static int on_body(llhttp_t *p, const char *at, size_t len)
{
    return P(p)->cbs->on_body && P(p)->cbs->on_body(P(p)->ud, at, len) ? -1 : 0;
}

/* A chunk's size is known before its bytes: one over what the owner accepts
 * (up to 2^64 - 1) is refused now, not waited for. */
static int on_chunk_header(llhttp_t *p)
{
    weft__httpp *w = P(p);
    const char *why = NULL;
    w->ext_bytes = 0;
    if (w->cbs->on_chunk && w->cbs->on_chunk(w->ud, p->content_length, &why)) {
        w->why = why;
        return -1;
    }
    return 0;
}

static int on_chunk_ext(llhttp_t *p, const char *at, size_t len)
{
    weft__httpp *w = P(p);
    (void)at;
    w->ext_bytes += len;
    if (w->ext_bytes <= WEFT_HTTP_MAX_CHUNK_EXT) return 0;
    w->why = "Chunk extensions overflow";
    w->code = "HPE_CHUNK_EXTENSIONS_OVERFLOW";
    return -1;
}

static int on_done(llhttp_t *p)
{
    weft__httpp *w = P(p);
    int r = w->cbs->on_done(w->ud, llhttp_should_keep_alive(p));
    if (r < 0) return -1;
    if (r == 1) {
        w->paused = 1;
        return HPE_PAUSED;
    }
    return 0;
}

weft__httpp *weft__httpp_new(int response, const weft__httpp_cbs *cbs, void *ud)
{
    weft__httpp *w = calloc(1, sizeof *w);
    if (!w) return NULL;
    llhttp_settings_init(&w->settings);
    w->settings.on_message_begin = on_begin;
    w->settings.on_url = on_url;
    w->settings.on_status = on_status;
    w->settings.on_header_field = on_field;
    w->settings.on_header_field_complete = on_field_done;
    w->settings.on_header_value = on_value;
    w->settings.on_headers_complete = on_headers;
    w->settings.on_body = on_body;
    w->settings.on_chunk_header = on_chunk_header;
    w->settings.on_chunk_extension_name = on_chunk_ext;
    w->settings.on_chunk_extension_value = on_chunk_ext;
    w->settings.on_message_complete = on_done;
    w->cbs = cbs;
    w->ud = ud;
    llhttp_init(&w->parser, response ? HTTP_RESPONSE : HTTP_REQUEST, &w->settings);
    /* The parser struct is the first member: callbacks find w from it. */
    return w;
}

void weft__httpp_set_lenient(weft__httpp *w, int on)
{
    llhttp_set_lenient_headers(&w->parser, on);
    llhttp_set_lenient_chunked_length(&w->parser, on);
    llhttp_set_lenient_keep_alive(&w->parser, on);
    llhttp_set_lenient_transfer_encoding(&w->parser, on);
    w->lenient = on;
}

void weft__httpp_free(weft__httpp *w)
{
    free(w);
}

long weft__httpp_parse(weft__httpp *w, const char *buf, size_t len, const char **why)
{
    if (w->paused) return 0;
    w->input = buf;
    llhttp_errno_t e = llhttp_execute(&w->parser, buf, len);
    if (e == HPE_OK) {
        if (len) w->input_prev = buf[len - 1];
        return (long)len;
    }
    if (e == HPE_PAUSED || e == HPE_PAUSED_UPGRADE) {
        /* llhttp stops at the byte after the message that paused it. */
        w->paused = 1;
        long used = (long)(llhttp_get_error_pos(&w->parser) - buf);
        if (used > 0) w->input_prev = buf[used - 1];
        return used;
    }
    const char *at = llhttp_get_error_pos(&w->parser);
    w->error_at = at && at >= buf && at <= buf + len ? (size_t)(at - buf) : 0;
    *why = w->why ? w->why : llhttp_get_error_reason(&w->parser);
    if (!*why) *why = llhttp_errno_name(e);
    /* both framings in one message: llhttp 8 names it a Content-Length
     * error, Node 20's llhttp (9) a Transfer-Encoding one; Node's wording */
    if (e == HPE_UNEXPECTED_CONTENT_LENGTH && !w->code &&
        !strcmp(*why, "Content-Length can't be present with Transfer-Encoding")) {
        w->code = "HPE_INVALID_TRANSFER_ENCODING";
        *why = "Transfer-Encoding can't be present with Content-Length";
    }
    return WEFT_EINVAL;
}

void weft__httpp_resume(weft__httpp *w)
{
    if (!w->paused) return;
    w->paused = 0;
    if (llhttp_get_errno(&w->parser) == HPE_PAUSED_UPGRADE) llhttp_resume_after_upgrade(&w->parser);
    else if (llhttp_get_errno(&w->parser) == HPE_PAUSED) llhttp_resume(&w->parser);
}

int weft__httpp_finish(weft__httpp *w, const char **why)
{
    /* llhttp_finish returns HPE_OK, HPE_INVALID_EOF_STATE, or the
     * on_message_complete callback's own return value as it is: -1 when
     * the callback refused, HPE_PAUSED when it paused. That value is not
     * an HPE_ code llhttp_errno_name knows (it aborts on one it does not:
     * found by fuzz_http_parser, a throwing onMessageComplete at EOF). */
    int e = (int)llhttp_finish(&w->parser);
    if (e == HPE_OK || e == HPE_PAUSED) return 0;
    if (e == HPE_INVALID_EOF_STATE) {
        w->finish_error = HPE_INVALID_EOF_STATE;
        *why = llhttp_get_error_reason(&w->parser);
        if (!*why) *why = "Invalid EOF state";
    } else {
        w->finish_error = HPE_CB_MESSAGE_COMPLETE;
        *why = w->why ? w->why : "Message complete callback failed";
    }
    return WEFT_EINVAL;
}

void weft__httpp_version(const weft__httpp *w, int *major, int *minor)
{
    *major = w->parser.http_major;
    *minor = w->parser.http_minor;
}

size_t weft__httpp_error_offset(const weft__httpp *w)
{
    return w->error_at;
}

const char *weft__httpp_error_name(const weft__httpp *w)
{
    if (w->code) return w->code;
    llhttp_errno_t e = llhttp_get_errno(&w->parser);
    /* llhttp_finish leaves the parser's error alone: name what it failed with */
    if (e == HPE_OK && w->finish_error != HPE_OK) e = w->finish_error;
    return llhttp_errno_name(e);
}
