/* manifest.h: a resource's manifest (fxmanifest.lua, or the legacy
 * __resource.lua), evaluated as FiveM does: a bare global name called with a
 * string or a table records that key (`server_scripts {...}` records
 * "server_script" once per entry), in a sandboxed Lua 5.4 state with only
 * base/string/table/math, a memory cap and an instruction budget.
 * Invariants: every string in a weft__manifest is malloc'ed and owned by it;
 * script paths are relative to the resource folder, glob-expanded, never
 * absolute and never containing "." or ".." segments, unique within a list,
 * and their real location (symlinks resolved) is inside the resource folder;
 * "@res/path" entries have a path part that is relative and without "..". */
#ifndef WEFT_HOST_MANIFEST_H
#define WEFT_HOST_MANIFEST_H

#include <stddef.h>
#include "weft.h"

/* Lua VM instructions a manifest may run before it is aborted (counted in
 * steps of WEFT_MANIFEST_HOOK_STEP instructions). */
#ifndef WEFT_MANIFEST_MAX_INSTRUCTIONS
#define WEFT_MANIFEST_MAX_INSTRUCTIONS 1000000
#endif
#ifndef WEFT_MANIFEST_HOOK_STEP
#define WEFT_MANIFEST_HOOK_STEP 1000
#endif
/* Nested calls a manifest may make (deeper is endless recursion, refused
 * with its file:line before it fills the memory cap). */
#ifndef WEFT_MANIFEST_MAX_DEPTH
#define WEFT_MANIFEST_MAX_DEPTH 200
#endif
/* Bytes the manifest's Lua state may allocate in all. */
#ifndef WEFT_MANIFEST_MAX_MEMORY
#define WEFT_MANIFEST_MAX_MEMORY (16 * 1024 * 1024)
#endif
/* Largest manifest file, in bytes. */
#ifndef WEFT_MANIFEST_MAX_SIZE
#define WEFT_MANIFEST_MAX_SIZE (1024 * 1024)
#endif
/* Directory levels a `**` glob descends, and files one pattern may match. */
#ifndef WEFT_MANIFEST_GLOB_MAX_DEPTH
#define WEFT_MANIFEST_GLOB_MAX_DEPTH 32
#endif
#ifndef WEFT_MANIFEST_GLOB_MAX_FILES
#define WEFT_MANIFEST_GLOB_MAX_FILES 10000
#endif
/* Directories one `**` pattern may open, each counted every time the walk
 * reaches it (a pattern alternating `**` and `*` segments can reach one
 * folder in many ways). */
#ifndef WEFT_MANIFEST_GLOB_MAX_VISITS
#define WEFT_MANIFEST_GLOB_MAX_VISITS 20000
#endif

/* A growable array of owned strings. */
typedef struct weft__strlist {
    char **items;
    size_t len;
    size_t cap;
} weft__strlist;

/* One metadata entry, as GetResourceMetadata sees it: key "server_script",
 * value "a.js". Values are the manifest's raw strings (not glob-expanded);
 * line is where the manifest gave it (0 if unknown), for error messages. */
typedef struct weft__manifest_kv {
    char *key;
    char *value;
    int line;
} weft__manifest_kv;

typedef struct weft__manifest {
    char *dir;               /* the resource folder, as given */
    char *file;              /* "fxmanifest.lua" or "__resource.lua" */
    char *fx_version;        /* last fx_version value, or NULL */
    /* Glob-expanded paths relative to dir, in manifest order; a pattern's
     * own matches are sorted. Entries starting with '@' ("@res/file.lua",
     * another resource's file) are kept verbatim after a textual check (a
     * resource name, then a relative path without ".."); the server resolves
     * them against that resource's folder when it loads them. */
    weft__strlist shared_scripts;
    weft__strlist server_scripts;
    /* The order the server loads them in, as FiveM: every shared script,
     * then every server script; a path listed twice loads once (first). */
    weft__strlist load_order;
    weft__strlist dependencies;  /* `dependency` and `dependencies` values */
    weft__strlist provides;      /* `provide` values */
    /* "fxmanifest.lua:LINE: ..." lines to log when the resource starts: a
     * script glob that matched nothing because its folder is missing (a
     * glob matching nothing is no error, as in FiveM) */
    weft__strlist warnings;
    weft__manifest_kv *meta;     /* every key/value in manifest order */
    size_t meta_len;
    size_t meta_cap;
} weft__manifest;

/* Evaluate RESOURCE_DIR/fxmanifest.lua (or RESOURCE_DIR/__resource.lua when
 * there is no fxmanifest.lua) into *out (fully overwritten; on failure *out
 * holds nothing to free, though freeing it is harmless).
 * Returns 0, or:
 *   WEFT_ENOENT  no manifest ("<dir>: no fxmanifest.lua or __resource.lua"),
 *                or a script path without wildcards naming no file
 *                ("fxmanifest.lua:LINE: server_script 'x.js' matches no file");
 *                a glob matching nothing is not an error (warnings above);
 *   WEFT_ESCRIPT a Lua syntax or runtime error, the instruction budget or the
 *                memory cap exceeded ("fxmanifest.lua:LINE: message");
 *   WEFT_EINVAL  a script or file path that is absolute or contains "..",
 *                or a match whose real location is outside the folder
 *                ("fxmanifest.lua:LINE: server_script 'x/y*' must be a path
 *                inside the resource folder ('x/y.lua' leads outside)");
 *   WEFT_EIO / WEFT_ENOMEM.
 * err (errcap bytes, may be NULL) receives a NUL-terminated message. */
int weft__manifest_load(const char *resource_dir, weft__manifest *out, char *err,
                        size_t errcap);
void weft__manifest_free(weft__manifest *m);

/* GetNumResourceMetadata / GetResourceMetadata: the number of values of key,
 * and the index'th (0-based) in manifest order, or NULL. Keys are exact
 * ("server_script", not "server_scripts"). */
int weft__manifest_meta_count(const weft__manifest *m, const char *key);
const char *weft__manifest_meta(const weft__manifest *m, const char *key, int index);

/* The line (> 0) of the first entry whose value is exactly value, or 0. */
int weft__manifest_value_line(const weft__manifest *m, const char *value);

#endif
