/* weft_conf.h: every limit and tunable of weft, with its unit.
 * Like Lua's luaconf.h: change them here, not in the code that uses them. */
#ifndef WEFT_CONF_H
#define WEFT_CONF_H

/* Initial capacity of a runtime's nextTick ring buffer, in entries (grows by
 * doubling; never shrinks below this). Must be a power of two: the ring
 * indexes with a mask. */
#define WEFT_TICK_QUEUE_INITIAL 64

/* Arguments a nextTick keeps inline in its queue entry before it allocates
 * an argument array (entries). */
#define WEFT_TICK_INLINE_ARGS 2

/* Largest timer delay, in ms (Node's TIMEOUT_MAX, 2^31-1). Larger or
 * non-finite delays become 1 ms, as in Node. */
#define WEFT_TIMEOUT_MAX 2147483647.0

/* Longest wait before the first loop iteration of `weft run`, in ms. Node
 * spends about a millisecond between the end of the main script and its first
 * loop iteration, so a setTimeout(f, 0|1) from the main script is usually due
 * by then and runs before the main script's setImmediate. weft's start-up is
 * faster: when an immediate is pending and the earliest timer falls due within
 * this many ms, the loop starts once the clock reaches the timer's due time.
 * Timers are never moved: none fires earlier than its delay (Node's rounding
 * of the start time to whole ms included). 0 = never wait. */
#define WEFT_MAIN_TIMER_WAIT_MS 1

/* Per-resource limits of `weft serve` JS runtimes (weft run has none, as
 * Node). A single entry into a resource's script code (event, call, timer,
 * tick handler, or its share of a checkpoint) running longer than
 * WEFT_JS_CPU_WARN_MS logs a warning; past WEFT_JS_CPU_LIMIT_MS it is
 * interrupted and the resource is stopped; the server keeps running. In ms.
 * WEFT_JS_MEMORY_LIMIT caps one resource's JS heap, in bytes. server.cfg
 * may override them: set weft_cpuWarnMs / weft_cpuLimitMs / weft_memoryLimitMb. */
#define WEFT_JS_CPU_WARN_MS 500
#define WEFT_JS_CPU_LIMIT_MS 5000
#define WEFT_JS_MEMORY_LIMIT (512u * 1024 * 1024)
/* fs.readFile/readFileSync in a resource read a file whole up to its memory
 * limit; a file whose size is not known up front (a character device such
 * as /dev/zero, a /proc file) up to this many bytes, in bytes, then fail
 * with ERR_FS_FILE_TOO_LARGE naming the file (src/js/fs.c). */
#define WEFT_JS_READ_UNSIZED_MAX ((size_t)16 * 1024 * 1024)

/* The CPU watchdog thread's period, in ms: while one script entry has run
 * this long or longer, each runtime is made to check its limits at its next
 * instruction, even when it spends its time in single costly operations
 * (src/host/watchdog.c). A runaway is stopped at most about this much (plus
 * one such operation) past its limit. */
#define WEFT_WATCHDOG_TICK_MS 25

/* A first SIGINT/SIGTERM asks the loop to quit; when the loop has not
 * handled it within this many ms (blocked in C work no limit reaches: a
 * native, a sync spawn), the watchdog thread ends the process with one line,
 * as a second signal does at once. */
#define WEFT_SIGNAL_GRACE_MS 3000

/* Once the loop has handled that first signal, the quit it starts (every
 * resource stopped, its onResourceStop handlers and Lua finalizers run) must
 * end within this many ms; past it the watchdog thread ends the process with
 * one line (a stop handler or finalizer that never returns under
 * weft_cpuLimitMs 0 would hold the quit forever). */
#define WEFT_SIGNAL_QUIT_MS 10000

/* QuickJS stack limit of a runtime, in bytes: what the creating thread's
 * stack has left below the point where the runtime is created, minus
 * WEFT_JS_STACK_MARGIN for the C code that runs between QuickJS's checks
 * (so deep recursion reaches ~10^4 frames on an 8 MB main thread, as Node's
 * ~12500). WEFT_JS_STACK_SIZE is the floor, and the size used when the
 * thread's stack cannot be read. */
