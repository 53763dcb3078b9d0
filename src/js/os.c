/* os.c: the C half of Node's `os` module (lib/os.js): host, user, CPU,
 * memory and network facts from libuv, and the signal/errno/priority
 * constants. Failures throw Node's SystemError shape (code ERR_SYSTEM_ERROR,
 * "A system error occurred: uv_x returned CODE (text)"). */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <dlfcn.h>
#include "js/js.h"

/* A libuv failure: with a context object as the last argument (Node's
 * internalBinding('os') protocol) it is filled ({ errno, code, message,
 * syscall }) and undefined returned, for lib/os.js to throw Node's
 * SystemError; else that error is thrown here. */
static JSValue throw_uv(JSContext *ctx, int argc, JSValueConst *argv, const char *syscall, int err)
{
    if (argc > 0 && JS_IsObject(argv[argc - 1]) && !JS_IsFunction(ctx, argv[argc - 1])) {
        JSValueConst c = argv[argc - 1];
        JS_SetPropertyStr(ctx, c, "errno", JS_NewInt32(ctx, err));
        JS_SetPropertyStr(ctx, c, "code", JS_NewString(ctx, uv_err_name(err)));
        JS_SetPropertyStr(ctx, c, "message", JS_NewString(ctx, uv_strerror(err)));
        JS_SetPropertyStr(ctx, c, "syscall", JS_NewString(ctx, syscall));
        return JS_UNDEFINED;
    }
    JSValue e = JS_NewError(ctx);
    char msg[256];
    snprintf(msg, sizeof msg, "A system error occurred: %s returned %s (%s)", syscall,
             uv_err_name(err), uv_strerror(err));
    JS_SetPropertyStr(ctx, e, "message", JS_NewString(ctx, msg));
    JS_SetPropertyStr(ctx, e, "code", JS_NewString(ctx, "ERR_SYSTEM_ERROR"));
    JS_SetPropertyStr(ctx, e, "errno", JS_NewInt32(ctx, err));
    JS_SetPropertyStr(ctx, e, "syscall", JS_NewString(ctx, syscall));
    JS_SetPropertyStr(ctx, e, "name", JS_NewString(ctx, "SystemError"));
    return JS_Throw(ctx, e);
}

static JSValue os_hostname(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    char buf[UV_MAXHOSTNAMESIZE];
    size_t len = sizeof buf;
    int rc = uv_os_gethostname(buf, &len);
    return rc ? throw_uv(ctx, argc, argv, "uv_os_gethostname", rc) : JS_NewStringLen(ctx, buf, len);
}

static JSValue os_homedir(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    char buf[4096];
    size_t len = sizeof buf;
    int rc = uv_os_homedir(buf, &len);
    return rc ? throw_uv(ctx, argc, argv, "uv_os_homedir", rc) : JS_NewStringLen(ctx, buf, len);
}

/* [sysname, release, version, machine] */
static JSValue os_uname(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    uv_utsname_t u;
    int rc = uv_os_uname(&u);
    if (rc) return throw_uv(ctx, argc, argv, "uv_os_uname", rc);
    JSValue a = JS_NewArray(ctx);
    JS_SetPropertyUint32(ctx, a, 0, JS_NewString(ctx, u.sysname));
    JS_SetPropertyUint32(ctx, a, 1, JS_NewString(ctx, u.release));
    JS_SetPropertyUint32(ctx, a, 2, JS_NewString(ctx, u.version));
    JS_SetPropertyUint32(ctx, a, 3, JS_NewString(ctx, u.machine));
    return a;
}

static JSValue os_uptime(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    double t;
    int rc = uv_uptime(&t);
    return rc ? throw_uv(ctx, argc, argv, "uv_uptime", rc) : JS_NewFloat64(ctx, t);
}

static JSValue os_loadavg(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    double l[3];
    uv_loadavg(l);
    JSValue a = JS_NewArray(ctx);
    for (uint32_t i = 0; i < 3; i++) JS_SetPropertyUint32(ctx, a, i, JS_NewFloat64(ctx, l[i]));
    return a;
}

static JSValue os_totalmem(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    return JS_NewFloat64(ctx, (double)uv_get_total_memory());
}

static JSValue os_freemem(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    return JS_NewFloat64(ctx, (double)uv_get_free_memory());
}

static JSValue os_parallelism(JSContext *ctx, JSValueConst this_val, int argc,
                              JSValueConst *argv)
{
    return JS_NewUint32(ctx, uv_available_parallelism());
}

