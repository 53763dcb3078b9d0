/* msgpack.c: the msgpack token reader both value codecs (src/js/codec.c,
 * src/lua/lua_codec.c) and the host's own readers share, plus the UTF-8 and
 * float32 helpers of the boundary, and the size-capped packer output.
 * Engine-agnostic: no engine header here.
 * Invariant: every container count is checked against the bytes left before
 * a caller can allocate for it. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "host/msgpack.h"

static uint64_t rd_be(const uint8_t *p, int n)
{
    uint64_t v = 0;
    for (int i = 0; i < n; i++)
        v = v << 8 | p[i];
    return v;
}

int weft__codec_mp_next(weft__mp_reader *r, weft__mp_token *t)
{
    size_t left = (size_t)(r->end - r->p);
    int lenbytes = 0; /* width of a str/bin/ext/array/map length field */
    if (left == 0) return -1;
    uint8_t c = *r->p++;
    left--;
    memset(t, 0, sizeof *t);
    if (c <= 0x7f) {
        t->type = WEFT__MP_INT;
        t->i = c;
        return 0;
    }
    if (c >= 0xe0) {
        t->type = WEFT__MP_INT;
        t->i = (int8_t)c;
        return 0;
    }
    if (c <= 0x8f) {
        t->type = WEFT__MP_MAP;
        t->len = c & 0x0f;
        goto container;
    }
    if (c <= 0x9f) {
        t->type = WEFT__MP_ARRAY;
        t->len = c & 0x0f;
        goto container;
    }
    if (c <= 0xbf) {
        t->type = WEFT__MP_STR;
        t->len = c & 0x1f;
        goto payload;
    }
    switch (c) {
    case 0xc0:
        t->type = WEFT__MP_NIL;
        return 0;
    case 0xc1:
        return -1;
    case 0xc2:
    case 0xc3:
        t->type = WEFT__MP_BOOL;
        t->boolean = c == 0xc3;
        return 0;
    case 0xc4:
    case 0xc5:
    case 0xc6:
        t->type = WEFT__MP_BIN;
        lenbytes = 1 << (c - 0xc4);
        break;
    case 0xc7:
    case 0xc8:
    case 0xc9:
        t->type = WEFT__MP_EXT;
        lenbytes = 1 << (c - 0xc7);
        break;
    case 0xca:
    case 0xcb: {
        int n = c == 0xca ? 4 : 8;
        if (left < (size_t)n) return -1;
        uint64_t bits = rd_be(r->p, n);
        r->p += n;
        t->type = WEFT__MP_FLOAT;
        if (n == 4) {
            uint32_t b32 = (uint32_t)bits;
            float fl;
            memcpy(&fl, &b32, 4);
            t->f = fl;
        } else {
            memcpy(&t->f, &bits, 8);
        }
        return 0;
    }
    case 0xcc:
    case 0xcd:
    case 0xce:
    case 0xcf: {
        int n = 1 << (c - 0xcc);
        if (left < (size_t)n) return -1;
        uint64_t u = rd_be(r->p, n);
        r->p += n;
        if (u > INT64_MAX) {
            t->type = WEFT__MP_UINT;
            t->u = u;
        } else {
            t->type = WEFT__MP_INT;
            t->i = (int64_t)u;
        }
        return 0;
    }
    case 0xd0:
    case 0xd1:
    case 0xd2:
    case 0xd3: {
        int n = 1 << (c - 0xd0);
        if (left < (size_t)n) return -1;
        uint64_t u = rd_be(r->p, n);
        r->p += n;
        t->type = WEFT__MP_INT;
        if (n == 1)
            t->i = (int8_t)u;
        else if (n == 2)
            t->i = (int16_t)u;
        else if (n == 4)
            t->i = (int32_t)u;
        else
            t->i = (int64_t)u;
        return 0;
    }
    case 0xd4:
    case 0xd5:
    case 0xd6:
    case 0xd7:
    case 0xd8:
        t->type = WEFT__MP_EXT;
        t->len = 1u << (c - 0xd4);
        if (left < 1) return -1;
        t->ext_type = (int8_t)*r->p++;
        left--;
        goto payload;
    case 0xd9:
    case 0xda:
    case 0xdb:
        t->type = WEFT__MP_STR;
        lenbytes = 1 << (c - 0xd9);
        break;
    case 0xdc:
    case 0xdd:
        t->type = WEFT__MP_ARRAY;
        lenbytes = c == 0xdc ? 2 : 4;
        break;
    case 0xde:
    case 0xdf:
        t->type = WEFT__MP_MAP;
        lenbytes = c == 0xde ? 2 : 4;
        break;
    default:
        return -1; /* unreachable: every byte is covered above */
    }
    if (left < (size_t)lenbytes) return -1;
    t->len = (uint32_t)rd_be(r->p, lenbytes);
    r->p += lenbytes;
    left -= (size_t)lenbytes;
    if (t->type == WEFT__MP_EXT) {
        if (left < 1) return -1;
        t->ext_type = (int8_t)*r->p++;
        left--;
    }
    if (t->type == WEFT__MP_ARRAY || t->type == WEFT__MP_MAP) goto container;
