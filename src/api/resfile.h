/* resfile.h: files inside a resource's folder (LoadResourceFile,
 * SaveResourceFile). A path is relative to the folder; absolute paths, any
 * ".." component, and paths whose real location (symlinks resolved) is not
 * inside the folder are refused before anything is read or written. Reads
 * and writes are single blocking calls on the loop thread (as FiveM's), one
 * read or write of the file's size. */
#ifndef WEFT_API_RESFILE_H
#define WEFT_API_RESFILE_H

#include <stddef.h>
#include "weft.h"

/* Check rel against the folder root and put the real path in out (for a
 * file to create: the real folder plus the last component). 0, or WEFT_EACCES
 * (escapes the folder) / WEFT_ENOENT (folder missing) / WEFT_EINVAL (empty or
 * over-long), with *why a static reason. */
int weft__resfile_resolve(const char *root, const char *rel, int for_write, char *out, size_t cap,
                          const char **why);
/* Read the whole file into *data (malloc'ed, NUL-terminated, *len bytes
 * without the NUL). 0, WEFT_EACCES, WEFT_ENOENT, WEFT_E2BIG (over
 * WEFT_RESFILE_MAX), WEFT_EIO; err gets one line. */
int weft__resfile_read(const char *root, const char *rel, char **data, size_t *len, char *err,
                       size_t errcap);
/* Create or replace the file with len bytes. 0 or as above. */
int weft__resfile_write(const char *root, const char *rel, const void *data, size_t len, char *err,
                        size_t errcap);

#endif
