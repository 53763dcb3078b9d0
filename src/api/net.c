/* net.c: the network's host API as natives (docs/natives.md), with FiveM's
 * names: the player natives (GetPlayers, GetPlayerName, identifiers,
 * endpoint, ping, DropPlayer), TriggerLatentClientEvent, and the C side of
 * SetHttpHandler's req/res objects and of playerConnecting's deferrals
 * (Weft* natives; the FiveM-shaped objects are built by src/api/net.js and
 * src/api/net.lua). A player argument is a server id as a number or a
 * numeric string, as FiveM accepts; an unknown player reads as nil/0. */
#include <msgpack.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "api/api.h"
#include "host/server.h"
#include "net/net_int.h"

typedef struct args {
    msgpack_unpacked u;
    msgpack_object *a;
    uint32_t n;
} args;

static int open_args(args *x, const char *buf, size_t len)
{
    msgpack_unpacked_init(&x->u);
    if (msgpack_unpack_next(&x->u, buf, len, NULL) != MSGPACK_UNPACK_SUCCESS ||
        x->u.data.type != MSGPACK_OBJECT_ARRAY) {
        msgpack_unpacked_destroy(&x->u);
        return WEFT_EINVAL;
    }
    x->a = x->u.data.via.array.ptr;
    x->n = x->u.data.via.array.size;
    return 0;
}

static void close_args(args *x)
{
    msgpack_unpacked_destroy(&x->u);
}

/* Argument i as an integer (number or numeric string), else def. */
static long long arg_int(const args *x, uint32_t i, long long def)
{
    if (i >= x->n) return def;
    const msgpack_object *o = &x->a[i];
    if (o->type == MSGPACK_OBJECT_POSITIVE_INTEGER) return (long long)o->via.u64;
    if (o->type == MSGPACK_OBJECT_NEGATIVE_INTEGER) return o->via.i64;
    if (o->type == MSGPACK_OBJECT_FLOAT32 || o->type == MSGPACK_OBJECT_FLOAT64)
        return (long long)o->via.f64;
    if (o->type == MSGPACK_OBJECT_STR && o->via.str.size && o->via.str.size < 24) {
        char b[24];
        memcpy(b, o->via.str.ptr, o->via.str.size);
        b[o->via.str.size] = 0;
        char *end;
        long long v = strtoll(b, &end, 10);
        if (!*end) return v;
    }
    return def;
}

/* Argument i as a NUL-terminated copy into buf (strings only), or NULL. */
static const char *arg_str(const args *x, uint32_t i, char *buf, size_t cap)
{
    if (i >= x->n || x->a[i].type != MSGPACK_OBJECT_STR) return NULL;
    size_t n = x->a[i].via.str.size < cap - 1 ? x->a[i].via.str.size : cap - 1;
    memcpy(buf, x->a[i].via.str.ptr, n);
    buf[n] = 0;
    return buf;
}

static weft__player *arg_player(weft_host *h, const args *x, uint32_t i)
{
    long long id = arg_int(x, i, 0);
    return id > 0 && id < 65536 ? weft__player_find(h, (int)id) : NULL;
}

/* ---- results ------------------------------------------------------------------- */

typedef struct out {
    msgpack_sbuffer sb;
    msgpack_packer pk;
} out;

static msgpack_packer *out_begin(out *o)
{
    msgpack_sbuffer_init(&o->sb);
    msgpack_packer_init(&o->pk, &o->sb, msgpack_sbuffer_write);
    return &o->pk;
}

static int out_end(out *o, char **result, size_t *rlen)
{
    if (!o->sb.data) return WEFT_ENOMEM;
    *result = o->sb.data;
    *rlen = o->sb.size;
    return 0;
}

static int ret_str(const char *s, char **result, size_t *rlen)
{
    if (!s) return 0; /* nil */
    out o;
    msgpack_pack_str_with_body(out_begin(&o), s, strlen(s));
    return out_end(&o, result, rlen);
}

static int ret_int(long long v, char **result, size_t *rlen)
{
    out o;
    msgpack_pack_int64(out_begin(&o), v);
    return out_end(&o, result, rlen);
}

/* ---- players --------------------------------------------------------------------- */

typedef struct collect {
    msgpack_packer *pk;
    int n, want, found;
    char id[16];
} collect;

static void count_cb(weft__player *p, void *ud)
{
    ((collect *)ud)->n++;
}

