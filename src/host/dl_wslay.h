/* dl_wslay.h: wslay (Debian's libwslay-dev), WebSocket framing, loaded on first use
 * (host/dl.h). Include this instead of the library's header; call
 * weft__dl_load(&weft__dl_wslay, ...) before the first call. */
#ifndef WEFT_HOST_DL_WSLAY_H
#define WEFT_HOST_DL_WSLAY_H

#include <wslay/wslay.h>
#include "host/dl.h"

#define WEFT_DL_WSLAY_FNS(X)                                                                       \
    X(wslay_event_config_set_max_recv_msg_length)                                                  \
    X(wslay_event_context_client_init)                                                             \
    X(wslay_event_context_free)                                                                    \
    X(wslay_event_context_server_init)                                                             \
    X(wslay_event_queue_close)                                                                     \
    X(wslay_event_queue_msg)                                                                       \
    X(wslay_event_recv)                                                                            \
    X(wslay_event_send)                                                                            \
    X(wslay_event_set_error)                                                                       \
    X(wslay_event_want_read)                                                                       \
    X(wslay_event_want_write)
WEFT_DL_DECLARE(wslay, WEFT_DL_WSLAY_FNS)

#ifndef WEFT_DL_NO_REDIRECT
#define wslay_event_config_set_max_recv_msg_length                                                 \
    weft__wslay.wslay_event_config_set_max_recv_msg_length
#define wslay_event_context_client_init weft__wslay.wslay_event_context_client_init
#define wslay_event_context_free weft__wslay.wslay_event_context_free
#define wslay_event_context_server_init weft__wslay.wslay_event_context_server_init
#define wslay_event_queue_close weft__wslay.wslay_event_queue_close
#define wslay_event_queue_msg weft__wslay.wslay_event_queue_msg
#define wslay_event_recv weft__wslay.wslay_event_recv
#define wslay_event_send weft__wslay.wslay_event_send
#define wslay_event_set_error weft__wslay.wslay_event_set_error
#define wslay_event_want_read weft__wslay.wslay_event_want_read
#define wslay_event_want_write weft__wslay.wslay_event_want_write
#endif

#endif
