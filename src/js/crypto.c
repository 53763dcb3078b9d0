/* crypto.c: the C half of Node's `crypto` module on OpenSSL 3 (libcrypto):
 * message digests and HMAC as objects (EVP_MD_CTX / EVP_MAC_CTX), the CSPRNG
 * (RAND_bytes), PBKDF2 and scrypt, constant-time compare. Key derivation,
 * webcrypto digests and async random fills run on libuv's thread pool (uv_queue_work) and complete
 * through weft__js_req; everything else runs on the caller's thread. */
#include <stdlib.h>
#include <string.h>
#include "host/dl_crypto.h"
#include "js/js.h"

/* ---- digests and HMAC ------------------------------------------------------ */

typedef struct digest {
    EVP_MD_CTX *md;   /* a hash, or NULL */
    EVP_MAC_CTX *mac; /* an HMAC, or NULL */
    int64_t xof_len;  /* output bytes of an XOF (shake*), -1 = the default */
    uint8_t *result;  /* once finalized: the digest, given again on request */
    size_t result_len;
} digest;

static JSClassID digest_class_id;

static void digest_free(digest *d)
{
    if (!d) return;
    EVP_MD_CTX_free(d->md);
    EVP_MAC_CTX_free(d->mac);
    free(d->result);
    free(d);
}

static void digest_finalizer(JSRuntime *rt, JSValue val)
{
    digest_free(JS_GetOpaque(val, digest_class_id));
}

static JSClassDef digest_class = {"WeftDigest", .finalizer = digest_finalizer};

static JSValue wrap_digest(JSContext *ctx, digest *d)
{
    JSValue o = JS_NewObjectClass(ctx, (int)digest_class_id);
    if (JS_IsException(o)) {
        digest_free(d);
        return o;
    }
    JS_SetOpaque(o, d);
    return o;
}

static digest *get_digest(JSContext *ctx, JSValueConst v, int spent_ok)
{
    digest *d = JS_GetOpaque2(ctx, v, digest_class_id);
    if (d && !d->md && !d->mac && !spent_ok) {
        JS_ThrowTypeError(ctx, "Digest already called");
        return NULL;
    }
    return d;
}

/* The last OpenSSL error as a thrown Error (or `fallback`). */
static JSValue throw_ssl(JSContext *ctx, const char *fallback)
{
    unsigned long e = ERR_get_error();
    char buf[256];
    if (e) ERR_error_string_n(e, buf, sizeof buf);
    ERR_clear_error();
    return JS_ThrowInternalError(ctx, "%s", e ? buf : fallback);
}

static const EVP_MD *find_md(JSContext *ctx, JSValueConst name)
{
    const char *n = JS_ToCString(ctx, name);
    if (!n) return NULL;
    const EVP_MD *md = EVP_get_digestbyname(n);
    JS_FreeCString(ctx, n);
    return md;
}

/* outputLength (undefined: the digest's own): any for an XOF, else its size */
static int set_xof_len(JSContext *ctx, digest *d, JSValueConst len)
{
    d->xof_len = -1;
    if (JS_IsUndefined(len)) return 0;
    int64_t n;
    if (JS_ToInt64(ctx, &n, len)) return -1;
    const EVP_MD *md = EVP_MD_CTX_get0_md(d->md);
    if (!(EVP_MD_get_flags(md) & EVP_MD_FLAG_XOF)) {
        if (n != EVP_MD_get_size(md)) {
            weft__js_throw_code(ctx, "Error", "ERR_OSSL_EVP_NOT_XOF_OR_INVALID_LENGTH",
                                "error:030000B2:digital envelope routines::not XOF or invalid length");
            return -1;
        }
        return 0;
    }
    d->xof_len = n;
    return 0;
}

/* hashNew(algorithm, xofLen|undefined) -> handle, or null for an unknown digest */
static JSValue c_hash_new(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    const EVP_MD *md = find_md(ctx, argv[0]);
    if (!md) return JS_HasException(ctx) ? JS_EXCEPTION : JS_NULL;
    digest *d = calloc(1, sizeof *d);
    if (!d || !(d->md = EVP_MD_CTX_new())) {
        free(d);
        return JS_ThrowOutOfMemory(ctx);
    }
    d->xof_len = -1;
    if (EVP_DigestInit_ex(d->md, md, NULL) != 1) {
        digest_free(d);
        return throw_ssl(ctx, "Digest method not supported");
    }
    if (set_xof_len(ctx, d, argv[1]) < 0) {
        digest_free(d);
        return JS_EXCEPTION;
    }
    return wrap_digest(ctx, d);
}