static void ids_cb(weft__player *p, void *ud)
{
    collect *c = ud;
    char s[16];
    int n = snprintf(s, sizeof s, "%d", weft__player_id(p));
    msgpack_pack_str_with_body(c->pk, s, (size_t)n);
}

static void index_cb(weft__player *p, void *ud)
{
    collect *c = ud;
    if (c->n++ == c->want) {
        snprintf(c->id, sizeof c->id, "%d", weft__player_id(p));
        c->found = 1;
    }
}

/* GetPlayers() -> {"1", "2", ...} (strings, as FiveM) */
static int n_get_players(void *ud, const char *a, size_t len, char **result, size_t *rlen)
{
    weft_host *h = ud;
    collect c = {0};
    weft__players_each(h, count_cb, &c);
    out o;
    c.pk = out_begin(&o);
    msgpack_pack_array(c.pk, (size_t)c.n);
    weft__players_each(h, ids_cb, &c);
    return out_end(&o, result, rlen);
}

static int n_num_indices(void *ud, const char *a, size_t len, char **result, size_t *rlen)
{
    collect c = {0};
    weft__players_each(ud, count_cb, &c);
    return ret_int(c.n, result, rlen);
}

/* GetPlayerFromIndex(i) -> "id" or nil */
static int n_from_index(void *ud, const char *a, size_t len, char **result, size_t *rlen)
{
    args x;
    if (open_args(&x, a, len)) return WEFT_EINVAL;
    collect c = {.want = (int)arg_int(&x, 0, -1)};
    close_args(&x);
    weft__players_each(ud, index_cb, &c);
    return ret_str(c.found ? c.id : NULL, result, rlen);
}

/* One accessor per string field of a player: nil for an unknown player. */
#define PLAYER_STR_NATIVE(fname, getter)                                                         \
    static int fname(void *ud, const char *a, size_t len, char **result, size_t *rlen)           \
    {                                                                                            \
        args x;                                                                                  \
        if (open_args(&x, a, len)) return WEFT_EINVAL;                                           \
        weft__player *p = arg_player(ud, &x, 0);                                                 \
        close_args(&x);                                                                          \
        return ret_str(p ? getter(p) : NULL, result, rlen);                                      \
    }
PLAYER_STR_NATIVE(n_get_name, weft__player_name)
PLAYER_STR_NATIVE(n_get_endpoint, weft__player_endpoint)

static int n_get_ping(void *ud, const char *a, size_t len, char **result, size_t *rlen)
{
    args x;
    if (open_args(&x, a, len)) return WEFT_EINVAL;
    weft__player *p = arg_player(ud, &x, 0);
    close_args(&x);
    return ret_int(p ? weft__player_ping(p) : 0, result, rlen);
}

static int n_num_identifiers(void *ud, const char *a, size_t len, char **result, size_t *rlen)
{
    args x;
    if (open_args(&x, a, len)) return WEFT_EINVAL;
    weft__player *p = arg_player(ud, &x, 0);
    close_args(&x);
    return ret_int(p ? weft__player_num_identifiers(p) : 0, result, rlen);
}

/* GetPlayerIdentifier(src, i) -> "ip:..." or nil */
static int n_identifier(void *ud, const char *a, size_t len, char **result, size_t *rlen)
{
    args x;
    if (open_args(&x, a, len)) return WEFT_EINVAL;
    weft__player *p = arg_player(ud, &x, 0);
    int i = (int)arg_int(&x, 1, -1);
    close_args(&x);
    return ret_str(p ? weft__player_identifier(p, i) : NULL, result, rlen);
}

/* GetPlayerIdentifiers(src) -> {"ip:...", "weft:..."} ({} for an unknown player) */
static int n_identifiers(void *ud, const char *a, size_t len, char **result, size_t *rlen)
{
    args x;
    if (open_args(&x, a, len)) return WEFT_EINVAL;
    weft__player *p = arg_player(ud, &x, 0);
    close_args(&x);
    out o;
    msgpack_packer *pk = out_begin(&o);
    int n = p ? weft__player_num_identifiers(p) : 0;
    msgpack_pack_array(pk, (size_t)n);
    for (int i = 0; i < n; i++) {
        const char *s = weft__player_identifier(p, i);
        msgpack_pack_str_with_body(pk, s, strlen(s));
    }
    return out_end(&o, result, rlen);
}

