/* crypto.c: the C half of Node's `crypto` module on OpenSSL 3 (libcrypto):
 * message digests and HMAC as objects (EVP_MD_CTX / EVP_MAC_CTX), symmetric
 * ciphers (EVP_CIPHER_CTX, AEAD modes included), the CSPRNG (RAND_bytes),
 * PBKDF2, scrypt and HKDF, constant-time compare. Key derivation,
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

/* getHashes' and getCiphers' lists: OpenSSL's names, aliases included, sorted,
 * of what the loaded providers can run (OpenSSL 3 also lists legacy names) */
typedef struct name_list {
    JSContext *ctx;
    JSValue list;
    uint32_t n;
} name_list;

static void name_list_add(name_list *l, const char *name)
{
    JS_SetPropertyUint32(l->ctx, l->list, l->n++, JS_NewString(l->ctx, name));
}

static void add_hash_name(const EVP_MD *md, const char *from, const char *to, void *arg)
{
    const EVP_MD *legacy = from ? EVP_get_digestbyname(from) : NULL;
    EVP_MD *fetched = legacy ? EVP_MD_fetch(NULL, EVP_MD_get0_name(legacy), NULL) : NULL;
    ERR_clear_error();
    if (fetched) name_list_add(arg, from);
    EVP_MD_free(fetched);
}

/* getHashes() -> the digests' names */
static JSValue c_get_hashes(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    name_list l = {ctx, JS_NewArray(ctx), 0};
    EVP_MD_do_all_sorted(add_hash_name, &l);
    return l.list;
}

/* ---- ciphers (EVP_CIPHER_CTX) ---------------------------------------------- */

/* Node's error for a failed OpenSSL call: OpenSSL's first queued error as the
 * message, with library, reason and code (ERR_OSSL_[EVP_]REASON) as Node
 * decorates it; `fallback` as a plain Error when nothing is queued. */
static JSValue throw_crypto(JSContext *ctx, const char *fallback)
{
    unsigned long e = ERR_get_error();
    if (!e) {
        ERR_clear_error();
        return weft__js_throw_code(ctx, "Error", NULL, "%s", fallback);
    }
    char buf[256], code[160] = "ERR_OSSL_";
    ERR_error_string_n(e, buf, sizeof buf);
    const char *lib = ERR_lib_error_string(e), *reason = ERR_reason_error_string(e);
    ERR_clear_error();
    weft__js_throw_code(ctx, "Error", NULL, "%s", buf);
    JSValue err = JS_GetException(ctx);
    if (lib) JS_SetPropertyStr(ctx, err, "library", JS_NewString(ctx, lib));
    if (reason) {
        JS_SetPropertyStr(ctx, err, "reason", JS_NewString(ctx, reason));
        if (ERR_GET_LIB(e) == ERR_LIB_EVP) strcat(code, "EVP_");
        size_t n = strlen(code);
        for (const char *r = reason; *r && n + 1 < sizeof code; r++)
            code[n++] = *r == ' ' ? '_' : (char)(*r >= 'a' && *r <= 'z' ? *r - 32 : *r);
        code[n] = 0;
        JS_SetPropertyStr(ctx, err, "code", JS_NewString(ctx, code));
    }
    return JS_Throw(ctx, err);
}

enum { TAG_UNKNOWN, TAG_KNOWN, TAG_PASSED };

typedef struct cipher {
    EVP_CIPHER_CTX *ctx; /* NULL once final() ran (or init failed) */
    const EVP_CIPHER *type;
    int encrypt, mode, auth; /* auth: GCM, CCM, OCB or chacha20-poly1305 */
    int tag_len;             /* -1 until known */
    int tag_state;           /* decipher: TAG_* */
    int ccm_auth_failed;     /* CCM decipher: update() failed, final() throws */
    int64_t max_message;     /* CCM: longest message for the IV's length */
    unsigned char tag[EVP_GCM_TLS_TAG_LEN];
} cipher;

static JSClassID cipher_class_id;

static void cipher_free(cipher *c)
{
    if (!c) return;
    EVP_CIPHER_CTX_free(c->ctx);
    free(c);
}

static void cipher_finalizer(JSRuntime *rt, JSValue val)
{
    cipher_free(JS_GetOpaque(val, cipher_class_id));
}

