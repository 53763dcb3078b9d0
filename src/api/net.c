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

static const weft_native natives[] = {
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
