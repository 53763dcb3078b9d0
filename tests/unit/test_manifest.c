/* test_manifest.c: weft__manifest_load on the fixture resources under
 * tests/unit/fixtures/manifest/ (FiveM's manifest DSL, globs incl. `**`,
 * load order, metadata, errors with file:line, the sandbox and its budgets),
 * plus table-driven sandbox cases written to a temporary folder.
 * Every case frees its manifest; run under ASan to catch leaks. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "host/manifest.h"

static char fixtures[PATH_MAX];

static const char *fx(const char *res) {
    static char buf[PATH_MAX + 64];
    snprintf(buf, sizeof(buf), "%s/%s", fixtures, res);
    return buf;
}

static void assert_list(const weft__strlist *l, const char *const *want) {
    size_t n = 0;
    while (want[n] != NULL)
        n++;
    for (size_t i = 0; i < l->len && i < n; i++)
        assert_string_equal(l->items[i], want[i]);
    assert_int_equal(l->len, n);
}

static int load(const char *res, weft__manifest *m, char *err, size_t cap) {
    return weft__manifest_load(fx(res), m, err, cap);
}

static void test_plain(void **state) {
    weft__manifest m;
    char err[256];
    assert_int_equal(load("plain", &m, err, sizeof(err)), 0);
    assert_string_equal(err, "");
    assert_string_equal(m.file, "fxmanifest.lua");
    assert_string_equal(m.fx_version, "cerulean");
    assert_list(&m.server_scripts, (const char *[]){"server.js", NULL});
    assert_list(&m.shared_scripts, (const char *[]){NULL});
    assert_list(&m.load_order, (const char *[]){"server.js", NULL});
    assert_int_equal(weft__manifest_meta_count(&m, "author"), 1);
    assert_string_equal(weft__manifest_meta(&m, "author", 0), "weft");
    assert_string_equal(weft__manifest_meta(&m, "description", 0), "a plain resource");
    assert_string_equal(weft__manifest_meta(&m, "version", 0), "1.0.0");
    assert_string_equal(weft__manifest_meta(&m, "game", 0), "gta5");
    assert_string_equal(weft__manifest_meta(&m, "server_script", 0), "server.js");
    assert_null(weft__manifest_meta(&m, "author", 1));
    assert_null(weft__manifest_meta(&m, "author", -1));
    assert_int_equal(weft__manifest_meta_count(&m, "nope"), 0);
    assert_null(weft__manifest_meta(&m, "nope", 0));
    /* metadata in manifest order */
    assert_int_equal(m.meta_len, 6);
    assert_string_equal(m.meta[0].key, "fx_version");
    assert_string_equal(m.meta[5].key, "server_script");
    weft__manifest_free(&m);
    weft__manifest_free(&m); /* idempotent */
}

static void test_trailing_slash_dir(void **state) {
    weft__manifest m;
    char dir[PATH_MAX + 128];
    snprintf(dir, sizeof(dir), "%s/", fx("plain"));
    assert_int_equal(weft__manifest_load(dir, &m, NULL, 0), 0);
    assert_list(&m.server_scripts, (const char *[]){"server.js", NULL});
    weft__manifest_free(&m);
}

static void test_globs(void **state) {
    weft__manifest m;
    char err[256];
    int rc = load("globs", &m, err, sizeof(err));
    if (rc != 0)
        fail_msg("%s", err);
    /* per pattern: sorted matches, dotfiles and non-files skipped; `**` is
     * zero or more directories; a?.lua does not match abc.lua */
    assert_list(&m.server_scripts,
                (const char *[]){"server/a.js", "server/b.js", "lib/deep/deeper/z.lua",
                                 "lib/deep/y.lua", "lib/x.lua", "a1.lua", "a2.lua", NULL});
    /* a final `**`: every file below */
    assert_list(&m.shared_scripts, (const char *[]){"shared/s1.lua", "shared/sub/s2.js", NULL});
    assert_list(&m.load_order,
                (const char *[]){"shared/s1.lua", "shared/sub/s2.js", "server/a.js",
                                 "server/b.js", "lib/deep/deeper/z.lua", "lib/deep/y.lua",
                                 "lib/x.lua", "a1.lua", "a2.lua", NULL});
    /* metadata keeps the raw patterns, plural stripped as FiveM does */
    assert_int_equal(weft__manifest_meta_count(&m, "server_script"), 3);
    assert_string_equal(weft__manifest_meta(&m, "server_script", 1), "lib/**/*.lua");
    assert_int_equal(weft__manifest_meta_count(&m, "server_scripts"), 0);
    weft__manifest_free(&m);
}

