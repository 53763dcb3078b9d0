/* commands.c: the RegisterCommand registry (commands.h): an array in
 * registration order, searched linearly (a server has hundreds of commands
 * at most), and the default ACEs that registering grants, as FiveM's
 * REGISTER_COMMAND does. */
#include "api/commands.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

void weft__cmds_init(weft__commands *c)
{
    memset(c, 0, sizeof *c);
}

static void free_cmd(weft__command *cmd)
{
    free(cmd->name);
    free(cmd->resource);
    free(cmd->ref);
}

void weft__cmds_free(weft__commands *c)
{
    for (size_t i = 0; i < c->len; i++)
        free_cmd(&c->items[i]);
    free(c->items);
    memset(c, 0, sizeof *c);
}

const weft__command *weft__cmds_find(const weft__commands *c, const char *name)
{
    for (size_t i = 0; i < c->len; i++)
        if (!strcasecmp(c->items[i].name, name)) return &c->items[i];
    return NULL;
}

/* Grant (add) or take back the default ACEs of a command. */
static void default_aces(weft__ace *ace, const weft__command *cmd, int add)
{
    char object[512], principal[512];
    snprintf(object, sizeof object, "command.%s", cmd->name);
    snprintf(principal, sizeof principal, "resource.%s", cmd->resource);
    if (add) {
        weft__ace_add(ace, principal, object, 1);
        if (!cmd->restricted) weft__ace_add(ace, "builtin.everyone", object, 1);
    } else {
        weft__ace_remove(ace, principal, object, 1);
        if (!cmd->restricted) weft__ace_remove(ace, "builtin.everyone", object, 1);
    }
}

int weft__cmds_register(weft__commands *c, weft__ace *ace, const char *name, const char *resource,
                        const char *ref, int restricted, char **old_ref)
{
    *old_ref = NULL;
    if (!name || !*name || strlen(name) > 256 || strpbrk(name, " \t\r\n;\"") || !resource || !ref)
        return WEFT_EINVAL;
    weft__command n = {strdup(name), strdup(resource), strdup(ref), restricted ? 1 : 0};
    if (!n.name || !n.resource || !n.ref) {
        free_cmd(&n);
        return WEFT_ENOMEM;
    }
    weft__command *old = (weft__command *)weft__cmds_find(c, name);
    if (old) {
        default_aces(ace, old, 0);
        *old_ref = old->ref;
        old->ref = NULL;
        free(n.name); /* the first spelling stays, as FiveM's */
        n.name = old->name;
        old->name = NULL;
        free_cmd(old);
        *old = n;
    } else {
        if (c->len == c->cap) {
            size_t cap = c->cap ? c->cap * 2 : 16;
            weft__command *items = realloc(c->items, cap * sizeof *items);
            if (!items) {
                free_cmd(&n);
                return WEFT_ENOMEM;
            }
            c->items = items;
            c->cap = cap;
        }
        c->items[c->len++] = n;
    }
    default_aces(ace, &n, 1);
    return 0;
}

void weft__cmds_remove_resource(weft__commands *c, weft__ace *ace, const char *resource,
                                void (*release)(void *ud, const char *ref), void *ud)
{
    size_t k = 0;
    for (size_t i = 0; i < c->len; i++) {
        weft__command *cmd = &c->items[i];
        if (strcmp(cmd->resource, resource)) {
            c->items[k++] = *cmd;
            continue;
        }
        default_aces(ace, cmd, 0);
        if (release) release(ud, cmd->ref);
        free_cmd(cmd);
    }
    c->len = k;
}

static int cmp_name(const void *a, const void *b)
{
    return strcasecmp(*(const char *const *)a, *(const char *const *)b);
}

const char **weft__cmds_sorted(const weft__commands *c, const char *const *extra, size_t *n)
{
    size_t ne = 0;
    while (extra && extra[ne])
        ne++;
    const char **names = malloc((c->len + ne + 1) * sizeof *names);
    if (!names) return NULL;
    size_t k = 0;
    for (size_t i = 0; i < c->len; i++)
        names[k++] = c->items[i].name;
    for (size_t i = 0; i < ne; i++)
        names[k++] = extra[i];
    qsort(names, k, sizeof *names, cmp_name);
    size_t u = 0;
    for (size_t i = 0; i < k; i++)
        if (!u || strcasecmp(names[u - 1], names[i])) names[u++] = names[i];
    *n = u;
    return names;
}