/* hmacNew(algorithm, keyBytes) -> handle, or null for an unknown digest */
static JSValue c_hmac_new(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    const EVP_MD *md = find_md(ctx, argv[0]);
    if (!md) return JS_HasException(ctx) ? JS_EXCEPTION : JS_NULL;
    uint8_t *key;
    size_t klen;
    if (weft__js_get_bytes(ctx, argv[1], &key, &klen) < 0)
        return JS_ThrowTypeError(ctx, "key must be bytes");
    EVP_MAC *mac = EVP_MAC_fetch(NULL, "HMAC", NULL);
    digest *d = mac ? calloc(1, sizeof *d) : NULL;
    if (d) d->mac = EVP_MAC_CTX_new(mac);
    EVP_MAC_free(mac);
    if (!d || !d->mac) {
        free(d);
        return throw_ssl(ctx, "HMAC not available");
    }
    OSSL_PARAM params[2] = {
        OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST, (char *)EVP_MD_get0_name(md), 0),
        OSSL_PARAM_construct_end(),
    };
    /* an empty key: OpenSSL wants a non-NULL pointer */
    static const unsigned char empty[1];
    if (EVP_MAC_init(d->mac, klen ? key : empty, klen, params) != 1) {
        digest_free(d);
        return throw_ssl(ctx, "Invalid digest");
    }
    return wrap_digest(ctx, d);
}

/* update(handle, bytes) */
static JSValue c_update(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    digest *d = get_digest(ctx, argv[0], 0);
    if (!d) return JS_EXCEPTION;
    uint8_t *p;
    size_t n;
    if (weft__js_get_bytes(ctx, argv[1], &p, &n) < 0)
        return JS_ThrowTypeError(ctx, "data must be bytes");
    int ok = d->md ? EVP_DigestUpdate(d->md, p, n) : EVP_MAC_update(d->mac, p, n);
    return ok == 1 ? JS_UNDEFINED : throw_ssl(ctx, "update failed");
}

/* digest(handle) -> ArrayBuffer; later calls give the same bytes again */
static JSValue c_digest(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    digest *d = get_digest(ctx, argv[0], 1);
    if (!d) return JS_EXCEPTION;
    if (!d->md && !d->mac) return weft__js_new_bytes(ctx, d->result, d->result_len);
    unsigned char buf[EVP_MAX_MD_SIZE];
    uint8_t *out = buf;
    size_t n = 0;
    int ok;
    if (d->md) {
        const EVP_MD *md = EVP_MD_CTX_get0_md(d->md);
        if (d->xof_len >= 0 && (EVP_MD_get_flags(md) & EVP_MD_FLAG_XOF)) {
            n = (size_t)d->xof_len;
            out = malloc(n ? n : 1);
            if (!out) return JS_ThrowOutOfMemory(ctx);
            ok = n == 0 || EVP_DigestFinalXOF(d->md, out, n) == 1;
        } else {
            unsigned int len = 0;
            ok = EVP_DigestFinal_ex(d->md, buf, &len) == 1;
            n = len;
        }
        EVP_MD_CTX_free(d->md);
        d->md = NULL;
    } else {
        ok = EVP_MAC_final(d->mac, buf, &n, sizeof buf) == 1;
        EVP_MAC_CTX_free(d->mac);
        d->mac = NULL;
    }
    if (!ok) {
        if (out != buf) free(out);
        return throw_ssl(ctx, "digest failed");
    }
    d->result = malloc(n ? n : 1);
    if (d->result) {
        memcpy(d->result, out, n);
        d->result_len = n;
    }
    JSValue r = weft__js_new_bytes(ctx, out, n);
    if (out != buf) free(out);
    return r;
}

