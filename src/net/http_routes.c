/* http_routes.c: what answers an HTTP request once its head is complete:
 * FXServer's built-in GET /info.json, /players.json, /dynamic.json, the
 * browser client at /weft/client.js, and `/<resource>/...` for a resource
 * that called SetHttpHandler (http_handler.c); anything else is a 404.
 * Built-in answers ignore a request body (it is read and dropped). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "host/server.h"
#include "net/net_int.h"

extern const unsigned char weft__net_client_js[];
extern const unsigned long weft__net_client_js_len;

typedef weft__nbuf jbuf;
#define j_add weft__nbuf_add
#define j_raw weft__nbuf_str

/* A JSON string: quotes, escapes for ", \ and control characters. */
static void j_str(jbuf *b, const char *s)
{
    j_add(b, "\"", 1);
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if (*p == '"' || *p == '\\') {
            char e[2] = {'\\', (char)*p};
            j_add(b, e, 2);
        } else if (*p < 0x20) {
            char e[8];
            snprintf(e, sizeof e, "\\u%04x", *p);
            j_add(b, e, 6);
        } else {
            j_add(b, (const char *)p, 1);
        }
    }
    j_add(b, "\"", 1);
}

static void j_int(jbuf *b, long long v)
{
    char n[32];
    snprintf(n, sizeof n, "%lld", v);
    j_raw(b, n);
}

static void player_json(weft__player *p, void *ud)
{
    jbuf *b = ud;
    if (b->p[b->len - 1] != '[') j_raw(b, ",");
    j_raw(b, "{\"endpoint\":");
    j_str(b, weft__player_endpoint(p));
    j_raw(b, ",\"id\":");
    j_int(b, weft__player_id(p));
    j_raw(b, ",\"identifiers\":[");
    for (int i = 0; i < weft__player_num_identifiers(p); i++) {
        if (i) j_raw(b, ",");
        j_str(b, weft__player_identifier(p, i));
    }
    j_raw(b, "],\"name\":");
    j_str(b, weft__player_name(p));
    j_raw(b, ",\"ping\":");
    j_int(b, weft__player_ping(p));
    j_raw(b, "}");
}

int weft__players_json(weft_host *h, char **out, size_t *len)
{
    jbuf b = {0};
    j_raw(&b, "[");
    weft__players_each(h, player_json, &b);
    j_raw(&b, "]");
    if (b.oom) {
        free(b.p);
        return WEFT_ENOMEM;
    }
    *out = b.p;
    *len = b.len;
    return 0;
}

static void info_json(weft_host *h, jbuf *b)
{
    weft__server *s = h->server;
    j_raw(b, "{\"enhancedHostSupport\":false,\"icon\":\"\",\"resources\":[");
    int first = 1;
    for (weft__resource *r = s->resources; r; r = r->next) {
        if (r->state != WEFT_RES_STARTED) continue;
        if (!first) j_raw(b, ",");
        first = 0;
        j_str(b, r->name);
    }
    j_raw(b, "],\"server\":\"weft " WEFT_VERSION "\",\"vars\":{");
    first = 1;
    for (size_t i = 0; i < s->convars.len; i++) {
        const weft__convar *c = &s->convars.items[i];
        if (!(c->flags & WEFT_CONVAR_SERVERINFO)) continue;
        if (!first) j_raw(b, ",");
        first = 0;
        j_str(b, c->name);
        j_raw(b, ":");
        j_str(b, c->value);
    }
    j_raw(b, "},\"version\":");
    j_int(b, WEFT_PROTOCOL_VERSION);
    j_raw(b, "}");
}

static void dynamic_json(weft_host *h, jbuf *b)
{
    const weft__convars *cv = &h->server->convars;
    char max[16];
    snprintf(max, sizeof max, "%d", weft__net_limits_get(h)->max_players);
    j_raw(b, "{\"clients\":");
    j_int(b, weft__players_count(h));
    j_raw(b, ",\"gametype\":");
    j_str(b, weft__convars_get(cv, "gametype", ""));
    j_raw(b, ",\"hostname\":");
    j_str(b, weft__convars_get(cv, "sv_hostname", "weft"));
    j_raw(b, ",\"iv\":\"0\",\"mapname\":");
    j_str(b, weft__convars_get(cv, "mapname", ""));
    j_raw(b, ",\"sv_maxclients\":");
    j_str(b, max);
    j_raw(b, "}");
}

void weft__http_route(weft_host *h, weft__http_req *r, const weft__http_req_info *info)
{
    char path[256];
    size_t n = strcspn(info->path, "?");
    if (n >= sizeof path) n = sizeof path - 1;
    memcpy(path, info->path, n);
    path[n] = 0;
    int get = !strcmp(info->method, "GET") || !strcmp(info->method, "HEAD");
    jbuf b = {0};
    if (get && !strcmp(path, "/info.json")) info_json(h, &b);
    else if (get && !strcmp(path, "/dynamic.json")) dynamic_json(h, &b);
    else if (get && !strcmp(path, "/players.json")) {
        if (weft__players_json(h, &b.p, &b.len)) b.oom = 1;
    } else if (get && !strcmp(path, "/perf/")) { /* Prometheus text format */
        char *text = NULL;
        size_t tlen = 0;
        if (weft__prof_metrics_text(h, &text, &tlen) == 0) {
            weft__http_reply(r, 200, "text/plain; version=0.0.4; charset=utf-8", text, tlen);
            free(text);
        } else {
            weft__http_reply(r, 500, "text/plain", "out of memory\n", 14);
        }
        return;
    } else if (get && !strcmp(path, "/weft/client.js")) {
        weft__http_reply(r, 200, "application/javascript; charset=utf-8",
                         (const char *)weft__net_client_js, weft__net_client_js_len);
        return;
    } else {
        if (weft__http_dispatch(h, r, info, path) == 0) return;
        weft__http_reply(r, 404, "text/plain; charset=utf-8", "not found\n", 10);
        return;
    }
    if (b.oom) {
        weft__http_reply(r, 500, "text/plain", "out of memory\n", 14);
    } else {
        weft__http_reply(r, 200, "application/json; charset=utf-8", b.p, b.len);
    }
    free(b.p);
}
