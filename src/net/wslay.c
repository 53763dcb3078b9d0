/* wslay.c: the one file that sees wslay (Debian's libwslay-dev), the
 * WebSocket framing library, and libcrypto's SHA-1 for the handshake key.
 * wslay's event API reads through our recv callback (the bytes handed to
 * weft__ws_feed) and writes through our send callback (the owner's out()).
 * Messages are bounded by max_message, checked at each frame header
 * (scan_frames; the peer gets close code 1009); control frames,
 * fragmentation and masking are wslay's. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include "host/dl_crypto.h"
#include "host/dl_wslay.h"
#include "net/net.h"

struct weft__ws {
    wslay_event_context_ptr ctx;
    size_t max_message;
    const weft__ws_cbs *cbs;
    void *ud;
    const char *in; /* bytes being fed */
    size_t in_len;
    int closed, failed;
    uint64_t msg_len;   /* the incoming message's frames so far, in bytes */
    uint64_t too_large; /* the size that passed max_message (0: none) */
    /* Frame headers read ahead of wslay (scan_frames): wslay reports a
     * frame only once payload bytes follow its header. */
    uint8_t hdr[14];
    size_t hdr_len;
    uint64_t payload_left; /* of the frame being fed */
};

static ssize_t recv_cb(wslay_event_context_ptr ctx, uint8_t *buf, size_t len, int flags,
                       void *user)
{
    weft__ws *ws = user;
    if (!ws->in_len || ws->too_large) {
        wslay_event_set_error(ctx, WSLAY_ERR_WOULDBLOCK);
        return -1;
    }
    size_t n = len < ws->in_len ? len : ws->in_len;
    memcpy(buf, ws->in, n);
    ws->in += n;
    ws->in_len -= n;
    return (ssize_t)n;
}

static ssize_t send_cb(wslay_event_context_ptr ctx, const uint8_t *data, size_t len, int flags,
                       void *user)
{
    weft__ws *ws = user;
    if (ws->cbs->out(ws->ud, (const char *)data, len)) {
        wslay_event_set_error(ctx, WSLAY_ERR_CALLBACK_FAILURE);
        return -1;
    }
    return (ssize_t)len;
}

static int genmask_cb(wslay_event_context_ptr ctx, uint8_t *buf, size_t len, void *user)
{
    return getrandom(buf, len, 0) == (ssize_t)len ? 0 : -1;
}

static void msg_cb(wslay_event_context_ptr ctx, const struct wslay_event_on_msg_recv_arg *arg,
                   void *user)
{
    weft__ws *ws = user;
    if (arg->opcode == WSLAY_TEXT_FRAME || arg->opcode == WSLAY_BINARY_FRAME) {
        if (arg->msg_length > ws->max_message && !ws->closed && ws->cbs->on_oversize)
            ws->cbs->on_oversize(ws->ud, arg->msg_length);
        else if (!ws->closed)
            ws->cbs->on_message(ws->ud, arg->opcode == WSLAY_BINARY_FRAME,
                                (const char *)arg->msg, arg->msg_length);
    } else if (arg->opcode == WSLAY_CONNECTION_CLOSE && !ws->closed) {
        ws->closed = 1;
        ws->cbs->on_close(ws->ud, "closed by peer");
    }
}

/* A frame taking its message past the bound (one frame, or the sum of a
 * fragmented message's): the owner is told the size, once, and wslay is fed
 * nothing more (recv_cb says WOULDBLOCK); its close frame says 1009. */
static void oversize(weft__ws *ws, uint64_t size)
{
    ws->too_large = size;
    ws->in_len = 0; /* sending goes on: the owner's drop reason goes out */
    if (ws->closed) return;
    if (ws->cbs->on_oversize) {
        ws->cbs->on_oversize(ws->ud, size);
        return;
    }
    ws->closed = 1;
    ws->cbs->on_close(ws->ud, "WebSocket message larger than the limit");
}

/* The header's size once its first two bytes are known (RFC 6455 5.2). */
static size_t header_size(const uint8_t *h, size_t have)
{
    if (have < 2) return 2;
    size_t n = 2 + ((h[1] & 0x80) ? 4 : 0), l = h[1] & 0x7f;
    return n + (l == 126 ? 2 : l == 127 ? 8 : 0);
}

/* Follow the frames in p[0..n) (the bytes wslay will read): at each whole
 * header, a data frame's declared length is added to its message's. Returns
 * n, or the bytes up to the end of the first header that takes a message
 * past max_message (*size: that message's declared size), so a peer is
 * refused when the header arrives, not after the bytes. Bound: one pass. */
static size_t scan_frames(weft__ws *ws, const uint8_t *p, size_t n, uint64_t *size)
{
    size_t i = 0;
    while (i < n) {
        if (ws->payload_left) {
            uint64_t k = n - i < ws->payload_left ? n - i : ws->payload_left;
            ws->payload_left -= k;
            i += (size_t)k;
            continue;
        }
        while (i < n && ws->hdr_len < header_size(ws->hdr, ws->hdr_len))
            ws->hdr[ws->hdr_len++] = p[i++];
        if (ws->hdr_len < header_size(ws->hdr, ws->hdr_len)) break;
        uint64_t len = ws->hdr[1] & 0x7f;
        size_t ext = len == 126 ? 2 : len == 127 ? 8 : 0;
        if (ext) len = 0;
        for (size_t j = 0; j < ext; j++)
            len = len << 8 | ws->hdr[2 + j];
        int opcode = ws->hdr[0] & 0x0f;
        ws->hdr_len = 0;
        ws->payload_left = len;
        if (opcode & 0x08) continue; /* control frames are not the message's */
        uint64_t before = opcode == WSLAY_CONTINUATION_FRAME ? ws->msg_len : 0;
        ws->msg_len = len > UINT64_MAX - before ? UINT64_MAX : before + len;
        if (ws->msg_len > ws->max_message) {
            *size = ws->msg_len;
            return i;
        }
    }
    return n;
}

