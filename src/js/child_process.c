/* child_process.c: the C half of Node's `child_process` on libuv: processes
 * (uv_spawn, uv_process_kill), the pipes of their stdio and of an IPC channel
 * (uv_pipe_t as stream handles: read, write, shutdown; on an IPC pipe a
 * write may carry a net handle and a read may bring one), uv_kill for
 * process.kill, and spawnSync, which runs the child on a private loop.
 * Invariants: an open handle holds its JS owner (weft__js_req link) and calls
 * owner.onexit / owner.onread from the loop as host entries; it is closed by
 * close() or, when the runtime frees first, by its on_orphan hook; its memory
 * is freed by the close callback only. Writes copy the caller's bytes. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "js/js.h"
#include "weft_conf.h"

enum { CP_PROCESS, CP_PIPE };

typedef struct cp_handle {
    weft__js_req link; /* link.req: the owner */
    int kind;
    int kill_on_orphan; /* a resource's child: killed when the resource stops */
    int close_cb;       /* close(h, true): owner.onclose() once closed */
    union {
        uv_handle_t handle;
        uv_stream_t stream;
        uv_pipe_t pipe;
        uv_process_t proc;
    } h;
} cp_handle;

/* a write or shutdown on a pipe: completes req.oncomplete(status) */
typedef struct cp_req {
    weft__js_req link;
    union {
        uv_write_t write;
        uv_shutdown_t shutdown;
    } u;
    size_t len;
    uint8_t bytes[]; /* the write's copy */
} cp_req;

static JSClassID cp_class_id;
static JSClassDef cp_class = {"WeftChildHandle"};

/* A handle closed by close(h, true) still holds its owner: owner.onclose()
 * runs now (Node's close callback, inside the handle's async scope). */
static void on_closed(uv_handle_t *handle)
{
    cp_handle *c = handle->data;
    if (c->close_cb) {
        weft__js *js = weft__js_req_unlink(&c->link);
        if (js) {
            c->link.js = js; /* req_invoke needs it; unlinked already */
            weft__js_req_invoke(js, &c->link, "onclose", 0, NULL);
            c->link.js = NULL;
            JS_FreeValue(js->ctx, c->link.req);
        }
    }
    free(c);
}

static void close_handle(cp_handle *c)
{
    if (!uv_is_closing(&c->h.handle)) uv_close(&c->h.handle, on_closed);
}

static void orphaned(weft__js_req *r)
{
    cp_handle *c = (cp_handle *)r;
    if (c->kill_on_orphan && !uv_is_closing(&c->h.handle) &&
        uv_process_kill(&c->h.proc, SIGTERM) == 0) {
        /* closed at its exit (on_proc_exit), so libuv reaps it: no zombie
         * in a long-running server; unref'd, it holds no loop open */
        uv_unref(&c->h.handle);
        return;
    }
    close_handle(c);
}

static cp_handle *get_handle(JSValueConst v)
{
    return JS_GetOpaque(v, cp_class_id);
}

/* A handle object for c, linked to owner. */
static JSValue wrap_handle(JSContext *ctx, cp_handle *c, JSValueConst owner)
{
    JSValue obj = JS_NewObjectClass(ctx, (int)cp_class_id);
    if (JS_IsException(obj)) {
        close_handle(c);
        return obj;
    }
    c->h.handle.data = c;
    weft__js_req_start(weft__js_from_ctx(ctx), &c->link, owner);
    c->link.on_orphan = orphaned;
    JS_SetOpaque(obj, c);
    return obj;
}

/* ---- pipes ---------------------------------------------------------------- */

static void on_alloc(uv_handle_t *handle, size_t suggested, uv_buf_t *buf)
{
    (void)handle;
    size_t n = suggested < 65536 ? 65536 : suggested;
    buf->base = malloc(n);
    buf->len = buf->base ? n : 0;
}

