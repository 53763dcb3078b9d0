/* cluster.h: weft servers sharing events, exports and state through NATS
 * (issue 17, docs/cluster.md). The area registers its natives at host
 * creation; nothing connects, and libnats is not loaded, until a script uses
 * a cluster native on a server whose server.cfg sets weft_cluster. */
#ifndef WEFT_CLUSTER_H
#define WEFT_CLUSTER_H

#include "weft.h"

typedef struct weft__cluster weft__cluster;

/* Register the cluster natives (src/builtin.c's areas). 0 or WEFT_ENOMEM. */
int weft__api_cluster_open(weft_host *h);
/* A resource stopped: its event registrations, exports offer and state
 * watches end (host thread, depth 0 or inside the stop). */
void weft__cluster_resource_stopped(weft_host *h, const char *resource);

#endif
