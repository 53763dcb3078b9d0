/* test_config.c: server.cfg tokenizing (weft__cfg_parse_line/_split),
 * weft__cfg_load over tests/unit/fixtures/cfg/ (comments, quotes, escapes,
 * ';', exec recursion, exec loops, missing files) and the convar store.
 * Every command and store is freed; run under ASan to catch leaks. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "host/config.h"

static char fixtures[PATH_MAX];

static const char *fx(const char *name) {
    static char buf[PATH_MAX + 64];
    snprintf(buf, sizeof(buf), "%s/%s", fixtures, name);
    return buf;
}

/* "a|b|c": the tokens of a command joined with '|'. */
static void joined(const weft__cfg_cmd *c, char *out, size_t cap) {
    size_t n = 0;
    out[0] = '\0';
    for (int i = 0; i < c->argc; i++)
        n += (size_t)snprintf(out + n, n < cap ? cap - n : 0, "%s%s", i ? "|" : "",
                              c->argv[i]);
    assert_true(n < cap);
}

static void expect_line(const char *line, int want_argc, const char *want) {
    weft__cfg_cmd c;
    char got[1024];
    int r = weft__cfg_parse_line(line, &c);
    if (r != want_argc)
        fail_msg("'%s': argc %d, want %d", line, r, want_argc);
    if (r > 0) {
        joined(&c, got, sizeof(got));
        assert_string_equal(got, want);
        assert_null(c.argv[c.argc]);
    } else {
        assert_null(c.argv);
    }
    weft__cfg_cmd_free(&c);
}

static void test_parse_words(void **state) {
    expect_line("ensure chat", 2, "ensure|chat");
    expect_line("  start\tmapmanager  \r\n", 2, "start|mapmanager");
    expect_line("quit", 1, "quit");
    expect_line("", 0, NULL);
    expect_line("   \t ", 0, NULL);
    /* Windows paths: backslashes outside quotes are literal */
    expect_line("exec C:\\fx\\server.cfg", 2, "exec|C:\\fx\\server.cfg");
}

static void test_parse_comments(void **state) {
    expect_line("# a comment", 0, NULL);
    expect_line("// a comment", 0, NULL);
    expect_line("   # indented comment", 0, NULL);
    expect_line("set a b # trailing", 3, "set|a|b");
    expect_line("set a b // trailing", 3, "set|a|b");
    /* only at a token start: inside a token they are literal */
    expect_line("set url http://x.org//y#z", 3, "set|url|http://x.org//y#z");
    expect_line("set color a#b", 3, "set|color|a#b");
    expect_line("set a \"# not a comment\"", 3, "set|a|# not a comment");
    expect_line("set a /x", 3, "set|a|/x");
}

static void test_parse_quotes(void **state) {
    expect_line("set sv_hostname \"My Server\"", 3, "set|sv_hostname|My Server");
    expect_line("set q \"say \\\"hi\\\"\"", 3, "set|q|say \"hi\"");
    expect_line("set e \"a\\\\b\"", 3, "set|e|a\\b");
    expect_line("set nl \"a\\nb\\tc\"", 3, "set|nl|a\nb\tc");
    expect_line("set other \"\\q\"", 3, "set|other|\\q"); /* unknown escape kept */
    expect_line("set empty \"\"", 3, "set|empty|");
    expect_line("set semi \"a;b\"", 3, "set|semi|a;b");
    expect_line("\"quoted cmd\" x", 2, "quoted cmd|x");
    expect_line("set adj \"a\"b", 4, "set|adj|a|b");

    weft__cfg_cmd c;
    assert_int_equal(weft__cfg_parse_line("set x \"unterminated", &c), WEFT_EINVAL);
    assert_null(c.argv);
    assert_int_equal(weft__cfg_parse_line("set x \"ends with escape\\\"", &c), WEFT_EINVAL);
    assert_int_equal(weft__cfg_parse_line("set x \"no\nnewline\"", &c), WEFT_EINVAL);
}

