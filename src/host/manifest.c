/* manifest.c: evaluates a resource manifest (fxmanifest.lua / __resource.lua)
 * in a throwaway sandboxed Lua 5.4 state and glob-expands its script lists.
 * Sandbox: base (minus dofile/loadfile/load/require/collectgarbage, pcall/
 * xpcall so the instruction-budget error cannot be caught, and setmetatable:
 * Lua runs __gc finalizers with hooks off, so one could loop forever), string,
 * table, math; text chunks only; WEFT_MANIFEST_MAX_MEMORY bytes for the state
 * plus recorded metadata; a count hook aborts after ~WEFT_MANIFEST_MAX_INSTRUCTIONS
 * (pattern matching and table.move count too: Lua patch 0003), a call hook past
 * WEFT_MANIFEST_MAX_DEPTH nested calls.
 * No manifest code runs after weft__manifest_load returns (the state is closed). */
#include "host/manifest.h"
#include "host/files.h"

#include <dirent.h>
#include <limits.h>
#include <errno.h>
#include <fnmatch.h>
#include <glob.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <lauxlib.h>
#include <lua.h>
#include <lualib.h>

#include "api/resfile.h"

typedef struct manifest_ctx {
    weft__manifest *m;
    size_t lua_bytes;  /* bytes the Lua state holds */
    size_t meta_bytes; /* bytes of recorded metadata */
    long instructions; /* counted in WEFT_MANIFEST_HOOK_STEP steps */
    int oom;           /* a C-side allocation failed (not the cap) */
    int line;          /* the manifest line running now (line/return hooks), 0 if none:
                          a memory error unwinds without a position, so it is kept here */
} manifest_ctx;

static void set_err(char *err, size_t errcap, const char *fmt, ...) {
    va_list ap;
    if (err == NULL || errcap == 0)
        return;
    va_start(ap, fmt);
    vsnprintf(err, errcap, fmt, ap);
    va_end(ap);
}

/* --- string lists ------------------------------------------------------- */

static int strlist_push(weft__strlist *l, char *s) {
    if (l->len == l->cap) {
        size_t ncap = l->cap ? l->cap * 2 : 8;
        char **n = realloc(l->items, ncap * sizeof(*n));
        if (n == NULL)
            return WEFT_ENOMEM;
        l->items = n;
        l->cap = ncap;
    }
    l->items[l->len++] = s;
    return 0;
}

static int strlist_has(const weft__strlist *l, const char *s) {
    for (size_t i = 0; i < l->len; i++)
        if (strcmp(l->items[i], s) == 0)
            return 1;
    return 0;
}

/* Push a copy of s unless already present. */
static int strlist_add_unique(weft__strlist *l, const char *s) {
    char *c;
    if (strlist_has(l, s))
        return 0;
    if ((c = strdup(s)) == NULL)
        return WEFT_ENOMEM;
    if (strlist_push(l, c) != 0) {
        free(c);
        return WEFT_ENOMEM;
    }
    return 0;
}

static void strlist_free(weft__strlist *l) {
    for (size_t i = 0; i < l->len; i++)
        free(l->items[i]);
    free(l->items);
    l->items = NULL;
    l->len = l->cap = 0;
}

static int cmp_str(const void *a, const void *b) {
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* --- the Lua side ------------------------------------------------------- */

static void *manifest_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
    manifest_ctx *ctx = ud;
    size_t old = ptr ? osize : 0;
    if (nsize == 0) {
        free(ptr);
        ctx->lua_bytes -= old;
        return NULL;
    }
    if (nsize > old &&
        ctx->lua_bytes + ctx->meta_bytes + (nsize - old) > WEFT_MANIFEST_MAX_MEMORY)
        return NULL;
    void *n = realloc(ptr, nsize);
    if (n != NULL)
        ctx->lua_bytes = ctx->lua_bytes - old + nsize;
    return n;
}

static manifest_ctx *get_ctx(lua_State *L) {
    void *ud;
    lua_getallocf(L, &ud);
    return ud;
}

/* Raise "fxmanifest.lua:LINE: what" at the innermost Lua line. */
static int raise_at(lua_State *L, const char *what) {
    lua_Debug ar;
    for (int level = 0; lua_getstack(L, level, &ar); level++) {
        if (lua_getinfo(L, "Sl", &ar) && ar.currentline > 0) {
            lua_pushfstring(L, "%s:%d: %s", ar.short_src, ar.currentline, what);
            return lua_error(L);
        }
    }
    lua_pushstring(L, what);
    return lua_error(L);
}

/* The hook: every WEFT_MANIFEST_HOOK_STEP instructions (the budget), at
 * each call (the nesting limit: a recursing manifest would otherwise fill
 * the memory cap), and at each new line and return (the line a memory
 * error, which carries no position, is reported at). pcall is not in the
 * sandbox, so the error unwinds the whole chunk. */
