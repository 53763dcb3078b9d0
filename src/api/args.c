/* args.c: argument reading and result packing for the server API natives
 * (args.h), on the shared token reader of src/host/msgpack.h. */
#include "api/args.h"

#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>

int weft__args_parse(weft__args *a, const char *args, size_t len)
{
    weft__mp_reader r = {(const uint8_t *)args, (const uint8_t *)args + len};
    weft__mp_token t;
    memset(a, 0, sizeof *a);
    if (!args || weft__codec_mp_next(&r, &t) < 0 || t.type != WEFT__MP_ARRAY) return WEFT_EINVAL;
    /* Bound: at most WEFT_API_MAX_ARGS values are read. */
    for (uint32_t i = 0; i < t.len && i < WEFT_API_MAX_ARGS; i++) {
        weft__mp_reader peek = r;
        const uint8_t *start = r.p;
        if (weft__codec_mp_next(&peek, &a->tok[i]) < 0 || weft__mp_skip(&r) < 0) return WEFT_EINVAL;
        a->raw[i] = (const char *)start;
        a->raw_len[i] = (size_t)(r.p - start);
        a->n++;
    }
    return 0;
}

const char *weft__args_text(const weft__args *a, int i, char *buf, size_t cap)
{
    if (i >= a->n) return NULL;
    const weft__mp_token *t = &a->tok[i];
    int n;
    switch (t->type) {
    case WEFT__MP_STR:
        if (t->len >= cap || memchr(t->p, 0, t->len)) return NULL;
        memcpy(buf, t->p, t->len);
        buf[t->len] = 0;
        return buf;
    case WEFT__MP_INT:
        n = snprintf(buf, cap, "%lld", (long long)t->i);
        break;
    case WEFT__MP_UINT:
        n = snprintf(buf, cap, "%llu", (unsigned long long)t->u);
        break;
    case WEFT__MP_FLOAT:
        n = snprintf(buf, cap, "%.17g", t->f);
        break;
    case WEFT__MP_BOOL:
        n = snprintf(buf, cap, "%s", t->boolean ? "true" : "false");
        break;
    default:
        return NULL;
    }
    return n >= 0 && (size_t)n < cap ? buf : NULL;
}

int weft__args_has_nul(const weft__args *a, int i)
{
    return i < a->n && a->tok[i].type == WEFT__MP_STR && memchr(a->tok[i].p, 0, a->tok[i].len);
}

char *weft__args_strdup(const weft__args *a, int i)
{
    if (i >= a->n || a->tok[i].type != WEFT__MP_STR) return NULL;
    return strndup(a->tok[i].p, a->tok[i].len);
}

int64_t weft__args_int(const weft__args *a, int i, int64_t def)
{
    if (i >= a->n) return def;
    const weft__mp_token *t = &a->tok[i];
    if (t->type == WEFT__MP_INT) return t->i;
    if (t->type == WEFT__MP_UINT) return (int64_t)t->u;
    if (t->type == WEFT__MP_FLOAT) {
        /* a NaN is no number (the default); past int64 saturates (the cast
         * is undefined there: GetConvarInt('x', 1e300) gave INT64_MIN) */
        if (t->f != t->f) return def;
        if (t->f >= 9223372036854775807.0) return INT64_MAX;
        if (t->f <= -9223372036854775808.0) return INT64_MIN;
        return (int64_t)t->f;
    }
    if (t->type == WEFT__MP_BOOL) return t->boolean;
    if (t->type == WEFT__MP_STR) {
        char buf[64];
        if (!weft__args_text(a, i, buf, sizeof buf)) return def;
        char *end;
        long long v = strtoll(buf, &end, 10);
        return end == buf ? def : v;
    }
    return def;
}

double weft__args_num(const weft__args *a, int i, double def)
{
    if (i >= a->n) return def;
    const weft__mp_token *t = &a->tok[i];
    if (t->type == WEFT__MP_FLOAT) return t->f;
    if (t->type == WEFT__MP_INT) return (double)t->i;
    if (t->type == WEFT__MP_UINT) return (double)t->u;
    if (t->type == WEFT__MP_STR) {
        char buf[64];
        if (!weft__args_text(a, i, buf, sizeof buf)) return def;
        char *end;
        double v = strtod(buf, &end);
        return end == buf ? def : v;
    }
    return def;
}

int weft__args_bool(const weft__args *a, int i, int def)
{
    if (i >= a->n) return def;
    const weft__mp_token *t = &a->tok[i];
    switch (t->type) {
    case WEFT__MP_NIL:
        return 0;
    case WEFT__MP_BOOL:
        return t->boolean;
    case WEFT__MP_INT:
        return t->i != 0;
    case WEFT__MP_FLOAT:
        return t->f != 0;
    default:
        return 1;
    }
}

const char *weft__args_ref(const weft__args *a, int i, char *buf, size_t cap)
{
    if (i >= a->n) return NULL;
    const weft__mp_token *t = &a->tok[i];
    if (t->type != WEFT__MP_EXT ||
        (t->ext_type != WEFT__CODEC_EXT_REF && t->ext_type != WEFT__CODEC_EXT_LOCAL_REF) ||
        t->len >= cap)
        return NULL;
    memcpy(buf, t->p, t->len);
    buf[t->len] = 0;
    return buf;
}

void weft__res_begin(msgpack_sbuffer *sb, msgpack_packer *pk)
{
    msgpack_sbuffer_init(sb);
    msgpack_packer_init(pk, sb, msgpack_sbuffer_write);
}

int weft__res_take(msgpack_sbuffer *sb, char **out, size_t *len)
{
    if (!sb->data) return WEFT_ENOMEM;
    *out = sb->data;
    *len = sb->size;
    return 0;
}

int weft__res_str(const char *s, size_t n, char **out, size_t *len)
{
    msgpack_sbuffer sb;
    msgpack_packer pk;
    weft__res_begin(&sb, &pk);
    msgpack_pack_str_with_body(&pk, s, n);
    return weft__res_take(&sb, out, len);
}

int weft__res_int(int64_t v, char **out, size_t *len)
{
    msgpack_sbuffer sb;
    msgpack_packer pk;
    weft__res_begin(&sb, &pk);
    msgpack_pack_int64(&pk, v);
    return weft__res_take(&sb, out, len);
}

int weft__res_num(double v, char **out, size_t *len)
{
    msgpack_sbuffer sb;
    msgpack_packer pk;
    weft__res_begin(&sb, &pk);
    msgpack_pack_double(&pk, v);
    return weft__res_take(&sb, out, len);
}

int weft__res_bool(int v, char **out, size_t *len)
{
    msgpack_sbuffer sb;
    msgpack_packer pk;
    weft__res_begin(&sb, &pk);
    if (v)
        msgpack_pack_true(&pk);
    else
        msgpack_pack_false(&pk);
    return weft__res_take(&sb, out, len);
}

int weft__res_nil(char **out, size_t *len)
{
    if (!(*out = malloc(1))) return WEFT_ENOMEM;
    (*out)[0] = (char)0xc0;
    *len = 1;
    return 0;
}