/* copy(handle, xofLen|undefined) -> a new handle with the same state */
static JSValue c_copy(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    digest *d = get_digest(ctx, argv[0], 0);
    if (!d) return JS_EXCEPTION;
    digest *c = calloc(1, sizeof *c);
    if (!c) return JS_ThrowOutOfMemory(ctx);
    c->xof_len = -1;
    if (d->md) {
        c->md = EVP_MD_CTX_new();
        if (!c->md || EVP_MD_CTX_copy_ex(c->md, d->md) != 1) {
            digest_free(c);
            return throw_ssl(ctx, "copy failed");
        }
        if (set_xof_len(ctx, c, argv[1]) < 0) {
            digest_free(c);
            return JS_EXCEPTION;
        }
    } else if (!(c->mac = EVP_MAC_CTX_dup(d->mac))) {
        digest_free(c);
        return throw_ssl(ctx, "copy failed");
    }
    return wrap_digest(ctx, c);
}

/* digestSize(algorithm) -> bytes, or -1 for an unknown digest */
static JSValue c_digest_size(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    const EVP_MD *md = find_md(ctx, argv[0]);
    if (!md) return JS_HasException(ctx) ? JS_EXCEPTION : JS_NewInt32(ctx, -1);
    return JS_NewInt32(ctx, EVP_MD_get_size(md));
}

static void add_hash_name(const EVP_MD *md, const char *from, const char *to, void *arg)
{
    void **a = arg;
    JSContext *ctx = a[0];
    uint32_t *n = a[2];
    /* only what the loaded providers can run (OpenSSL 3 lists legacy names) */
    const EVP_MD *legacy = EVP_get_digestbyname(from);
    EVP_MD *md_fetched = legacy ? EVP_MD_fetch(NULL, EVP_MD_get0_name(legacy), NULL) : NULL;
    ERR_clear_error();
    if (!md_fetched) return;
    EVP_MD_free(md_fetched);
    JS_SetPropertyUint32(ctx, *(JSValue *)a[1], (*n)++, JS_NewString(ctx, from));
}

/* getHashes() -> names (OpenSSL's, aliases included, sorted) that can be used */
static JSValue c_get_hashes(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    JSValue list = JS_NewArray(ctx);
    uint32_t n = 0;
    void *a[3] = {ctx, &list, &n};
    EVP_MD_do_all_sorted(add_hash_name, a);
    return list;
}

/* ---- random ---------------------------------------------------------------- */

/* randomFill(bytes, offset, length): fill in place (sync) */
static JSValue c_random_fill(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    uint8_t *p;
    size_t n;
    int64_t off, len;
    if (weft__js_get_bytes(ctx, argv[0], &p, &n) < 0)
        return JS_ThrowTypeError(ctx, "buffer must be bytes");
    if (JS_ToInt64(ctx, &off, argv[1]) || JS_ToInt64(ctx, &len, argv[2])) return JS_EXCEPTION;
    if (off < 0 || len < 0 || (uint64_t)off + (uint64_t)len > n)
        return JS_ThrowRangeError(ctx, "random fill out of range");
    if (len && RAND_bytes(p + off, (int)len) != 1) return throw_ssl(ctx, "RAND_bytes failed");
    return JS_UNDEFINED;
}

/* ---- thread-pool jobs (async random fill, PBKDF2, scrypt) ------------------- */

enum { JOB_RANDOM, JOB_PBKDF2, JOB_SCRYPT, JOB_DIGEST };

typedef struct crypto_job {
    weft__js_req req;
    uv_work_t work;
    int kind, ok;
    uint8_t *out;   /* malloc'ed; random: copied into req.target at out_off */
    size_t out_len, out_off;
    uint8_t *pass, *salt; /* copies */
    size_t pass_len, salt_len;
    const EVP_MD *md;
    uint64_t iter, N, r, p, maxmem;
} crypto_job;

static void job_free(crypto_job *j)
{
    free(j->out);
    free(j->pass);
    free(j->salt);
    free(j);
}