static void manifest_hook(lua_State *L, lua_Debug *ar) {
    manifest_ctx *ctx = get_ctx(L);
    char what[128];
    if (ar->event == LUA_HOOKLINE) {
        ctx->line = ar->currentline;
        return;
    }
    if (ar->event == LUA_HOOKRET) { /* back in the caller, mid-line */
        lua_Debug up;
        if (lua_getstack(L, 1, &up) && lua_getinfo(L, "l", &up) && up.currentline > 0)
            ctx->line = up.currentline;
        return;
    }
    if (ar->event == LUA_HOOKCALL || ar->event == LUA_HOOKTAILCALL) {
        lua_Debug deep;
        if (!lua_getstack(L, WEFT_MANIFEST_MAX_DEPTH, &deep))
            return;
        snprintf(what, sizeof what,
                 "the manifest's calls nest deeper than %d levels (endless recursion?)",
                 (int)WEFT_MANIFEST_MAX_DEPTH);
        raise_at(L, what);
    }
    if (ar->event != LUA_HOOKCOUNT)
        return;
    ctx->instructions += WEFT_MANIFEST_HOOK_STEP;
    if (ctx->instructions <= WEFT_MANIFEST_MAX_INSTRUCTIONS)
        return;
    snprintf(what, sizeof what, "the manifest ran more than %d instructions (an endless loop?)",
             (int)WEFT_MANIFEST_MAX_INSTRUCTIONS);
    raise_at(L, what);
}

/* registry["weft.stepcheck"](steps), every 65536 steps of the pattern
 * matcher (string.find/match/gmatch/gsub) or of table.move (Lua patch 0003):
 * the steps count against the instruction budget, so a backtracking
 * pattern, which runs inside one C call where no hook fires, cannot hang
 * the server either. */
static int manifest_step_check(lua_State *L) {
    manifest_ctx *ctx = get_ctx(L);
    char what[128];
    ctx->instructions += (long)luaL_checkinteger(L, 1);
    if (ctx->instructions <= WEFT_MANIFEST_MAX_INSTRUCTIONS)
        return 0;
    snprintf(what, sizeof what,
             "the manifest ran more than %d instructions (a backtracking pattern or a long table.move?)",
             (int)WEFT_MANIFEST_MAX_INSTRUCTIONS);
    return raise_at(L, what);
}

/* Record key=value (copies). Raises a Lua error on failure. */
static void add_meta(lua_State *L, const char *key, const char *value, size_t vlen) {
    manifest_ctx *ctx = get_ctx(L);
    weft__manifest *m = ctx->m;
    size_t klen = strlen(key);
    size_t cost = klen + vlen + 2 + sizeof(weft__manifest_kv);
    if (ctx->lua_bytes + ctx->meta_bytes + cost > WEFT_MANIFEST_MAX_MEMORY)
        luaL_error(L, "the manifest used more than %d bytes of memory",
                   (int)WEFT_MANIFEST_MAX_MEMORY);
    if (m->meta_len == m->meta_cap) {
        size_t ncap = m->meta_cap ? m->meta_cap * 2 : 16;
        weft__manifest_kv *n = realloc(m->meta, ncap * sizeof(*n));
        if (n == NULL)
            goto oom;
        m->meta = n;
        m->meta_cap = ncap;
    }
    char *k = malloc(klen + 1), *v = malloc(vlen + 1);
    if (k == NULL || v == NULL) {
        free(k);
        free(v);
        goto oom;
    }
    memcpy(k, key, klen + 1);
    memcpy(v, value, vlen);
    v[vlen] = '\0';
    lua_Debug ar;
    m->meta[m->meta_len].key = k;
    m->meta[m->meta_len].value = v;
    m->meta[m->meta_len].line =
        lua_getstack(L, 1, &ar) && lua_getinfo(L, "l", &ar) && ar.currentline > 0
            ? ar.currentline
            : 0;
    m->meta_len++;
    ctx->meta_bytes += cost;
    return;
oom:
    ctx->oom = 1;
    luaL_error(L, "out of memory");
}

/* Value at idx as a metadata string: strings and numbers only. */
static const char *meta_value(lua_State *L, int idx, const char *key, size_t *len) {
    int t = lua_type(L, idx);
    if (t != LUA_TSTRING && t != LUA_TNUMBER)
        luaL_error(L, "bad value for '%s' (string expected, got %s)", key,
                   luaL_typename(L, idx));
    return lua_tolstring(L, idx, len);
}

/* A growing text kept in a userdata at stack slot `slot` (no C allocation
 * to leak if a Lua error unwinds). */
typedef struct jbuf {
    lua_State *L;
    int slot;
    char *p;
    size_t len, cap;
} jbuf;

static void jb_add(jbuf *b, const char *s, size_t n) {
    if (b->len + n > b->cap) {
        size_t cap = b->cap * 2 + n + 64;
        char *np = lua_newuserdatauv(b->L, cap, 0);
        if (b->len) memcpy(np, b->p, b->len);
        lua_replace(b->L, b->slot);
        b->p = np;
        b->cap = cap;
    }
    memcpy(b->p + b->len, s, n);
    b->len += n;
}

static void jb_str(jbuf *b, const char *s) {
    jb_add(b, s, strlen(s));
}

/* JSON text of the value at idx appended to b (FiveM's json.encode of a
 * manifest's `{ extra }` table): a table with keys 1..n is an array (an
 * empty one too), any other an object with its keys as strings, sorted so
 * the text does not depend on table order. Functions and other values are
 * null. Nesting is limited to 32 levels. */
static void json_add(jbuf *b, int idx, int depth);

