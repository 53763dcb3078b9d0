/* fs.c: the C half of Node's `fs` and `fs/promises` on libuv. Every
 * operation is one job run by job_run(): on the calling thread for the sync
 * API (the error thrown at once), or on libuv's thread pool (uv_queue_work)
 * for callbacks and promises, completing through weft__js_req. Compound
 * operations (readFile, writeFile, mkdir -p, rm -r) are single jobs, so each
 * costs one pool round trip. Errors take Node's shape: code, errno, syscall,
 * path, dest, message "ENOENT: no such file or directory, open '/x'".
 * Invariants: pool threads touch only the job's own memory (read and write
 * work on copies; a read's bytes are copied into the caller's view at
 * completion); JS values are built on the loop thread only. */
#define _GNU_SOURCE /* nftw's FTW_ACTIONRETVAL, O_NOATIME */
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <poll.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "js/js.h"
#include "weft_conf.h"

/* Node's kIoMaxLength: readFile refuses larger files (ERR_FS_FILE_TOO_LARGE) */
#define FS_MAX_READ ((size_t)2147483647)

enum {
    OP_ACCESS, OP_OPEN, OP_CLOSE, OP_READ, OP_WRITE, OP_STAT, OP_LSTAT, OP_FSTAT, OP_READDIR,
    OP_MKDIR, OP_RMDIR, OP_RM, OP_UNLINK, OP_RENAME, OP_COPYFILE, OP_REALPATH, OP_MKDTEMP,
    OP_SYMLINK, OP_READLINK, OP_CHMOD, OP_FCHMOD, OP_UTIMES, OP_FUTIMES, OP_LUTIMES,
    OP_TRUNCATE, OP_FTRUNCATE, OP_FSYNC, OP_FDATASYNC, OP_LINK, OP_CHOWN, OP_FCHOWN, OP_LCHOWN,
    OP_READFILE, OP_WRITEFILE, OP_STATFS, OP_OPENDIR, OP_READBYTES,
};

typedef struct fs_job {
    weft__js_req req;
    uv_work_t work;
    uv_loop_t *loop;
    int op;
    int err;             /* 0 or a negative UV_E* */
    const char *syscall; /* for the error */
    char *path, *dest;   /* owned */
    int64_t fd, flags, mode, pos, len, uid, gid;
    double atime, mtime;
    uint8_t *buf; /* read/write: the caller's bytes (sync) or a copy (owns_buf) */
    size_t buf_len, buf_off; /* buf_off: the range's start in the caller's view */
    int owns_buf;
    int with_types, recursive, force, dir_only;
    /* results */
    int64_t result;
    uv_stat_t st;
    uv_statfs_t sfs;
    char *str; /* realpath, readlink, mkdtemp, mkdir -p's first directory */
    char **names;
    int *types;
    size_t n_names;
    int str_is_path; /* error path: str instead of path (rm -r's failing entry; NULL: none) */
    /* a resource's call (res), sync (res_sync: on the loop thread) or not:
     * opens never wait (open_checked), nor do sync reads (read_would_wait);
     * a refused FIFO or socket sets
     * refused, and a whole-file read stops past read_cap bytes (0:
     * FS_MAX_READ) */
    int res, res_sync, refused;
    size_t read_cap;
} fs_job;

static void job_free(fs_job *j)
{
    free(j->path);
    free(j->dest);
    free(j->str);
    for (size_t i = 0; i < j->n_names; i++) free(j->names[i]);
    free(j->names);
    free(j->types);
    if (j->owns_buf) free(j->buf);
    free(j);
}

/* ---- the blocking half (any thread) ------------------------------------- */

#define SYNC(call)                                                                                 \
    do {                                                                                           \
        uv_fs_t r;                                                                                 \
        rc = call;                                                                                 \
        res = r.result;                                                                            \
        if (r.fs_type == UV_FS_STAT || r.fs_type == UV_FS_LSTAT || r.fs_type == UV_FS_FSTAT)       \
            j->st = r.statbuf;                                                                     \
        if (rc >= 0 && (r.fs_type == UV_FS_REALPATH || r.fs_type == UV_FS_READLINK) && r.ptr)    \
            j->str = strdup(r.ptr);                                                                \
        if (rc >= 0 && r.fs_type == UV_FS_MKDTEMP && r.path) j->str = strdup(r.path);             \
        if (rc >= 0 && r.fs_type == UV_FS_STATFS && r.ptr) j->sfs = *(uv_statfs_t *)r.ptr;        \
        uv_fs_req_cleanup(&r);                                                                     \
    } while (0)

static int read_dir(fs_job *j)
{
    uv_fs_t r;
    int rc = uv_fs_scandir(j->loop, &r, j->path, 0, NULL);
    if (rc < 0) {
        uv_fs_req_cleanup(&r);
        return rc;
    }
    size_t cap = rc > 0 ? (size_t)rc : 1;
    j->names = calloc(cap, sizeof *j->names);
    j->types = calloc(cap, sizeof *j->types);
    if (!j->names || !j->types) {
        uv_fs_req_cleanup(&r);
        return UV_ENOMEM;
    }
    uv_dirent_t ent;
    /* Bound: scandir returned rc entries. Iterate to UV_EOF even so: libuv frees each entry on
       the next call, and uv_fs_req_cleanup does not free the last one handed out. */
    while (uv_fs_scandir_next(&r, &ent) != UV_EOF) {
        if (j->n_names == cap) continue;
        j->names[j->n_names] = strdup(ent.name);
        j->types[j->n_names++] = ent.type;
    }
    uv_fs_req_cleanup(&r);
    return 0;
}