static void test_parse_limits(void **state) {
    char line[WEFT_CFG_MAX_ARGS * 2 + 8];
    weft__cfg_cmd c;
    size_t n = 0;
    for (int i = 0; i < WEFT_CFG_MAX_ARGS; i++) {
        line[n++] = 'x';
        line[n++] = ' ';
    }
    line[n] = '\0';
    assert_int_equal(weft__cfg_parse_line(line, &c), WEFT_CFG_MAX_ARGS);
    weft__cfg_cmd_free(&c);
    line[n++] = 'y';
    line[n] = '\0';
    assert_int_equal(weft__cfg_parse_line(line, &c), WEFT_EINVAL);
    assert_null(c.argv);
}

static void test_split(void **state) {
    const char *p = "set a 1; set b \"x;y\" ;; ensure chat # c; not a command\nstart last;";
    const char *want[] = {"set|a|1", "set|b|x;y", "ensure|chat", "start|last"};
    weft__cfg_cmd c;
    char got[256];
    int r, n = 0;
    while ((r = weft__cfg_split(&p, &c)) > 0) {
        assert_true(n < 4);
        joined(&c, got, sizeof(got));
        assert_string_equal(got, want[n]);
        n++;
        weft__cfg_cmd_free(&c);
    }
    assert_int_equal(r, 0);
    assert_int_equal(n, 4);
    assert_int_equal(c.argc, 0);
    assert_int_equal(weft__cfg_split(&p, &c), 0); /* stays at the end */

    /* parse_line: the first command only */
    expect_line("stop a; start a", 2, "stop|a");
    expect_line(";; start a", 2, "start|a");

    /* an error leaves the cursor where it was */
    const char *bad = "ok 1; bad \"x";
    assert_int_equal(weft__cfg_split(&bad, &c), 1);
    weft__cfg_cmd_free(&c);
    const char *at = bad;
    assert_int_equal(weft__cfg_split(&bad, &c), WEFT_EINVAL);
    assert_ptr_equal(bad, at);
}

/* --- weft__cfg_load ------------------------------------------------------ */

typedef struct record {
    char lines[64][256];
    int n;
    int stop_at; /* return 42 at this command (1-based), 0 never */
    int errors;  /* lines given to on_error */
    char last_error[1024];
} record;

static void on_error(void *opaque, const char *msg) {
    record *r = opaque;
    r->errors++;
    snprintf(r->last_error, sizeof(r->last_error), "%s", msg);
}

static int on_cmd(void *opaque, const weft__cfg_cmd *cmd) {
    record *r = opaque;
    char toks[200];
    const char *base = strrchr(cmd->file, '/');
    assert_true(r->n < 64);
    joined(cmd, toks, sizeof(toks));
    snprintf(r->lines[r->n], sizeof(r->lines[0]), "%s:%d:%s", base ? base + 1 : cmd->file,
             cmd->line, toks);
    r->n++;
    return r->n == r->stop_at ? 42 : 0;
}

static void test_load(void **state) {
    record r = {0};
    char err[512] = "x";
    int rc = weft__cfg_load(fx("server.cfg"), on_cmd, &r, err, sizeof(err));
    if (rc != 0)
        fail_msg("%s", err);
    assert_string_equal(err, "");
    const char *want[] = {
        "server.cfg:3:endpoint_add_tcp|0.0.0.0:30120",
        "server.cfg:4:set|sv_hostname|My \"weft\" server",
        "server.cfg:5:sets|tags|a, b",
        "server.cfg:5:setr|ui_color|red",
        "server.cfg:5:ensure|chat",
        "server.cfg:6:ensure|mapmanager",
        "server.cfg:7:set|url|http://example.com//path#frag",
        "more.cfg:1:ensure|sub_resource", /* exec sub/more.cfg */
        "extra.cfg:1:set|from_extra|1",   /* exec ../extra.cfg, relative to sub/ */
        "server.cfg:10:start|last",
    };
    assert_int_equal(r.n, sizeof(want) / sizeof(want[0]));
    for (int i = 0; i < r.n; i++)
        assert_string_equal(r.lines[i], want[i]);

    /* a callback's nonzero return stops loading and is returned */
    record s = {.stop_at = 2};
    assert_int_equal(weft__cfg_load(fx("server.cfg"), on_cmd, &s, err, sizeof(err)), 42);
    assert_int_equal(s.n, 2);
    s = (record){.stop_at = 8}; /* inside an exec'ed file */
    assert_int_equal(weft__cfg_load(fx("server.cfg"), on_cmd, &s, err, sizeof(err)), 42);
    assert_int_equal(s.n, 8);
}

