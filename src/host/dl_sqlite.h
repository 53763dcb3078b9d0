/* dl_sqlite.h: SQLite (Debian's libsqlite3-dev), for the KVP store and the sqlite database
 * backend, loaded on first use (host/dl.h). Include this instead of the library's header;
 * call weft__dl_load(&weft__dl_sqlite, ...) before the first call. */
#ifndef WEFT_HOST_DL_SQLITE_H
#define WEFT_HOST_DL_SQLITE_H

#include <sqlite3.h>
#include "host/dl.h"

#define WEFT_DL_SQLITE_FNS(X)                                                                      \
    X(sqlite3_bind_blob)                                                                           \
    X(sqlite3_bind_double)                                                                         \
    X(sqlite3_bind_int64)                                                                          \
    X(sqlite3_bind_null)                                                                           \
    X(sqlite3_bind_text)                                                                           \
    X(sqlite3_busy_timeout)                                                                        \
    X(sqlite3_changes64)                                                                           \
    X(sqlite3_clear_bindings)                                                                      \
    X(sqlite3_close)                                                                               \
    X(sqlite3_column_blob)                                                                         \
    X(sqlite3_column_bytes)                                                                        \
    X(sqlite3_column_count)                                                                        \
    X(sqlite3_column_decltype)                                                                     \
    X(sqlite3_column_double)                                                                       \
    X(sqlite3_column_int64)                                                                        \
    X(sqlite3_column_name)                                                                         \
    X(sqlite3_column_text)                                                                         \
    X(sqlite3_column_type)                                                                         \
    X(sqlite3_create_function)                                                                     \
    X(sqlite3_errmsg)                                                                              \
    X(sqlite3_errstr)                                                                              \
    X(sqlite3_exec)                                                                                \
    X(sqlite3_finalize)                                                                            \
    X(sqlite3_free)                                                                                \
    X(sqlite3_last_insert_rowid)                                                                   \
    X(sqlite3_open_v2)                                                                             \
    X(sqlite3_prepare_v2)                                                                          \
    X(sqlite3_prepare_v3)                                                                          \
    X(sqlite3_progress_handler)                                                                    \
    X(sqlite3_reset)                                                                               \
    X(sqlite3_result_int)                                                                          \
    X(sqlite3_step)                                                                                \
    X(sqlite3_value_double)                                                                        \
    X(sqlite3_wal_checkpoint_v2)
WEFT_DL_DECLARE(sqlite, WEFT_DL_SQLITE_FNS)

#ifndef WEFT_DL_NO_REDIRECT
#define sqlite3_bind_blob weft__sqlite.sqlite3_bind_blob
#define sqlite3_bind_double weft__sqlite.sqlite3_bind_double
#define sqlite3_bind_int64 weft__sqlite.sqlite3_bind_int64
#define sqlite3_bind_null weft__sqlite.sqlite3_bind_null
#define sqlite3_bind_text weft__sqlite.sqlite3_bind_text
#define sqlite3_busy_timeout weft__sqlite.sqlite3_busy_timeout
#define sqlite3_changes64 weft__sqlite.sqlite3_changes64
#define sqlite3_clear_bindings weft__sqlite.sqlite3_clear_bindings
#define sqlite3_close weft__sqlite.sqlite3_close
#define sqlite3_column_blob weft__sqlite.sqlite3_column_blob
#define sqlite3_column_bytes weft__sqlite.sqlite3_column_bytes
#define sqlite3_column_count weft__sqlite.sqlite3_column_count
#define sqlite3_column_decltype weft__sqlite.sqlite3_column_decltype
#define sqlite3_column_double weft__sqlite.sqlite3_column_double
#define sqlite3_column_int64 weft__sqlite.sqlite3_column_int64
#define sqlite3_column_name weft__sqlite.sqlite3_column_name
#define sqlite3_column_text weft__sqlite.sqlite3_column_text
#define sqlite3_column_type weft__sqlite.sqlite3_column_type
#define sqlite3_create_function weft__sqlite.sqlite3_create_function
#define sqlite3_errmsg weft__sqlite.sqlite3_errmsg
#define sqlite3_errstr weft__sqlite.sqlite3_errstr
#define sqlite3_exec weft__sqlite.sqlite3_exec
#define sqlite3_finalize weft__sqlite.sqlite3_finalize
#define sqlite3_free weft__sqlite.sqlite3_free
#define sqlite3_last_insert_rowid weft__sqlite.sqlite3_last_insert_rowid
#define sqlite3_open_v2 weft__sqlite.sqlite3_open_v2
#define sqlite3_prepare_v2 weft__sqlite.sqlite3_prepare_v2
#define sqlite3_prepare_v3 weft__sqlite.sqlite3_prepare_v3
#define sqlite3_progress_handler weft__sqlite.sqlite3_progress_handler
#define sqlite3_reset weft__sqlite.sqlite3_reset
#define sqlite3_result_int weft__sqlite.sqlite3_result_int
#define sqlite3_step weft__sqlite.sqlite3_step
#define sqlite3_value_double weft__sqlite.sqlite3_value_double
#define sqlite3_wal_checkpoint_v2 weft__sqlite.sqlite3_wal_checkpoint_v2
#endif

#endif