static void test_order(void **state) {
    weft__manifest m;
    char err[256];
    int rc = load("order", &m, err, sizeof(err));
    if (rc != 0)
        fail_msg("%s", err);
    assert_list(&m.shared_scripts, (const char *[]){"shared.lua", "shared2.lua", NULL});
    /* './first.js' is the same file as 'first.js': listed once */
    assert_list(&m.server_scripts,
                (const char *[]){"first.js", "second.lua", "@other/lib.lua", NULL});
    assert_list(&m.load_order, (const char *[]){"shared.lua", "shared2.lua", "first.js",
                                                "second.lua", "@other/lib.lua", NULL});
    /* client scripts are metadata only (client.lua does not exist) */
    assert_string_equal(weft__manifest_meta(&m, "client_script", 0), "client.lua");
    weft__manifest_free(&m);
}

static void test_meta(void **state) {
    weft__manifest m;
    char err[256];
    int rc = load("meta", &m, err, sizeof(err));
    if (rc != 0)
        fail_msg("%s", err);
    assert_null(m.fx_version);
    assert_int_equal(weft__manifest_meta_count(&m, "my_key"), 4);
    assert_string_equal(weft__manifest_meta(&m, "my_key", 0), "a");
    assert_string_equal(weft__manifest_meta(&m, "my_key", 1), "b");
    assert_string_equal(weft__manifest_meta(&m, "my_key", 2), "c");
    assert_string_equal(weft__manifest_meta(&m, "my_key", 3), "d");
    assert_null(weft__manifest_meta(&m, "my_key", 4));
    assert_string_equal(weft__manifest_meta(&m, "lua54", 0), "yes");
    assert_string_equal(weft__manifest_meta(&m, "version", 0), "2");
    assert_int_equal(weft__manifest_meta_count(&m, "file"), 2);
    assert_string_equal(weft__manifest_meta(&m, "file", 1), "html/app.js");
    /* chained `key 'v' { extra }` and `key 'a' 'b'`: key_extra holds the
     * extra as JSON, as FiveM's resource_init.lua records it */
    assert_list(&m.server_scripts, (const char *[]){"main.lua", NULL});
    assert_int_equal(weft__manifest_meta_count(&m, "data_file"), 1);
    assert_string_equal(weft__manifest_meta(&m, "data_file", 0), "DLC_ITYP_REQUEST");
    assert_int_equal(weft__manifest_meta_count(&m, "server_script_extra"), 1);
    assert_string_equal(weft__manifest_meta(&m, "server_script_extra", 0), "{\"extra\":true}");
    assert_string_equal(weft__manifest_meta(&m, "data_file_extra", 0), "\"stream/x.ytyp\"");
    /* ordinary Lua (locals, loops, base functions) works */
    assert_string_equal(weft__manifest_meta(&m, "counted", 0), "6");
    weft__manifest_free(&m);
}

static void test_deps(void **state) {
    weft__manifest m;
    char err[256];
    int rc = load("deps", &m, err, sizeof(err));
    if (rc != 0)
        fail_msg("%s", err);
    assert_string_equal(m.fx_version, "bodacious");
    assert_list(&m.dependencies, (const char *[]){"a", "b", "c", NULL});
    assert_list(&m.provides, (const char *[]){"mysql-async", "ghmattimysql", NULL});
    /* raw metadata as FiveM records it: `dependencies {}` -> "dependencie" */
    assert_int_equal(weft__manifest_meta_count(&m, "dependency"), 2);
    assert_int_equal(weft__manifest_meta_count(&m, "dependencie"), 2);
    assert_int_equal(weft__manifest_meta_count(&m, "provide"), 2);
    assert_int_equal(m.server_scripts.len, 0);
    weft__manifest_free(&m);
}

