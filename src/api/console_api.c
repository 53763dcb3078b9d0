/* console_api.c: the server APIs' side of the console: default ACEs, the
 * ACE console commands with FiveM's names and output (add_ace, remove_ace,
 * add_principal, remove_principal, test_ace, list_aces, list_principals),
 * FiveM's add_filesystem_permission, weft's statebag_policy, running
 * commands registered by resources, `help`, convar change listeners, and
 * the clean-up when a resource stops.
 * Script handlers are called through their function references; their own
 * runtime logs what they throw. */
#include <ctype.h>
#include <msgpack.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "api/server_api.h"
#include "api/kvp.h"
#include "cluster/cluster.h"

/* The host commands resources may run without an ACE of their own (weft:
 * FiveM grants resources nothing by default, but weft's scenarios and
 * resources rely on these; deny them with `add_ace resource.NAME
 * command.quit deny`). The ACE and principal commands are not among them,
 * nor `exec`: it reads any file the server can read and would echo its
 * lines into the log (grant it with `add_ace resource.NAME command.exec
 * allow`). */
static const char *const resource_defaults[] = {
    "ensure",    "start",           "stop", "restart", "refresh", "resources", "quit", "echo",
    "emit",      "emitnet",         "set",  "sets",    "setr",    "help",      "test_ace",
    "list_aces", "list_principals", NULL};

static const char *const api_commands[] = {
    "add_ace",   "remove_ace",      "add_principal",   "remove_principal",          "test_ace",
    "list_aces", "list_principals", "statebag_policy", "add_filesystem_permission", NULL};

int weft__api_init(weft_host *h)
{
    weft__server *s = h->server;
    weft__ace_init(&s->ace);
    weft__cmds_init(&s->commands);
    int rc = weft__sb_init(&s->bags);
    if (!rc) rc = weft__ace_add(&s->ace, "system.console", "command", 1);
    char object[64];
    for (const char *const *c = resource_defaults; *c && !rc; c++) {
        snprintf(object, sizeof object, "command.%s", *c);
        rc = weft__ace_add(&s->ace, "builtin.resources", object, 1);
    }
    return rc;
}

static void release_ref(void *ud, const char *ref)
{
    weft__ref_release_later(ud, ref, strlen(ref));
}

void weft__api_free(weft_host *h)
{
    weft__server *s = h->server;
    /* Every runtime is gone: the handlers' refs die with them (releasing
     * them now would re-create the freed ref queues). */
    weft__cmds_free(&s->commands);
    for (size_t i = 0; i < s->cv_listeners_len; i++) {
        free(s->cv_listeners[i].filter);
        free(s->cv_listeners[i].resource);
        free(s->cv_listeners[i].ref);
    }
    free(s->cv_listeners);
    s->cv_listeners = NULL;
    s->cv_listeners_len = s->cv_listeners_cap = 0;
    weft__sb_free(&s->bags);
    for (size_t i = 0; i < s->fs_grants_len; i++) {
        free(s->fs_grants[i].source);
        free(s->fs_grants[i].target);
    }
    free(s->fs_grants);
    s->fs_grants = NULL;
    s->fs_grants_len = s->fs_grants_cap = 0;
    weft__ace_free(&s->ace);
    weft__kvp_close(s->kvp);
    s->kvp = NULL;
}

int weft__api_known(weft_host *h, const char *name)
{
    for (const char *const *c = api_commands; *c; c++)
        if (!strcasecmp(*c, name)) return 1;
    return weft__cmds_find(&h->server->commands, name) != NULL;
}

/* FiveM refuses add_ace/remove_ace on a principal the caller acts as. */
static int own_access(weft_host *h, const weft__cfg_cmd *c, const char *principal)
{
    if (!weft__ace_on_stack(&h->server->ace, principal)) return 0;
    weft__srv_cmd_error(h, c->file ? c : NULL, "security",
                        "%s: changing one's own access is not permitted (%s)", c->argv[0],
                        principal);
    return 1;
}

