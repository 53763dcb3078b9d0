/* config.h: server.cfg and console-line tokenizing, FiveM style, and the
 * convar store. Only tokenizing here: the server core interprets commands
 * (ensure, start, stop, set, sets, setr, ...). `exec FILE` is the one command
 * weft__cfg_load handles itself (relative to the including file's folder,
 * nested at most WEFT_CFG_MAX_EXEC_DEPTH deep).
 * Tokens: whitespace-separated; "double quoted" with \" \\ \n \t escapes
 * (outside quotes a backslash is literal: Windows paths); `#` or `//` at the
 * start of a token begins a comment; an unquoted `;` ends a command. */
#ifndef WEFT_HOST_CONFIG_H
#define WEFT_HOST_CONFIG_H

#include <stddef.h>
#include <stdint.h>
#include "weft.h"

/* How deep `exec` may nest (the top-level file is depth 0). */
#ifndef WEFT_CFG_MAX_EXEC_DEPTH
#define WEFT_CFG_MAX_EXEC_DEPTH 8
#endif
/* Files one load may exec in all (a file that execs itself on many lines
 * would otherwise fan out as lines^depth). */
#ifndef WEFT_CFG_MAX_EXEC_FILES
#define WEFT_CFG_MAX_EXEC_FILES 256
#endif
/* Tokens in one command, and bytes in one cfg line. */
#ifndef WEFT_CFG_MAX_ARGS
#define WEFT_CFG_MAX_ARGS 256
#endif
#ifndef WEFT_CFG_MAX_LINE
#define WEFT_CFG_MAX_LINE 65536
#endif

/* One command. argv[0..argc-1] are NUL-terminated tokens, argv[argc] is
 * NULL; all owned by the struct (free with weft__cfg_cmd_free). */
typedef struct weft__cfg_cmd {
    int argc;
    char **argv;
    const char *file; /* cfg file the command came from (borrowed), or NULL */
    int line;         /* 1-based line in file, or 0 */
} weft__cfg_cmd;

void weft__cfg_cmd_free(weft__cfg_cmd *cmd);

/* Tokenize the first command of line (up to an unquoted ';', a comment or
 * the end of the line). Returns argc (0 for a blank or comment-only line,
 * then out->argv is NULL) or a negative WEFT_E* (WEFT_EINVAL for an
 * unterminated quote or too many tokens; *out then holds nothing). */
int weft__cfg_parse_line(const char *line, weft__cfg_cmd *out);

/* Iterate over every command in a line or buffer: parses the next non-empty
 * command at *cursor into *out and advances *cursor past it (and past its
 * ';' or newline). Returns 1 with a command, 0 when the input is exhausted
 * (out->argc 0), or a negative WEFT_E* (then *cursor is not advanced).
 *   const char *p = line; weft__cfg_cmd c;
 *   while ((r = weft__cfg_split(&p, &c)) > 0) { use(&c); weft__cfg_cmd_free(&c); } */
int weft__cfg_split(const char **cursor, weft__cfg_cmd *out);

/* The same, and on a bad command *why says what is wrong ("unterminated
 * quoted string"), as server.cfg's lines do. */
int weft__cfg_split_why(const char **cursor, weft__cfg_cmd *out, const char **why);

/* 1 if a file exec'ed by this name is strict: not named *.cfg, so its first
 * bad line (unknown command, bad quoting, NUL byte) ends it. */
int weft__cfg_strict_name(const char *path);

/* Called once per command in file order (exec'ed files inline). The command
 * and its strings are valid only during the call. A nonzero return stops
 * loading and is returned by weft__cfg_load (set err yourself if wanted),
 * except WEFT_CFG_STOP_FILE: the rest of the command's own file is skipped
 * (the files that exec'ed it go on). */
#define WEFT_CFG_STOP_FILE 2
typedef int (*weft__cfg_cb)(void *opaque, const weft__cfg_cmd *cmd);