/* Runs on a pool thread or, for sync calls, on the caller's. */
static void job_run(crypto_job *j)
{
    switch (j->kind) {
    case JOB_RANDOM:
        j->ok = j->out_len == 0 || RAND_bytes(j->out, (int)j->out_len) == 1;
        break;
    case JOB_PBKDF2:
        j->ok = PKCS5_PBKDF2_HMAC((const char *)j->pass, (int)j->pass_len, j->salt,
                                  (int)j->salt_len, (int)j->iter, j->md, (int)j->out_len,
                                  j->out) == 1;
        break;
    case JOB_DIGEST: {
        unsigned int n = 0;
        j->ok = EVP_Digest(j->pass, j->pass_len, j->out, &n, j->md, NULL) == 1;
        j->out_len = n;
        break;
    }
    case JOB_SCRYPT:
        j->ok = EVP_PBE_scrypt((const char *)j->pass, j->pass_len, j->salt, j->salt_len, j->N,
                               j->r, j->p, j->maxmem, j->out, j->out_len) == 1;
        break;
    }
    ERR_clear_error();
}

static void job_work(uv_work_t *w)
{
    job_run(w->data);
}

/* value of a finished job: undefined (random) or an ArrayBuffer (kdf) */
static JSValue job_value(JSContext *ctx, crypto_job *j)
{
    if (j->kind == JOB_RANDOM) return JS_UNDEFINED;
    JSValue v = weft__js_adopt_bytes(ctx, j->out, j->out_len);
    j->out = NULL;
    return v;
}

static const char *job_error(crypto_job *j)
{
    return j->kind == JOB_RANDOM   ? "RAND_bytes failed"
           : j->kind == JOB_PBKDF2 ? "PBKDF2 failed"
           : j->kind == JOB_DIGEST ? "digest failed"
                                   : "Invalid scrypt params";
}

static void job_done(uv_work_t *w, int status)
{
    crypto_job *j = w->data;
    weft__js *js = weft__js_req_unlink(&j->req);
    if (js) {
        JSContext *ctx = js->ctx;
        JSValue err = JS_NULL, val = JS_UNDEFINED;
        if (status == 0 && j->ok && j->kind == JOB_RANDOM &&
            weft__js_req_copy_out(js, &j->req, j->out_off, j->out, j->out_len) < 0)
            j->ok = 0;
        if (status == 0 && j->ok) {
            val = job_value(ctx, j);
        } else {
            err = JS_NewError(ctx);
            JS_SetPropertyStr(ctx, err, "message", JS_NewString(ctx, job_error(j)));
            if (j->kind == JOB_SCRYPT)
                JS_SetPropertyStr(ctx, err, "code", JS_NewString(ctx, "ERR_CRYPTO_INVALID_SCRYPT_PARAMS"));
        }
        weft__js_req_complete(js, &j->req, err, val);
    }
    job_free(j);
}

/* Run now (req undefined: the value, or a throw) or on the pool. */
static JSValue job_start(JSContext *ctx, crypto_job *j, JSValueConst req)
{
    if (JS_IsUndefined(req)) {
        job_run(j);
        JSValue v = j->ok ? job_value(ctx, j) : JS_UNDEFINED;
        const char *msg = job_error(j);
        int ok = j->ok;
        job_free(j);
        return ok ? v : JS_ThrowInternalError(ctx, "%s", msg);
    }
    weft__js *js = weft__js_from_ctx(ctx);
    j->work.data = j;
    weft__js_req_start(js, &j->req, req);
    int rc = uv_queue_work(&js->host->loop, &j->work, job_work, job_done);
    if (rc) {
        weft__js_req_unlink(&j->req);
        JS_FreeValue(ctx, j->req.req);
        job_free(j);
        return JS_ThrowInternalError(ctx, "uv_queue_work: %s", uv_strerror(rc));
    }
    return JS_UNDEFINED;
}

static int copy_bytes(JSContext *ctx, JSValueConst v, uint8_t **out, size_t *len)
{
    uint8_t *p;
    if (weft__js_get_bytes(ctx, v, &p, len) < 0) {
        JS_ThrowTypeError(ctx, "expected bytes");
        return -1;
    }
    *out = malloc(*len ? *len : 1);
    if (!*out) {
        JS_ThrowOutOfMemory(ctx);
        return -1;
    }
    memcpy(*out, p, *len);
    return 0;
}

