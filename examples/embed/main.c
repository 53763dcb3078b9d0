/* embed: weft inside a C program with its own frame loop. Creates a host,
 * loads a server folder, registers a C native (Add), emits an event with
 * msgpack arguments and drives frames with weft_host_tick().
 * Usage: weft-embed-example [SERVER_DIR] (default: this example's server/). */
#include <msgpack.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "weft.h"

/* Add(a, b) for scripts: args is a msgpack array; the result one value. */
static int native_add(void *ud, const char *args, size_t len, char **result, size_t *rlen)
{
    msgpack_unpacked u;
    msgpack_unpacked_init(&u);
    int ok = msgpack_unpack_next(&u, args, len, NULL) == MSGPACK_UNPACK_SUCCESS &&
             u.data.type == MSGPACK_OBJECT_ARRAY && u.data.via.array.size == 2;
    double sum = 0;
    for (uint32_t i = 0; ok && i < 2; i++) {
        msgpack_object o = u.data.via.array.ptr[i];
        if (o.type == MSGPACK_OBJECT_POSITIVE_INTEGER) sum += (double)o.via.u64;
        else if (o.type == MSGPACK_OBJECT_NEGATIVE_INTEGER) sum += (double)o.via.i64;
        else if (o.type == MSGPACK_OBJECT_FLOAT64) sum += o.via.f64;
        else ok = 0;
    }
    msgpack_unpacked_destroy(&u);
    if (!ok) return WEFT_EINVAL;
    msgpack_sbuffer sb;
    msgpack_packer pk;
    msgpack_sbuffer_init(&sb);
    msgpack_packer_init(&pk, &sb, msgpack_sbuffer_write);
    msgpack_pack_double(&pk, sum);
    *result = sb.data; /* malloc'ed: weft frees it */
    *rlen = sb.size;
    (*(int *)ud)++;
    return 0;
}

int main(int argc, char **argv)
{
    const char *dir = argc > 1 ? argv[1] : EMBED_SERVER_DIR;
    int calls = 0, rc;
    weft_host *h;
    weft_host_options opts = {.no_console = 1, .external_tick = 1};
    if ((rc = weft_host_new(&opts, &h)) < 0) return fprintf(stderr, "%s\n", weft_strerror(rc)), 1;
    weft_host_register_native(h, "Add", native_add, &calls); /* before resources start */
    if ((rc = weft_host_load(h, dir)) < 0) return weft_host_free(h), 1;
    /* emit('embed:hello', 'from C', 42) */
    msgpack_sbuffer sb;
    msgpack_packer pk;
    msgpack_sbuffer_init(&sb);
    msgpack_packer_init(&pk, &sb, msgpack_sbuffer_write);
    msgpack_pack_array(&pk, 2);
    msgpack_pack_str_with_body(&pk, "from C", 6);
    msgpack_pack_int(&pk, 42);
    weft_host_emit(h, "embed:hello", sb.data, sb.size);
    msgpack_sbuffer_destroy(&sb);
    /* The host's own frame loop: 20 frames of 10 ms, or until a script quits. */
    for (int frame = 0; frame < 20 && weft_host_tick(h); frame++) usleep(10000);
    printf("embed: Add was called %d times; greeter is %s\n", calls,
           weft_host_resource_state(h, "greeter"));
    weft_host_free(h);
    return 0;
}
