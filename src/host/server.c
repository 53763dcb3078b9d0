/* server.c: the server: resources (found under DIR/resources, nested
 * [category] folders), their lifecycle (dependencies, onResourceStarting /
 * onResourceStart / onResourceStop, runtimes per script kind), server.cfg and
 * console commands, convars, logging, and the embedding API of include/weft.h.
 * Lifecycle changes run at depth 0 only; from script code they are queued and
 * run after the checkpoint (see server.h). */
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <msgpack.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>
#include "api/resfile.h"
#include "api/server_api.h"
#include "host/server.h"
#include "host/msgpack.h"
#include "host/watchdog.h"
#include "net/net.h"

/* Lua plugs in by defining this (src/lua/); absent, .lua scripts are refused. */

/* ---- logging ------------------------------------------------------------ */

void weft__logv(weft_host *h, const char *tag, const char *fmt, va_list ap)
{
    char msg[4096];
    vsnprintf(msg, sizeof msg, fmt, ap);
    int color = h && h->server && h->server->use_color;
    unsigned hue = 0;
    for (const char *p = tag; *p; p++) hue = hue * 31 + (unsigned char)*p;
    /* Bound: one output line per line of msg. */
    for (const char *line = msg;;) {
        const char *nl = strchr(line, '\n');
        int n = nl ? (int)(nl - line) : (int)strlen(line);
        if (color) printf("\x1b[%um[%s]\x1b[0m %.*s\n", 31 + hue % 6, tag, n, line);
        else printf("[%s] %.*s\n", tag, n, line);
        if (!nl || !nl[1]) break;
        line = nl + 1;
    }
    if (color) fflush(stdout);
}

void weft__log(weft_host *h, const char *tag, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    weft__logv(h, tag, fmt, ap);
    va_end(ap);
}

/* ---- resources ------------------------------------------------------------ */

weft__resource *weft__srv_find(weft_host *h, const char *name)
{
    if (!h->server) return NULL;
    for (weft__resource *r = h->server->resources; r; r = r->next)
        if (!strcmp(r->name, name)) return r;
    return NULL;
}

/* A resource by name or by what it `provide`s (for dependencies). */
static int provides(const weft__resource *r, const char *name)
{
    for (size_t i = 0; r->has_manifest && i < r->manifest.provides.len; i++)
        if (!strcmp(r->manifest.provides.items[i], name)) return 1;
    return 0;
}

weft__resource *weft__srv_find_provider(weft_host *h, const char *name)
{
    weft__resource *r = weft__srv_find(h, name), *any = NULL;
    if (r && r->state != WEFT_RES_STOPPED) return r;
    for (weft__resource *o = h->server->resources; o; o = o->next) {
        if (o == r || !provides(o, name)) continue;
        if (o->state != WEFT_RES_STOPPED) return o;
        if (!any) any = o;
    }
    return r ? r : any;
}

int weft__srv_count(weft_host *h)
{
    int n = 0;
    for (weft__resource *r = h->server->resources; r; r = r->next)
        n++;
    return n;
}

weft__resource *weft__srv_nth(weft_host *h, int index)
{
    weft__resource *r = h->server->resources;
    for (; r && index > 0; index--)
        r = r->next;
    return index < 0 ? NULL : r;
}

static weft__resource *find_provider(weft_host *h, const char *name)
{
    return weft__srv_find_provider(h, name);
}

const char *weft__srv_state_name(weft__res_state st)
{
    switch (st) {
    case WEFT_RES_STARTING: return "starting";
    case WEFT_RES_STARTED: return "started";
    case WEFT_RES_STOPPING: return "stopping";
    default: return "stopped";
    }
}

static int is_file(const char *p)
{
    struct stat st;
    return stat(p, &st) == 0 && S_ISREG(st.st_mode);
}

static void relative_to_dir(weft_host *h, const char *msg, char *out, size_t cap);

static void add_resource(weft_host *h, const char *name, const char *path)
{
    weft__resource *r = weft__srv_find(h, name);
    if (r) {
        /* a second folder of that name: said once, and again only when a
         * refresh finds a different one (FXServer keeps the first silently) */
        if (strcmp(r->path, path) && r->seen && !r->dup_seen) {
            r->dup_seen = 1;
            if (r->dup_path && !strcmp(r->dup_path, path)) return;
            char msg[1200], out[1200];
            snprintf(msg, sizeof msg,
                     "duplicate resource \"%.100s\" at %.500s ignored (the one at %.500s is used)",
                     name, path, r->path);
            relative_to_dir(h, msg, out, sizeof out);
            weft__log(h, "weft", "%s", out);
            free(r->dup_path);
            r->dup_path = strdup(path);
        }
        r->seen = 1;
        return;
    }
    r = calloc(1, sizeof *r);
    if (!r || !(r->name = strdup(name)) || !(r->path = strdup(path))) {
        if (r) free(r->name);
        free(r);
        return;
    }
    r->seen = 1;
    /* keep the list in discovery order */
    weft__resource **pp = &h->server->resources;
    while (*pp) pp = &(*pp)->next;
    *pp = r;
}

/* The resources under root in FXServer's order: breadth first (a folder's
 * resources, in name order, before those of its [category] folders, which
 * are read in turn), so of two folders with one name the shallower wins.
 * Bound: categories at most 16 levels deep, at most WEFT_SCAN_FOLDERS read. */
static void scan_dir(weft_host *h, const char *root)
{
    char **queue = malloc(WEFT_SCAN_FOLDERS * sizeof *queue);
    int *levels = malloc(WEFT_SCAN_FOLDERS * sizeof *levels);
    size_t head = 0, len = 0;
    if (queue && levels && (queue[0] = strdup(root))) levels[len++] = 0;
    while (head < len) {
        char *dir = queue[head];
        int level = levels[head++];
        struct dirent **ents;
        int n = scandir(dir, &ents, NULL, alphasort);
        for (int i = 0; i < n; i++) {
            const char *nm = ents[i]->d_name;
            char path[PATH_MAX], mf[PATH_MAX + 32];
            struct stat st;
            if (nm[0] == '.' || snprintf(path, sizeof path, "%s/%s", dir, nm) >= (int)sizeof path ||
                stat(path, &st) || !S_ISDIR(st.st_mode)) {
            } else if (nm[0] == '[' && nm[strlen(nm) - 1] == ']') {
                if (level < 16 && len < WEFT_SCAN_FOLDERS && (queue[len] = strdup(path)))
                    levels[len++] = level + 1;
            } else {
                snprintf(mf, sizeof mf, "%s/fxmanifest.lua", path);
                int ok = is_file(mf);
                if (!ok) {
                    snprintf(mf, sizeof mf, "%s/__resource.lua", path);
                    ok = is_file(mf);
                }
                if (ok) add_resource(h, nm, path);
            }
            free(ents[i]);
        }
        if (n >= 0) free(ents);
        free(dir);
    }
    free(queue);
    free(levels);
}

int weft__srv_refresh(weft_host *h)
{
    weft__server *s = h->server;
    if (!s || !s->dir) return WEFT_ESTATE;
    for (weft__resource *r = s->resources; r; r = r->next) r->seen = r->dup_seen = 0;
    char dir[PATH_MAX];
    if (weft__builtin_resources(h, dir, sizeof dir) == 0) scan_dir(h, dir);
    snprintf(dir, sizeof dir, "%s/resources", s->dir);
    scan_dir(h, dir);
    for (weft__resource *r = s->resources; r; r = r->next) {
        if (r->dup_seen) continue;
        free(r->dup_path); /* gone: a new one is said again */
        r->dup_path = NULL;
    }
    /* Stopped resources' manifests are read now (errors are reported when
     * one is started), so `provide`, GetResourceMetadata and GetNumResources
     * see them, as in FXServer; a running one keeps its instance's. */
    for (weft__resource *r = s->resources; r; r = r->next) {
        if (!r->seen || r->state != WEFT_RES_STOPPED) continue;
        if (r->has_manifest) weft__manifest_free(&r->manifest);
        r->has_manifest = weft__manifest_load(r->path, &r->manifest, NULL, 0) == 0;
    }
    return 0;
}

static int pack_name(const char *name, char **out, size_t *len)
{
    msgpack_sbuffer sb;
    msgpack_packer pk;
    msgpack_sbuffer_init(&sb);
    msgpack_packer_init(&pk, &sb, msgpack_sbuffer_write);
    msgpack_pack_array(&pk, 1);
    msgpack_pack_str_with_body(&pk, name, strlen(name));
    *out = sb.data;
    *len = sb.size;
    return sb.data ? 0 : WEFT_ENOMEM;
}

static int emit_lifecycle(weft_host *h, const char *event, const char *name)
{
    char *buf;
    size_t len;
    if (pack_name(name, &buf, &len) < 0) return 0;
    int canceled = weft__ev_emit(h, NULL, event, buf, len, NULL);
    free(buf);
    return canceled;
}

/* on<Server>ResourceStart/Stop wait for the next frame, as in FXServer
 * (queued events of its resource manager). */
static void queue_lifecycle(weft_host *h, char kind, const char *name)
{
    weft__server *s = h->server;
    if (s->evq_len == s->evq_cap) {
        size_t cap = s->evq_cap ? s->evq_cap * 2 : 8;
        char **n = realloc(s->evq, cap * sizeof *n);
        if (!n) return;
        s->evq = n;
        s->evq_cap = cap;
    }
    size_t len = strlen(name);
    char *e = malloc(len + 2);
    if (!e) return;
    e[0] = kind;
    memcpy(e + 1, name, len + 1);
    s->evq[s->evq_len++] = e;
}

