/* manifest.c (fuzz_manifest): fxmanifest.lua evaluation in its sandbox and
 * the glob expansion of its script lists (src/host/manifest.c). The input is
 * the manifest of a scratch resource that holds a few scripts in nested
 * folders, a dot file, a symlink loop and (in a dot folder) a symlink to a
 * folder outside the resource. A success must keep every promise of
 * manifest.h (relative paths without "." or "..", real locations inside the
 * folder, unique, existing files, "@res/path" with a relative path, load
 * order = shared then server scripts); a failure must leave a terminated
 * message; the sandbox's budgets must end every input quickly. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fuzz.h"
#include "host/manifest.h"

static char res[PATH_MAX], real_res[PATH_MAX];

static int has_dot_segment(const char *p)
{
    for (const char *s = p; *s;) {
        size_t n = strcspn(s, "/");
        if ((n == 1 && s[0] == '.') || (n == 2 && s[0] == '.' && s[1] == '.')) return 1;
        s += n;
        while (*s == '/')
            s++;
    }
    return 0;
}

static void check_list(const weft__strlist *l, int scripts)
{
    for (size_t i = 0; i < l->len; i++) {
        const char *p = l->items[i];
        FZ_CHECK(p, "a NULL list entry");
        for (size_t k = 0; k < i; k++)
            FZ_CHECK(strcmp(l->items[k], p), "a list entry appears twice");
        if (!scripts) continue;
        if (p[0] == '@') {
            const char *sl = strchr(p, '/');
            FZ_CHECK(sl && sl > p + 1 && sl[1] && sl[1] != '/' && !has_dot_segment(sl + 1),
                     "an @resource path leaves that resource");
            continue;
        }
        FZ_CHECK(p[0] && p[0] != '/' && !has_dot_segment(p), "a script path leaves the resource");
        char full[PATH_MAX * 2], real[PATH_MAX];
        struct stat st;
        snprintf(full, sizeof full, "%s/%s", res, p);
        FZ_CHECK(stat(full, &st) == 0 && S_ISREG(st.st_mode), "a script that is not a file");
        size_t rl = strlen(real_res);
        FZ_CHECK(realpath(full, real) && !strncmp(real, real_res, rl) && real[rl] == '/',
                 "a script's real location is outside the resource");
    }
}

static void check_manifest(const weft__manifest *m)
{
    check_list(&m->shared_scripts, 1);
    check_list(&m->server_scripts, 1);
    check_list(&m->load_order, 1);
    check_list(&m->dependencies, 0);
    check_list(&m->provides, 0);
    size_t want = 0;
    for (size_t i = 0; i < m->shared_scripts.len; i++)
        FZ_CHECK(want < m->load_order.len &&
                     !strcmp(m->load_order.items[want++], m->shared_scripts.items[i]),
                 "load order does not start with the shared scripts");
    for (size_t i = 0; i < m->server_scripts.len; i++) {
        int seen = 0;
        for (size_t k = 0; k < m->shared_scripts.len; k++)
            seen |= !strcmp(m->shared_scripts.items[k], m->server_scripts.items[i]);
        if (!seen)
            FZ_CHECK(want < m->load_order.len &&
                         !strcmp(m->load_order.items[want++], m->server_scripts.items[i]),
                     "load order does not follow with the server scripts");
    }
    FZ_CHECK(want == m->load_order.len, "load order has extra entries");
    const char *fx = NULL;
    for (size_t i = 0; i < m->meta_len; i++) {
        FZ_CHECK(m->meta[i].key && m->meta[i].value, "a NULL metadata string");
        if (!strcmp(m->meta[i].key, "fx_version")) fx = m->meta[i].value;
    }
    FZ_CHECK(fx ? m->fx_version && !strcmp(fx, m->fx_version) : !m->fx_version,
             "fx_version is not the last value given");
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    static const char *const files[] = {"server.js", "shared.lua", "client.lua", "sub/a.lua",
                                        "sub/deep/b.js", "sub/deep/c.lua", ".hidden.lua",
                                        "odd [x]*.lua"};
    fz_quiet_stdio();
    snprintf(res, sizeof res, "%s/res", fz_scratch_dir());
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++)
        fz_write_file(res, files[i], "-- x\n", 5);
    char link[PATH_MAX + 16];
    snprintf(link, sizeof link, "%s/sub/loop", res);
    FZ_CHECK(symlink("..", link) == 0, "cannot make the symlink loop");
    /* a way out, reachable only by patterns naming a dot folder */
    fz_write_file(fz_scratch_dir(), "outside/x.lua", "-- x\n", 5);
    fz_write_file(res, ".hid/in.lua", "-- x\n", 5);
    snprintf(link, sizeof link, "%s/.hid/out", res);
    FZ_CHECK(symlink("../../outside", link) == 0, "cannot make the symlink out");
    FZ_CHECK(realpath(res, real_res), "cannot resolve the resource folder");
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    weft__manifest m;
    char err[512];
    fz_write_file(res, "fxmanifest.lua", data, size);
    memset(err, 'x', sizeof err);
    int rc = weft__manifest_load(res, &m, err, sizeof err);
    FZ_CHECK(memchr(err, 0, sizeof err), "the error message is not terminated");
    if (rc == 0) {
        FZ_CHECK(!strcmp(m.file, "fxmanifest.lua"), "the wrong manifest file");
        check_manifest(&m);
    } else {
        FZ_CHECK(err[0], "an error without a message");
    }
    weft__manifest_free(&m);
    return 0;
}
