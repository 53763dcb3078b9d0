/* server_api.h: how the server core reaches the server APIs of src/api/ (ACE,
 * commands, convar listeners, KVP, state bags, files): set-up and tear-down,
 * their console commands, `help`, and the clean-up when a resource stops.
 * All on the loop thread. */
#ifndef WEFT_API_SERVER_API_H
#define WEFT_API_SERVER_API_H

#include "host/server.h"

/* Server start: default ACEs (system.console may run every command;
 * resources may run the host's lifecycle and test commands through
 * builtin.resources), empty registries. 0 or WEFT_ENOMEM. */
int weft__api_init(weft_host *h);
void weft__api_free(weft_host *h);
/* Run c if it is an API console command (add_ace, test_ace, ...) or a
 * command registered by a resource; WEFT_ENOENT if it is neither. raw: the
 * command's text as typed (for rawCommand), or NULL. */
int weft__api_command(weft_host *h, const weft__cfg_cmd *c, const char *raw);
/* FiveM's ScriptingFilesystemAllowWrite for resource names: 1 when source
 * may write in target's folder (its own, or an add_filesystem_permission
 * SOURCE write TARGET line of server.cfg), else 0. */
int weft__api_fs_may_write(weft_host *h, const char *source, const char *target);
/* 1 if name is an API console command or a registered command. */
int weft__api_known(weft_host *h, const char *name);
/* `help`: every command the principals on the stack may run, sorted;
 * builtins: the host's own command names (NULL-terminated). */
void weft__api_help(weft_host *h, const char *const *builtins);
/* r stopped: drop its commands, state bag handlers, convar listeners and
 * KVP find handles, releasing their function references. */
void weft__api_resource_stopped(weft_host *h, weft__resource *r);
/* Set a convar (set/sets/setr, SetConvar...) and, when its value changed,
 * call the change listeners. 0 or the store's error, or WEFT_ESCRIPT when
 * a listener's stack overflow became the calling native's error. */
int weft__srv_set_convar(weft_host *h, const char *name, const char *value, unsigned flags);
/* A convar changed: call the listeners. 0, or WEFT_ESCRIPT when one
 * overflowed the stack and the native running now fails with it
 * (weft__native_fail_payload). */
int weft__api_convar_changed(weft_host *h, const char *name);

#endif
