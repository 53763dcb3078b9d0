/* files.h: opening the files the host reads and writes on the loop thread
 * (server.cfg and exec'ed files, manifests, script files, profiler output)
 * so that the open itself can never block the server. */
#ifndef WEFT_HOST_FILES_H
#define WEFT_HOST_FILES_H

#include <stdio.h>
#include <sys/types.h>

/* open(path, flags, mode) (flags: O_RDONLY/O_WRONLY/O_RDWR with O_CREAT,
 * O_TRUNC, O_APPEND as wanted; mode: permissions of a created file), but
 * only for a regular file and without blocking, as weft__fopen_regular.
 * Adds O_CLOEXEC and O_NOCTTY. Returns the descriptor, left non-blocking
 * (no change for a disk file; a /proc file such as /proc/kmsg fails a read
 * with EAGAIN instead of waiting; the caller closes it), or -1 with errno as
 * weft__fopen_regular's.
 * Any thread. */
int weft__open_regular(const char *path, int flags, mode_t mode);

/* fopen(path, mode) for mode "rb" (read) or "wb" (write: created 0644,
 * truncated), but only for a regular file, and without blocking: the open
 * is non-blocking, so a FIFO (which would wait for its other end forever,
 * holding the loop and every resource) or a device is refused instead.
 * Returns the stream (its descriptor left non-blocking, as
 * weft__open_regular's; the caller closes it), or
 * NULL with errno set: open(2)'s errno, EISDIR for a directory, or ENODEV
 * for anything else that is not a regular file. Any thread. */
FILE *weft__fopen_regular(const char *path, const char *mode);
/* strerror(e), but "not a regular file" for weft__fopen_regular's ENODEV
 * ("No such device" would mislead). A static string. */
const char *weft__file_strerror(int e);

#endif