static JSClassDef cipher_class = {"WeftCipher", .finalizer = cipher_finalizer};

static int is_auth_mode(const EVP_CIPHER *t)
{
    switch (EVP_CIPHER_get_mode(t)) {
    case EVP_CIPH_CCM_MODE:
    case EVP_CIPH_GCM_MODE:
    case EVP_CIPH_OCB_MODE:
        return 1;
    case EVP_CIPH_STREAM_CIPHER:
        return EVP_CIPHER_get_nid(t) == NID_chacha20_poly1305;
    }
    return 0;
}

static int valid_gcm_tag_len(int64_t n)
{
    return n == 4 || n == 8 || (n >= 12 && n <= 16);
}

static JSValue throw_invalid_iv(JSContext *ctx)
{
    return weft__js_throw_code(ctx, "TypeError", "ERR_CRYPTO_INVALID_IV",
                               "Invalid initialization vector");
}

static JSValue throw_tag_len(JSContext *ctx, int64_t n)
{
    return weft__js_throw_code(ctx, "TypeError", "ERR_CRYPTO_INVALID_AUTH_TAG",
                               "Invalid authentication tag length: %lld", (long long)n);
}

/* The authenticated modes' part of the set-up (IV length, tag length). */
static int init_auth(JSContext *ctx, cipher *c, const char *name, size_t iv_len,
                     int64_t tag_len)
{
    if (EVP_CIPHER_CTX_ctrl(c->ctx, EVP_CTRL_AEAD_SET_IVLEN, (int)iv_len, NULL) != 1) {
        throw_invalid_iv(ctx);
        return -1;
    }
    if (c->mode == EVP_CIPH_GCM_MODE) {
        if (tag_len < 0) return 0;
        if (!valid_gcm_tag_len(tag_len)) {
            throw_tag_len(ctx, tag_len);
            return -1;
        }
        c->tag_len = (int)tag_len;
        return 0;
    }
    if (tag_len < 0) {
        /* chacha20-poly1305's tag is 16 bytes unless told, both ways */
        if (EVP_CIPHER_get_nid(c->type) != NID_chacha20_poly1305) {
            weft__js_throw_code(ctx, "TypeError", "ERR_CRYPTO_INVALID_AUTH_TAG",
                                "authTagLength required for %s", name);
            return -1;
        }
        tag_len = 16;
    }
    if (tag_len > (int64_t)sizeof c->tag ||
        EVP_CIPHER_CTX_ctrl(c->ctx, EVP_CTRL_AEAD_SET_TAG, (int)tag_len, NULL) != 1) {
        throw_tag_len(ctx, tag_len);
        return -1;
    }
    c->tag_len = (int)tag_len;
    if (c->mode == EVP_CIPH_CCM_MODE) /* at most 2^(8*(15-iv_len))-1 bytes */
        c->max_message = iv_len == 13 ? 65535 : iv_len == 12 ? 16777215 : 2147483647;
    return 0;
}

/* cipherNew(algorithm, key, iv|null, encrypt, authTagLength (-1: none), password)
 * -> handle, or a thrown Node error. password: key is a password, and the key
 * and IV are EVP_BytesToKey's (MD5, one round, no salt), as createCipher's. */
