/* convar_natives.c: convars for scripts (issue 12 item 3), with FiveM's
 * conversions (ConsoleScriptFunctions): GetConvar, GetConvarInt (leading
 * integer; "true"/"false" in any case are 1/0; else the default),
 * GetConvarFloat, GetConvarBool, SetConvar, SetConvarReplicated,
 * SetConvarServerInfo, AddConvarChangeListener (FiveM's filter: words split
 * by spaces or '+' are alternatives, '*' any run, case-insensitive),
 * RemoveConvarChangeListener. Listeners run synchronously when a value
 * changes, in registration order; the registry holds one count of each
 * listener's function reference. */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "api/api.h"
#include "api/args.h"
#include "api/server_api.h"
#include "host/config.h"
#include "host/server.h"
#include "net/net.h"

int weft__srv_set_convar(weft_host *h, const char *name, const char *value, unsigned flags)
{
    weft__server *s = h->server;
    char why[8];
    if (weft__convar_check(NULL, name, value, why, sizeof why)) return WEFT_EINVAL;
    const char *old = weft__convars_get(&s->convars, name, NULL);
    int changed = !old || strcmp(old, value);
    int rc = weft__convars_set(&s->convars, name, value, flags);
    int listeners = !rc && changed ? weft__api_convar_changed(h, name) : 0;
    if (!rc && changed && (!strncasecmp(name, "net_", 4) || !strcasecmp(name, "sv_maxClients")))
        weft__net_limits_reload(h);
    return rc ? rc : listeners; /* a listener's stack overflow is the setter's */
}

/* The value with FiveM's integer rules; 0 and *ok 0 when it has none. */
static long long int_value(const char *v, int *ok)
{
    *ok = 1;
    if (!strcasecmp(v, "true")) return 1;
    if (!strcasecmp(v, "false")) return 0;
    char *end;
    errno = 0;
    long long n = strtoll(v, &end, 10);
    if (end == v || errno || n < INT_MIN || n > INT_MAX) *ok = 0;
    return n;
}

static const char *value_of(weft_host *h, const weft__args *a, char *name, size_t cap)
{
    if (!weft__args_text(a, 0, name, cap)) return NULL;
    return weft__convars_get(&h->server->convars, name, NULL);
}

static int n_get_convar(void *ud, const char *args, size_t len, char **out, size_t *olen)
{
    weft__args a;
    char name[256], def[1024];
    if (weft__args_parse(&a, args, len) < 0) return WEFT_EINVAL;
    const char *v = value_of(ud, &a, name, sizeof name);
    if (!v) v = weft__args_text(&a, 1, def, sizeof def);
    if (!v) return 0; /* no default given: nil, as FiveM's null string */
    return weft__res_str(v, strlen(v), out, olen);
}

static int n_get_convar_int(void *ud, const char *args, size_t len, char **out, size_t *olen)
{
    weft__args a;
    char name[256];
    int ok = 0;
    if (weft__args_parse(&a, args, len) < 0) return WEFT_EINVAL;
    const char *v = value_of(ud, &a, name, sizeof name);
    long long n = v ? int_value(v, &ok) : 0;
    return weft__res_int(ok ? n : weft__args_int(&a, 1, 0), out, olen);
}

static int n_get_convar_bool(void *ud, const char *args, size_t len, char **out, size_t *olen)
{
    weft__args a;
    char name[256];
    int ok = 0;
    if (weft__args_parse(&a, args, len) < 0) return WEFT_EINVAL;
    const char *v = value_of(ud, &a, name, sizeof name);
    long long n = v ? int_value(v, &ok) : 0;
    return weft__res_bool(ok ? n != 0 : weft__args_bool(&a, 1, 0), out, olen);
}

static int n_get_convar_float(void *ud, const char *args, size_t len, char **out, size_t *olen)
{
    weft__args a;
    char name[256];
    if (weft__args_parse(&a, args, len) < 0) return WEFT_EINVAL;
    const char *v = value_of(ud, &a, name, sizeof name);
    char *end = NULL;
    double d = v ? strtod(v, &end) : 0;
    /* FiveM returns a float: round through float32 as its native does */
    return weft__res_num(v && end != v ? (double)(float)d : weft__args_num(&a, 1, 0), out, olen);
}