/* DropPlayer(src, reason) */
static int n_drop(void *ud, const char *a, size_t len, char **result, size_t *rlen)
{
    args x;
    if (open_args(&x, a, len)) return WEFT_EINVAL;
    weft__player *p = arg_player(ud, &x, 0);
    char reason[256];
    const char *r = arg_str(&x, 1, reason, sizeof reason);
    close_args(&x);
    if (p) weft__player_drop(p, r && *r ? r : "dropped by the server");
    return 0;
}

/* TriggerLatentClientEvent(name, target, bytesPerSecond, ...args) */
static int n_latent(void *ud, const char *a, size_t len, char **result, size_t *rlen)
{
    weft_host *h = ud;
    args x;
    if (open_args(&x, a, len)) return WEFT_EINVAL;
    char name[256];
    const char *nm = arg_str(&x, 0, name, sizeof name);
    long long target = arg_int(&x, 1, 0);
    long long bps = arg_int(&x, 2, 0);
    if (!nm || x.n < 3) {
        close_args(&x);
        return WEFT_EINVAL;
    }
    /* the rest of the arguments, packed again as one array */
    out o;
    msgpack_packer *pk = out_begin(&o);
    msgpack_pack_array(pk, x.n - 3);
    for (uint32_t i = 3; i < x.n; i++) msgpack_pack_object(pk, x.a[i]);
    close_args(&x);
    if (!o.sb.data) return WEFT_ENOMEM;
    if (bps < 1) bps = 1;
    if (bps > UINT32_MAX) bps = UINT32_MAX;
    weft__net_client_event(h, nm, (int)target, o.sb.data, o.sb.size, (uint32_t)bps);
    msgpack_sbuffer_destroy(&o.sb);
    return 0;
}

/* ---- deferrals (playerConnecting) -------------------------------------------------- */

/* WeftDeferral(playerId, op, text): op "defer", "update", "done", "kick"
 * (setKickReason). The sugar wraps them into FiveM's deferrals object. */
static int n_deferral(void *ud, const char *a, size_t len, char **result, size_t *rlen)
{
    args x;
    if (open_args(&x, a, len)) return WEFT_EINVAL;
    weft__player *p = arg_player(ud, &x, 0);
    char op[16], text[512];
    const char *o = arg_str(&x, 1, op, sizeof op);
    const char *t = arg_str(&x, 2, text, sizeof text);
    close_args(&x);
    if (!o) return WEFT_EINVAL;
    if (p) weft__player_deferral(p, o, t);
    return 0;
}

/* ---- SetHttpHandler ------------------------------------------------------------------ */

/* WeftHttpSetHandler(resourceName, fn) */
static int n_set_handler(void *ud, const char *a, size_t len, char **result, size_t *rlen)
{
    weft_host *h = ud;
    args x;
    if (open_args(&x, a, len)) return WEFT_EINVAL;
    char res[64];
    const char *r = arg_str(&x, 0, res, sizeof res);
    int rc = WEFT_EINVAL;
    if (r && x.n >= 2 && x.a[1].type == MSGPACK_OBJECT_EXT && x.a[1].via.ext.type == 10)
        rc = weft__http_set_handler(h, r, x.a[1].via.ext.ptr, x.a[1].via.ext.size);
    else if (r && x.n >= 2 && x.a[1].type == MSGPACK_OBJECT_NIL)
        rc = weft__http_set_handler(h, r, NULL, 0);
    close_args(&x);
    return rc;
}

static int n_set_data_handler(void *ud, const char *a, size_t len, char **result, size_t *rlen)
{
    return weft__http_n_set_data_handler(ud, a, len);
}

static int n_write_head(void *ud, const char *a, size_t len, char **result, size_t *rlen)
{
    return weft__http_n_write_head(ud, a, len);
}

static int n_write(void *ud, const char *a, size_t len, char **result, size_t *rlen)
{
    return weft__http_n_write(ud, a, len, 0);
}

static int n_end(void *ud, const char *a, size_t len, char **result, size_t *rlen)
{
    return weft__http_n_write(ud, a, len, 1);
}

/* ---- outbound HTTP (PerformHttpRequest, fetch) ---------------------------------------- */

