/* api.h: the host API areas of src/api/ (DESIGN.md §7). Each area is one
 * file that registers a table of natives (include/weft.h) from its open
 * function; script-language sugar lives beside it as src/api/AREA.js and
 * src/api/AREA.lua, embedded at build time and run in every resource of
 * that language before its own scripts. How to add one: docs/natives.md. */
#ifndef WEFT_API_H
#define WEFT_API_H

#include "weft.h"

/* One embedded prelude (generated: build/gen/api_preludes.c from
 * src/api/AREA.js and AREA.lua files; the list ends with area NULL). */
typedef struct weft__api_prelude {
    const char *area; /* the file's base name */
    const char *lang; /* "js" or "lua" */
    const char *source;
} weft__api_prelude;
extern const weft__api_prelude weft__api_preludes[];

/* Areas: int weft__api_AREA_open(weft_host *h), listed in src/builtin.c;
 * 0 or a negative WEFT_E* (the host is not created). */

/* Issue 12's areas: commands_natives.c (commands, ACE, resource control),
 * convar_natives.c, kvp_natives.c, file_natives.c, statebag_natives.c,
 * info_natives.c (server information). */
int weft__api_commands_open(weft_host *h);
int weft__api_convars_open(weft_host *h);
int weft__api_kvp_open(weft_host *h);
int weft__api_files_open(weft_host *h);

/* test.c: natives the host tests use; registered by `set weft_testNatives 1`
 * (declared in src/host/server.h as weft__api_test_enable). */

/* net.c: players, TriggerLatentClientEvent, SetHttpHandler and deferrals
 * (the network itself is src/net/). */
int weft__api_net_open(weft_host *h);

#endif
