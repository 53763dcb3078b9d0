/* io.c: the `io` library of a Lua resource, as FiveM's server Lua has it
 * (citizen-scripting-lua's LuaIO.cpp), and the path rules it shares with
 * os.remove/rename/createdir (FiveM's VFS and FilesystemPermissions.cpp).
 *
 * Paths: "@res/rel" names a file in resource res's folder; any other path
 * (relative to the server folder, FiveM's working directory, or absolute)
 * must lie in some resource's folder, which turns it into "@res/rel"; a
 * path outside every resource's folder names nothing (ENOENT). A ".."
 * component is refused, and so is a symlink leading out of the folder
 * (api/resfile.c). A resource may write only in its own folder, or in one
 * an add_filesystem_permission line of server.cfg opens to it.
 *
 * Handles are `FILE*` userdata (luaL_Stream) on descriptors opened
 * non-blocking and checked to be regular files (a FIFO or device is
 * refused: it could block the loop); I/O is synchronous on the loop thread,
 * as FiveM's. Every write reaches the file before f:write returns (FiveM's
 * streams are unbuffered). Handles left open are closed by their __gc,
 * which lua_close runs when the resource stops. io.readdir and io.popen
 * give FiveM's directory listings (names read at once; nothing runs). */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <locale.h>
#include <stdio.h>
#include <stdio_ext.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <lauxlib.h>
#include "api/resfile.h"
#include "api/server_api.h"
#include "host/files.h"
#include "host/server.h"
#include "lua/lua_rt.h"

/* ---- paths ----------------------------------------------------------------- */

/* The resource whose folder holds abs (an absolute path), the longest
 * folder winning (FiveM's VFS FindDevice); *rel: the rest after "folder/". */
static weft__resource *owner_of(weft__server *s, const char *abs, const char **rel)
{
    weft__resource *best = NULL;
    size_t best_len = 0;
    for (weft__resource *r = s->resources; r; r = r->next) {
        size_t n = strlen(r->path);
        if (n >= best_len && !strncmp(abs, r->path, n) && abs[n] == '/') {
            best = r;
            best_len = n;
        }
    }
    if (best) *rel = abs + best_len + 1;
    return best;
}

/* p ("@res/rel", or a path relative to the server folder or absolute) as a
 * resource and the path inside its folder (*rel: into p or abs, "" for the
 * folder itself); NULL when it names no resource's folder. */
static weft__resource *locate(weft__lua *lua, const char *p, char *abs, size_t cap,
                              const char **rel)
{
    weft__server *s = lua->host->server;
    if (*p == '@') {
        const char *slash = strchr(p, '/');
        char name[256];
        if (!slash || (size_t)(slash - p - 1) >= sizeof name) return NULL;
        memcpy(name, p + 1, (size_t)(slash - p - 1));
        name[slash - p - 1] = 0;
        *rel = slash + 1;
        return weft__srv_find(lua->host, name);
    }
    int n = *p == '/' ? snprintf(abs, cap, "%s", p) : snprintf(abs, cap, "%s/%s", s->dir, p);
    if (n <= 0 || (size_t)n + 2 > cap) return NULL;
    struct stat st;
    if (abs[n - 1] != '/' && !stat(abs, &st) && S_ISDIR(st.st_mode)) strcat(abs, "/");
    return owner_of(s, abs, rel);
}

/* The entry rel names, itself (a final symlink is not followed): the real
 * path of its folder, which must be inside root, and its last name. */
static int resolve_entry(const char *root, const char *rel, char *out, size_t cap)
{
    char dir[WEFT__LUA_PATH_MAX], real[WEFT__LUA_PATH_MAX];
    const char *why;
    size_t n = strlen(rel);
    while (n && rel[n - 1] == '/')
        n--;
    if (!n || n >= sizeof dir) return WEFT_ENOENT;
    memcpy(dir, rel, n);
    dir[n] = 0;
    char *slash = strrchr(dir, '/');
    const char *base = slash ? slash + 1 : dir;
    if (!strcmp(base, ".")) return WEFT_ENOENT;
    int rc = 0;
    if (slash) {
        *slash = 0;
        rc = weft__resfile_resolve(root, dir, 0, real, sizeof real, &why);
    } else if (!realpath(root, real)) {
        rc = WEFT_ENOENT;
    }
    if (rc < 0) return rc;
    int len = snprintf(out, cap, "%s/%s", real, base);
    return len < 0 || (size_t)len >= cap ? WEFT_ENOENT : 0;
}