static void on_read(uv_stream_t *stream, ssize_t nread, const uv_buf_t *buf)
{
    cp_handle *c = stream->data;
    weft__js *js = c->link.js;
    if (nread == 0 || !js) {
        free(buf->base);
        return;
    }
    JSContext *ctx = js->ctx;
    JSValue argv[3];
    argv[0] = JS_NewInt64(ctx, nread);
    argv[2] = JS_UNDEFINED;
    if (nread > 0) {
        argv[1] = weft__js_adopt_bytes(ctx, (uint8_t *)buf->base, (size_t)nread);
        /* a handle sent with these bytes (SCM_RIGHTS; at most one per read,
         * as the sender writes one per message): onread's third argument */
        if (c->h.pipe.ipc && uv_pipe_pending_count(&c->h.pipe) > 0) {
            argv[2] = weft__js_net_accept_pending(ctx, &c->h.pipe);
            if (JS_IsException(argv[2])) {
                JS_FreeValue(ctx, JS_GetException(ctx));
                argv[2] = JS_UNDEFINED;
            }
        }
    } else {
        free(buf->base);
        argv[1] = JS_UNDEFINED;
        uv_read_stop(stream);
    }
    weft__js_req_invoke(js, &c->link, "onread", 3, argv);
}

/* pipeNew(owner, ipc) -> handle (a pipe to give spawn's stdio) */
static JSValue cp_pipe_new(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    cp_handle *c = calloc(1, sizeof *c);
    if (!c) return JS_ThrowOutOfMemory(ctx);
    c->kind = CP_PIPE;
    uv_pipe_init(&weft__js_from_ctx(ctx)->host->loop, &c->h.pipe, JS_ToBool(ctx, argv[1]));
    return wrap_handle(ctx, c, argv[0]);
}

/* pipeOpen(owner, fd[, ipc]) -> handle over an inherited fd (the IPC channel,
 * ipc true: it carries handles), or a negative uv error */
static JSValue cp_pipe_open(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    int32_t fd;
    if (JS_ToInt32(ctx, &fd, argv[1])) return JS_EXCEPTION;
    cp_handle *c = calloc(1, sizeof *c);
    if (!c) return JS_ThrowOutOfMemory(ctx);
    c->kind = CP_PIPE;
    uv_pipe_init(&weft__js_from_ctx(ctx)->host->loop, &c->h.pipe, argc > 2 && JS_ToBool(ctx, argv[2]));
    int rc = uv_pipe_open(&c->h.pipe, fd);
    if (rc < 0) {
        c->h.handle.data = c;
        close_handle(c);
        return JS_NewInt32(ctx, rc);
    }
    return wrap_handle(ctx, c, argv[0]);
}

/* readStart(h) / readStop(h) -> 0 or a uv error */
static JSValue cp_read_start(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    cp_handle *c = get_handle(argv[0]);
    if (!c || c->kind != CP_PIPE) return JS_NewInt32(ctx, UV_EBADF);
    int rc = uv_read_start(&c->h.stream, on_alloc, on_read);
    return JS_NewInt32(ctx, rc == UV_EALREADY ? 0 : rc);
}

static JSValue cp_read_stop(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    cp_handle *c = get_handle(argv[0]);
    if (!c || c->kind != CP_PIPE) return JS_NewInt32(ctx, UV_EBADF);
    return JS_NewInt32(ctx, uv_read_stop(&c->h.stream));
}

static void req_done(cp_req *r, int status)
{
    weft__js *js = weft__js_req_unlink(&r->link);
    if (js) weft__js_req_complete(js, &r->link, JS_NewInt32(js->ctx, status), JS_UNDEFINED);
    free(r);
}

static void on_write(uv_write_t *w, int status)
{
    req_done(w->data, status);
}

static void on_shutdown(uv_shutdown_t *s, int status)
{
    req_done(s->data, status);
}

/* write(h, bytes, req[, netHandle]) -> 0 or a uv error; req.oncomplete(status)
 * later; a net handle (TCP, pipe, UDP) goes along on an IPC pipe (uv_write2) */
static JSValue cp_write(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    cp_handle *c = get_handle(argv[0]);
    if (!c || c->kind != CP_PIPE || uv_is_closing(&c->h.handle)) return JS_NewInt32(ctx, UV_EBADF);
    uint8_t *p;
    size_t n;
    if (weft__js_get_bytes(ctx, argv[1], &p, &n) < 0)
        return JS_ThrowTypeError(ctx, "write: bytes expected");
    cp_req *r = malloc(sizeof *r + n);
    if (!r) return JS_ThrowOutOfMemory(ctx);
    memcpy(r->bytes, p, n);
    r->len = n;
    r->u.write.data = r;
    uv_buf_t buf = uv_buf_init((char *)r->bytes, (unsigned)n);
    uv_handle_t *send = argc > 3 && JS_IsObject(argv[3]) ? weft__js_net_uv_handle(argv[3]) : NULL;
    if (argc > 3 && JS_IsObject(argv[3]) && (!send || !c->h.pipe.ipc)) {
        free(r);
        return JS_NewInt32(ctx, UV_EBADF);
    }
    int rc = send ? uv_write2(&r->u.write, &c->h.stream, &buf, 1, (uv_stream_t *)send, on_write)
                  : uv_write(&r->u.write, &c->h.stream, &buf, 1, on_write);
    if (rc < 0) {
        free(r);
        return JS_NewInt32(ctx, rc);
    }
    weft__js_req_start(weft__js_from_ctx(ctx), &r->link, argv[2]);
    return JS_NewInt32(ctx, 0);
}

