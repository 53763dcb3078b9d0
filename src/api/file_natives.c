/* file_natives.c: resource files for scripts (issue 12 item 5):
 * LoadResourceFile(res, path) -> the contents or nil; SaveResourceFile(res,
 * path, data, len) -> true/false (len -1 or missing: all of data). Paths are
 * confined to the resource's folder (src/api/resfile.c): a refusal returns
 * nil/false and logs one line naming the caller, the resource and the path;
 * nothing outside is read or written. A missing file is nil without a log
 * line, as FiveM. GetResourcePath lives with the resource natives. */
#include <stdlib.h>
#include <string.h>

#include "api/api.h"
#include "api/args.h"
#include "api/resfile.h"
#include "host/server.h"

static const char *log_tag(weft_host *h)
{
    const char *r = weft_native_resource(h);
    return *r ? r : "weft";
}

/* 1 (logged) when the path argument holds a NUL byte: the file system would
 * see only the part before it, another file than the script named. */
static int nul_in_path(weft_host *h, const weft__args *a, const char *fn, const char *res,
                       const char *path)
{
    const weft__mp_token *t = &a->tok[1];
    if (strlen(path) == t->len) return 0;
    char shown[256];
    size_t o = 0;
    for (size_t i = 0; i < t->len && o + 3 < sizeof shown; i++) {
        if (t->p[i]) {
            shown[o++] = t->p[i];
        } else {
            shown[o++] = '\\';
            shown[o++] = '0';
        }
    }
    shown[o] = 0;
    weft__log(h, log_tag(h), "%s(\"%s\", \"%s\"): refused: the path holds a NUL byte (at %zu)",
              fn, res, shown, strlen(path));
    return 1;
}

static int n_load(void *ud, const char *args, size_t len, char **out, size_t *olen)
{
    weft_host *h = ud;
    weft__args a;
    char res[256], err[1200];
    if (weft__args_parse(&a, args, len) < 0 || !weft__args_text(&a, 0, res, sizeof res))
        return weft__res_nil(out, olen);
    char *path = weft__args_strdup(&a, 1);
    weft__resource *r = weft__srv_find(h, res);
    if (!r || !path || nul_in_path(h, &a, "LoadResourceFile", res, path)) {
        free(path);
        return weft__res_nil(out, olen);
    }
    char *data;
    size_t n;
    int rc = weft__resfile_read(r->path, path, &data, &n, err, sizeof err);
    if (rc < 0 && rc != WEFT_ENOENT)
        weft__log(h, log_tag(h), "LoadResourceFile(\"%s\", \"%s\"): %s", res, path, err);
    free(path);
    if (rc < 0) return weft__res_nil(out, olen);
    rc = weft__res_str(data, n, out, olen);
    free(data);
    return rc;
}

static int n_save(void *ud, const char *args, size_t len, char **out, size_t *olen)
{
    weft_host *h = ud;
    weft__args a;
    char res[256], err[1200];
    if (weft__args_parse(&a, args, len) < 0 || !weft__args_text(&a, 0, res, sizeof res))
        return weft__res_bool(0, out, olen);
    char *path = weft__args_strdup(&a, 1);
    weft__resource *r = weft__srv_find(h, res);
    const weft__mp_token *d = a.n > 2 ? &a.tok[2] : NULL;
    if (r && path && nul_in_path(h, &a, "SaveResourceFile", res, path)) {
        free(path);
        return weft__res_bool(0, out, olen);
    }
    if (!r || !path || !d || (d->type != WEFT__MP_STR && d->type != WEFT__MP_BIN)) {
        if (path && r)
            weft__log(h, log_tag(h), "SaveResourceFile(\"%s\", \"%s\"): the data must be a string",
                      res, path);
        free(path);
        return weft__res_bool(0, out, olen);
    }
    int64_t want = weft__args_int(&a, 3, -1);
    size_t n = want < 0 || (uint64_t)want > d->len ? d->len : (size_t)want;
    int rc = weft__resfile_write(r->path, path, d->p, n, err, sizeof err);
    if (rc < 0) weft__log(h, log_tag(h), "SaveResourceFile(\"%s\", \"%s\"): %s", res, path, err);
    free(path);
    return weft__res_bool(rc == 0, out, olen);
}

static const weft_native natives[] = {
    {"LoadResourceFile", n_load, NULL},
    {"SaveResourceFile", n_save, NULL},
    {NULL, NULL, NULL},
};

int weft__api_files_open(weft_host *h)
{
    return weft_host_register_natives(h, natives, h);
}
