/* net_int.h: what the files of src/net/ share beyond net.h: the net state
 * and the hooks between the HTTP server (http.c) and its routes
 * (http_routes.c: built-in JSON, /weft/client.js, resource handlers). */
#ifndef WEFT_NET_INT_H
#define WEFT_NET_INT_H

#include "net/net.h"

/* Who consumes a request's body: chunks as they arrive, then end; release
 * exactly once when the request is finished with (the next request on the
 * connection begins, or the connection closes), after which ud is dead. */
typedef struct weft__http_body_sink {
    void (*data)(weft_host *h, weft__http_req *r, void *ud, const char *buf, size_t len);
    void (*end)(weft_host *h, weft__http_req *r, void *ud);
    void (*release)(weft_host *h, weft__http_req *r, void *ud);
    /* Optional, once a second while the response is open: nonzero when
     * nobody will ever answer (the handler's resource stopped). */
    int (*orphaned)(weft_host *h, weft__http_req *r, void *ud);
} weft__http_body_sink;

void weft__http_set_sink(weft__http_req *r, const weft__http_body_sink *sink, void *data);
void *weft__http_sink_data(weft__http_req *r);

/* http_handler.c: SetHttpHandler and the natives behind req/res. */
int weft__http_set_handler(weft_host *h, const char *resource, const char *ref, size_t len);
void weft__http_handlers_free(weft_host *h);
int weft__http_dispatch(weft_host *h, weft__http_req *r, const weft__http_req_info *info,
                        const char *path);
int weft__http_n_set_data_handler(weft_host *h, const char *args, size_t len);
int weft__http_n_write_head(weft_host *h, const char *args, size_t len);
int weft__http_n_write(weft_host *h, const char *args, size_t len, int end);
/* A request header by name (case-insensitive), or NULL. */
const char *weft__http_header(const weft__http_req *r, const char *name);
/* A whole response from C. */
void weft__http_reply(weft__http_req *r, int status, const char *ctype, const char *body,
                      size_t len);
/* http_routes.c: answer or hand over one request whose head is complete. */
void weft__http_route(weft_host *h, weft__http_req *r, const weft__http_req_info *info);

#define WEFT_NET_MAX_ENDPOINTS 8

struct weft__players;

struct weft__net {
    weft_host *h;
    weft__net_limits limits;
    weft__http_srv *tcp[WEFT_NET_MAX_ENDPOINTS];
    int ntcp;
    struct weft__enet_srv *udp[WEFT_NET_MAX_ENDPOINTS];
    int nudp;
    uv_timer_t sweep;
    int sweep_on, shut;
    weft__http_req *req_by_id[1024];
    uint64_t next_req_id;
    void (*route)(weft_host *h, weft__http_req *r, const weft__http_req_info *info);
    struct weft__players *players;
    void *http_handlers; /* http_handler.c */
    weft__curl *curl;    /* outbound HTTP (curl.c), opened on first use */
};

/* players.c */
int weft__players_init(weft_host *h);
void weft__players_free(weft_host *h);
weft__player *weft__player_find(weft_host *h, int id);
int weft__player_id(const weft__player *p);
const char *weft__player_name(const weft__player *p);
const char *weft__player_endpoint(const weft__player *p);
int weft__player_ping(const weft__player *p);
int weft__player_num_identifiers(const weft__player *p);
const char *weft__player_identifier(const weft__player *p, int i);
int weft__player_state_joined(const weft__player *p);
void weft__players_each(weft_host *h, void (*fn)(weft__player *p, void *ud), void *ud);
/* Net event to scripts: only onNet handlers; WEFT_ENOENT when none. */
int weft__net_connecting(weft_host *h, weft__player *p);
void weft__player_set_connecting_result(weft__player *p, int accept, const char *reason);
/* WeftDeferral: op "defer", "update" (text), "done" (text: refusal reason, or
 * NULL/"" to accept), "kick" (setKickReason's text). Ignored once joined. */
void weft__player_deferral(weft__player *p, const char *op, const char *text);

/* enet.c */
/* Listen on addr (IPv4). 0 (*out set), or a negative libuv error code, as
 * weft__http_listen (UV_EAFNOSUPPORT for IPv6, which ENet 1.3 lacks). */
/* Whether ENet can work here: libenet loads and initialises (loop thread).
 * Returns 0, or -1 with *why (if why is not NULL) pointing at the static
 * reason, e.g. "cannot load libenet.so.7 (Debian package libenet7): ...".
 * Logs nothing. */
int weft__enet_available(const char **why);
int weft__enet_listen(weft_host *h, const struct sockaddr *addr, struct weft__enet_srv **out);
int weft__enet_port(struct weft__enet_srv *e);
void weft__enet_close(struct weft__enet_srv *e);

#endif
