/* files.c: weft__fopen_regular (see files.h): open non-blocking, check the
 * type with fstat on the open descriptor (no race with a rename), then hand
 * a blocking stream to the caller. */
#include "host/files.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

FILE *weft__fopen_regular(const char *path, const char *mode)
{
    int write = mode[0] == 'w';
    int flags = (write ? O_WRONLY | O_CREAT | O_TRUNC : O_RDONLY) | O_NONBLOCK | O_CLOEXEC;
    /* O_TRUNC on a FIFO or device is a no-op; a regular file is truncated as
     * fopen("w") would. A FIFO with no reader fails here with ENXIO. */
    int fd = open(path, flags, 0644);
    if (fd < 0) {
        if (errno == ENXIO) errno = ENODEV; /* a FIFO with no reader, or a device */
        return NULL;
    }
    struct stat st;
    int e = 0;
    if (fstat(fd, &st)) e = errno;
    else if (S_ISDIR(st.st_mode)) e = EISDIR;
    else if (!S_ISREG(st.st_mode)) e = ENODEV;
    else if (fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)) e = errno;
    FILE *f = e ? NULL : fdopen(fd, write ? "wb" : "rb");
    if (!f) {
        if (!e) e = errno;
        close(fd);
        errno = e;
    }
    return f;
}

const char *weft__file_strerror(int e)
{
    return e == ENODEV ? "not a regular file" : strerror(e);
}