static void expect_load_error(const char *file, int code, const char *want_sub, int want_n) {
    record r = {0};
    char err[1024];
    int rc = weft__cfg_load(fx(file), on_cmd, &r, err, sizeof(err));
    if (rc != code)
        fail_msg("%s: rc %d (want %d): %s", file, rc, code, err);
    if (strstr(err, want_sub) == NULL)
        fail_msg("%s: error '%s' lacks '%s'", file, err, want_sub);
    if (want_n >= 0)
        assert_int_equal(r.n, want_n);
}

static void test_load_errors(void **state) {
    /* exec loop: an exec of a file that is running is refused at that line,
     * with the chain, before the file runs again (its first line ran once) */
    expect_load_error("loop.cfg", WEFT_EINVAL, "loop.cfg:2: exec 'loop.cfg': an exec loop (", 1);
    expect_load_error("loop.cfg", WEFT_EINVAL, "/loop.cfg:2 -> ", 1);
    expect_load_error("loop.cfg", WEFT_EINVAL, "/loop.cfg): skipped", 1);
    /* a -> b -> a: blamed on b's line, the chain from a */
    expect_load_error("loop_a.cfg", WEFT_EINVAL, "loop_b.cfg:1: exec 'loop_a.cfg': an exec loop (",
                      0);
    expect_load_error("loop_a.cfg", WEFT_EINVAL, "/loop_a.cfg:1 -> ", 0);
    expect_load_error("loop_a.cfg", WEFT_EINVAL, "/loop_b.cfg:1 -> ", 0);
    {
        /* reported (on_error), the rest of each file runs, each file once */
        record r = {0};
        char err[1024] = "";
        assert_int_equal(weft__cfg_load_reporting(fx("loop.cfg"), on_cmd, on_error, &r, err,
                                                  sizeof(err)),
                         0);
        assert_int_equal(r.n, 1);
        assert_int_equal(r.errors, 1);
        assert_non_null(strstr(r.last_error, "loop.cfg:2: exec 'loop.cfg': an exec loop ("));
    }
    expect_load_error("missing_exec.cfg", WEFT_ENOENT,
                      "missing_exec.cfg:2: exec: cannot open 'nothere.cfg' (", 1);
    expect_load_error("missing_exec.cfg", WEFT_ENOENT,
                      "/nothere.cfg): No such file or directory", 1);
    expect_load_error("badquote.cfg", WEFT_EINVAL, "badquote.cfg:2: unterminated quoted string",
                      1);
    /* a malformed exec is handed to the callback like any command (the
     * server logs its usage) and loading goes on */
    {
        record r = {0};
        char err[1024] = "";
        assert_int_equal(weft__cfg_load(fx("bad_exec.cfg"), on_cmd, &r, err, sizeof(err)), 0);
        assert_int_equal(r.n, 1);
    }
    expect_load_error("nope.cfg", WEFT_ENOENT, "cannot open '", 0);
    expect_load_error("nope.cfg", WEFT_ENOENT, "nope.cfg': No such file or directory", 0);
    assert_int_equal(weft__cfg_load(NULL, on_cmd, NULL, NULL, 0), WEFT_EINVAL);
}