#define WEFT_JS_STACK_SIZE (1024 * 1024)
#define WEFT_JS_STACK_MARGIN (512 * 1024)
/* The thread stack of a worker_threads.Worker, in bytes, when its
 * resourceLimits.stackSizeMb does not say (src/js/worker.c): the size of a
 * main thread's default stack, so a worker recurses as deep as `weft run`
 * (Node's default, 4 MB for V8, gives V8 ~10^4 frames too). With
 * stackSizeMb, that is QuickJS's stack limit and the thread gets
 * WEFT_JS_STACK_MARGIN + 256 KiB more. */
#define WEFT_WORKER_STACK_SIZE (8 * 1024 * 1024)
/* Of that margin, the part error reporting may use, in bytes: a handler that
 * overflowed the stack is reported where it was caught, near the limit, and
 * the report (src/js/lib/resource.js's logError, Node's uncaught-exception
 * path) runs with the limit lowered by this much (src/js/tasks.c). */
#define WEFT_JS_REPORT_STACK (128 * 1024)
/* The same for memory, in bytes past weft_memoryLimitMb: an out-of-memory
 * error is reported with the script's garbage still reachable, and the
 * report needs some heap (a line, the error's frames). */
#define WEFT_JS_REPORT_MEMORY (1024 * 1024)
/* The CPU warning of an entry polled where no script frame runs (between
 * two jobs of a nextTick or microtask loop) waits for a poll inside one,
 * to name its file:line: at most this many polls, then it is printed
 * without (src/js/host_bindings.c). */
#define WEFT_JS_WARN_POLLS 10000
/* Node's net/dgram/http in `weft run` and resources (src/js/net_handles.c,
 * src/js/http_parser.c): one socket read or UDP datagram, in bytes (as
 * libuv's suggestion, 64 KiB); the default largest HTTP head (request or
 * status line + headers) a parser accepts, in bytes (Node's --max-http-header-size
 * default, 16 KiB; http.maxHeaderSize). */
#define WEFT_JS_NET_READ_BYTES (64 * 1024)
#define WEFT_JS_HTTP_MAX_HEADER (16 * 1024)
/* HTTP chunked bodies (src/net/llhttp.c, both servers): the chunk-extension
 * bytes (`;name=value` after a chunk size) one chunk may carry, in bytes
 * (Node's 16 KiB; past it HPE_CHUNK_EXTENSIONS_OVERFLOW, a 413) */
#define WEFT_HTTP_MAX_CHUNK_EXT (16 * 1024)

/* MessagePort (src/js/messaging.c): messages delivered per wake-up of a
 * port before it yields to the rest of the loop and wakes again (Node caps a
 * port's turn the same way so a port posting to itself cannot starve I/O). */
#define WEFT_PORT_MESSAGES_PER_WAKE 1000

/* QuickJS cycle collection interval, in percent of heap growth: after a
 * collection the next one runs once the runtime's heap has grown by this
 * much of its size then (QuickJS's own default: 50). Acyclic garbage is
 * freed at once by reference counting either way; a larger value lets
 * unreachable cycles wait longer and marks a growing live heap fewer times
 * (deps/patches/0049: then-chain -12 %, timers-timeout-nexttick -6 %
 * instructions, same peak RSS). */
#define WEFT_JS_GC_GROWTH_PERCENT 100

/* Exit code used when an 'uncaughtException' handler itself throws (Node's
 * kExceptionInFatalExceptionHandler). */
#define WEFT_EXIT_IN_FATAL_HANDLER 7

/* Server frame rate, in Hz, when server.cfg sets no sv_frameRate. */
#define WEFT_FRAME_RATE 20

/* A frame starting later than this after its deadline logs a hitch warning,
 * in ms, when server.cfg sets no sv_hitchWarning. */
#define WEFT_HITCH_WARNING_MS 150

/* Profiler (src/host/prof.c): most Trace Events one recording keeps (16
 * bytes each; past it the recording stops with a log line), deepest scope
 * nesting tracked (deeper scopes are neither timed nor recorded), and the
 * window resmon and /perf/ average per-frame figures over, in seconds
 * (at most 60). */
#define WEFT_PROF_MAX_EVENTS 2000000
#define WEFT_PROF_MAX_DEPTH 256
#define WEFT_RESMON_WINDOW_S 5

/* Longest command line a command's text is kept for (RegisterCommand's
 * raw command, convar values), in bytes. */
#define WEFT_CONSOLE_LINE_MAX 4096

/* Longest console line read from stdin, in bytes: `emit NAME [...]` takes a
 * JSON argument list of any size up to this; a longer line is refused with
 * one log line. */
