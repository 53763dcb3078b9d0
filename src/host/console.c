/* console.c: the server console on stdin (a terminal, a pipe, or a regular
 * file or device such as /dev/null, read on libuv's thread pool), one
 * command per line, run at depth 0 as they arrive; and the JSON-to-msgpack
 * conversion for `emit NAME [json]`. A line may be up to
 * WEFT_CONSOLE_INPUT_MAX bytes (a longer one is refused with one log line).
 * EOF closes the console; the server keeps running until `quit`. */
#include <msgpack.h>
#include <stdlib.h>
#include <string.h>
#include "host/server.h"

typedef struct console {
    union {
        uv_tty_t tty;
        uv_pipe_t pipe;
        uv_stream_t stream;
    } u;
    weft_host *h;
    char *line; /* grows as needed, up to WEFT_CONSOLE_INPUT_MAX */
    size_t len, cap;
    int too_long; /* the current line passed the limit: dropped at its end */
    int nul;      /* the current line has a NUL byte: refused at its end, as in server.cfg */
    int open;
    /* stdin a file or device: one read in flight (file_busy) or being fed;
     * the console is freed by whichever of close and that read ends last */
    int file, file_busy;
    uv_fs_t fs;
    char chunk[4096];
} console;

static void on_alloc(uv_handle_t *handle, size_t suggested, uv_buf_t *buf)
{
    static char chunk[4096];
    buf->base = chunk;
    buf->len = sizeof chunk;
}

static void console_free(console *c);

static void on_closed(uv_handle_t *handle)
{
    console_free(handle->data);
}

/* Run the complete lines of bytes read; a partial line waits for more. */
static void feed(console *c, const char *buf, size_t n)
{
    weft_host *h = c->h;
    /* Bound: one pass over the bytes read. */
    for (size_t i = 0; i < n && c->open; i++) {
        char ch = buf[i];
        if (ch == '\n' || ch == '\r') {
            if (c->too_long)
                weft__log(h, "weft", "console line longer than %u bytes: ignored",
                          (unsigned)WEFT_CONSOLE_INPUT_MAX);
            else if (c->nul)
                weft__log(h, "weft", "NUL byte in line (ignored)");
            else if (c->len) {
                c->line[c->len] = 0;
                weft_host_command(h, c->line); /* with what it queued: see weft.h */
            }
            c->len = 0;
            c->too_long = c->nul = 0;
            continue;
        }
        if (c->too_long) continue;
        if (ch == 0) c->nul = 1;
        if (c->len + 1 >= c->cap) {
            size_t cap = c->cap ? c->cap * 2 : 256;
            char *n = c->len + 1 < WEFT_CONSOLE_INPUT_MAX ? realloc(c->line, cap) : NULL;
            if (!n) {
                c->too_long = 1;
                continue;
            }
            c->line = n;
            c->cap = cap;
        }
        c->line[c->len++] = ch;
    }
    fflush(stdout);
}

static void on_read(uv_stream_t *stream, ssize_t n, const uv_buf_t *buf)
{
    console *c = stream->data;
    if (n < 0) {
        weft__console_close(c->h);
        return;
    }
    feed(c, buf->base, (size_t)n);
}

static void console_free(console *c)
{
    free(c->line);
    free(c);
}

static void on_file_read(uv_fs_t *req);

static int file_read_next(console *c)
{
    uv_buf_t b = uv_buf_init(c->chunk, sizeof c->chunk);
    return uv_fs_read(&c->h->loop, &c->fs, 0, &b, 1, -1, on_file_read);
}

/* A file's chunk (its position is stdin's own, so `cmds < file` reads on
 * from where the shell left it). file_busy stays set while the lines run,
 * as a `quit` among them closes the console. */
static void on_file_read(uv_fs_t *req)
{
    console *c = req->data;
    ssize_t n = req->result;
    uv_fs_req_cleanup(req);
    if (c->open && n > 0) feed(c, c->chunk, (size_t)n);
    if (c->open && n > 0 && file_read_next(c) == 0) return;
    c->file_busy = 0;
    if (c->open) weft__console_close(c->h); /* EOF or an error: no more console */
    else console_free(c);
}