static const struct wslay_event_callbacks callbacks = {
    .recv_callback = recv_cb,
    .send_callback = send_cb,
    .genmask_callback = genmask_cb,
    .on_msg_recv_callback = msg_cb,
};

int weft__ws_available(const char **why)
{
    const char *e = NULL;
    if (!weft__dl_load(&weft__dl_wslay, &e) && !weft__dl_load(&weft__dl_crypto, &e)) return 0;
    if (why) *why = e;
    return -1;
}

/* libwslay and libcrypto (SHA-1 of the handshake), loaded on the first
 * WebSocket; 0, or -1 after one line (the first time) naming what is
 * missing. The server checks weft__ws_available before it gets here and
 * logs through its host; this line is for the client library. */
static int ws_load(void)
{
    static int reported;
    const char *why;
    if (!weft__ws_available(&why)) return 0;
    if (!__atomic_exchange_n(&reported, 1, __ATOMIC_RELAXED))
        fprintf(stderr, "weft: WebSockets are not available: %s\n", why);
    return -1;
}

weft__ws *weft__ws_new(int client, size_t max_message, const weft__ws_cbs *cbs, void *ud)
{
    if (ws_load()) return NULL;
    weft__ws *ws = calloc(1, sizeof *ws);
    if (!ws) return NULL;
    ws->cbs = cbs;
    ws->ud = ud;
    int r = client ? wslay_event_context_client_init(&ws->ctx, &callbacks, ws)
                   : wslay_event_context_server_init(&ws->ctx, &callbacks, ws);
    if (r) {
        free(ws);
        return NULL;
    }
    /* wslay fails a message over its limit before any callback: its limit is
     * far above ours, so scan_frames sees an oversized message first and the
     * owner drops the peer with the size; scan_frames bounds memory. */
    ws->max_message = max_message;
    wslay_event_config_set_max_recv_msg_length(ws->ctx, (uint64_t)1 << 62);
    return ws;
}

void weft__ws_free(weft__ws *ws)
{
    if (!ws) return;
    wslay_event_context_free(ws->ctx);
    free(ws);
}

static int flush(weft__ws *ws)
{
    if (wslay_event_want_write(ws->ctx) && wslay_event_send(ws->ctx)) {
        ws->failed = 1;
        return WEFT_EIO;
    }
    return 0;
}

int weft__ws_feed(weft__ws *ws, const char *buf, size_t len)
{
    if (ws->failed || ws->too_large) return WEFT_EINVAL;
    uint64_t big = 0;
    ws->in = buf;
    ws->in_len = scan_frames(ws, (const uint8_t *)buf, len, &big);
    /* Bound: wslay reads until our recv callback reports WOULDBLOCK, i.e.
     * until the in_len bytes are consumed. */
    int r = wslay_event_recv(ws->ctx);
    ws->in_len = 0;
    if (big && !ws->too_large && !ws->closed && !ws->failed) oversize(ws, big);
    if (ws->too_large) return WEFT_EINVAL; /* the owner was told (on_oversize) */
    if (r == 0) r = flush(ws); /* pongs, close replies */
    if (r == 0 && !wslay_event_want_read(ws->ctx) && !ws->closed) {
        /* wslay failed the connection (protocol error, message too big). */
        ws->closed = 1;
        ws->cbs->on_close(ws->ud, "WebSocket protocol error");
        return WEFT_EINVAL;
    }
    if (r) {
        ws->failed = 1;
        if (!ws->closed) {
            ws->closed = 1;
            ws->cbs->on_close(ws->ud, "WebSocket protocol error");
        }
        return WEFT_EINVAL;
    }
    return 0;
}

int weft__ws_send(weft__ws *ws, const char *buf, size_t len)
{
    if (ws->failed || ws->closed) return WEFT_ESTATE;
    struct wslay_event_msg m = {WSLAY_BINARY_FRAME, (const uint8_t *)buf, len};
    if (wslay_event_queue_msg(ws->ctx, &m)) return WEFT_ENOMEM;
    return flush(ws);
}

void weft__ws_close(weft__ws *ws, int code, const char *reason)
{
    if (ws->failed) return;
    size_t n = reason ? strlen(reason) : 0;
    if (n > 123) n = 123; /* a close frame's payload is at most 125 bytes */
    if (ws->too_large) code = WSLAY_CODE_MESSAGE_TOO_BIG; /* 1009, whatever the owner's reason */
    wslay_event_queue_close(ws->ctx, (uint16_t)code, (const uint8_t *)reason, n);
    flush(ws);
    ws->closed = 1;
}

int weft__ws_accept_key(const char *key, size_t key_len, char out[29])
{
    static const char guid[] = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11";
    unsigned char md[EVP_MAX_MD_SIZE];
    unsigned int mdlen = 0;
    if (ws_load()) return WEFT_EIO;
    EVP_MD_CTX *c = EVP_MD_CTX_new();
    if (!c) return WEFT_ENOMEM;
    int ok = EVP_DigestInit_ex(c, EVP_sha1(), NULL) && EVP_DigestUpdate(c, key, key_len) &&
             EVP_DigestUpdate(c, guid, sizeof guid - 1) && EVP_DigestFinal_ex(c, md, &mdlen);
    EVP_MD_CTX_free(c);
    if (!ok || mdlen != 20) return WEFT_EIO;
    EVP_EncodeBlock((unsigned char *)out, md, 20); /* 28 chars + NUL */
    return 0;
}