void weft__srv_emit_queued(weft_host *h)
{
    weft__server *s = h->server;
    if (!s->evq_len) return;
    /* Bound: the events queued before this frame; ones queued meanwhile (a
     * handler starting a resource) wait for the next. */
    char **q = s->evq;
    size_t n = s->evq_len;
    s->evq = NULL;
    s->evq_len = s->evq_cap = 0;
    for (size_t i = 0; i < n; i++) {
        if (!s->quit_done)
            emit_lifecycle(h, q[i][0] == 'S' ? "onServerResourceStart" : "onServerResourceStop",
                           q[i] + 1);
        free(q[i]);
    }
    free(q);
}

static const char *ext_of(const char *p)
{
    const char *d = strrchr(p, '.');
    return d && !strchr(d, '/') ? d : "";
}

/* The engine that runs scripts with extension ext (".js"), or NULL. */
static const weft__rt_ops *engine_for(const char *ext)
{
    for (const weft__rt_ops *const *e = weft__engines; *e; e++)
        for (const char *const *x = (*e)->extensions; x && *x; x++)
            if (!strcmp(*x, ext)) return *e;
    return NULL;
}

static weft__rt *runtime_for(weft_host *h, weft__resource *r, const weft__rt_ops *engine)
{
    for (weft__rt *rt = r->rts; rt; rt = rt->res_next)
        if (rt->ops->create == engine->create) return rt;
    weft__rt *rt = engine->create(h, r);
    if (!rt) return NULL;
    rt->instance = ++h->server->next_instance;
    rt->resource = r;
    weft__rt **pp = &r->rts;
    while (*pp) pp = &(*pp)->res_next;
    *pp = rt;
    weft__preludes_run(h, rt);
    return rt;
}

static void free_runtimes(weft_host *h, weft__resource *r)
{
    while (r->rts) {
        weft__rt *rt = r->rts;
        r->rts = rt->res_next;
        weft__rt_unlist(rt);
        rt->ops->free(rt);
    }
    for (size_t i = 0; i < r->exports_len; i++) free(r->exports[i].name);
    free(r->exports);
    r->exports = NULL;
    r->exports_len = r->exports_cap = 0;
}

/* Stop the runtimes: no script code from here on; reject what waits on them. */
static void halt_runtimes(weft_host *h, weft__resource *r)
{
    for (weft__rt *rt = r->rts; rt; rt = rt->res_next) {
        rt->stopped = 1;
        if (rt->ops->stop) rt->ops->stop(rt);
        weft__ev_remove_rt(h, rt);
    }
    for (weft__rt *rt = r->rts; rt; rt = rt->res_next) weft__call_rt_stopped(h, rt);
}

static int start_res(weft_host *h, weft__resource *r, int level);

/* A start refused: its one line, `could not start "NAME": WHY`, and the same
 * WHY kept as the resource's reason for `resources`. */
static void refuse_start(weft_host *h, weft__resource *r, const char *fmt, ...)
{
    char why[1200];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, sizeof why, fmt, ap);
    va_end(ap);
    weft__log(h, "weft", "could not start \"%s\": %s", r->name, why);
    snprintf(r->error, sizeof r->error, "%.500s", why);
    r->error_is_exit = 0;
}

static int start_deps(weft_host *h, weft__resource *r, int level)
{
    for (size_t i = 0; i < r->manifest.dependencies.len; i++) {
        const char *dep = r->manifest.dependencies.items[i];
        /* FiveM's platform constraints ('/onesync', '/server:5181',
         * '/gameBuild:...'): nothing weft can lack, so satisfied. */
        if (dep[0] == '/') continue;
        weft__resource *d = find_provider(h, dep);
        /* "fxmanifest.lua:3: ", where the manifest names it, as the
         * manifest's other refusals say */
        int line = weft__manifest_value_line(&r->manifest, dep);
        char at[300] = "";
        if (line > 0) snprintf(at, sizeof at, "%s:%d: ", r->manifest.file, line);
        if (!d) {
            refuse_start(h, r, "%sdependency \"%s\" not found", at, dep);
            return WEFT_ENOENT;
        }
        if (d->resolving_deps) {
            refuse_start(h, r, "%sdependency cycle (\"%s\" depends on it)", at, d->name);
            return WEFT_EINVAL;
        }
        if (d->state == WEFT_RES_STARTED || d->state == WEFT_RES_STARTING) continue;
        /* One attempt per command: a dependency that failed to start in
         * this same command (or server.cfg) is not loaded again for each
         * dependent; a later command (ensure dep, ensure r) tries again. */
        int again = d->fail_gen && d->fail_gen == h->server->cmd_gen;
        if (again || start_res(h, d, level + 1) < 0) {
            refuse_start(h, r, "dependency \"%s\" failed to start%s%s%s", dep,
                         again && d->error[0] ? " (" : "", again && d->error[0] ? d->error : "",
                         again && d->error[0] ? ")" : "");
            r->fail_gen = h->server->cmd_gen;
            return WEFT_ESTATE;
        }
    }
    return 0;
}

/* "@other/path" scripts: the file's real location must be inside that
 * resource's folder (a symlink there may lead anywhere). A resource that is
 * not there is reported when the script is loaded. */
static int check_other_files(weft_host *h, weft__resource *r, char *err, size_t cap)
{
    const weft__strlist *l = &r->manifest.load_order;
    for (size_t i = 0; i < l->len; i++) {
        const char *sc = l->items[i], *sl = strchr(sc, '/'), *why;
        char other[256], real[PATH_MAX];
        if (sc[0] != '@' || !sl) continue;
        snprintf(other, sizeof other, "%.*s", (int)(sl - sc - 1), sc + 1);
        weft__resource *o = weft__srv_find(h, other);
        int rc = o ? weft__resfile_resolve(o->path, sl + 1, 0, real, sizeof real, &why) : 0;
        if (rc < 0 && rc != WEFT_ENOENT) {
            snprintf(err, cap, "%s:%d: script '%s' must be inside resource %s's folder (%s)",
                     r->manifest.file, weft__manifest_value_line(&r->manifest, sc), sc, other,
                     why);
            return WEFT_EINVAL;
        }
    }
    return 0;
}

static int start_res(weft_host *h, weft__resource *r, int level)
{
    weft__server *s = h->server;
    char err[1024];
    if (r->state != WEFT_RES_STOPPED) return 0;
    if (level > 32) return WEFT_EINVAL;
    if (r->has_manifest) weft__manifest_free(&r->manifest);
    r->has_manifest = 0;
    int rc = weft__manifest_load(r->path, &r->manifest, err, sizeof err);
    if (rc < 0) {
        refuse_start(h, r, "%s", err);
        r->fail_gen = s->cmd_gen;
        return rc;
    }
    r->has_manifest = 1;
    for (size_t i = 0; i < r->manifest.warnings.len; i++)
        weft__log(h, "weft", "resource %s: %s", r->name, r->manifest.warnings.items[i]);
    if ((rc = check_other_files(h, r, err, sizeof err)) < 0) {
        refuse_start(h, r, "%s", err);
        r->fail_gen = s->cmd_gen;
        return rc;
    }
    r->error[0] = 0;
    r->state = WEFT_RES_STARTING;
    r->resolving_deps = 1; /* a dependency cycle comes back here: an error */
    rc = start_deps(h, r, level);
    r->resolving_deps = 0;
    if (rc < 0) {
        r->state = WEFT_RES_STOPPED;
        r->fail_gen = s->cmd_gen;
        return rc;
    }
    r->state = WEFT_RES_STOPPED;
    if (emit_lifecycle(h, "onResourceStarting", r->name)) {
        weft__log(h, "weft", "start of \"%s\" was canceled", r->name);
        return WEFT_ESTATE;
    }
    r->state = WEFT_RES_STARTING;
    r->start_seq = ++s->start_seq;
    r->halted_loading = 0;
    const weft__strlist *scripts = &r->manifest.load_order;
    for (size_t i = 0; i < scripts->len && r->state == WEFT_RES_STARTING && !r->halted_loading;
         i++) {
        const char *sc = scripts->items[i];
        char path[PATH_MAX], display[PATH_MAX];
        if (sc[0] == '@') { /* another resource's file: @res/path */
            const char *sl = strchr(sc, '/');
            char other[256];
            snprintf(other, sizeof other, "%.*s", sl ? (int)(sl - sc - 1) : 0, sc + 1);
            weft__resource *o = sl ? weft__srv_find(h, other) : NULL;
            if (!o) {
                weft__log(h, r->name, "cannot load %s: no such resource", sc);
                continue;
            }
            snprintf(path, sizeof path, "%s/%s", o->path, sl + 1);
            snprintf(display, sizeof display, "%s", sc);
        } else {
            snprintf(path, sizeof path, "%s/%s", r->path, sc);
            snprintf(display, sizeof display, "@%s/%s", r->name, sc);
        }
        const weft__rt_ops *engine = engine_for(ext_of(sc));
        if (!engine) {
            weft__log(h, r->name, "skipping %s: not a .js or .lua script", display);
            continue;
        }
        weft__rt *rt = runtime_for(h, r, engine);
        if (!rt) {
            weft__log(h, r->name, "cannot load %s: no %s runtime", display, engine->kind);
            continue;
        }
        if (rt->stopped) break;
        char why[1024] = "";
        weft__host_enter(h, rt);
        weft__prof_begin(h, rt, WEFT_PROF_LOAD, NULL);
        rt->load_error = why;
        rt->load_error_cap = sizeof why;
        rc = rt->ops->load_script(rt, path, display);
        rt->load_error = NULL;
        weft__prof_end(h);
        weft__host_leave(h);
        if (rc < 0 && rc != WEFT_ESTATE && r->state == WEFT_RES_STARTING) {
            /* A script that failed to load: as FiveM, one line (its error and
             * "Failed to load script"), and the resource goes on loading its
             * other scripts and starts, with what this one registered before
             * its error live; its dependents start too. */
            const char *what = rc == WEFT_ENOENT   ? "cannot read"
                               : rc == WEFT_ENOMEM ? "out of memory loading"
                                                   : "script error in";
            char with_file[1200];
            if (why[0] && why[0] != '@') { /* no position (out of memory): the file */
                snprintf(with_file, sizeof with_file, "%.200s: %.990s", display, why);
                snprintf(why, sizeof why, "%.1000s", with_file);
            }
            const char *detail = rc == WEFT_ESCRIPT && why[0] ? why : display;
            weft__log(h, "weft", "resource \"%s\": %s %s; failed to load script %s", r->name, what,
                      detail, sc);
        }
    }
    if (r->state != WEFT_RES_STARTING) return WEFT_ESTATE;
    if (r->halted_loading) {
        /* a limit stopped a script while it loaded (its line said so): the
         * resource does not start, as a failed start (r->error says why) */
        r->halted_loading = 0;
        r->state = WEFT_RES_STOPPED;
        weft__api_resource_stopped(h, r);
        halt_runtimes(h, r);
        free_runtimes(h, r);
        r->fail_gen = s->cmd_gen;
        return WEFT_ESTATE;
    }
    r->state = WEFT_RES_STARTED;
    weft__log(h, "weft", "started resource %s", r->name);
    emit_lifecycle(h, "onResourceStart", r->name);
    queue_lifecycle(h, 'S', r->name);
    return 0;
}

