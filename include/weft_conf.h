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

/* QuickJS stack size limit for one runtime, in bytes. */
#define WEFT_JS_STACK_SIZE (1024 * 1024)

/* Exit code used when an 'uncaughtException' handler itself throws (Node's
 * kExceptionInFatalExceptionHandler). */
#define WEFT_EXIT_IN_FATAL_HANDLER 7

#endif
