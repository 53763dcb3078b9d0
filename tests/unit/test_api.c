/* test_api.c: the engine-independent server APIs of src/api/: ACE and
 * principals with FiveM's rules, the command registry and its default ACEs,
 * the KVP store on SQLite (persistence across reopen, find snapshots,
 * handle limit), state bags (limits, write policy, handler matching and
 * order) and resource file confinement (.., absolute, symlinks). Every
 * structure is freed; run under ASan to catch leaks. */
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
#include <unistd.h>

#include "api/ace.h"
#include "api/commands.h"
#include "api/kvp.h"
#include "api/resfile.h"
#include "api/statebag.h"

static void test_ace_basics(void **state)
{
    weft__ace a;
    weft__ace_init(&a);
    assert_int_equal(weft__ace_add(&a, "group.admin", "command", 1), 0);
    assert_int_equal(weft__ace_add_parent(&a, "identifier.steam:1", "group.admin"), 0);
    /* inheritance, object hierarchy, case-insensitive names */
    assert_true(weft__ace_check(&a, "identifier.steam:1", "command.ban"));
    assert_true(weft__ace_check(&a, "IDENTIFIER.STEAM:1", "Command.Ban.Extra"));
    assert_false(weft__ace_check(&a, "identifier.steam:2", "command.ban"));
    /* "command" does not cover "commandfoo" */
    assert_false(weft__ace_check(&a, "group.admin", "commandfoo"));
    /* deny wins over allow, at any level */
    assert_int_equal(weft__ace_add(&a, "group.admin", "command.quit", 0), 0);
    assert_false(weft__ace_check(&a, "identifier.steam:1", "command.quit"));
    assert_false(weft__ace_check(&a, "identifier.steam:1", "command.quit.now"));
    assert_true(weft__ace_check(&a, "identifier.steam:1", "command.ban"));
    /* builtin.everyone */
    weft__ace_add(&a, "builtin.everyone", "command.help", 1);
    assert_true(weft__ace_check(&a, "player.9", "command.help"));
    /* resource.NAME counts as builtin.resources (weft) */
    weft__ace_add(&a, "builtin.resources", "command.quit", 1);
    assert_true(weft__ace_check(&a, "resource.foo", "command.quit"));
    assert_false(weft__ace_check(&a, "player.9", "command.quit"));
    /* cycles end */
    weft__ace_add_parent(&a, "a", "b");
    weft__ace_add_parent(&a, "b", "a");
    weft__ace_add(&a, "b", "thing", 1);
    assert_true(weft__ace_check(&a, "a", "thing"));
    /* remove */
    weft__ace_remove(&a, "group.admin", "command.quit", 0);
    assert_true(weft__ace_check(&a, "identifier.steam:1", "command.quit"));
    weft__ace_remove_parent(&a, "identifier.steam:1", "group.admin");
    assert_false(weft__ace_check(&a, "identifier.steam:1", "command.ban"));
    assert_int_equal(weft__ace_add(&a, "", "x", 1), WEFT_EINVAL);
    weft__ace_free(&a);
}

static void test_ace_stack(void **state)
{
    weft__ace a;
    weft__ace_init(&a);
    weft__ace_add(&a, "system.console", "command", 1);
    assert_false(weft__ace_check_stack(&a, "command.quit")); /* empty: builtin.everyone */
    weft__ace_push(&a, "system.console");
    weft__ace_push(&a, "resource.x");
    assert_true(weft__ace_check_stack(&a, "command.quit")); /* any principal on the stack */
    assert_true(weft__ace_on_stack(&a, "SYSTEM.console"));
    size_t old = weft__ace_hide(&a);
    weft__ace_push(&a, "resource.y");
    assert_false(weft__ace_check_stack(&a, "command.quit"));
    assert_false(weft__ace_on_stack(&a, "system.console"));
    weft__ace_unhide(&a, old);
    assert_true(weft__ace_check_stack(&a, "command.quit"));
    weft__ace_pop(&a);
    weft__ace_pop(&a);
    assert_int_equal(a.stack_len, 0);
    weft__ace_free(&a);
}

