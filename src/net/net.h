/* net.h: the server's network side (DESIGN.md §9): endpoints from server.cfg
 * (`endpoint_add_tcp` for HTTP + WebSocket, `endpoint_add_udp` for ENet), the
 * HTTP server, the player registry and the wire format shared by both player
 * transports (docs/protocol.md).
 *
 * Invariants:
 * - Everything runs on the host's loop thread; nothing here blocks.
 * - Every buffer a peer can grow is bounded (net_* convars, defaults in
 *   weft_conf.h): request head, pipelined input, WebSocket message, wire
 *   message size and nesting, events per second, bytes queued outbound. A
 *   peer past a bound is answered (HTTP 4xx) or dropped with a reason and
 *   one log line; the server goes on.
 * - Script code is entered only through the server's event and ref paths
 *   (weft__ev_emit, weft__ref_call), i.e. through weft__host_enter/leave. */
#ifndef WEFT_NET_H
#define WEFT_NET_H

#include <stddef.h>
#include <stdint.h>
#include <uv.h>
#include "weft.h"

typedef struct weft__net weft__net;
typedef struct weft__player weft__player;

/* ---- limits (re-read from the convars once a second) ---------------------- */
typedef struct weft__net_limits {
    size_t max_message;       /* net_maxMessageBytes: one wire message */
    int max_depth;            /* net_maxMessageDepth: nesting inside a message */
    int events_per_second;    /* net_maxEventsPerSecond: sustained rate per player */
    int events_burst;         /* net_eventBurst: bucket size */
    size_t player_out;        /* net_maxPlayerOutboundBytes: queued to one player */
    size_t http_head;         /* net_httpMaxHeaderBytes: request line + headers */
    size_t http_body;         /* net_httpMaxBodyBytes: one request body */
    size_t http_out;          /* net_httpMaxOutboundBytes: queued on one connection */
    size_t http_in;           /* net_httpMaxInputBytes: unparsed (pipelined) input */
    int http_idle_ms;         /* net_httpIdleTimeoutMs: keep-alive idle close */
    int http_head_ms;         /* net_httpHeadersTimeoutMs: whole head must arrive */
    int http_request_ms;      /* net_httpRequestTimeoutMs: head and body must arrive */
    int max_connections;      /* net_maxConnections: TCP connections open */
    int max_players;          /* sv_maxClients */
    int ping_ms;              /* net_pingIntervalMs */
    int timeout_ms;           /* net_timeoutMs: no answer from a player */
    int deferral_ms;          /* net_deferralTimeoutMs: deferrals.done must come by then */
    int client_requests;      /* net_httpClientMaxRequests: outbound in flight */
    size_t client_bytes;      /* net_httpClientMaxBytes: one outbound response body */
    int client_timeout_ms;    /* net_httpClientTimeoutMs: default outbound timeout */
} weft__net_limits;

/* ---- the net state (net.c) ------------------------------------------------- */
/* Create the net state of a server host (nothing listens yet). */
int weft__net_init(weft_host *h);
/* Drop every player ("server shutting down"), close every connection and
 * listener. Idempotent. Runs while resources still run, so playerDropped
 * handlers see it. */
void weft__net_shutdown(weft_host *h);
/* Free what shutdown left (after the loop ran the close callbacks). */
void weft__net_free(weft_host *h);
weft__net *weft__net_get(weft_host *h);
const weft__net_limits *weft__net_limits_get(weft_host *h);
/* Re-read the limits now (`set net_...` calls it). */
void weft__net_limits_reload(weft_host *h);

/* A net event from player `source` (its server id): to the handlers registered for net
 * (RegisterNetEvent/onNet) only; 0, or WEFT_ENOENT when none takes it (nothing run). */
int weft__net_emit(weft_host *h, const char *name, const char *args, size_t len,
                   const char *source);
/* The line for such an event no handler takes ("... was not safe for net"), for a
 * player's (once: the line says it is reported once) and the console's emitnet. */