static int ace_command(weft_host *h, const weft__cfg_cmd *c)
{
    weft__ace *ace = &h->server->ace;
    const char *a0 = c->argv[0];
    int allow;
    if (!strcmp(a0, "add_ace") || !strcmp(a0, "remove_ace")) {
        if (c->argc != 4) {
            weft__srv_cmd_error(h, c, "weft",
                                "%s: expected 3 arguments, got %d (usage: %s PRINCIPAL OBJECT "
                                "allow|deny)",
                                a0, c->argc - 1, a0);
            return WEFT_EINVAL;
        }
        if (!*c->argv[1] || !*c->argv[2]) {
            weft__srv_cmd_error(h, c, "weft",
                                "%s: the principal and the object must not be empty (usage: %s "
                                "PRINCIPAL OBJECT allow|deny)",
                                a0, a0);
            return WEFT_EINVAL;
        }
        if (strcmp(c->argv[3], "allow") && strcmp(c->argv[3], "deny")) {
            weft__srv_cmd_error(h, c, "weft",
                                "%s: the access type must be allow or deny, not \"%.60s\" "
                                "(usage: %s PRINCIPAL OBJECT allow|deny)",
                                a0, c->argv[3], a0);
            return WEFT_EINVAL;
        }
        allow = !strcmp(c->argv[3], "allow");
        if (own_access(h, c, c->argv[1])) return WEFT_EACCES;
        return a0[0] == 'a' ? weft__ace_add(ace, c->argv[1], c->argv[2], allow)
                            : weft__ace_remove(ace, c->argv[1], c->argv[2], allow);
    }
    if (!strcmp(a0, "add_principal") || !strcmp(a0, "remove_principal")) {
        if (c->argc != 3) {
            weft__srv_cmd_error(h, c, "weft",
                                "%s: expected 2 arguments, got %d (usage: %s CHILD PARENT)", a0,
                                c->argc - 1, a0);
            return WEFT_EINVAL;
        }
        if (!*c->argv[1] || !*c->argv[2]) {
            weft__srv_cmd_error(h, c, "weft",
                                "%s: the child and the parent must not be empty (usage: %s CHILD "
                                "PARENT)",
                                a0, a0);
            return WEFT_EINVAL;
        }
        if (own_access(h, c, c->argv[1])) return WEFT_EACCES;
        return a0[0] == 'a' ? weft__ace_add_parent(ace, c->argv[1], c->argv[2])
                            : weft__ace_remove_parent(ace, c->argv[1], c->argv[2]);
    }
    if (!strcmp(a0, "test_ace")) {
        if (c->argc != 3) {
            weft__srv_cmd_error(h, c, "weft",
                                "test_ace: expected 2 arguments, got %d (usage: test_ace "
                                "PRINCIPAL OBJECT)",
                                c->argc - 1);
            return WEFT_EINVAL;
        }
        weft__log(h, "security", "%s -> %s = %s", c->argv[1], c->argv[2],
                  weft__ace_check(ace, c->argv[1], c->argv[2]) ? "true" : "false");
        return 0;
    }
    if (!strcmp(a0, "list_aces")) {
        for (size_t i = 0; i < ace->entries_len; i++)
            weft__log(h, "security", "%s -> %s = %s", ace->entries[i].principal,
                      ace->entries[i].object, ace->entries[i].allow ? "ALLOW" : "DENY");
        return 0;
    }
    if (!strcmp(a0, "list_principals")) {
        for (size_t i = 0; i < ace->parents_len; i++)
            weft__log(h, "security", "%s <- %s", ace->parents[i].child, ace->parents[i].parent);
        return 0;
    }
    return WEFT_ENOENT;
}

/* statebag_policy BAG KEY [RESOURCE...]: only those resources may write
 * KEY in BAG ("*" for every bag); no resources: anyone again. */
static int policy_command(weft_host *h, const weft__cfg_cmd *c)
{
    if (c->argc < 3) {
        weft__srv_cmd_error(h, c, "weft",
                            "statebag_policy: expected 2 or more arguments, got %d (usage: "
                            "statebag_policy BAG KEY [RESOURCE...])",
                            c->argc - 1);
        return WEFT_EINVAL;
    }
    weft__server *s = h->server;
    const char *changer = s->exec_caller ? s->exec_caller->name : NULL;
    int rc = weft__sb_set_policy(&s->bags, c->argv[1], c->argv[2], (const char *const *)c->argv + 3,
                                 (size_t)c->argc - 3, changer);
    if (rc == WEFT_EACCES)
        weft__log(h, "weft", "statebag_policy: %s may not change the policy of %s %s", changer,
                  c->argv[1], c->argv[2]);
    return rc;
}