static void json_string(jbuf *b, const char *s, size_t n) {
    jb_add(b, "\"", 1);
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        char e[8];
        if (c == '"' || c == '\\') {
            e[0] = '\\';
            e[1] = (char)c;
            jb_add(b, e, 2);
        } else if (c < 0x20) {
            snprintf(e, sizeof e, "\\u%04x", c);
            jb_str(b, e);
        } else {
            jb_add(b, (const char *)&s[i], 1);
        }
    }
    jb_add(b, "\"", 1);
}

static int json_key_cmp(const void *x, const void *y) {
    return strcmp(*(const char *const *)x, *(const char *const *)y);
}

static void json_table(jbuf *b, int idx, int depth) {
    lua_State *L = b->L;
    lua_Integer n = 0, count = 0;
    lua_pushnil(L);
    while (lua_next(L, idx)) {
        count++;
        if (lua_isinteger(L, -2) && lua_tointeger(L, -2) > n) n = lua_tointeger(L, -2);
        lua_pop(L, 1);
    }
    if (n == count) { /* 1..n, or empty */
        jb_add(b, "[", 1);
        for (lua_Integer i = 1; i <= n; i++) {
            if (i > 1) jb_add(b, ",", 1);
            lua_rawgeti(L, idx, i);
            json_add(b, lua_gettop(L), depth + 1);
            lua_pop(L, 1);
        }
        jb_add(b, "]", 1);
        return;
    }
    lua_createtable(L, (int)count, 0); /* the keys as strings */
    int keys = lua_gettop(L);
    lua_Integer k = 0;
    lua_pushnil(L);
    while (lua_next(L, idx)) {
        lua_pop(L, 1);
        lua_pushvalue(L, -1);
        luaL_tolstring(L, -1, NULL);
        lua_remove(L, -2);
        lua_rawseti(L, keys, ++k);
    }
    /* sorted; the strings stay anchored in the keys table */
    const char **sorted = lua_newuserdatauv(L, (size_t)k * sizeof *sorted + 1, 0);
    for (lua_Integer i = 1; i <= k; i++) {
        lua_rawgeti(L, keys, i);
        sorted[i - 1] = lua_tostring(L, -1);
        lua_pop(L, 1);
    }
    qsort(sorted, (size_t)k, sizeof *sorted, json_key_cmp);
    jb_add(b, "{", 1);
    for (lua_Integer i = 1; i <= k; i++) {
        if (i > 1) jb_add(b, ",", 1);
        json_string(b, sorted[i - 1], strlen(sorted[i - 1]));
        jb_add(b, ":", 1);
        /* the value: under the key as a string, else as a number */
        lua_pushstring(L, sorted[i - 1]);
        if (lua_rawget(L, idx) == LUA_TNIL) {
            lua_pop(L, 1);
            if (lua_stringtonumber(L, sorted[i - 1])) lua_rawget(L, idx);
            else lua_pushnil(L);
        }
        json_add(b, lua_gettop(L), depth + 1);
        lua_pop(L, 1);
    }
    jb_add(b, "}", 1);
    lua_pop(L, 2);
}

static void json_add(jbuf *b, int idx, int depth) {
    lua_State *L = b->L;
    luaL_checkstack(L, 8, "manifest value too deep");
    switch (lua_type(L, idx)) {
    case LUA_TSTRING: {
        size_t n;
        const char *s = lua_tolstring(L, idx, &n);
        json_string(b, s, n);
        break;
    }
    case LUA_TNUMBER:
    case LUA_TBOOLEAN:
        jb_str(b, luaL_tolstring(L, idx, NULL));
        lua_pop(L, 1);
        break;
    case LUA_TTABLE:
        if (depth >= 32) luaL_error(L, "manifest value nested deeper than 32 levels");
        json_table(b, idx, depth);
        break;
    default:
        jb_str(b, "null");
    }
}

/* The function `key 'v'` returns: `key 'v' { extra }` records key_extra as
 * the JSON of extra, as FiveM does. Upvalue 1: the key. */
static int manifest_extra(lua_State *L) {
    lua_settop(L, 1);
    lua_pushfstring(L, "%s_extra", lua_tostring(L, lua_upvalueindex(1))); /* 2 */
    lua_pushnil(L);                                                       /* 3: the text */
    jbuf b = {L, 3, NULL, 0, 0};
    json_add(&b, 1, 0);
    add_meta(L, lua_tostring(L, 2), b.p ? b.p : "", b.len);
    return 0;
}

/* The setter for a global name (upvalue 1): key 'v' or key { 'v1', 'v2' }.
 * A table strips one trailing 's' from the key, exactly as FiveM's
 * resource_init.lua ("server_scripts" -> "server_script", "dependencies" ->
 * "dependencie"). */