/* [{model, speed, times: {user, nice, sys, idle, irq}}] (times in ms) */
static JSValue os_cpus(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    uv_cpu_info_t *cpus;
    int n;
    int rc = uv_cpu_info(&cpus, &n);
    if (rc) return throw_uv(ctx, argc, argv, "uv_cpu_info", rc);
    JSValue a = JS_NewArray(ctx);
    for (int i = 0; i < n; i++) {
        JSValue c = JS_NewObject(ctx), t = JS_NewObject(ctx);
        JS_SetPropertyStr(ctx, c, "model", JS_NewString(ctx, cpus[i].model ? cpus[i].model : ""));
        JS_SetPropertyStr(ctx, c, "speed", JS_NewInt32(ctx, cpus[i].speed));
        JS_SetPropertyStr(ctx, t, "user", JS_NewFloat64(ctx, (double)cpus[i].cpu_times.user));
        JS_SetPropertyStr(ctx, t, "nice", JS_NewFloat64(ctx, (double)cpus[i].cpu_times.nice));
        JS_SetPropertyStr(ctx, t, "sys", JS_NewFloat64(ctx, (double)cpus[i].cpu_times.sys));
        JS_SetPropertyStr(ctx, t, "idle", JS_NewFloat64(ctx, (double)cpus[i].cpu_times.idle));
        JS_SetPropertyStr(ctx, t, "irq", JS_NewFloat64(ctx, (double)cpus[i].cpu_times.irq));
        JS_SetPropertyStr(ctx, c, "times", t);
        JS_SetPropertyUint32(ctx, a, (uint32_t)i, c);
    }
    uv_free_cpu_info(cpus, n);
    return a;
}

/* The prefix length of a netmask (IPv4 or IPv6), or -1 when not contiguous. */
static int mask_bits(const unsigned char *m, size_t len)
{
    int bits = 0;
    size_t i = 0;
    for (; i < len && m[i] == 0xff; i++) bits += 8;
    if (i < len) {
        unsigned char b = m[i++];
        while (b & 0x80) {
            bits++;
            b = (unsigned char)(b << 1);
        }
        if (b) return -1;
    }
    for (; i < len; i++)
        if (m[i]) return -1;
    return bits;
}

/* [[name, address, netmask, family, mac, internal, cidr, scopeid|-1], ...] */
static JSValue os_interfaces(JSContext *ctx, JSValueConst this_val, int argc,
                             JSValueConst *argv)
{
    uv_interface_address_t *ifs;
    int n;
    int rc = uv_interface_addresses(&ifs, &n);
    if (rc) return throw_uv(ctx, argc, argv, "uv_interface_addresses", rc);
    JSValue a = JS_NewArray(ctx);
    for (int i = 0; i < n; i++) {
        char addr[INET6_ADDRSTRLEN], mask[INET6_ADDRSTRLEN], mac[18], cidr[INET6_ADDRSTRLEN + 16];
        int v6 = ifs[i].address.address4.sin_family == AF_INET6;
        int bits;
        if (v6) {
            uv_ip6_name(&ifs[i].address.address6, addr, sizeof addr);
            uv_ip6_name(&ifs[i].netmask.netmask6, mask, sizeof mask);
            bits = mask_bits(ifs[i].netmask.netmask6.sin6_addr.s6_addr, 16);
        } else {
            uv_ip4_name(&ifs[i].address.address4, addr, sizeof addr);
            uv_ip4_name(&ifs[i].netmask.netmask4, mask, sizeof mask);
            bits = mask_bits((const unsigned char *)&ifs[i].netmask.netmask4.sin_addr, 4);
        }
        const unsigned char *p = (const unsigned char *)ifs[i].phys_addr;
        snprintf(mac, sizeof mac, "%02x:%02x:%02x:%02x:%02x:%02x", p[0], p[1], p[2], p[3], p[4],
                 p[5]);
        snprintf(cidr, sizeof cidr, "%s/%d", addr, bits);
        JSValue e = JS_NewArray(ctx);
        JS_SetPropertyUint32(ctx, e, 0, JS_NewString(ctx, ifs[i].name));
        JS_SetPropertyUint32(ctx, e, 1, JS_NewString(ctx, addr));
        JS_SetPropertyUint32(ctx, e, 2, JS_NewString(ctx, mask));
        JS_SetPropertyUint32(ctx, e, 3, JS_NewString(ctx, v6 ? "IPv6" : "IPv4"));
        JS_SetPropertyUint32(ctx, e, 4, JS_NewString(ctx, mac));
        JS_SetPropertyUint32(ctx, e, 5, JS_NewBool(ctx, ifs[i].is_internal));
        JS_SetPropertyUint32(ctx, e, 6, bits < 0 ? JS_NULL : JS_NewString(ctx, cidr));
        JS_SetPropertyUint32(ctx, e, 7,
                             v6 ? JS_NewInt64(ctx, ifs[i].address.address6.sin6_scope_id) : JS_NewInt32(ctx, -1));
        JS_SetPropertyUint32(ctx, a, (uint32_t)i, e);
    }
    uv_free_interface_addresses(ifs, n);
    return a;
}