/* Read the cfg at path and call cb for each command. `exec FILE` (argc 2)
 * reads FILE relative to the folder of the file containing it (absolute
 * paths as is). Returns 0, the callback's nonzero value, or:
 *   WEFT_ENOENT  path or an exec'ed file missing ("server.cfg:3: exec: cannot
 *                open 'x.cfg' (cfg/x.cfg): No such file or directory", the resolved path in
 *                parentheses);
 *   WEFT_EINVAL  an exec loop (an exec of a file that is running: "b.cfg:1:
 *                exec 'a.cfg': an exec loop (a.cfg:3 -> b.cfg:1 -> a.cfg):
 *                skipped", at the first exec that closes it), exec nested
 *                deeper than WEFT_CFG_MAX_EXEC_DEPTH, a bad `exec` line, an
 *                unterminated quote, too many tokens or an over-long line
 *                ("file:LINE: ...");
 *   WEFT_EIO / WEFT_ENOMEM. */
int weft__cfg_load(const char *path, weft__cfg_cb cb, void *opaque, char *err,
                   size_t errcap);
/* The same, but a bad line (unterminated quote, too many tokens, a line
 * over WEFT_CFG_MAX_LINE bytes, a NUL byte, an exec'ed file missing, an
 * exec loop, exec nested too deep) is given to on_error as one message "file:LINE: ..." and
 * skipped; loading goes on with the next line, as FXServer does (in a
 * strict file, weft__cfg_strict_name, the rest of that file is skipped). A
 * file that is not text (control bytes in its first 4 KiB: at least 8, or
 * over a tenth of them) runs nothing: one message. Returns 0,
 * the callback's nonzero value, or WEFT_ENOENT/EIO for path itself (err set). */
typedef void (*weft__cfg_err_cb)(void *opaque, const char *msg);
int weft__cfg_load_reporting(const char *path, weft__cfg_cb cb, weft__cfg_err_cb on_error,
                             void *opaque, char *err, size_t errcap);

/* Convars (set/sets/setr). Names compare case-insensitively, as FiveM's;
 * the list keeps first-set order and the first spelling of a name. */
#define WEFT_CONVAR_SERVERINFO 0x1u /* sets: shown in server info */
#define WEFT_CONVAR_REPLICATED 0x2u /* setr: replicated to clients */

typedef struct weft__convar {
    char *name;
    char *value;
    unsigned flags;
} weft__convar;

typedef struct weft__convars {
    weft__convar *items;
    size_t len;
    size_t cap;
} weft__convars;

void weft__convars_init(weft__convars *cv);
void weft__convars_free(weft__convars *cv);
/* Set (create or overwrite) name = value; flags replace the old flags.
 * Returns 0, WEFT_EINVAL (empty name) or WEFT_ENOMEM. */
int weft__convars_set(weft__convars *cv, const char *name, const char *value,
                      unsigned flags);
/* The value (borrowed, valid until the next set/free), or def if unset. */
const char *weft__convars_get(const weft__convars *cv, const char *name, const char *def);
/* The value as a base-10 integer (whole string, surrounding spaces allowed,
 * in int range), else def. */
int weft__convars_get_int(const weft__convars *cv, const char *name, int def);
/* The convar entry, or NULL. For listing, iterate cv->items[0..len-1]. */
const weft__convar *weft__convars_find(const weft__convars *cv, const char *name);

/* The numeric convars weft reads (convar_limits.c): name, valid range
 * (inclusive), unit and built-in default (def_lua: Lua's where it differs
 * from JS's, else 0). */
typedef struct weft__convar_range {
    const char *name;
    long long lo, hi;
    const char *unit;
    long long def, def_lua;
} weft__convar_range;
/* The range of convar name (any case), or NULL when weft reads no number
 * from it (then any text is accepted). */
const weft__convar_range *weft__convar_range_find(const char *name);
/* The i-th range (for listing and tests), NULL past the end. */
const weft__convar_range *weft__convar_range_at(size_t i);
/* 0 if value may be stored in name (not a numeric convar, or a whole
 * base-10 integer in range); else WEFT_EINVAL and why holds one sentence
 * naming the convar, the value, the valid range and what is kept (the
 * value in cv, or the default): "sv_frameRate \"0\" is out of range: valid
 * is 1 to 1000 (Hz); keeping the default, 20". A name with a control byte
 * is refused too ("the convar name \"a\\x01b\" has a control byte ...").
 * cv may be NULL. */
int weft__convar_check(const weft__convars *cv, const char *name, const char *value, char *why,
                       size_t cap);

#endif