static void test_commands(void **state)
{
    weft__ace a;
    weft__commands c;
    char *old;
    weft__ace_init(&a);
    weft__cmds_init(&c);
    assert_int_equal(weft__cmds_register(&c, &a, "heal", "med", "med:1:1", 0, &old), 0);
    assert_null(old);
    assert_int_equal(weft__cmds_register(&c, &a, "ban", "admin", "admin:1:1", 1, &old), 0);
    assert_int_equal(weft__cmds_register(&c, &a, "bad name", "admin", "admin:1:2", 1, &old),
                     WEFT_EINVAL);
    assert_non_null(weft__cmds_find(&c, "HEAL"));
    assert_true(weft__ace_check(&a, "player.1", "command.heal"));
    assert_false(weft__ace_check(&a, "player.1", "command.ban"));
    assert_true(weft__ace_check(&a, "resource.admin", "command.ban"));
    /* re-registering replaces the handler and hands back the old ref */
    assert_int_equal(weft__cmds_register(&c, &a, "Heal", "med", "med:1:5", 1, &old), 0);
    assert_string_equal(old, "med:1:1");
    free(old);
    assert_false(weft__ace_check(&a, "player.1", "command.heal"));
    const char *extra[] = {"start", "Ban", NULL};
    size_t n;
    const char **names = weft__cmds_sorted(&c, extra, &n);
    assert_int_equal(n, 3);
    assert_string_equal(names[0], "ban");
    assert_string_equal(names[1], "heal");
    assert_string_equal(names[2], "start");
    free((void *)names);
    weft__cmds_remove_resource(&c, &a, "admin", NULL, NULL);
    assert_null(weft__cmds_find(&c, "ban"));
    assert_false(weft__ace_check(&a, "resource.admin", "command.ban"));
    weft__cmds_remove_resource(&c, &a, "med", NULL, NULL);
    assert_int_equal(c.len, 0);
    assert_int_equal(a.entries_len, 0);
    weft__cmds_free(&c);
    weft__ace_free(&a);
}

static char tmpdir[PATH_MAX];

static void test_kvp(void **state)
{
    char db[PATH_MAX + 16], err[256];
    snprintf(db, sizeof db, "%s/kvp.db", tmpdir);
    weft__kvp *k;
    assert_int_equal(weft__kvp_open(db, &k, err, sizeof err), 0);
    assert_int_equal(weft__kvp_set(k, "res", "ban:2", "\xa1x", 2, 1), 0);
    assert_int_equal(weft__kvp_set(k, "res", "ban:1", "\x01", 1, 0), 0);
    assert_int_equal(weft__kvp_set(k, "res", "other", "\x02", 1, 1), 0);
    assert_int_equal(weft__kvp_set(k, "res2", "ban:3", "\x03", 1, 1), 0);
    assert_int_equal(weft__kvp_set(k, "res", "", "\x03", 1, 1), WEFT_EINVAL);
    char *v;
    size_t len;
    assert_int_equal(weft__kvp_get(k, "res", "ban:2", &v, &len), 0);
    assert_int_equal(len, 2);
    assert_memory_equal(v, "\xa1x", 2);
    free(v);
    assert_int_equal(weft__kvp_get(k, "res", "nope", &v, &len), WEFT_ENOENT);
    assert_null(v);
    /* find: prefix, bytewise order, resource-scoped, snapshot */
    int h = weft__kvp_find_start(k, "res", "ban:");
    assert_true(h >= 0);
    weft__kvp_delete(k, "res", "ban:2", 1);
    assert_string_equal(weft__kvp_find_next(k, h), "ban:1");
    assert_string_equal(weft__kvp_find_next(k, h), "ban:2");
    assert_null(weft__kvp_find_next(k, h));
    weft__kvp_find_end(k, h);
    assert_null(weft__kvp_find_next(k, h));
    /* handle limit: -1 when all are taken, freed by end_resource */
    for (int i = 0; i < WEFT_KVP_FIND_HANDLES; i++)
        assert_true(weft__kvp_find_start(k, "r", "") >= 0);
    assert_int_equal(weft__kvp_find_start(k, "r", ""), -1);
    weft__kvp_end_resource(k, "r");
    h = weft__kvp_find_start(k, "res", "");
    assert_true(h >= 0);
    assert_int_equal(weft__kvp_flush(k), 0);
    weft__kvp_close(k);
    /* persisted */
    assert_int_equal(weft__kvp_open(db, &k, err, sizeof err), 0);
    assert_int_equal(weft__kvp_get(k, "res", "ban:1", &v, &len), 0);
    free(v);
    assert_int_equal(weft__kvp_get(k, "res", "ban:2", &v, &len), WEFT_ENOENT);
    weft__kvp_close(k);
    /* a folder that does not exist: one error line */
    assert_int_equal(weft__kvp_open("/nonexistent/dir/x.db", &k, err, sizeof err), WEFT_EIO);
    assert_non_null(strstr(err, "/nonexistent/dir/x.db"));
}

