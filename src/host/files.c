/* files.c: weft__open_regular and weft__fopen_regular (see files.h): open
 * non-blocking, check the type with fstat on the open descriptor (no race
 * with a rename), then hand the descriptor or stream, still non-blocking, to
 * the caller. */
#include "host/files.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int weft__open_regular(const char *path, int flags, mode_t mode)
{
    /* O_TRUNC on a FIFO or device is a no-op; a regular file is truncated.
     * A FIFO with no reader fails here with ENXIO. */
    int fd = open(path, flags | O_NONBLOCK | O_CLOEXEC | O_NOCTTY, mode);
    if (fd < 0) {
        if (errno == ENXIO) errno = ENODEV; /* a FIFO with no reader, or a device */
        return -1;
    }
    struct stat st;
    int e = 0;
    if (fstat(fd, &st))
        e = errno;
    else if (S_ISDIR(st.st_mode))
        e = EISDIR;
    else if (!S_ISREG(st.st_mode))
        e = ENODEV;
    if (e) {
        close(fd);
        errno = e;
        return -1;
    }
    return fd;
}

FILE *weft__fopen_regular(const char *path, const char *mode)
{
    int write = mode[0] == 'w';
    int fd = weft__open_regular(path, write ? O_WRONLY | O_CREAT | O_TRUNC : O_RDONLY, 0644);
    if (fd < 0) return NULL;
    FILE *f = fdopen(fd, write ? "wb" : "rb");
    if (!f) {
        int e = errno;
        close(fd);
        errno = e;
    }
    return f;
}

const char *weft__file_strerror(int e)
{
    return e == ENODEV ? "not a regular file" : strerror(e);
}