static JSValue c_cipher_new(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    const char *name = JS_ToCString(ctx, argv[0]);
    if (!name) return JS_EXCEPTION;
    uint8_t *key = NULL, *iv = NULL;
    size_t klen = 0, ivlen = 0;
    int64_t tag_len;
    JSValue ret = JS_EXCEPTION;
    cipher *c = NULL;
    unsigned char dkey[EVP_MAX_KEY_LENGTH], div[EVP_MAX_IV_LENGTH];
    const EVP_CIPHER *t = EVP_get_cipherbyname(name);
    if (!t) {
        weft__js_throw_code(ctx, "Error", "ERR_CRYPTO_UNKNOWN_CIPHER", "Unknown cipher");
        goto out;
    }
    if (weft__js_get_bytes(ctx, argv[1], &key, &klen) < 0 ||
        (!JS_IsNull(argv[2]) && weft__js_get_bytes(ctx, argv[2], &iv, &ivlen) < 0)) {
        JS_ThrowTypeError(ctx, "key and iv must be bytes");
        goto out;
    }
    if (JS_ToInt64(ctx, &tag_len, argv[4])) goto out;
    if (JS_ToBool(ctx, argv[5])) {
        if (klen > INT32_MAX) {
            JS_ThrowRangeError(ctx, "password too long");
            goto out;
        }
        int n = EVP_BytesToKey(t, EVP_md5(), NULL, key, (int)klen, 1, dkey, div);
        if (n <= 0) {
            throw_crypto(ctx, "EVP_BytesToKey failed");
            goto out;
        }
        key = dkey, klen = (size_t)n;
        iv = div, ivlen = (size_t)EVP_CIPHER_get_iv_length(t);
    }
    int expected_iv = EVP_CIPHER_get_iv_length(t), auth = is_auth_mode(t);
    if ((ivlen == 0 && expected_iv != 0) || (!auth && ivlen && (int64_t)ivlen != expected_iv) ||
        (EVP_CIPHER_get_nid(t) == NID_chacha20_poly1305 && ivlen > 12) || ivlen > INT32_MAX) {
        throw_invalid_iv(ctx);
        goto out;
    }
    c = calloc(1, sizeof *c);
    if (!c || !(c->ctx = EVP_CIPHER_CTX_new())) {
        JS_ThrowOutOfMemory(ctx);
        goto out;
    }
    c->type = t;
    c->encrypt = JS_ToBool(ctx, argv[3]);
    c->mode = EVP_CIPHER_get_mode(t);
    c->auth = auth;
    c->tag_len = -1;
    c->max_message = INT32_MAX;
    if (c->mode == EVP_CIPH_WRAP_MODE) EVP_CIPHER_CTX_set_flags(c->ctx, EVP_CIPHER_CTX_FLAG_WRAP_ALLOW);
    if (EVP_CipherInit_ex(c->ctx, t, NULL, NULL, NULL, c->encrypt) != 1) {
        throw_crypto(ctx, "Failed to initialize cipher");
        goto out;
    }
    if (auth && init_auth(ctx, c, name, ivlen, tag_len) < 0) goto out;
    if (klen > INT32_MAX || EVP_CIPHER_CTX_set_key_length(c->ctx, (int)klen) != 1) {
        ERR_clear_error();
        weft__js_throw_code(ctx, "RangeError", "ERR_CRYPTO_INVALID_KEYLEN", "Invalid key length");
        goto out;
    }
    if (EVP_CipherInit_ex(c->ctx, NULL, NULL, key, iv, c->encrypt) != 1) {
        throw_crypto(ctx, "Failed to initialize cipher");
        goto out;
    }
    ret = JS_NewObjectClass(ctx, (int)cipher_class_id);
    if (!JS_IsException(ret)) {
        JS_SetOpaque(ret, c);
        c = NULL;
    }
out:
    OPENSSL_cleanse(dkey, sizeof dkey);
    ERR_clear_error();
    JS_FreeCString(ctx, name);
    cipher_free(c);
    return ret;
}

/* decipher: the tag given by setAuthTag, to OpenSSL once */
static int pass_tag(cipher *c)
{
    if (c->encrypt || c->tag_state != TAG_KNOWN) return 1;
    if (EVP_CIPHER_CTX_ctrl(c->ctx, EVP_CTRL_AEAD_SET_TAG, c->tag_len, c->tag) != 1) return 0;
    c->tag_state = TAG_PASSED;
    return 1;
}

static int ccm_length_ok(JSContext *ctx, cipher *c, int64_t n)
{
    if (c->mode != EVP_CIPH_CCM_MODE || n <= c->max_message) return 1;
    weft__js_throw_code(ctx, "RangeError", "ERR_CRYPTO_INVALID_MESSAGELEN", "Invalid message length");
    return 0;
}

/* update()'s failure: OpenSSL's reason is dropped, as Node's */
static JSValue throw_update_state(JSContext *ctx)
{
    ERR_clear_error();
    return weft__js_throw_code(ctx, "Error", NULL, "Trying to add data in unsupported state");
}