int weft__lua_fs_resolve(lua_State *L, int arg, int how, char *out, size_t cap, int *writable)
{
    weft__lua *lua = weft__lua_from_state(L);
    size_t len;
    const char *p = luaL_checklstring(L, arg, &len), *rel = NULL;
    *writable = 0;
    if (strlen(p) != len) return WEFT_EINVAL; /* a NUL inside */
    if (!lua->host->server || !*p || len >= WEFT__LUA_PATH_MAX / 2) return WEFT_ENOENT;
    for (const char *c = p; *c;) {
        size_t n = strcspn(c, "/");
        if (n == 2 && c[0] == '.' && c[1] == '.') return WEFT_EACCES;
        c += n;
        if (*c) c++;
    }
    char abs[WEFT__LUA_PATH_MAX];
    weft__resource *r = locate(lua, p, abs, sizeof abs, &rel);
    if (!r) return WEFT_ENOENT;
    /* FiveM's ScriptingFilesystemAllowWrite: a file of the calling
     * resource itself, or of one server.cfg lets it write in. */
    weft__resource *me = lua->base.resource;
    *writable = *rel && me && weft__api_fs_may_write(lua->host, me->name, r->name);
    const char *why;
    if (how == WEFT__LUA_FS_ENTRY) return resolve_entry(r->path, rel, out, cap);
    return weft__resfile_resolve(r->path, rel, how == WEFT__LUA_FS_WRITE && *writable, out, cap,
                                 &why);
}

/* ---- handles ------------------------------------------------------------- */

#define tostream(L) ((luaL_Stream *)luaL_checkudata(L, 1, LUA_FILEHANDLE))

/* nil, "name: message", errno: Lua's io error triple. */
static int fail(lua_State *L, int e, const char *name)
{
    luaL_pushfail(L);
    if (name)
        lua_pushfstring(L, "%s: %s", name, weft__file_strerror(e));
    else
        lua_pushstring(L, weft__file_strerror(e));
    lua_pushinteger(L, e);
    return 3;
}

static FILE *tofile(lua_State *L)
{
    luaL_Stream *p = tostream(L);
    if (!p->closef) luaL_error(L, "attempt to use a closed file");
    return p->f;
}

static int close_stream(lua_State *L)
{
    luaL_Stream *p = tostream(L);
    int ok = fclose(p->f) == 0;
    p->f = NULL;
    return luaL_fileresult(L, ok, NULL);
}

static int aux_close(lua_State *L)
{
    luaL_Stream *p = tostream(L);
    lua_CFunction cf = p->closef;
    p->closef = NULL; /* closed from here on, whatever fclose says */
    return cf(L);
}

static int f_close(lua_State *L)
{
    tofile(L);
    return aux_close(L);
}

static int f_gc(lua_State *L)
{
    luaL_Stream *p = tostream(L);
    if (p->closef && p->f) aux_close(L);
    return 0;
}

static int f_tostring(lua_State *L)
{
    luaL_Stream *p = tostream(L);
    if (!p->closef)
        lua_pushliteral(L, "file (closed)");
    else
        lua_pushfstring(L, "file (%p)", (void *)p->f);
    return 1;
}

/* A closed handle first, so a memory error cannot leak a descriptor. */
static luaL_Stream *new_stream(lua_State *L)
{
    luaL_Stream *p = lua_newuserdatauv(L, sizeof *p, 0);
    p->f = NULL;
    p->closef = NULL;
    luaL_setmetatable(L, LUA_FILEHANDLE);
    return p;
}

/* io.open(path [, mode]): FiveM reads the mode only for 'w', 'a' (append)
 * and '+' (create), never rejects one, and opens read-only, silently, when
 * the resource may not write there (a missing file then fails as missing).
 * "w" does not truncate when opening: each f:write truncates the file at
 * its end (FiveM's LuaIOFileWrite). Every failure is "path: No such file or
 * directory" (2) as FiveM's, except a FIFO or device ("not a regular
 * file"), a directory (EISDIR), a NUL in the path (EINVAL), and running out
 * of descriptors or memory (EMFILE, ENFILE, ENOMEM). */
