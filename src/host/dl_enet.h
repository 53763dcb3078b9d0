/* dl_enet.h: ENet (Debian's libenet-dev), the game client transport, loaded on first use
 * (host/dl.h). Include this instead of the library's header; call
 * weft__dl_load(&weft__dl_enet, ...) before the first call. */
#ifndef WEFT_HOST_DL_ENET_H
#define WEFT_HOST_DL_ENET_H

#include <enet/enet.h>
#include "host/dl.h"

#define WEFT_DL_ENET_FNS(X)                                                                        \
    X(enet_address_get_host_ip)                                                                    \
    X(enet_address_set_host_ip)                                                                    \
    X(enet_host_connect)                                                                           \
    X(enet_host_create)                                                                            \
    X(enet_host_destroy)                                                                           \
    X(enet_host_flush)                                                                             \
    X(enet_host_service)                                                                           \
    X(enet_initialize)                                                                             \
    X(enet_packet_create)                                                                          \
    X(enet_packet_destroy)                                                                         \
    X(enet_peer_disconnect_later)                                                                  \
    X(enet_peer_disconnect_now)                                                                    \
    X(enet_peer_reset)                                                                             \
    X(enet_peer_send)                                                                              \
    X(enet_socket_get_address)
WEFT_DL_DECLARE(enet, WEFT_DL_ENET_FNS)

#ifndef WEFT_DL_NO_REDIRECT
#define enet_address_get_host_ip weft__enet.enet_address_get_host_ip
#define enet_address_set_host_ip weft__enet.enet_address_set_host_ip
#define enet_host_connect weft__enet.enet_host_connect
#define enet_host_create weft__enet.enet_host_create
#define enet_host_destroy weft__enet.enet_host_destroy
#define enet_host_flush weft__enet.enet_host_flush
#define enet_host_service weft__enet.enet_host_service
#define enet_initialize weft__enet.enet_initialize
#define enet_packet_create weft__enet.enet_packet_create
#define enet_packet_destroy weft__enet.enet_packet_destroy
#define enet_peer_disconnect_later weft__enet.enet_peer_disconnect_later
#define enet_peer_disconnect_now weft__enet.enet_peer_disconnect_now
#define enet_peer_reset weft__enet.enet_peer_reset
#define enet_peer_send weft__enet.enet_peer_send
#define enet_socket_get_address weft__enet.enet_socket_get_address
#endif

#endif