/* exec nesting at exactly the limit works; one deeper fails. */
static void test_exec_depth_boundary(void **state) {
    char dir[] = "/tmp/weft-test-cfg-XXXXXX", path[PATH_MAX];
    assert_non_null(mkdtemp(dir));
    for (int i = 0; i <= WEFT_CFG_MAX_EXEC_DEPTH + 1; i++) {
        snprintf(path, sizeof(path), "%s/d%d.cfg", dir, i);
        FILE *f = fopen(path, "w");
        assert_non_null(f);
        fprintf(f, "\xEF\xBB\xBFmark %d\n", i); /* a BOM is skipped */
        if (i <= WEFT_CFG_MAX_EXEC_DEPTH)
            fprintf(f, "exec d%d.cfg\n", i + 1);
        fclose(f);
    }
    record r = {0};
    char err[512];
    /* from d1: d1..d9 is 8 nested execs */
    snprintf(path, sizeof(path), "%s/d1.cfg", dir);
    assert_int_equal(weft__cfg_load(path, on_cmd, &r, err, sizeof(err)), 0);
    assert_int_equal(r.n, WEFT_CFG_MAX_EXEC_DEPTH + 1);
    assert_string_equal(r.lines[0], "d1.cfg:1:mark|1");
    /* from d0: one too deep */
    r = (record){0};
    snprintf(path, sizeof(path), "%s/d0.cfg", dir);
    assert_int_equal(weft__cfg_load(path, on_cmd, &r, err, sizeof(err)), WEFT_EINVAL);
    assert_non_null(strstr(err, "d8.cfg:2: exec 'd9.cfg': nested deeper than 8"));
    assert_int_equal(r.n, WEFT_CFG_MAX_EXEC_DEPTH + 1);
    for (int i = 0; i <= WEFT_CFG_MAX_EXEC_DEPTH + 1; i++) {
        snprintf(path, sizeof(path), "%s/d%d.cfg", dir, i);
        unlink(path);
    }
    rmdir(dir);
}

/* --- convars ------------------------------------------------------------ */

static void test_convars(void **state) {
    weft__convars cv;
    weft__convars_init(&cv);
    assert_string_equal(weft__convars_get(&cv, "sv_hostname", "def"), "def");
    assert_null(weft__convars_get(&cv, "sv_hostname", NULL));
    assert_int_equal(weft__convars_set(&cv, "sv_hostname", "weft", 0), 0);
    assert_int_equal(weft__convars_set(&cv, "tags", "a,b", WEFT_CONVAR_SERVERINFO), 0);
    assert_int_equal(weft__convars_set(&cv, "sv_maxClients", "48", WEFT_CONVAR_REPLICATED), 0);
    assert_string_equal(weft__convars_get(&cv, "sv_hostname", NULL), "weft");
    /* names are case-insensitive; the first spelling and order are kept */
    assert_string_equal(weft__convars_get(&cv, "SV_HOSTNAME", NULL), "weft");
    assert_int_equal(weft__convars_set(&cv, "SV_hostname", "renamed", WEFT_CONVAR_SERVERINFO), 0);
    assert_int_equal(cv.len, 3);
    assert_string_equal(cv.items[0].name, "sv_hostname");
    assert_string_equal(cv.items[0].value, "renamed");
    assert_int_equal(cv.items[0].flags, WEFT_CONVAR_SERVERINFO);
    assert_string_equal(cv.items[1].name, "tags");
    assert_string_equal(cv.items[2].name, "sv_maxClients");
    assert_int_equal(weft__convars_find(&cv, "sv_maxclients")->flags, WEFT_CONVAR_REPLICATED);
    assert_null(weft__convars_find(&cv, "missing"));
    assert_null(weft__convars_find(&cv, NULL));
    /* ints */
    assert_int_equal(weft__convars_get_int(&cv, "sv_maxclients", 32), 48);
    assert_int_equal(weft__convars_get_int(&cv, "missing", 32), 32);
    assert_int_equal(weft__convars_get_int(&cv, "tags", 7), 7);
    static const struct {
        const char *v;
        int want;
    } ints[] = {{"-5", -5}, {" 12 ", 12}, {"0x10", -1}, {"12abc", -1}, {"", -1},
                {"2147483647", 2147483647}, {"2147483648", -1}, {"-2147483648", INT_MIN}};
    for (size_t i = 0; i < sizeof(ints) / sizeof(ints[0]); i++) {
        assert_int_equal(weft__convars_set(&cv, "n", ints[i].v, 0), 0);
        assert_int_equal(weft__convars_get_int(&cv, "n", -1), ints[i].want);
    }
    assert_int_equal(weft__convars_set(&cv, "", "x", 0), WEFT_EINVAL);
    assert_int_equal(weft__convars_set(&cv, NULL, "x", 0), WEFT_EINVAL);
    assert_int_equal(weft__convars_set(&cv, "x", NULL, 0), WEFT_EINVAL);
    /* many convars: growth keeps every value */
    for (int i = 0; i < 100; i++) {
        char name[16], val[16];
        snprintf(name, sizeof(name), "v%d", i);
        snprintf(val, sizeof(val), "%d", i * 3);
        assert_int_equal(weft__convars_set(&cv, name, val, 0), 0);
    }
    assert_int_equal(cv.len, 104);
    assert_int_equal(weft__convars_get_int(&cv, "V99", 0), 297);
    weft__convars_free(&cv);
    assert_int_equal(cv.len, 0);
    assert_null(cv.items);
}