/* cipherUpdate(handle, bytes) -> ArrayBuffer */
static JSValue c_cipher_update(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    cipher *c = JS_GetOpaque2(ctx, argv[0], cipher_class_id);
    if (!c) return JS_EXCEPTION;
    uint8_t *p;
    size_t n;
    if (weft__js_get_bytes(ctx, argv[1], &p, &n) < 0) return JS_ThrowTypeError(ctx, "data must be bytes");
    int block = c->ctx ? EVP_CIPHER_get_block_size(c->type) : 0;
    if (!c->ctx || n > (size_t)(INT32_MAX - block))
        return throw_update_state(ctx);
    if (!ccm_length_ok(ctx, c, (int64_t)n)) return JS_EXCEPTION;
    if (c->auth) pass_tag(c);
    int len = (int)n + block;
    /* key wrapping: OpenSSL tells the output's size */
    if (c->encrypt && c->mode == EVP_CIPH_WRAP_MODE &&
        EVP_CipherUpdate(c->ctx, NULL, &len, p, (int)n) != 1)
        return throw_update_state(ctx);
    uint8_t *out = malloc(len > 0 ? (size_t)len : 1);
    if (!out) return JS_ThrowOutOfMemory(ctx);
    int r = EVP_CipherUpdate(c->ctx, out, &len, p, (int)n);
    if (r != 1 && !c->encrypt && c->mode == EVP_CIPH_CCM_MODE) {
        /* a wrong tag in CCM fails here: final() says so */
        ERR_clear_error();
        c->ccm_auth_failed = 1;
        r = 1, len = 0;
    }
    if (r != 1) {
        free(out);
        return throw_update_state(ctx);
    }
    return weft__js_adopt_bytes(ctx, out, (size_t)len);
}

/* cipherFinal(handle) -> ArrayBuffer; the context is freed after it */
static JSValue c_cipher_final(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    cipher *c = JS_GetOpaque2(ctx, argv[0], cipher_class_id);
    if (!c) return JS_EXCEPTION;
    if (!c->ctx) return weft__js_throw_code(ctx, "Error", "ERR_CRYPTO_INVALID_STATE", "Invalid state");
    unsigned char out[EVP_MAX_BLOCK_LENGTH];
    int len = 0, ok;
    if (!c->encrypt && c->auth) pass_tag(c);
    if (!c->encrypt && c->mode == EVP_CIPH_CCM_MODE) {
        ok = !c->ccm_auth_failed;
    } else {
        ok = EVP_CipherFinal_ex(c->ctx, out, &len) == 1;
        if (ok && c->encrypt && c->auth) {
            if (c->tag_len < 0) c->tag_len = 16; /* GCM's default */
            ok = EVP_CIPHER_CTX_ctrl(c->ctx, EVP_CTRL_AEAD_GET_TAG, c->tag_len, c->tag) == 1;
        }
    }
    EVP_CIPHER_CTX_free(c->ctx);
    c->ctx = NULL;
    if (!ok)
        return throw_crypto(ctx, c->auth ? "Unsupported state or unable to authenticate data"
                                         : "Unsupported state");
    return weft__js_new_bytes(ctx, out, len > 0 ? (size_t)len : 0);
}

/* cipherSetPadding(handle, on) -> false once finalized */
static JSValue c_cipher_set_padding(JSContext *ctx, JSValueConst this_val, int argc,
                                    JSValueConst *argv)
{
    cipher *c = JS_GetOpaque2(ctx, argv[0], cipher_class_id);
    if (!c) return JS_EXCEPTION;
    return JS_NewBool(ctx, c->ctx && EVP_CIPHER_CTX_set_padding(c->ctx, JS_ToBool(ctx, argv[1])) == 1);
}

/* cipherGetTag(handle) -> ArrayBuffer, or undefined unless a finalized
 * cipher (not decipher) of an authenticated mode */
static JSValue c_cipher_get_tag(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    cipher *c = JS_GetOpaque2(ctx, argv[0], cipher_class_id);
    if (!c) return JS_EXCEPTION;
    if (c->ctx || !c->encrypt || c->tag_len < 0) return JS_UNDEFINED;
    return weft__js_new_bytes(ctx, c->tag, (size_t)c->tag_len);
}

