/* dl_crypto.h: OpenSSL's libcrypto (Debian's libssl-dev), for node:crypto and the WebSocket
 * handshake, loaded on first use (host/dl.h). Include this instead of the library's header;
 * call weft__dl_load(&weft__dl_crypto, ...) before the first call. */
#ifndef WEFT_HOST_DL_CRYPTO_H
#define WEFT_HOST_DL_CRYPTO_H

#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/kdf.h>
#include <openssl/objects.h>
#include <openssl/rand.h>
#include "host/dl.h"

#define WEFT_DL_CRYPTO_FNS(X)                                                                      \
    X(CRYPTO_memcmp)                                                                               \
    X(ERR_clear_error)                                                                             \
    X(ERR_error_string_n)                                                                          \
    X(ERR_get_error)                                                                               \
    X(ERR_lib_error_string)                                                                        \
    X(ERR_reason_error_string)                                                                     \
    X(EVP_BytesToKey)                                                                              \
    X(EVP_CIPHER_CTX_ctrl)                                                                         \
    X(EVP_CIPHER_CTX_free)                                                                         \
    X(EVP_CIPHER_CTX_new)                                                                          \
    X(EVP_CIPHER_CTX_set_flags)                                                                    \
    X(EVP_CIPHER_CTX_set_key_length)                                                               \
    X(EVP_CIPHER_CTX_set_padding)                                                                  \
    X(EVP_CIPHER_do_all_sorted)                                                                    \
    X(EVP_CIPHER_fetch)                                                                            \
    X(EVP_CIPHER_free)                                                                             \
    X(EVP_CIPHER_get0_name)                                                                        \
    X(EVP_CIPHER_get_block_size)                                                                   \
    X(EVP_CIPHER_get_iv_length)                                                                    \
    X(EVP_CIPHER_get_key_length)                                                                   \
    X(EVP_CIPHER_get_mode)                                                                         \
    X(EVP_CIPHER_get_nid)                                                                          \
    X(EVP_CipherFinal_ex)                                                                          \
    X(EVP_CipherInit_ex)                                                                           \
    X(EVP_CipherUpdate)                                                                            \
    X(EVP_Digest)                                                                                  \
    X(EVP_DigestFinalXOF)                                                                          \
    X(EVP_DigestFinal_ex)                                                                          \
    X(EVP_DigestInit_ex)                                                                           \
    X(EVP_DigestUpdate)                                                                            \
    X(EVP_EncodeBlock)                                                                             \
    X(EVP_KDF_CTX_free)                                                                            \
    X(EVP_KDF_CTX_new)                                                                             \
    X(EVP_KDF_derive)                                                                              \
    X(EVP_KDF_fetch)                                                                               \
    X(EVP_KDF_free)                                                                                \
    X(EVP_MAC_CTX_dup)                                                                             \
    X(EVP_MAC_CTX_free)                                                                            \
    X(EVP_MAC_CTX_new)                                                                             \
    X(EVP_MAC_fetch)                                                                               \
    X(EVP_MAC_final)                                                                               \
    X(EVP_MAC_free)                                                                                \
    X(EVP_MAC_init)                                                                                \
    X(EVP_MAC_update)                                                                              \
    X(EVP_MD_CTX_copy_ex)                                                                          \
    X(EVP_MD_CTX_free)                                                                             \
    X(EVP_MD_CTX_get0_md)                                                                          \
    X(EVP_MD_CTX_new)                                                                              \
    X(EVP_MD_do_all_sorted)                                                                        \
    X(EVP_MD_fetch)                                                                                \
    X(EVP_MD_free)                                                                                 \
    X(EVP_MD_get0_name)                                                                            \
    X(EVP_MD_get_flags)                                                                            \
    X(EVP_MD_get_size)                                                                             \
    X(EVP_PBE_scrypt)                                                                              \
    X(EVP_get_cipherbyname)                                                                        \
    X(EVP_get_digestbyname)                                                                        \
    X(EVP_md5)                                                                                     \
    X(EVP_sha1)                                                                                    \
    X(OBJ_nid2sn)                                                                                  \
    X(OPENSSL_cleanse)                                                                             \
    X(OSSL_PARAM_construct_end)                                                                    \
    X(OSSL_PARAM_construct_octet_string)                                                           \
    X(OSSL_PARAM_construct_utf8_string)                                                            \
    X(PKCS5_PBKDF2_HMAC)                                                                           \
    X(RAND_bytes)
WEFT_DL_DECLARE(crypto, WEFT_DL_CRYPTO_FNS)