static int io_open(lua_State *L)
{
    const char *name = luaL_checkstring(L, 1);
    const char *mode = luaL_optstring(L, 2, "r");
    int append = strchr(mode, 'a') != NULL, create = strchr(mode, '+') != NULL;
    int write = append || strchr(mode, 'w') != NULL;
    char path[WEFT__LUA_PATH_MAX];
    int writable;
    int rc = weft__lua_fs_resolve(L, 1, write || create ? WEFT__LUA_FS_WRITE : WEFT__LUA_FS_READ,
                                  path, sizeof path, &writable);
    if (rc < 0) return fail(L, rc == WEFT_EINVAL ? EINVAL : ENOENT, name);
    if (!writable) write = create = append = 0;
    int ap = append ? O_APPEND : 0, fd;
    luaL_Stream *p = new_stream(L);
    if (create) {
        fd = weft__open_regular(path, O_RDWR | O_CREAT | ap, 0644);
    } else {
        fd = weft__open_regular(path, (write ? O_RDWR : O_RDONLY) | ap, 0644);
        if (fd < 0 && write && errno == ENOENT)
            fd = weft__open_regular(path, O_RDWR | O_CREAT | ap, 0644);
    }
    if (fd < 0) {
        int e = errno;
        /* running out of descriptors (or memory) is said as it is: "No such
         * file" would send the user looking for a missing file */
        int keep = e == ENODEV || e == EISDIR || e == EMFILE || e == ENFILE || e == ENOMEM;
        return fail(L, keep ? e : ENOENT, name);
    }
    p->f = fdopen(fd, write || create ? (append ? "a+" : "r+") : "r");
    if (!p->f) {
        int e = errno;
        close(fd);
        return fail(L, e, name);
    }
    p->closef = close_stream;
    return 1;
}

static int io_close(lua_State *L)
{
    return f_close(L);
}

static int io_type(lua_State *L)
{
    luaL_checkany(L, 1);
    luaL_Stream *p = luaL_testudata(L, 1, LUA_FILEHANDLE);
    if (!p)
        luaL_pushfail(L);
    else if (!p->closef)
        lua_pushliteral(L, "closed file");
    else
        lua_pushliteral(L, "file");
    return 1;
}

/* io.lines(...): FiveM's yields nothing, whatever it is given. */
static int no_lines(lua_State *L)
{
    (void)L;
    return 0;
}

static int io_lines(lua_State *L)
{
    lua_pushcfunction(L, no_lines);
    return 1;
}

/* io.flush() (the default output is a closed file) and io.tmpfile() refuse. */
static int io_flush(lua_State *L)
{
    return fail(L, EBADF, NULL);
}

static int io_tmpfile(lua_State *L)
{
    return fail(L, EACCES, NULL);
}

/* ---- reading --------------------------------------------------------------- */

#define CHUNK 65536

/* Up to n bytes (or all, n = SIZE_MAX), read chunk by chunk so that a huge
 * count allocates only what the file has. 1 if anything was read. */
static int read_chars(lua_State *L, FILE *f, size_t n)
{
    luaL_Buffer b;
    size_t total = 0;
    luaL_buffinit(L, &b);
    /* Bound: each pass reads a full chunk or ends. */
    while (n > 0) {
        size_t want = n < CHUNK ? n : CHUNK;
        char *p = luaL_prepbuffsize(&b, want);
        size_t got = fread(p, 1, want, f);
        luaL_addsize(&b, got);
        total += got;
        n -= got;
        if (got < want) break;
    }
    luaL_pushresult(&b);
    return total > 0;
}

/* Append f's bytes to b up to the end of a line, '\n' (or '\r' too, with
 * cr), not included; returns the byte that ended it, or EOF. Only the loop
 * thread touches a handle's FILE, so stdio's unlocked calls are safe. */
