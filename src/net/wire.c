/* wire.c: the player wire format (docs/protocol.md), the same bytes over
 * WebSocket and ENet: each message is one msgpack array [type, ...].
 * Inbound messages are validated by a bounded walker before anything else
 * reads them: total size, nesting depth, lengths that fit the bytes left,
 * and no extension type but FiveM's vectors, so a client can never forge a
 * function reference. Encoders use msgpack-c's packer. */
#include <msgpack.h>
#include <stdlib.h>
#include <string.h>
#include "net/net.h"

typedef struct rd {
    const unsigned char *p, *end;
    int max_depth;
    const char *why;
} rd;

static int need(rd *r, size_t n)
{
    if ((size_t)(r->end - r->p) < n) {
        r->why = "truncated message";
        return -1;
    }
    return 0;
}

static uint64_t be(const unsigned char *p, int n)
{
    uint64_t v = 0;
    for (int i = 0; i < n; i++) v = v << 8 | p[i];
    return v;
}

/* Skip n bytes of payload whose length came from the message. */
static int skip(rd *r, uint64_t n)
{
    if ((uint64_t)(r->end - r->p) < n) {
        r->why = "length beyond the end of the message";
        return -1;
    }
    r->p += n;
    return 0;
}

static int ext_ok(rd *r, int type, uint64_t len)
{
    /* FiveM's vector2/3/4: 2, 3 or 4 float32. Anything else (function
     * references 10/11 above all) is refused. */
    if ((type == 20 && len == 8) || (type == 21 && len == 12) || (type == 22 && len == 16))
        return skip(r, len);
    r->why = (type == 10 || type == 11) ? "function reference from a client"
                                        : "unsupported extension type";
    return -1;
}

/* Walk one value. Bound: every step consumes at least one byte, and the
 * recursion is at most max_depth deep. */
static int value(rd *r, int depth)
{
    if (need(r, 1)) return -1;
    unsigned c = *r->p++;
    uint64_t n = 0;
    if (c <= 0x7f || c >= 0xe0 || c == 0xc0 || c == 0xc2 || c == 0xc3) return 0;
    if ((c & 0xe0) == 0xa0) return skip(r, c & 0x1f);
    if ((c & 0xf0) == 0x90 || (c & 0xf0) == 0x80) {
        n = c & 0x0f;
        if ((c & 0xf0) == 0x80) n *= 2;
        goto container;
    }
    switch (c) {
    case 0xcc: case 0xd0: return skip(r, 1);
    case 0xcd: case 0xd1: return skip(r, 2);
    case 0xca: case 0xce: case 0xd2: return skip(r, 4);
    case 0xcb: case 0xcf: case 0xd3: return skip(r, 8);
    case 0xd9: case 0xc4:
        if (need(r, 1)) return -1;
        n = r->p[0], r->p += 1;
        return skip(r, n);
    case 0xda: case 0xc5:
        if (need(r, 2)) return -1;
        n = be(r->p, 2), r->p += 2;
        return skip(r, n);
    case 0xdb: case 0xc6:
        if (need(r, 4)) return -1;
        n = be(r->p, 4), r->p += 4;
        return skip(r, n);
    case 0xd4: case 0xd5: case 0xd6: case 0xd7: case 0xd8:
        if (need(r, 1)) return -1;
        return ext_ok(r, (signed char)*r->p++, 1u << (c - 0xd4));
    case 0xc7: case 0xc8: case 0xc9: {
        int w = c == 0xc7 ? 1 : c == 0xc8 ? 2 : 4;
        if (need(r, (size_t)w + 1)) return -1;
        n = be(r->p, w);
        r->p += w;
        return ext_ok(r, (signed char)*r->p++, n);
    }
    case 0xdc: case 0xde:
        if (need(r, 2)) return -1;
        n = be(r->p, 2), r->p += 2;
        if (c == 0xde) n *= 2;
        goto container;
    case 0xdd: case 0xdf:
        if (need(r, 4)) return -1;
        n = be(r->p, 4), r->p += 4;
        if (c == 0xdf) n *= 2;
        goto container;
    default:
        r->why = "invalid msgpack byte";
        return -1;
    }
container:
    if (depth >= r->max_depth) {
        r->why = "nesting too deep";
        return -1;
    }
    if (n > (uint64_t)(r->end - r->p)) { /* each element takes a byte at least */
        r->why = "length beyond the end of the message";
        return -1;
    }
    for (uint64_t i = 0; i < n; i++)
        if (value(r, depth + 1)) return -1;
    return 0;
}