#define WEFT_CONSOLE_INPUT_MAX (64u * 1024 * 1024)
/* Folders one resource scan (start-up, `refresh`) reads at most: resources/
 * and its [category] folders, breadth first (src/host/server.c). */
#define WEFT_SCAN_FOLDERS 4096

/* Deepest nesting of arrays/objects in a console JSON argument list. */
#define WEFT_CONSOLE_JSON_DEPTH 64

/* Lua runtime memory cap, in bytes (0 = none): an allocation past it fails
 * and the script gets Lua's "not enough memory" error (logged). */
#define WEFT_LUA_MEMORY_LIMIT ((size_t)256 * 1024 * 1024)

/* The same limits for Lua runtimes of `weft serve`, in ms (0 = never): a
 * script entry running longer than WEFT_LUA_CPU_WARN_MS is warned about once;
 * past WEFT_LUA_CPU_LIMIT_MS it raises an error no pcall can stop, the runtime
 * runs nothing more, and its resource is stopped. server.cfg's weft_cpuWarnMs
 * / weft_cpuLimitMs override them. `weft run FILE.lua` has no CPU limits
 * unless the environment sets them (WEFT_LUA_CPU_WARN_MS / _LIMIT_MS), as Node. */
#define WEFT_LUA_CPU_WARN_MS 500
#define WEFT_LUA_CPU_LIMIT_MS 5000

/* Lua VM instructions between two checks of those limits (count hook; the
 * watchdog thread forces a check sooner while an entry runs long). */
#define WEFT_LUA_HOOK_INSTRUCTIONS 10000

/* One value crossing a runtime boundary (event and call arguments, return
 * values), packed to msgpack: at most this many values (every scalar,
 * string, container and map key counts; a shared table or object counts each
 * time it is reached, so a value whose references double at each level is
 * refused instead of packing for hours) and at most this many bytes. Past
 * either, the sender gets an error. The values limit is fixed when libweft
 * is built; the fuzz build (WEFT_FUZZ) sets 64 Ki, so that an input whose
 * shared references double reaches it in a millisecond instead of seconds. */
#ifndef WEFT_CODEC_MAX_VALUES
#define WEFT_CODEC_MAX_VALUES (4 * 1024 * 1024)
#endif
#define WEFT_CODEC_MAX_BYTES ((size_t)256 * 1024 * 1024)

/* Deepest nesting json.encode / json.decode accept, in tables. */
#define WEFT_LUA_JSON_MAX_DEPTH 128

/* Most arguments one event, export or function-reference call may carry,
 * in values (both languages; QuickJS refuses calls with more arguments).
 * Packing more is an error for the caller; an incoming argument array that
 * is longer is refused with "too many arguments". */
#define WEFT_CALL_ARGS_MAX 65534

/* ---- Server APIs (src/api/) ---- */

/* KVP find handles open at once, host-wide (FiveM has 64). */
#define WEFT_KVP_FIND_HANDLES 64

/* How long a KVP write waits for the database file's lock when another
 * connection (the database resource's worker) holds it, in ms. */
#define WEFT_KVP_BUSY_TIMEOUT_MS 5000

/* Largest key and value a resource may store with KVP, in bytes. */
#define WEFT_KVP_MAX_KEY 1024
#define WEFT_KVP_MAX_VALUE (16u * 1024 * 1024)

/* State bags: the largest msgpack value one key may hold, and the most bytes
 * of values one bag may hold, in bytes, when server.cfg does not set
 * weft_stateBagMaxValue / weft_stateBagMaxBag. FiveM has no limit. */
#define WEFT_STATEBAG_MAX_VALUE (64u * 1024)
#define WEFT_STATEBAG_MAX_BAG (1024u * 1024)

/* Largest file LoadResourceFile reads, in bytes (larger files are refused
 * with a log line). */
#define WEFT_RESFILE_MAX (64u * 1024 * 1024)

/* ---- The network (src/net/, docs/protocol.md) ------------------------------
 * Each default below can be changed from server.cfg with the convar named
 * in brackets (read again once a second). */

/* One wire message from a player, in bytes [net_maxMessageBytes]. */
#define WEFT_NET_MAX_MESSAGE (64 * 1024)
/* Nesting of arrays/maps inside one wire message [net_maxMessageDepth]. */
#define WEFT_NET_MAX_DEPTH 32
/* Net events a player may send per second, sustained [net_maxEventsPerSecond],
 * and the burst above that rate [net_eventBurst] (a token bucket). */