/* add_filesystem_permission SOURCE read|write TARGET (FiveM's
 * FilesystemPermissions.cpp): from server.cfg only, before the server has
 * started; a later grant for the same pair replaces the earlier one. */
static int fs_grant_command(weft_host *h, const weft__cfg_cmd *c)
{
    weft__server *s = h->server;
    const char *usage = "(usage: add_filesystem_permission SOURCE read|write TARGET)";
    if (c->argc != 4) {
        weft__srv_cmd_error(h, c, "weft",
                            "add_filesystem_permission: expected 3 arguments, got %d %s",
                            c->argc - 1, usage);
        return WEFT_EINVAL;
    }
    int write = !strcmp(c->argv[2], "write");
    if (!write && strcmp(c->argv[2], "read")) {
        weft__srv_cmd_error(h, c, "weft", "add_filesystem_permission: '%s' is not read or write %s",
                            c->argv[2], usage);
        return WEFT_EINVAL;
    }
    if (s->fs_grants_closed) {
        weft__srv_cmd_error(h, c, "weft",
                            "add_filesystem_permission: only server.cfg grants permissions, "
                            "before the server has started");
        return WEFT_EACCES;
    }
    for (size_t i = 0; i < s->fs_grants_len; i++) {
        if (!strcmp(s->fs_grants[i].source, c->argv[1]) &&
            !strcmp(s->fs_grants[i].target, c->argv[3])) {
            s->fs_grants[i].write = write;
            return 0;
        }
    }
    if (s->fs_grants_len == s->fs_grants_cap) {
        size_t cap = s->fs_grants_cap ? s->fs_grants_cap * 2 : 8;
        struct weft__fs_grant *n = realloc(s->fs_grants, cap * sizeof *n);
        if (!n) return WEFT_ENOMEM;
        s->fs_grants = n;
        s->fs_grants_cap = cap;
    }
    struct weft__fs_grant *g = &s->fs_grants[s->fs_grants_len];
    g->source = strdup(c->argv[1]);
    g->target = strdup(c->argv[3]);
    g->write = write;
    if (!g->source || !g->target) {
        free(g->source);
        free(g->target);
        return WEFT_ENOMEM;
    }
    s->fs_grants_len++;
    return 0;
}

int weft__api_fs_may_write(weft_host *h, const char *source, const char *target)
{
    weft__server *s = h->server;
    if (!strcmp(source, target)) return 1;
    for (size_t i = 0; i < s->fs_grants_len; i++)
        if (!strcmp(s->fs_grants[i].source, source) && !strcmp(s->fs_grants[i].target, target))
            return s->fs_grants[i].write;
    return 0;
}

/* Run a command registered by a resource: handler(source, args, rawCommand,
 * nested) with source 0 (the console or a resource; players later); nested
 * is weft's (the sugar in commands.js/.lua passes FiveM's three on): true
 * when a script's ExecuteCommand runs it inside another command's handler.
 * A stack overflow of a handler so run is its caller's (ExecuteCommand
 * raises it again), so a command executing itself unwinds to the outermost
 * command handler and is reported once, there, as a recursion through
 * events is; a timer's ExecuteCommand gets the handler's own report. */
static int script_command(weft_host *h, const weft__command *cmd, const weft__cfg_cmd *c,
                          const char *raw)
{
    msgpack_sbuffer sb;
    msgpack_packer pk;
    msgpack_sbuffer_init(&sb);
    msgpack_packer_init(&pk, &sb, msgpack_sbuffer_write);
    int nested = weft__native_caller(h) && h->server->command_depth > 0;
    msgpack_pack_array(&pk, 4);
    msgpack_pack_int(&pk, 0);
    msgpack_pack_array(&pk, (size_t)c->argc - 1);
    for (int i = 1; i < c->argc; i++)
        msgpack_pack_str_with_body(&pk, c->argv[i], strlen(c->argv[i]));
    char joined[WEFT_CONSOLE_LINE_MAX];
    if (!raw) { /* from a cfg file: the tokens again */
        joined[0] = 0;
        for (int i = 0; i < c->argc; i++) {
            if (i) strncat(joined, " ", sizeof joined - strlen(joined) - 1);
            strncat(joined, c->argv[i], sizeof joined - strlen(joined) - 1);
        }
        raw = joined;
    }
    msgpack_pack_str_with_body(&pk, raw, strlen(raw));
    if (nested)
        msgpack_pack_true(&pk);
    else
        msgpack_pack_false(&pk);
    /* the registry may change while the handler runs: keep our own id */
    char *ref = strdup(cmd->ref);
    if (!ref || !sb.data) {
        free(ref);
        msgpack_sbuffer_destroy(&sb);
        return WEFT_ENOMEM;
    }
    weft__call_result out;
    h->server->command_depth++;
    weft__ref_call(h, NULL, ref, strlen(ref), sb.data, sb.size, &out);
    h->server->command_depth--;
    free(ref);
    msgpack_sbuffer_destroy(&sb);
    if (nested && out.status == WEFT_CALL_ERROR && weft__call_is_overflow(out.buf, out.len))
        return weft__native_fail_payload(h, out.buf, out.len);
    free(out.buf);
    return out.status == WEFT_CALL_ERROR ? WEFT_ESCRIPT : 0;
}

