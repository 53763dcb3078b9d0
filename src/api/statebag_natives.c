/* statebag_natives.c: state bags for scripts (issue 12 item 6), as FiveM's
 * ResourceScriptFunctions: GetStateBagValue, SetStateBagValue (the value
 * form (bag, key, value, replicated) and FiveM's packed form (bag, key,
 * msgpack, length, replicated)), StateBagHasKey, GetStateBagKeys,
 * AddStateBagChangeHandler(keyFilter, bagFilter, fn(bagName, key, value,
 * reserved, replicated)), RemoveStateBagChangeHandler; and weft's
 * SetStateBagWritePolicy(bag, key, writers). Bags: "global" always,
 * "player:N" while player N is connected (created on first use, dropped
 * once the player is gone). A set checks the write policy and the size
 * limits (convars weft_stateBagMaxValue / weft_stateBagMaxBag, bytes), runs
 * the matching handlers in registration order while the old value is still
 * stored, then stores: the setter reads the new value as soon as the set
 * returns. Refusals are errors the script can catch. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api/api.h"
#include "api/args.h"
#include "host/server.h"
#include "net/net_int.h"

/* The bag called name, or NULL when no such bag exists (FiveM: false). */
static weft__bag *bag_of(weft_host *h, const char *name)
{
    weft__statebags *sb = &h->server->bags;
    if (!strncmp(name, "player:", 7)) {
        char *end;
        long id = strtol(name + 7, &end, 10);
        int live = *end == 0 && id > 0 && id < 65536 && weft__player_find(h, (int)id);
        if (!live) {
            weft__sb_drop(sb, name); /* the player left */
            return NULL;
        }
        return weft__sb_bag(sb, name);
    }
    return weft__sb_find(sb, name);
}

static int n_get(void *ud, const char *args, size_t len, char **out, size_t *olen)
{
    weft_host *h = ud;
    weft__args a;
    char bag[128], key[256];
    if (weft__args_parse(&a, args, len) < 0 || !weft__args_text(&a, 0, bag, sizeof bag) ||
        !weft__args_text(&a, 1, key, sizeof key))
        return weft__res_nil(out, olen);
    weft__bag *b = bag_of(h, bag);
    const weft__sb_value *v = b ? weft__sb_get(b, key) : NULL;
    if (!v) return weft__res_nil(out, olen);
    if (!(*out = malloc(v->len))) return WEFT_ENOMEM;
    memcpy(*out, v->value, v->len);
    *olen = v->len;
    return 0;
}

static int n_has(void *ud, const char *args, size_t len, char **out, size_t *olen)
{
    weft_host *h = ud;
    weft__args a;
    char bag[128], key[256];
    if (weft__args_parse(&a, args, len) < 0 || !weft__args_text(&a, 0, bag, sizeof bag) ||
        !weft__args_text(&a, 1, key, sizeof key))
        return weft__res_bool(0, out, olen);
    weft__bag *b = bag_of(h, bag);
    return weft__res_bool(b && weft__sb_get(b, key), out, olen);
}

static int n_keys(void *ud, const char *args, size_t len, char **out, size_t *olen)
{
    weft_host *h = ud;
    weft__args a;
    char bag[128];
    weft__bag *b = NULL;
    if (weft__args_parse(&a, args, len) == 0 && weft__args_text(&a, 0, bag, sizeof bag))
        b = bag_of(h, bag);
    msgpack_sbuffer sb;
    msgpack_packer pk;
    weft__res_begin(&sb, &pk);
    msgpack_pack_array(&pk, b ? b->len : 0);
    for (size_t i = 0; b && i < b->len; i++)
        msgpack_pack_str_with_body(&pk, b->values[i].key, strlen(b->values[i].key));
    return weft__res_take(&sb, out, olen);
}

/* The change handlers, then the store. value: msgpack, borrowed. A set a
 * handler makes of the same bag and key is newer than this one: it is
 * stored (after its own handlers) and this one is not, so the value kept is
 * the one the handlers were told about last (FiveM queues a handler's set
 * behind the set that called the handler, so it lands last too). */