#define WEFT_NET_EVENTS_PER_SECOND 200
#define WEFT_NET_EVENT_BURST 400
/* Bytes queued to one player and not yet written; past it the player is
 * dropped as too slow [net_maxPlayerOutboundBytes]. */
#define WEFT_NET_PLAYER_OUTBOUND (1024 * 1024)
/* HTTP: request line + headers, in bytes [net_httpMaxHeaderBytes]; one
 * request body, in bytes [net_httpMaxBodyBytes]; bytes queued on one
 * connection [net_httpMaxOutboundBytes]; unparsed pipelined input kept while
 * a response is pending [net_httpMaxInputBytes]. */
#define WEFT_NET_HTTP_MAX_HEADER (16 * 1024)
#define WEFT_NET_HTTP_MAX_BODY (16 * 1024 * 1024)
#define WEFT_NET_HTTP_MAX_OUTBOUND (64 * 1024 * 1024)
#define WEFT_NET_HTTP_MAX_INPUT (256 * 1024)
/* HTTP: keep-alive idle close, and the longest a connection's queued output
 * may go unread, in ms [net_httpIdleTimeoutMs]; a request head must arrive
 * whole within this, in ms [net_httpHeadersTimeoutMs]; the whole request,
 * head and body, within this, in ms, else 408 (Node's server.requestTimeout,
 * 300 s) [net_httpRequestTimeoutMs]. */
#define WEFT_NET_HTTP_IDLE_MS 30000
#define WEFT_NET_HTTP_HEADERS_MS 10000
#define WEFT_NET_HTTP_REQUEST_MS 300000
/* TCP connections open at once [net_maxConnections]; players [sv_maxClients]. */
#define WEFT_NET_MAX_CONNECTIONS 4096
#define WEFT_NET_MAX_PLAYERS 2048
/* Ping every this many ms [net_pingIntervalMs]; a player silent for this
 * long is dropped, in ms [net_timeoutMs]. */
#define WEFT_NET_PING_MS 2000
#define WEFT_NET_TIMEOUT_MS 30000
/* A player deferred in playerConnecting (deferrals.defer) whose
 * deferrals.done has not come after this many ms is dropped
 * [net_deferralTimeoutMs]. */
#define WEFT_NET_DEFERRAL_MS 120000
/* Outbound HTTP (PerformHttpRequest, fetch): requests in flight per server
 * [net_httpClientMaxRequests]; one response body, in bytes
 * [net_httpClientMaxBytes]; default timeout, in ms, 0 = none
 * [net_httpClientTimeoutMs]. */
#define WEFT_NET_HTTP_CLIENT_REQUESTS 256
#define WEFT_NET_HTTP_CLIENT_BYTES (64 * 1024 * 1024)
#define WEFT_NET_HTTP_CLIENT_TIMEOUT_MS 30000
/* Largest player name, in bytes (longer names are cut at a UTF-8 boundary). */
#define WEFT_NET_MAX_NAME 64

/* ---- the database (src/api/db*.c) ------------------------------------------ */

/* SQLite file used when no mysql_connection_string is set, relative to the
 * server folder (convar weft_sqlitePath overrides it). */
#define WEFT_DB_SQLITE_FILE "weft.sqlite3"

/* How long an SQLite statement waits for a lock held by another connection
 * before failing with "database is locked", in ms. */
#define WEFT_DB_SQLITE_BUSY_MS 5000

/* MariaDB connections (and their worker threads) shared by all resources,
 * when the convar weft_dbPoolSize is not set. SQLite always uses one. */
#define WEFT_DB_POOL_SIZE 8

/* MariaDB connect timeout, in seconds. */
#define WEFT_DB_CONNECT_TIMEOUT_S 5

/* Longest a query may take, in seconds, when the convar weft_dbQueryTimeout
 * is not set. MariaDB: the read/write timeout (a query, or a server that
 * stopped answering, fails past it and the connection is reopened for the
 * next query). SQLite: the statement is interrupted. */
#define WEFT_DB_QUERY_TIMEOUT_S 30

/* Queries whose time in the database reaches this, in ms, are logged with
 * their resource, database time and queue time, when the convar
 * mysql_slow_query_warning (oxmysql's name) is not set. */
