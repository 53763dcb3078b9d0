/* http_handler.c: SetHttpHandler, FiveM's per-resource HTTP handlers at
 * http://HOST:PORT/<resource>/... The C side of FiveM's req/res objects:
 * the handler (a function reference) is called with one plain request table
 * {id, method, path, address, headers}; the per-language sugar builds req
 * (setDataHandler) and res (writeHead, write, send) on the natives below.
 * A request body is kept (at most net_httpMaxBodyBytes, enforced by http.c)
 * until the data handler takes it, whenever that handler is set. A handler
 * that throws gets its request a 500; the server goes on. */
#include <msgpack.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "host/server.h"
#include "net/net_int.h"

typedef struct handler {
    char *resource;
    char *ref; /* the handler's ref id (the table holds one reference) */
    struct handler *next;
} handler;

/* What a handled request keeps between its head and its release. */
typedef struct hreq {
    char resource[64];
    uint64_t start_seq; /* the resource's start that took it (restart: a new one) */
    char *body;
    size_t len, cap;
    int body_done, delivered, oom;
    char *data_ref; /* setDataHandler's callback (one reference), or NULL */
} hreq;

static handler **handlers(weft_host *h)
{
    static handler *none;
    weft__net *n = weft__net_get(h);
    return n ? (handler **)&n->http_handlers : &none;
}

int weft__http_set_handler(weft_host *h, const char *resource, const char *ref, size_t len)
{
    handler **pp = handlers(h);
    for (; *pp; pp = &(*pp)->next) {
        if (strcmp((*pp)->resource, resource)) continue;
        handler *old = *pp;
        *pp = old->next;
        weft__ref_release_later(h, old->ref, strlen(old->ref));
        free(old->resource);
        free(old->ref);
        free(old);
        break;
    }
    if (!ref) return 0;
    handler *x = calloc(1, sizeof *x);
    if (!x || !(x->resource = strdup(resource)) || !(x->ref = strndup(ref, len))) {
        if (x) free(x->resource);
        free(x);
        return WEFT_ENOMEM;
    }
    weft__ref_dup(h, ref, len);
    x->next = *handlers(h);
    *handlers(h) = x;
    return 0;
}

void weft__http_handlers_free(weft_host *h)
{
    handler **pp = handlers(h);
    while (*pp) {
        handler *x = *pp;
        *pp = x->next;
        free(x->resource);
        free(x->ref);
        free(x);
    }
}

/* The message of an error payload (msgpack map with "message"), or a
 * placeholder. */
static void error_message(const char *buf, size_t len, char *out, size_t cap)
{
    snprintf(out, cap, "error");
    msgpack_unpacked u;
    msgpack_unpacked_init(&u);
    if (buf && msgpack_unpack_next(&u, buf, len, NULL) == MSGPACK_UNPACK_SUCCESS) {
        msgpack_object o = u.data;
        if (o.type == MSGPACK_OBJECT_STR)
            snprintf(out, cap, "%.*s", (int)o.via.str.size, o.via.str.ptr);
        const char *frame = NULL;
        int frame_len = 0;
        for (uint32_t i = 0; o.type == MSGPACK_OBJECT_MAP && i < o.via.map.size; i++) {
            msgpack_object_kv *kv = &o.via.map.ptr[i];
            if (kv->key.type != MSGPACK_OBJECT_STR || kv->val.type != MSGPACK_OBJECT_STR) continue;
            const char *v = kv->val.via.str.ptr;
            uint32_t vl = kv->val.via.str.size;
            if (kv->key.via.str.size == 7 && !memcmp(kv->key.via.str.ptr, "message", 7))
                snprintf(out, cap, "%.*s", (int)vl, v);
            if (kv->key.via.str.size == 5 && !memcmp(kv->key.via.str.ptr, "stack", 5) && vl) {
                /* the first frame line, trimmed: where it was thrown */
                while (vl && (*v == ' ' || *v == '\n')) v++, vl--;
                const char *nl = memchr(v, '\n', vl);
                frame = v;
                frame_len = (int)(nl ? (uint32_t)(nl - v) : vl);
            }
        }
        size_t n = strlen(out);
        if (frame && frame_len && n + 4 < cap)
            snprintf(out + n, cap - n, " (%.*s)", frame_len, frame);
    }
    msgpack_unpacked_destroy(&u);
}

