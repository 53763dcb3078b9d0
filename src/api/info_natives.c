/* info_natives.c: server information for scripts (issue 12 item 7):
 * SetGameType(name) and SetMapName(name) set the `gametype` and `mapname`
 * convars the network's /info.json and /dynamic.json report (as FiveM's
 * natives do), GetGameName() is the `gamename` convar ("gta5" when unset,
 * FiveM's default). GetInstanceId lives with the resource natives;
 * GetHostId has no meaning without a game host and is not offered. */
#include <string.h>

#include "api/api.h"
#include "api/args.h"
#include "api/server_api.h"
#include "host/server.h"

static int set_info(weft_host *h, const char *var, const char *args, size_t len)
{
    weft__args a;
    char value[256];
    if (weft__args_parse(&a, args, len) < 0 || !weft__args_text(&a, 0, value, sizeof value))
        return weft_native_error(h, "%s: the name must be a string (at most 255 bytes)",
                                 !strcmp(var, "gametype") ? "SetGameType" : "SetMapName");
    const weft__convar *cv = weft__convars_find(&h->server->convars, var);
    return weft__srv_set_convar(h, var, value, cv ? cv->flags : WEFT_CONVAR_SERVERINFO);
}

static int n_set_game_type(void *ud, const char *args, size_t len, char **out, size_t *olen)
{
    return set_info(ud, "gametype", args, len);
}

static int n_set_map_name(void *ud, const char *args, size_t len, char **out, size_t *olen)
{
    return set_info(ud, "mapname", args, len);
}

static int n_get_game_name(void *ud, const char *args, size_t len, char **out, size_t *olen)
{
    weft_host *h = ud;
    const char *v = weft__convars_get(&h->server->convars, "gamename", "gta5");
    return weft__res_str(v, strlen(v), out, olen);
}

static const weft_native natives[] = {
    {"SetGameType", n_set_game_type, NULL},
    {"SetMapName", n_set_map_name, NULL},
    {"GetGameName", n_get_game_name, NULL},
    {NULL, NULL, NULL},
};

int weft__api_info_open(weft_host *h)
{
    return weft_host_register_natives(h, natives, h);
}