static int scan_line(FILE *f, luaL_Buffer *b, int cr)
{
    int c = EOF;
    /* Bound: each pass fills a buffer or ends at a line end or EOF. */
    for (;;) {
        char *p = luaL_prepbuffer(b);
        size_t i = 0;
        while (i < LUAL_BUFFERSIZE && (c = getc_unlocked(f)) != EOF && c != '\n' &&
               !(cr && c == '\r'))
            p[i++] = (char)c;
        luaL_addsize(b, i);
        if (i < LUAL_BUFFERSIZE) return c;
    }
}

/* A line; chop: without its '\n'. 1 if a newline or anything was read. */
static int read_line(lua_State *L, FILE *f, int chop)
{
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    int c = scan_line(f, &b, 0);
    if (!chop && c == '\n') luaL_addchar(&b, '\n');
    luaL_pushresult(&b);
    return c == '\n' || lua_rawlen(L, -1) > 0;
}

/* A numeral's longest valid prefix (at most 200 bytes, as Lua's), then
 * lua_stringtonumber; nil if it is not a number. */
typedef struct numeral {
    FILE *f;
    int c, n;
    char buf[201];
} numeral;

static int num_take(numeral *r)
{
    if (r->n >= 200) {
        r->buf[0] = 0;
        return 0;
    }
    r->buf[r->n++] = (char)r->c;
    r->c = getc(r->f);
    return 1;
}

static int num_test(numeral *r, const char *set)
{
    return (r->c == set[0] || (set[1] && r->c == set[1])) && num_take(r);
}

static int num_digits(numeral *r, int hex)
{
    int k = 0;
    while ((hex ? isxdigit(r->c) : isdigit(r->c)) && num_take(r))
        k++;
    return k;
}

static int read_number(lua_State *L, FILE *f)
{
    numeral r = {.f = f};
    int count = 0, hex = 0;
    char dp[2] = {lua_getlocaledecpoint(), 0};
    do
        r.c = getc(f);
    while (isspace(r.c));
    num_test(&r, "-+");
    if (num_test(&r, "0")) {
        if (num_test(&r, "xX"))
            hex = 1;
        else
            count = 1;
    }
    count += num_digits(&r, hex);
    if (num_test(&r, dp)) count += num_digits(&r, hex);
    if (count > 0 && num_test(&r, hex ? "pP" : "eE")) {
        num_test(&r, "-+");
        num_digits(&r, 0);
    }
    if (r.c != EOF) ungetc(r.c, f);
    r.buf[r.n] = 0;
    if (lua_stringtonumber(L, r.buf)) return 1;
    lua_pushnil(L);
    return 0;
}

static int test_eof(lua_State *L, FILE *f)
{
    int c = getc(f);
    if (c != EOF) ungetc(c, f);
    lua_pushliteral(L, "");
    return c != EOF;
}

/* f:read(...): formats "n", "l", "L", "a" (a leading '*' allowed) and byte
 * counts, as Lua's; nil for the first one that finds nothing. */
static int f_read(lua_State *L)
{
    FILE *f = tofile(L);
    int nargs = lua_gettop(L) - 1, n, ok = 1;
    clearerr(f);
    if (nargs == 0) {
        ok = read_line(L, f, 1);
        n = 3;
    } else {
        luaL_checkstack(L, nargs + LUA_MINSTACK, "too many arguments");
        for (n = 2; nargs-- && ok; n++) {
            if (lua_type(L, n) == LUA_TNUMBER) {
                size_t l = (size_t)luaL_checkinteger(L, n);
                ok = l == 0 ? test_eof(L, f) : read_chars(L, f, l);
                continue;
            }
            const char *p = luaL_checkstring(L, n);
            if (*p == '*') p++;
            switch (*p) {
            case 'n':
                ok = read_number(L, f);
                break;
            case 'l':
                ok = read_line(L, f, 1);
                break;
            case 'L':
                ok = read_line(L, f, 0);
                break;
            case 'a':
                read_chars(L, f, SIZE_MAX);
                ok = 1;
                break;
            default:
                return luaL_argerror(L, n, "invalid format");
            }
        }
    }
    if (ferror(f)) return luaL_fileresult(L, 0, NULL);
    if (!ok) {
        lua_pop(L, 1);
        luaL_pushfail(L);
    }
    return n - 2;
}