void weft__net_log_not_safe(weft_host *h, const char *name, const char *source, int once);

/* `endpoint_add_tcp "IP:PORT"` / `endpoint_add_udp "IP:PORT"`. Port 0 picks
 * a free port (tests); the chosen address is logged. 0 or WEFT_EINVAL (bad
 * address, logged) / WEFT_EIO (cannot listen, logged). */
int weft__net_endpoint_add(weft_host *h, const char *addr, int udp);
/* The port the first TCP (udp=0) or UDP (udp=1) endpoint listens on, or 0. */
int weft__net_port(weft_host *h, int udp);

/* ---- the TCP side (http.c) -------------------------------------------------- */
typedef struct weft__http_srv weft__http_srv;
/* Listen on addr. 0 (*out set), or a negative libuv error code (UV_EADDRINUSE,
 * UV_EACCES, UV_ENOMEM...), which net.c reports with uv_strerror(). */
int weft__http_listen(weft_host *h, const struct sockaddr *addr, weft__http_srv **out);
int weft__http_port(weft__http_srv *srv);
void weft__http_close(weft__http_srv *srv);
/* Once a second: idle and slow-header connections are closed. */
void weft__http_sweep(weft__http_srv *srv, uint64_t now_ms);

/* An HTTP request handled by a resource (SetHttpHandler) or built in. The
 * request stays valid until the response ends or the connection closes;
 * scripts name it by id. */
typedef struct weft__http_req weft__http_req;
typedef struct weft__http_hdr {
    char *name, *value;
} weft__http_hdr;
/* Find a live request by id (NULL: ended, or its connection closed). */
weft__http_req *weft__http_req_find(weft_host *h, uint64_t id);
uint64_t weft__http_req_id(const weft__http_req *r);
/* Response: head (status, headers; once, implied 200 by the first write),
 * body pieces, end (optional last piece). Without a Content-Length header a
 * response whose whole body is known at the head is sent with its length,
 * else chunked. 0, WEFT_ESTATE (already ended / head already sent) or
 * WEFT_EIO (connection gone). */
int weft__http_res_head(weft__http_req *r, int status, const weft__http_hdr *hdrs, size_t n);
int weft__http_res_write(weft__http_req *r, const char *data, size_t len);
int weft__http_res_end(weft__http_req *r, const char *data, size_t len);

/* What a resource handler gets (http_route.c): the request as plain data. */
typedef struct weft__http_req_info {
    const char *method, *path, *address; /* path: after "/<resource>" */
    const weft__http_hdr *headers;
    size_t nheaders;
} weft__http_req_info;

/* ---- players (players.c) ------------------------------------------------------ */
/* A transport's side of a player: it sends whole wire messages and closes. */
typedef struct weft__player_transport {
    const char *name; /* "ws", "enet" */
    /* Queue one wire message (len bytes, copied). Returns 0, or
     * WEFT_ENOMEM when the player's outbound queue is over its bound. */
    int (*send)(void *conn, const char *msg, size_t len);
    /* Bytes queued and not yet written to the socket. */
    size_t (*queued)(void *conn);
    /* Close the connection after what is queued is written. */
    void (*close)(void *conn);
} weft__player_transport;

/* A new connection asks to be a player. Returns the player (owned by the
 * registry) or NULL (server full: the transport closes). */
weft__player *weft__player_open(weft_host *h, const weft__player_transport *t, void *conn,
                                const char *endpoint);
/* One inbound wire message from the player (len bytes, borrowed). May drop
 * the player (then it returns WEFT_ESTATE and the transport closes). */
int weft__player_message(weft__player *p, const char *msg, size_t len);
/* The transport's connection went away (peer closed, error): playerDropped
 * with reason. The registry forgets conn; no more calls into the transport. */