static int set_value(weft_host *h, const char *bag, const char *key, const char *value, size_t vlen,
                     int replicated, char **out, size_t *olen)
{
    weft__server *s = h->server;
    weft__bag *b = bag_of(h, bag);
    if (!b) return weft__res_bool(0, out, olen);
    s->bags.max_value = (size_t)weft__convars_get_int(&s->convars, "weft_stateBagMaxValue",
                                                      (int)WEFT_STATEBAG_MAX_VALUE);
    s->bags.max_bag = (size_t)weft__convars_get_int(&s->convars, "weft_stateBagMaxBag",
                                                    (int)WEFT_STATEBAG_MAX_BAG);
    const char *writer = weft_native_resource(h);
    char err[512];
    if (weft__sb_check(&s->bags, b, key, *writer ? writer : NULL, value, vlen, err, sizeof err))
        return weft_native_error(h, "%s", err);
    for (weft__sb_inflight *f = s->bags.inflight; f; f = f->up)
        if (!strcmp(f->bag, bag) && !strcmp(f->key, key)) f->superseded = 1;
    weft__sb_inflight self = {bag, key, 0, s->bags.inflight};
    size_t n;
    char **refs = weft__sb_match(&s->bags, bag, key, &n);
    if (refs && n) {
        s->bags.inflight = &self;
        msgpack_sbuffer sb;
        msgpack_packer pk;
        weft__res_begin(&sb, &pk);
        msgpack_pack_array(&pk, 5);
        msgpack_pack_str_with_body(&pk, bag, strlen(bag));
        msgpack_pack_str_with_body(&pk, key, strlen(key));
        msgpack_sbuffer_write(&sb, value, vlen);
        msgpack_pack_int(&pk, 0);
        if (replicated)
            msgpack_pack_true(&pk);
        else
            msgpack_pack_false(&pk);
        weft__rt *caller = weft__native_caller(h);
        for (size_t i = 0; i < n && sb.data; i++) {
            weft__call_result res;
            weft__ref_call(h, caller, refs[i], strlen(refs[i]), sb.data, sb.size, &res);
            if (res.status == WEFT_CALL_ERROR && weft__call_is_overflow(res.buf, res.len)) {
                /* a handler that sets what it watches: the overflow is this
                 * set's, so the recursion is reported once, where it began */
                s->bags.inflight = self.up;
                msgpack_sbuffer_destroy(&sb);
                weft__sb_refs_free(refs, n);
                return weft__native_fail_payload(h, res.buf, res.len);
            }
            free(res.buf);
        }
        s->bags.inflight = self.up;
        msgpack_sbuffer_destroy(&sb);
    }
    weft__sb_refs_free(refs, n);
    b = bag_of(h, bag); /* a handler may have ended the bag's player */
    if (!b) return weft__res_bool(0, out, olen);
    if (self.superseded) return weft__res_bool(1, out, olen);
    int rc = weft__sb_store(b, key, value, vlen);
    return rc < 0 ? rc : weft__res_bool(1, out, olen);
}

static int n_set(void *ud, const char *args, size_t len, char **out, size_t *olen)
{
    weft_host *h = ud;
    weft__args a;
    char bag[128], key[256];
    if (weft__args_parse(&a, args, len) < 0 || !weft__args_text(&a, 0, bag, sizeof bag) ||
        !weft__args_text(&a, 1, key, sizeof key) || !*key || a.n < 3)
        return weft_native_error(h, "SetStateBagValue: bag name, key and value are required");
    if (a.n >= 5 && (a.tok[2].type == WEFT__MP_STR || a.tok[2].type == WEFT__MP_BIN) &&
        a.tok[3].type == WEFT__MP_INT) {
        /* FiveM's form: the value packed by the caller, and its length */
        size_t n = a.tok[3].i < 0 || (uint64_t)a.tok[3].i > a.tok[2].len ? a.tok[2].len
                                                                         : (size_t)a.tok[3].i;
        weft__mp_reader r = {(const uint8_t *)a.tok[2].p, (const uint8_t *)a.tok[2].p + n};
        if (!n || weft__mp_skip(&r) < 0 || r.p != r.end)
            return weft_native_error(h, "SetStateBagValue(\"%s\", \"%s\"): not one msgpack value",
                                     bag, key);
        return set_value(h, bag, key, a.tok[2].p, n, weft__args_bool(&a, 4, 0), out, olen);
    }
    return set_value(h, bag, key, a.raw[2], a.raw_len[2], weft__args_bool(&a, 3, 0), out, olen);
}