/* mkdir -p: the shallowest directory created goes to j->str. */
static int mkdir_p(fs_job *j, char *path)
{
    if (mkdir(path, (mode_t)j->mode) == 0) {
        if (!j->str) j->str = strdup(path);
        return 0;
    }
    int e = errno;
    if (e == EEXIST) {
        struct stat st;
        if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) return 0;
        return UV_EEXIST;
    }
    if (e != ENOENT) return uv_translate_sys_error(e);
    char *slash = strrchr(path, '/');
    if (!slash || slash == path) return UV_ENOENT;
    *slash = 0;
    int rc = mkdir_p(j, path);
    *slash = '/';
    if (rc < 0) return rc;
    if (mkdir(path, (mode_t)j->mode) == 0) return 0;
    e = errno;
    if (e == EEXIST) {
        struct stat st;
        if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) return 0;
    }
    return uv_translate_sys_error(e);
}

/* rm -r: nftw has no user pointer; one rm -r per thread at a time. */
static _Thread_local fs_job *rm_job;

static int rm_entry(const char *path, const struct stat *sb, int flag, struct FTW *ftw)
{
    int rc = flag == FTW_DP ? rmdir(path) : unlink(path);
    if (rc < 0 && errno != ENOENT) {
        rm_job->syscall = flag == FTW_DP ? "rmdir" : "unlink";
        free(rm_job->str);
        rm_job->str = strdup(path);
        rm_job->str_is_path = 1;
        return uv_translate_sys_error(errno);
    }
    return 0;
}

static int do_rm(fs_job *j)
{
    struct stat st;
    if (lstat(j->path, &st) < 0) {
        j->syscall = "lstat";
        return errno == ENOENT && j->force ? 0 : uv_translate_sys_error(errno);
    }
    if (!S_ISDIR(st.st_mode) && j->dir_only) { /* rmdir { recursive } of a file */
        j->syscall = "rmdir";
        return UV_ENOTDIR;
    }
    if (S_ISDIR(st.st_mode)) {
        if (!j->recursive) {
            j->syscall = "rm";
            return UV_EISDIR;
        }
        rm_job = j;
        int rc = nftw(j->path, rm_entry, 64, FTW_DEPTH | FTW_PHYS);
        rm_job = NULL;
        if (rc < 0) rc = errno ? uv_translate_sys_error(errno) : UV_EIO;
        return rc;
    }
    j->syscall = "unlink";
    if (unlink(j->path) < 0) return errno == ENOENT && j->force ? 0 : uv_translate_sys_error(errno);
    return 0;
}

/* A resource's sync read of fd (res_sync) that would wait: a pipe,
 * socket or terminal with nothing to read yet (fs.readFileSync(0) with the
 * console on stdin). Regular files and directories never wait. */
static int read_would_wait(const fs_job *j, int fd)
{
    struct stat st;
    if (!j->res_sync || fstat(fd, &st) || S_ISREG(st.st_mode) || S_ISDIR(st.st_mode)) return 0;
    struct pollfd p = {fd, POLLIN, 0};
    return poll(&p, 1, 0) == 0;
}

/* read all of an fd; owned bytes to j->buf */
static int read_all(fs_job *j, uv_file fd)
{
    struct stat st;
    size_t cap = 0;
    int regular = fstat(fd, &st) == 0 && S_ISREG(st.st_mode);
    if (regular && st.st_size > 0) cap = (size_t)st.st_size;
    size_t max = FS_MAX_READ;
    if (j->read_cap && j->read_cap < max) max = j->read_cap; /* a resource's memory limit */
    if (!cap && j->read_cap && WEFT_JS_READ_UNSIZED_MAX < max)
        max = WEFT_JS_READ_UNSIZED_MAX; /* a device, a FIFO, /proc: maybe endless */
    j->read_cap = max == FS_MAX_READ ? 0 : max;
    if (cap > max) {
        j->result = (int64_t)cap;
        return UV_EFBIG;
    }
    size_t used = 0;
    cap = cap ? cap + 1 : 8192;
    uint8_t *buf = malloc(cap);
    if (!buf) return UV_ENOMEM;
    /* Bound: each pass reads >= 1 byte or ends; the size is capped. */
    for (;;) {
        if (used == cap) {
            if (cap >= max + 1) {
                free(buf);
                j->result = (int64_t)cap;
                return UV_EFBIG;
            }
            size_t ncap = cap * 2 > max + 1 ? max + 1 : cap * 2;
            uint8_t *nb = realloc(buf, ncap);
            if (!nb) {
                free(buf);
                return UV_ENOMEM;
            }
            buf = nb;
            cap = ncap;
        }
        if (!regular && read_would_wait(j, fd)) {
            free(buf);
            return UV_EAGAIN;
        }
        ssize_t n = read(fd, buf + used, cap - used);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) {
            int e = uv_translate_sys_error(errno);
            free(buf);
            return e;
        }
        if (n == 0) break;
        used += (size_t)n;
    }
    j->buf = buf;
    j->buf_len = used;
    j->owns_buf = 1;
    return 0;
}

static int write_all(uv_file fd, const uint8_t *p, size_t len, int64_t pos)
{
    size_t done = 0;
    /* Bound: each pass writes >= 1 byte or fails. */
    while (done < len) {
        ssize_t n = pos >= 0 ? pwrite(fd, p + done, len - done, (off_t)(pos + (int64_t)done))
                             : write(fd, p + done, len - done);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) return uv_translate_sys_error(errno);
        done += (size_t)n;
    }
    return 0;
}

