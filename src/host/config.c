/* config.c: server.cfg / console tokenizing (FiveM's console rules: words,
 * "quoted strings" with \" \\ \n \t escapes, `#` and `//` comments at a token
 * start, `;` between commands), recursive `exec` bounded by
 * WEFT_CFG_MAX_EXEC_DEPTH (an exec of a file already running is a loop,
 * refused), and the convar store. Nothing here interprets a
 * command other than exec; every token is a fresh malloc'ed string. */
#include "host/config.h"
#include "host/files.h"

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <strings.h>

static void set_err(char *err, size_t errcap, const char *fmt, ...) {
    va_list ap;
    if (err == NULL || errcap == 0)
        return;
    va_start(ap, fmt);
    vsnprintf(err, errcap, fmt, ap);
    va_end(ap);
}

void weft__cfg_cmd_free(weft__cfg_cmd *cmd) {
    if (cmd == NULL)
        return;
    for (int i = 0; i < cmd->argc; i++)
        free(cmd->argv[i]);
    free(cmd->argv);
    cmd->argv = NULL;
    cmd->argc = 0;
}

/* Append a token of n bytes (copied) to cmd; argv stays NULL-terminated. */
static int cmd_push(weft__cfg_cmd *cmd, const char *tok, size_t n, const char **why) {
    char **nv, *t;
    if (cmd->argc >= WEFT_CFG_MAX_ARGS) {
        *why = "too many tokens in one command";
        return WEFT_EINVAL;
    }
    if ((t = malloc(n + 1)) == NULL)
        goto oom;
    memcpy(t, tok, n);
    t[n] = '\0';
    if ((nv = realloc(cmd->argv, (size_t)(cmd->argc + 2) * sizeof(*nv))) == NULL) {
        free(t);
        goto oom;
    }
    cmd->argv = nv;
    cmd->argv[cmd->argc++] = t;
    cmd->argv[cmd->argc] = NULL;
    return 0;
oom:
    *why = "out of memory";
    return WEFT_ENOMEM;
}

