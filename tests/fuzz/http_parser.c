/* http_parser.c (fuzz_http_parser): natives.binding('http_parser'), the
 * HTTP/1.1 parser lib/http.js runs on (src/js/http_parser.c over weft's
 * llhttp wrapper, src/net/llhttp.c), on a bare QuickJS runtime. The input is
 * three control bytes and the bytes a peer sends:
 *   byte 0: bit 0 a response parser; bits 1-2 a callback that throws (0 none,
 *           1 onHeadersComplete, 2 onBody, 3 onMessageComplete), on the
 *           message numbered by bits 3-4; bit 5 onHeadersComplete returns 1
 *           (skip the body); bit 6 a callback calls execute() or
 *           initialize() on its own parser (refused: it is executing);
 *           bit 7 resume() after a pause (an upgrade) and go on;
 *   byte 1: maxHeaderSize (default, 1, 64, 256, 1024, 8192, 81920, -1);
 *   byte 2: the size of the pieces execute() gets (0: all at once).
 * Checks: the callbacks' arguments have Node's types and ranges, events come
 * in order (a body or a message end only inside a message), execute()
 * returns a count within its piece or an Error with an HPE_ code, a
 * callback's exception comes out of execute() as the same value; and, with
 * plain callbacks, the events and the outcome are the same whether the
 * bytes come at once or in pieces (llhttp's contract). No JS object may
 * outlive its input. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "js/js.h"

#define FZ_JS_MEMORY (64 * 1024 * 1024)
#define FZ_JS_INTERRUPTS 300 /* QuickJS polls every ~10^4 instructions */

static JSRuntime *rt;
static JSContext *ctx;
static JSValue driver, binding;
static int interrupts;
static int64_t baseline_objects;
static int rerun;

/* driver(binding, flags, maxSel, piece, bytes) -> the event log (a string),
 * or throws "INVARIANT: ..." */