/* open(path, flags, mode), and for a resource's call (res) without ever
 * waiting for a FIFO's other end: opened non-blocking. A FIFO or socket is
 * refused with ENXIO (refused set) unless fifo_ok (a resource's callback or
 * promise call: then it is made blocking, as its other end is there; a
 * FIFO with no writer reads as empty, one with no reader fails to open for
 * writing); a character device stays non-blocking (a read with nothing to
 * read fails with EAGAIN, never waits); so does a regular file of a sync
 * call (O_NONBLOCK changes nothing for a disk file, but a /proc file such as
 * /proc/kmsg would otherwise block its read); anything else is made
 * blocking again. Returns the descriptor or a negative UV_E*. */
static int open_checked(fs_job *j, const char *path, int flags, int mode, int fifo_ok)
{
    if (!j->res) {
        int fd = open(path, flags | O_CLOEXEC, (mode_t)mode);
        return fd < 0 ? uv_translate_sys_error(errno) : fd;
    }
    int fd = open(path, flags | O_NONBLOCK | O_CLOEXEC | O_NOCTTY, (mode_t)mode);
    if (fd < 0) {
        int e = errno;
        struct stat st; /* ENXIO: a FIFO with no reader, or a device with none (/dev/tty) */
        if (e == ENXIO && !fifo_ok && !stat(path, &st) && S_ISFIFO(st.st_mode)) j->refused = 1;
        return uv_translate_sys_error(e);
    }
    struct stat st;
    int e = 0;
    if (fstat(fd, &st))
        e = uv_translate_sys_error(errno);
    else if ((S_ISFIFO(st.st_mode) || S_ISSOCK(st.st_mode)) && !fifo_ok)
        e = UV_ENXIO, j->refused = 1;
    else if (fifo_ok && !S_ISCHR(st.st_mode) && !(flags & O_NONBLOCK) &&
             fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK))
        e = uv_translate_sys_error(errno);
    if (e) {
        close(fd);
        return e;
    }
    return fd;
}

/* copyFile of a resource: both ends checked as open_checked (a FIFO at
 * either end would hold the loop or a pool thread in libuv's blocking open;
 * the destination may be new), then libuv's copy opens them again. */
static int copy_checked(fs_job *j)
{
    const char *ends[2] = {j->path, j->dest};
    for (int i = 0; i < 2; i++) {
        int fd = open_checked(j, ends[i], i ? O_WRONLY : O_RDONLY, 0, 0);
        if (fd >= 0) {
            close(fd);
            continue;
        }
        if (i == 1 && fd == UV_ENOENT) break; /* a new destination */
        if (i == 1 && j->refused) j->refused = 2;
        return fd;
    }
    return 0;
}

/* readFile / writeFile: path (opened with flags/mode, closed after) or fd */
static int file_whole(fs_job *j)
{
    uv_file fd = (uv_file)j->fd;
    if (j->path) {
        j->syscall = "open";
        fd = open_checked(j, j->path, (int)j->flags, (int)j->mode, !j->res_sync);
        if (fd < 0) return fd;
    }
    int rc;
    /* Node: a failed read or write after the open names no path
     * ("EISDIR: illegal operation on a directory, read") */
    j->str_is_path = 1;
    if (j->op == OP_READFILE) {
        j->syscall = "read";
        rc = read_all(j, fd);
    } else {
        j->syscall = "write";
        rc = write_all(fd, j->buf, j->buf_len, -1);
    }
    if (j->path) close(fd);
    return rc;
}

