/* commands.h: the registry of commands that resources add with
 * RegisterCommand (FiveM's semantics: names compare case-insensitively; a
 * command is reached from the console, server.cfg, ExecuteCommand and
 * players; running it needs the ACE command.NAME). Registering adds, as
 * FiveM does, `resource.OWNER command.NAME allow` and, unless restricted,
 * `builtin.everyone command.NAME allow`; removing takes them away again.
 * Registering a name that exists replaces its handler and owner (FiveM keeps
 * the first owner and silently swaps only the handler). No script code runs
 * here; the server calls the handler's function reference. */
#ifndef WEFT_API_COMMANDS_H
#define WEFT_API_COMMANDS_H

#include <stddef.h>
#include "api/ace.h"

typedef struct weft__command {
    char *name;
    char *resource; /* owning resource */
    char *ref;      /* function reference id of the handler */
    int restricted;
} weft__command;

typedef struct weft__commands {
    weft__command *items;
    size_t len, cap;
} weft__commands;

void weft__cmds_init(weft__commands *c);
/* Frees the table; the caller releases the refs first (weft__cmds_take). */
void weft__cmds_free(weft__commands *c);
/* Add or replace name. *old_ref receives the replaced handler's ref id
 * (malloc'ed, for the caller to release) or NULL. 0, WEFT_EINVAL (empty name
 * or a name with spaces) or WEFT_ENOMEM. */
int weft__cmds_register(weft__commands *c, weft__ace *ace, const char *name, const char *resource,
                        const char *ref, int restricted, char **old_ref);
const weft__command *weft__cmds_find(const weft__commands *c, const char *name);
/* Remove every command owned by resource (and their ACEs). Calls release(ud,
 * ref) for each handler ref, then frees it. */
void weft__cmds_remove_resource(weft__commands *c, weft__ace *ace, const char *resource,
                                void (*release)(void *ud, const char *ref), void *ud);
/* Names of all commands plus `extra` (NULL-terminated, may be NULL), sorted
 * case-insensitively, duplicates once: a malloc'ed array of borrowed
 * pointers (free() it), its length in *n. NULL when out of memory. */
const char **weft__cmds_sorted(const weft__commands *c, const char *const *extra, size_t *n);

#endif