static int set_with(weft_host *h, const char *native, const char *args, size_t len,
                    unsigned flags, int keep)
{
    weft__args a;
    char name[256];
    if (weft__args_parse(&a, args, len) < 0) return WEFT_EINVAL;
    if (weft__args_has_nul(&a, 0))
        return weft_native_error(h, "%s: the convar name has a NUL byte", native);
    if (!weft__args_text(&a, 0, name, sizeof name) ||
        !*name || strpbrk(name, " \t\n;\""))
        return weft_native_error(h, "%s: the convar name must be a word", native);
    if (weft__args_has_nul(&a, 1))
        return weft_native_error(h, "%s(\"%s\"): the value has a NUL byte", native, name);
    /* as long as a server.cfg or console `set` line can give (a fresh user
     * found 4096 bytes or more refused as "not a string") */
    if (a.n > 1 && a.tok[1].type == WEFT__MP_STR && a.tok[1].len >= WEFT_CFG_MAX_LINE)
        return weft_native_error(h, "%s(\"%s\"): the value is %zu bytes, over the limit of %d",
                                 native, name, (size_t)a.tok[1].len, WEFT_CFG_MAX_LINE - 1);
    char *value = malloc(WEFT_CFG_MAX_LINE); /* not on the stack: natives run deep */
    if (!value) return WEFT_ENOMEM;
    int rc;
    char why[512];
    if (!weft__args_text(&a, 1, value, WEFT_CFG_MAX_LINE)) {
        rc = weft_native_error(h, "%s(\"%s\"): the value must be a string", native, name);
    } else {
        if (keep) {
            const weft__convar *cv = weft__convars_find(&h->server->convars, name);
            if (cv) flags = cv->flags;
        }
        if (weft__convar_check(&h->server->convars, name, value, why, sizeof why))
            rc = weft_native_error(h, "%s: %s", native, why);
        else
            rc = weft__srv_set_convar(h, name, value, flags);
    }
    free(value);
    return rc;
}

static int n_set_convar(void *ud, const char *args, size_t len, char **out, size_t *olen)
{
    return set_with(ud, "SetConvar", args, len, 0, 1);
}

static int n_set_convar_replicated(void *ud, const char *args, size_t len, char **out, size_t *olen)
{
    return set_with(ud, "SetConvarReplicated", args, len, WEFT_CONVAR_REPLICATED, 0);
}

static int n_set_convar_server_info(void *ud, const char *args, size_t len, char **out,
                                    size_t *olen)
{
    return set_with(ud, "SetConvarServerInfo", args, len, WEFT_CONVAR_SERVERINFO, 0);
}

static int n_add_listener(void *ud, const char *args, size_t len, char **out, size_t *olen)
{
    weft_host *h = ud;
    weft__server *s = h->server;
    weft__args a;
    char filter[512], ref[WEFT__CODEC_REF_ID_CAP];
    weft__rt *rt = weft__native_caller(h);
    if (weft__args_parse(&a, args, len) < 0 || !weft__args_ref(&a, 1, ref, sizeof ref))
        return weft_native_error(h, "AddConvarChangeListener: the handler must be a function");
    if (!rt || !rt->resource) return WEFT_ESTATE;
    const char *f = weft__args_text(&a, 0, filter, sizeof filter);
    if (s->cv_listeners_len == s->cv_listeners_cap) {
        size_t cap = s->cv_listeners_cap ? s->cv_listeners_cap * 2 : 8;
        weft__cv_listener *l = realloc(s->cv_listeners, cap * sizeof *l);
        if (!l) return WEFT_ENOMEM;
        s->cv_listeners = l;
        s->cv_listeners_cap = cap;
    }
    weft__cv_listener l = {s->next_cv_cookie, f && *f ? strdup(f) : NULL,
                           strdup(rt->resource->name), strdup(ref)};
    if ((f && *f && !l.filter) || !l.resource || !l.ref) {
        free(l.filter);
        free(l.resource);
        free(l.ref);
        return WEFT_ENOMEM;
    }
    s->next_cv_cookie++;
    s->cv_listeners[s->cv_listeners_len++] = l;
    weft__ref_dup(h, ref, strlen(ref));
    return weft__res_int(l.cookie, out, olen);
}

static int n_remove_listener(void *ud, const char *args, size_t len, char **out, size_t *olen)
{
    weft_host *h = ud;
    weft__server *s = h->server;
    weft__args a;
    if (weft__args_parse(&a, args, len) < 0) return WEFT_EINVAL;
    int64_t cookie = weft__args_int(&a, 0, -1);
    for (size_t i = 0; i < s->cv_listeners_len; i++) {
        weft__cv_listener *l = &s->cv_listeners[i];
        if (l->cookie != cookie) continue;
        weft__ref_release_later(h, l->ref, strlen(l->ref));
        free(l->filter);
        free(l->resource);
        free(l->ref);
        memmove(l, l + 1, (s->cv_listeners_len - i - 1) * sizeof *l);
        s->cv_listeners_len--;
        break;
    }
    return 0;
}

static const weft_native natives[] = {
    {"GetConvar", n_get_convar, NULL},
    {"GetConvarInt", n_get_convar_int, NULL},
    {"GetConvarFloat", n_get_convar_float, NULL},
    {"GetConvarBool", n_get_convar_bool, NULL},
    {"SetConvar", n_set_convar, NULL},
    {"SetConvarReplicated", n_set_convar_replicated, NULL},
    {"SetConvarServerInfo", n_set_convar_server_info, NULL},
    {"AddConvarChangeListener", n_add_listener, NULL},
    {"RemoveConvarChangeListener", n_remove_listener, NULL},
    {NULL, NULL, NULL},
};

int weft__api_convars_open(weft_host *h)
{
    return weft_host_register_natives(h, natives, h);
}