void weft__player_closed(weft__player *p, const char *reason);
/* Drop a player: send DROP(reason), close, log, playerDropped. */
void weft__player_drop(weft__player *p, const char *reason);
/* Once a second: pings, timeouts, latent-event pacing. */
void weft__players_sweep(weft_host *h, uint64_t now_ms);
void weft__players_drop_all(weft_host *h, const char *reason);
int weft__players_count(weft_host *h);
/* JSON of /players.json (malloc'ed into *out). */
int weft__players_json(weft_host *h, char **out, size_t *len);

/* TriggerClientEvent / emitNet: target a server id, or -1 for everyone
 * joined. args: msgpack array (borrowed). bps > 0: latent (paced to bps
 * bytes per second). Returns 0, WEFT_ENOENT (no such player), WEFT_EINVAL. */
int weft__net_client_event(weft_host *h, const char *name, int target, const char *args,
                           size_t len, uint32_t bps);

/* ---- growable buffers (net.c) ------------------------------------------------ */
/* Text being built (responses, JSON): appends; oom set on a failed grow. */
typedef struct weft__nbuf {
    char *p;
    size_t len, cap;
    int oom;
} weft__nbuf;
void weft__nbuf_add(weft__nbuf *b, const char *s, size_t n);
void weft__nbuf_str(weft__nbuf *b, const char *s);
/* An input buffer for libuv's alloc callback: at least 16 KiB free after
 * len (doubling from 64 KiB). Returns the free size, or 0 out of memory. */
size_t weft__inbuf_room(char **buf, size_t *cap, size_t len);

/* ---- the wire format (wire.c; docs/protocol.md) ------------------------------ */
#define WEFT_PROTOCOL_VERSION 1
enum {
    /* client -> server */
    WEFT_MSG_HELLO = 1, /* [1, version, name] */
    WEFT_MSG_EVENT = 2, /* [2, name, args] (TriggerServerEvent) */
    WEFT_MSG_PONG = 3,  /* [3, token] */
    WEFT_MSG_BYE = 4,   /* [4, reason] */
    /* server -> client */
    WEFT_MSG_WELCOME = 16,     /* [16, id, server name] */
    WEFT_MSG_CLIENT_EVENT = 17, /* [17, name, args] */
    WEFT_MSG_PING = 18,        /* [18, token] */
    WEFT_MSG_DROP = 19,        /* [19, reason] */
    WEFT_MSG_DEFERRAL = 20,    /* [20, message] */
    WEFT_MSG_LATENT = 21,      /* [21, id, offset, total, bin] */
};

/* A decoded inbound message: fields point into the message (borrowed). */
typedef struct weft__wire_msg {
    int type;
    int64_t num;              /* HELLO version, PONG token */
    const char *str;          /* HELLO name, EVENT name, BYE reason */
    size_t str_len;
    const char *args;         /* EVENT: the msgpack array, as sent; LATENT: the bin */
    size_t args_len;
    uint64_t offset, total;   /* LATENT */
} weft__wire_msg;

/* Validate and decode one message (either direction; the receiver refuses
 * types that are not its peer's): a msgpack array [type, ...] of at
 * most max_len bytes and max_depth nesting, no extension types except
 * FiveM's vectors (20-22) of the right size (a client can never forge a
 * function reference). Returns 0, or WEFT_EINVAL with a reason in why. */
int weft__wire_decode(const char *buf, size_t len, size_t max_len, int max_depth,
                      weft__wire_msg *out, const char **why);
/* Check that buf is exactly one well-formed msgpack value within the
 * bounds (the same rules). 0 or WEFT_EINVAL with why. */
int weft__wire_check_value(const char *buf, size_t len, int max_depth, const char **why);
/* Encoders (malloc'ed *out). args must be one msgpack array (copied as is). */
int weft__wire_event(int type, const char *name, const char *args, size_t args_len, char **out,
                     size_t *out_len);