int weft__console_open(weft_host *h)
{
    weft__server *s = h->server;
    uv_handle_type t = uv_guess_handle(0);
    if (t != UV_TTY && t != UV_NAMED_PIPE && t != UV_FILE) return 0;
    console *c = calloc(1, sizeof *c);
    if (!c) return WEFT_ENOMEM;
    c->h = h;
    c->open = 1;
    if (t == UV_FILE) { /* a regular file or a device (/dev/null: EOF at once) */
        c->file = c->file_busy = 1;
        c->fs.data = c;
        if (file_read_next(c)) {
            free(c);
            return WEFT_EIO;
        }
        s->console = c;
        return 0;
    }
    int rc = t == UV_TTY ? uv_tty_init(&h->loop, &c->u.tty, 0, 1)
                         : (uv_pipe_init(&h->loop, &c->u.pipe, 0) ||
                            uv_pipe_open(&c->u.pipe, 0));
    if (rc) {
        free(c);
        return WEFT_EIO;
    }
    c->u.stream.data = c;
    uv_read_start(&c->u.stream, on_alloc, on_read);
    s->console = c;
    return 0;
}

void weft__console_close(weft_host *h)
{
    console *c = h->server->console;
    if (!c) return;
    h->server->console = NULL;
    c->open = 0;
    if (c->file) {
        if (!c->file_busy) console_free(c);
        return;
    }
    uv_read_stop(&c->u.stream);
    uv_close((uv_handle_t *)&c->u.stream, on_closed);
}

/* ---- JSON -> msgpack (recursive descent; nesting bounded by
 * WEFT_CODEC_MAX_DEPTH-like limit of 64) -------------------------------- */

/* The first failure: what and where (for the console's error line). */
typedef struct jerr {
    const char *why, *at;
} jerr;

typedef struct jp {
    const char *p;
    msgpack_packer pk;
    int depth;
    jerr *e;
} jp;

static int jfail(jp *j, const char *at, const char *why)
{
    if (!j->e->why) {
        j->e->why = why;
        j->e->at = at;
    }
    return -1;
}

static void ws(jp *j)
{
    while (*j->p == ' ' || *j->p == '\t' || *j->p == '\n' || *j->p == '\r') j->p++;
}

static int hex4(const char *p, unsigned *out)
{
    unsigned v = 0;
    for (int i = 0; i < 4; i++) {
        char c = p[i];
        v <<= 4;
        if (c >= '0' && c <= '9') v |= (unsigned)(c - '0');
        else if (c >= 'a' && c <= 'f') v |= (unsigned)(c - 'a' + 10);
        else if (c >= 'A' && c <= 'F') v |= (unsigned)(c - 'A' + 10);
        else return -1;
    }
    *out = v;
    return 0;
}

static int put_utf8(char *o, unsigned cp)
{
    if (cp < 0x80) { o[0] = (char)cp; return 1; }
    if (cp < 0x800) { o[0] = (char)(0xc0 | cp >> 6); o[1] = (char)(0x80 | (cp & 0x3f)); return 2; }
    if (cp < 0x10000) {
        o[0] = (char)(0xe0 | cp >> 12); o[1] = (char)(0x80 | ((cp >> 6) & 0x3f));
        o[2] = (char)(0x80 | (cp & 0x3f)); return 3;
    }
    o[0] = (char)(0xf0 | cp >> 18); o[1] = (char)(0x80 | ((cp >> 12) & 0x3f));
    o[2] = (char)(0x80 | ((cp >> 6) & 0x3f)); o[3] = (char)(0x80 | (cp & 0x3f)); return 4;
}

static int jstring(jp *j)
{
    const char *p = ++j->p;
    size_t cap = 64, n = 0;
    char *s = malloc(cap);
    if (!s) return jfail(j, p, "out of memory");
    for (;;) {
        if (n + 8 > cap) {
            char *ns = realloc(s, cap *= 2);
            if (!ns) { free(s); return jfail(j, p, "out of memory"); }
            s = ns;
        }
        char c = *p++;
        if (!c) { free(s); return jfail(j, j->p - 1, "unterminated string"); }
        if (c == '"') break;
        if (c != '\\') { s[n++] = c; continue; }
        c = *p++;
        unsigned cp;
        if (!c) { free(s); return jfail(j, j->p - 1, "unterminated string"); }
        switch (c) {
        case 'n': s[n++] = '\n'; break;
        case 't': s[n++] = '\t'; break;
        case 'r': s[n++] = '\r'; break;
        case 'b': s[n++] = '\b'; break;
        case 'f': s[n++] = '\f'; break;
        case 'u':
            if (hex4(p, &cp)) { free(s); return jfail(j, p - 2, "bad \\u escape"); }
            p += 4;
            if (cp >= 0xd800 && cp < 0xdc00 && p[0] == '\\' && p[1] == 'u') {
                unsigned lo;
                if (!hex4(p + 2, &lo) && lo >= 0xdc00 && lo < 0xe000) {
                    cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
                    p += 6;
                }
            }
            n += (size_t)put_utf8(s + n, cp);
            break;
        default: s[n++] = c;
        }
    }
    j->p = p;
    msgpack_pack_str_with_body(&j->pk, s, n);
    free(s);
    return 0;
}