/* {uid, gid, username, homedir, shell} of the effective user */
static JSValue os_user_info(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    uv_passwd_t pw;
    int rc = uv_os_get_passwd(&pw);
    if (rc) return throw_uv(ctx, argc, argv, "uv_os_get_passwd", rc);
    JSValue o = JS_NewObjectProto(ctx, JS_NULL);
    JS_SetPropertyStr(ctx, o, "uid", JS_NewInt64(ctx, (int64_t)pw.uid));
    JS_SetPropertyStr(ctx, o, "gid", JS_NewInt64(ctx, (int64_t)pw.gid));
    JS_SetPropertyStr(ctx, o, "username", JS_NewString(ctx, pw.username ? pw.username : ""));
    JS_SetPropertyStr(ctx, o, "homedir", JS_NewString(ctx, pw.homedir ? pw.homedir : ""));
    JS_SetPropertyStr(ctx, o, "shell", pw.shell ? JS_NewString(ctx, pw.shell) : JS_NULL);
    uv_os_free_passwd(&pw);
    return o;
}

static JSValue os_get_priority(JSContext *ctx, JSValueConst this_val, int argc,
                               JSValueConst *argv)
{
    int32_t pid = 0;
    int prio;
    if (JS_ToInt32(ctx, &pid, argv[0])) return JS_EXCEPTION;
    int rc = uv_os_getpriority(pid, &prio);
    return rc ? throw_uv(ctx, argc, argv, "uv_os_getpriority", rc) : JS_NewInt32(ctx, prio);
}

static JSValue os_set_priority(JSContext *ctx, JSValueConst this_val, int argc,
                               JSValueConst *argv)
{
    int32_t pid = 0, prio = 0;
    if (JS_ToInt32(ctx, &pid, argv[0]) || JS_ToInt32(ctx, &prio, argv[1])) return JS_EXCEPTION;
    int rc = uv_os_setpriority(pid, prio);
    return rc ? throw_uv(ctx, argc, argv, "uv_os_setpriority", rc) : JS_UNDEFINED;
}

typedef struct named_int {
    const char *name;
    int value;
} named_int;

