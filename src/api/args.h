/* args.h: reading a native's msgpack argument array in the server API areas
 * (commands, convars, KVP, files, state bags): every argument as a token
 * plus its raw bytes, strings copied out NUL-terminated, function
 * references (ext 10) as ids, and a few packers for results. Bounded by
 * WEFT_API_MAX_ARGS arguments; extra ones are ignored. */
#ifndef WEFT_API_ARGS_H
#define WEFT_API_ARGS_H

#include <msgpack.h>
#include <stddef.h>
#include "host/msgpack.h"
#include "weft.h"

#define WEFT_API_MAX_ARGS 8

typedef struct weft__args {
    int n;
    weft__mp_token tok[WEFT_API_MAX_ARGS];
    const char *raw[WEFT_API_MAX_ARGS]; /* the argument's whole msgpack value */
    size_t raw_len[WEFT_API_MAX_ARGS];
} weft__args;

/* Parse the array. 0, or WEFT_EINVAL when it is not a msgpack array. */
int weft__args_parse(weft__args *a, const char *args, size_t len);
/* Argument i as text (a string; numbers and booleans formatted as FiveM's
 * natives coerce them), copied into buf; NULL when missing, nil or another
 * type, longer than cap - 1, or a string holding a NUL byte (as a C string
 * it would name something else: "a\0b" is "a"). */
const char *weft__args_text(const weft__args *a, int i, char *buf, size_t cap);
/* 1 if argument i is a string holding a NUL byte (for a clearer refusal). */
int weft__args_has_nul(const weft__args *a, int i);
/* A malloc'ed copy of string argument i (NULL: missing / not a string). */
char *weft__args_strdup(const weft__args *a, int i);
/* Numbers (int, float or a numeric string); def when missing, nil or NaN;
 * a float past int64 saturates. */
int64_t weft__args_int(const weft__args *a, int i, int64_t def);
double weft__args_num(const weft__args *a, int i, double def);
/* Truthiness: nil/false/0 are false; missing: def. */
int weft__args_bool(const weft__args *a, int i, int def);
/* A function reference's id (ext 10 or 11) into buf; NULL otherwise. */
const char *weft__args_ref(const weft__args *a, int i, char *buf, size_t cap);

/* Results: one value packed into a fresh buffer handed to *out and *len. */
int weft__res_str(const char *s, size_t n, char **out, size_t *len);
int weft__res_int(int64_t v, char **out, size_t *len);
int weft__res_num(double v, char **out, size_t *len);
int weft__res_bool(int v, char **out, size_t *len);
/* nil: null in JS (not undefined), nil in Lua. */
int weft__res_nil(char **out, size_t *len);
/* A packer writing into sb; give sb's data away with weft__res_take. */
void weft__res_begin(msgpack_sbuffer *sb, msgpack_packer *pk);
int weft__res_take(msgpack_sbuffer *sb, char **out, size_t *len);

#endif
