/* dl_brotlidec.h: brotli's decoder (Debian's libbrotli-dev), for node:zlib, loaded on first
 * use (host/dl.h). Include this instead of the library's header; call
 * weft__dl_load(&weft__dl_brotlidec, ...) before the first call. */
#ifndef WEFT_HOST_DL_BROTLIDEC_H
#define WEFT_HOST_DL_BROTLIDEC_H

#include <brotli/decode.h>
#include "host/dl.h"

#define WEFT_DL_BROTLIDEC_FNS(X)                                                                   \
    X(BrotliDecoderCreateInstance)                                                                 \
    X(BrotliDecoderDecompressStream)                                                               \
    X(BrotliDecoderDestroyInstance)                                                                \
    X(BrotliDecoderGetErrorCode)                                                                   \
    X(BrotliDecoderSetParameter)
WEFT_DL_DECLARE(brotlidec, WEFT_DL_BROTLIDEC_FNS)

#ifndef WEFT_DL_NO_REDIRECT
#define BrotliDecoderCreateInstance weft__brotlidec.BrotliDecoderCreateInstance
#define BrotliDecoderDecompressStream weft__brotlidec.BrotliDecoderDecompressStream
#define BrotliDecoderDestroyInstance weft__brotlidec.BrotliDecoderDestroyInstance
#define BrotliDecoderGetErrorCode weft__brotlidec.BrotliDecoderGetErrorCode
#define BrotliDecoderSetParameter weft__brotlidec.BrotliDecoderSetParameter
#endif

#endif
