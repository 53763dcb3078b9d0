/* builtin.c: what a default host contains: the script engines, chosen by
 * script extension through their ops tables, and the host API areas of
 * src/api/ with their embedded preludes. The host core (src/host/) names
 * neither: it only sees weft__engines and weft__builtin_open. To add an
 * area: one line in `areas` below (docs/natives.md). */
#include "api/api.h"
#include "host/server.h"
#include "js/js.h"
#include "lua/lua_rt.h"

const weft__rt_ops *const weft__engines[] = {&weft__js_engine, &weft__lua_engine, NULL};

static int (*const areas[])(weft_host *h) = {
    weft__api_net_open,
    weft__api_commands_open,
    weft__api_convars_open,
    weft__api_kvp_open,
    weft__api_files_open,
    NULL, /* the list ends here */
};

int weft__builtin_open(weft_host *h)
{
    for (size_t i = 0; areas[i]; i++) {
        int rc = areas[i](h);
        if (rc < 0) return rc;
    }
    for (const weft__api_prelude *p = weft__api_preludes; p->area; p++) {
        int rc = weft_host_add_prelude(h, p->lang, p->area, p->source);
        if (rc < 0) return rc;
    }
    return 0;
}