/* shutdown(h, req) -> 0 or a uv error; req.oncomplete(status) later */
static JSValue cp_shutdown(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    cp_handle *c = get_handle(argv[0]);
    if (!c || c->kind != CP_PIPE || uv_is_closing(&c->h.handle)) return JS_NewInt32(ctx, UV_EBADF);
    cp_req *r = malloc(sizeof *r);
    if (!r) return JS_ThrowOutOfMemory(ctx);
    r->u.shutdown.data = r;
    int rc = uv_shutdown(&r->u.shutdown, &c->h.stream, on_shutdown);
    if (rc < 0) {
        free(r);
        return JS_NewInt32(ctx, rc);
    }
    weft__js_req_start(weft__js_from_ctx(ctx), &r->link, argv[1]);
    return JS_NewInt32(ctx, 0);
}

/* writeQueueSize(h) -> bytes queued and not yet written */
static JSValue cp_write_queue_size(JSContext *ctx, JSValueConst this_val, int argc,
                                   JSValueConst *argv)
{
    cp_handle *c = get_handle(argv[0]);
    if (!c || c->kind != CP_PIPE) return JS_NewInt32(ctx, 0);
    return JS_NewInt64(ctx, (int64_t)c->h.stream.write_queue_size);
}

/* ---- options shared by spawn and spawnSync ---------------------------------- */

typedef struct spawn_opts {
    uv_process_options_t o;
    char **args, **env;
    int nargs, nenv;
    uv_stdio_container_t stdio[16];
    uint8_t *input[16]; /* spawnSync: bytes to write to a pipe (owned) */
    size_t input_len[16];
    int is_pipe[16];
} spawn_opts;

static char *dup_string(JSContext *ctx, JSValueConst v)
{
    const char *s = JS_ToCString(ctx, v);
    if (!s) return NULL;
    char *d = strdup(s);
    JS_FreeCString(ctx, s);
    return d;
}

static int array_length(JSContext *ctx, JSValueConst arr, int64_t *len)
{
    JSValue v = JS_GetPropertyStr(ctx, arr, "length");
    int rc = JS_ToInt64(ctx, len, v);
    JS_FreeValue(ctx, v);
    return rc;
}

static char **string_array(JSContext *ctx, JSValueConst arr, int *n)
{
    *n = 0;
    if (!JS_IsArray(ctx, arr)) return NULL;
    int64_t len = 0;
    if (array_length(ctx, arr, &len) < 0 || len > 65536) return NULL;
    char **out = calloc((size_t)len + 1, sizeof *out);
    for (int64_t i = 0; out && i < len; i++) {
        JSValue v = JS_GetPropertyUint32(ctx, arr, (uint32_t)i);
        out[i] = dup_string(ctx, v);
        JS_FreeValue(ctx, v);
        if (!out[i]) {
            for (int64_t k = 0; k < i; k++) free(out[k]);
            free(out);
            return NULL;
        }
        *n = (int)i + 1;
    }
    return out;
}

static void opts_free(spawn_opts *s)
{
    for (int i = 0; i < s->nargs; i++) free(s->args[i]);
    free(s->args);
    for (int i = 0; i < s->nenv; i++) free(s->env[i]);
    free(s->env);
    free((char *)s->o.file);
    free((char *)s->o.cwd);
    for (int i = 0; i < 16; i++) free(s->input[i]);
}

static int get_int(JSContext *ctx, JSValueConst obj, const char *name, int64_t *out)
{
    JSValue v = JS_GetPropertyStr(ctx, obj, name);
    int has = !JS_IsUndefined(v) && !JS_IsNull(v);
    if (has && JS_ToInt64(ctx, out, v)) has = -1;
    JS_FreeValue(ctx, v);
    return has;
}

