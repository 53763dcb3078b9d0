/* resfile.c: confined reads and writes of files in a resource's folder
 * (resfile.h). The check is textual first (absolute paths, ".."), then by
 * real path (a symlink leaving the folder is refused); the file is opened
 * right after the check, without blocking and only if it is a regular file
 * (a FIFO would hold the loop: host/files.h). */
#include "api/resfile.h"
#include "host/files.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int inside(const char *root, const char *path)
{
    size_t n = strlen(root);
    return !strncmp(root, path, n) && (path[n] == '/' || path[n] == 0);
}

int weft__resfile_resolve(const char *root, const char *rel, int for_write, char *out, size_t cap,
                          const char **why)
{
    char real_root[PATH_MAX], joined[2 * PATH_MAX], real[2 * PATH_MAX];
    *why = "";
    if (!rel || !*rel || strlen(rel) >= PATH_MAX / 2) {
        *why = "empty or too long";
        return WEFT_EINVAL;
    }
    if (rel[0] == '/' || rel[0] == '\\') {
        *why = "absolute paths are not allowed";
        return WEFT_EACCES;
    }
    /* Any ".." component, with / or \ as separator. */
    for (const char *p = rel; *p;) {
        size_t n = strcspn(p, "/\\");
        if (n == 2 && p[0] == '.' && p[1] == '.') {
            *why = "\"..\" is not allowed";
            return WEFT_EACCES;
        }
        p += n;
        if (*p) p++;
    }
    if (!realpath(root, real_root)) {
        *why = "the resource folder is missing";
        return WEFT_ENOENT;
    }
    snprintf(joined, sizeof joined, "%s/%s", real_root, rel);
    if (realpath(joined, real)) {
        if (!inside(real_root, real)) {
            *why = "it leaves the resource folder through a symlink";
            return WEFT_EACCES;
        }
    } else if (errno == ENOENT && for_write) {
        /* A new file: its folder must exist and be inside. */
        char *slash = strrchr(joined, '/');
        const char *base = slash + 1;
        *slash = 0;
        char dir[PATH_MAX];
        if (!realpath(joined, dir)) {
            *why = "its folder does not exist";
            return WEFT_ENOENT;
        }
        if (!inside(real_root, dir)) {
            *why = "it leaves the resource folder through a symlink";
            return WEFT_EACCES;
        }
        /* A dangling symlink at the target would be followed by open(). */
        struct stat st;
        char target[2 * PATH_MAX + 2];
        snprintf(target, sizeof target, "%s/%s", dir, base);
        if (!lstat(target, &st) && S_ISLNK(st.st_mode)) {
            *why = "it is a symlink to a missing file";
            return WEFT_EACCES;
        }
        if (strlen(target) >= sizeof real) {
            *why = "too long";
            return WEFT_EINVAL;
        }
        memcpy(real, target, strlen(target) + 1);
    } else {
        *why = strerror(errno);
        return errno == ENOENT ? WEFT_ENOENT : WEFT_EIO;
    }
    if (strlen(real) >= cap) {
        *why = "too long";
        return WEFT_EINVAL;
    }
    memcpy(out, real, strlen(real) + 1);
    return 0;
}

int weft__resfile_read(const char *root, const char *rel, char **data, size_t *len, char *err,
                       size_t errcap)
{
    char path[PATH_MAX];
    const char *why;
    *data = NULL;
    *len = 0;
    int rc = weft__resfile_resolve(root, rel, 0, path, sizeof path, &why);
    if (rc < 0) {
        snprintf(err, errcap, "refused to read \"%s\": %s", rel ? rel : "", why);
        return rc;
    }
    /* Non-blocking open, regular files only: a FIFO would hold the loop. */
    int fd = weft__open_regular(path, O_RDONLY, 0);
    struct stat st;
    if (fd < 0 || fstat(fd, &st)) {
        int e = errno;
        snprintf(err, errcap, "cannot read \"%s\": %s", rel,
                 e == ENODEV || e == EISDIR ? "not a regular file" : strerror(e));
        if (fd >= 0) close(fd);
        return e == ENOENT ? WEFT_ENOENT : WEFT_EIO;
    }
    if ((uint64_t)st.st_size > WEFT_RESFILE_MAX) {
        snprintf(err, errcap, "refused to read \"%s\": %lld bytes, over the limit of %u", rel,
                 (long long)st.st_size, (unsigned)WEFT_RESFILE_MAX);
        close(fd);
        return WEFT_E2BIG;
    }
    size_t size = (size_t)st.st_size, got = 0;
    char *buf = malloc(size + 1);
    if (!buf) {
        close(fd);
        return WEFT_ENOMEM;
    }
    /* Bound: stops at the size fstat gave, or at the end of the file. */
    while (got < size) {
        ssize_t n = read(fd, buf + got, size - got);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        got += (size_t)n;
    }
    close(fd);
    buf[got] = 0;
    *data = buf;
    *len = got;
    return 0;
}

int weft__resfile_write(const char *root, const char *rel, const void *data, size_t len, char *err,
                        size_t errcap)
{
    char path[PATH_MAX];
    const char *why;
    int rc = weft__resfile_resolve(root, rel, 1, path, sizeof path, &why);
    if (rc < 0) {
        snprintf(err, errcap, "refused to write \"%s\": %s", rel ? rel : "", why);
        return rc;
    }
    int fd = weft__open_regular(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0) {
        snprintf(err, errcap, "cannot write \"%s\": %s", rel, weft__file_strerror(errno));
        return WEFT_EIO;
    }
    size_t done = 0;
    /* Bound: each pass writes at least one byte or fails. */
    while (done < len) {
        ssize_t n = write(fd, (const char *)data + done, len - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        done += (size_t)n;
    }
    int ok = done == len;
    if (close(fd)) ok = 0;
    if (!ok) {
        snprintf(err, errcap, "cannot write \"%s\": %s", rel, strerror(errno));
        return WEFT_EIO;
    }
    return 0;
}
