/* dl_brotlienc.h: brotli's encoder (Debian's libbrotli-dev), for node:zlib, loaded on first
 * use (host/dl.h). Include this instead of the library's header; call
 * weft__dl_load(&weft__dl_brotlienc, ...) before the first call. */
#ifndef WEFT_HOST_DL_BROTLIENC_H
#define WEFT_HOST_DL_BROTLIENC_H

#include <brotli/encode.h>
#include "host/dl.h"

#define WEFT_DL_BROTLIENC_FNS(X)                                                                   \
    X(BrotliEncoderCompressStream)                                                                 \
    X(BrotliEncoderCreateInstance)                                                                 \
    X(BrotliEncoderDestroyInstance)                                                                \
    X(BrotliEncoderSetParameter)
WEFT_DL_DECLARE(brotlienc, WEFT_DL_BROTLIENC_FNS)

#ifndef WEFT_DL_NO_REDIRECT
#define BrotliEncoderCompressStream weft__brotlienc.BrotliEncoderCompressStream
#define BrotliEncoderCreateInstance weft__brotlienc.BrotliEncoderCreateInstance
#define BrotliEncoderDestroyInstance weft__brotlienc.BrotliEncoderDestroyInstance
#define BrotliEncoderSetParameter weft__brotlienc.BrotliEncoderSetParameter
#endif

#endif