/* opts: {file, args, cwd, envPairs, detached, uid, gid, stdio: [{type:
 * 'ignore'|'pipe'|'fd'|'wrap', fd, handle, input}]}. sync: pipes are made
 * by the caller (is_pipe set), else 'pipe'/'wrap' take a pipe handle. */
static int opts_parse(JSContext *ctx, JSValueConst opts, spawn_opts *s, int sync)
{
    memset(s, 0, sizeof *s);
    JSValue v = JS_GetPropertyStr(ctx, opts, "file");
    s->o.file = dup_string(ctx, v);
    JS_FreeValue(ctx, v);
    if (!s->o.file) return -1;
    v = JS_GetPropertyStr(ctx, opts, "args");
    s->args = string_array(ctx, v, &s->nargs);
    JS_FreeValue(ctx, v);
    if (!s->args) return -1;
    s->o.args = s->args;
    v = JS_GetPropertyStr(ctx, opts, "envPairs");
    if (JS_IsArray(ctx, v)) {
        s->env = string_array(ctx, v, &s->nenv);
        s->o.env = s->env;
        if (!s->env) {
            JS_FreeValue(ctx, v);
            return -1;
        }
    }
    JS_FreeValue(ctx, v);
    v = JS_GetPropertyStr(ctx, opts, "cwd");
    if (JS_IsString(v)) s->o.cwd = dup_string(ctx, v);
    JS_FreeValue(ctx, v);
    v = JS_GetPropertyStr(ctx, opts, "detached");
    if (JS_ToBool(ctx, v)) s->o.flags |= UV_PROCESS_DETACHED;
    JS_FreeValue(ctx, v);
    int64_t id;
    int has = get_int(ctx, opts, "uid", &id);
    if (has < 0) return -1;
    if (has) {
        s->o.flags |= UV_PROCESS_SETUID;
        s->o.uid = (uv_uid_t)id;
    }
    if ((has = get_int(ctx, opts, "gid", &id)) < 0) return -1;
    if (has) {
        s->o.flags |= UV_PROCESS_SETGID;
        s->o.gid = (uv_gid_t)id;
    }
    JSValue stdio = JS_GetPropertyStr(ctx, opts, "stdio");
    int64_t n = 0;
    if (JS_IsArray(ctx, stdio) && array_length(ctx, stdio, &n) < 0) n = -1;
    if (n < 0 || n > 16) {
        JS_FreeValue(ctx, stdio);
        JS_ThrowRangeError(ctx, "stdio: at most 16 entries");
        return -1;
    }
    s->o.stdio = s->stdio;
    s->o.stdio_count = (int)n;
    int rc = 0;
    for (int i = 0; i < n && rc == 0; i++) {
        JSValue e = JS_GetPropertyUint32(ctx, stdio, (uint32_t)i);
        JSValue t = JS_GetPropertyStr(ctx, e, "type");
        const char *type = JS_ToCString(ctx, t);
        uv_stdio_container_t *c = &s->stdio[i];
        if (!type) {
            rc = -1;
        } else if (!strcmp(type, "ignore")) {
            c->flags = UV_IGNORE;
        } else if (!strcmp(type, "fd")) {
            int64_t fd = i;
            if (get_int(ctx, e, "fd", &fd) < 0) rc = -1;
            c->flags = UV_INHERIT_FD;
            c->data.fd = (int)fd;
        } else if (sync && !strcmp(type, "pipe")) {
            s->is_pipe[i] = 1;
            JSValue in = JS_GetPropertyStr(ctx, e, "input");
            uint8_t *p;
            size_t len;
            if (!JS_IsUndefined(in) && !JS_IsNull(in) && weft__js_get_bytes(ctx, in, &p, &len) == 0) {
                s->input[i] = malloc(len ? len : 1);
                if (s->input[i]) memcpy(s->input[i], p, len);
                s->input_len[i] = len;
            }
            JS_FreeValue(ctx, in);
        } else if (!sync && (!strcmp(type, "pipe") || !strcmp(type, "wrap"))) {
            JSValue hv = JS_GetPropertyStr(ctx, e, "handle");
            cp_handle *h = get_handle(hv);
            JS_FreeValue(ctx, hv);
            if (!h || h->kind != CP_PIPE) {
                JS_ThrowTypeError(ctx, "stdio[%d]: a pipe handle expected", i);
                rc = -1;
            } else {
                c->flags = !strcmp(type, "pipe")
                               ? UV_CREATE_PIPE | UV_READABLE_PIPE | UV_WRITABLE_PIPE
                               : UV_INHERIT_STREAM;
                c->data.stream = &h->h.stream;
            }
        } else {
            JS_ThrowTypeError(ctx, "stdio[%d]: unknown type %s", i, type);
            rc = -1;
        }
        JS_FreeCString(ctx, type);
        JS_FreeValue(ctx, t);
        JS_FreeValue(ctx, e);
    }
    JS_FreeValue(ctx, stdio);
    return rc;
}