/* f:lines(): FiveM's iterator takes no formats; a line ends at any run of
 * '\n' and '\r' (so CRLF ends one line and blank lines are skipped). */
static int lines_next(lua_State *L)
{
    luaL_Stream *p = lua_touserdata(L, lua_upvalueindex(1));
    if (!p->closef) return luaL_error(L, "file is already closed");
    int c = getc_unlocked(p->f);
    if (c == EOF) return 0;
    ungetc(c, p->f);
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    c = scan_line(p->f, &b, 1);
    /* Bound: ends at the first byte that is not a line end. */
    while (c == '\n' || c == '\r')
        c = getc_unlocked(p->f);
    if (c != EOF) ungetc(c, p->f);
    luaL_pushresult(&b);
    return 1;
}

static int f_lines(lua_State *L)
{
    tofile(L);
    lua_settop(L, 1);
    lua_pushcclosure(L, lines_next, 1);
    return 1;
}

/* ---- writing, seeking ------------------------------------------------------ */

/* f:write(...): strings and numbers; the file, or nil, message, errno. As
 * FiveM's, the file is then cut at the position the writes reached (so "w"
 * replaces a file's contents, and a write after a seek drops the rest). */
static int f_write(lua_State *L)
{
    FILE *f = tofile(L);
    int nargs = lua_gettop(L) - 1, ok = 1;
    struct stat st;
    off_t before = fstat(fileno(f), &st) ? 0 : st.st_size;
    fseeko(f, 0, SEEK_CUR); /* a write may follow a read */
    /* Every argument is checked, also after a failed write (as FiveM). */
    for (int arg = 2; nargs--; arg++) {
        if (lua_type(L, arg) == LUA_TNUMBER) {
            int len = !ok ? 1
                      : lua_isinteger(L, arg)
                          ? fprintf(f, LUA_INTEGER_FMT, (LUAI_UACINT)lua_tointeger(L, arg))
                          : fprintf(f, LUA_NUMBER_FMT, (LUAI_UACNUMBER)lua_tonumber(L, arg));
            ok = ok && len > 0;
        } else {
            size_t l;
            const char *s = luaL_checklstring(L, arg, &l);
            ok = ok && fwrite(s, 1, l, f) == l;
        }
    }
    ok = ok && fflush(f) == 0;
    if (!ok) {
        int e = errno;
        __fpurge(f); /* what could not be written is dropped, not retried */
        clearerr(f);
        errno = e;
        return luaL_fileresult(L, 0, NULL);
    }
    off_t at = ftello(f);
    if (at >= 0 && at < before && ftruncate(fileno(f), at)) return luaL_fileresult(L, 0, NULL);
    lua_settop(L, 1);
    return 1;
}

static int f_seek(lua_State *L)
{
    static const int whence[] = {SEEK_SET, SEEK_CUR, SEEK_END};
    static const char *const names[] = {"set", "cur", "end", NULL};
    FILE *f = tofile(L);
    int op = luaL_checkoption(L, 2, "cur", names);
    lua_Integer off = luaL_optinteger(L, 3, 0);
    if (fseeko(f, (off_t)off, whence[op])) return luaL_fileresult(L, 0, NULL);
    lua_pushinteger(L, (lua_Integer)ftello(f));
    return 1;
}

/* f:setvbuf(mode [, size]): checked, then nothing to set (unbuffered). */
static int f_setvbuf(lua_State *L)
{
    static const char *const names[] = {"no", "full", "line", NULL};
    tofile(L);
    luaL_checkoption(L, 2, NULL, names);
    luaL_optinteger(L, 3, LUAL_BUFFERSIZE);
    lua_pushboolean(L, 1);
    return 1;
}

/* f:flush(): to the disk (fsync), as FiveM's. */
static int f_flush(lua_State *L)
{
    FILE *f = tofile(L);
    return luaL_fileresult(L, fflush(f) == 0 && fsync(fileno(f)) == 0, NULL);
}

/* ---- directory listings (io.readdir, io.popen) ------------------------------ */

/* A DIRECTORY* holds the names read when it was made (uservalue 1, a
 * sequence); closed, the uservalue is false. */