int weft__api_command(weft_host *h, const weft__cfg_cmd *c, const char *raw)
{
    const char *a0 = c->argv[0];
    if (!strcmp(a0, "statebag_policy")) return policy_command(h, c);
    if (!strcmp(a0, "add_filesystem_permission")) return fs_grant_command(h, c);
    int rc = ace_command(h, c);
    if (rc != WEFT_ENOENT) return rc;
    const weft__command *cmd = weft__cmds_find(&h->server->commands, a0);
    return cmd ? script_command(h, cmd, c, raw) : WEFT_ENOENT;
}

void weft__api_help(weft_host *h, const char *const *builtins)
{
    weft__server *s = h->server;
    size_t nb = 0, na = 0;
    while (builtins[nb])
        nb++;
    while (api_commands[na])
        na++;
    const char **extra = malloc((nb + na + 1) * sizeof *extra);
    if (!extra) return;
    memcpy(extra, builtins, nb * sizeof *extra);
    memcpy(extra + nb, api_commands, (na + 1) * sizeof *extra);
    size_t n;
    const char **names = weft__cmds_sorted(&s->commands, extra, &n);
    free(extra);
    if (!names) return;
    /* As FiveM's cmdlist: only what the principals on the stack may run. */
    char line[100] = "";
    weft__log(h, "weft", "commands:");
    for (size_t i = 0; i < n; i++) {
        char object[300];
        snprintf(object, sizeof object, "command.%s", names[i]);
        if (!weft__ace_check_stack(&s->ace, object)) continue;
        if (strlen(line) + strlen(names[i]) + 2 > 88) {
            weft__log(h, "weft", "%s", line);
            line[0] = 0;
        }
        if (line[0])
            strcat(line, " ");
        else
            strcat(line, "  ");
        strncat(line, names[i], sizeof line - strlen(line) - 1);
    }
    if (line[0]) weft__log(h, "weft", "%s", line);
    free((void *)names);
}

void weft__api_resource_stopped(weft_host *h, weft__resource *r)
{
    weft__server *s = h->server;
    weft__cmds_remove_resource(&s->commands, &s->ace, r->name, release_ref, h);
    weft__sb_remove_resource(&s->bags, r->name, release_ref, h);
    size_t k = 0;
    for (size_t i = 0; i < s->cv_listeners_len; i++) {
        weft__cv_listener *l = &s->cv_listeners[i];
        if (strcmp(l->resource, r->name)) {
            s->cv_listeners[k++] = *l;
            continue;
        }
        release_ref(h, l->ref);
        free(l->filter);
        free(l->resource);
        free(l->ref);
    }
    s->cv_listeners_len = k;
    if (s->kvp) weft__kvp_end_resource(s->kvp, r->name);
    weft__cluster_resource_stopped(h, r->name);
}

/* FiveM's convar filter: words separated by spaces or '+' are
 * alternatives, '*' matches any run of characters, case-insensitive, the
 * whole name. Bound: backtracking on '*' is O(len(pattern) * len(name)). */
static int glob_match(const char *p, size_t pn, const char *s)
{
    if (!pn) return !*s;
    if (*p == '*') {
        for (const char *t = s;; t++) {
            if (glob_match(p + 1, pn - 1, t)) return 1;
            if (!*t) return 0;
        }
    }
    if (!*s || (tolower((unsigned char)*p) != tolower((unsigned char)*s))) return 0;
    return glob_match(p + 1, pn - 1, s + 1);
}