/* ---- processes -------------------------------------------------------------- */

static void on_proc_exit(uv_process_t *proc, int64_t status, int signal)
{
    cp_handle *c = proc->data;
    weft__js *js = c->link.js;
    if (!js) { /* orphaned by a stopped resource, which killed it */
        close_handle(c);
        return;
    }
    JSValue argv[2] = {JS_NewInt64(js->ctx, status), JS_NewInt32(js->ctx, signal)};
    weft__js_req_invoke(js, &c->link, "onexit", 2, argv);
}

/* spawn(owner, opts) -> a process handle (owner.onexit(status, signal) at
 * exit; pid in handle.pid), or a negative uv error */
static JSValue cp_spawn(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    spawn_opts s;
    if (opts_parse(ctx, argv[1], &s, 0) < 0) {
        opts_free(&s);
        return JS_HasException(ctx) ? JS_EXCEPTION : JS_ThrowOutOfMemory(ctx);
    }
    cp_handle *c = calloc(1, sizeof *c);
    if (!c) {
        opts_free(&s);
        return JS_ThrowOutOfMemory(ctx);
    }
    c->kind = CP_PROCESS;
    c->h.handle.data = c;
    s.o.exit_cb = on_proc_exit;
    int rc = uv_spawn(&weft__js_from_ctx(ctx)->host->loop, &c->h.proc, &s.o);
    unsigned s_flags = s.o.flags;
    opts_free(&s);
    if (rc < 0) {
        /* libuv: a failed spawn's handle must still be closed */
        close_handle(c);
        return JS_NewInt32(ctx, rc);
    }
    /* a resource's children end with it (`weft serve` keeps running; a
     * detached child is the script's explicit wish to outlive it) */
    c->kill_on_orphan = weft__js_from_ctx(ctx)->res && !(s_flags & UV_PROCESS_DETACHED);
    JSValue obj = wrap_handle(ctx, c, argv[0]);
    if (!JS_IsException(obj)) JS_SetPropertyStr(ctx, obj, "pid", JS_NewInt32(ctx, c->h.proc.pid));
    return obj;
}

/* kill(h, signal) -> 0 or a uv error */
static JSValue cp_kill(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    cp_handle *c = get_handle(argv[0]);
    int32_t sig;
    if (JS_ToInt32(ctx, &sig, argv[1])) return JS_EXCEPTION;
    if (!c || c->kind != CP_PROCESS || uv_is_closing(&c->h.handle)) return JS_NewInt32(ctx, UV_ESRCH);
    return JS_NewInt32(ctx, uv_process_kill(&c->h.proc, sig));
}

/* killPid(pid, signal) -> 0 or a uv error (process.kill) */
static JSValue cp_kill_pid(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    int32_t pid, sig;
    if (JS_ToInt32(ctx, &pid, argv[0]) || JS_ToInt32(ctx, &sig, argv[1])) return JS_EXCEPTION;
    return JS_NewInt32(ctx, uv_kill(pid, sig));
}

/* close(h[, withCallback]): idempotent; the owner gets no more calls but,
 * with withCallback, its onclose() once the handle is closed */
static JSValue cp_close(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    cp_handle *c = get_handle(argv[0]);
    if (!c) return JS_UNDEFINED;
    JS_SetOpaque(argv[0], NULL);
    if (argc > 1 && JS_ToBool(ctx, argv[1]) && c->link.js && !uv_is_closing(&c->h.handle)) {
        c->close_cb = 1; /* the link (and owner) stay until on_closed */
    } else if (weft__js_req_unlink(&c->link)) {
        JS_FreeValue(ctx, c->link.req);
        c->link.req = JS_UNDEFINED;
    }
    close_handle(c);
    return JS_UNDEFINED;
}