static void test_statebags(void **state)
{
    weft__statebags sb;
    char err[256];
    assert_int_equal(weft__sb_init(&sb), 0);
    weft__bag *g = weft__sb_find(&sb, "global");
    assert_non_null(g);
    sb.max_value = 8;
    sb.max_bag = 20;
    assert_int_equal(weft__sb_check(&sb, g, "k", "res", "\x01", 1, err, sizeof err), 0);
    assert_int_equal(weft__sb_store(g, "k", "\x01", 1), 0);
    assert_int_equal(weft__sb_get(g, "k")->len, 1);
    assert_int_equal(weft__sb_check(&sb, g, "big", "res", "123456789", 9, err, sizeof err),
                     WEFT_E2BIG);
    assert_non_null(strstr(err, "weft_stateBagMaxValue"));
    weft__sb_store(g, "a", "1234567", 7);
    weft__sb_store(g, "b", "1234567", 7); /* 2 + 8 + 8 = 18 bytes */
    assert_int_equal(weft__sb_check(&sb, g, "c", "res", "12", 2, err, sizeof err), WEFT_E2BIG);
    assert_non_null(strstr(err, "weft_stateBagMaxBag"));
    /* replacing counts the old value out; nil deletes and always passes */
    assert_int_equal(weft__sb_check(&sb, g, "a", "res", "1234567", 7, err, sizeof err), 0);
    assert_int_equal(weft__sb_check(&sb, g, "a", "res", "\xc0", 1, err, sizeof err), 0);
    weft__sb_store(g, "a", "\xc0", 1);
    assert_null(weft__sb_get(g, "a"));
    assert_int_equal(g->bytes, 10);
    /* write policy */
    const char *w[] = {"econ"};
    assert_int_equal(weft__sb_set_policy(&sb, "global", "money", w, 1, "econ"), 0);
    assert_int_equal(weft__sb_check(&sb, g, "money", "thief", "\x01", 1, err, sizeof err),
                     WEFT_EACCES);
    assert_non_null(strstr(err, "only by econ"));
    assert_int_equal(weft__sb_check(&sb, g, "money", "econ", "\x01", 1, err, sizeof err), 0);
    assert_int_equal(weft__sb_check(&sb, g, "money", NULL, "\x01", 1, err, sizeof err), 0);
    assert_int_equal(weft__sb_set_policy(&sb, "global", "money", NULL, 0, "thief"), WEFT_EACCES);
    weft__bag *p = weft__sb_bag(&sb, "player:1");
    const char *any[] = {"*"};
    weft__sb_set_policy(&sb, "*", "job", w, 1, NULL);
    assert_int_equal(weft__sb_check(&sb, p, "job", "thief", "\x01", 1, err, sizeof err),
                     WEFT_EACCES);
    weft__sb_set_policy(&sb, "player:1", "job", any, 1, NULL);
    assert_int_equal(weft__sb_check(&sb, p, "job", "thief", "\x01", 1, err, sizeof err), 0);
    assert_int_equal(weft__sb_set_policy(&sb, "global", "money", NULL, 0, NULL), 0);
    assert_int_equal(weft__sb_check(&sb, g, "money", "thief", "\x01", 1, err, sizeof err), 0);
    /* handlers: filters, order, cookies, removal by resource */
    int c0 = weft__sb_add_handler(&sb, NULL, NULL, "r1", "r1:1:1");
    int c1 = weft__sb_add_handler(&sb, "money", NULL, "r2", "r2:1:1");
    int c2 = weft__sb_add_handler(&sb, NULL, "player:1", "r1", "r1:1:2");
    assert_int_equal(c1, c0 + 1);
    size_t n;
    char **refs = weft__sb_match(&sb, "global", "money", &n);
    assert_int_equal(n, 2);
    assert_string_equal(refs[0], "r1:1:1");
    assert_string_equal(refs[1], "r2:1:1");
    weft__sb_refs_free(refs, n);
    refs = weft__sb_match(&sb, "player:1", "x", &n);
    assert_int_equal(n, 2);
    assert_string_equal(refs[1], "r1:1:2");
    weft__sb_refs_free(refs, n);
    char *ref = weft__sb_remove_handler(&sb, c2);
    assert_string_equal(ref, "r1:1:2");
    free(ref);
    assert_null(weft__sb_remove_handler(&sb, c2));
    weft__sb_remove_resource(&sb, "r1", NULL, NULL);
    refs = weft__sb_match(&sb, "global", "money", &n);
    assert_int_equal(n, 1);
    weft__sb_refs_free(refs, n);
    weft__sb_drop(&sb, "player:1");
    assert_null(weft__sb_find(&sb, "player:1"));
    weft__sb_free(&sb);
}