static int depends_on(weft__resource *a, weft__resource *b)
{
    if (!a->has_manifest) return 0;
    for (size_t i = 0; i < a->manifest.dependencies.len; i++) {
        const char *d = a->manifest.dependencies.items[i];
        if (!strcmp(d, b->name)) return 1;
        for (size_t k = 0; b->has_manifest && k < b->manifest.provides.len; k++)
            if (!strcmp(d, b->manifest.provides.items[k])) return 1;
    }
    return 0;
}

static int stop_res(weft_host *h, weft__resource *r)
{
    if (r->state != WEFT_RES_STARTED && r->state != WEFT_RES_STARTING) return WEFT_ESTATE;
    /* Dependents stop first (bound: each stop leaves one fewer started; r
     * is marked stopping first, so a dependency cycle cannot recurse). */
    r->state = WEFT_RES_STOPPING;
    for (weft__resource *o = h->server->resources; o; o = o->next) {
        if (o == r || o->state != WEFT_RES_STARTED || !depends_on(o, r)) continue;
        /* As FiveM: a dependent stops with its dependency and is not started
         * again when the dependency restarts; say so, naming both. */
        if (h->server->restarting == r)
            weft__log(h, "weft",
                      "stopping \"%s\": it depends on \"%s\", which is restarting; it stays "
                      "stopped, as in FiveM (ensure %s to start it again)",
                      o->name, r->name, o->name);
        else
            weft__log(h, "weft", "stopping \"%s\": it depends on \"%s\", which is stopping",
                      o->name, r->name);
        snprintf(o->error, sizeof o->error, "stopped with its dependency %.200s", r->name);
        o->error_is_exit = 0;
        stop_res(h, o);
    }
    r->state = WEFT_RES_STOPPING;
    emit_lifecycle(h, "onResourceStop", r->name);
    queue_lifecycle(h, 'T', r->name);
    r->state = WEFT_RES_STOPPED;
    weft__api_resource_stopped(h, r);
    halt_runtimes(h, r);
    free_runtimes(h, r);
    weft__log(h, "weft", "stopped resource %s", r->name);
    return 0;
}

/* Lifecycle changes from the embedding API run only at depth 0 (server.h):
 * asked for from inside a native they are queued for the next loop
 * callback, since the API cannot tell whose code is on the stack. 1 when
 * queued. ExecuteCommand knows its caller and uses must_defer instead. */
static int queued_if_nested(weft_host *h, const char *verb, const char *name)
{
    if (h->depth == 0) return 0;
    char line[512];
    snprintf(line, sizeof line, "%s %s", verb, name);
    weft__srv_queue_command(h, line);
    return 1;
}

static int do_start(weft_host *h, const char *name)
{
    weft__resource *r = weft__srv_find(h, name);
    if (!r) {
        weft__srv_refresh(h);
        r = weft__srv_find(h, name);
    }
    if (!r) {
        weft__log(h, "weft", "could not start \"%s\": no such resource", name);
        return WEFT_ENOENT;
    }
    if (r->state == WEFT_RES_STARTED) return 0;
    weft__host_enter(h, NULL);
    int rc = start_res(h, r, 0);
    if (rc < 0 && r->state != WEFT_RES_STOPPED) {
        r->state = WEFT_RES_STARTED;
        stop_res(h, r);
    }
    weft__host_leave(h);
    return rc;
}

static int do_stop(weft_host *h, const char *name)
{
    weft__resource *r = weft__srv_find(h, name);
    if (!r || (r->state != WEFT_RES_STARTED && r->state != WEFT_RES_STARTING)) {
        if (!r) weft__log(h, "weft", "stop: no such resource \"%.200s\" (resources lists them)", name);
        else weft__log(h, "weft", "cannot stop \"%s\": not running", name);
        return r ? WEFT_ESTATE : WEFT_ENOENT;
    }
    weft__host_enter(h, NULL);
    int rc = stop_res(h, r);
    weft__host_leave(h);
    return rc;
}

static int do_restart(weft_host *h, const char *name)
{
    weft__server *s = h->server;
    weft__resource *r = weft__srv_find(h, name);
    if (r && r->state == WEFT_RES_STARTED) {
        weft__resource *saved = s->restarting;
        s->restarting = r;
        do_stop(h, name);
        s->restarting = saved;
    }
    return do_start(h, name);
}

int weft__srv_start(weft_host *h, const char *name)
{
    if (!h->server) return WEFT_ESTATE;
    if (queued_if_nested(h, "start", name)) return 0;
    h->server->cmd_gen = ++h->server->gen_seq;
    return do_start(h, name);
}

int weft__srv_stop(weft_host *h, const char *name)
{
    if (!h->server) return WEFT_ESTATE;
    if (queued_if_nested(h, "stop", name)) return 0;
    h->server->cmd_gen = ++h->server->gen_seq;
    return do_stop(h, name);
}

int weft__srv_restart(weft_host *h, const char *name)
{
    if (!h->server) return WEFT_ESTATE;
    if (queued_if_nested(h, "restart", name)) return 0;
    h->server->cmd_gen = ++h->server->gen_seq;
    return do_restart(h, name);
}

/* Is code of r on the stack: the resource whose ExecuteCommand runs, an
 * invoker up the event/call chain, or one in the middle of a lifecycle
 * change (its scripts loading, its onResourceStop running)? */
static int busy(weft_host *h, weft__resource *r)
{
    weft__server *s = h->server;
    if (r == s->exec_caller || r->state == WEFT_RES_STARTING || r->state == WEFT_RES_STOPPING)
        return 1;
    for (weft__invocation *inv = s->invocation; inv; inv = inv->prev)
        if (inv->invoker == r) return 1;
    return 0;
}

/* Would stopping r stop a resource whose code is on the stack (r itself or
 * a started dependent, transitively)? Bound: `level` stops the walk at the
 * dependency depth start_res allows. */
static int stop_touches_busy(weft_host *h, weft__resource *r, int level)
{
    if (busy(h, r)) return 1;
    if (level > 32) return 1;
    for (weft__resource *o = h->server->resources; o; o = o->next)
        if (o != r && o->state == WEFT_RES_STARTED && depends_on(o, r) &&
            stop_touches_busy(h, o, level + 1))
            return 1;
    return 0;
}

/* ExecuteCommand's lifecycle verbs: run now unless that would free code
 * that is on the stack; then queue, as the caller, for depth 0. */
static int lifecycle(weft_host *h, const char *verb, const char *name)
{
    weft__server *s = h->server;
    weft__resource *r = weft__srv_find(h, name);
    int stops = !strcmp(verb, "stop") || !strcmp(verb, "restart") ||
                (!strcmp(verb, "ensure") && r && r->state == WEFT_RES_STARTED);
    if (h->depth > 0 && r && (stops ? stop_touches_busy(h, r, 0) : busy(h, r))) {
        char line[512];
        snprintf(line, sizeof line, "%s %s", verb, name);
        weft__srv_queue_as(h, s->exec_caller ? s->exec_caller->name : NULL, line);
        return 0;
    }
    if (!strcmp(verb, "start")) return do_start(h, name);
    if (!strcmp(verb, "stop")) return do_stop(h, name);
    if (!strcmp(verb, "restart")) return do_restart(h, name);
    return r && r->state == WEFT_RES_STARTED ? do_restart(h, name) : do_start(h, name);
}