static const char driver_src[] =
    "(function (binding, flags, maxSel, piece, bytes) {\n"
    "  const bad = (what) => { throw new Error('INVARIANT: ' + what); };\n"
    "  const maxes = [undefined, 1, 64, 256, 1024, 8192, 81920, -1];\n"
    "  function run(pieceSize, plain) {\n"
    "    const p = binding.newParser();\n"
    "    const response = (flags & 1) === 1;\n"
    "    p.initialize(response, maxes[maxSel & 7]);\n"
    "    const throwIn = plain ? 0 : (flags >> 1) & 3, throwAt = (flags >> 3) & 3;\n"
    "    const skip = !plain && (flags & 32) !== 0, reenter = !plain && (flags & 64) !== 0;\n"
    "    const log = [];\n"
    "    let inMsg = false, msgs = 0, body = '';\n"
    "    const marker = { thrown: true };\n"
    "    const tryReenter = () => {\n"
    "      if (!reenter) return;\n"
    "      let ok = false;\n"
    "      try { p.execute(new Uint8Array(1)); } catch (e) { ok = e instanceof TypeError; }\n"
    "      if (!ok) bad('execute() inside a callback was not refused');\n"
    "      ok = false;\n"
    "      try { p.initialize(response); } catch (e) { ok = e instanceof TypeError; }\n"
    "      if (!ok) bad('initialize() inside a callback was not refused');\n"
    "    };\n"
    "    const flushBody = () => { if (body) { log.push('B' + body); body = ''; } };\n"
    "    p.onHeadersComplete = function (major, minor, headers, method, url, status, text, upgrade, keepAlive) {\n"
    "      if (this !== p) bad('this is not the parser');\n"
    "      if (inMsg) bad('headers inside a message');\n"
    "      if (arguments.length !== 9) bad('onHeadersComplete arity');\n"
    "      if (!Number.isInteger(major) || !Number.isInteger(minor) || major < 0 || minor < 0 || major > 9 || minor > 9) bad('version ' + major + '.' + minor);\n"
    "      if (!Array.isArray(headers) || headers.length % 2) bad('headers is not a list of pairs');\n"
    "      for (const h of headers) if (typeof h !== 'string') bad('a header is not a string');\n"
    "      if (typeof upgrade !== 'boolean' || typeof keepAlive !== 'boolean') bad('flags are not booleans');\n"
    "      if (response) {\n"
    "        if (url !== undefined || typeof text !== 'string') bad('response fields');\n"
    "        if (!Number.isInteger(status) || status < 0 || status > 999) bad('status ' + status);\n"
    "      } else {\n"
    "        if (typeof url !== 'string' || typeof method !== 'string' || status !== 0) bad('request fields');\n"
    "      }\n"
    "      inMsg = true;\n"
    "      log.push(['H', major, minor, method, url, status, text, upgrade, keepAlive, JSON.stringify(headers)].join('|'));\n"
    "      tryReenter();\n"
    "      if (throwIn === 1 && msgs === throwAt) throw marker;\n"
    "      return skip ? 1 : 0;\n"
    "    };\n"
    "    p.onBody = function (b) {\n"
    "      if (!inMsg) bad('a body outside a message');\n"
    "      if (!(b instanceof ArrayBuffer) || b.byteLength === 0) bad('a body chunk is not a non-empty ArrayBuffer');\n"
    "      const u = new Uint8Array(b);\n"
    "      for (let k = 0; k < u.length; k++) body += String.fromCharCode(u[k]);\n"
    "      tryReenter();\n"
    "      if (throwIn === 2 && msgs === throwAt) throw marker;\n"
    "    };\n"
    "    p.onMessageComplete = function () {\n"
    "      if (!inMsg) bad('a message end outside a message');\n"
    "      flushBody();\n"
    "      log.push('C');\n"
    "      inMsg = false;\n"
    "      tryReenter();\n"
    "      if (throwIn === 3 && msgs === throwAt) throw marker;\n"
    "      msgs++;\n"
    "    };\n"
    "    const step = pieceSize > 0 ? pieceSize : bytes.length || 1;\n"
    "    let at = 0, outcome = 'ok', rounds = 2 * bytes.length + 8;\n"
    "    feed: while (at < bytes.length) {\n"
    "      if (--rounds < 0) bad('execute() makes no progress');\n"
    "      const chunk = bytes.subarray(at, Math.min(bytes.length, at + step));\n"
    "      let r;\n"
    "      try { r = p.execute(chunk); } catch (e) {\n"
    "        if (e !== marker) throw e;\n"
    "        outcome = 'thrown';\n"
    "        break;\n"
    "      }\n"
    "      if (r instanceof Error) {\n"
    "        if (typeof r.code !== 'string' || !r.code.startsWith('HPE_')) bad('error code ' + r.code);\n"
    "        if (typeof r.message !== 'string' || typeof r.reason !== 'string') bad('error fields');\n"
    "        outcome = 'error ' + r.code;\n"
    "        break;\n"
    "      }\n"
    "      if (!Number.isInteger(r) || r < 0 || r > chunk.length) bad('execute returned ' + r);\n"
    "      at += r;\n"
    "      if (r < chunk.length) {\n"
    "        // paused (an upgrade): the rest is another protocol's, unless resumed\n"
    "        if (!(flags & 128) || plain) { flushBody(); log.push('P' + at); outcome = 'paused'; break feed; }\n"
    "        p.resume();\n"
    "      }\n"
    "    }\n"
    "    flushBody();\n"
    "    if (outcome === 'ok') {\n"
    "      let f;\n"
    "      try { f = p.finish(); } catch (e) { if (e !== marker) throw e; f = 'thrown'; }\n"
    "      if (f !== undefined && f !== 'thrown' && !(f instanceof Error && String(f.code).startsWith('HPE_'))) bad('finish returned ' + f);\n"
    "      flushBody();\n"
    "      outcome = f === undefined ? 'ok' : f === 'thrown' ? 'thrown' : 'finish ' + f.code;\n"
    "    }\n"
    "    log.push(outcome);\n"
    "    return log.join('\\n');\n"
    "  }\n"
    "  const once = run(0, true);\n"
    "  if (piece > 0) {\n"
    "    const split = run(piece, true);\n"
    "    // maxHeaderSize is counted as llhttp hands over header pieces, which it\n"
    "    // does at the end of each input piece too (as in Node): in pieces the\n"
    "    // overflow can come before another error, or before a message ends.\n"
    "    const events = (l) => { const a = l.split('\\n'); a.pop(); if (a.length && a[a.length - 1][0] === 'B') a.pop(); return a.join('\\n'); };\n"
    "    const overflow = /HPE_HEADER_OVERFLOW$/.test(once) || /HPE_HEADER_OVERFLOW$/.test(split);\n"
    "    const a = events(once), b = events(split);\n"
    "    const same = split === once || (overflow && (a.startsWith(b) || b.startsWith(a)));\n"
    "    if (!same) bad('pieces of ' + piece + ' bytes parse differently:\\n' + once + '\\n---\\n' + split);\n"
    "  }\n"
    "  run(piece, false);\n"
    "  return once;\n"
    "})";