/* {status, body, headers = {name = value}, url[, error]} */
static void http_done(void *ud, const weft__curl_result *r)
{
    weft_call *call = ud;
    out o;
    msgpack_packer *pk = out_begin(&o);
    msgpack_pack_map(pk, r->error ? 5 : 4);
    msgpack_pack_str_with_body(pk, "status", 6);
    msgpack_pack_int(pk, r->status);
    msgpack_pack_str_with_body(pk, "body", 4);
    msgpack_pack_str_with_body(pk, r->body ? r->body : "", r->body ? r->body_len : 0);
    msgpack_pack_str_with_body(pk, "url", 3);
    msgpack_pack_str_with_body(pk, r->url ? r->url : "", r->url ? strlen(r->url) : 0);
    if (r->error) {
        msgpack_pack_str_with_body(pk, "error", 5);
        msgpack_pack_str_with_body(pk, r->error, strlen(r->error));
    }
    /* header lines after the status line: "Name: value" */
    msgpack_pack_str_with_body(pk, "headers", 7);
    const char *p = r->headers ? r->headers : "", *end = p + (r->headers ? r->headers_len : 0);
    const char *lines[256], *colons[256];
    size_t lens[256];
    uint32_t k = 0;
    /* Bound: one pass over the header bytes (at most 64 KiB, curl.c). */
    for (const char *q = p; q < end && k < 256;) {
        const char *nl = memchr(q, '\n', (size_t)(end - q));
        size_t l = nl ? (size_t)(nl - q) : (size_t)(end - q);
        const char *c = memchr(q, ':', l);
        if (c && memcmp(q, "HTTP/", 5)) {
            lines[k] = q;
            colons[k] = c;
            lens[k] = l;
            k++;
        }
        q += l + 1;
    }
    msgpack_pack_map(pk, k);
    for (uint32_t i = 0; i < k; i++) {
        const char *v = colons[i] + 1, *ve = lines[i] + lens[i];
        while (v < ve && (*v == ' ' || *v == '\t')) v++;
        while (ve > v && (ve[-1] == '\r' || ve[-1] == ' ')) ve--;
        msgpack_pack_str_with_body(pk, lines[i], (size_t)(colons[i] - lines[i]));
        msgpack_pack_str_with_body(pk, v, (size_t)(ve - v));
    }
    if (o.sb.data) weft_call_resolve(call, o.sb.data, o.sb.size);
    else weft_call_reject(call, "out of memory");
    msgpack_sbuffer_destroy(&o.sb);
}

/* A string or binary argument as bytes (NULL/0 otherwise). */
static const char *arg_bytes(const args *x, uint32_t i, size_t *len)
{
    *len = 0;
    if (i >= x->n) return NULL;
    if (x->a[i].type == MSGPACK_OBJECT_STR) return *len = x->a[i].via.str.size, x->a[i].via.str.ptr;
    if (x->a[i].type == MSGPACK_OBJECT_BIN) return *len = x->a[i].via.bin.size, x->a[i].via.bin.ptr;
    return NULL;
}

/* WeftHttpRequest(key, url, method, body, {headers}, {timeout=ms, followRedirect=bool})
 * -> promise of {status, body, headers, url[, error]}; status 0 with error
 * when no response came (refused, timeout, aborted...). */