void weft__srv_quit(weft_host *h)
{
    weft__server *s = h->server;
    if (!s || s->quit_done) return;
    if (h->depth > 0) {
        weft__srv_queue_command(h, "quit");
        return;
    }
    s->quitting = 1;
    /* Players leave first, while their resources still run (playerDropped). */
    weft__host_enter(h, NULL);
    weft__net_shutdown(h);
    weft__host_leave(h);
    /* Stop in reverse start order. Bound: each pass stops one resource. */
    for (;;) {
        weft__resource *last = NULL;
        for (weft__resource *r = s->resources; r; r = r->next)
            if (r->state == WEFT_RES_STARTED && (!last || r->start_seq > last->start_seq))
                last = r;
        if (!last) break;
        weft__host_enter(h, NULL);
        stop_res(h, last);
        weft__host_leave(h);
    }
    weft__ref_flush(h);
    s->quit_done = 1;
    weft__bench_close(h);
    weft__frame_close(h);
    weft__console_close(h);
    weft__natives_close(h);
    if (!uv_is_closing((uv_handle_t *)&s->cmd_timer)) uv_close((uv_handle_t *)&s->cmd_timer, NULL);
    uv_stop(&h->loop);
}

uint64_t weft__srv_game_timer(weft_host *h)
{
    return (uv_hrtime() - h->server->start_ns) / 1000000;
}

/* ---- commands ------------------------------------------------------------ */

static void list_resources(weft_host *h)
{
    for (weft__resource *r = h->server->resources; r; r = r->next) {
        char kinds[64] = "";
        size_t mem = 0;
        for (weft__rt *rt = r->rts; rt; rt = rt->res_next) {
            if (kinds[0]) strcat(kinds, ",");
            strncat(kinds, rt->ops->kind, sizeof kinds - strlen(kinds) - 2);
            if (rt->ops->memory) mem += rt->ops->memory(rt);
        }
        char info[512];
        weft__natives_resource_info(h, r->name, info, sizeof info);
        weft__log(h, "weft", "%-24s %-9s %-8s %zu KiB%s%s%s%s", r->name,
                  weft__srv_state_name(r->state), kinds[0] ? kinds : "-", mem / 1024,
                  info[0] ? "  " : "", info,
                  !r->error[0] ? "" : r->error_is_exit ? "  stopped: " : "  error: ", r->error);
    }
}

static int emit_command(weft_host *h, const weft__cfg_cmd *c, const char *source, const char *name,
                        const char *json)
{
    char *buf = NULL, err[200];
    size_t len = 0;
    const char *verb = source ? "emitnet" : "emit";
    if (source) { /* a player's server id: a positive decimal integer */
        char *end;
        errno = 0;
        long v = strtol(source, &end, 10);
        if (!*source || *end || errno || v < 1 || v > INT32_MAX) {
            weft__srv_cmd_error(h, c, "weft", "emitnet: source \"%.40s\" is not a player id (1 to %d)",
                      source, INT32_MAX);
            return WEFT_EINVAL;
        }
    }
    if (weft__json_to_msgpack_err(json && *json ? json : "[]", &buf, &len, err, sizeof err) < 0) {
        weft__srv_cmd_error(h, c, "weft", "%s %s: the arguments are not valid JSON: %s", verb, name, err);
        return WEFT_EINVAL;
    }
    if (!len || (((unsigned char)buf[0] & 0xf0) != 0x90 && (unsigned char)buf[0] != 0xdc &&
                 (unsigned char)buf[0] != 0xdd)) {
        free(buf);
        weft__srv_cmd_error(h, c, "weft", "%s %s: the arguments must be one JSON array, e.g. [1, \"two\"]",
                  verb, name);
        return WEFT_EINVAL;
    }
    weft__host_enter(h, NULL);
    if (!source) weft__ev_emit(h, NULL, name, buf, len, NULL);
    else if (weft__net_emit(h, name, buf, len, source) == WEFT_ENOENT) /* as a player's */
        weft__net_log_not_safe(h, name, source, 0);
    weft__host_leave(h);
    free(buf);
    return 0;
}

/* The rest of a line after `skip` tokens, for `emit NAME json...`. */
static const char *rest_after(const char *line, int skip)
{
    const char *p = line;
    for (int i = 0; i < skip; i++) {
        while (*p == ' ' || *p == '\t') p++;
        while (*p && *p != ' ' && *p != '\t') p++;
    }
    while (*p == ' ' || *p == '\t') p++;
    return p;
}

static int cfg_exec_cb(void *opaque, const weft__cfg_cmd *cmd);

/* msg with every "DIR/" of the server folder removed (cfg paths inside the
 * server folder are shown relative to it), into out. Bound: one pass. */
static void relative_to_dir(weft_host *h, const char *msg, char *out, size_t cap)
{
    const char *dir = h->server->dir;
    size_t dl = dir ? strlen(dir) : 0, o = 0;
    for (const char *p = msg; *p && o + 1 < cap;) {
        if (dl && !strncmp(p, dir, dl) && p[dl] == '/') {
            p += dl + 1;
            continue;
        }
        out[o++] = *p++;
    }
    out[o] = 0;
}

/* A bad server.cfg line: one log line naming file:line; loading goes on. */
static void cfg_error(void *opaque, const char *msg)
{
    weft_host *h = opaque;
    char out[1024];
    relative_to_dir(h, msg, out, sizeof out);
    /* "exec: cannot open 'x.cfg' (x.cfg)": the path it resolved to, once
     * relative, is what the line said: name it once */
    char *q = strstr(out, "exec: "), *open_q = q ? strchr(q, '\'') : NULL;
    char *close_q = open_q ? strchr(open_q + 1, '\'') : NULL;
    size_t n = close_q ? (size_t)(close_q - open_q - 1) : 0;
    if (close_q && !strncmp(close_q + 1, " (", 2) && !strncmp(close_q + 3, open_q + 1, n) &&
        close_q[3 + n] == ')')
        memmove(close_q + 1, close_q + 4 + n, strlen(close_q + 4 + n) + 1);
    weft__log(h, "weft", "%s", out);
}

/* in with control bytes, DEL and bytes that are not UTF-8 written as \xNN
 * (a typed or exec'ed line is echoed in errors: no raw terminal bytes),
 * into out. Bound: one pass. */
static void escape_bytes(const char *in, char *out, size_t cap)
{
    const unsigned char *p = (const unsigned char *)in;
    size_t o = 0;
    while (*p && o + 5 < cap) {
        int n = *p < 0x80 ? 1 : (*p & 0xe0) == 0xc0 ? 2 : (*p & 0xf0) == 0xe0 ? 3
                              : (*p & 0xf8) == 0xf0 ? 4 : 0;
        int ok = n > 0 && (n > 1 || (*p >= 0x20 && *p != 0x7f));
        for (int k = 1; ok && k < n; k++) ok = (p[k] & 0xc0) == 0x80;
        if (ok && n > 1 && (*p == 0xc0 || *p == 0xc1 || *p > 0xf4)) ok = 0;
        if (ok && o + (size_t)n < cap) {
            memcpy(out + o, p, (size_t)n);
            o += (size_t)n;
            p += n;
        } else {
            o += (size_t)snprintf(out + o, cap - o, "\\x%02x", *p);
            p++;
        }
    }
    out[o] = 0;
}

void weft__srv_cmd_error(weft_host *h, const weft__cfg_cmd *c, const char *tag, const char *fmt,
                         ...)
{
    char raw[1024], msg[1200], where[1024] = "";
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(raw, sizeof raw, fmt, ap);
    va_end(ap);
    escape_bytes(raw, msg, sizeof msg);
    if (c && c->file) {
        char at[900];
        snprintf(at, sizeof at, "%s:%d: ", c->file, c->line);
        relative_to_dir(h, at, where, sizeof where);
    } else if (c && h->server->exec_caller) {
        snprintf(where, sizeof where, "ExecuteCommand of %.200s: ", h->server->exec_caller->name);
    }
    weft__log(h, tag, "%s%s", where, msg);
}

/* A command's name for a log line: at most SHOWN_NAME bytes, cut at a UTF-8
 * boundary with "..." (a 2000-byte unknown word keeps its line's reason). */
#define SHOWN_NAME 64
static const char *shown_name(const char *a0, char out[SHOWN_NAME + 4])
{
    size_t n = strlen(a0);
    if (n <= SHOWN_NAME) return a0;
    n = SHOWN_NAME;
    while (n && ((unsigned char)a0[n] & 0xc0) == 0x80) n--;
    memcpy(out, a0, n);
    memcpy(out + n, "...", 4);
    return out;
}

static void run_queue(weft_host *h);

static void cmd_timer_cb(uv_timer_t *t)
{
    run_queue(t->data);
}

/* The host's own commands, for `help` and the ACE check (the server APIs
 * add theirs, src/api/console_api.c). */
static const char *const builtin_commands[] = {
    "emit", "emitnet", "echo", "ensure", "exec", "help", "profiler", "quit", "refresh",
    "resmon", "resources", "restart", "set", "sets", "setr", "start", "stop", NULL};