static void test_legacy(void **state) {
    weft__manifest m;
    char err[256];
    assert_int_equal(load("legacy", &m, err, sizeof(err)), 0);
    assert_string_equal(m.file, "__resource.lua");
    assert_null(m.fx_version);
    assert_list(&m.server_scripts, (const char *[]){"legacy.lua", NULL});
    assert_string_equal(weft__manifest_meta(&m, "resource_manifest_version", 0),
                        "44febabe-d386-4d18-afbe-5e627f4af937");
    weft__manifest_free(&m);
    /* fxmanifest.lua wins over __resource.lua */
    assert_int_equal(load("both", &m, err, sizeof(err)), 0);
    assert_string_equal(m.file, "fxmanifest.lua");
    assert_list(&m.server_scripts, (const char *[]){"new.lua", NULL});
    weft__manifest_free(&m);
}

static void assert_fails(const char *res, int code, const char *want_prefix,
                         const char *want_sub) {
    weft__manifest m;
    char err[512];
    int rc = load(res, &m, err, sizeof(err));
    if (rc != code)
        fail_msg("%s: rc %d (want %d): %s", res, rc, code, err);
    if (strncmp(err, want_prefix, strlen(want_prefix)) != 0)
        fail_msg("%s: error '%s' does not start with '%s'", res, err, want_prefix);
    if (want_sub != NULL && strstr(err, want_sub) == NULL)
        fail_msg("%s: error '%s' lacks '%s'", res, err, want_sub);
    /* nothing left to free, and freeing again is harmless */
    assert_null(m.meta);
    assert_null(m.dir);
    weft__manifest_free(&m);
}

static void test_syntax_error(void **state) {
    assert_fails("syntax_error", WEFT_ESCRIPT, "fxmanifest.lua:3: ", "near '='");
}

static void test_runtime_error(void **state) {
    assert_fails("runtime_error", WEFT_ESCRIPT, "fxmanifest.lua:3: ",
                 "attempt to index a nil value (local 'cfg')");
}

static void test_runaway(void **state) {
    struct timespec a, b;
    clock_gettime(CLOCK_MONOTONIC, &a);
    assert_fails("runaway", WEFT_ESCRIPT, "fxmanifest.lua:3: ",
                 "more than 1000000 instructions (an endless loop?)");
    clock_gettime(CLOCK_MONOTONIC, &b);
    double ms = (b.tv_sec - a.tv_sec) * 1e3 + (b.tv_nsec - a.tv_nsec) / 1e6;
    if (ms > 2000) /* ~1e6 instructions take a few ms; generous for ASan */
        fail_msg("runaway manifest took %.0f ms to abort", ms);
}

static void test_sandbox_fixtures(void **state) {
    assert_fails("sandbox_io", WEFT_ESCRIPT, "fxmanifest.lua:2: ",
                 "attempt to index a nil value (global 'io')");
    assert_fails("sandbox_os", WEFT_ESCRIPT, "fxmanifest.lua:2: ",
                 "attempt to index a nil value (global 'os')");
    assert_fails("sandbox_require", WEFT_ESCRIPT, "fxmanifest.lua:2: ",
                 "attempt to call a nil value (global 'require')");
    assert_int_equal(access("/tmp/weft-manifest-pwned", F_OK), -1);
}