static int filter_match(const char *filter, const char *name)
{
    if (!filter) return 1;
    for (const char *p = filter; *p;) {
        size_t n = strcspn(p, " +");
        if (n && glob_match(p, n, name)) return 1;
        p += n;
        if (*p) p++;
    }
    return 0;
}

/* A listener's stack overflow with no script caller: one line, as the
 * listener wrappers (convar.js, convar.lua) write an error, naming the
 * listener's resource (its ref id's first part) and where it overflowed. */
static void report_overflow(weft_host *h, const char *ref, const char *name, const char *buf,
                            size_t len)
{
    char res[128], text[300] = "stack overflow";
    snprintf(res, sizeof res, "%.*s", (int)strcspn(ref, ":"), ref);
    msgpack_unpacked u;
    msgpack_unpacked_init(&u);
    if (msgpack_unpack_next(&u, buf, len, NULL) == MSGPACK_UNPACK_SUCCESS &&
        u.data.type == MSGPACK_OBJECT_MAP) {
        const msgpack_object_str *ename = NULL, *msg = NULL;
        for (uint32_t i = 0; i < u.data.via.map.size; i++) {
            const msgpack_object *k = &u.data.via.map.ptr[i].key, *v = &u.data.via.map.ptr[i].val;
            if (k->type != MSGPACK_OBJECT_STR || v->type != MSGPACK_OBJECT_STR) continue;
            if (k->via.str.size == 4 && !memcmp(k->via.str.ptr, "name", 4)) ename = &v->via.str;
            if (k->via.str.size == 7 && !memcmp(k->via.str.ptr, "message", 7)) msg = &v->via.str;
        }
        if (msg && ename && !(ename->size == 5 && !memcmp(ename->ptr, "Error", 5)))
            snprintf(text, sizeof text, "%.*s: %.*s", (int)ename->size, ename->ptr,
                     (int)msg->size, msg->ptr);
        else if (msg)
            snprintf(text, sizeof text, "%.*s", (int)msg->size, msg->ptr);
    }
    msgpack_unpacked_destroy(&u);
    weft__log(h, res, "error in convar change listener for \"%s\": %s", name, text);
}

int weft__api_convar_changed(weft_host *h, const char *name)
{
    weft__server *s = h->server;
    if (!s->cv_listeners_len) return 0;
    /* Take the matching refs first: listeners may add or remove listeners. */
    char **refs = malloc(s->cv_listeners_len * sizeof *refs);
    size_t n = 0;
    if (!refs) return 0;
    for (size_t i = 0; i < s->cv_listeners_len; i++)
        if (filter_match(s->cv_listeners[i].filter, name) &&
            (refs[n] = strdup(s->cv_listeners[i].ref)))
            n++;
    msgpack_sbuffer sb;
    msgpack_packer pk;
    msgpack_sbuffer_init(&sb);
    msgpack_packer_init(&pk, &sb, msgpack_sbuffer_write);
    msgpack_pack_array(&pk, 2);
    msgpack_pack_str_with_body(&pk, name, strlen(name));
    msgpack_pack_str_with_body(&pk, "", 0);
    int rc = 0, done = 0;
    for (size_t i = 0; i < n; i++) {
        weft__call_result out;
        if (sb.data && !rc && !done)
            weft__ref_call(h, NULL, refs[i], strlen(refs[i]), sb.data, sb.size, &out);
        else
            out.buf = NULL;
        if (!rc && !done && out.buf && out.status == WEFT_CALL_ERROR &&
            weft__call_is_overflow(out.buf, out.len)) {
            /* a listener that sets its own convar: the overflow is the setter's */
            if (weft__native_caller(h)) {
                rc = weft__native_fail_payload(h, out.buf, out.len);
                out.buf = NULL;
            } else { /* set from the console or a cfg: nobody to pass it to */
                report_overflow(h, refs[i], name, out.buf, out.len);
                done = 1; /* no more listeners, as with a caller */
            }
        }
        free(out.buf);
        free(refs[i]);
    }
    free(refs);
    msgpack_sbuffer_destroy(&sb);
    return rc;
}