static int manifest_setter(lua_State *L) {
    const char *key = lua_tostring(L, lua_upvalueindex(1));
    size_t len;
    if (lua_type(L, 1) == LUA_TTABLE) {
        char nk[256];
        size_t klen = strlen(key);
        if (klen >= sizeof(nk))
            return luaL_error(L, "manifest key too long");
        memcpy(nk, key, klen + 1);
        if (klen > 0 && nk[klen - 1] == 's')
            nk[klen - 1] = '\0';
        /* ipairs order: stops at the first nil (bounded by the table's border). */
        /* Raw reads: bounded by the table's border, no metamethods. */
        for (lua_Integer i = 1; lua_rawgeti(L, 1, i) != LUA_TNIL; i++) {
            const char *v = meta_value(L, -1, nk, &len);
            add_meta(L, nk, v, len);
            lua_pop(L, 1);
        }
        lua_pop(L, 1);
        lua_pushstring(L, nk);
    } else {
        const char *v = meta_value(L, 1, key, &len);
        add_meta(L, key, v, len);
        lua_pushstring(L, key);
    }
    lua_pushcclosure(L, manifest_extra, 1);
    return 1;
}

/* Globals that must not turn into setters: they read as nil, so using them
 * fails with Lua's own "attempt to call a nil value (global 'require')".
 * setmetatable: the only way to give a value a __gc or __close metamethod;
 * finalizers run with the count hook disabled (lgc.c GCTM), so a looping one
 * would hang the server (found by tests/fuzz, fuzz_manifest). */
static const char *const blocked_globals[] = {
    "require", "dofile", "loadfile", "load", "loadstring", "collectgarbage",
    "io", "os", "debug", "package", "coroutine", "utf8", "pcall", "xpcall",
    "module", "setfenv", "getfenv", "setmetatable", NULL};

/* _G's __index(t, k): a setter for any name not already a global. */
static int manifest_index(lua_State *L) {
    if (lua_type(L, 2) != LUA_TSTRING)
        return 0;
    const char *k = lua_tostring(L, 2);
    for (int i = 0; blocked_globals[i] != NULL; i++)
        if (strcmp(k, blocked_globals[i]) == 0)
            return 0;
    lua_pushvalue(L, 2);
    lua_pushcclosure(L, manifest_setter, 1);
    return 1;
}

/* Message handler: make sure the message starts with "file:LINE:" by
 * prefixing the innermost Lua line when it does not (error('x', 0), error
 * objects that are not strings). */
static int manifest_msgh(lua_State *L) {
    const char *chunk = lua_tostring(L, lua_upvalueindex(1));
    const char *msg = lua_tostring(L, 1);
    size_t clen = strlen(chunk);
    if (msg != NULL && strncmp(msg, chunk, clen) == 0 && msg[clen] == ':')
        return 1;
    if (msg == NULL)
        msg = lua_pushfstring(L, "(error object is a %s value)", luaL_typename(L, 1));
    lua_Debug ar;
    for (int level = 0; lua_getstack(L, level, &ar); level++) {
        lua_getinfo(L, "Sl", &ar);
        if (ar.currentline > 0) {
            lua_pushfstring(L, "%s:%d: %s", ar.short_src, ar.currentline, msg);
            return 1;
        }
    }
    lua_pushfstring(L, "%s: %s", chunk, msg);
    return 1;
}

/* The whole file, or WEFT_EINVAL past WEFT_MANIFEST_MAX_SIZE with *len the
 * line the limit falls on. */
static int read_file(const char *path, char **buf, size_t *len) {
    FILE *f = weft__fopen_regular(path, "rb"); /* a FIFO would block the loop */
    char *b;
    size_t n;
    if (f == NULL)
        return errno == ENOENT ? WEFT_ENOENT : WEFT_EIO;
    if ((b = malloc(WEFT_MANIFEST_MAX_SIZE + 1)) == NULL) {
        fclose(f);
        return WEFT_ENOMEM;
    }
    n = fread(b, 1, WEFT_MANIFEST_MAX_SIZE + 1, f);
    if (ferror(f) || n > WEFT_MANIFEST_MAX_SIZE) {
        int big = !ferror(f);
        fclose(f);
        *len = 1;
        for (size_t i = 0; big && i < WEFT_MANIFEST_MAX_SIZE; i++) *len += b[i] == '\n';
        free(b);
        return big ? WEFT_EINVAL : WEFT_EIO;
    }
    fclose(f);
    *buf = b;
    *len = n;
    return 0;
}

