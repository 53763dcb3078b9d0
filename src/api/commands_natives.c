/* commands_natives.c: the commands, ACE and resource-control natives
 * (issue 12 items 1, 2, 8, 9): RegisterCommand, GetRegisteredCommands,
 * ExecuteCommand (runs before it returns, as resource.NAME),
 * IsAceAllowed, IsPrincipalAceAllowed, IsPlayerAceAllowed, StartResource,
 * StopResource. Handlers are function references the registry holds one
 * count of (dup on register, release on replace or when the owner stops). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api/api.h"
#include "api/args.h"
#include "host/server.h"
#include "net/net_int.h"

static weft__resource *caller_res(weft_host *h)
{
    weft__rt *rt = weft__native_caller(h);
    return rt ? rt->resource : NULL;
}

static int n_register_command(void *ud, const char *args, size_t len, char **out, size_t *olen)
{
    weft_host *h = ud;
    weft__server *s = h->server;
    weft__args a;
    char name[300], ref[WEFT__CODEC_REF_ID_CAP];
    weft__resource *r = caller_res(h);
    if (weft__args_parse(&a, args, len) < 0) return WEFT_EINVAL;
    if (weft__args_has_nul(&a, 0))
        return weft_native_error(h, "RegisterCommand: the command name has a NUL byte");
    if (!weft__args_text(&a, 0, name, sizeof name))
        return weft_native_error(h, "RegisterCommand: the command name must be a string");
    if (!weft__args_ref(&a, 1, ref, sizeof ref))
        return weft_native_error(h, "RegisterCommand(\"%s\"): the handler must be a function",
                                 name);
    if (!r) return WEFT_ESTATE;
    char *old = NULL;
    int rc = weft__cmds_register(&s->commands, &s->ace, name, r->name, ref,
                                 weft__args_bool(&a, 2, 0), &old);
    if (rc == WEFT_EINVAL)
        return weft_native_error(h, "RegisterCommand: \"%s\" is not a valid command name", name);
    if (rc < 0) return rc;
    weft__ref_dup(h, ref, strlen(ref));
    if (old) {
        weft__ref_release_later(h, old, strlen(old));
        free(old);
    }
    return 0;
}

/* [{name, resource, arity}] as FiveM's GetRegisteredCommands (arity -1:
 * any number of arguments). */
static int n_get_registered_commands(void *ud, const char *args, size_t len, char **out,
                                     size_t *olen)
{
    weft_host *h = ud;
    const weft__commands *c = &h->server->commands;
    msgpack_sbuffer sb;
    msgpack_packer pk;
    weft__res_begin(&sb, &pk);
    msgpack_pack_array(&pk, c->len);
    for (size_t i = 0; i < c->len; i++) {
        msgpack_pack_map(&pk, 3);
        msgpack_pack_str_with_body(&pk, "name", 4);
        msgpack_pack_str_with_body(&pk, c->items[i].name, strlen(c->items[i].name));
        msgpack_pack_str_with_body(&pk, "resource", 8);
        msgpack_pack_str_with_body(&pk, c->items[i].resource, strlen(c->items[i].resource));
        msgpack_pack_str_with_body(&pk, "arity", 5);
        msgpack_pack_int(&pk, -1);
    }
    return weft__res_take(&sb, out, olen);
}

static int n_execute_command(void *ud, const char *args, size_t len, char **out, size_t *olen)
{
    weft_host *h = ud;
    weft__args a;
    char *line;
    if (weft__args_parse(&a, args, len) < 0 || !(line = weft__args_strdup(&a, 0)))
        return weft_native_error(h, "ExecuteCommand: the command must be a string");
    if (weft__args_has_nul(&a, 0)) { /* as a console or cfg line with one: refused */
        weft__log(h, "weft", "ExecuteCommand of %s: NUL byte in line (ignored)",
                  weft_native_resource(h));
        free(line);
        return 0;
    }
    int rc = weft__srv_exec(h, caller_res(h), line);
    free(line);
    /* a handler's stack overflow, this caller's (console_api.c) */
    return rc < 0 && weft__native_failing(h) ? WEFT_ESCRIPT : 0;
}