/* ref(h, bool) / hasRef(h) */
static JSValue cp_ref(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    cp_handle *c = get_handle(argv[0]);
    if (!c) return JS_UNDEFINED;
    if (JS_ToBool(ctx, argv[1])) uv_ref(&c->h.handle);
    else uv_unref(&c->h.handle);
    return JS_UNDEFINED;
}

static JSValue cp_has_ref(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    cp_handle *c = get_handle(argv[0]);
    return JS_NewBool(ctx, c && uv_has_ref(&c->h.handle));
}

/* ---- spawnSync ------------------------------------------------------------------ */

typedef struct sync_run sync_run;
typedef struct sync_pipe {
    uv_pipe_t pipe;
    sync_run *run;
    uint8_t *buf;
    size_t len, cap;
    uv_write_t write;
    uv_shutdown_t shutdown;
    int open;
} sync_pipe;

struct sync_run {
    uv_loop_t loop;
    uv_process_t proc;
    uv_timer_t timer;
    sync_pipe pipes[16];
    int npipes;
    int64_t status;
    int term_signal, error, kill_signal, exited, timer_open;
    double max_buffer;
};

static void sync_closed(uv_handle_t *h)
{
    (void)h;
}

static void sync_pipe_close(sync_pipe *p)
{
    if (p->open) {
        p->open = 0;
        uv_close((uv_handle_t *)&p->pipe, sync_closed);
    }
}

/* timeout or maxBuffer: kill the child and stop reading (as Node's
 * SyncProcessRunner, so a grandchild holding a pipe cannot keep us here) */
static void sync_kill(sync_run *r, int error)
{
    if (!r->error) r->error = error;
    if (!r->exited) uv_process_kill(&r->proc, r->kill_signal);
    for (int i = 0; i < r->npipes; i++) sync_pipe_close(&r->pipes[i]);
}

static void sync_read(uv_stream_t *stream, ssize_t nread, const uv_buf_t *buf)
{
    sync_pipe *p = stream->data;
    (void)buf;
    if (nread < 0) {
        sync_pipe_close(p);
        return;
    }
    p->len += (size_t)nread;
    if (p->run->max_buffer > 0 && (double)p->len > p->run->max_buffer) {
        sync_kill(p->run, UV_ENOBUFS);
        sync_pipe_close(p);
    }
}

static void sync_alloc(uv_handle_t *handle, size_t suggested, uv_buf_t *buf)
{
    sync_pipe *p = handle->data;
    (void)suggested;
    if (p->cap - p->len < 65536) {
        size_t cap = p->cap ? p->cap * 2 : 65536;
        uint8_t *b = realloc(p->buf, cap);
        if (!b) {
            buf->base = NULL;
            buf->len = 0;
            return;
        }
        p->buf = b;
        p->cap = cap;
    }
    buf->base = (char *)p->buf + p->len;
    buf->len = p->cap - p->len;
}

static void sync_shutdown_done(uv_shutdown_t *s, int status)
{
    (void)status;
    sync_pipe_close(s->data);
}

static void sync_write_done(uv_write_t *w, int status)
{
    sync_pipe *p = w->data;
    if (status < 0 || !p->open) {
        sync_pipe_close(p);
        return;
    }
    p->shutdown.data = p;
    if (uv_shutdown(&p->shutdown, (uv_stream_t *)&p->pipe, sync_shutdown_done) < 0)
        sync_pipe_close(p);
}

static void sync_exit(uv_process_t *proc, int64_t status, int signal)
{
    sync_run *r = proc->data;
    r->exited = 1;
    r->status = status;
    r->term_signal = signal;
    uv_close((uv_handle_t *)proc, sync_closed);
    if (r->timer_open) {
        r->timer_open = 0;
        uv_close((uv_handle_t *)&r->timer, sync_closed);
    }
}

static void sync_timeout(uv_timer_t *t)
{
    sync_kill(t->data, UV_ETIMEDOUT);
}

/* spawnSync(opts) with opts as spawn's plus timeout (ms), killSignal,
 * maxBuffer (bytes per output; 0: none) -> {pid, status, signal, output:
 * [ArrayBuffer|null...], error (0 or a uv error)} */