static void job_run(fs_job *j)
{
    int rc = 0;
    ssize_t res = 0;
    uv_loop_t *l = j->loop;
    switch (j->op) {
    case OP_ACCESS: SYNC(uv_fs_access(l, &r, j->path, (int)j->mode, NULL)); break;
    case OP_OPEN:
        if (j->res) res = rc = open_checked(j, j->path, (int)j->flags, (int)j->mode, !j->res_sync);
        else SYNC(uv_fs_open(l, &r, j->path, (int)j->flags, (int)j->mode, NULL));
        break;
    case OP_CLOSE: SYNC(uv_fs_close(l, &r, (uv_file)j->fd, NULL)); break;
    case OP_READ: {
        uv_buf_t b = uv_buf_init((char *)j->buf, (unsigned)j->buf_len);
        if (read_would_wait(j, (int)j->fd)) rc = UV_EAGAIN;
        else SYNC(uv_fs_read(l, &r, (uv_file)j->fd, &b, 1, j->pos, NULL));
        break;
    }
    case OP_READBYTES: { /* into bytes of its own, not zeroed, handed over whole */
        if (j->len < 0 || j->len > (int64_t)FS_MAX_READ) {
            rc = UV_EINVAL;
            break;
        }
        j->buf_len = (size_t)j->len;
        j->buf = malloc(j->buf_len ? j->buf_len : 1);
        if (!j->buf) {
            rc = UV_ENOMEM;
            break;
        }
        j->owns_buf = 1;
        uv_buf_t b = uv_buf_init((char *)j->buf, (unsigned)j->buf_len);
        if (read_would_wait(j, (int)j->fd)) rc = UV_EAGAIN;
        else SYNC(uv_fs_read(l, &r, (uv_file)j->fd, &b, 1, j->pos, NULL));
        break;
    }
    case OP_WRITE: {
        uv_buf_t b = uv_buf_init((char *)j->buf, (unsigned)j->buf_len);
        SYNC(uv_fs_write(l, &r, (uv_file)j->fd, &b, 1, j->pos, NULL));
        break;
    }
    case OP_STAT: SYNC(uv_fs_stat(l, &r, j->path, NULL)); break;
    case OP_LSTAT: SYNC(uv_fs_lstat(l, &r, j->path, NULL)); break;
    case OP_FSTAT: SYNC(uv_fs_fstat(l, &r, (uv_file)j->fd, NULL)); break;
    case OP_READDIR:
    case OP_OPENDIR: rc = read_dir(j); break;
    case OP_MKDIR:
        if (j->recursive) rc = mkdir_p(j, j->path);
        else SYNC(uv_fs_mkdir(l, &r, j->path, (int)j->mode, NULL));
        break;
    case OP_RMDIR: SYNC(uv_fs_rmdir(l, &r, j->path, NULL)); break;
    case OP_RM: rc = do_rm(j); break;
    case OP_UNLINK: SYNC(uv_fs_unlink(l, &r, j->path, NULL)); break;
    case OP_RENAME: SYNC(uv_fs_rename(l, &r, j->path, j->dest, NULL)); break;
    case OP_COPYFILE:
        if (j->res && (rc = copy_checked(j)) < 0) break;
        SYNC(uv_fs_copyfile(l, &r, j->path, j->dest, (int)j->flags, NULL));
        break;
    case OP_REALPATH: SYNC(uv_fs_realpath(l, &r, j->path, NULL)); break;
    case OP_MKDTEMP: SYNC(uv_fs_mkdtemp(l, &r, j->path, NULL)); break;
    case OP_SYMLINK: SYNC(uv_fs_symlink(l, &r, j->path, j->dest, (int)j->flags, NULL)); break;
    case OP_READLINK: SYNC(uv_fs_readlink(l, &r, j->path, NULL)); break;
    case OP_CHMOD: SYNC(uv_fs_chmod(l, &r, j->path, (int)j->mode, NULL)); break;
    case OP_FCHMOD: SYNC(uv_fs_fchmod(l, &r, (uv_file)j->fd, (int)j->mode, NULL)); break;
    case OP_UTIMES: SYNC(uv_fs_utime(l, &r, j->path, j->atime, j->mtime, NULL)); break;
    case OP_FUTIMES: SYNC(uv_fs_futime(l, &r, (uv_file)j->fd, j->atime, j->mtime, NULL)); break;
    case OP_LUTIMES: SYNC(uv_fs_lutime(l, &r, j->path, j->atime, j->mtime, NULL)); break;
    case OP_TRUNCATE:
        j->syscall = "open";
        rc = open_checked(j, j->path, O_WRONLY, 0, !j->res_sync);
        if (rc >= 0) {
            int fd = rc;
            j->syscall = "ftruncate";
            rc = ftruncate(fd, (off_t)j->len) < 0 ? uv_translate_sys_error(errno) : 0;
            close(fd);
        }
        break;
    case OP_FTRUNCATE: SYNC(uv_fs_ftruncate(l, &r, (uv_file)j->fd, j->len, NULL)); break;
    case OP_FSYNC: SYNC(uv_fs_fsync(l, &r, (uv_file)j->fd, NULL)); break;
    case OP_FDATASYNC: SYNC(uv_fs_fdatasync(l, &r, (uv_file)j->fd, NULL)); break;
    case OP_LINK: SYNC(uv_fs_link(l, &r, j->path, j->dest, NULL)); break;
    case OP_CHOWN:
        SYNC(uv_fs_chown(l, &r, j->path, (uv_uid_t)j->uid, (uv_gid_t)j->gid, NULL));
        break;
    case OP_FCHOWN:
        SYNC(uv_fs_fchown(l, &r, (uv_file)j->fd, (uv_uid_t)j->uid, (uv_gid_t)j->gid, NULL));
        break;
    case OP_LCHOWN:
        SYNC(uv_fs_lchown(l, &r, j->path, (uv_uid_t)j->uid, (uv_gid_t)j->gid, NULL));
        break;
    case OP_READFILE:
    case OP_WRITEFILE: rc = file_whole(j); break;
    case OP_STATFS: SYNC(uv_fs_statfs(l, &r, j->path, NULL)); break;
    }
    if (rc < 0) j->err = rc;
    else j->result = res;
}

/* ---- the JS half (loop thread) -------------------------------------------- */

/* Node's uvException: new Error("CODE: text, syscall 'path' -> 'dest'") */
JSValue weft__js_uv_error(JSContext *ctx, int err, const char *syscall, const char *path,
                          const char *dest)
{
    const char *code = uv_err_name(err);
    char msg[PATH_MAX * 2 + 256];
    int n = snprintf(msg, sizeof msg, "%s: %s, %s", code, uv_strerror(err), syscall);
    if (path && n > 0 && (size_t)n < sizeof msg)
        n += snprintf(msg + n, sizeof msg - (size_t)n, " '%s'", path);
    if (dest && n > 0 && (size_t)n < sizeof msg)
        snprintf(msg + n, sizeof msg - (size_t)n, " -> '%s'", dest);
    JSValue e = JS_NewError(ctx);
    JS_DefinePropertyValueStr(ctx, e, "message", JS_NewString(ctx, msg),
                              JS_PROP_WRITABLE | JS_PROP_CONFIGURABLE);
    JS_SetPropertyStr(ctx, e, "errno", JS_NewInt32(ctx, err));
    JS_SetPropertyStr(ctx, e, "code", JS_NewString(ctx, code));
    JS_SetPropertyStr(ctx, e, "syscall", JS_NewString(ctx, syscall));
    if (path) JS_SetPropertyStr(ctx, e, "path", JS_NewString(ctx, path));
    if (dest) JS_SetPropertyStr(ctx, e, "dest", JS_NewString(ctx, dest));
    return e;
}