static int n_http_request(void *ud, weft_call *call, const char *a, size_t len)
{
    weft_host *h = ud;
    weft__net *net = weft__net_get(h);
    const weft__net_limits *L = weft__net_limits_get(h);
    if (!net || net->shut) return WEFT_ESTATE;
    if (!net->curl && weft__curl_open(&h->loop, &net->curl)) return WEFT_EIO;
    args x;
    if (open_args(&x, a, len)) return WEFT_EINVAL;
    char key[64], url[4096], method[16];
    const char *k = arg_str(&x, 0, key, sizeof key);
    const char *u = arg_str(&x, 1, url, sizeof url);
    const char *m = arg_str(&x, 2, method, sizeof method);
    size_t blen;
    const char *body = arg_bytes(&x, 3, &blen);
    char *hl[64];
    size_t nh = 0;
    if (x.n > 4 && x.a[4].type == MSGPACK_OBJECT_MAP) {
        msgpack_object_map *mp = &x.a[4].via.map;
        for (uint32_t i = 0; i < mp->size && nh < 64; i++) {
            msgpack_object *kk = &mp->ptr[i].key, *vv = &mp->ptr[i].val;
            if (kk->type != MSGPACK_OBJECT_STR) continue;
            char num[32];
            const char *vs = NULL;
            int vl = 0;
            if (vv->type == MSGPACK_OBJECT_STR) vs = vv->via.str.ptr, vl = (int)vv->via.str.size;
            else if (vv->type == MSGPACK_OBJECT_POSITIVE_INTEGER)
                vl = snprintf(num, sizeof num, "%llu", (unsigned long long)vv->via.u64), vs = num;
            if (!vs || memchr(vs, '\n', (size_t)vl) || memchr(vs, '\r', (size_t)vl)) continue;
            size_t need = kk->via.str.size + (size_t)vl + 3;
            if (!(hl[nh] = malloc(need))) break;
            snprintf(hl[nh], need, "%.*s: %.*s", (int)kk->via.str.size, kk->via.str.ptr, vl, vs);
            nh++;
        }
    }
    weft__curl_req rq = {
        .url = u, .method = m, .body = body, .body_len = blen,
        .headers = (const char *const *)hl, .nheaders = nh,
        .timeout_ms = L->client_timeout_ms, .follow = 1,
        .max_bytes = L->client_bytes, .max_inflight = L->client_requests, .key = k,
    };
    if (x.n > 5 && x.a[5].type == MSGPACK_OBJECT_MAP) {
        msgpack_object_map *mp = &x.a[5].via.map;
        for (uint32_t i = 0; i < mp->size; i++) {
            msgpack_object *kk = &mp->ptr[i].key, *vv = &mp->ptr[i].val;
            if (kk->type != MSGPACK_OBJECT_STR) continue;
            if (kk->via.str.size == 7 && !memcmp(kk->via.str.ptr, "timeout", 7) &&
                (vv->type == MSGPACK_OBJECT_POSITIVE_INTEGER))
                rq.timeout_ms = (long)vv->via.u64;
            if (kk->via.str.size == 14 && !memcmp(kk->via.str.ptr, "followRedirect", 14) &&
                vv->type == MSGPACK_OBJECT_BOOLEAN)
                rq.follow = vv->via.boolean;
        }
    }
    int rc = u ? weft__curl_request(net->curl, &rq, http_done, call) : WEFT_EINVAL;
    for (size_t i = 0; i < nh; i++) free(hl[i]);
    close_args(&x);
    if (rc == WEFT_EINVAL) return weft_call_reject(call, "PerformHttpRequest: only http:// and https:// URLs"), 0;
    if (rc == WEFT_ESTATE) return weft_call_reject(call, "too many HTTP requests in flight (net_httpClientMaxRequests)"), 0;
    return rc;
}

/* WeftHttpAbort(key) */
static int n_http_abort(void *ud, const char *a, size_t len, char **result, size_t *rlen)
{
    weft__net *net = weft__net_get(ud);
    args x;
    if (open_args(&x, a, len)) return WEFT_EINVAL;
    char key[64];
    const char *k = arg_str(&x, 0, key, sizeof key);
    close_args(&x);
    if (k && net && net->curl) weft__curl_abort(net->curl, k);
    return 0;
}

static const weft_native natives[] = {
    {"WeftHttpRequest", NULL, n_http_request},
    {"WeftHttpAbort", n_http_abort, NULL},
    {"GetPlayers", n_get_players, NULL},
    {"GetNumPlayerIndices", n_num_indices, NULL},
    {"GetPlayerFromIndex", n_from_index, NULL},
    {"GetPlayerName", n_get_name, NULL},
    {"GetPlayerEndpoint", n_get_endpoint, NULL},
    {"GetPlayerPing", n_get_ping, NULL},
    {"GetNumPlayerIdentifiers", n_num_identifiers, NULL},
    {"GetPlayerIdentifier", n_identifier, NULL},
    {"GetPlayerIdentifiers", n_identifiers, NULL},
    {"DropPlayer", n_drop, NULL},
    {"TriggerLatentClientEvent", n_latent, NULL},
    {"WeftDeferral", n_deferral, NULL},
    {"WeftHttpSetHandler", n_set_handler, NULL},
    {"WeftHttpSetDataHandler", n_set_data_handler, NULL},
    {"WeftHttpWriteHead", n_write_head, NULL},
    {"WeftHttpWrite", n_write, NULL},
    {"WeftHttpEnd", n_end, NULL},
    {NULL, NULL, NULL},
};

int weft__api_net_open(weft_host *h)
{
    return weft_host_register_natives(h, natives, h);
}