#define N(x) {#x, x}
static const named_int signals[] = {
    N(SIGHUP),  N(SIGINT),  N(SIGQUIT),   N(SIGILL),  N(SIGTRAP), N(SIGABRT),   N(SIGIOT),
    N(SIGBUS),  N(SIGFPE),  N(SIGKILL),   N(SIGUSR1), N(SIGSEGV), N(SIGUSR2),   N(SIGPIPE),
    N(SIGALRM), N(SIGTERM), N(SIGCHLD),   N(SIGSTKFLT), N(SIGCONT), N(SIGSTOP), N(SIGTSTP),
    N(SIGTTIN), N(SIGTTOU), N(SIGURG),    N(SIGXCPU), N(SIGXFSZ), N(SIGVTALRM), N(SIGPROF),
    N(SIGWINCH), N(SIGIO),  N(SIGPOLL),   N(SIGPWR),  N(SIGSYS),  {NULL, 0},
};
static const named_int errnos[] = {
    N(E2BIG),        N(EACCES),       N(EADDRINUSE),   N(EADDRNOTAVAIL), N(EAFNOSUPPORT),
    N(EAGAIN),       N(EALREADY),     N(EBADF),        N(EBADMSG),       N(EBUSY),
    N(ECANCELED),    N(ECHILD),       N(ECONNABORTED), N(ECONNREFUSED),  N(ECONNRESET),
    N(EDEADLK),      N(EDESTADDRREQ), N(EDOM),         N(EDQUOT),        N(EEXIST),
    N(EFAULT),       N(EFBIG),        N(EHOSTUNREACH), N(EIDRM),         N(EILSEQ),
    N(EINPROGRESS),  N(EINTR),        N(EINVAL),       N(EIO),           N(EISCONN),
    N(EISDIR),       N(ELOOP),        N(EMFILE),       N(EMLINK),        N(EMSGSIZE),
    N(EMULTIHOP),    N(ENAMETOOLONG), N(ENETDOWN),     N(ENETRESET),     N(ENETUNREACH),
    N(ENFILE),       N(ENOBUFS),      N(ENODATA),      N(ENODEV),        N(ENOENT),
    N(ENOEXEC),      N(ENOLCK),       N(ENOLINK),      N(ENOMEM),        N(ENOMSG),
    N(ENOPROTOOPT),  N(ENOSPC),       N(ENOSR),        N(ENOSTR),        N(ENOSYS),
    N(ENOTCONN),     N(ENOTDIR),      N(ENOTEMPTY),    N(ENOTSOCK),      N(ENOTSUP),
    N(ENOTTY),       N(ENXIO),        N(EOPNOTSUPP),   N(EOVERFLOW),     N(EPERM),
    N(EPIPE),        N(EPROTO),       N(EPROTONOSUPPORT), N(EPROTOTYPE), N(ERANGE),
    N(EROFS),        N(ESPIPE),       N(ESRCH),        N(ESTALE),        N(ETIME),
    N(ETIMEDOUT),    N(ETXTBSY),      N(EWOULDBLOCK),  N(EXDEV),         {NULL, 0},
};
static const named_int dlopen_flags[] = {
    N(RTLD_LAZY), N(RTLD_NOW), N(RTLD_GLOBAL), N(RTLD_LOCAL), N(RTLD_DEEPBIND), {NULL, 0},
};
#undef N
/* Node's os.constants.priority (libuv's UV_PRIORITY_*) */
static const named_int priorities[] = {
    {"PRIORITY_LOW", UV_PRIORITY_LOW},
    {"PRIORITY_BELOW_NORMAL", UV_PRIORITY_BELOW_NORMAL},
    {"PRIORITY_NORMAL", UV_PRIORITY_NORMAL},
    {"PRIORITY_ABOVE_NORMAL", UV_PRIORITY_ABOVE_NORMAL},
    {"PRIORITY_HIGH", UV_PRIORITY_HIGH},
    {"PRIORITY_HIGHEST", UV_PRIORITY_HIGHEST},
    {NULL, 0},
};

static JSValue named_object(JSContext *ctx, const named_int *list)
{
    JSValue o = JS_NewObjectProto(ctx, JS_NULL);
    for (const named_int *e = list; e->name; e++)
        JS_SetPropertyStr(ctx, o, e->name, JS_NewInt32(ctx, e->value));
    return o;
}

/* {UV_UDP_REUSEADDR, dlopen, errno, signals, priority}, null prototypes as Node's */
static JSValue os_constants(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    JSValue o = JS_NewObjectProto(ctx, JS_NULL);
    JS_SetPropertyStr(ctx, o, "UV_UDP_REUSEADDR", JS_NewInt32(ctx, UV_UDP_REUSEADDR));
    JS_SetPropertyStr(ctx, o, "dlopen", named_object(ctx, dlopen_flags));
    JS_SetPropertyStr(ctx, o, "errno", named_object(ctx, errnos));
    JS_SetPropertyStr(ctx, o, "signals", named_object(ctx, signals));
    JS_SetPropertyStr(ctx, o, "priority", named_object(ctx, priorities));
    return o;
}

static const JSCFunctionListEntry os_funcs[] = {
    JS_CFUNC_DEF("hostname", 0, os_hostname),
    JS_CFUNC_DEF("homedir", 0, os_homedir),
    JS_CFUNC_DEF("uname", 0, os_uname),
    JS_CFUNC_DEF("uptime", 0, os_uptime),
    JS_CFUNC_DEF("loadavg", 0, os_loadavg),
    JS_CFUNC_DEF("totalmem", 0, os_totalmem),
    JS_CFUNC_DEF("freemem", 0, os_freemem),
    JS_CFUNC_DEF("availableParallelism", 0, os_parallelism),
    JS_CFUNC_DEF("cpus", 0, os_cpus),
    JS_CFUNC_DEF("interfaces", 0, os_interfaces),
    JS_CFUNC_DEF("userInfo", 0, os_user_info),
    JS_CFUNC_DEF("getPriority", 1, os_get_priority),
    JS_CFUNC_DEF("setPriority", 2, os_set_priority),
    JS_CFUNC_DEF("constants", 0, os_constants),
};

JSValue weft__js_os_binding(JSContext *ctx)
{
    JSValue o = JS_NewObject(ctx);
    JS_SetPropertyFunctionList(ctx, o, os_funcs, sizeof os_funcs / sizeof os_funcs[0]);
    return o;
}