static JSValue make_error(JSContext *ctx, fs_job *j)
{
    if (j->op == OP_READFILE && j->err == UV_EFBIG) { /* Node's ERR_FS_FILE_TOO_LARGE */
        JSValue e = JS_NewError(ctx);
        JSValue global = JS_GetGlobalObject(ctx);
        JSValue range = JS_GetPropertyStr(ctx, global, "RangeError");
        JSValue proto = JS_GetPropertyStr(ctx, range, "prototype");
        JS_SetPrototype(ctx, e, proto);
        JS_FreeValue(ctx, proto);
        JS_FreeValue(ctx, range);
        JS_FreeValue(ctx, global);
        char msg[PATH_MAX + 256];
        if (!j->read_cap)
            snprintf(msg, sizeof msg, "File size (%lld) is greater than 2 GiB",
                     (long long)j->result);
        else /* a resource's cap (read_all) */
            snprintf(msg, sizeof msg, "File '%s' is larger than %zu bytes, the most a resource "
                     "reads whole from %s", j->path ? j->path : "(fd)", j->read_cap,
                     j->read_cap == WEFT_JS_READ_UNSIZED_MAX ? "a file of unknown size"
                                                             : "a file (weft_memoryLimitMb)");
        JS_DefinePropertyValueStr(ctx, e, "message", JS_NewString(ctx, msg),
                                  JS_PROP_WRITABLE | JS_PROP_CONFIGURABLE);
        JS_SetPropertyStr(ctx, e, "code", JS_NewString(ctx, "ERR_FS_FILE_TOO_LARGE"));
        return e;
    }
    if (j->refused) { /* open_checked (2: copyFile's destination) */
        const char *path = j->refused == 2 ? j->dest : j->path;
        char msg[PATH_MAX + 256];
        if (j->res_sync)
            snprintf(msg, sizeof msg, "ENXIO: a FIFO or socket cannot be opened synchronously by "
                     "a resource (it could block the server; use the callback or promise API), "
                     "%s '%s'", j->syscall, path);
        else /* copyFile */
            snprintf(msg, sizeof msg, "ENXIO: a resource cannot copy from or to a FIFO or socket "
                     "(it could hold one of the server's I/O threads), %s '%s'", j->syscall, path);
        JSValue e = weft__js_uv_error(ctx, UV_ENXIO, j->syscall, path, NULL);
        JS_DefinePropertyValueStr(ctx, e, "message", JS_NewString(ctx, msg),
                                  JS_PROP_WRITABLE | JS_PROP_CONFIGURABLE);
        return e;
    }
    const char *path = j->str_is_path ? j->str : j->path;
    return weft__js_uv_error(ctx, j->err, j->syscall, path, j->str_is_path ? NULL : j->dest);
}