static JSValue cp_spawn_sync(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    spawn_opts s;
    if (opts_parse(ctx, argv[0], &s, 1) < 0) {
        opts_free(&s);
        return JS_HasException(ctx) ? JS_EXCEPTION : JS_ThrowOutOfMemory(ctx);
    }
    int64_t timeout = 0, kill_signal = SIGTERM;
    double max_buffer = 0;
    get_int(ctx, argv[0], "timeout", &timeout);
    get_int(ctx, argv[0], "killSignal", &kill_signal);
    JSValue mb = JS_GetPropertyStr(ctx, argv[0], "maxBuffer");
    if (JS_IsNumber(mb)) JS_ToFloat64(ctx, &max_buffer, mb);
    JS_FreeValue(ctx, mb);
    sync_run *r = calloc(1, sizeof *r);
    if (!r || uv_loop_init(&r->loop) < 0) {
        free(r);
        opts_free(&s);
        return JS_ThrowOutOfMemory(ctx);
    }
    r->kill_signal = (int)kill_signal;
    r->max_buffer = max_buffer;
    r->npipes = s.o.stdio_count;
    for (int i = 0; i < s.o.stdio_count; i++) {
        if (!s.is_pipe[i]) continue;
        sync_pipe *p = &r->pipes[i];
        p->run = r;
        uv_pipe_init(&r->loop, &p->pipe, 0);
        p->pipe.data = p;
        p->open = 1;
        s.stdio[i].flags = UV_CREATE_PIPE | UV_READABLE_PIPE | UV_WRITABLE_PIPE;
        s.stdio[i].data.stream = (uv_stream_t *)&p->pipe;
    }
    s.o.exit_cb = sync_exit;
    r->proc.data = r;
    int rc = uv_spawn(&r->loop, &r->proc, &s.o);
    if (rc < 0) {
        r->error = rc;
        r->exited = 1;
        uv_close((uv_handle_t *)&r->proc, sync_closed);
        for (int i = 0; i < r->npipes; i++) sync_pipe_close(&r->pipes[i]);
    } else {
        if (timeout > 0) {
            uv_timer_init(&r->loop, &r->timer);
            r->timer.data = r;
            r->timer_open = 1;
            uv_timer_start(&r->timer, sync_timeout, (uint64_t)timeout, 0);
        }
        for (int i = 0; i < r->npipes; i++) {
            sync_pipe *p = &r->pipes[i];
            if (!p->open) continue;
            if (i == 0 || s.input[i]) { /* the child's input: written, then ended */
                p->write.data = p;
                uv_buf_t b = uv_buf_init((char *)(s.input[i] ? s.input[i] : (uint8_t *)""),
                                         (unsigned)s.input_len[i]);
                if (uv_write(&p->write, (uv_stream_t *)&p->pipe, &b, 1, sync_write_done) < 0)
                    sync_pipe_close(p);
            } else if (uv_read_start((uv_stream_t *)&p->pipe, sync_alloc, sync_read) < 0) {
                sync_pipe_close(p);
            }
        }
    }
    /* Bound: ends when the child has exited and every pipe reached EOF or
     * was closed (timeout and maxBuffer kill the child). */
    uv_run(&r->loop, UV_RUN_DEFAULT);
    uv_loop_close(&r->loop);
    JSValue res = JS_NewObject(ctx);
    JS_SetPropertyStr(ctx, res, "pid", JS_NewInt32(ctx, rc < 0 ? 0 : r->proc.pid));
    JS_SetPropertyStr(ctx, res, "status", JS_NewInt64(ctx, r->status));
    JS_SetPropertyStr(ctx, res, "signal", JS_NewInt32(ctx, r->term_signal));
    JS_SetPropertyStr(ctx, res, "error", JS_NewInt32(ctx, r->error));
    JSValue out = JS_NewArray(ctx);
    for (int i = 0; i < r->npipes; i++) {
        sync_pipe *p = &r->pipes[i];
        JSValue v = JS_NULL;
        if (s.is_pipe[i] && i != 0 && !s.input[i]) {
            v = weft__js_adopt_bytes(ctx, p->buf, p->len);
            p->buf = NULL;
        }
        free(p->buf);
        JS_SetPropertyUint32(ctx, out, (uint32_t)i, v);
    }
    JS_SetPropertyStr(ctx, res, "output", out);
    free(r);
    opts_free(&s);
    return res;
}

/* errname(err) -> "ENOENT" */
static JSValue cp_errname(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    int32_t err;
    if (JS_ToInt32(ctx, &err, argv[0])) return JS_EXCEPTION;
    return JS_NewString(ctx, uv_err_name(err));
}