static int n_is_ace_allowed(void *ud, const char *args, size_t len, char **out, size_t *olen)
{
    weft_host *h = ud;
    weft__args a;
    char object[512];
    if (weft__args_parse(&a, args, len) < 0 || !weft__args_text(&a, 0, object, sizeof object))
        return weft_native_error(h, "IsAceAllowed: the object must be a string");
    return weft__res_bool(weft__ace_check_stack(&h->server->ace, object), out, olen);
}

static int n_is_principal_ace_allowed(void *ud, const char *args, size_t len, char **out,
                                      size_t *olen)
{
    weft_host *h = ud;
    weft__args a;
    char principal[512], object[512];
    if (weft__args_parse(&a, args, len) < 0 ||
        !weft__args_text(&a, 0, principal, sizeof principal) ||
        !weft__args_text(&a, 1, object, sizeof object))
        return weft_native_error(h, "IsPrincipalAceAllowed: principal and object must be "
                                    "strings");
    return weft__res_bool(weft__ace_check(&h->server->ace, principal, object), out, olen);
}

/* A player acts as player.ID and as identifier.X for each of its
 * identifiers (FiveM's client principals): allowed if any of them is. */
static int n_is_player_ace_allowed(void *ud, const char *args, size_t len, char **out,
                                   size_t *olen)
{
    weft_host *h = ud;
    weft__ace *ace = &h->server->ace;
    weft__args a;
    char principal[600], object[512];
    if (weft__args_parse(&a, args, len) < 0 || !weft__args_text(&a, 1, object, sizeof object))
        return weft_native_error(h, "IsPlayerAceAllowed: player and object are required");
    int64_t id = weft__args_int(&a, 0, 0);
    snprintf(principal, sizeof principal, "player.%lld", (long long)id);
    int ok = weft__ace_check(ace, principal, object);
    weft__player *p = id > 0 && id < 65536 ? weft__player_find(h, (int)id) : NULL;
    for (int i = 0; !ok && p && i < weft__player_num_identifiers(p); i++) {
        snprintf(principal, sizeof principal, "identifier.%s", weft__player_identifier(p, i));
        ok = weft__ace_check(ace, principal, object);
    }
    return weft__res_bool(ok, out, olen);
}

/* StartResource / StopResource: the console's lifecycle, as the caller. */
static int resource_verb(weft_host *h, const char *verb, const char *args, size_t len, char **out,
                         size_t *olen)
{
    weft__args a;
    char name[256], line[300];
    if (weft__args_parse(&a, args, len) < 0 || !weft__args_text(&a, 0, name, sizeof name) ||
        strpbrk(name, " \t;\"\n"))
        return weft__res_bool(0, out, olen);
    snprintf(line, sizeof line, "%s %s", verb, name);
    int rc = weft__srv_exec(h, caller_res(h), line);
    return weft__res_bool(rc == 0, out, olen);
}

static int n_start_resource(void *ud, const char *args, size_t len, char **out, size_t *olen)
{
    return resource_verb(ud, "start", args, len, out, olen);
}

static int n_stop_resource(void *ud, const char *args, size_t len, char **out, size_t *olen)
{
    return resource_verb(ud, "stop", args, len, out, olen);
}

static const weft_native natives[] = {
    {"RegisterCommand", n_register_command, NULL},
    {"GetRegisteredCommands", n_get_registered_commands, NULL},
    {"ExecuteCommand", n_execute_command, NULL},
    {"IsAceAllowed", n_is_ace_allowed, NULL},
    {"IsPrincipalAceAllowed", n_is_principal_ace_allowed, NULL},
    {"IsPlayerAceAllowed", n_is_player_ace_allowed, NULL},
    {"StartResource", n_start_resource, NULL},
    {"StopResource", n_stop_resource, NULL},
    {NULL, NULL, NULL},
};

int weft__api_commands_open(weft_host *h)
{
    return weft_host_register_natives(h, natives, h);
}