int weft__wire_check_value(const char *buf, size_t len, int max_depth, const char **why)
{
    rd r = {(const unsigned char *)buf, (const unsigned char *)buf + len, max_depth, NULL};
    if (value(&r, 0) || r.p != r.end) {
        *why = r.why ? r.why : "trailing bytes after the message";
        return WEFT_EINVAL;
    }
    return 0;
}

/* Read helpers for the message's own fields. */
static int rd_array(rd *r, uint64_t *n)
{
    if (need(r, 1)) return -1;
    unsigned c = *r->p;
    if ((c & 0xf0) == 0x90) {
        *n = c & 0x0f;
        r->p++;
        return 0;
    }
    if (c == 0xdc && !need(r, 3)) {
        *n = be(r->p + 1, 2);
        r->p += 3;
        return 0;
    }
    if (c == 0xdd && !need(r, 5)) {
        *n = be(r->p + 1, 4);
        r->p += 5;
        return 0;
    }
    r->why = "expected an array";
    return -1;
}

static int rd_int(rd *r, int64_t *v)
{
    if (need(r, 1)) return -1;
    unsigned c = *r->p;
    const unsigned char *q = r->p + 1;
    if (c <= 0x7f) *v = c, r->p += 1;
    else if (c >= 0xe0) *v = (int8_t)c, r->p += 1;
    else if (c == 0xcc && !need(r, 2)) *v = q[0], r->p += 2;
    else if (c == 0xcd && !need(r, 3)) *v = (int64_t)be(q, 2), r->p += 3;
    else if (c == 0xce && !need(r, 5)) *v = (int64_t)be(q, 4), r->p += 5;
    else if (c == 0xcf && !need(r, 9)) *v = (int64_t)be(q, 8), r->p += 9;
    else if (c == 0xd0 && !need(r, 2)) *v = (int8_t)q[0], r->p += 2;
    else if (c == 0xd1 && !need(r, 3)) *v = (int16_t)be(q, 2), r->p += 3;
    else if (c == 0xd2 && !need(r, 5)) *v = (int32_t)be(q, 4), r->p += 5;
    else if (c == 0xd3 && !need(r, 9)) *v = (int64_t)be(q, 8), r->p += 9;
    else {
        r->why = "expected an integer";
        return -1;
    }
    return 0;
}

static int rd_str(rd *r, const char **s, size_t *len)
{
    if (need(r, 1)) return -1;
    unsigned c = *r->p;
    uint64_t n;
    int h;
    if ((c & 0xe0) == 0xa0) n = c & 0x1f, h = 1;
    else if (c == 0xd9 && !need(r, 2)) n = r->p[1], h = 2;
    else if (c == 0xda && !need(r, 3)) n = be(r->p + 1, 2), h = 3;
    else if (c == 0xdb && !need(r, 5)) n = be(r->p + 1, 4), h = 5;
    else {
        r->why = "expected a string";
        return -1;
    }
    r->p += h;
    *s = (const char *)r->p;
    *len = (size_t)n;
    return skip(r, n);
}

static int rd_bin(rd *r, const char **s, size_t *len)
{
    if (need(r, 1)) return -1;
    unsigned c = *r->p;
    uint64_t n;
    int h;
    if (c == 0xc4 && !need(r, 2)) n = r->p[1], h = 2;
    else if (c == 0xc5 && !need(r, 3)) n = be(r->p + 1, 2), h = 3;
    else if (c == 0xc6 && !need(r, 5)) n = be(r->p + 1, 4), h = 5;
    else {
        r->why = "expected binary data";
        return -1;
    }
    r->p += h;
    *s = (const char *)r->p;
    *len = (size_t)n;
    return skip(r, n);
}