/* Call ref with args; log an error naming the resource. Returns 0 or -1. */
static int call(weft_host *h, const char *res, const char *what, const char *ref, const char *args,
                size_t len)
{
    weft__call_result out = {0};
    weft__resource *r = h->prof ? weft__srv_find(h, res) : NULL;
    weft__prof_begin(h, r ? r->rts : NULL, WEFT_PROF_HTTP, NULL);
    weft__ref_call(h, NULL, ref, strlen(ref), args, len, &out);
    weft__prof_end(h);
    int rc = 0;
    if (out.status == WEFT_CALL_ERROR) {
        char msg[512];
        error_message(out.buf, out.len, msg, sizeof msg);
        weft__log(h, "net", "http handler of %s: %s threw: %s", res, what, msg);
        rc = -1;
    }
    free(out.buf);
    return rc;
}

static void deliver(weft_host *h, weft__http_req *r, hreq *q)
{
    if (q->delivered || !q->body_done || !q->data_ref) return;
    q->delivered = 1;
    msgpack_sbuffer sb;
    msgpack_packer pk;
    msgpack_sbuffer_init(&sb);
    msgpack_packer_init(&pk, &sb, msgpack_sbuffer_write);
    msgpack_pack_array(&pk, 1);
    msgpack_pack_str_with_body(&pk, q->body ? q->body : "", q->len);
    if (sb.data && call(h, q->resource, "the data handler", q->data_ref, sb.data, sb.size) &&
        weft__http_req_find(h, weft__http_req_id(r)))
        weft__http_reply(r, 500, "text/plain", "internal server error\n", 22);
    msgpack_sbuffer_destroy(&sb);
}

static void s_data(weft_host *h, weft__http_req *r, void *ud, const char *buf, size_t len)
{
    hreq *q = ud;
    if (q->oom) return;
    if (q->len + len > q->cap) {
        size_t cap = q->cap ? q->cap : 4096;
        while (cap < q->len + len) cap *= 2;
        char *p = realloc(q->body, cap);
        if (!p) {
            q->oom = 1;
            return;
        }
        q->body = p;
        q->cap = cap;
    }
    memcpy(q->body + q->len, buf, len);
    q->len += len;
}

static void s_end(weft_host *h, weft__http_req *r, void *ud)
{
    hreq *q = ud;
    q->body_done = 1;
    deliver(h, r, q);
}

static void s_release(weft_host *h, weft__http_req *r, void *ud)
{
    hreq *q = ud;
    if (q->data_ref) weft__ref_release_later(h, q->data_ref, strlen(q->data_ref));
    free(q->data_ref);
    free(q->body);
    free(q);
}

static int s_orphaned(weft_host *h, weft__http_req *r, void *ud)
{
    hreq *q = ud;
    weft__resource *res = weft__srv_find(h, q->resource);
    return !res || res->state != WEFT_RES_STARTED || res->start_seq != q->start_seq;
}

static const weft__http_body_sink sink = {s_data, s_end, s_release, s_orphaned};

static void pack_str(msgpack_packer *pk, const char *s)
{
    msgpack_pack_str_with_body(pk, s, strlen(s));
}