/* uvError(err, syscall, path) -> Node's error object */
static JSValue cp_uv_error(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    int32_t err = 0;
    if (JS_ToInt32(ctx, &err, argv[0])) return JS_EXCEPTION;
    const char *syscall = JS_ToCString(ctx, argv[1]);
    const char *path = JS_IsString(argv[2]) ? JS_ToCString(ctx, argv[2]) : NULL;
    JSValue e = syscall ? weft__js_uv_error(ctx, err, syscall, path, NULL) : JS_EXCEPTION;
    JS_FreeCString(ctx, syscall);
    JS_FreeCString(ctx, path);
    return e;
}

/* ids() -> [uid, gid, euid, egid] (process.getuid...) */
static JSValue cp_ids(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    JSValue a = JS_NewArray(ctx);
    JS_SetPropertyUint32(ctx, a, 0, JS_NewUint32(ctx, getuid()));
    JS_SetPropertyUint32(ctx, a, 1, JS_NewUint32(ctx, getgid()));
    JS_SetPropertyUint32(ctx, a, 2, JS_NewUint32(ctx, geteuid()));
    JS_SetPropertyUint32(ctx, a, 3, JS_NewUint32(ctx, getegid()));
    return a;
}

/* groups() -> the supplementary group ids and the effective one (process.getgroups) */
static JSValue cp_groups(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    gid_t g[257];
    int n = getgroups(256, g);
    if (n < 0) n = 0;
    /* as Node: the effective group id is always among them */
    gid_t egid = getegid();
    int has = 0;
    for (int i = 0; i < n; i++) has |= g[i] == egid;
    if (!has) g[n++] = egid;
    JSValue a = JS_NewArray(ctx);
    for (int i = 0; i < n; i++) JS_SetPropertyUint32(ctx, a, (uint32_t)i, JS_NewUint32(ctx, g[i]));
    return a;
}

static const JSCFunctionListEntry cp_funcs[] = {
    JS_CFUNC_DEF("ids", 0, cp_ids),
    JS_CFUNC_DEF("groups", 0, cp_groups),
    JS_CFUNC_DEF("spawn", 2, cp_spawn),
    JS_CFUNC_DEF("spawnSync", 1, cp_spawn_sync),
    JS_CFUNC_DEF("kill", 2, cp_kill),
    JS_CFUNC_DEF("killPid", 2, cp_kill_pid),
    JS_CFUNC_DEF("close", 1, cp_close),
    JS_CFUNC_DEF("ref", 2, cp_ref),
    JS_CFUNC_DEF("hasRef", 1, cp_has_ref),
    JS_CFUNC_DEF("pipeNew", 2, cp_pipe_new),
    JS_CFUNC_DEF("pipeOpen", 3, cp_pipe_open),
    JS_CFUNC_DEF("readStart", 1, cp_read_start),
    JS_CFUNC_DEF("readStop", 1, cp_read_stop),
    JS_CFUNC_DEF("write", 4, cp_write),
    JS_CFUNC_DEF("shutdown", 2, cp_shutdown),
    JS_CFUNC_DEF("writeQueueSize", 1, cp_write_queue_size),
    JS_CFUNC_DEF("errname", 1, cp_errname),
    JS_CFUNC_DEF("uvError", 3, cp_uv_error),
    /* weft_cpuLimitMs's default (a resource's sync spawns are bounded by it) */
    JS_PROP_INT32_DEF("defaultCpuLimitMs", WEFT_JS_CPU_LIMIT_MS, JS_PROP_ENUMERABLE),
};

JSValue weft__js_child_process_binding(JSContext *ctx)
{
    JSRuntime *rt = JS_GetRuntime(ctx);
    if (!cp_class_id) JS_NewClassID(&cp_class_id);
    if (!JS_IsRegisteredClass(rt, cp_class_id) && JS_NewClass(rt, cp_class_id, &cp_class) < 0)
        return JS_EXCEPTION;
    /* handles are ordinary objects (async_hooks hands them to init hooks) */
    JS_SetClassProto(ctx, cp_class_id, JS_NewObject(ctx));
    JSValue o = JS_NewObject(ctx);
    JS_SetPropertyFunctionList(ctx, o, cp_funcs, sizeof cp_funcs / sizeof cp_funcs[0]);
    return o;
}