/* randomFillAsync(bytes, offset, length, req): filled on a pool thread into
 * a buffer of the job's, copied into bytes at completion */
static JSValue c_random_fill_async(JSContext *ctx, JSValueConst this_val, int argc,
                                   JSValueConst *argv)
{
    uint8_t *p;
    size_t n;
    int64_t off, len;
    if (weft__js_get_bytes(ctx, argv[0], &p, &n) < 0)
        return JS_ThrowTypeError(ctx, "buffer must be bytes");
    if (JS_ToInt64(ctx, &off, argv[1]) || JS_ToInt64(ctx, &len, argv[2])) return JS_EXCEPTION;
    if (off < 0 || len < 0 || (uint64_t)off + (uint64_t)len > n)
        return JS_ThrowRangeError(ctx, "random fill out of range");
    if (!JS_IsObject(argv[3])) return JS_ThrowTypeError(ctx, "randomFillAsync: no request");
    crypto_job *j = calloc(1, sizeof *j);
    if (j) j->out = malloc(len ? (size_t)len : 1);
    if (!j || !j->out || weft__js_req_set_target(ctx, argv[3], argv[0]) < 0) {
        if (j) job_free(j);
        return JS_ThrowOutOfMemory(ctx);
    }
    j->kind = JOB_RANDOM;
    j->out_off = (size_t)off;
    j->out_len = (size_t)len;
    return job_start(ctx, j, argv[3]);
}

static crypto_job *kdf_job(JSContext *ctx, int kind, JSValueConst pass, JSValueConst salt,
                           JSValueConst keylen)
{
    crypto_job *j = calloc(1, sizeof *j);
    int64_t n;
    if (!j) {
        JS_ThrowOutOfMemory(ctx);
        return NULL;
    }
    j->kind = kind;
    if (copy_bytes(ctx, pass, &j->pass, &j->pass_len) < 0 ||
        copy_bytes(ctx, salt, &j->salt, &j->salt_len) < 0 || JS_ToInt64(ctx, &n, keylen) ||
        !(j->out = malloc(n > 0 ? (size_t)n : 1))) {
        if (!JS_HasException(ctx)) JS_ThrowOutOfMemory(ctx);
        job_free(j);
        return NULL;
    }
    j->out_len = (size_t)n;
    return j;
}

/* pbkdf2(pass, salt, iterations, keylen, digest, req|undefined) */
static JSValue c_pbkdf2(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    const EVP_MD *md = find_md(ctx, argv[4]);
    if (!md) {
        if (JS_HasException(ctx)) return JS_EXCEPTION;
        return JS_ThrowTypeError(ctx, "Invalid digest");
    }
    crypto_job *j = kdf_job(ctx, JOB_PBKDF2, argv[0], argv[1], argv[3]);
    if (!j) return JS_EXCEPTION;
    int64_t iter;
    if (JS_ToInt64(ctx, &iter, argv[2])) {
        job_free(j);
        return JS_EXCEPTION;
    }
    j->md = md;
    j->iter = (uint64_t)iter;
    return job_start(ctx, j, argv[5]);
}

/* scrypt(pass, salt, keylen, N, r, p, maxmem, req|undefined) */
static JSValue c_scrypt(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    crypto_job *j = kdf_job(ctx, JOB_SCRYPT, argv[0], argv[1], argv[2]);
    if (!j) return JS_EXCEPTION;
    int64_t v[4];
    for (int i = 0; i < 4; i++) {
        double d;
        if (JS_ToFloat64(ctx, &d, argv[3 + i])) {
            job_free(j);
            return JS_EXCEPTION;
        }
        v[i] = (int64_t)d;
    }
    j->N = (uint64_t)v[0];
    j->r = (uint64_t)v[1];
    j->p = (uint64_t)v[2];
    j->maxmem = (uint64_t)v[3];
    return job_start(ctx, j, argv[7]);
}