int weft__http_dispatch(weft_host *h, weft__http_req *r, const weft__http_req_info *info,
                        const char *path)
{
    if (path[0] != '/') return WEFT_ENOENT;
    const char *slash = strchr(path + 1, '/');
    size_t n = slash ? (size_t)(slash - path - 1) : strlen(path + 1);
    char res[64];
    if (!n || n >= sizeof res) return WEFT_ENOENT;
    memcpy(res, path + 1, n);
    res[n] = 0;
    handler *x = *handlers(h);
    while (x && strcmp(x->resource, res)) x = x->next;
    weft__resource *rr = weft__srv_find(h, res);
    if (!x || !rr || rr->state != WEFT_RES_STARTED) return WEFT_ENOENT;
    hreq *q = calloc(1, sizeof *q);
    if (!q) return WEFT_ENOMEM;
    snprintf(q->resource, sizeof q->resource, "%s", res);
    q->start_seq = rr->start_seq;
    weft__http_set_sink(r, &sink, q);
    /* {id, method, path, address, headers} ; path keeps the query string */
    msgpack_sbuffer sb;
    msgpack_packer pk;
    msgpack_sbuffer_init(&sb);
    msgpack_packer_init(&pk, &sb, msgpack_sbuffer_write);
    msgpack_pack_array(&pk, 1);
    msgpack_pack_map(&pk, 5);
    pack_str(&pk, "id");
    msgpack_pack_uint64(&pk, weft__http_req_id(r));
    pack_str(&pk, "method");
    pack_str(&pk, info->method);
    pack_str(&pk, "path");
    pack_str(&pk, info->path + 1 + n);
    if (!info->path[1 + n]) { /* "/res" alone is "/" for the handler */
        sb.size--;
        pack_str(&pk, "/");
    }
    pack_str(&pk, "address");
    pack_str(&pk, info->address);
    pack_str(&pk, "headers");
    msgpack_pack_map(&pk, (uint32_t)info->nheaders);
    for (size_t i = 0; i < info->nheaders; i++) {
        pack_str(&pk, info->headers[i].name);
        pack_str(&pk, info->headers[i].value);
    }
    uint64_t id = weft__http_req_id(r);
    int bad = !sb.data || call(h, res, "the handler", x->ref, sb.data, sb.size);
    msgpack_sbuffer_destroy(&sb);
    weft__http_req *still = weft__http_req_find(h, id);
    if (bad && still) weft__http_reply(still, 500, "text/plain", "internal server error\n", 22);
    return 0;
}

/* ---- natives: the C side of req/res (called by the language sugar) ---------------------- */

/* The request named by args[0] (an integer id), or NULL. */
static weft__http_req *arg_req(weft_host *h, msgpack_object *a, uint32_t n)
{
    if (n < 1) return NULL;
    uint64_t id = a[0].type == MSGPACK_OBJECT_POSITIVE_INTEGER ? a[0].via.u64 : 0;
    return weft__http_req_find(h, id);
}

static int unpack_args(const char *args, size_t len, msgpack_unpacked *u, msgpack_object **a,
                       uint32_t *n)
{
    msgpack_unpacked_init(u);
    if (msgpack_unpack_next(u, args, len, NULL) != MSGPACK_UNPACK_SUCCESS ||
        u->data.type != MSGPACK_OBJECT_ARRAY) {
        msgpack_unpacked_destroy(u);
        return WEFT_EINVAL;
    }
    *a = u->data.via.array.ptr;
    *n = u->data.via.array.size;
    return 0;
}

/* A body piece: a string or binary; anything else is sent as nothing. */
static void piece(msgpack_object *o, const char **p, size_t *len)
{
    *p = "";
    *len = 0;
    if (o->type == MSGPACK_OBJECT_STR) *p = o->via.str.ptr, *len = o->via.str.size;
    else if (o->type == MSGPACK_OBJECT_BIN) *p = o->via.bin.ptr, *len = o->via.bin.size;
}