/* cipherSetTag(handle, bytes) -> false in the wrong state; throws for a bad length */
static JSValue c_cipher_set_tag(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    cipher *c = JS_GetOpaque2(ctx, argv[0], cipher_class_id);
    if (!c) return JS_EXCEPTION;
    uint8_t *p;
    size_t n;
    if (weft__js_get_bytes(ctx, argv[1], &p, &n) < 0) return JS_ThrowTypeError(ctx, "tag must be bytes");
    if (!c->ctx || !c->auth || c->encrypt || c->tag_state != TAG_UNKNOWN) return JS_FALSE;
    int ok = c->mode == EVP_CIPH_GCM_MODE
                 ? (c->tag_len < 0 || (size_t)c->tag_len == n) && valid_gcm_tag_len((int64_t)n)
                 : (size_t)c->tag_len == n;
    if (!ok || n > sizeof c->tag) return throw_tag_len(ctx, (int64_t)n);
    c->tag_len = (int)n;
    c->tag_state = TAG_KNOWN;
    memcpy(c->tag, p, n);
    return JS_TRUE;
}

/* cipherSetAAD(handle, bytes, plaintextLength (-1: not given)) -> false in
 * the wrong state (or OpenSSL refused) */
static JSValue c_cipher_set_aad(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    cipher *c = JS_GetOpaque2(ctx, argv[0], cipher_class_id);
    if (!c) return JS_EXCEPTION;
    uint8_t *p;
    size_t n;
    int64_t plen;
    int outl;
    if (weft__js_get_bytes(ctx, argv[1], &p, &n) < 0) return JS_ThrowTypeError(ctx, "aad must be bytes");
    if (JS_ToInt64(ctx, &plen, argv[2])) return JS_EXCEPTION;
    if (!c->ctx || !c->auth || n > INT32_MAX) return JS_FALSE;
    if (c->mode == EVP_CIPH_CCM_MODE) {
        if (plen < 0)
            return weft__js_throw_code(ctx, "TypeError", "ERR_MISSING_ARGS",
                                       "options.plaintextLength required for CCM mode with AAD");
        if (!ccm_length_ok(ctx, c, plen)) return JS_EXCEPTION;
        if (!pass_tag(c) || EVP_CipherUpdate(c->ctx, NULL, &outl, NULL, (int)plen) != 1) {
            ERR_clear_error();
            return JS_FALSE;
        }
    }
    int ok = EVP_CipherUpdate(c->ctx, NULL, &outl, p, (int)n) == 1;
    ERR_clear_error();
    return JS_NewBool(ctx, ok);
}

static void add_cipher_name(const EVP_CIPHER *t, const char *from, const char *to, void *arg)
{
    const EVP_CIPHER *legacy = from ? EVP_get_cipherbyname(from) : NULL;
    const char *real = legacy ? EVP_CIPHER_get0_name(legacy) : NULL;
    EVP_CIPHER *fetched = real ? EVP_CIPHER_fetch(NULL, real, NULL) : NULL;
    ERR_clear_error();
    if (fetched) name_list_add(arg, from);
    EVP_CIPHER_free(fetched);
}

/* getCiphers() -> the ciphers' names */
static JSValue c_get_ciphers(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    name_list l = {ctx, JS_NewArray(ctx), 0};
    EVP_CIPHER_do_all_sorted(add_cipher_name, &l);
    return l.list;
}

static const char *mode_name(int mode)
{
    switch (mode) {
    case EVP_CIPH_CCM_MODE: return "ccm";
    case EVP_CIPH_CFB_MODE: return "cfb";
    case EVP_CIPH_CBC_MODE: return "cbc";
    case EVP_CIPH_CTR_MODE: return "ctr";
    case EVP_CIPH_ECB_MODE: return "ecb";
    case EVP_CIPH_GCM_MODE: return "gcm";
    case EVP_CIPH_OCB_MODE: return "ocb";
    case EVP_CIPH_OFB_MODE: return "ofb";
    case EVP_CIPH_STREAM_CIPHER: return "stream";
    case EVP_CIPH_WRAP_MODE: return "wrap";
    case EVP_CIPH_XTS_MODE: return "xts";
    }
    return NULL;
}