/* digestAsync(algorithm, bytes, req): webcrypto's digest, on the pool */
static JSValue c_digest_async(JSContext *ctx, JSValueConst this_val, int argc,
                              JSValueConst *argv)
{
    const EVP_MD *md = find_md(ctx, argv[0]);
    if (!md) return JS_HasException(ctx) ? JS_EXCEPTION : JS_ThrowTypeError(ctx, "Invalid digest");
    JSValue size = JS_NewInt32(ctx, EVP_MAX_MD_SIZE);
    crypto_job *j = kdf_job(ctx, JOB_DIGEST, argv[1], argv[1], size);
    if (!j) return JS_EXCEPTION;
    j->md = md;
    return job_start(ctx, j, argv[2]);
}

/* scryptCheck(N, r, p, maxmem) -> true when OpenSSL accepts the parameters, else
 * OpenSSL's error text ("error:030000AC:...") or "" when it queued none (Node's
 * message is "Invalid scrypt params" with ": text" appended when there is one) */
static JSValue c_scrypt_check(JSContext *ctx, JSValueConst this_val, int argc,
                              JSValueConst *argv)
{
    double v[4];
    for (int i = 0; i < 4; i++)
        if (JS_ToFloat64(ctx, &v[i], argv[i])) return JS_EXCEPTION;
    ERR_clear_error();
    int ok = EVP_PBE_scrypt(NULL, 0, NULL, 0, (uint64_t)v[0], (uint64_t)v[1], (uint64_t)v[2],
                            (uint64_t)v[3], NULL, 0) == 1;
    if (ok) return JS_TRUE;
    char buf[256] = "";
    unsigned long e = ERR_get_error();
    if (e) ERR_error_string_n(e, buf, sizeof buf);
    ERR_clear_error();
    return JS_NewString(ctx, buf);
}

/* timingSafeEqual(a, b): same lengths (checked by the caller) */
static JSValue c_timing_safe_equal(JSContext *ctx, JSValueConst this_val, int argc,
                                   JSValueConst *argv)
{
    uint8_t *a, *b;
    size_t na, nb;
    if (weft__js_get_bytes(ctx, argv[0], &a, &na) < 0 ||
        weft__js_get_bytes(ctx, argv[1], &b, &nb) < 0)
        return JS_ThrowTypeError(ctx, "expected bytes");
    if (na != nb) return JS_ThrowRangeError(ctx, "Input buffers must have the same byte length");
    return JS_NewBool(ctx, CRYPTO_memcmp(a, b, na) == 0);
}

static const JSCFunctionListEntry crypto_funcs[] = {
    JS_CFUNC_DEF("hashNew", 2, c_hash_new),
    JS_CFUNC_DEF("hmacNew", 2, c_hmac_new),
    JS_CFUNC_DEF("update", 2, c_update),
    JS_CFUNC_DEF("digest", 1, c_digest),
    JS_CFUNC_DEF("copy", 2, c_copy),
    JS_CFUNC_DEF("digestSize", 1, c_digest_size),
    JS_CFUNC_DEF("getHashes", 0, c_get_hashes),
    JS_CFUNC_DEF("randomFill", 3, c_random_fill),
    JS_CFUNC_DEF("randomFillAsync", 4, c_random_fill_async),
    JS_CFUNC_DEF("pbkdf2", 6, c_pbkdf2),
    JS_CFUNC_DEF("scrypt", 8, c_scrypt),
    JS_CFUNC_DEF("scryptCheck", 4, c_scrypt_check),
    JS_CFUNC_DEF("digestAsync", 3, c_digest_async),
    JS_CFUNC_DEF("timingSafeEqual", 2, c_timing_safe_equal),
};

JSValue weft__js_crypto_binding(JSContext *ctx)
{
    const char *why;
    if (weft__dl_load(&weft__dl_crypto, &why) < 0)
        return JS_ThrowInternalError(ctx, "node:crypto is not available: %s", why);
    JSRuntime *rt = JS_GetRuntime(ctx);
    if (!digest_class_id) JS_NewClassID(&digest_class_id);
    if (!JS_IsRegisteredClass(rt, digest_class_id) &&
        JS_NewClass(rt, digest_class_id, &digest_class) < 0)
        return JS_EXCEPTION;
    JSValue o = JS_NewObject(ctx);
    JS_SetPropertyFunctionList(ctx, o, crypto_funcs, sizeof crypto_funcs / sizeof crypto_funcs[0]);
    return o;
}
