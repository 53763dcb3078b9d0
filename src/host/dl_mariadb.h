/* dl_mariadb.h: MariaDB Connector/C (Debian's libmariadb-dev), the mariadb database backend,
 * loaded on first use (host/dl.h). Include this instead of the library's header; call
 * weft__dl_load(&weft__dl_mariadb, ...) before the first call. */
#ifndef WEFT_HOST_DL_MARIADB_H
#define WEFT_HOST_DL_MARIADB_H

#include <errmsg.h>
#include <mysql.h>
#include "host/dl.h"

#define WEFT_DL_MARIADB_FNS(X)                                                                     \
    X(mysql_affected_rows)                                                                         \
    X(mysql_close)                                                                                 \
    X(mysql_errno)                                                                                 \
    X(mysql_error)                                                                                 \
    X(mysql_fetch_fields)                                                                          \
    X(mysql_fetch_lengths)                                                                         \
    X(mysql_fetch_row)                                                                             \
    X(mysql_field_count)                                                                           \
    X(mysql_free_result)                                                                           \
    X(mysql_init)                                                                                  \
    X(mysql_insert_id)                                                                             \
    X(mysql_num_fields)                                                                            \
    X(mysql_optionsv)                                                                              \
    X(mysql_real_connect)                                                                          \
    X(mysql_real_escape_string)                                                                    \
    X(mysql_real_query)                                                                            \
    X(mysql_server_init)                                                                           \
    X(mysql_store_result)                                                                          \
    X(mysql_thread_end)
WEFT_DL_DECLARE(mariadb, WEFT_DL_MARIADB_FNS)

#ifndef WEFT_DL_NO_REDIRECT
#define mysql_affected_rows weft__mariadb.mysql_affected_rows
#define mysql_close weft__mariadb.mysql_close
#define mysql_errno weft__mariadb.mysql_errno
#define mysql_error weft__mariadb.mysql_error
#define mysql_fetch_fields weft__mariadb.mysql_fetch_fields
#define mysql_fetch_lengths weft__mariadb.mysql_fetch_lengths
#define mysql_fetch_row weft__mariadb.mysql_fetch_row
#define mysql_field_count weft__mariadb.mysql_field_count
#define mysql_free_result weft__mariadb.mysql_free_result
#define mysql_init weft__mariadb.mysql_init
#define mysql_insert_id weft__mariadb.mysql_insert_id
#define mysql_num_fields weft__mariadb.mysql_num_fields
#define mysql_optionsv weft__mariadb.mysql_optionsv
#define mysql_real_connect weft__mariadb.mysql_real_connect
#define mysql_real_escape_string weft__mariadb.mysql_real_escape_string
#define mysql_real_query weft__mariadb.mysql_real_query
#define mysql_server_init weft__mariadb.mysql_server_init
#define mysql_store_result weft__mariadb.mysql_store_result
#define mysql_thread_end weft__mariadb.mysql_thread_end
#endif

#endif