#ifndef WEFT_DL_NO_REDIRECT
#define CRYPTO_memcmp weft__crypto.CRYPTO_memcmp
#define ERR_clear_error weft__crypto.ERR_clear_error
#define ERR_error_string_n weft__crypto.ERR_error_string_n
#define ERR_get_error weft__crypto.ERR_get_error
#define ERR_lib_error_string weft__crypto.ERR_lib_error_string
#define ERR_reason_error_string weft__crypto.ERR_reason_error_string
#define EVP_BytesToKey weft__crypto.EVP_BytesToKey
#define EVP_CIPHER_CTX_ctrl weft__crypto.EVP_CIPHER_CTX_ctrl
#define EVP_CIPHER_CTX_free weft__crypto.EVP_CIPHER_CTX_free
#define EVP_CIPHER_CTX_new weft__crypto.EVP_CIPHER_CTX_new
#define EVP_CIPHER_CTX_set_flags weft__crypto.EVP_CIPHER_CTX_set_flags
#define EVP_CIPHER_CTX_set_key_length weft__crypto.EVP_CIPHER_CTX_set_key_length
#define EVP_CIPHER_CTX_set_padding weft__crypto.EVP_CIPHER_CTX_set_padding
#define EVP_CIPHER_do_all_sorted weft__crypto.EVP_CIPHER_do_all_sorted
#define EVP_CIPHER_fetch weft__crypto.EVP_CIPHER_fetch
#define EVP_CIPHER_free weft__crypto.EVP_CIPHER_free
#define EVP_CIPHER_get0_name weft__crypto.EVP_CIPHER_get0_name
#define EVP_CIPHER_get_block_size weft__crypto.EVP_CIPHER_get_block_size
#define EVP_CIPHER_get_iv_length weft__crypto.EVP_CIPHER_get_iv_length
#define EVP_CIPHER_get_key_length weft__crypto.EVP_CIPHER_get_key_length
#define EVP_CIPHER_get_mode weft__crypto.EVP_CIPHER_get_mode
#define EVP_CIPHER_get_nid weft__crypto.EVP_CIPHER_get_nid
#define EVP_CipherFinal_ex weft__crypto.EVP_CipherFinal_ex
#define EVP_CipherInit_ex weft__crypto.EVP_CipherInit_ex
#define EVP_CipherUpdate weft__crypto.EVP_CipherUpdate
#define EVP_Digest weft__crypto.EVP_Digest
#define EVP_DigestFinalXOF weft__crypto.EVP_DigestFinalXOF
#define EVP_DigestFinal_ex weft__crypto.EVP_DigestFinal_ex
#define EVP_DigestInit_ex weft__crypto.EVP_DigestInit_ex
#define EVP_DigestUpdate weft__crypto.EVP_DigestUpdate
#define EVP_EncodeBlock weft__crypto.EVP_EncodeBlock
#define EVP_KDF_CTX_free weft__crypto.EVP_KDF_CTX_free
#define EVP_KDF_CTX_new weft__crypto.EVP_KDF_CTX_new
#define EVP_KDF_derive weft__crypto.EVP_KDF_derive
#define EVP_KDF_fetch weft__crypto.EVP_KDF_fetch
#define EVP_KDF_free weft__crypto.EVP_KDF_free
#define EVP_MAC_CTX_dup weft__crypto.EVP_MAC_CTX_dup
#define EVP_MAC_CTX_free weft__crypto.EVP_MAC_CTX_free
#define EVP_MAC_CTX_new weft__crypto.EVP_MAC_CTX_new
#define EVP_MAC_fetch weft__crypto.EVP_MAC_fetch
#define EVP_MAC_final weft__crypto.EVP_MAC_final
#define EVP_MAC_free weft__crypto.EVP_MAC_free
#define EVP_MAC_init weft__crypto.EVP_MAC_init
#define EVP_MAC_update weft__crypto.EVP_MAC_update
#define EVP_MD_CTX_copy_ex weft__crypto.EVP_MD_CTX_copy_ex
#define EVP_MD_CTX_free weft__crypto.EVP_MD_CTX_free
#define EVP_MD_CTX_get0_md weft__crypto.EVP_MD_CTX_get0_md
#define EVP_MD_CTX_new weft__crypto.EVP_MD_CTX_new
#define EVP_MD_do_all_sorted weft__crypto.EVP_MD_do_all_sorted
#define EVP_MD_fetch weft__crypto.EVP_MD_fetch
#define EVP_MD_free weft__crypto.EVP_MD_free
#define EVP_MD_get0_name weft__crypto.EVP_MD_get0_name
#define EVP_MD_get_flags weft__crypto.EVP_MD_get_flags
#define EVP_MD_get_size weft__crypto.EVP_MD_get_size
#define EVP_PBE_scrypt weft__crypto.EVP_PBE_scrypt
#define EVP_get_cipherbyname weft__crypto.EVP_get_cipherbyname
#define EVP_get_digestbyname weft__crypto.EVP_get_digestbyname
#define EVP_md5 weft__crypto.EVP_md5
#define EVP_sha1 weft__crypto.EVP_sha1
#define OBJ_nid2sn weft__crypto.OBJ_nid2sn
#define OPENSSL_cleanse weft__crypto.OPENSSL_cleanse
#define OSSL_PARAM_construct_end weft__crypto.OSSL_PARAM_construct_end
#define OSSL_PARAM_construct_octet_string weft__crypto.OSSL_PARAM_construct_octet_string
#define OSSL_PARAM_construct_utf8_string weft__crypto.OSSL_PARAM_construct_utf8_string
#define PKCS5_PBKDF2_HMAC weft__crypto.PKCS5_PBKDF2_HMAC
#define RAND_bytes weft__crypto.RAND_bytes
#endif

#endif