/* Run the manifest source in a fresh sandbox, recording metadata into m. */
static int run_manifest(weft__manifest *m, const char *src, size_t len, char *err,
                        size_t errcap) {
    manifest_ctx ctx = {.m = m};
    lua_State *L = lua_newstate(manifest_alloc, &ctx);
    int status, rc = 0;
    char chunkname[64];

    if (L == NULL) {
        set_err(err, errcap, "%s: out of memory", m->file);
        return WEFT_ENOMEM;
    }
    /* Library opening runs unprotected: the cap is far above its needs. */
    luaL_requiref(L, LUA_GNAME, luaopen_base, 1);
    luaL_requiref(L, LUA_STRLIBNAME, luaopen_string, 1);
    luaL_requiref(L, LUA_TABLIBNAME, luaopen_table, 1);
    luaL_requiref(L, LUA_MATHLIBNAME, luaopen_math, 1);
    lua_pushcfunction(L, manifest_step_check);
    lua_setfield(L, LUA_REGISTRYINDEX, "weft.stepcheck");
    lua_settop(L, 0);
    lua_pushglobaltable(L);
    for (int i = 0; blocked_globals[i] != NULL; i++) {
        lua_pushnil(L);
        lua_setfield(L, -2, blocked_globals[i]);
    }
    lua_newtable(L);
    lua_pushcfunction(L, manifest_index);
    lua_setfield(L, -2, "__index");
    lua_setmetatable(L, -2);
    lua_pop(L, 1);

    lua_pushstring(L, m->file);
    lua_pushcclosure(L, manifest_msgh, 1);
    snprintf(chunkname, sizeof(chunkname), "@%s", m->file);
    status = luaL_loadbufferx(L, src, len, chunkname, "t");
    if (status == LUA_OK) {
        lua_sethook(L, manifest_hook, LUA_MASKCOUNT | LUA_MASKCALL | LUA_MASKLINE | LUA_MASKRET,
                    WEFT_MANIFEST_HOOK_STEP);
        status = lua_pcall(L, 0, 0, 1);
    }
    if (status != LUA_OK) {
        if (ctx.oom) {
            set_err(err, errcap, "%s: out of memory", m->file);
            rc = WEFT_ENOMEM;
        } else if (status == LUA_ERRMEM && ctx.line > 0) {
            set_err(err, errcap, "%s:%d: the manifest used more than %d bytes of memory",
                    m->file, ctx.line, (int)WEFT_MANIFEST_MAX_MEMORY);
            rc = WEFT_ESCRIPT;
        } else if (status == LUA_ERRMEM) { /* while compiling: no line ran yet */
            set_err(err, errcap, "%s: the manifest used more than %d bytes of memory",
                    m->file, (int)WEFT_MANIFEST_MAX_MEMORY);
            rc = WEFT_ESCRIPT;
        } else {
            const char *msg = lua_tostring(L, -1);
            size_t flen = strlen(m->file);
            if (msg == NULL)
                msg = "unknown error";
            if (strncmp(msg, m->file, flen) == 0 && msg[flen] == ':')
                set_err(err, errcap, "%s", msg);
            else /* load errors without a position ("binary chunk") */
                set_err(err, errcap, "%s: %s", m->file, msg);
            rc = WEFT_ESCRIPT;
        }
    }
    lua_close(L); /* no finalizers: manifest code cannot set a __gc */
    return rc;
}

/* --- globbing ----------------------------------------------------------- */

typedef struct glob_out {
    weft__strlist files; /* relative paths */
    int err;
    long visits; /* directories opened, bounded by WEFT_MANIFEST_GLOB_MAX_VISITS */
} glob_out;

/* The directories on the walk's current path (device, inode): a folder met
 * again below itself is a symlink loop and is not entered. */
typedef struct dir_path {
    dev_t dev[WEFT_MANIFEST_GLOB_MAX_DEPTH + 2];
    ino_t ino[WEFT_MANIFEST_GLOB_MAX_DEPTH + 2];
    int n;
} dir_path;

