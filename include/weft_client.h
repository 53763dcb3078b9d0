/* weft_client.h: the C client library of weft's player protocol
 * (docs/protocol.md): connect to a weft server as a player over WebSocket
 * (`ws://IP:PORT/weft/ws`, the server's endpoint_add_tcp port) or ENet
 * (`enet://IP:PORT`, its endpoint_add_udp port), send net events
 * (TriggerServerEvent) and receive client events (TriggerClientEvent).
 *
 * Conventions as include/weft.h: 0 or a negative WEFT_E* code. A client
 * lives on the caller's libuv loop and is used from that loop's thread only;
 * nothing blocks. Values are msgpack: an event's arguments are ONE msgpack
 * array (docs/values.md); the library checks nothing inside it, the server
 * does. Pings are answered by the library. Used by `weft bots`. */
#ifndef WEFT_CLIENT_H
#define WEFT_CLIENT_H

#include <stddef.h>
#include <uv.h>
#include "weft.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct weft_client weft_client;

/* Callbacks, all optional (NULL), all on the loop thread. args/name/reason
 * are borrowed for the call. */
typedef struct weft_client_callbacks {
    /* The server accepted the player (after playerConnecting and its
     * deferrals): id is the server id (`source` on the server). */
    void (*on_joined)(weft_client *c, int id, void *ud);
    /* A client event (TriggerClientEvent / emitNet, latent ones once whole):
     * args is a msgpack array of len bytes. */
    void (*on_event)(weft_client *c, const char *name, const char *args, size_t len, void *ud);
    /* A deferral message while connecting (deferrals.update). */
    void (*on_deferral)(weft_client *c, const char *message, void *ud);
    /* The connection ended: the server dropped the player (its reason), the
     * connection failed or weft_client_close() was called. Called once; the
     * client frees itself after this returns. */
    void (*on_closed)(weft_client *c, const char *reason, void *ud);
} weft_client_callbacks;

/* Connect to url ("ws://IP:PORT[/weft/ws]" or "enet://IP:PORT"; IPv4
 * literals) and say HELLO with player name `name` (copied). cbs is borrowed
 * and must outlive the client; ud is passed back. Returns 0 with *out set
 * (results arrive through the callbacks), WEFT_EINVAL (bad url),
 * WEFT_ENOMEM, or WEFT_EIO (the socket failed, or the transport's library,
 * loaded on first use, is not installed: libwslay or libcrypto for ws://,
 * libenet for enet://; one line on stderr names it, the first time). */
int weft_client_connect(uv_loop_t *loop, const char *url, const char *name,
                        const weft_client_callbacks *cbs, void *ud, weft_client **out);

/* Send net event NAME with args (one msgpack array of len bytes, copied;
 * NULL/0: no arguments) to the server. Returns 0, WEFT_ESTATE (not joined
 * yet, or closing) or WEFT_ENOMEM. */
int weft_client_emit(weft_client *c, const char *name, const void *args, size_t len);

/* The server id once joined, else 0. */
int weft_client_id(const weft_client *c);

/* Bytes queued to the server and not yet written (backpressure). */
size_t weft_client_queued(const weft_client *c);

/* Leave (BYE with reason "Exiting", then close). on_closed follows from the
 * loop; the client frees itself after it. Safe to call twice. */
void weft_client_close(weft_client *c);

#ifdef __cplusplus
}
#endif
#endif