int weft__wire_num(int type, int64_t num, char **out, size_t *out_len);
int weft__wire_str(int type, const char *s, char **out, size_t *out_len);
int weft__wire_hello(const char *name, char **out, size_t *out_len);
int weft__wire_welcome(int id, const char *server_name, char **out, size_t *out_len);
int weft__wire_latent(uint32_t id, size_t offset, size_t total, const char *chunk, size_t n,
                      char **out, size_t *out_len);

/* ---- library wrappers ------------------------------------------------------ */
/* llhttp (llhttp.c): a request (server) or response (client) parser that
 * reports weft's shapes. Callbacks return 0, or nonzero to stop parsing
 * (then parse returns WEFT_EINVAL / the pause is reported). */
typedef struct weft__httpp weft__httpp;
typedef struct weft__httpp_cbs {
    int (*on_begin)(void *ud);
    int (*on_url)(void *ud, const char *at, size_t len);
    int (*on_header_field)(void *ud, const char *at, size_t len);
    int (*on_header_field_done)(void *ud);
    int (*on_header_value)(void *ud, const char *at, size_t len);
    /* method: "GET"...; status: responses only. Return 0, 1 to skip a body, or
     * 2 for an upgrade (no body; parse pauses after the head: CONNECT's 2xx). */
    int (*on_headers_done)(void *ud, const char *method, int status, int keep_alive,
                           int upgrade);
    int (*on_body)(void *ud, const char *at, size_t len);
    /* Optional: a chunked body's next chunk announces size bytes. Return 0,
     * or nonzero with *why (static text) to refuse the message. */
    int (*on_chunk)(void *ud, uint64_t size, const char **why);
    /* Return 0 to continue with the next pipelined message, 1 to pause. */
    int (*on_done)(void *ud, int keep_alive);
    /* Optional: the reason phrase of a response's status line (in pieces). */
    int (*on_status)(void *ud, const char *at, size_t len);
} weft__httpp_cbs;
weft__httpp *weft__httpp_new(int response, const weft__httpp_cbs *cbs, void *ud);
void weft__httpp_free(weft__httpp *p);
/* Node's insecureHTTPParser: on, every leniency llhttp has (invalid header
 * value bytes, conflicting Transfer-Encoding/Content-Length, keep-alive
 * after Connection: close, a non-final chunked); off (the default), strict. */
void weft__httpp_set_lenient(weft__httpp *p, int on);
/* Feed len bytes. Returns the bytes consumed (< len when paused by on_done or
 * an upgrade: the rest belongs to the next message or the new protocol), or
 * WEFT_EINVAL (malformed; *why says how). */
long weft__httpp_parse(weft__httpp *p, const char *buf, size_t len, const char **why);
/* Continue after a pause. */
void weft__httpp_resume(weft__httpp *p);
/* The end of the input (a response delimited by the connection's close):
 * 0, or WEFT_EINVAL with *why. */
int weft__httpp_finish(weft__httpp *p, const char **why);
/* The current message's HTTP version, and llhttp's name of the last error
 * ("HPE_INVALID_METHOD"...). */
void weft__httpp_version(const weft__httpp *p, int *major, int *minor);
const char *weft__httpp_error_name(const weft__httpp *p);
/* After parse returned WEFT_EINVAL: the offset in its input of the byte
 * where parsing stopped (Node's bytesParsed of a parse error). */
size_t weft__httpp_error_offset(const weft__httpp *p);

/* wslay (wslay.c): a WebSocket endpoint (server or client side) on bytes.
 * The owner feeds received bytes and writes what out() produces. */
typedef struct weft__ws weft__ws;
typedef struct weft__ws_cbs {
    /* Write bytes to the socket. Return 0, or nonzero on failure. */
    int (*out)(void *ud, const char *buf, size_t len);
    /* One whole binary or text message. */
    void (*on_message)(void *ud, int binary, const char *buf, size_t len);
    /* The peer closed or broke the protocol; reason is static text. */
    void (*on_close)(void *ud, const char *reason);
    /* Optional: a frame takes its message past max_message bytes (size: the
     * message's bytes so far); nothing more is read. Without it, on_close. */
    void (*on_oversize)(void *ud, uint64_t size);
} weft__ws_cbs;
/* Whether WebSockets can work here: libwslay and libcrypto load (once per
 * process). Returns 0, or -1 with *why (if why is not NULL) pointing at the
 * static reason, e.g. "cannot load libwslay.so.1 (Debian package libwslay1):
 * ...". Logs nothing. */