#define DIR_HANDLE "DIRECTORY*"

typedef struct dir_box {
    DIR *d;
} dir_box;

static int dir_box_gc(lua_State *L)
{
    dir_box *b = lua_touserdata(L, 1);
    if (b->d) closedir(b->d);
    b->d = NULL;
    return 0;
}

/* Push a DIRECTORY* listing path's entries (without "." and ".." unless
 * dots), empty if it cannot be read, as FiveM's. The DIR* lives in a box
 * whose __gc closes it, should a memory error cut the loop short. */
static void push_listing(lua_State *L, const char *path, int dots)
{
    dir_box *b = lua_newuserdatauv(L, sizeof *b, 0);
    b->d = NULL;
    if (luaL_newmetatable(L, "weft.dirbox")) {
        lua_pushcfunction(L, dir_box_gc);
        lua_setfield(L, -2, "__gc");
    }
    lua_setmetatable(L, -2);
    lua_newtable(L);
    b->d = path ? opendir(path) : NULL;
    lua_Integer n = 0;
    struct dirent *e;
    /* Bound: readdir ends at the end of the directory. */
    while (b->d && (e = readdir(b->d))) {
        if (!dots && (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))) continue;
        lua_pushstring(L, e->d_name);
        lua_rawseti(L, -2, ++n);
    }
    if (b->d) closedir(b->d);
    b->d = NULL;
    lua_newuserdatauv(L, 1, 1);
    luaL_setmetatable(L, DIR_HANDLE);
    lua_insert(L, -2);
    lua_setiuservalue(L, -2, 1);
    lua_remove(L, -2); /* the box */
}

/* The names of the DIRECTORY* at 1, pushed, or a Lua error when closed. */
static void dir_names(lua_State *L)
{
    luaL_checkudata(L, 1, DIR_HANDLE);
    lua_getiuservalue(L, 1, 1);
    luaL_argcheck(L, lua_istable(L, -1), 1, "directory is closed");
}

static int dir_next(lua_State *L)
{
    lua_Integer i = lua_tointeger(L, lua_upvalueindex(2)) + 1;
    lua_getiuservalue(L, lua_upvalueindex(1), 1);
    if (!lua_istable(L, -1)) return luaL_error(L, "directory is closed");
    if (lua_rawgeti(L, -1, i) == LUA_TNIL) return 0;
    lua_pushinteger(L, i);
    lua_replace(L, lua_upvalueindex(2));
    return 1;
}

static int dir_lines(lua_State *L)
{
    dir_names(L);
    lua_pushvalue(L, 1);
    lua_pushinteger(L, 0);
    lua_pushcclosure(L, dir_next, 2);
    return 1;
}

static int dir_close(lua_State *L)
{
    luaL_checkudata(L, 1, DIR_HANDLE);
    lua_pushboolean(L, 0);
    lua_setiuservalue(L, 1, 1);
    lua_pushboolean(L, 1);
    return 1;
}

/* Each name followed by a newline, or "directory (closed)". */
static int dir_tostring(lua_State *L)
{
    luaL_checkudata(L, 1, DIR_HANDLE);
    if (lua_getiuservalue(L, 1, 1) != LUA_TTABLE) {
        lua_pushliteral(L, "directory (closed)");
        return 1;
    }
    int t = lua_gettop(L);
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    lua_Integer n = (lua_Integer)lua_rawlen(L, t);
    for (lua_Integer i = 1; i <= n; i++) {
        lua_rawgeti(L, t, i);
        luaL_addvalue(&b);
        luaL_addchar(&b, '\n');
    }
    luaL_pushresult(&b);
    return 1;
}

/* io.readdir(path): FiveM's lists any folder the server can read ("@res/x"
 * in a resource's folder; other paths relative to the server folder). */