static void test_resfile(void **state)
{
    char root[PATH_MAX + 8], outside[PATH_MAX + 16], link[PATH_MAX + 16], err[512];
    snprintf(root, sizeof root, "%s/res", tmpdir);
    snprintf(outside, sizeof outside, "%s/secret.txt", tmpdir);
    mkdir(root, 0755);
    FILE *f = fopen(outside, "w");
    fputs("secret", f);
    fclose(f);
    snprintf(link, sizeof link, "%s/escape", root);
    assert_int_equal(symlink(outside, link), 0);
    snprintf(link, sizeof link, "%s/updir", root);
    assert_int_equal(symlink(tmpdir, link), 0);
    char *data;
    size_t len;
    assert_int_equal(weft__resfile_write(root, "data.json", "{\"a\":1}", 7, err, sizeof err), 0);
    assert_int_equal(weft__resfile_read(root, "data.json", &data, &len, err, sizeof err), 0);
    assert_int_equal(len, 7);
    assert_string_equal(data, "{\"a\":1}");
    free(data);
    assert_int_equal(weft__resfile_read(root, "../secret.txt", &data, &len, err, sizeof err),
                     WEFT_EACCES);
    assert_null(data);
    assert_int_equal(weft__resfile_read(root, "sub/../../secret.txt", &data, &len, err, sizeof err),
                     WEFT_EACCES);
    assert_int_equal(weft__resfile_read(root, outside, &data, &len, err, sizeof err), WEFT_EACCES);
    assert_int_equal(weft__resfile_read(root, "escape", &data, &len, err, sizeof err), WEFT_EACCES);
    assert_non_null(strstr(err, "symlink"));
    assert_int_equal(weft__resfile_write(root, "updir/new.txt", "x", 1, err, sizeof err),
                     WEFT_EACCES);
    assert_int_equal(weft__resfile_write(root, "escape", "x", 1, err, sizeof err), WEFT_EACCES);
    f = fopen(outside, "r");
    char buf[16] = {0};
    assert_non_null(fgets(buf, sizeof buf, f));
    fclose(f);
    assert_string_equal(buf, "secret"); /* untouched */
    snprintf(link, sizeof link, "%s/new.txt", tmpdir);
    assert_int_equal(access(link, F_OK), -1);
    assert_int_equal(weft__resfile_read(root, "missing.txt", &data, &len, err, sizeof err),
                     WEFT_ENOENT);
    assert_int_equal(weft__resfile_write(root, "nodir/x.txt", "x", 1, err, sizeof err),
                     WEFT_ENOENT);
}

static int setup(void **state)
{
    snprintf(tmpdir, sizeof tmpdir, "/tmp/weft-test-api-XXXXXX");
    return mkdtemp(tmpdir) ? 0 : -1;
}

static int teardown(void **state)
{
    char cmd[PATH_MAX + 16];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
    return system(cmd) == 0 ? 0 : -1;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_ace_basics), cmocka_unit_test(test_ace_stack),
        cmocka_unit_test(test_commands),   cmocka_unit_test(test_kvp),
        cmocka_unit_test(test_statebags),  cmocka_unit_test(test_resfile),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