int weft__ws_available(const char **why);
/* NULL when the libraries are missing (one line on stderr, the first time)
 * or memory is short. */
weft__ws *weft__ws_new(int client, size_t max_message, const weft__ws_cbs *cbs, void *ud);
void weft__ws_free(weft__ws *ws);
/* Feed received bytes (borrowed). Returns 0 or WEFT_EINVAL (protocol error;
 * on_close was called). */
int weft__ws_feed(weft__ws *ws, const char *buf, size_t len);
/* Queue one binary message and flush it through out(). */
int weft__ws_send(weft__ws *ws, const char *buf, size_t len);
/* Send a close frame with a reason (at most 123 bytes used). */
void weft__ws_close(weft__ws *ws, int code, const char *reason);
/* enet.c, client side (the C client library): one connection to a server. */
struct weft__enet_srv;
typedef struct weft__enet_client_cbs {
    void (*on_open)(void *ud);
    void (*on_message)(void *ud, const char *buf, size_t len);
    void (*on_close)(void *ud, const char *reason);
} weft__enet_client_cbs;
int weft__enet_client_open(uv_loop_t *loop, const char *ip, int port,
                           const weft__enet_client_cbs *cbs, void *ud,
                           struct weft__enet_srv **out);
int weft__enet_client_send(struct weft__enet_srv *s, const char *msg, size_t len);
size_t weft__enet_client_queued(struct weft__enet_srv *s);
void weft__enet_client_close(struct weft__enet_srv *s);

/* curl.c: outbound HTTP on libcurl's multi-socket API (the host's loop). */
typedef struct weft__curl weft__curl;
typedef struct weft__curl_req {
    const char *url, *method; /* http:// or https:// only; method NULL: GET */
    const char *body;         /* copied */
    size_t body_len;
    const char *const *headers; /* "Name: value" lines */
    size_t nheaders;
    long timeout_ms;   /* 0: none */
    int follow;        /* follow redirects (at most 10) */
    size_t max_bytes;  /* response body bound */
    int max_inflight;  /* refuse when this many are running */
    const char *key;   /* names the request for weft__curl_abort */
} weft__curl_req;
typedef struct weft__curl_result {
    int status;          /* HTTP status, or 0 with error set */
    const char *error;   /* NULL on success */
    const char *body;    /* body_len bytes (NUL-terminated) */
    size_t body_len;
    const char *headers; /* the final response's raw header lines */
    size_t headers_len;
    const char *url;     /* the final URL */
} weft__curl_result;
/* Called once per request, on the loop thread; r is valid for the call. */
typedef void (*weft__curl_done)(void *ud, const weft__curl_result *r);
int weft__curl_open(uv_loop_t *loop, weft__curl **out);
/* 0, WEFT_EINVAL (not http/https), WEFT_ESTATE (too many in flight, or
 * closing), WEFT_ENOMEM, WEFT_EIO. */
int weft__curl_request(weft__curl *c, const weft__curl_req *rq, weft__curl_done cb, void *ud);
/* Finish the request named key now with error "aborted". 0 or WEFT_ENOENT. */
int weft__curl_abort(weft__curl *c, const char *key);
/* Finish every request with "server shutting down" and free (async). */
void weft__curl_close(weft__curl *c);

/* Sec-WebSocket-Accept for a key (RFC 6455 §4.2.2) into out (29 bytes). */
int weft__ws_accept_key(const char *key, size_t key_len, char out[29]);

#endif