static int is_blank(char c) {
    return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

/* Parse one command (possibly empty) at *cursor: tokens up to an unquoted
 * ';', a newline, a comment's end of line or the end of input. On success
 * *cursor moves past the terminator; returns 1 if the input had anything at
 * all left, 0 at its end. */
static int parse_cmd(const char **cursor, weft__cfg_cmd *out, const char **why) {
    const char *p = *cursor;
    char *buf = NULL;
    int rc;

    out->argc = 0;
    out->argv = NULL;
    if (*p == '\0')
        return 0;
    for (;;) {
        while (is_blank(*p))
            p++;
        if (*p == '\0')
            break;
        if (*p == '\n' || *p == ';') {
            p++;
            break;
        }
        if (*p == '#' || (p[0] == '/' && p[1] == '/')) {
            while (*p != '\0' && *p != '\n')
                p++;
            continue; /* the newline (if any) ends the command above */
        }
        if (*p == '"') {
            /* Quoted: the decoded token is never longer than its source. */
            const char *q = ++p;
            size_t n = 0;
            while (*q != '\0' && *q != '\n' && *q != '"')
                q += (q[0] == '\\' && q[1] != '\0' && q[1] != '\n') ? 2 : 1;
            if (*q != '"') {
                *why = "unterminated quoted string";
                rc = WEFT_EINVAL;
                goto fail;
            }
            if ((buf = malloc((size_t)(q - p) + 1)) == NULL) {
                *why = "out of memory";
                rc = WEFT_ENOMEM;
                goto fail;
            }
            for (; p < q; p++) {
                if (*p == '\\' && p + 1 < q) {
                    switch (*++p) {
                    case 'n': buf[n++] = '\n'; break;
                    case 't': buf[n++] = '\t'; break;
                    case '"': buf[n++] = '"'; break;
                    case '\\': buf[n++] = '\\'; break;
                    default: buf[n++] = '\\'; buf[n++] = *p; break;
                    }
                } else {
                    buf[n++] = *p;
                }
            }
            p = q + 1;
            rc = cmd_push(out, buf, n, why);
            free(buf);
            buf = NULL;
            if (rc != 0)
                goto fail;
        } else {
            const char *s = p;
            while (*p != '\0' && *p != '\n' && *p != ';' && !is_blank(*p))
                p++;
            if ((rc = cmd_push(out, s, (size_t)(p - s), why)) != 0)
                goto fail;
        }
    }
    *cursor = p;
    return 1;
fail:
    weft__cfg_cmd_free(out);
    return rc;
}

/* Next non-empty command; empty ones (";;", comment lines) are skipped, a
 * loop bounded by the input's length since each parse_cmd consumes >= 1 byte. */
static int split(const char **cursor, weft__cfg_cmd *out, const char **why) {
    const char *p = *cursor;
    int r;
    out->file = NULL;
    out->line = 0;
    while ((r = parse_cmd(&p, out, why)) > 0) {
        if (out->argc > 0) {
            *cursor = p;
            return 1;
        }
    }
    if (r == 0)
        *cursor = p;
    return r;
}

int weft__cfg_split(const char **cursor, weft__cfg_cmd *out) {
    const char *why = NULL;
    return split(cursor, out, &why);
}

int weft__cfg_split_why(const char **cursor, weft__cfg_cmd *out, const char **why) {
    *why = "bad command";
    return split(cursor, out, why);
}

int weft__cfg_strict_name(const char *path) {
    size_t n = path ? strlen(path) : 0;
    return n < 4 || strcasecmp(path + n - 4, ".cfg") != 0;
}

/* 1 if the first bytes of f look binary (control bytes other than tab, the
 * line ends, form feed and ESC: at least 8, or over a tenth of them); the
 * file is rewound. One NUL in a cfg line is not binary: that line is
 * reported by itself. */
static int looks_binary(FILE *f) {
    unsigned char buf[4096];
    size_t n = fread(buf, 1, sizeof buf, f), ctrl = 0;
    rewind(f);
    for (size_t i = 0; i < n; i++) {
        unsigned char b = buf[i];
        if ((b < 0x20 && b != '\t' && b != '\n' && b != '\r' && b != '\f' && b != '\v' &&
             b != 0x1b) ||
            b == 0x7f)
            ctrl++;
    }
    return n > 0 && (ctrl >= 8 || ctrl * 10 > n);
}

int weft__cfg_parse_line(const char *line, weft__cfg_cmd *out) {
    const char *why = NULL, *p = line;
    int r = split(&p, out, &why);
    return r < 0 ? r : out->argc;
}

/* --- files -------------------------------------------------------------- */

/* A file being run, for exec loop detection: its identity and the line
 * running now. */
typedef struct cfg_open_file {
    dev_t dev;
    ino_t ino;
    const char *path;
    int line;
} cfg_open_file;

typedef struct cfg_load_ctx {
    weft__cfg_cb cb;
    weft__cfg_err_cb on_error; /* NULL: the first error ends loading */
    void *opaque;
    char *err;
    size_t errcap;
    int files;     /* exec'ed so far, bounded by WEFT_CFG_MAX_EXEC_FILES */
    int deep_said; /* the depth limit was reported (once per load) */
    cfg_open_file open[WEFT_CFG_MAX_EXEC_DEPTH + 1]; /* [depth]: the files being run */
} cfg_load_ctx;

/* A bad line: with on_error, report it and go on (returns 0); else keep the
 * message in err and return rc, which ends loading. */
static int bad_line(cfg_load_ctx *c, int rc, const char *fmt, ...) {
    char msg[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (c->on_error) {
        c->on_error(c->opaque, msg);
        return 0;
    }
    set_err(c->err, c->errcap, "%s", msg);
    return rc;
}

/* path of name relative to the folder of the file at base (absolute names
 * as is; leading "./" dropped). malloc'ed or NULL. */
static char *resolve(const char *base, const char *name) {
    const char *slash = strrchr(base, '/');
    while (name[0] == '.' && name[1] == '/') /* "./x.cfg" is x.cfg: one name per file in lines */
        for (name += 2; name[0] == '/';)
            name++;
    size_t dl = (name[0] == '/' || slash == NULL) ? 0 : (size_t)(slash - base) + 1;
    size_t nl = strlen(name);
    char *r = malloc(dl + nl + 1);
    if (r == NULL)
        return NULL;
    memcpy(r, base, dl);
    memcpy(r + dl, name, nl + 1);
    return r;
}

static int run_file(cfg_load_ctx *c, FILE *f, const char *path, const struct stat *fst, int depth,
                    const char *from, int from_line, const char *req);

static int load_file(cfg_load_ctx *c, const char *path, int depth, const char *from,
                     int from_line, const char *req) {
    /* Never blocks: `exec FIFO` would wait for a writer forever. */
    FILE *f = weft__fopen_regular(path, "rb");

    if (f == NULL && (errno == EISDIR || errno == ENODEV)) {
        if (from != NULL)
            return bad_line(c, WEFT_EINVAL, "%s:%d: exec: '%s' (%s) is not a regular file", from,
                            from_line, req, path);
        set_err(c->err, c->errcap, "'%s' is not a regular file", path);
        return WEFT_EINVAL;
    }
    if (f == NULL) {
        int e = errno;
        int code = e == ENOENT || e == ENOTDIR ? WEFT_ENOENT : WEFT_EIO;
        if (from != NULL)
            return bad_line(c, code, "%s:%d: exec: cannot open '%s' (%s): %s", from, from_line,
                            req, path, strerror(e));
        set_err(c->err, c->errcap, "cannot open '%s': %s", path, strerror(e));
        return code;
    }
    struct stat st;
    if (fstat(fileno(f), &st) != 0)
        memset(&st, 0, sizeof st); /* no identity (inode 0): never matched as a loop */
    /* One spelling per file (cfg/../server.cfg is server.cfg) in its lines'
     * messages and as the base of its relative execs: the kernel's own
     * resolution of path, so the same file is found. */
    char *canon = realpath(path, NULL);
    int rc = run_file(c, f, canon ? canon : path, &st, depth, from, from_line, req);
    free(canon);
    fclose(f);
    return rc;
}

/* Run the opened file f (closed by the caller) as path, at depth. */
static int run_file(cfg_load_ctx *c, FILE *f, const char *path, const struct stat *fst, int depth,
                    const char *from, int from_line, const char *req) {
    char *line = NULL;
    size_t cap = 0;
    ssize_t n;
    int lineno = 0, rc = 0;

    /* An exec of a file that is being run already (server.cfg execs itself,
     * or a.cfg -> b.cfg -> a.cfg) is a loop: refused at that exec line, with
     * the chain, before the files run again (the depth limit alone let each
     * run WEFT_CFG_MAX_EXEC_DEPTH times). Bound: depth entries. */
    for (int d = 0; from != NULL && d < depth; d++) {
        if (fst->st_ino == 0 || c->open[d].dev != fst->st_dev || c->open[d].ino != fst->st_ino)
            continue;
        char chain[768];
        size_t o = 0;
        chain[0] = '\0';
        for (int k = d; k < depth && o < sizeof chain; k++)
            o += (size_t)snprintf(chain + o, sizeof chain - o, "%s:%d -> ", c->open[k].path,
                                  c->open[k].line);
        return bad_line(c, WEFT_EINVAL, "%s:%d: exec '%s': an exec loop (%s%s): skipped", from,
                        from_line, req, chain, c->open[d].path);
    }
    c->open[depth] = (cfg_open_file){fst->st_dev, fst->st_ino, path, 0};
    if (looks_binary(f)) {
        if (from != NULL)
            return bad_line(c, WEFT_EINVAL, "%s:%d: exec: '%s' (%s) is not a text file: nothing "
                            "in it was run", from, from_line, req, path);
        set_err(c->err, c->errcap, "'%s' is not a text file: nothing in it was run", path);
        return WEFT_EINVAL;
    }
    /* One pass over the file; each line's command loop is bounded by its length.
     * A bad line is reported (on_error) and skipped; the rest of the file
     * runs, unless the file is strict (not *.cfg): then it ends there. */
    int strict = weft__cfg_strict_name(path), stop = 0;
    const char *rest = strict ? " (not a .cfg file: the rest of it is skipped)" : "";
    while (rc == 0 && !stop && (n = getline(&line, &cap, f)) >= 0) {
        const char *p = line, *why = NULL;
        weft__cfg_cmd cmd;
        int r;
        lineno++;
        c->open[depth].line = lineno;
        if ((size_t)n > WEFT_CFG_MAX_LINE) {
            rc = bad_line(c, WEFT_EINVAL, "%s:%d: line longer than %d bytes (ignored)%s", path,
                          lineno, (int)WEFT_CFG_MAX_LINE, rest);
            stop = strict;
            continue;
        }
        if ((size_t)n != strlen(line)) {
            rc = bad_line(c, WEFT_EINVAL, "%s:%d: NUL byte in line (ignored)%s", path, lineno,
                          rest);
            stop = strict;
            continue;
        }
        if (lineno == 1 && strncmp(p, "\xEF\xBB\xBF", 3) == 0)
            p += 3; /* UTF-8 byte order mark from Windows editors */
        while ((r = split(&p, &cmd, &why)) > 0) {
            cmd.file = path;
            cmd.line = lineno;
            if (strcasecmp(cmd.argv[0], "exec") == 0 && cmd.argc == 2) {
                /* exec FILE: always here, so nesting is counted (a bare
                 * `exec` or extra words go to the callback for its usage line) */
                if (++c->files > WEFT_CFG_MAX_EXEC_FILES) {
                    /* said once; the rest of the fan-out is skipped quietly */
                    if (c->files == WEFT_CFG_MAX_EXEC_FILES + 1)
                        rc = bad_line(c, WEFT_EINVAL,
                                      "%s:%d: exec '%s': more than %d files exec'ed in one "
                                      "load (this and later execs ignored)",
                                      path, lineno, cmd.argv[1], WEFT_CFG_MAX_EXEC_FILES);
                } else if (depth + 1 > WEFT_CFG_MAX_EXEC_DEPTH) {
                    if (!c->deep_said++) /* said once per load */
                        rc = bad_line(c, WEFT_EINVAL,
                                      "%s:%d: exec '%s': nested deeper than %d files",
                                      path, lineno, cmd.argv[1], WEFT_CFG_MAX_EXEC_DEPTH);
                } else {
                    char *sub = resolve(path, cmd.argv[1]);
                    if (sub == NULL) {
                        set_err(c->err, c->errcap, "%s:%d: out of memory", path, lineno);
                        rc = WEFT_ENOMEM;
                    } else {
                        rc = load_file(c, sub, depth + 1, path, lineno, cmd.argv[1]);
                        free(sub);
                    }
                }
            } else {
                rc = c->cb(c->opaque, &cmd);
                if (rc == WEFT_CFG_STOP_FILE) {
                    rc = 0;
                    stop = 1;
                }
            }
            weft__cfg_cmd_free(&cmd);
            if (rc != 0 || stop)
                break;
        }
        if (r < 0 && rc == 0 && !stop) {
            rc = bad_line(c, r, "%s:%d: %s (rest of the line ignored)%s", path, lineno, why, rest);
            stop = strict;
        }
    }
    if (rc == 0 && ferror(f)) {
        if (from != NULL)
            rc = bad_line(c, WEFT_EIO, "%s:%d: exec: read error in '%s': %s", from, from_line,
                          path, strerror(errno));
        else {
            set_err(c->err, c->errcap, "%s: read error: %s", path, strerror(errno));
            rc = WEFT_EIO;
        }
    }
    free(line);
    return rc;
}

int weft__cfg_load_reporting(const char *path, weft__cfg_cb cb, weft__cfg_err_cb on_error,
                             void *opaque, char *err, size_t errcap) {
    cfg_load_ctx c = {cb, on_error, opaque, err, errcap, 0, 0};
    set_err(err, errcap, "");
    if (path == NULL || cb == NULL) {
        set_err(err, errcap, "cfg: no file or callback given");
        return WEFT_EINVAL;
    }
    return load_file(&c, path, 0, NULL, 0, NULL);
}

int weft__cfg_load(const char *path, weft__cfg_cb cb, void *opaque, char *err,
                   size_t errcap) {
    return weft__cfg_load_reporting(path, cb, NULL, opaque, err, errcap);
}

/* --- convars ------------------------------------------------------------ */

void weft__convars_init(weft__convars *cv) {
    memset(cv, 0, sizeof(*cv));
}

void weft__convars_free(weft__convars *cv) {
    for (size_t i = 0; i < cv->len; i++) {
        free(cv->items[i].name);
        free(cv->items[i].value);
    }
    free(cv->items);
    memset(cv, 0, sizeof(*cv));
}

const weft__convar *weft__convars_find(const weft__convars *cv, const char *name) {
    if (name == NULL)
        return NULL;
    for (size_t i = 0; i < cv->len; i++)
        if (strcasecmp(cv->items[i].name, name) == 0)
            return &cv->items[i];
    return NULL;
}

int weft__convars_set(weft__convars *cv, const char *name, const char *value,
                      unsigned flags) {
    weft__convar *v;
    char *nv;
    if (name == NULL || name[0] == '\0' || value == NULL)
        return WEFT_EINVAL;
    v = (weft__convar *)weft__convars_find(cv, name);
    if ((nv = strdup(value)) == NULL)
        return WEFT_ENOMEM;
    if (v == NULL) {
        char *nn = strdup(name);
        if (nn == NULL)
            goto oom;
        if (cv->len == cv->cap) {
            size_t ncap = cv->cap ? cv->cap * 2 : 16;
            weft__convar *n = realloc(cv->items, ncap * sizeof(*n));
            if (n == NULL) {
                free(nn);
                goto oom;
            }
            cv->items = n;
            cv->cap = ncap;
        }
        v = &cv->items[cv->len++];
        v->name = nn;
        v->value = NULL;
    }
    free(v->value);
    v->value = nv;
    v->flags = flags;
    return 0;
oom:
    free(nv);
    return WEFT_ENOMEM;
}

const char *weft__convars_get(const weft__convars *cv, const char *name, const char *def) {
    const weft__convar *v = weft__convars_find(cv, name);
    return v ? v->value : def;
}

int weft__convars_get_int(const weft__convars *cv, const char *name, int def) {
    const char *s = weft__convars_get(cv, name, NULL);
    char *end;
    long n;
    if (s == NULL)
        return def;
    errno = 0;
    n = strtol(s, &end, 10);
    if (end == s || errno == ERANGE || n < INT_MIN || n > INT_MAX)
        return def;
    while (is_blank(*end) || *end == '\n')
        end++;
    return *end == '\0' ? (int)n : def;
}
