/* builtin.c: what a default host contains: the script engines, chosen by
 * script extension through their ops tables; the host API areas of
 * src/api/ with their embedded preludes; and the built-in resources
 * (src/api/resources/: oxmysql), written under the server folder's
 * cache/weft/resources/ and found before DIR/resources, so a manifest can
 * name '@oxmysql/lib/MySQL.lua' with no oxmysql folder of its own. The host
 * core (src/host/) names none of these. To add an area: docs/natives.md. */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "api/api.h"
#include "cluster/cluster.h"
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
    weft__api_db_open,
    weft__api_statebags_open,
    weft__api_info_open,
    weft__api_prof_open,
    weft__api_cluster_open,
    NULL, /* the list ends here */
};

int weft__builtin_open(weft_host *h)
{
    for (size_t i = 0; areas[i]; i++) {
        int rc = areas[i](h);
        if (rc < 0) return rc;
    }
    /* "AREA.lang" -> a prelude of that language named AREA. */
    for (const weft__embedded *p = weft__api_preludes; p->path; p++) {
        const char *dot = strrchr(p->path, '.');
        char area[128];
        snprintf(area, sizeof area, "%.*s", dot ? (int)(dot - p->path) : 0, p->path);
        int rc = dot ? weft_host_add_prelude(h, dot + 1, area, p->source) : WEFT_EINVAL;
        if (rc < 0) return rc;
    }
    return 0;
}

/* mkdir -p of path's parent folders. */
static int make_parents(char *path)
{
    for (char *s = strchr(path + 1, '/'); s; s = strchr(s + 1, '/')) {
        *s = 0;
        int rc = mkdir(path, 0755);
        *s = '/';
        if (rc && errno != EEXIST) return -1;
    }
    return 0;
}

/* Write f under dir unless it already holds the same bytes (several servers
 * may share a folder: write a temporary file, then rename it in place). */
static int write_file(const char *dir, const weft__embedded *f)
{
    char path[PATH_MAX], tmp[PATH_MAX + 32];
    if (snprintf(path, sizeof path, "%s/%s", dir, f->path) >= (int)sizeof path) return -1;
    FILE *in = fopen(path, "rb");
    if (in) {
        char *buf = malloc(f->len + 1);
        size_t n = buf ? fread(buf, 1, f->len + 1, in) : 0;
        int same = buf && n == f->len && !memcmp(buf, f->source, f->len);
        free(buf);
        fclose(in);
        if (same) return 0;
    }
    if (make_parents(path) < 0) return -1;
    snprintf(tmp, sizeof tmp, "%s.%ld.tmp", path, (long)getpid());
    FILE *out = fopen(tmp, "wb");
    if (!out) return -1;
    int ok = fwrite(f->source, 1, f->len, out) == f->len;
    ok = fclose(out) == 0 && ok;
    if (!ok || rename(tmp, path) != 0) {
        remove(tmp);
        return -1;
    }
    return 0;
}

int weft__builtin_resources(weft_host *h, char *dir, size_t cap)
{
    if (!h->server->dir ||
        snprintf(dir, cap, "%s/cache/weft/resources", h->server->dir) >= (int)cap)
        return WEFT_EINVAL;
    for (const weft__embedded *f = weft__builtin_files; f->path; f++)
        if (write_file(dir, f) < 0) {
            weft__log(h, "weft", "cannot write the built-in resource file %s/%s", dir, f->path);
            return WEFT_EIO;
        }
    return 0;
}