static void test_missing_script(void **state) {
    assert_fails("missing_script", WEFT_ENOENT,
                 "fxmanifest.lua:3: server_script 'x.js' matches no file", NULL);
    /* a glob matching nothing is no error (FiveM's CheckResourceGlobs): no
     * script, and a warning only when the folder before the wildcard is missing */
    weft__manifest m;
    char err[512];
    assert_int_equal(load("no_match_glob", &m, err, sizeof(err)), 0);
    assert_list(&m.server_scripts, (const char *[]){NULL});
    assert_list(&m.warnings, (const char *[]){"fxmanifest.lua:3: server_script 'srv/*.lua' "
                                              "matches no file: there is no folder 'srv'",
                                              NULL});
    weft__manifest_free(&m);
    assert_fails("escape", WEFT_EINVAL,
                 "fxmanifest.lua:2: server_script '../plain/server.js' must be a path inside",
                 NULL);
}

static void test_no_manifest(void **state) {
    weft__manifest m;
    char err[512], want[PATH_MAX + 256];
    assert_int_equal(load("nomanifest", &m, err, sizeof(err)), WEFT_ENOENT);
    snprintf(want, sizeof(want), "%s: no fxmanifest.lua or __resource.lua", fx("nomanifest"));
    assert_string_equal(err, want);
    assert_int_equal(load("does-not-exist", &m, err, sizeof(err)), WEFT_ENOENT);
    assert_non_null(strstr(err, "no fxmanifest.lua or __resource.lua"));
    assert_int_equal(weft__manifest_load("", &m, err, sizeof(err)), WEFT_EINVAL);
    /* a tiny error buffer is truncated, never overrun */
    char tiny[8];
    assert_int_equal(load("syntax_error", &m, tiny, sizeof(tiny)), WEFT_ESCRIPT);
    assert_string_equal(tiny, "fxmanif");
}

/* --- manifests written at run time ------------------------------------- */

static char tmpdir[PATH_MAX];

static int setup_tmp(void **state) {
    snprintf(tmpdir, sizeof(tmpdir), "/tmp/weft-test-manifest-XXXXXX");
    return mkdtemp(tmpdir) == NULL ? -1 : 0;
}

static int teardown_tmp(void **state) {
    char path[PATH_MAX + 32];
    snprintf(path, sizeof(path), "%s/fxmanifest.lua", tmpdir);
    unlink(path);
    snprintf(path, sizeof(path), "%s/s.lua", tmpdir);
    unlink(path);
    rmdir(tmpdir);
    return 0;
}

static int load_src(const char *src, weft__manifest *m, char *err, size_t cap) {
    char path[PATH_MAX + 32];
    FILE *f;
    snprintf(path, sizeof(path), "%s/fxmanifest.lua", tmpdir);
    f = fopen(path, "w");
    assert_non_null(f);
    fputs(src, f);
    fclose(f);
    return weft__manifest_load(tmpdir, m, err, cap);
}