/* A convar, or one of the server's own convars even before it is set. */
static int is_convar_command(weft_host *h, const char *name)
{
    static const char *const server_convars[] = {
        "sv_hostname", "sv_maxclients", "sv_projectName", "sv_projectDesc", "sv_licenseKey",
        "onesync", "gametype", "mapname", "gamename", "locale", "tags", NULL};
    if (weft__convars_find(&h->server->convars, name)) return 1;
    for (const char *const *n = server_convars; *n; n++)
        if (!strcasecmp(*n, name)) return 1;
    return 0;
}

static int is_builtin(const char *name)
{
    for (const char *const *b = builtin_commands; *b; b++)
        if (!strcasecmp(*b, name)) return 1;
    return 0;
}

/* The usage of the host's commands that take arguments, for refusals. */
static const struct {
    const char *name, *usage, *want;
    int min, max; /* arguments after the name */
} usages[] = {
    {"ensure", "ensure NAME", "1 argument", 1, 1},
    {"start", "start NAME", "1 argument", 1, 1},
    {"stop", "stop NAME", "1 argument", 1, 1},
    {"restart", "restart NAME", "1 argument", 1, 1},
    {"set", "set NAME \"VALUE\"", "2 arguments", 1, 2},
    {"sets", "sets NAME \"VALUE\"", "2 arguments", 1, 2},
    {"setr", "setr NAME \"VALUE\"", "2 arguments", 1, 2},
    {"exec", "exec FILE", "1 argument", 1, 1},
    {"emit", "emit NAME [JSON-ARRAY]", "1 or 2 arguments", 1, 2},
    {"emitnet", "emitnet SOURCE NAME [JSON-ARRAY]", "2 or 3 arguments", 2, 3},
    {"endpoint_add_tcp", "endpoint_add_tcp \"IP:PORT\"", "1 argument", 1, 1},
    {"endpoint_add_udp", "endpoint_add_udp \"IP:PORT\"", "1 argument", 1, 1},
};

/* 0 if c has as many arguments as its usage allows; else one line "...:
 * NAME: expected ..., got N (usage: ...)" and WEFT_EINVAL. As FiveM, whose
 * typed console commands refuse a wrong argument count, extra words are
 * refused rather than dropped. Commands from a raw line (emit, echo) keep
 * the rest of the line as their last argument. */
static int check_usage(weft_host *h, const weft__cfg_cmd *c, int raw)
{
    for (size_t i = 0; i < sizeof usages / sizeof usages[0]; i++) {
        if (strcmp(c->argv[0], usages[i].name)) continue;
        int n = c->argc - 1;
        if (n >= usages[i].min && (n <= usages[i].max || raw)) return 0;
        int quote = n > usages[i].max && usages[i].name[0] == 's' && usages[i].name[1] == 'e';
        weft__srv_cmd_error(h, c, "weft", "%s: expected %s, got %d%s (usage: %s)", c->argv[0],
                            usages[i].want, n, quote ? " (quote a value that has spaces)" : "",
                            usages[i].usage);
        return WEFT_EINVAL;
    }
    return 0;
}

/* `help NAME`: what the command does and its usage, in one line. */
static const struct {
    const char *name, *usage, *what;
} help_texts[] = {
    {"add_ace", "add_ace PRINCIPAL OBJECT allow|deny", "grants or denies PRINCIPAL the ACE OBJECT"},
    {"add_filesystem_permission", "add_filesystem_permission SOURCE read|write TARGET",
     "lets resource SOURCE write in resource TARGET's folder (server.cfg only)"},
    {"add_principal", "add_principal CHILD PARENT", "CHILD inherits PARENT's ACEs"},
    {"echo", "echo TEXT", "prints TEXT"},
    {"emit", "emit NAME [JSON-ARRAY]", "triggers the server event NAME with those arguments"},
    {"emitnet", "emitnet SOURCE NAME [JSON-ARRAY]",
     "triggers NAME as a net event from player SOURCE"},
    {"endpoint_add_tcp", "endpoint_add_tcp \"IP:PORT\"", "listens for HTTP and players there"},
    {"endpoint_add_udp", "endpoint_add_udp \"IP:PORT\"", "listens for game clients (ENet) there"},
    {"ensure", "ensure NAME", "starts resource NAME, or restarts it when it runs"},
    {"exec", "exec FILE",
     "runs the commands of FILE (relative to the server folder); a file not named .cfg "
     "stops at its first bad line"},
    {"help", "help [COMMAND]", "lists the commands you may run, or describes one"},
    {"list_aces", "list_aces", "prints every ACE"},
    {"list_principals", "list_principals", "prints every principal and its parents"},
    {"profiler", "profiler record start|<frames>|stop | status | saveJSON <file> | ...",
     "records script time per resource and event"},
    {"quit", "quit", "stops every resource and ends the server"},
    {"refresh", "refresh", "finds new resources and re-reads stopped ones' manifests"},
    {"remove_ace", "remove_ace PRINCIPAL OBJECT allow|deny", "removes that ACE"},
    {"remove_principal", "remove_principal CHILD PARENT", "removes that inheritance"},
    {"resmon", "resmon [seconds]", "prints CPU and memory per resource (every N seconds)"},
    {"resources", "resources", "lists the resources: state, runtimes, memory, last error"},
    {"restart", "restart NAME", "stops and starts resource NAME (its dependents stay stopped)"},
    {"set", "set NAME \"VALUE\"", "sets a convar; set NAME alone prints it"},
    {"setr", "setr NAME \"VALUE\"", "sets a convar replicated to clients"},
    {"sets", "sets NAME \"VALUE\"", "sets a convar shown in the server's info"},
    {"start", "start NAME", "starts resource NAME and its dependencies"},
    {"statebag_policy", "statebag_policy BAG KEY [RESOURCE...]",
     "only those resources may write KEY in BAG (none: anyone)"},
    {"stop", "stop NAME", "stops resource NAME and the resources that depend on it"},
    {"test_ace", "test_ace PRINCIPAL OBJECT", "prints whether PRINCIPAL is allowed OBJECT"},
};

static int print_convar(weft_host *h, const weft__cfg_cmd *c, const char *name);

static int help_command(weft_host *h, const weft__cfg_cmd *c, const char *name)
{
    for (size_t i = 0; i < sizeof help_texts / sizeof help_texts[0]; i++)
        if (!strcasecmp(help_texts[i].name, name)) {
            weft__log(h, "weft", "%s: %s (usage: %s)", help_texts[i].name, help_texts[i].what,
                      help_texts[i].usage);
            return 0;
        }
    const weft__command *rc = weft__cmds_find(&h->server->commands, name);
    if (rc) {
        if (rc->restricted)
            weft__log(h, "weft", "%s: a command of resource %s (restricted: it needs the ACE "
                      "command.%s)", rc->name, rc->resource, rc->name);
        else
            weft__log(h, "weft", "%s: a command of resource %s", rc->name, rc->resource);
        return 0;
    }
    if (is_convar_command(h, name) || weft__convar_range_find(name)) {
        weft__log(h, "weft", "%s: a convar (%s \"VALUE\" sets it); now:", name, name);
        print_convar(h, c, name);
        return 0;
    }
    weft__srv_cmd_error(h, c, "weft", "help: no command \"%s\" (help lists them)", name);
    return WEFT_ENOENT;
}

/* `set NAME` or NAME alone: print the value, and the default of a convar
 * weft reads, which is its value until it is set (as FiveM's `"NAME" is
 * "V" default: "D"`). */
static int print_convar(weft_host *h, const weft__cfg_cmd *c, const char *name)
{
    const char *v = weft__convars_get(&h->server->convars, name, NULL);
    const weft__convar_range *r = weft__convar_range_find(name);
    char def[96] = "";
    if (r && r->def_lua)
        snprintf(def, sizeof def, "%lld for JS, %lld for Lua", r->def, r->def_lua);
    else if (r)
        snprintf(def, sizeof def, "%lld", r->def);
    if (v && r) weft__log(h, "weft", "\"%s\" is \"%s\" (default: %s)", r->name, v, def);
    else if (v) weft__log(h, "weft", "\"%s\" is \"%s\"", name, v);
    else if (r && r->def_lua) weft__log(h, "weft", "\"%s\" is the default: %s", r->name, def);
    else if (r) weft__log(h, "weft", "\"%s\" is \"%s\" (default: %s)", r->name, def, def);
    else weft__srv_cmd_error(h, c, "weft", "\"%s\" is not set", name); /* at its cfg line */
    return v || r ? 0 : WEFT_ENOENT;
}

/* set/sets/setr NAME VALUE, and `NAME VALUE` for a known convar: a value a
 * numeric convar cannot take is refused with one line (the old value
 * stays); the bench/metrics switches act on the new value. */