/* with a key or IV length to test: whether the cipher takes it */
static int cipher_takes(JSContext *ctx, const EVP_CIPHER *t, JSValueConst keylen, JSValueConst ivlen, int *key_len,
                        int *iv_len)
{
    EVP_CIPHER_CTX *cx = EVP_CIPHER_CTX_new();
    int ok = cx && EVP_CipherInit_ex(cx, t, NULL, NULL, NULL, 1) == 1;
    if (ok && JS_IsNumber(keylen)) {
        int32_t k = 0;
        ok = JS_ToInt32(ctx, &k, keylen) == 0 && EVP_CIPHER_CTX_set_key_length(cx, k) == 1;
        if (ok) *key_len = k;
    }
    if (ok && JS_IsNumber(ivlen)) {
        int32_t v = -1;
        if (JS_ToInt32(ctx, &v, ivlen)) v = -1;
        switch (EVP_CIPHER_get_mode(t)) {
        case EVP_CIPH_CCM_MODE: ok = v >= 7 && v <= 13; break;
        case EVP_CIPH_GCM_MODE:
        case EVP_CIPH_OCB_MODE: ok = EVP_CIPHER_CTX_ctrl(cx, EVP_CTRL_AEAD_SET_IVLEN, v, NULL) == 1; break;
        default: ok = v == *iv_len;
        }
        if (ok) *iv_len = v;
    }
    EVP_CIPHER_CTX_free(cx);
    ERR_clear_error();
    return ok;
}

/* cipherInfo(nameOrNid, keyLength|undefined, ivLength|undefined) ->
 * { mode, name, nid, blockSize, ivLength, keyLength } or undefined */
static JSValue c_cipher_info(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    const EVP_CIPHER *t;
    if (JS_IsString(argv[0])) {
        const char *name = JS_ToCString(ctx, argv[0]);
        if (!name) return JS_EXCEPTION;
        t = EVP_get_cipherbyname(name);
        JS_FreeCString(ctx, name);
    } else {
        int32_t nid;
        if (JS_ToInt32(ctx, &nid, argv[0])) return JS_EXCEPTION;
        t = EVP_get_cipherbynid(nid);
    }
    if (!t) return JS_UNDEFINED;
    int iv_len = EVP_CIPHER_get_iv_length(t), key_len = EVP_CIPHER_get_key_length(t);
    int mode = EVP_CIPHER_get_mode(t);
    if ((JS_IsNumber(argv[1]) || JS_IsNumber(argv[2])) &&
        !cipher_takes(ctx, t, argv[1], argv[2], &key_len, &iv_len))
        return JS_UNDEFINED;
    JSValue o = JS_NewObject(ctx);
    const char *m = mode_name(mode), *sn = OBJ_nid2sn(EVP_CIPHER_get_nid(t));
    if (m) JS_SetPropertyStr(ctx, o, "mode", JS_NewString(ctx, m));
    JS_SetPropertyStr(ctx, o, "name", JS_NewString(ctx, sn ? sn : EVP_CIPHER_get0_name(t)));
    JS_SetPropertyStr(ctx, o, "nid", JS_NewInt32(ctx, EVP_CIPHER_get_nid(t)));
    if (mode != EVP_CIPH_STREAM_CIPHER)
        JS_SetPropertyStr(ctx, o, "blockSize", JS_NewInt32(ctx, EVP_CIPHER_get_block_size(t)));
    if (iv_len) JS_SetPropertyStr(ctx, o, "ivLength", JS_NewInt32(ctx, iv_len));
    JS_SetPropertyStr(ctx, o, "keyLength", JS_NewInt32(ctx, key_len));
    return o;
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

/* ---- thread-pool jobs (async random fill, PBKDF2, scrypt, HKDF) ------------- */

enum { JOB_RANDOM, JOB_PBKDF2, JOB_SCRYPT, JOB_DIGEST, JOB_HKDF };

typedef struct crypto_job {
    weft__js_req req;
    uv_work_t work;
    int kind, ok;
    uint8_t *out;   /* malloc'ed; random: copied into req.target at out_off */
    size_t out_len, out_off;
    uint8_t *pass, *salt, *info; /* copies (HKDF: pass is the key) */
    size_t pass_len, salt_len, info_len;
    const EVP_MD *md;
    uint64_t iter, N, r, p, maxmem;
} crypto_job;

static void job_free(crypto_job *j)
{
    free(j->out);
    free(j->pass);
    free(j->salt);
    free(j->info);
    free(j);
}

/* HKDF (RFC 5869) with OpenSSL's KDF: extract and expand; an empty salt is
 * HashLen zeros, as the RFC's default */
static int hkdf_run(crypto_job *j)
{
    if (j->out_len == 0) return 1;
    EVP_KDF *kdf = EVP_KDF_fetch(NULL, "HKDF", NULL);
    EVP_KDF_CTX *kc = kdf ? EVP_KDF_CTX_new(kdf) : NULL;
    EVP_KDF_free(kdf);
    if (!kc) return 0;
    OSSL_PARAM params[5], *p = params;
    *p++ = OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_DIGEST, (char *)EVP_MD_get0_name(j->md), 0);
    *p++ = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_KEY, j->pass, j->pass_len);
    if (j->salt_len) *p++ = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_SALT, j->salt, j->salt_len);
    if (j->info_len) *p++ = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_INFO, j->info, j->info_len);
    *p = OSSL_PARAM_construct_end();
    int ok = EVP_KDF_derive(kc, j->out, j->out_len, params) == 1;
    EVP_KDF_CTX_free(kc);
    return ok;
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
    case JOB_HKDF:
        j->ok = hkdf_run(j);
        break;
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
           : j->kind == JOB_HKDF   ? "HKDF failed"
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