static void test_sandbox_table(void **state) {
    static const struct {
        const char *src, *want, *sub;
    } cases[] = {
        {"load('return 1')()", "fxmanifest.lua:1: attempt to call a nil value (global 'load')"},
        {"dofile('/etc/passwd')", "fxmanifest.lua:1: attempt to call a nil value (global 'dofile')"},
        {"loadfile('/etc/passwd')", "fxmanifest.lua:1: attempt to call a nil value (global 'loadfile')"},
        {"collectgarbage()", "fxmanifest.lua:1: attempt to call a nil value (global 'collectgarbage')"},
        {"debug.getregistry()", "fxmanifest.lua:1: attempt to index a nil value (global 'debug')"},
        {"package.loadlib('x','y')", "fxmanifest.lua:1: attempt to index a nil value (global 'package')"},
        {"coroutine.wrap(print)", "fxmanifest.lua:1: attempt to index a nil value (global 'coroutine')"},
        /* pcall would let a manifest swallow the budget error */
        {"x 'y'\npcall(function() while true do end end)",
         "fxmanifest.lua:2: attempt to call a nil value (global 'pcall')"},
        {"xpcall(print, print)", "fxmanifest.lua:1: attempt to call a nil value (global 'xpcall')"},
        /* a finalizer runs with hooks off: a looping one hung the load (fuzz_manifest) */
        {"setmetatable({}, {__gc = function() while true do end end})",
         "fxmanifest.lua:1: attempt to call a nil value (global 'setmetatable')"},
        /* errors without a position still get file:line */
        {"\n\nerror('plain message', 0)", "fxmanifest.lua:3: plain message"},
        {"error({})", "fxmanifest.lua:1: (error object is a table value)"},
        {"server_script(nil)",
         "fxmanifest.lua:1: bad value for 'server_script' (string expected, got nil)"},
        {"server_scripts { 's.lua', {} }",
         "fxmanifest.lua:1: bad value for 'server_script' (string expected, got table)"},
        /* a runaway inside a called function, and in a to-be-closed handler */
        {"local function f()\n  for i = 1, math.huge do end\nend\nf()",
         "fxmanifest.lua:2: the manifest ran more than 1000000 instructions"},
        /* a backtracking pattern runs inside one C call: it counts against the budget */
        {"local s = string.rep('a', 5000)\nx(string.find(s, '(.-)(.-)(.-)(.-)b'))",
         "fxmanifest.lua:2: the manifest ran more than 1000000 instructions (a backtracking "
         "pattern or a long table.move?)"},
        {"\ntable.move({}, 1, 1e10, 2)", "fxmanifest.lua:2: the manifest ran more than 1000000"},
        {"local s = string.rep('a', 3000)\n\ny(string.gsub(s, '(.-)(.-)(.-)c', '%1'))",
         "fxmanifest.lua:3: the manifest ran more than 1000000 instructions"},
        {"local s = string.rep('a', 3000)\nfor a in string.gmatch(s, '(.-)(.-)(.-)c') do z(a) end",
         "fxmanifest.lua:2: the manifest ran more than 1000000 instructions"},
        /* endless recursion: its line, not the memory cap */
        {"local function f(n)\n  return 1 + f(n + 1)\nend\nf(1)",
         "fxmanifest.lua:2: the manifest's calls nest deeper than 200 levels (endless recursion?)"},
        {"local t = setmetatable and 1\nlocal function a() return b_() end\n"
         "function b_() return 1 + a() end\na()",
         "fxmanifest.lua:", "nest deeper than 200 levels"},
        /* memory cap: the line whose allocation failed, also after a call
         * returned mid-line */
        {"local s = string.rep('x', 64 * 1024 * 1024)",
         "fxmanifest.lua:1: the manifest used more than 16777216 bytes of memory"},
        {"local function f() local a = 1\n  return a end\n"
         "local s = f() .. string.rep('x', 20 * 1024 * 1024)",
         "fxmanifest.lua:3: the manifest used more than 16777216 bytes of memory"},
        {"local function grow(n)\n  return string.rep('x', n)\nend\nlocal t = {}\n"
         "for i = 1, 100 do t[i] = grow(1024 * 1024) end",
         "fxmanifest.lua:2: the manifest used more than 16777216 bytes of memory"},
        /* metadata counts too (the Lua state or the metadata may trip first) */
        {"local t = {}\nfor i = 1, 100 do big(string.rep('x', 1024 * 1024)) end",
         "fxmanifest.lua:2: ", "used more than 16777216 bytes of memory"},
        /* precompiled chunks are refused (text only) */
        {"\x1bLua", "fxmanifest.lua: attempt to load a binary chunk"},
    };
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        weft__manifest m;
        char err[512];
        struct timespec a, b;
        clock_gettime(CLOCK_MONOTONIC, &a);
        int rc = load_src(cases[i].src, &m, err, sizeof(err));
        clock_gettime(CLOCK_MONOTONIC, &b);
        double ms = (b.tv_sec - a.tv_sec) * 1e3 + (b.tv_nsec - a.tv_nsec) / 1e6;
        if (ms > 5000) /* each ends in milliseconds; generous for ASan and load */
            fail_msg("case %zu took %.0f ms", i, ms);
        if (rc != WEFT_ESCRIPT || strncmp(err, cases[i].want, strlen(cases[i].want)) != 0 ||
            (cases[i].sub != NULL && strstr(err, cases[i].sub) == NULL))
            fail_msg("case %zu: rc %d, error '%s', want '%s'", i, rc, err, cases[i].want);
        weft__manifest_free(&m);
    }
}