int weft__wire_decode(const char *buf, size_t len, size_t max_len, int max_depth,
                      weft__wire_msg *m, const char **why)
{
    memset(m, 0, sizeof *m);
    if (len > max_len) {
        *why = "message too large";
        return WEFT_EINVAL;
    }
    if (weft__wire_check_value(buf, len, max_depth, why)) return WEFT_EINVAL;
    rd r = {(const unsigned char *)buf, (const unsigned char *)buf + len, max_depth, NULL};
    uint64_t n;
    int64_t type;
    if (rd_array(&r, &n) || n < 1 || rd_int(&r, &type)) goto bad;
    m->type = (int)type;
    switch (type) {
    case WEFT_MSG_HELLO:
        if (n != 3 || rd_int(&r, &m->num) || rd_str(&r, &m->str, &m->str_len)) goto bad;
        break;
    case WEFT_MSG_WELCOME:
        if (n != 3 || rd_int(&r, &m->num) || rd_str(&r, &m->str, &m->str_len)) goto bad;
        break;
    case WEFT_MSG_LATENT: {
        int64_t off, total;
        if (n != 5 || rd_int(&r, &m->num) || rd_int(&r, &off) || rd_int(&r, &total) ||
            rd_bin(&r, &m->args, &m->args_len) || off < 0 || total < 0)
            goto bad;
        m->offset = (uint64_t)off;
        m->total = (uint64_t)total;
        break;
    }
    case WEFT_MSG_EVENT:
    case WEFT_MSG_CLIENT_EVENT: {
        if (n != 3 || rd_str(&r, &m->str, &m->str_len)) goto bad;
        const unsigned char *a = r.p;
        uint64_t k;
        if (rd_array(&r, &k)) goto bad;
        m->args = (const char *)a;
        m->args_len = len - (size_t)(a - (const unsigned char *)buf);
        return 0;
    }
    case WEFT_MSG_PONG:
    case WEFT_MSG_PING:
        if (n != 2 || rd_int(&r, &m->num)) goto bad;
        break;
    case WEFT_MSG_BYE:
    case WEFT_MSG_DROP:
    case WEFT_MSG_DEFERRAL:
        if (n != 2 || rd_str(&r, &m->str, &m->str_len)) goto bad;
        break;
    default:
        *why = "unknown message type";
        return WEFT_EINVAL;
    }
    return 0;
bad:
    *why = r.why ? r.why : "wrong fields for the message type";
    return WEFT_EINVAL;
}

/* ---- encoders ------------------------------------------------------------------ */

/* Every message starts the same: an array of n, its type first. */
static void start(msgpack_sbuffer *sb, msgpack_packer *pk, uint32_t n, int type)
{
    msgpack_sbuffer_init(sb);
    msgpack_packer_init(pk, sb, msgpack_sbuffer_write);
    msgpack_pack_array(pk, n);
    msgpack_pack_int(pk, type);
}

static int finish(msgpack_sbuffer *sb, char **out, size_t *out_len)
{
    if (!sb->data) return WEFT_ENOMEM;
    *out = sb->data;
    *out_len = sb->size;
    return 0;
}

static void pack_str(msgpack_packer *pk, const char *s, size_t n)
{
    msgpack_pack_str(pk, n);
    msgpack_pack_str_body(pk, s, n);
}

int weft__wire_event(int type, const char *name, const char *args, size_t args_len, char **out,
                     size_t *out_len)
{
    msgpack_sbuffer sb;
    msgpack_packer pk;
    start(&sb, &pk, 3, type);
    pack_str(&pk, name, strlen(name));
    if (args && args_len) msgpack_sbuffer_write(&sb, args, args_len);
    else msgpack_pack_array(&pk, 0);
    return finish(&sb, out, out_len);
}

int weft__wire_num(int type, int64_t num, char **out, size_t *out_len)
{
    msgpack_sbuffer sb;
    msgpack_packer pk;
    start(&sb, &pk, 2, type);
    msgpack_pack_int64(&pk, num);
    return finish(&sb, out, out_len);
}

int weft__wire_str(int type, const char *s, char **out, size_t *out_len)
{
    msgpack_sbuffer sb;
    msgpack_packer pk;
    start(&sb, &pk, 2, type);
    pack_str(&pk, s, strlen(s));
    return finish(&sb, out, out_len);
}

int weft__wire_hello(const char *name, char **out, size_t *out_len)
{
    msgpack_sbuffer sb;
    msgpack_packer pk;
    start(&sb, &pk, 3, WEFT_MSG_HELLO);
    msgpack_pack_int(&pk, WEFT_PROTOCOL_VERSION);
    pack_str(&pk, name, strlen(name));
    return finish(&sb, out, out_len);
}

int weft__wire_welcome(int id, const char *server_name, char **out, size_t *out_len)
{
    msgpack_sbuffer sb;
    msgpack_packer pk;
    start(&sb, &pk, 3, WEFT_MSG_WELCOME);
    msgpack_pack_int(&pk, id);
    pack_str(&pk, server_name, strlen(server_name));
    return finish(&sb, out, out_len);
}

int weft__wire_latent(uint32_t id, size_t offset, size_t total, const char *chunk, size_t n,
                      char **out, size_t *out_len)
{
    msgpack_sbuffer sb;
    msgpack_packer pk;
    start(&sb, &pk, 5, WEFT_MSG_LATENT);
    msgpack_pack_uint32(&pk, id);
    msgpack_pack_uint64(&pk, offset);
    msgpack_pack_uint64(&pk, total);
    msgpack_pack_bin(&pk, n);
    msgpack_pack_bin_body(&pk, chunk, n);
    return finish(&sb, out, out_len);
}