/* HttpSetDataHandler(id, fn) */
int weft__http_n_set_data_handler(weft_host *h, const char *args, size_t len)
{
    msgpack_unpacked u;
    msgpack_object *a;
    uint32_t n;
    if (unpack_args(args, len, &u, &a, &n)) return WEFT_EINVAL;
    weft__http_req *r = arg_req(h, a, n);
    int rc = 0;
    hreq *q = r ? weft__http_sink_data(r) : NULL;
    if (q && n >= 2 && a[1].type == MSGPACK_OBJECT_EXT && a[1].via.ext.type == 10 && !q->data_ref) {
        q->data_ref = strndup(a[1].via.ext.ptr, a[1].via.ext.size);
        if (q->data_ref) {
            weft__ref_dup(h, q->data_ref, strlen(q->data_ref));
            deliver(h, r, q);
        }
    } else if (n >= 2 && !(a[1].type == MSGPACK_OBJECT_EXT && a[1].via.ext.type == 10)) {
        rc = WEFT_EINVAL;
    }
    msgpack_unpacked_destroy(&u);
    return rc;
}

/* HttpWriteHead(id, status, {name: value | [values]}) */
int weft__http_n_write_head(weft_host *h, const char *args, size_t len)
{
    msgpack_unpacked u;
    msgpack_object *a;
    uint32_t n;
    if (unpack_args(args, len, &u, &a, &n)) return WEFT_EINVAL;
    weft__http_req *r = arg_req(h, a, n);
    int status = n >= 2 && a[1].type == MSGPACK_OBJECT_POSITIVE_INTEGER ? (int)a[1].via.u64 : 200;
    weft__http_hdr hd[64];
    char *mem[128];
    size_t nh = 0, nm = 0;
    if (r && n >= 3 && a[2].type == MSGPACK_OBJECT_MAP) {
        msgpack_object_map *m = &a[2].via.map;
        for (uint32_t i = 0; i < m->size && nh < 64; i++) {
            msgpack_object *k = &m->ptr[i].key, *v = &m->ptr[i].val;
            if (k->type != MSGPACK_OBJECT_STR) continue;
            msgpack_object *vals = v;
            uint32_t nv = 1;
            if (v->type == MSGPACK_OBJECT_ARRAY) vals = v->via.array.ptr, nv = v->via.array.size;
            for (uint32_t j = 0; j < nv && nh < 64 && nm + 2 <= 128; j++) {
                char num[32];
                const char *vs = NULL;
                size_t vl = 0;
                if (vals[j].type == MSGPACK_OBJECT_STR) vs = vals[j].via.str.ptr, vl = vals[j].via.str.size;
                else if (vals[j].type == MSGPACK_OBJECT_POSITIVE_INTEGER) {
                    vl = (size_t)snprintf(num, sizeof num, "%llu",
                                          (unsigned long long)vals[j].via.u64);
                    vs = num;
                } else continue;
                hd[nh].name = mem[nm++] = strndup(k->via.str.ptr, k->via.str.size);
                hd[nh].value = mem[nm++] = strndup(vs, vl);
                if (hd[nh].name && hd[nh].value) nh++;
            }
        }
    }
    int rc = r ? weft__http_res_head(r, status, hd, nh) : 0;
    for (size_t i = 0; i < nm; i++) free(mem[i]);
    msgpack_unpacked_destroy(&u);
    return rc == WEFT_ESTATE ? 0 : rc; /* writeHead twice: ignored, as FiveM */
}

/* HttpWrite(id, data) / HttpEnd(id[, data]) */
int weft__http_n_write(weft_host *h, const char *args, size_t len, int end)
{
    msgpack_unpacked u;
    msgpack_object *a;
    uint32_t n;
    if (unpack_args(args, len, &u, &a, &n)) return WEFT_EINVAL;
    weft__http_req *r = arg_req(h, a, n);
    const char *p = "";
    size_t pl = 0;
    if (n >= 2) piece(&a[1], &p, &pl);
    if (r) {
        if (end) weft__http_res_end(r, p, pl);
        else weft__http_res_write(r, p, pl);
    }
    msgpack_unpacked_destroy(&u);
    return 0; /* a gone request (client left) is not the script's error */
}
