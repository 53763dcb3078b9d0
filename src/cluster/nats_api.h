/* nats_api.h: the part of libnats (Debian's libnats-dev, the NATS C client)
 * the cluster uses, reached through dlopen/dlsym so that the weft binary has
 * no run-time dependency on it: the library is mapped only when a server
 * joins a cluster (docs/cluster.md). Types come from <nats/nats.h> at build
 * time; every call goes through the table `weft__nats` (N.fn(...)). */
#ifndef WEFT_CLUSTER_NATS_API_H
#define WEFT_CLUSTER_NATS_API_H

#include <nats/nats.h>
#include "host/dl.h"

#define WEFT__NATS_FUNCTIONS(X)                                                                    \
    X(natsOptions_Create)                                                                          \
    X(natsOptions_Destroy)                                                                         \
    X(natsOptions_SetURL)                                                                          \
    X(natsOptions_SetName)                                                                         \
    X(natsOptions_SetSendAsap)                                                                     \
    X(natsOptions_SetAllowReconnect)                                                               \
    X(natsOptions_SetMaxReconnect)                                                                 \
    X(natsOptions_SetCustomReconnectDelay)                                                         \
    X(natsOptions_SetReconnectBufSize)                                                             \
    X(natsOptions_SetRetryOnFailedConnect)                                                         \
    X(natsOptions_SetDisconnectedCB)                                                               \
    X(natsOptions_SetReconnectedCB)                                                                \
    X(natsOptions_SetErrorHandler)                                                                 \
    X(natsOptions_SetClosedCB)                                                                     \
    X(natsOptions_SetTimeout)                                                                      \
    X(natsOptions_SetPingInterval)                                                                 \
    X(natsOptions_SetMaxPingsOut)                                                                  \
    X(natsOptions_SetMaxPendingMsgs)                                                               \
    X(natsOptions_SetEventLoop)                                                                    \
    X(natsOptions_SetUserInfo)                                                                     \
    X(natsOptions_SetToken)                                                                        \
    X(natsOptions_SetUserCredentialsFromFiles)                                                     \
    X(natsOptions_SetSecure)                                                                       \
    X(natsOptions_LoadCATrustedCertificates)                                                       \
    X(natsOptions_LoadCertificatesChain)                                                           \
    X(natsConnection_ProcessReadEvent)                                                             \
    X(natsConnection_ProcessWriteEvent)                                                            \
    X(natsConnection_SubscribeSync)                                                                \
    X(natsConnection_QueueSubscribeSync)                                                           \
    X(natsSubscription_NextMsg)                                                                    \
    X(natsConnection_Connect)                                                                      \
    X(natsConnection_Close)                                                                        \
    X(natsConnection_Destroy)                                                                      \
    X(natsConnection_Status)                                                                       \
    X(natsConnection_Publish)                                                                      \
    X(natsConnection_PublishRequest)                                                               \
    X(natsConnection_Subscribe)                                                                    \
    X(natsConnection_QueueSubscribe)                                                               \
    X(natsConnection_JetStream)                                                                    \
    X(natsConnection_GetConnectedUrl)                                                              \
    X(natsSubscription_Unsubscribe)                                                                \
    X(natsSubscription_Destroy)                                                                    \
    X(natsSubscription_SetPendingLimits)                                                           \
    X(natsSubscription_GetDropped)                                                                 \
    X(natsSubscription_GetSubject)                                                                 \
    X(natsSubscription_SetOnCompleteCB)                                                            \
    X(natsMsg_GetSubject)                                                                          \
    X(natsMsg_GetData)                                                                             \
    X(natsMsg_GetDataLength)                                                                       \
    X(natsMsg_GetReply)                                                                            \
    X(natsMsg_Destroy)                                                                             \
    X(natsMsg_IsNoResponders)                                                                      \
    X(natsInbox_Create)                                                                            \
    X(natsInbox_Destroy)                                                                           \
    X(natsStatus_GetText)                                                                          \
    X(nats_GetLastError)                                                                           \
    X(jsCtx_Destroy)                                                                               \
    X(jsOptions_Init)                                                                              \
    X(jsStreamConfig_Init)                                                                         \
    X(js_AddStream)                                                                                \
    X(js_GetStreamInfo)                                                                            \
    X(jsStreamInfo_Destroy)                                                                        \
    X(jsPubOptions_Init)                                                                           \
    X(js_Publish)                                                                                  \
    X(jsPubAck_Destroy)                                                                            \
    X(jsSubOptions_Init)                                                                           \
    X(jsConsumerConfig_Init)                                                                       \
    X(js_AddConsumer)                                                                              \
    X(jsConsumerInfo_Destroy)                                                                      \
    X(js_SubscribeSync)                                                                            \
    X(natsMsg_Ack)                                                                                 \
    X(natsMsg_NakWithDelay)                                                                        \
    X(natsMsg_Term)                                                                                \
    X(natsMsg_GetMetaData)                                                                         \
    X(jsMsgMetaData_Destroy)                                                                       \
    X(natsMsgHeader_Get)                                                                           \
    X(js_CreateKeyValue)                                                                           \
    X(js_KeyValue)                                                                                 \
    X(kvConfig_Init)                                                                               \
    X(kvStore_Destroy)                                                                             \
    X(kvStore_Get)                                                                                 \
    X(kvStore_Put)                                                                                 \
    X(kvStore_Create)                                                                              \
    X(kvStore_Update)                                                                              \
    X(kvStore_Delete)                                                                              \
    X(kvStore_WatchAll)                                                                            \
    X(kvWatchOptions_Init)                                                                         \
    X(kvWatcher_Next)                                                                              \
    X(kvWatcher_Stop)                                                                              \
    X(kvWatcher_Destroy)                                                                           \
    X(kvEntry_Key)                                                                                 \
    X(kvEntry_Value)                                                                               \
    X(kvEntry_ValueLen)                                                                            \
    X(kvEntry_Revision)                                                                            \
    X(kvEntry_Operation)                                                                           \
    X(kvEntry_Destroy)

/* The table weft__nats (host/dl.h), valid once weft__nats_load() returned 0. */
WEFT_DL_DECLARE(nats, WEFT__NATS_FUNCTIONS)
#define N weft__nats

/* Load libnats (once per process; later calls return the first result).
 * 0, or WEFT_ENOENT with err filled ("libnats is not installed: ..."). Any
 * thread, but the cluster calls it from the loop thread only. */
int weft__nats_load(char *err, size_t cap);

#endif