static void test_sandbox_allowed(void **state) {
    weft__manifest m;
    char err[512];
    FILE *f;
    char path[PATH_MAX + 32];
    snprintf(path, sizeof(path), "%s/s.lua", tmpdir);
    f = fopen(path, "w");
    fclose(f);
    int rc = load_src("fx_version 'cerulean'\n"
                      "local name = string.format('%s.%s', 's', 'lua')\n"
                      "server_script(name)\n"
                      "local t = { 'b', 'a' }\ntable.sort(t)\n"
                      "sorted(table.concat(t, ','))\n"
                      "max(tostring(math.max(3, 7)))\n"
                      "print_is(type(print))\n",
                      &m, err, sizeof(err));
    if (rc != 0)
        fail_msg("%s", err);
    assert_list(&m.server_scripts, (const char *[]){"s.lua", NULL});
    assert_string_equal(weft__manifest_meta(&m, "sorted", 0), "a,b");
    assert_string_equal(weft__manifest_meta(&m, "max", 0), "7");
    assert_string_equal(weft__manifest_meta(&m, "print_is", 0), "function");
    weft__manifest_free(&m);
    /* a string-form plural still loads (FiveM would ignore it silently) */
    rc = load_src("server_scripts 's.lua'", &m, err, sizeof(err));
    assert_int_equal(rc, 0);
    assert_list(&m.server_scripts, (const char *[]){"s.lua", NULL});
    weft__manifest_free(&m);
    /* absolute paths are refused */
    rc = load_src("server_script '/etc/passwd'", &m, err, sizeof(err));
    assert_int_equal(rc, WEFT_EINVAL);
    assert_string_equal(err, "fxmanifest.lua:1: server_script '/etc/passwd' must be a path "
                             "inside the resource folder");
}

/* Paths that lead out of the resource folder (fuzz_manifest found `.*`
 * matching ".."): textually, through a glob, through a symlink, and in
 * "@res/path" and `files` forms. Each is refused naming fxmanifest.lua:LINE;
 * a symlink that stays inside is fine. */