static int on_interrupt(JSRuntime *r, void *opaque)
{
    return ++interrupts > FZ_JS_INTERRUPTS;
}

static int64_t live_objects(void)
{
    JSMemoryUsage u;
    JS_RunGC(rt);
    JS_ComputeMemoryUsage(rt, &u);
    return u.obj_count;
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    rt = JS_NewRuntime();
    FZ_CHECK(rt, "JS_NewRuntime");
    JS_SetMemoryLimit(rt, FZ_JS_MEMORY);
    JS_SetInterruptHandler(rt, on_interrupt, NULL);
    ctx = JS_NewContext(rt);
    FZ_CHECK(ctx, "JS_NewContext");
    binding = weft__js_http_parser_binding(ctx);
    FZ_CHECK(!JS_IsException(binding), "the http_parser binding");
    driver = JS_Eval(ctx, driver_src, sizeof driver_src - 1, "<fuzz http driver>", 0);
    FZ_CHECK(!JS_IsException(driver), "the driver does not compile");
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 3) return 0;
    interrupts = 0;
    JSValue bytes = JS_NewArrayBufferCopy(ctx, data + 3, size - 3);
    JSValueConst targs[3] = {bytes, JS_UNDEFINED, JS_UNDEFINED};
    JSValue u8 = JS_IsException(bytes) ? JS_EXCEPTION
                                       : JS_NewTypedArray(ctx, 3, targs, JS_TYPED_ARRAY_UINT8);
    JSValue args[5] = {JS_DupValue(ctx, binding), JS_NewInt32(ctx, data[0]),
                       JS_NewInt32(ctx, data[1]), JS_NewInt32(ctx, data[2]), u8};
    JSValue r = JS_IsException(u8) ? JS_EXCEPTION : JS_Call(ctx, driver, JS_UNDEFINED, 5, args);
    for (int i = 0; i < 5; i++)
        if (i != 4 || !JS_IsException(u8)) JS_FreeValue(ctx, args[i]);
    JS_FreeValue(ctx, bytes);
    if (JS_IsException(r)) {
        JSValue e = JS_GetException(ctx);
        const char *m = JS_ToCString(ctx, e);
        int invariant = m && !strncmp(m, "Error: INVARIANT: ", 18);
        /* else the budget or the memory cap ran out (an InternalError) */
        if (invariant) fprintf(stderr, "%s\n", m);
        JS_FreeCString(ctx, m);
        JS_FreeValue(ctx, e);
        FZ_CHECK(!invariant, "the HTTP parser broke its contract");
    } else {
        if (getenv("WEFT_FUZZ_VERBOSE")) { /* the events, to read a finding */
            const char *log = JS_ToCString(ctx, r);
            fprintf(stderr, "%s\n", log ? log : "?");
            JS_FreeCString(ctx, log);
        }
        JS_FreeValue(ctx, r);
    }
    JSContext *c;
    while (JS_ExecutePendingJob(rt, &c) > 0) {
    }
    FZ_CHECK(!JS_HasException(ctx), "an exception was left pending");
    int64_t live = live_objects();
    if (live != baseline_objects && !rerun) {
        rerun = 1;
        LLVMFuzzerTestOneInput(data, size);
        rerun = 0;
        FZ_CHECK(live_objects() == live, "a JS object outlived its input (a leak)");
        baseline_objects = live;
    }
    return 0;
}