static int set_command(weft_host *h, const weft__cfg_cmd *c, const char *name, const char *value,
                       unsigned flags)
{
    char why[512];
    if (!*name) {
        weft__srv_cmd_error(h, c, "weft", "%s: the convar name is empty (usage: %s NAME \"VALUE\")",
                            c->argv[0], c->argv[0]);
        return WEFT_EINVAL;
    }
    if (weft__convar_check(&h->server->convars, name, value, why, sizeof why)) {
        if (!strcasecmp(c->argv[0], name)) /* `sv_frameRate 0`: the name leads why */
            weft__srv_cmd_error(h, c, "weft", "%s", why);
        else
            weft__srv_cmd_error(h, c, "weft", "%s: %s", c->argv[0], why);
        return WEFT_EINVAL;
    }
    if (!strcasecmp(name, "weft_drainPolicy") && weft__bench_set_policy(h, value) < 0)
        return WEFT_EINVAL;
    if (!strcasecmp(name, "weft_testNatives") && strcmp(value, "0")) weft__api_test_enable(h);
    if (!strcasecmp(name, "weft_metrics")) weft__prof_metrics(h, strcmp(value, "0") != 0);
    return weft__srv_set_convar(h, name, value, flags);
}

static int run_cmd(weft_host *h, const weft__cfg_cmd *c, const char *line)
{
    weft__server *s = h->server;
    const char *a0 = c->argv[0];
    char shown[SHOWN_NAME + 4];
    const char *a1 = c->argc > 1 ? c->argv[1] : NULL;
    /* As FiveM: every command needs the ACE command.NAME for a principal
     * on the stack (the console has `command`). */
    char object[300];
    snprintf(object, sizeof object, "command.%s", a0);
    if (!weft__ace_check_stack(&s->ace, object)) {
        int known = is_builtin(a0) || weft__api_known(h, a0) || is_convar_command(h, a0);
        if (known) /* names the principal: no ExecuteCommand prefix */
            weft__srv_cmd_error(h, c->file ? c : NULL, "weft", "access denied for command %s (%s%s)",
                                a0, s->exec_caller ? "resource." : "no ACE allows it",
                                s->exec_caller ? s->exec_caller->name : "");
        else
            weft__srv_cmd_error(h, c, "weft", "%s: unknown command (try help)",
                                shown_name(a0, shown));
        return known ? WEFT_EACCES : WEFT_EINVAL;
    }
    int is_set = !strcmp(a0, "set") || !strcmp(a0, "sets") || !strcmp(a0, "setr");
    if (check_usage(h, c, line != NULL && (!strcmp(a0, "emit") || !strcmp(a0, "emitnet"))))
        return WEFT_EINVAL;
    if (!strcmp(a0, "ensure") || !strcmp(a0, "start") || !strcmp(a0, "stop") ||
        !strcmp(a0, "restart")) {
        /* a name that is no resource: one line naming the command's place */
        weft__resource *r = weft__srv_find(h, a1);
        if (!r && strcmp(a0, "stop")) {
            weft__srv_refresh(h);
            r = weft__srv_find(h, a1);
        }
        if (!r) {
            weft__srv_cmd_error(h, c, "weft", "%s: no such resource \"%.200s\" (resources lists them)",
                                a0, a1);
            return WEFT_ENOENT;
        }
        if (!strcmp(a0, "stop") && r->state != WEFT_RES_STARTED && r->state != WEFT_RES_STARTING) {
            weft__srv_cmd_error(h, c, "weft", "stop: \"%.200s\" is not running", a1);
            return WEFT_ESTATE;
        }
        return lifecycle(h, a0, a1);
    }
    if (!strcmp(a0, "refresh")) return weft__srv_refresh(h);
    if (!strcmp(a0, "profiler") || !strcmp(a0, "resmon"))
        return weft__prof_command(h, c->argc, c->argv);
    if (!strcmp(a0, "resources")) {
        list_resources(h);
        return 0;
    }
    if (is_set && c->argc == 3) {
        unsigned fl = a0[3] == 's' ? WEFT_CONVAR_SERVERINFO : a0[3] == 'r' ? WEFT_CONVAR_REPLICATED : 0;
        return set_command(h, c, a1, c->argv[2], fl);
    }
    if (is_set) return print_convar(h, c, a1); /* `set NAME` prints it */
    if (!strcmp(a0, "exec")) {
        char path[PATH_MAX], err[1024];
        const char *name = a1;
        while (name[0] == '.' && name[1] == '/') name += 2; /* as config.c's resolve */
        if (a1[0] == '/') snprintf(path, sizeof path, "%s", a1);
        else snprintf(path, sizeof path, "%s/%s", s->dir ? s->dir : ".", name);
        int rc = weft__cfg_load_reporting(path, cfg_exec_cb, cfg_error, h, err, sizeof err);
        if (rc < 0) {
            char out[1024];
            relative_to_dir(h, err, out, sizeof out);
            weft__srv_cmd_error(h, c, "weft", "exec: %s", out);
        }
        return rc;
    }
    if (!strcmp(a0, "emit")) return emit_command(h, c, NULL, a1, line ? rest_after(line, 2) : c->argv[2]);
    if (!strcmp(a0, "emitnet"))
        return emit_command(h, c, a1, c->argv[2], line ? rest_after(line, 3) : c->argv[3]);
    if (!strcmp(a0, "endpoint_add_tcp") || !strcmp(a0, "endpoint_add_udp"))
    {
        s->cfg_at = c; /* for its refusal lines; no script runs in it */
        int rc = weft__net_endpoint_add(h, a1, a0[13] == 'u');
        s->cfg_at = NULL;
        return rc;
    }
    if (!strcmp(a0, "help")) {
        if (c->argc > 1) return help_command(h, c, a1);
        weft__api_help(h, builtin_commands);
        return 0;
    }
    if (!strcmp(a0, "quit")) {
        weft__srv_quit(h);
        return 0;
    }
    if (!strcmp(a0, "echo")) { /* for scripts and tests: print the rest */
        if (line) {
            weft__log(h, "weft", "%s", rest_after(line, 1));
            return 0;
        }
        char words[1024] = ""; /* a cfg line: its words */
        for (int i = 1; i < c->argc; i++) {
            if (i > 1) strncat(words, " ", sizeof words - strlen(words) - 1);
            strncat(words, c->argv[i], sizeof words - strlen(words) - 1);
        }
        weft__log(h, "weft", "%s", words);
        return 0;
    }
    int rc = weft__api_command(h, c, line);
    if (rc != WEFT_ENOENT) return rc;
    /* As FiveM's console, a convar is a command: its name alone prints it,
     * with one argument sets it (the server's own, like sv_hostname, even
     * before they are set). */
    int known_var = is_convar_command(h, a0) || weft__convar_range_find(a0);
    if (known_var && c->argc == 1) return print_convar(h, c, a0);
    if (known_var && c->argc == 2) {
        const weft__convar *cv = weft__convars_find(&s->convars, a0);
        return set_command(h, c, a0, c->argv[1], cv ? cv->flags : 0);
    }
    if (known_var) {
        weft__srv_cmd_error(h, c, "weft",
                            "%s: expected 1 value, got %d (quote a value that has spaces) "
                            "(usage: %s \"VALUE\")",
                            a0, c->argc - 1, a0);
        return WEFT_EINVAL;
    }
    if (c->file && weft__cfg_strict_name(c->file)) {
        /* exec of a file that is not *.cfg (exec /etc/passwd): its first
         * unknown command ends it, rather than one line per line of it */
        weft__srv_cmd_error(h, c, "weft", "%s: unknown command (not a .cfg file: the rest of it "
                            "is skipped)", shown_name(a0, shown));
        s->stop_file = 1;
        return WEFT_EINVAL;
    }
    weft__srv_cmd_error(h, c, "weft", "%s: unknown command (try help)", shown_name(a0, shown));
    return WEFT_EINVAL;
}

static int cfg_exec_cb(void *opaque, const weft__cfg_cmd *cmd)
{
    weft_host *h = opaque;
    h->server->stop_file = 0;
    if (cmd->argc > 0 && !h->server->quit_done) run_cmd(h, cmd, NULL);
    if (h->server->stop_file) {
        h->server->stop_file = 0;
        return WEFT_CFG_STOP_FILE;
    }
    return 0;
}

/* emit NAME JSON..., emitnet SOURCE NAME JSON..., echo TEXT: the words are
 * split here, not by the cfg tokenizer, because everything after them is
 * one argument of any length (JSON with spaces, quotes, ';'). Returns 1 if
 * line was one of them (run, its result in *rc). */
static int raw_command(weft_host *h, const char *line, int *rc)
{
    static const struct {
        const char *name;
        int words;
    } raw[] = {{"emit", 2}, {"emitnet", 3}, {"echo", 1}};
    char words[3][256];
    const char *p = line;
    size_t n = strcspn(p, " \t");
    size_t k;
    for (k = 0; k < sizeof raw / sizeof raw[0]; k++)
        if (strlen(raw[k].name) == n && !strncmp(p, raw[k].name, n)) break;
    if (k == sizeof raw / sizeof raw[0]) return 0;
    /* Bound: raw[k].words words of at most 255 bytes. */
    int got = 0;
    for (; got < raw[k].words; got++) {
        while (*p == ' ' || *p == '\t') p++;
        n = strcspn(p, " \t");
        if (!n) break;
        if (n >= sizeof words[0]) {
            weft__log(h, "weft", "%s: a word longer than %zu bytes", raw[k].name,
                      sizeof words[0] - 1);
            *rc = WEFT_EINVAL;
            return 1;
        }
        memcpy(words[got], p, n);
        words[got][n] = 0;
        p += n;
    }
    char *argv[4] = {NULL, NULL, NULL, NULL};
    for (int i = 0; i < got; i++) argv[i] = words[i];
    weft__cfg_cmd c = {got, argv, NULL, 0};
    *rc = run_cmd(h, &c, line);
    return 1;
}