static int io_readdir(lua_State *L)
{
    weft__lua *lua = weft__lua_from_state(L);
    size_t len;
    const char *p = luaL_checklstring(L, 1, &len), *rel;
    char path[2 * WEFT__LUA_PATH_MAX];
    weft__resource *r = NULL;
    int ok = strlen(p) == len && len < WEFT__LUA_PATH_MAX && lua->host->server;
    if (ok && *p == '@') r = locate(lua, p, path, sizeof path, &rel);
    if (r)
        snprintf(path, sizeof path, "%s/%s", r->path, rel);
    else if (ok)
        snprintf(path, sizeof path, "%s%s%s", *p == '/' ? "" : lua->host->server->dir,
                 *p == '/' ? "" : "/", p);
    push_listing(L, ok ? path : NULL, 0);
    return 1;
}

/* io.popen(cmd [, mode]): nothing runs. As FiveM's, a command starting
 * with "dir" or "ls" lists the folder named between its first two double
 * quotes, if that lies in a resource's folder ("." and ".." included);
 * anything else is nil, "cmd: No such file or directory", 2. */
static int io_popen(lua_State *L)
{
    weft__lua *lua = weft__lua_from_state(L);
    size_t len;
    const char *cmd = luaL_checklstring(L, 1, &len), *rel;
    luaL_optstring(L, 2, "r");
    const char *q1 = memchr(cmd, '"', len),
               *q2 = q1 ? memchr(q1 + 1, '"', len - (size_t)(q1 + 1 - cmd)) : NULL;
    char inner[WEFT__LUA_PATH_MAX], abs[WEFT__LUA_PATH_MAX], path[2 * WEFT__LUA_PATH_MAX];
    weft__resource *r = NULL;
    if ((!strncmp(cmd, "dir", 3) || !strncmp(cmd, "ls", 2)) && q2 && lua->host->server &&
        (size_t)(q2 - q1 - 1) < sizeof inner && !memchr(q1 + 1, 0, (size_t)(q2 - q1 - 1))) {
        memcpy(inner, q1 + 1, (size_t)(q2 - q1 - 1));
        inner[q2 - q1 - 1] = 0;
        if (*inner) r = locate(lua, inner, abs, sizeof abs, &rel);
    }
    if (!r) return fail(L, ENOENT, cmd);
    snprintf(path, sizeof path, "%s/%s", r->path, rel);
    push_listing(L, path, 1);
    return 1;
}

/* ---- the library ----------------------------------------------------------- */

static const luaL_Reg io_funcs[] = {
    {"close", io_close},     {"flush", io_flush},     {"lines", io_lines},
    {"open", io_open},       {"tmpfile", io_tmpfile}, {"type", io_type},
    {"readdir", io_readdir}, {"popen", io_popen},     {NULL, NULL},
};

static const luaL_Reg file_methods[] = {
    {"close", f_close},         {"flush", f_flush},     {"lines", f_lines}, {"read", f_read},
    {"seek", f_seek},           {"setvbuf", f_setvbuf}, {"write", f_write}, {"__gc", f_gc},
    {"__tostring", f_tostring}, {NULL, NULL},
};

/* io.stdin/stdout/stderr are closed handles, as FiveM's. */
static void closed_std(lua_State *L, const char *reg, const char *field)
{
    new_stream(L);
    if (reg) {
        lua_pushvalue(L, -1);
        lua_setfield(L, LUA_REGISTRYINDEX, reg);
    }
    lua_setfield(L, -2, field);
}

int weft__lua_io_open(lua_State *L)
{
    luaL_newlib(L, io_funcs);
    lua_pushcfunction(L, weft__lua_print);
    lua_setfield(L, -2, "write"); /* FiveM's io.write prints */
    luaL_newmetatable(L, LUA_FILEHANDLE);
    lua_pushvalue(L, -1);
    lua_setfield(L, -2, "__index");
    luaL_setfuncs(L, file_methods, 0);
    lua_pop(L, 1);
    static const luaL_Reg dir_methods[] = {
        {"close", dir_close}, {"lines", dir_lines}, {"__tostring", dir_tostring}, {NULL, NULL}};
    luaL_newmetatable(L, DIR_HANDLE);
    lua_pushvalue(L, -1);
    lua_setfield(L, -2, "__index");
    luaL_setfuncs(L, dir_methods, 0);
    lua_pop(L, 1);
    closed_std(L, "_IO_input", "stdin");
    closed_std(L, "_IO_output", "stdout");
    closed_std(L, NULL, "stderr");
    return 1;
}