static void put(const char *rel, const char *text) {
    char path[PATH_MAX + 64];
    snprintf(path, sizeof(path), "%s/%s", tmpdir, rel);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

static void test_escape(void **state) {
    char path[PATH_MAX + 64], outside[PATH_MAX + 8];
    snprintf(outside, sizeof(outside), "%s-out", tmpdir);
    assert_int_equal(mkdir(outside, 0700), 0);
    snprintf(path, sizeof(path), "%s/x.lua", outside);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fclose(f);
    snprintf(path, sizeof(path), "%s/sub", tmpdir);
    assert_int_equal(mkdir(path, 0700), 0);
    put("s.lua", "");
    put("sub/a.lua", "");
    snprintf(path, sizeof(path), "%s/sub/up", tmpdir);
    assert_int_equal(symlink("..", path), 0);
    snprintf(path, sizeof(path), "%s/out", tmpdir);
    assert_int_equal(symlink(outside, path), 0);
    static const struct {
        const char *src, *want;
        int rc;
    } cases[] = {
        /* dot segments match nothing: no script (a glob matching nothing is no error) */
        {"fx_version 'x'\nserver_script '*/.*/*'", "", 0},
        {"server_script '.*/*.lua'", "", 0},
        {"\nshared_script 'out/x.lua'",
         "fxmanifest.lua:2: shared_script 'out/x.lua' must be a path inside the resource "
         "folder ('out/x.lua': it leaves the resource folder through a symlink)",
         WEFT_EINVAL},
        {"server_scripts { 's.lua', '*/*.lua' }",
         "fxmanifest.lua:1: server_script '*/*.lua' must be a path inside the resource folder "
         "('out/x.lua': it leaves the resource folder through a symlink)",
         WEFT_EINVAL},
        {"server_script '**/x.lua'",
         "fxmanifest.lua:1: server_script '**/x.lua' must be a path inside the resource folder "
         "('out/x.lua': it leaves the resource folder through a symlink)",
         WEFT_EINVAL},
        {"server_script 'sub/../s.lua'",
         "fxmanifest.lua:1: server_script 'sub/../s.lua' must be a path inside the resource "
         "folder",
         WEFT_EINVAL},
        {"server_script '@other/../../etc/passwd'",
         "fxmanifest.lua:1: server_script '@other/../../etc/passwd' must be @resource/path "
         "with a path inside that resource's folder",
         WEFT_EINVAL},
        {"server_script '@other//etc/passwd'",
         "fxmanifest.lua:1: server_script '@other//etc/passwd' must be @resource/path", WEFT_EINVAL},
        {"server_script '@/x.lua'", "fxmanifest.lua:1: server_script '@/x.lua' must be",
         WEFT_EINVAL},
        {"files { 'html/index.html', '../../etc/passwd' }",
         "fxmanifest.lua:1: file '../../etc/passwd' must be a path inside the resource folder",
         WEFT_EINVAL},
        {"file '/etc/passwd'",
         "fxmanifest.lua:1: file '/etc/passwd' must be a path inside the resource folder",
         WEFT_EINVAL},
    };
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        weft__manifest m;
        char err[512];
        int rc = load_src(cases[i].src, &m, err, sizeof(err));
        if (rc != cases[i].rc || strncmp(err, cases[i].want, strlen(cases[i].want)) != 0)
            fail_msg("case %zu: rc %d, error '%s', want %d '%s'", i, rc, err, cases[i].rc,
                     cases[i].want);
        if (rc == 0 && m.load_order.len != 0)
            fail_msg("case %zu: '%s' listed", i, m.load_order.items[0]);
        weft__manifest_free(&m);
    }
    /* inside: a symlink back into the folder, "./" and "//", @res/path, files */
    weft__manifest m;
    char err[512];
    int rc = load_src("server_scripts { './s.lua', 'sub/up/sub//a.lua', '@other/x/y.lua' }\n"
                      "files { 'html/*.html' }",
                      &m, err, sizeof(err));
    if (rc != 0)
        fail_msg("%s", err);
    assert_list(&m.server_scripts,
                (const char *[]){"s.lua", "sub/up/sub/a.lua", "@other/x/y.lua", NULL});
    weft__manifest_free(&m);
    const char *rm[] = {"out", "sub/up", "sub/a.lua", "sub", "s.lua"};
    for (size_t i = 0; i < sizeof(rm) / sizeof(rm[0]); i++) {
        snprintf(path, sizeof(path), "%s/%s", tmpdir, rm[i]);
        assert_int_equal(remove(path), 0);
    }
    snprintf(path, sizeof(path), "%s/x.lua", outside);
    unlink(path);
    rmdir(outside);
}

int main(void) {
    const char *slash = strrchr(__FILE__, '/');
    if (__FILE__[0] != '/' || slash == NULL) {
        fprintf(stderr, "test_manifest: __FILE__ is not absolute\n");
        return 1;
    }
    snprintf(fixtures, sizeof(fixtures), "%.*s/fixtures/manifest",
             (int)(slash - __FILE__), __FILE__);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_plain),
        cmocka_unit_test(test_trailing_slash_dir),
        cmocka_unit_test(test_globs),
        cmocka_unit_test(test_order),
        cmocka_unit_test(test_meta),
        cmocka_unit_test(test_deps),
        cmocka_unit_test(test_legacy),
        cmocka_unit_test(test_syntax_error),
        cmocka_unit_test(test_runtime_error),
        cmocka_unit_test(test_runaway),
        cmocka_unit_test(test_sandbox_fixtures),
        cmocka_unit_test(test_missing_script),
        cmocka_unit_test(test_no_manifest),
        cmocka_unit_test_setup_teardown(test_sandbox_table, setup_tmp, teardown_tmp),
        cmocka_unit_test_setup_teardown(test_sandbox_allowed, setup_tmp, teardown_tmp),
        cmocka_unit_test_setup_teardown(test_escape, setup_tmp, teardown_tmp),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