#define WEFT_DB_SLOW_QUERY_MS 200

/* Most queries waiting for a connection at once; more are rejected with
 * "too many queries queued" (a runaway loop cannot exhaust memory). */
#define WEFT_DB_QUEUE_MAX 100000

/* ---- The cluster (src/cluster/, docs/cluster.md) --------------------------
 * A cross-server export call with no answer is rejected after this, in ms
 * (a call may set its own, 1..WEFT_CLUSTER_CALL_TIMEOUT_MAX_MS). */
#define WEFT_CLUSTER_CALL_TIMEOUT_MS 5000
#define WEFT_CLUSTER_CALL_TIMEOUT_MAX_MS 600000
/* Reconnect backoff, in ms: the first wait, doubled per failed round up to
 * the max, plus up to the jitter at random. Reconnection never gives up. */
#define WEFT_CLUSTER_RECONNECT_WAIT_MS 250
#define WEFT_CLUSTER_RECONNECT_MAX_MS 4000
#define WEFT_CLUSTER_RECONNECT_JITTER_MS 100
/* Bytes published while the link is down that libnats keeps to send on
 * reconnect (events); past that a publish fails with an error. */
#define WEFT_CLUSTER_RECONNECT_BUF (8 * 1024 * 1024)
/* Largest message (event or call with its arguments, state value), bytes:
 * NATS's default max_payload. */
#define WEFT_CLUSTER_MAX_PAYLOAD (1024 * 1024)
/* Per subscription, messages and bytes libnats holds for the loop before it
 * drops (a slow consumer; logged). */
#define WEFT_CLUSTER_PENDING_MSGS 65536
#define WEFT_CLUSTER_PENDING_BYTES (64 * 1024 * 1024)
/* Messages the loop handles per wakeup before it yields to timers and I/O. */
#define WEFT_CLUSTER_BATCH 1024
/* Pending outgoing export calls per server, and state watches per server. */
#define WEFT_CLUSTER_MAX_CALLS 65536
#define WEFT_CLUSTER_MAX_WATCHES 256
/* Connect timeout to the NATS server, ms; ping interval (a dead link is
 * found after PING_MS * (MAX_PINGS + 1) at most), ms. */
#define WEFT_CLUSTER_CONNECT_TIMEOUT_MS 2000
#define WEFT_CLUSTER_PING_MS 2000
#define WEFT_CLUSTER_MAX_PINGS 2
/* An ownership lease (ClusterLease) expires this long after its owner's last
 * renewal, ms; owners renew every quarter of it and give a lease up (event
 * clusterLeaseLost) when a tenth of it is left without a renewal. The bucket
 * takes the TTL of the server that creates it. set weft_clusterLeaseTtlMs. */
#define WEFT_CLUSTER_LEASE_TTL_MS 15000
/* Durable cluster events (docs/cluster.md): the stream WEFT_EVENTS keeps an
 * event this long, ms; a second publish with the same message id inside the
 * duplicate window, ms, is not stored again (NATS's default window). */
#define WEFT_CLUSTER_EVENT_MAX_AGE_MS (24 * 3600 * 1000)
#define WEFT_CLUSTER_DUP_WINDOW_MS 120000
/* Durable events, consumer side: a message not acked within the ack wait, ms,
 * comes again; a delivery whose handlers raised is nak'ed to come again after
 * the nak delay, ms; at most MAX_DELIVER deliveries (then it is terminated,
 * with a log line); at most MAX_ACK_PENDING messages in flight per consumer.
 * A consumer that could not be made is tried again every RETRY ms. The last
 * DEDUP_IDS message ids acked per consumer are remembered (8 bytes each): a
 * redelivery of one is acked without running the handlers again. */
#define WEFT_CLUSTER_ACK_WAIT_MS 30000 /* set weft_clusterAckWaitMs */
#define WEFT_CLUSTER_NAK_DELAY_MS 1000
#define WEFT_CLUSTER_MAX_DELIVER 5
#define WEFT_CLUSTER_MAX_ACK_PENDING 1024
#define WEFT_CLUSTER_DURABLE_RETRY_MS 2000
#define WEFT_CLUSTER_DEDUP_IDS 1024
/* Period of the loop timer that rejects timed-out calls, ms. */
#define WEFT_CLUSTER_SWEEP_MS 50

#endif