/* Run every ';'-separated command of line now, as the principal already
 * pushed. Bound: one command per part of the line. For the raw-rest
 * commands (emit, echo) the whole rest of the line is the argument. */
static int exec_line(weft_host *h, const char *line)
{
    const char *p = line, *why = NULL;
    weft__cfg_cmd c;
    int r, rc = 0;
    for (;;) {
        while (*p == ' ' || *p == '\t') p++;
        const char *start = p;
        if (raw_command(h, p, &rc)) return rc;
        if ((r = weft__cfg_split_why(&p, &c, &why)) <= 0) break;
        int rest = !strcmp(c.argv[0], "emit") || !strcmp(c.argv[0], "emitnet") ||
                   !strcmp(c.argv[0], "echo");
        /* the command's own text, for RegisterCommand's rawCommand */
        size_t n = (size_t)(p - start);
        while (n && (start[n - 1] == ';' || start[n - 1] == '\n' || start[n - 1] == ' ' ||
                     start[n - 1] == '\r'))
            n--;
        char *raw = rest ? NULL : strndup(start, n);
        rc = run_cmd(h, &c, rest ? start : raw);
        free(raw);
        weft__cfg_cmd_free(&c);
        if (rest) break;
    }
    if (r < 0) { /* as a server.cfg line says it, without a file:line */
        weft__cfg_cmd none = {0, NULL, NULL, 0};
        weft__srv_cmd_error(h, &none, "weft", "%s (rest of the line ignored)", why);
    }
    return r < 0 ? r : rc;
}

int weft__srv_exec(weft_host *h, weft__resource *caller, const char *line)
{
    weft__server *s = h->server;
    if (!s || s->quit_done) return WEFT_ESTATE;
    char principal[300];
    snprintf(principal, sizeof principal, caller ? "resource.%s" : "system.console",
             caller ? caller->name : "");
    weft__resource *saved = s->exec_caller;
    uint64_t saved_gen = s->cmd_gen;
    s->cmd_gen = ++s->gen_seq; /* a command of its own; the outer one's comes back */
    /* A resource acts with its own principal only, except inside a command
     * handler, where (as FiveM) the principals that ran the command, the
     * console or a player, still count. */
    int hide = caller && !s->command_depth;
    size_t base = hide ? weft__ace_hide(&s->ace) : 0;
    s->exec_caller = caller;
    int rc = weft__ace_push(&s->ace, principal);
    if (!rc) {
        rc = exec_line(h, line);
        weft__ace_pop(&s->ace);
    }
    if (hide) weft__ace_unhide(&s->ace, base);
    s->exec_caller = saved;
    s->cmd_gen = saved_gen;
    return rc;
}

int weft__srv_command(weft_host *h, const char *line)
{
    if (!h->server) return WEFT_ESTATE;
    if (h->depth > 0) {
        weft__srv_queue_command(h, line);
        return 0;
    }
    return weft__srv_exec(h, NULL, line);
}

void weft__srv_queue_as(weft_host *h, const char *caller, const char *line)
{
    weft__server *s = h->server;
    if (s->cmdq_len == s->cmdq_cap) {
        size_t cap = s->cmdq_cap ? s->cmdq_cap * 2 : 8;
        weft__queued_cmd *n = realloc(s->cmdq, cap * sizeof *n);
        if (!n) return;
        s->cmdq = n;
        s->cmdq_cap = cap;
    }
    weft__queued_cmd q = {strdup(line), caller ? strdup(caller) : NULL};
    if (!q.line || (caller && !q.caller)) {
        free(q.line);
        free(q.caller);
        return;
    }
    s->cmdq[s->cmdq_len++] = q;
    if (!s->in_after && !s->quit_done) uv_timer_start(&s->cmd_timer, cmd_timer_cb, 0, 0);
}

void weft__srv_queue_command(weft_host *h, const char *line)
{
    weft__srv_queue_as(h, NULL, line);
}

void weft__srv_stopped_by_itself(weft_host *h, const char *name, const char *why)
{
    weft__resource *r = weft__srv_find(h, name);
    if (!r) return;
    snprintf(r->error, sizeof r->error, "%s", why);
    r->error_is_exit = 1;
}

void weft__srv_stop_for_limit(weft_host *h, const char *name, const char *why)
{
    char line[300];
    weft__resource *r = weft__srv_find(h, name);
    if (r) {
        snprintf(r->error, sizeof r->error, "%s", why);
        r->error_is_exit = 0;
    }
    if (r && r->state == WEFT_RES_STARTING) { /* loading: it does not start (start_res) */
        r->halted_loading = 1;
        return;
    }
    /* stopping already (a runaway onResourceStop handler or finalizer): its
     * stop goes on; a queued stop would only say it is not running */
    if (!r || r->state != WEFT_RES_STARTED) return;
    snprintf(line, sizeof line, "stop %s", name);
    weft__srv_queue_command(h, line);
}

/* Run the commands queued so far (at depth 0), each as the principal that
 * asked for it (a resource gone meanwhile: as resource.NAME all the same,
 * by name). Commands they queue wait for the next loop iteration, so a
 * resource restarting itself forever cannot starve the loop. */
static void run_queue(weft_host *h)
{
    weft__server *s = h->server;
    if (!s->cmdq_len || s->quit_done) return;
    weft__queued_cmd *q = s->cmdq;
    size_t n = s->cmdq_len;
    s->cmdq = NULL;
    s->cmdq_len = s->cmdq_cap = 0;
    s->in_after = 1;
    for (size_t i = 0; i < n; i++) {
        s->cmd_gen = ++s->gen_seq;
        if (!s->quit_done) {
            if (!q[i].caller) {
                weft__srv_exec(h, NULL, q[i].line);
            } else {
                char principal[300];
                snprintf(principal, sizeof principal, "resource.%s", q[i].caller);
                if (weft__ace_push(&s->ace, principal) == 0) {
                    exec_line(h, q[i].line);
                    weft__ace_pop(&s->ace);
                }
            }
        }
        weft__ref_flush(h);
        free(q[i].line);
        free(q[i].caller);
    }
    free(q);
    s->in_after = 0;
    if (s->cmdq_len && !s->quit_done) uv_timer_start(&s->cmd_timer, cmd_timer_cb, 0, 0);
}

void weft__srv_run_queued(weft_host *h)
{
    weft__server *s = h->server;
    if (!s || h->depth > 0 || s->in_after || !s->cmdq_len || s->quit_done) return;
    uv_timer_stop(&s->cmd_timer);
    run_queue(h);
}

/* At depth 0 no script code is on the stack, but the C code that entered it
 * may still be (a timer or immediate batch holds its own values): queued
 * lifecycle commands therefore run from their own loop callback. */
static void after_checkpoint(weft_host *h)
{
    weft__server *s = h->server;
    if (!s || s->in_after) return;
    weft__ref_flush(h);
    weft__natives_flush(h);
    if (s->cmdq_len && !s->quit_done) uv_timer_start(&s->cmd_timer, cmd_timer_cb, 0, 0);
}

/* ---- set-up ------------------------------------------------------------- */

int weft__srv_init(weft_host *h)
{
    weft__server *s = calloc(1, sizeof *s);
    if (!s) return WEFT_ENOMEM;
    s->host = h;
    weft__convars_init(&s->convars);
    s->start_ns = uv_hrtime();
    s->use_color = isatty(1) && !getenv("NO_COLOR");
    uv_timer_init(&h->loop, &s->cmd_timer);
    s->cmd_timer.data = h;
    h->server = s;
    h->after_checkpoint = after_checkpoint;
    int rc = weft__api_init(h);
    if (rc == 0) rc = weft__natives_init(h);
    if (rc == 0) rc = weft__prof_init(h);
    if (rc == 0) rc = weft__builtin_open(h);
    if (rc == 0) rc = weft__net_init(h);
    return rc;
}

void weft__srv_free(weft_host *h)
{
    weft__server *s = h->server;
    if (!s) return;
    weft__srv_quit(h);
    /* Let closing handles finish. The first run may return at once (quit's
     * uv_stop); a connection's shutdown takes one more pass before its
     * close. Bound: 4 passes, none blocks. */
    for (int i = 0; i < 4; i++) uv_run(&h->loop, UV_RUN_NOWAIT);
    for (weft__resource *r = s->resources, *n; r; r = n) {
        n = r->next;
        if (r->rts) {
            halt_runtimes(h, r);
            free_runtimes(h, r);
        }
        if (r->has_manifest) weft__manifest_free(&r->manifest);
        free(r->name);
        free(r->path);
        free(r->dup_path);
        free(r);
    }
    weft__ref_flush(h);
    weft__ref_free_all(h);
    weft__ev_free_all(h);
    weft__net_free(h);
    for (size_t i = 0; i < s->cmdq_len; i++) {
        free(s->cmdq[i].line);
        free(s->cmdq[i].caller);
    }
    free(s->cmdq);
    for (size_t i = 0; i < s->evq_len; i++)
        free(s->evq[i]);
    free(s->evq);
    weft__api_free(h);
    weft__natives_free(h);
    weft__prof_free(h);
    weft__convars_free(&s->convars);
    free(s->dir);
    free(s);
    h->server = NULL;
    h->after_checkpoint = NULL;
}