static int n_add_handler(void *ud, const char *args, size_t len, char **out, size_t *olen)
{
    weft_host *h = ud;
    weft__args a;
    char keyf[256], bagf[128], ref[WEFT__CODEC_REF_ID_CAP];
    const char *res = weft_native_resource(h);
    if (weft__args_parse(&a, args, len) < 0 || !weft__args_ref(&a, 2, ref, sizeof ref))
        return weft_native_error(h, "AddStateBagChangeHandler: the handler must be a function");
    int cookie = weft__sb_add_handler(&h->server->bags, weft__args_text(&a, 0, keyf, sizeof keyf),
                                      weft__args_text(&a, 1, bagf, sizeof bagf), res, ref);
    if (cookie < 0) return cookie;
    weft__ref_dup(h, ref, strlen(ref));
    return weft__res_int(cookie, out, olen);
}

static int n_remove_handler(void *ud, const char *args, size_t len, char **out, size_t *olen)
{
    weft_host *h = ud;
    weft__args a;
    if (weft__args_parse(&a, args, len) < 0) return WEFT_EINVAL;
    char *ref = weft__sb_remove_handler(&h->server->bags, (int)weft__args_int(&a, 0, -1));
    if (ref) weft__ref_release_later(h, ref, strlen(ref));
    free(ref);
    return 0;
}

/* SetStateBagWritePolicy(bag, key, writers): only the resources listed
 * (an array of names; "*" anyone) may write key in bag ("*": every bag);
 * nil or {} lifts the policy. Who may change a policy: a resource it lists,
 * or anyone while there is none. */
static int n_policy(void *ud, const char *args, size_t len, char **out, size_t *olen)
{
    weft_host *h = ud;
    weft__args a;
    char bag[128], key[256];
    if (weft__args_parse(&a, args, len) < 0 || !weft__args_text(&a, 0, bag, sizeof bag) ||
        !weft__args_text(&a, 1, key, sizeof key))
        return weft_native_error(h, "SetStateBagWritePolicy: bag name and key are required");
    const char *writers[64];
    char names[64][128];
    size_t n = 0;
    if (a.n > 2 && a.tok[2].type == WEFT__MP_ARRAY) {
        weft__mp_reader r = {(const uint8_t *)a.raw[2], (const uint8_t *)a.raw[2] + a.raw_len[2]};
        weft__mp_token t;
        weft__codec_mp_next(&r, &t);
        uint32_t count = t.len;
        for (uint32_t i = 0; i < count; i++) {
            if (weft__codec_mp_next(&r, &t) < 0) break;
            if (t.type != WEFT__MP_STR || t.len >= sizeof names[0] || n == 64)
                return weft_native_error(h, "SetStateBagWritePolicy: writers must be up to 64 "
                                            "resource names");
            memcpy(names[n], t.p, t.len);
            names[n][t.len] = 0;
            writers[n] = names[n];
            n++;
        }
    } else if (a.n > 2 && a.tok[2].type == WEFT__MP_STR) {
        snprintf(names[0], sizeof names[0], "%.*s", (int)a.tok[2].len, a.tok[2].p);
        writers[n++] = names[0];
    }
    const char *me = weft_native_resource(h);
    int rc = weft__sb_set_policy(&h->server->bags, bag, key, writers, n, *me ? me : NULL);
    if (rc == WEFT_EACCES)
        return weft_native_error(h,
                                 "SetStateBagWritePolicy: %s may not change the policy of "
                                 "%s %s",
                                 me, bag, key);
    return rc;
}

static const weft_native natives[] = {
    {"GetStateBagValue", n_get, NULL},
    {"SetStateBagValue", n_set, NULL},
    {"StateBagHasKey", n_has, NULL},
    {"GetStateBagKeys", n_keys, NULL},
    {"AddStateBagChangeHandler", n_add_handler, NULL},
    {"RemoveStateBagChangeHandler", n_remove_handler, NULL},
    {"SetStateBagWritePolicy", n_policy, NULL},
    {NULL, NULL, NULL},
};

int weft__api_statebags_open(weft_host *h)
{
    return weft_host_register_natives(h, natives, h);
}