static int jvalue(jp *j);

static int jlist(jp *j, char close, int is_map)
{
    if (++j->depth > WEFT_CONSOLE_JSON_DEPTH) return jfail(j, j->p, "nested too deep");
    /* Count first (a second pass over the same text), then pack. */
    const char *start = ++j->p;
    msgpack_sbuffer sb;
    msgpack_sbuffer_init(&sb);
    jp sub = {start, {0}, j->depth, j->e};
    msgpack_packer_init(&sub.pk, &sb, msgpack_sbuffer_write);
    uint32_t count = 0;
    ws(&sub);
    if (*sub.p != close) {
        for (;;) {
            ws(&sub);
            if (is_map) {
                if (*sub.p != '"') { jfail(&sub, sub.p, "expected a string key"); goto fail; }
                if (jstring(&sub) < 0) goto fail;
                ws(&sub);
                if (*sub.p != ':') { jfail(&sub, sub.p, "expected ':'"); goto fail; }
                sub.p++;
            }
            if (jvalue(&sub) < 0) goto fail;
            count++;
            ws(&sub);
            if (*sub.p == ',') { sub.p++; continue; }
            if (*sub.p == close) break;
            jfail(&sub, sub.p, close == ']' ? "expected ',' or ']'" : "expected ',' or '}'");
            goto fail;
        }
    }
    sub.p++;
    if (is_map) msgpack_pack_map(&j->pk, count);
    else msgpack_pack_array(&j->pk, count);
    if (sb.size) j->pk.callback(j->pk.data, sb.data, sb.size);
    msgpack_sbuffer_destroy(&sb);
    j->p = sub.p;
    j->depth--;
    return 0;
fail:
    msgpack_sbuffer_destroy(&sb);
    return -1;
}

static int jvalue(jp *j)
{
    ws(j);
    const char *p = j->p;
    if (*p == '"') return jstring(j);
    if (*p == '[') return jlist(j, ']', 0);
    if (*p == '{') return jlist(j, '}', 1);
    if (!strncmp(p, "true", 4)) { j->p += 4; return msgpack_pack_true(&j->pk); }
    if (!strncmp(p, "false", 5)) { j->p += 5; return msgpack_pack_false(&j->pk); }
    if (!strncmp(p, "null", 4)) { j->p += 4; return msgpack_pack_nil(&j->pk); }
    char *end;
    double d = strtod(p, &end);
    if (end == p) return jfail(j, p, *p ? "unexpected character" : "unexpected end");
    int integral = 1;
    for (const char *q = p; q < end; q++)
        if (*q == '.' || *q == 'e' || *q == 'E') integral = 0;
    j->p = end;
    if (integral && d >= -9.2e18 && d <= 9.2e18) return msgpack_pack_int64(&j->pk, strtoll(p, NULL, 10));
    return msgpack_pack_double(&j->pk, d);
}

int weft__json_to_msgpack_err(const char *json, char **out, size_t *outlen, char *err,
                              size_t errcap)
{
    msgpack_sbuffer sb;
    msgpack_sbuffer_init(&sb);
    jerr e = {NULL, NULL};
    jp j = {json, {0}, 0, &e};
    msgpack_packer_init(&j.pk, &sb, msgpack_sbuffer_write);
    if (jvalue(&j) < 0 || (ws(&j), *j.p && jfail(&j, j.p, "unexpected text after the value"))) {
        msgpack_sbuffer_destroy(&sb);
        if (err && errcap) {
            size_t col = e.at ? (size_t)(e.at - json) + 1 : 1;
            char c = e.at && *e.at ? *e.at : 0;
            if (c > ' ' && c < 127)
                snprintf(err, errcap, "%s at column %zu ('%c')", e.why ? e.why : "bad JSON", col, c);
            else
                snprintf(err, errcap, "%s at column %zu", e.why ? e.why : "bad JSON", col);
        }
        return WEFT_EINVAL;
    }
    *out = sb.data;
    *outlen = sb.size;
    return 0;
}

int weft__json_to_msgpack(const char *json, char **out, size_t *outlen)
{
    return weft__json_to_msgpack_err(json, out, outlen, NULL, 0);
}