/* hkdf(digest, key, salt, info, keylen, req|undefined) */
static JSValue c_hkdf(JSContext *ctx, JSValueConst this_val, int argc, JSValueConst *argv)
{
    const EVP_MD *md = find_md(ctx, argv[0]);
    if (!md) return JS_HasException(ctx) ? JS_EXCEPTION : JS_ThrowTypeError(ctx, "Invalid digest");
    crypto_job *j = kdf_job(ctx, JOB_HKDF, argv[1], argv[2], argv[4]);
    if (!j) return JS_EXCEPTION;
    if (copy_bytes(ctx, argv[3], &j->info, &j->info_len) < 0) {
        job_free(j);
        return JS_EXCEPTION;
    }
    j->md = md;
    return job_start(ctx, j, argv[5]);
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
    JS_CFUNC_DEF("hkdf", 6, c_hkdf),
    JS_CFUNC_DEF("cipherNew", 6, c_cipher_new),
    JS_CFUNC_DEF("cipherUpdate", 2, c_cipher_update),
    JS_CFUNC_DEF("cipherFinal", 1, c_cipher_final),
    JS_CFUNC_DEF("cipherSetPadding", 2, c_cipher_set_padding),
    JS_CFUNC_DEF("cipherGetTag", 1, c_cipher_get_tag),
    JS_CFUNC_DEF("cipherSetTag", 2, c_cipher_set_tag),
    JS_CFUNC_DEF("cipherSetAAD", 3, c_cipher_set_aad),
    JS_CFUNC_DEF("getCiphers", 0, c_get_ciphers),
    JS_CFUNC_DEF("cipherInfo", 3, c_cipher_info),
    JS_CFUNC_DEF("timingSafeEqual", 2, c_timing_safe_equal),
};

JSValue weft__js_crypto_binding(JSContext *ctx)
{
    const char *why;
    if (weft__dl_load(&weft__dl_crypto, &why) < 0)
        return JS_ThrowInternalError(ctx, "node:crypto is not available: %s", why);
    JSRuntime *rt = JS_GetRuntime(ctx);
    if (!digest_class_id) JS_NewClassID(&digest_class_id);
    if (!cipher_class_id) JS_NewClassID(&cipher_class_id);
    if (!JS_IsRegisteredClass(rt, digest_class_id) &&
        JS_NewClass(rt, digest_class_id, &digest_class) < 0)
        return JS_EXCEPTION;
    if (!JS_IsRegisteredClass(rt, cipher_class_id) &&
        JS_NewClass(rt, cipher_class_id, &cipher_class) < 0)
        return JS_EXCEPTION;
    JSValue o = JS_NewObject(ctx);
    JS_SetPropertyFunctionList(ctx, o, crypto_funcs, sizeof crypto_funcs / sizeof crypto_funcs[0]);
    return o;
}