static int is_regular(const char *path) {
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

static int is_dir(const char *path) {
    struct stat st;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

static char *join(const char *a, const char *b) {
    size_t la = strlen(a), lb = strlen(b);
    char *r = malloc(la + lb + 2);
    if (r == NULL)
        return NULL;
    if (la == 0) {
        memcpy(r, b, lb + 1);
    } else {
        memcpy(r, a, la);
        r[la] = '/';
        memcpy(r + la + 1, b, lb + 1);
    }
    return r;
}

static void glob_add(glob_out *g, const char *rel) {
    if (g->err)
        return;
    if (g->files.len >= WEFT_MANIFEST_GLOB_MAX_FILES) {
        g->err = WEFT_EINVAL;
        return;
    }
    if (strlist_add_unique(&g->files, rel) != 0)
        g->err = WEFT_ENOMEM;
}

/* Match segs[i..n) under root/rel. `**` matches zero or more directories
 * (names not starting with '.'); a final `**` matches every file below.
 * Bounds: depth (WEFT_MANIFEST_GLOB_MAX_DEPTH), no folder entered below
 * itself (symlink loops), and WEFT_MANIFEST_GLOB_MAX_VISITS directories
 * opened in all: `**` segments can reach one folder in exponentially many
 * ways (found by tests/fuzz, fuzz_manifest). */
static void walk(glob_out *g, const char *root, const char *rel, char **segs, int i,
                 int n, dir_path *up) {
    int dstar = strcmp(segs[i], "**") == 0, last = i + 1 == n;
    char *abs;
    DIR *d;
    struct dirent *e;
    struct stat st;

    if (g->err || up->n > WEFT_MANIFEST_GLOB_MAX_DEPTH)
        return;
    if (dstar && !last)
        walk(g, root, rel, segs, i + 1, n, up); /* `**` as zero directories */
    if (g->err)
        return;
    if (++g->visits > WEFT_MANIFEST_GLOB_MAX_VISITS) {
        g->err = WEFT_EINVAL;
        return;
    }
    if ((abs = join(root, rel)) == NULL) {
        g->err = WEFT_ENOMEM;
        return;
    }
    if (stat(abs, &st) != 0 || (d = opendir(abs)) == NULL) {
        free(abs);
        return;
    }
    for (int k = 0; k < up->n; k++) {
        if (up->dev[k] == st.st_dev && up->ino[k] == st.st_ino) { /* a loop */
            closedir(d);
            free(abs);
            return;
        }
    }
    up->dev[up->n] = st.st_dev;
    up->ino[up->n] = st.st_ino;
    up->n++;
    while (!g->err && (e = readdir(d)) != NULL) {
        char *sub, *subabs;
        if (dstar ? e->d_name[0] == '.' : fnmatch(segs[i], e->d_name, FNM_PERIOD) != 0)
            continue;
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
            continue;
        sub = join(rel, e->d_name);
        subabs = sub ? join(root, sub) : NULL;
        if (sub == NULL || subabs == NULL)
            g->err = WEFT_ENOMEM;
        else if (is_dir(subabs) && (dstar || !last))
            walk(g, root, sub, segs, dstar ? i : i + 1, n, up);
        else if (last && is_regular(subabs))
            glob_add(g, sub);
        free(sub);
        free(subabs);
    }
    up->n--;
    closedir(d);
    free(abs);
}

/* Escape glob(3) metacharacters in a literal path. */
static char *glob_escape(const char *s) {
    char *r = malloc(strlen(s) * 2 + 1), *p = r;
    if (r == NULL)
        return NULL;
    for (; *s; s++) {
        if (strchr("*?[]\\", *s))
            *p++ = '\\';
        *p++ = *s;
    }
    *p = '\0';
    return r;
}

/* Expand one pattern relative to dir into g->files (sorted). */
static void expand(glob_out *g, const char *dir, const char *pat) {
    size_t base = g->files.len;
    if (strstr(pat, "**") == NULL) {
        char *edir = glob_escape(dir), *full = edir ? join(edir, pat) : NULL;
        glob_t gl;
        size_t dlen = strlen(dir) + 1;
        free(edir);
        if (full == NULL) {
            g->err = WEFT_ENOMEM;
            return;
        }
        int r = glob(full, 0, NULL, &gl);
        free(full);
        if (r == GLOB_NOSPACE)
            g->err = WEFT_ENOMEM;
        if (r != 0)
            return;
        for (size_t k = 0; k < gl.gl_pathc; k++)
            if (strlen(gl.gl_pathv[k]) > dlen && is_regular(gl.gl_pathv[k]))
                glob_add(g, gl.gl_pathv[k] + dlen);
        globfree(&gl);
    } else {
        char *copy = strdup(pat), *segs[WEFT_MANIFEST_GLOB_MAX_DEPTH + 1], *tok, *save;
        int n = 0;
        if (copy == NULL) {
            g->err = WEFT_ENOMEM;
            return;
        }
        for (tok = strtok_r(copy, "/", &save); tok; tok = strtok_r(NULL, "/", &save)) {
            if (n > 0 && strcmp(tok, "**") == 0 && strcmp(segs[n - 1], "**") == 0)
                continue; /* two `**` segments in a row match what one does */
            if (n == WEFT_MANIFEST_GLOB_MAX_DEPTH) {
                g->err = WEFT_EINVAL;
                break;
            }
            segs[n++] = tok;
        }
        dir_path up = {.n = 0};
        if (n > 0 && !g->err)
            walk(g, dir, "", segs, 0, n, &up);
        free(copy);
    }
    if (g->files.len > base)
        qsort(g->files.items + base, g->files.len - base, sizeof(char *), cmp_str);
}

/* The pattern p without empty and "." segments ("./a//b" -> "a/b"), into
 * out (at least strlen(p) + 1 bytes). Returns 1, or 0 when p is absolute,
 * has a ".." segment or is empty once normalised. */
static int normalise_pattern(const char *p, char *out) {
    size_t o = 0;
    if (p[0] == '/')
        return 0;
    for (const char *s = p; *s;) {
        size_t n = strcspn(s, "/");
        if (n == 2 && s[0] == '.' && s[1] == '.')
            return 0;
        if (n > 0 && !(n == 1 && s[0] == '.')) {
            if (o)
                out[o++] = '/';
            memcpy(out + o, s, n);
            o += n;
        }
        s += n;
        while (*s == '/')
            s++;
    }
    out[o] = '\0';
    return o > 0;
}

/* 1 if a matched path has a "." or ".." segment (glob(3) lets `.*` match
 * them): not a file of the folder, so not a match. */
static int has_dot_segment(const char *p) {
    for (const char *s = p; *s;) {
        size_t n = strcspn(s, "/");
        if ((n == 1 && s[0] == '.') || (n == 2 && s[0] == '.' && s[1] == '.'))
            return 1;
        s += n;
        while (*s == '/')
            s++;
    }
    return 0;
}

/* "@res/path": another resource's file. The name must be non-empty and the
 * path relative without ".." (the server resolves it in that folder). */
static int other_resource_ok(const char *v) {
    const char *sl = strchr(v + 1, '/');
    char *tmp;
    int ok;
    if (sl == NULL || sl == v + 1 || (tmp = malloc(strlen(sl) + 1)) == NULL)
        return 0;
    ok = normalise_pattern(sl + 1, tmp) && !has_dot_segment(sl + 1);
    free(tmp);
    return ok;
}

/* "fxmanifest.lua:LINE" of entry i (or "fxmanifest.lua"), into buf. */
static const char *where(const weft__manifest *m, size_t i, char *buf, size_t cap) {
    if (m->meta[i].line > 0)
        snprintf(buf, cap, "%s:%d", m->file, m->meta[i].line);
    else
        snprintf(buf, cap, "%s", m->file);
    return buf;
}

/* The folder part of pattern before its first wildcard segment ("a/b" of
 * "a/b/x*.lua"), malloc'ed, when it is not a folder under dir; else NULL
 * (also when the first segment has the wildcard). */
static char *glob_missing_prefix(const char *dir, const char *pattern) {
    char *pat = malloc(strlen(pattern) + 1), *full = NULL;
    if (pat == NULL || !normalise_pattern(pattern, pat)) {
        free(pat);
        return NULL;
    }
    size_t end = 0;
    for (size_t k = 0; pat[k];) {
        size_t n = strcspn(pat + k, "/");
        if (memchr(pat + k, '*', n) || memchr(pat + k, '?', n) || memchr(pat + k, '[', n))
            break;
        end = k + n;
        k += n;
        while (pat[k] == '/')
            k++;
    }
    pat[end] = '\0';
    if (end > 0 && (full = join(dir, pat)) != NULL && is_dir(full)) {
        free(full);
        free(pat);
        return NULL;
    }
    free(full);
    if (end == 0) {
        free(pat);
        return NULL;
    }
    return pat;
}

/* Expand every value of key (and of its string-form plural, "server_scripts
 * 'a.js'", which FiveM silently ignores) into list, in manifest order. With
 * list NULL (`file`: client files the server never reads) only the text is
 * checked. Every match's real location must be inside the folder: a symlink
 * leading out is refused, as by LoadResourceFile (api/resfile.c). */
static int expand_key(weft__manifest *m, const char *key, weft__strlist *list, char *err,
                      size_t errcap) {
    size_t klen = strlen(key);
    char at[64];
    for (size_t i = 0; i < m->meta_len; i++) {
        const char *k = m->meta[i].key, *raw = m->meta[i].value;
        if (!(strcmp(k, key) == 0 || (strncmp(k, key, klen) == 0 && strcmp(k + klen, "s") == 0)))
            continue;
        if (raw[0] == '@') { /* another resource's file: the core resolves it */
            if (!other_resource_ok(raw)) {
                set_err(err, errcap,
                        "%s: %s '%s' must be @resource/path with a path inside that "
                        "resource's folder",
                        where(m, i, at, sizeof at), key, raw);
                return WEFT_EINVAL;
            }
            if (list != NULL && strlist_add_unique(list, raw) != 0)
                return WEFT_ENOMEM;
            continue;
        }
        char *pat = malloc(strlen(raw) + 1);
        if (pat == NULL)
            return WEFT_ENOMEM;
        if (!normalise_pattern(raw, pat)) {
            free(pat);
            set_err(err, errcap, "%s: %s '%s' must be a path inside the resource folder",
                    where(m, i, at, sizeof at), key, raw);
            return WEFT_EINVAL;
        }
        if (list == NULL) {
            free(pat);
            continue;
        }
        glob_out g = {{0}};
        expand(&g, m->dir, pat);
        free(pat);
        if (g.err) {
            strlist_free(&g.files);
            if (g.err == WEFT_ENOMEM)
                set_err(err, errcap, "%s: out of memory", m->file);
            else
                set_err(err, errcap, "%s: %s '%s' matches too many files or is too deep",
                        where(m, i, at, sizeof at), key, raw);
            return g.err;
        }
        size_t found = 0;
        for (size_t f = 0; f < g.files.len; f++) {
            char real[PATH_MAX];
            const char *why, *rel = g.files.items[f];
            if (has_dot_segment(rel))
                continue;
            int rc = weft__resfile_resolve(m->dir, rel, 0, real, sizeof real, &why);
            if (rc < 0 && rc != WEFT_ENOENT) {
                set_err(err, errcap,
                        "%s: %s '%s' must be a path inside the resource folder ('%s': %s)",
                        where(m, i, at, sizeof at), key, raw, rel, why);
                strlist_free(&g.files);
                return WEFT_EINVAL;
            }
            if (rc != 0)
                continue; /* gone since glob saw it */
            found++;
            if (strlist_add_unique(list, rel) != 0) {
                strlist_free(&g.files);
                return WEFT_ENOMEM;
            }
        }
        strlist_free(&g.files);
        if (found == 0 && strpbrk(raw, "*?[") != NULL) {
            /* As FiveM (CheckResourceGlobs): a glob matching nothing is no
             * error; a warning only when the folder before its first
             * wildcard is missing (a typo in the path, not an empty set). */
            char *missing = glob_missing_prefix(m->dir, raw);
            if (missing != NULL) {
                char msg[768];
                snprintf(msg, sizeof msg, "%s: %s '%s' matches no file: there is no folder '%s'",
                         where(m, i, at, sizeof at), key, raw, missing);
                free(missing);
                if (strlist_add_unique(&m->warnings, msg) != 0)
                    return WEFT_ENOMEM;
            }
            continue;
        }
        if (found == 0) {
            set_err(err, errcap, "%s: %s '%s' matches no file", where(m, i, at, sizeof at), key,
                    raw);
            return WEFT_ENOENT;
        }
    }
    return 0;
}

static int collect(weft__manifest *m, const char *const *keys, weft__strlist *list) {
    for (size_t i = 0; i < m->meta_len; i++)
        for (int k = 0; keys[k] != NULL; k++)
            if (strcmp(m->meta[i].key, keys[k]) == 0 &&
                strlist_add_unique(list, m->meta[i].value) != 0)
                return WEFT_ENOMEM;
    return 0;
}

/* --- public ------------------------------------------------------------- */

int weft__manifest_load(const char *resource_dir, weft__manifest *out, char *err,
                        size_t errcap) {
    static const char *const dep_keys[] = {"dependency", "dependencie", "dependencies",
                                           NULL};
    static const char *const provide_keys[] = {"provide", "provides", NULL};
    char *src = NULL, *path = NULL;
    size_t len = 0, dlen;
    int rc;

    memset(out, 0, sizeof(*out));
    set_err(err, errcap, "");
    if (resource_dir == NULL || resource_dir[0] == '\0') {
        set_err(err, errcap, "no resource folder given");
        return WEFT_EINVAL;
    }
    if ((out->dir = strdup(resource_dir)) == NULL)
        goto oom;
    dlen = strlen(out->dir);
    while (dlen > 1 && out->dir[dlen - 1] == '/')
        out->dir[--dlen] = '\0';

    static const char *const names[] = {"fxmanifest.lua", "__resource.lua"};
    rc = WEFT_ENOENT;
    for (int i = 0; i < 2 && rc == WEFT_ENOENT; i++) {
        free(path);
        if ((path = join(out->dir, names[i])) == NULL)
            goto oom;
        rc = read_file(path, &src, &len);
        if (rc == 0 && (out->file = strdup(names[i])) == NULL)
            goto oom;
    }
    if (rc != 0) {
        if (rc == WEFT_ENOENT)
            set_err(err, errcap, "%s: no fxmanifest.lua or __resource.lua", out->dir);
        else if (rc == WEFT_EINVAL)
            set_err(err, errcap, "%s:%zu: manifest larger than %d bytes", strrchr(path, '/') + 1,
                    len, (int)WEFT_MANIFEST_MAX_SIZE);
        else
            set_err(err, errcap, "%s: cannot read: %s", path, weft__file_strerror(errno));
        if (rc == WEFT_EINVAL)
            rc = WEFT_EIO;
        goto fail;
    }
    free(path);
    path = NULL;

    rc = run_manifest(out, src, len, err, errcap);
    free(src);
    src = NULL;
    if (rc != 0)
        goto fail;

    for (size_t i = 0; i < out->meta_len; i++) {
        if (strcmp(out->meta[i].key, "fx_version") == 0) {
            free(out->fx_version);
            if ((out->fx_version = strdup(out->meta[i].value)) == NULL)
                goto oom;
        }
    }
    if ((rc = expand_key(out, "shared_script", &out->shared_scripts, err, errcap)) != 0 ||
        (rc = expand_key(out, "server_script", &out->server_scripts, err, errcap)) != 0 ||
        (rc = expand_key(out, "file", NULL, err, errcap)) != 0)
        goto fail;
    for (size_t i = 0; i < out->shared_scripts.len; i++)
        if (strlist_add_unique(&out->load_order, out->shared_scripts.items[i]) != 0)
            goto oom;
    for (size_t i = 0; i < out->server_scripts.len; i++)
        if (strlist_add_unique(&out->load_order, out->server_scripts.items[i]) != 0)
            goto oom;
    if (collect(out, dep_keys, &out->dependencies) != 0 ||
        collect(out, provide_keys, &out->provides) != 0)
        goto oom;
    return 0;

oom:
    set_err(err, errcap, "%s: out of memory", resource_dir);
    rc = WEFT_ENOMEM;
fail:
    free(path);
    free(src);
    weft__manifest_free(out);
    return rc;
}

void weft__manifest_free(weft__manifest *m) {
    if (m == NULL)
        return;
    free(m->dir);
    free(m->file);
    free(m->fx_version);
    strlist_free(&m->shared_scripts);
    strlist_free(&m->server_scripts);
    strlist_free(&m->load_order);
    strlist_free(&m->dependencies);
    strlist_free(&m->provides);
    strlist_free(&m->warnings);
    for (size_t i = 0; i < m->meta_len; i++) {
        free(m->meta[i].key);
        free(m->meta[i].value);
    }
    free(m->meta);
    memset(m, 0, sizeof(*m));
}

int weft__manifest_meta_count(const weft__manifest *m, const char *key) {
    int n = 0;
    for (size_t i = 0; i < m->meta_len; i++)
        if (strcmp(m->meta[i].key, key) == 0)
            n++;
    return n;
}

const char *weft__manifest_meta(const weft__manifest *m, const char *key, int index) {
    if (index < 0)
        return NULL;
    for (size_t i = 0; i < m->meta_len; i++)
        if (strcmp(m->meta[i].key, key) == 0 && index-- == 0)
            return m->meta[i].value;
    return NULL;
}

int weft__manifest_value_line(const weft__manifest *m, const char *value) {
    for (size_t i = 0; i < m->meta_len; i++)
        if (strcmp(m->meta[i].value, value) == 0)
            return m->meta[i].line;
    return 0;
}