int weft__srv_load(weft_host *h, const char *dir)
{
    weft__server *s = h->server;
    char abs[PATH_MAX], cfg[PATH_MAX + 16], err[1024];
    struct stat st;
    if (!realpath(dir, abs) || stat(abs, &st) || !S_ISDIR(st.st_mode)) {
        weft__log(h, "weft", "cannot use server folder '%s': not a folder", dir);
        return WEFT_ENOENT;
    }
    snprintf(cfg, sizeof cfg, "%s/resources", abs);
    if (stat(cfg, &st) || !S_ISDIR(st.st_mode)) /* FXServer runs without one too */
        weft__log(h, "weft", "warning: server folder '%s' has no resources/ folder: only the "
                  "built-in resources can start", dir);
    free(s->dir);
    s->dir = strdup(abs);
    weft__srv_refresh(h);
    snprintf(cfg, sizeof cfg, "%s/server.cfg", abs);
    if (!is_file(cfg)) { /* a folder without server.cfg starts nothing */
        if (!lstat(cfg, &st)) /* but one that is not a file is said */
            weft__log(h, "weft", "server.cfg is not a regular file: nothing in it was run");
        return 0;
    }
    int pushed = weft__ace_push(&s->ace, "system.console") == 0;
    s->cmd_gen = ++s->gen_seq;
    int rc = weft__cfg_load_reporting(cfg, cfg_exec_cb, cfg_error, h, err, sizeof err);
    if (pushed) weft__ace_pop(&s->ace);
    s->fs_grants_closed = 1; /* FiveM: once the initial configuration ran */
    if (rc < 0) {
        weft__log(h, "weft", "%s", err);
        return rc;
    }
    return 0;
}

/* ---- the public embedding API --------------------------------------------- */

int weft_host_new(const weft_host_options *opts, weft_host **out)
{
    *out = NULL;
    weft_host *h = malloc(sizeof *h);
    if (!h) return WEFT_ENOMEM;
    if (weft__host_init(h) < 0) {
        free(h);
        return WEFT_ELOOP;
    }
    int rc = weft__srv_init(h);
    if (rc < 0) {
        weft__srv_free(h);
        weft__host_close(h);
        free(h);
        return rc;
    }
    weft__server *s = h->server;
    s->ticking_externally = opts && opts->external_tick;
    if (!(opts && opts->no_console)) weft__console_open(h);
    *out = h;
    return 0;
}

static void release_signals(weft_host *h);

void weft_host_free(weft_host *h)
{
    if (!h) return;
    if (h->server) release_signals(h);
    weft__srv_free(h);
    weft__host_close(h);
    free(h);
}

int weft_host_load(weft_host *h, const char *dir)
{
    if (!h || !dir) return WEFT_EINVAL;
    int rc = weft__srv_load(h, dir);
    if (rc < 0) return rc;
    if (!h->server->ticking_externally && !h->server->quit_done) weft__frame_init(h);
    return 0;
}

int weft_host_command(weft_host *h, const char *line)
{
    if (!h || !line) return WEFT_EINVAL;
    int rc = weft__srv_command(h, line);
    weft__srv_run_queued(h); /* as the console: the next command sees its effects */
    return rc;
}

int weft_host_start(weft_host *h, const char *resource)
{
    return h && resource ? weft__srv_start(h, resource) : WEFT_EINVAL;
}

int weft_host_stop(weft_host *h, const char *resource)
{
    return h && resource ? weft__srv_stop(h, resource) : WEFT_EINVAL;
}

int weft_host_restart(weft_host *h, const char *resource)
{
    return h && resource ? weft__srv_restart(h, resource) : WEFT_EINVAL;
}

const char *weft_host_resource_state(weft_host *h, const char *resource)
{
    weft__resource *r = h && resource ? weft__srv_find(h, resource) : NULL;
    return r ? weft__srv_state_name(r->state) : "missing";
}

static int emit_bytes(weft_host *h, const char *event, const char *source, const void *args,
                      size_t len)
{
    if (!h || !event || (!args && len)) return WEFT_EINVAL;
    static const char empty[] = {(char)0x90};
    if (!args) {
        args = empty;
        len = 1;
    }
    if (!weft__mp_valid(args, len, 1)) return WEFT_EINVAL; /* nothing dispatched */
    weft__host_enter(h, NULL);
    int canceled = weft__ev_emit(h, NULL, event, args, len, source);
    weft__host_leave(h);
    return canceled;
}

int weft_host_emit(weft_host *h, const char *event, const void *args, size_t len)
{
    return emit_bytes(h, event, NULL, args, len);
}

int weft_host_emit_net(weft_host *h, const char *event, int source, const void *args, size_t len)
{
    char src[16];
    snprintf(src, sizeof src, "%d", source);
    return emit_bytes(h, event, src, args, len);
}

/* SIGINT/SIGTERM while weft_host_run() runs. The first one interrupts the
 * script code running at that moment, if any (through the watchdog: the
 * same uncatchable stop as a CPU limit, for that entry only), then the
 * server quits cleanly (resources get onResourceStop). A second one ends the
 * process at once, from the signal handler itself, even if script code (an
 * onResourceStop handler, say) never returns; so does the first one when the
 * loop has not handled it within WEFT_SIGNAL_GRACE_MS (blocked in C work no
 * limit reaches; the watchdog thread watches h->signal_since), or when the
 * quit it started has not ended within WEFT_SIGNAL_QUIT_MS. One host
 * catches signals at a time. */
typedef struct signal_watch {
    weft_host *h;
    uv_async_t async;
    struct sigaction old[2];
} signal_watch;

static signal_watch *volatile signal_current;
static volatile sig_atomic_t signal_seen, signal_num;
static const int signal_nums[2] = {SIGINT, SIGTERM};

/* The handler: only async-signal-safe calls (atomics, uv_async_send, write). */
static void on_signal(int signum)
{
    signal_watch *w = signal_current;
    if (!w) return;
    if (signal_seen) {
        static const char msg[] = "[weft] second signal: exiting now\n";
        ssize_t n = write(1, msg, sizeof msg - 1);
        (void)n;
        _exit(128 + signum);
    }
    signal_seen = 1;
    signal_num = signum;
    atomic_store_explicit(&w->h->signal_pending, signum, memory_order_relaxed);
    atomic_store_explicit(&w->h->signal_since, uv_hrtime(), memory_order_relaxed);
    weft__wd_interrupt_running(w->h);
    uv_async_send(&w->async);
}

static void on_signal_async(uv_async_t *a)
{
    signal_watch *w = a->data;
    /* handled: from now on the watchdog bounds the quit itself */
    atomic_store_explicit(&w->h->signal_quitting, 1, memory_order_relaxed);
    atomic_store_explicit(&w->h->signal_since, uv_hrtime(), memory_order_relaxed);
    weft__log(w->h, "weft", "%s: quitting (again to force)",
              signal_num == SIGINT ? "SIGINT" : "SIGTERM");
    weft__srv_queue_command(w->h, "quit");
}

static void signal_closed(uv_handle_t *handle)
{
    free(handle->data);
}

int weft_host_catch_signals(weft_host *h)
{
    if (!h) return WEFT_EINVAL;
    if (h->server->signals) return 0;
    if (signal_current) return WEFT_ESTATE; /* another host has them */
    signal_watch *w = calloc(1, sizeof *w);
    if (!w) return WEFT_ENOMEM;
    w->h = h;
    if (uv_async_init(&h->loop, &w->async, on_signal_async)) {
        free(w);
        return WEFT_ELOOP;
    }
    w->async.data = w;
    uv_unref((uv_handle_t *)&w->async); /* a signal watch keeps nothing alive */
    weft__wd_start(h); /* without it, a blocked loop only ends by a second signal */
    signal_seen = 0;
    signal_current = w;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESTART;
    for (int i = 0; i < 2; i++) sigaction(signal_nums[i], &sa, &w->old[i]);
    h->server->signals = w;
    return 0;
}

static void release_signals(weft_host *h)
{
    signal_watch *w = h->server->signals;
    if (!w) return;
    h->server->signals = NULL;
    for (int i = 0; i < 2; i++) sigaction(signal_nums[i], &w->old[i], NULL);
    atomic_store_explicit(&h->signal_since, 0, memory_order_relaxed);
    signal_current = NULL;
    uv_close((uv_handle_t *)&w->async, signal_closed);
}

int weft_host_run(weft_host *h)
{
    if (!h) return WEFT_EINVAL;
    weft_host_catch_signals(h);
    if (!h->loop_start) h->loop_start = uv_hrtime();
    /* Bound: returns on quit (uv_stop) or when nothing keeps the loop alive. */
    while (!h->server->quit_done && !h->exit_requested) {
        if (!uv_run(&h->loop, UV_RUN_DEFAULT)) break;
    }
    release_signals(h);
    fflush(stdout);
    return 0;
}

int weft_host_tick(weft_host *h)
{
    if (!h) return WEFT_EINVAL;
    if (h->server->quit_done) return 0;
    uv_run(&h->loop, UV_RUN_NOWAIT);
    if (!h->server->quit_done) weft__frame_run(h);
    return h->server->quit_done ? 0 : 1;
}

int weft_host_quit(weft_host *h)
{
    if (!h) return WEFT_EINVAL;
    weft__srv_quit(h);
    return 0;
}