/* The server core's use: cfg commands feeding the convar store. */
static int apply_set(void *opaque, const weft__cfg_cmd *cmd) {
    weft__convars *cv = opaque;
    unsigned flags = strcmp(cmd->argv[0], "sets") == 0   ? WEFT_CONVAR_SERVERINFO
                     : strcmp(cmd->argv[0], "setr") == 0 ? WEFT_CONVAR_REPLICATED
                                                         : 0;
    if (cmd->argc == 3 && (flags || strcmp(cmd->argv[0], "set") == 0))
        return weft__convars_set(cv, cmd->argv[1], cmd->argv[2], flags);
    return 0;
}

static void test_cfg_into_convars(void **state) {
    weft__convars cv;
    char err[256];
    weft__convars_init(&cv);
    assert_int_equal(weft__cfg_load(fx("server.cfg"), apply_set, &cv, err, sizeof(err)), 0);
    assert_string_equal(weft__convars_get(&cv, "sv_hostname", ""), "My \"weft\" server");
    assert_string_equal(weft__convars_get(&cv, "tags", ""), "a, b");
    assert_int_equal(weft__convars_find(&cv, "ui_color")->flags, WEFT_CONVAR_REPLICATED);
    assert_int_equal(weft__convars_get_int(&cv, "from_extra", 0), 1);
    assert_int_equal(cv.len, 5);
    weft__convars_free(&cv);
}

int main(void) {
    const char *slash = strrchr(__FILE__, '/');
    if (__FILE__[0] != '/' || slash == NULL) {
        fprintf(stderr, "test_config: __FILE__ is not absolute\n");
        return 1;
    }
    snprintf(fixtures, sizeof(fixtures), "%.*s/fixtures/cfg", (int)(slash - __FILE__),
             __FILE__);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_parse_words),
        cmocka_unit_test(test_parse_comments),
        cmocka_unit_test(test_parse_quotes),
        cmocka_unit_test(test_parse_limits),
        cmocka_unit_test(test_split),
        cmocka_unit_test(test_load),
        cmocka_unit_test(test_load_errors),
        cmocka_unit_test(test_exec_depth_boundary),
        cmocka_unit_test(test_convars),
        cmocka_unit_test(test_cfg_into_convars),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