static double ts_ms(uv_timespec_t t)
{
    return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

/* [dev, mode, nlink, uid, gid, rdev, blksize, ino, size, blocks,
 *  atimeMs, mtimeMs, ctimeMs, birthtimeMs, atimeNs, mtimeNs, ctimeNs, birthtimeNs]
 * (the *Ns as [sec, nsec] pairs would need BigInt; lib/fs.js derives them) */
JSValue weft__js_stat_array(JSContext *ctx, const uv_stat_t *s)
{
    double v[14] = {
        (double)s->st_dev,     (double)s->st_mode,   (double)s->st_nlink, (double)s->st_uid,
        (double)s->st_gid,     (double)s->st_rdev,   (double)s->st_blksize, (double)s->st_ino,
        (double)s->st_size,    (double)s->st_blocks, ts_ms(s->st_atim),   ts_ms(s->st_mtim),
        ts_ms(s->st_ctim),     ts_ms(s->st_birthtim),
    };
    JSValue a = JS_NewArray(ctx);
    for (uint32_t i = 0; i < 14; i++) JS_SetPropertyUint32(ctx, a, i, JS_NewFloat64(ctx, v[i]));
    const uv_timespec_t *ts[4] = {&s->st_atim, &s->st_mtim, &s->st_ctim, &s->st_birthtim};
    for (uint32_t i = 0; i < 4; i++) {
        JS_SetPropertyUint32(ctx, a, 14 + 2 * i, JS_NewInt64(ctx, ts[i]->tv_sec));
        JS_SetPropertyUint32(ctx, a, 15 + 2 * i, JS_NewInt64(ctx, ts[i]->tv_nsec));
    }
    return a;
}

static JSValue job_value(JSContext *ctx, fs_job *j)
{
    switch (j->op) {
    case OP_OPEN:
    case OP_READ:
    case OP_WRITE: return JS_NewInt64(ctx, j->result);
    case OP_STAT:
    case OP_LSTAT:
    case OP_FSTAT: return weft__js_stat_array(ctx, &j->st);
    case OP_READDIR:
    case OP_OPENDIR: {
        JSValue names = JS_NewArray(ctx);
        for (size_t i = 0; i < j->n_names; i++)
            JS_SetPropertyUint32(ctx, names, (uint32_t)i,
                                 JS_NewString(ctx, j->names[i] ? j->names[i] : ""));
        if (!j->with_types) return names;
        JSValue types = JS_NewArray(ctx);
        for (size_t i = 0; i < j->n_names; i++)
            JS_SetPropertyUint32(ctx, types, (uint32_t)i, JS_NewInt32(ctx, j->types[i]));
        JSValue pair = JS_NewArray(ctx);
        JS_SetPropertyUint32(ctx, pair, 0, names);
        JS_SetPropertyUint32(ctx, pair, 1, types);
        return pair;
    }
    case OP_MKDIR:
    case OP_REALPATH:
    case OP_MKDTEMP:
    case OP_READLINK: return j->str ? JS_NewString(ctx, j->str) : JS_UNDEFINED;
    case OP_STATFS: { /* [type, bsize, blocks, bfree, bavail, files, ffree] */
        const uv_statfs_t *f = &j->sfs;
        double v[7] = {(double)f->f_type,  (double)f->f_bsize, (double)f->f_blocks,
                       (double)f->f_bfree, (double)f->f_bavail, (double)f->f_files,
                       (double)f->f_ffree};
        JSValue a = JS_NewArray(ctx);
        for (uint32_t i = 0; i < 7; i++) JS_SetPropertyUint32(ctx, a, i, JS_NewFloat64(ctx, v[i]));
        return a;
    }
    case OP_READBYTES: {
        JSValue v = weft__js_adopt_bytes(ctx, j->buf, (size_t)j->result);
        j->buf = NULL;
        j->owns_buf = 0;
        return v;
    }
    case OP_READFILE: {
        JSValue v = weft__js_adopt_bytes(ctx, j->buf, j->buf_len);
        j->buf = NULL;
        j->owns_buf = 0;
        return v;
    }
    default: return JS_UNDEFINED;
    }
}

static void job_work(uv_work_t *w)
{
    job_run(w->data);
}

static void job_done(uv_work_t *w, int status)
{
    fs_job *j = w->data;
    weft__js *js = weft__js_req_unlink(&j->req);
    if (js) {
        JSContext *ctx = js->ctx;
        if (status < 0) j->err = status;
        if (!j->err && j->op == OP_READ &&
            weft__js_req_copy_out(js, &j->req, j->buf_off, j->buf, (size_t)j->result) < 0) {
            j->err = UV_EFAULT; /* the buffer shrank or was detached meanwhile */
        }
        JSValue err = j->err ? make_error(ctx, j) : JS_NULL;
        JSValue val = j->err ? JS_UNDEFINED : job_value(ctx, j);
        weft__js_req_complete(js, &j->req, err, val);
    }
    job_free(j);
}

/* ---- arguments --------------------------------------------------------------- */

static int arg_str(JSContext *ctx, JSValueConst v, char **out)
{
    size_t len;
    const char *s = JS_ToCStringLen(ctx, &len, v);
    if (!s) return -1;
    *out = malloc(len + 1);
    if (*out) memcpy(*out, s, len + 1);
    JS_FreeCString(ctx, s);
    if (!*out) {
        JS_ThrowOutOfMemory(ctx);
        return -1;
    }
    return 0;
}

static int arg_int(JSContext *ctx, JSValueConst v, int64_t *out)
{
    double d;
    if (JS_ToFloat64(ctx, &d, v)) return -1;
    *out = (int64_t)d;
    return 0;
}

/* Byte range [off, off+len) of a view argument, checked. */
static int arg_range(JSContext *ctx, JSValueConst v, JSValueConst off, JSValueConst len,
                     fs_job *j)
{
    uint8_t *p;
    size_t n;
    int64_t o, l;
    if (weft__js_get_bytes(ctx, v, &p, &n) < 0) {
        JS_ThrowTypeError(ctx, "buffer must be bytes");
        return -1;
    }
    if (arg_int(ctx, off, &o) || arg_int(ctx, len, &l)) return -1;
    if (o < 0 || l < 0 || (uint64_t)o + (uint64_t)l > n) {
        JS_ThrowRangeError(ctx, "buffer range out of bounds");
        return -1;
    }
    j->buf = p + o;
    j->buf_len = (size_t)l;
    j->buf_off = (size_t)o;
    return 0;
}

/* Per-op argument list: p path, d dest, f fd, F flags, m mode, b buffer+
 * offset+length, P position, t with-types, r recursive, R recursive+force,
 * D directories only (rmdir -r),
 * a atime+mtime, l length, u uid+gid, w whole-file data (owned copy),
 * x path-or-fd (number: fd). The JS request (or undefined) follows. */
static const struct {
    const char *name, *args, *syscall;
} ops[] = {
    [OP_ACCESS] = {"access", "pm", "access"},
    [OP_OPEN] = {"open", "pFm", "open"},
    [OP_CLOSE] = {"close", "f", "close"},
    [OP_READ] = {"read", "fbP", "read"},
    [OP_WRITE] = {"write", "fbP", "write"},
    [OP_STAT] = {"stat", "p", "stat"},
    [OP_LSTAT] = {"lstat", "p", "lstat"},
    [OP_FSTAT] = {"fstat", "f", "fstat"},
    [OP_READDIR] = {"readdir", "pt", "scandir"},
    [OP_MKDIR] = {"mkdir", "pmr", "mkdir"},
    [OP_RMDIR] = {"rmdir", "p", "rmdir"},
    [OP_RM] = {"rm", "pRD", "rm"},
    [OP_UNLINK] = {"unlink", "p", "unlink"},
    [OP_RENAME] = {"rename", "pd", "rename"},
    [OP_COPYFILE] = {"copyFile", "pdF", "copyfile"},
    [OP_REALPATH] = {"realpath", "p", "realpath"},
    [OP_MKDTEMP] = {"mkdtemp", "p", "mkdtemp"},
    [OP_SYMLINK] = {"symlink", "pdF", "symlink"},
    [OP_READLINK] = {"readlink", "p", "readlink"},
    [OP_CHMOD] = {"chmod", "pm", "chmod"},
    [OP_FCHMOD] = {"fchmod", "fm", "fchmod"},
    [OP_UTIMES] = {"utimes", "pa", "utime"},
    [OP_FUTIMES] = {"futimes", "fa", "futime"},
    [OP_LUTIMES] = {"lutimes", "pa", "lutime"},
    [OP_TRUNCATE] = {"truncate", "pl", "ftruncate"},
    [OP_FTRUNCATE] = {"ftruncate", "fl", "ftruncate"},
    [OP_FSYNC] = {"fsync", "f", "fsync"},
    [OP_FDATASYNC] = {"fdatasync", "f", "fdatasync"},
    [OP_LINK] = {"link", "pd", "link"},
    [OP_CHOWN] = {"chown", "pu", "chown"},
    [OP_FCHOWN] = {"fchown", "fu", "fchown"},
    [OP_LCHOWN] = {"lchown", "pu", "lchown"},
    [OP_READFILE] = {"readFile", "xFm", "open"},
    [OP_WRITEFILE] = {"writeFile", "xwFm", "open"},
    [OP_STATFS] = {"statfs", "p", "statfs"},
    /* opendir: a directory's entries read at once (lib/fs.js's Dir) */
    [OP_OPENDIR] = {"opendir", "pt", "opendir"},
    /* readBytes(fd, length, position) -> an ArrayBuffer of what one read
     * gave (fs.readFile's steps: no copy, no zeroing) */
    [OP_READBYTES] = {"readBytes", "flP", "read"},
};

static int parse_args(JSContext *ctx, fs_job *j, int argc, JSValueConst *argv, int *next)
{
    int i = 0;
    for (const char *a = ops[j->op].args; *a; a++) {
        int need = *a == 'b' ? 3 : *a == 'a' || *a == 'u' || *a == 'R' ? 2 : 1;
        if (i + need > argc) {
            JS_ThrowTypeError(ctx, "fs: missing argument");
            return -1;
        }
        int rc = 0;
        switch (*a) {
        case 'p': rc = arg_str(ctx, argv[i], &j->path); break;
        case 'd': rc = arg_str(ctx, argv[i], &j->dest); break;
        case 'f': rc = arg_int(ctx, argv[i], &j->fd); break;
        case 'F': rc = arg_int(ctx, argv[i], &j->flags); break;
        case 'm': rc = arg_int(ctx, argv[i], &j->mode); break;
        case 'P': rc = arg_int(ctx, argv[i], &j->pos); break;
        case 'l': rc = arg_int(ctx, argv[i], &j->len); break;
        case 't': j->with_types = JS_ToBool(ctx, argv[i]); break;
        case 'r': j->recursive = JS_ToBool(ctx, argv[i]); break;
        case 'D': j->dir_only = JS_ToBool(ctx, argv[i]); break;
        case 'R':
            j->recursive = JS_ToBool(ctx, argv[i]);
            j->force = JS_ToBool(ctx, argv[i + 1]);
            break;
        case 'b': rc = arg_range(ctx, argv[i], argv[i + 1], argv[i + 2], j); break;
        case 'a':
            rc = JS_ToFloat64(ctx, &j->atime, argv[i]) || JS_ToFloat64(ctx, &j->mtime, argv[i + 1]);
            break;
        case 'u':
            rc = arg_int(ctx, argv[i], &j->uid) || arg_int(ctx, argv[i + 1], &j->gid);
            break;
        case 'x':
            if (JS_IsNumber(argv[i])) rc = arg_int(ctx, argv[i], &j->fd);
            else rc = arg_str(ctx, argv[i], &j->path);
            break;
        case 'w': {
            uint8_t *p;
            size_t n;
            if (weft__js_get_bytes(ctx, argv[i], &p, &n) < 0) {
                JS_ThrowTypeError(ctx, "data must be bytes");
                return -1;
            }
            j->buf = malloc(n ? n : 1);
            if (!j->buf) {
                JS_ThrowOutOfMemory(ctx);
                return -1;
            }
            memcpy(j->buf, p, n);
            j->buf_len = n;
            j->owns_buf = 1;
            break;
        }
        }
        if (rc) return -1;
        i += need;
    }
    *next = i;
    return 0;
}

/* binding[op](...args, req|undefined): sync returns the value or throws the
 * Node error; with a request, queues the job and returns undefined. */
static JSValue fs_call(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv,
                       int magic)
{
    weft__js *js = weft__js_from_ctx(ctx);
    fs_job *j = calloc(1, sizeof *j);
    if (!j) return JS_ThrowOutOfMemory(ctx);
    j->op = magic;
    j->loop = &js->host->loop;
    j->syscall = ops[magic].syscall;
    j->pos = -1;
    int next;
    if (parse_args(ctx, j, argc, argv, &next) < 0) {
        job_free(j);
        return JS_EXCEPTION;
    }
    JSValueConst req = next < argc ? argv[next] : JS_UNDEFINED;
    if (js->res) { /* `weft serve`: see open_checked and read_all */
        j->res = 1;
        j->res_sync = JS_IsUndefined(req);
        j->read_cap = js->mem_limit ? js->mem_limit : FS_MAX_READ;
    }
    if (JS_IsUndefined(req)) {
        job_run(j);
        JSValue r = j->err ? JS_Throw(ctx, make_error(ctx, j)) : job_value(ctx, j);
        job_free(j);
        return r;
    }
    /* read/write on the pool: a copy of the caller's bytes (see bindings.c) */
    if (j->op == OP_READ || j->op == OP_WRITE) {
        uint8_t *copy = malloc(j->buf_len ? j->buf_len : 1);
        if (!copy || (j->op == OP_READ && weft__js_req_set_target(ctx, req, argv[1]) < 0)) {
            free(copy);
            job_free(j);
            return JS_ThrowOutOfMemory(ctx);
        }
        if (j->op == OP_WRITE) memcpy(copy, j->buf, j->buf_len);
        j->buf = copy;
        j->owns_buf = 1;
    }
    j->work.data = j;
    weft__js_req_start(js, &j->req, req);
    int rc = uv_queue_work(j->loop, &j->work, job_work, job_done);
    if (rc < 0) {
        weft__js_req_unlink(&j->req);
        JS_FreeValue(ctx, j->req.req);
        job_free(j);
        return JS_ThrowInternalError(ctx, "uv_queue_work: %s", uv_strerror(rc));
    }
    return JS_UNDEFINED;
}

typedef struct named_int {
    const char *name;
    int value;
} named_int;

#define N(x) {#x, x}
static const named_int constants[] = {
    N(UV_FS_SYMLINK_DIR), N(UV_FS_SYMLINK_JUNCTION), N(O_RDONLY), N(O_WRONLY), N(O_RDWR),
    N(UV_DIRENT_UNKNOWN), N(UV_DIRENT_FILE), N(UV_DIRENT_DIR), N(UV_DIRENT_LINK),
    N(UV_DIRENT_FIFO), N(UV_DIRENT_SOCKET), N(UV_DIRENT_CHAR), N(UV_DIRENT_BLOCK),
    N(S_IFMT), N(S_IFREG), N(S_IFDIR), N(S_IFCHR), N(S_IFBLK), N(S_IFIFO), N(S_IFLNK),
    N(S_IFSOCK), N(O_CREAT), N(O_EXCL), N(UV_FS_O_FILEMAP), N(O_NOCTTY), N(O_TRUNC),
    N(O_APPEND), N(O_DIRECTORY), N(O_NOATIME), N(O_NOFOLLOW), N(O_SYNC), N(O_DSYNC),
    N(O_DIRECT), N(O_NONBLOCK), N(S_IRWXU), N(S_IRUSR), N(S_IWUSR), N(S_IXUSR), N(S_IRWXG),
    N(S_IRGRP), N(S_IWGRP), N(S_IXGRP), N(S_IRWXO), N(S_IROTH), N(S_IWOTH), N(S_IXOTH),
    N(F_OK), N(R_OK), N(W_OK), N(X_OK), N(UV_FS_COPYFILE_EXCL),
    {"COPYFILE_EXCL", UV_FS_COPYFILE_EXCL}, N(UV_FS_COPYFILE_FICLONE),
    {"COPYFILE_FICLONE", UV_FS_COPYFILE_FICLONE}, N(UV_FS_COPYFILE_FICLONE_FORCE),
    {"COPYFILE_FICLONE_FORCE", UV_FS_COPYFILE_FICLONE_FORCE}, {NULL, 0},
};
#undef N

/* uvErrors() -> [[code, name, message], ...]: libuv's whole error table
 * (UV_ERRNO_MAP), for internalBinding('uv') and util.getSystemErrorMap */
static JSValue fs_uv_errors(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    static const struct {
        int code;
        const char *name, *message;
    } table[] = {
#define XX(code, message) {UV_##code, #code, message},
        UV_ERRNO_MAP(XX)
#undef XX
    };
    JSValue arr = JS_NewArray(ctx);
    for (uint32_t i = 0; i < sizeof table / sizeof table[0]; i++) {
        JSValue row = JS_NewArray(ctx);
        JS_SetPropertyUint32(ctx, row, 0, JS_NewInt32(ctx, table[i].code));
        JS_SetPropertyUint32(ctx, row, 1, JS_NewString(ctx, table[i].name));
        JS_SetPropertyUint32(ctx, row, 2, JS_NewString(ctx, table[i].message));
        JS_SetPropertyUint32(ctx, arr, i, row);
    }
    return arr;
}

/* umask(mask|undefined) -> the previous mask; undefined only reads it */
static JSValue fs_umask(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    uint32_t mask = 0;
    int set = argc > 0 && !JS_IsUndefined(argv[0]);
    if (set && JS_ToUint32(ctx, &mask, argv[0])) return JS_EXCEPTION;
    mode_t old = umask(set ? (mode_t)(mask & 0777) : 0);
    if (!set) umask(old);
    return JS_NewUint32(ctx, (uint32_t)old);
}

/* resourceReads() -> true in a resource (`weft serve`): fs.readFile then
 * reads in one job, where the resource's memory cap applies (read_all) */
static JSValue fs_resource_reads(JSContext *ctx, JSValueConst this_val, int argc,
                                 JSValueConst *argv)
{
    return JS_NewBool(ctx, weft__js_from_ctx(ctx)->res != NULL);
}

JSValue weft__js_fs_binding(JSContext *ctx)
{
    JSValue o = JS_NewObject(ctx);
    for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++)
        JS_SetPropertyStr(ctx, o, ops[i].name,
                          JS_NewCFunctionMagic(ctx, fs_call, ops[i].name, 1,
                                               JS_CFUNC_generic_magic, (int)i));
    JSValue c = JS_NewObjectProto(ctx, JS_NULL);
    for (const named_int *e = constants; e->name; e++)
        JS_SetPropertyStr(ctx, c, e->name, JS_NewInt32(ctx, e->value));
    JS_SetPropertyStr(ctx, o, "constants", c);
    JS_SetPropertyStr(ctx, o, "umask", JS_NewCFunction(ctx, fs_umask, "umask", 1));
    JS_SetPropertyStr(ctx, o, "resourceReads",
                      JS_NewCFunction(ctx, fs_resource_reads, "resourceReads", 0));
    JS_SetPropertyStr(ctx, o, "uvErrors", JS_NewCFunction(ctx, fs_uv_errors, "uvErrors", 0));
    weft__js_fs_watch_init(ctx, o);
    return o;
}