payload:
    if (left < t->len) return -1;
    t->p = (const char *)r->p;
    r->p += t->len;
    return 0;
container:
    /* Each element takes at least one byte: a larger count is a lie. */
    if ((uint64_t)t->len * (t->type == WEFT__MP_MAP ? 2 : 1) > left) return -1;
    return 0;
}

/* Bound: one token per step; `left[d]` counts what level d still holds. */
int weft__mp_skip(weft__mp_reader *r)
{
    uint64_t left[WEFT_CODEC_MAX_DEPTH + 1];
    int d = 0;
    left[0] = 1;
    while (d >= 0) {
        if (left[d] == 0) {
            d--;
            continue;
        }
        left[d]--;
        weft__mp_token t;
        if (weft__codec_mp_next(r, &t) < 0) return -1;
        if (t.type != WEFT__MP_ARRAY && t.type != WEFT__MP_MAP) continue;
        if (d == WEFT_CODEC_MAX_DEPTH) return -1;
        left[++d] = (uint64_t)t.len * (t.type == WEFT__MP_MAP ? 2 : 1);
    }
    return 0;
}

int weft__mp_valid(const void *p, size_t len, int args)
{
    if (!p || !len) return 0;
    weft__mp_reader r = {p, (const uint8_t *)p + len}, head = r;
    weft__mp_token t;
    if (args && (weft__codec_mp_next(&head, &t) < 0 || t.type != WEFT__MP_ARRAY ||
                 t.len > WEFT_CALL_ARGS_MAX))
        return 0;
    return weft__mp_skip(&r) == 0 && r.p == r.end;
}

int weft__codec_utf8_valid(const char *str, size_t len)
{
    const uint8_t *s = (const uint8_t *)str, *end = s + len;
    while (s < end) {
        uint8_t c = *s;
        if (c < 0x80) {
            s++;
            continue;
        }
        int n;
        uint32_t cp, min;
        if ((c & 0xe0) == 0xc0)
            n = 1, cp = c & 0x1f, min = 0x80;
        else if ((c & 0xf0) == 0xe0)
            n = 2, cp = c & 0x0f, min = 0x800;
        else if ((c & 0xf8) == 0xf0)
            n = 3, cp = c & 0x07, min = 0x10000;
        else
            return 0;
        if (end - s <= n) return 0;
        for (int i = 1; i <= n; i++) {
            if ((s[i] & 0xc0) != 0x80) return 0;
            cp = cp << 6 | (s[i] & 0x3f);
        }
        if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return 0;
        s += n + 1;
    }
    return 1;
}

float weft__codec_le_float(const char *p)
{
    const uint8_t *b = (const uint8_t *)p;
    uint32_t u = (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
    float f;
    memcpy(&f, &u, 4);
    return f;
}

void weft__mp_out_init(weft__mp_out *out)
{
    msgpack_sbuffer_init(&out->sb);
    out->too_big = 0;
}

/* msgpack-c's sbuffer starts at 8 KiB (MSGPACK_SBUFFER_INIT_SIZE): one large
 * malloc per packed event or call, most of them a few bytes. This grows from
 * 128 bytes, doubling; the result is still an sbuffer (released, freed with
 * free()). */
int weft__mp_out_write(void *data, const char *buf, size_t len)
{
    weft__mp_out *out = data;
    msgpack_sbuffer *sb = &out->sb;
    if (len > WEFT_CODEC_MAX_BYTES - sb->size) {
        out->too_big = 1;
        return -1;
    }
    if (!len) return 0;
    if (sb->alloc - sb->size < len) {
        size_t cap = sb->alloc ? sb->alloc * 2 : 128;
        while (cap - sb->size < len) cap *= 2;
        char *d = realloc(sb->data, cap);
        if (!d) return -1;
        sb->data = d;
        sb->alloc = cap;
    }
    memcpy(sb->data + sb->size, buf, len);
    sb->size += len;
    return 0;
}
