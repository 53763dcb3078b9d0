// stream.js: the shared part of Node 20's `stream` module, written for weft
// from Node's documented behaviour and its tests: error codes, the legacy
// Stream base (with its pipe), high-water marks, destroy/construct/
// errorOrDestroy, stream predicates and finished() (end-of-stream). Loaded on
// first require('stream'); stream_readable.js, stream_writable.js and
// stream_duplex.js follow and fill internal.streams.
const EE = internal.EventEmitter;
const S = internal.streams = {};
const process = internal.process;

// ---- errors (messages as Node's lib/internal/errors.js) ----
function nodeError(Base, code, message) {
  return internal.makeNodeError(Base, code, message);
}
const E = S.errors = {
  pushAfterEof: () => nodeError(Error, 'ERR_STREAM_PUSH_AFTER_EOF', 'stream.push() after EOF'),
  unshiftAfterEnd: () => nodeError(Error, 'ERR_STREAM_UNSHIFT_AFTER_END_EVENT', 'stream.unshift() after end event'),
  notImplemented: (m) => nodeError(Error, 'ERR_METHOD_NOT_IMPLEMENTED', `The ${m} method is not implemented`),
  writeAfterEnd: () => nodeError(Error, 'ERR_STREAM_WRITE_AFTER_END', 'write after end'),
  destroyed: (m) => nodeError(Error, 'ERR_STREAM_DESTROYED', `Cannot call ${m} after a stream was destroyed`),
  nullValues: () => nodeError(TypeError, 'ERR_STREAM_NULL_VALUES', 'May not write null values to stream'),
  multipleCallback: () => nodeError(Error, 'ERR_MULTIPLE_CALLBACK', 'Callback called multiple times'),
  alreadyFinished: (m) => nodeError(Error, 'ERR_STREAM_ALREADY_FINISHED', `Cannot call ${m} after a stream was finished`),
  cannotPipe: () => nodeError(Error, 'ERR_STREAM_CANNOT_PIPE', 'Cannot pipe, not readable'),
  prematureClose: () => nodeError(Error, 'ERR_STREAM_PREMATURE_CLOSE', 'Premature close'),
  missingArgs: (name) => nodeError(TypeError, 'ERR_MISSING_ARGS', `The "${name}" argument must be specified`),
  unknownEncoding: (enc) => nodeError(TypeError, 'ERR_UNKNOWN_ENCODING', internal.format('Unknown encoding: %s', enc)),
  invalidReturn: (input, name, value) => nodeError(TypeError, 'ERR_INVALID_RETURN_VALUE',
    `Expected ${input} to be returned from the "${name}" function but got ${value === null ? 'null' :
      typeof value === 'object' && value.constructor && value.constructor.name ? `an instance of ${value.constructor.name}` :
        `type ${typeof value}`}.`),
  invalidArgValue(name, value, reason = 'is invalid') {
    const kind = name.includes('.') ? 'property' : 'argument';
    let shown = internal.inspect(value);
    if (shown.length > 128) shown = `${shown.slice(0, 128)}...`;
    return nodeError(TypeError, 'ERR_INVALID_ARG_VALUE', `The ${kind} '${name}' ${reason}. Received ${shown}`);
  },
  invalidArgType(name, expected, actual) {
    try { internal.throwInvalidArgType(name, expected, actual); } catch (e) { return e; }
  },
  illegalConstructor: () => nodeError(TypeError, 'ERR_ILLEGAL_CONSTRUCTOR', 'Illegal constructor'),
};
S.abortError = (cause) => {
  const err = internal.abortError();
  if (cause !== undefined) err.cause = cause;
  return err;
};
S.nop = () => {};
S.once = (fn) => {
  let called = false;
  return function (...args) {
    if (called) return;
    called = true;
    return Reflect.apply(fn, this, args);
  };
};
S.validateFunction = (fn, name) => {
  if (typeof fn !== 'function') internal.throwInvalidArgType(name, 'Function', fn);
};
S.validateObject = (o, name) => {
  if (o === null || typeof o !== 'object' || Array.isArray(o)) internal.throwInvalidArgType(name, 'Object', o);
};
S.validateBoolean = (v, name) => {
  if (typeof v !== 'boolean') internal.throwInvalidArgType(name, 'boolean', v);
};
S.validateAbortSignal = internal.validateAbortSignal;
// Two errors into one, as Node's aggregateTwoErrors (an AggregateError keeps
// the first error's code).
S.aggregateTwoErrors = (inner, outer) => {
  if (inner && outer && inner !== outer) {
    if (Array.isArray(outer.errors)) { outer.errors.push(inner); return outer; }
    const err = new AggregateError([outer, inner], outer.message);
    err.code = outer.code;
    return err;
  }
  return inner || outer;
};
S.addAbortListener = (signal, listener) => {
  if (signal.aborted) {
    queueMicrotask(() => listener());
    return { [Symbol.dispose]() {} };
  }
  signal.addEventListener('abort', listener, { once: true });
  return { [Symbol.dispose]() { signal.removeEventListener('abort', listener); } };
};

// ---- buffers: Buffer once the buffer module exists, strings before ----
S.isUint8Array = (v) => v instanceof Uint8Array;
S.isBuffer = (v) => typeof Buffer === 'function' && Buffer.isBuffer(v);
S.toBuffer = (v, enc) => Buffer.from(v, enc);
S.isEncoding = (enc) => typeof Buffer === 'function' ? Buffer.isEncoding(enc) : /^(utf-?8|latin1|binary|ascii|hex|base64|base64url|ucs-?2|utf-?16le)$/i.test(String(enc));

// ---- high-water marks (Node 20: 16 KiB, 16 objects) ----
let defaultHwmBytes = 16 * 1024;
let defaultHwmObjects = 16;
S.getDefaultHighWaterMark = (objectMode) => (objectMode ? defaultHwmObjects : defaultHwmBytes);
S.setDefaultHighWaterMark = (objectMode, value) => {
  if (typeof value !== 'number') internal.throwInvalidArgType('value', 'number', value);
  if (value < 0 || !Number.isInteger(value)) {
    throw nodeError(RangeError, 'ERR_OUT_OF_RANGE',
      `The value of "value" is out of range. It must be >= 0 && <= ${Number.MAX_SAFE_INTEGER}. Received ${value}`);
  }
  if (objectMode) defaultHwmObjects = value;
  else defaultHwmBytes = value;
};
S.getHighWaterMark = (state, options, duplexKey, isDuplex) => {
  const hwm = options.highWaterMark != null ? options.highWaterMark : isDuplex ? options[duplexKey] : null;
  if (hwm != null) {
    if (!Number.isInteger(hwm) || hwm < 0) {
      throw E.invalidArgValue(isDuplex ? `options.${duplexKey}` : 'options.highWaterMark', hwm);
    }
    return Math.floor(hwm);
  }
  return S.getDefaultHighWaterMark(state.objectMode);
};

// ---- predicates (what finished() and pipeline() may rely on) ----
const kIsDestroyed = Symbol.for('nodejs.stream.destroyed');
const kIsErrored = Symbol.for('nodejs.stream.errored');
const kIsReadable = Symbol.for('nodejs.stream.readable');
const kIsWritable = Symbol.for('nodejs.stream.writable');
const kIsDisturbed = Symbol.for('nodejs.stream.disturbed');
Object.assign(S, { kIsDestroyed, kIsErrored, kIsReadable, kIsWritable, kIsDisturbed });

function isReadableNodeStream(obj, strict = false) {
  return !!(obj && typeof obj.pipe === 'function' && typeof obj.on === 'function' &&
    (!strict || (typeof obj.pause === 'function' && typeof obj.resume === 'function')) &&
    (!obj._writableState || (obj._readableState && obj._readableState.readable !== false)));
}
function isWritableNodeStream(obj) {
  return !!(obj && typeof obj.write === 'function' && typeof obj.on === 'function' &&
    (!obj._readableState || (obj._writableState && obj._writableState.writable !== false)));
}
function isDuplexNodeStream(obj) {
  return !!(obj && typeof obj.pipe === 'function' && obj._readableState &&
    typeof obj.on === 'function' && typeof obj.write === 'function');
}
function isNodeStream(obj) {
  return !!(obj && (obj._readableState || obj._writableState ||
    (typeof obj.write === 'function' && typeof obj.on === 'function') ||
    (typeof obj.pipe === 'function' && typeof obj.on === 'function')));
}
function isReadableStream(obj) {
  return !!(obj && !isNodeStream(obj) && typeof obj.pipeThrough === 'function' &&
    typeof obj.getReader === 'function' && typeof obj.cancel === 'function');
}
function isWritableStream(obj) {
  return !!(obj && !isNodeStream(obj) && typeof obj.getWriter === 'function' && typeof obj.abort === 'function');
}
function isTransformStream(obj) {
  return !!(obj && !isNodeStream(obj) && typeof obj.readable === 'object' && typeof obj.writable === 'object');
}
function isWebStream(obj) {
  return isReadableStream(obj) || isWritableStream(obj) || isTransformStream(obj);
}
function isIterable(obj, isAsync) {
  if (obj == null) return false;
  if (isAsync === true) return typeof obj[Symbol.asyncIterator] === 'function';
  if (isAsync === false) return typeof obj[Symbol.iterator] === 'function';
  return typeof obj[Symbol.asyncIterator] === 'function' || typeof obj[Symbol.iterator] === 'function';
}
function isDestroyed(stream) {
  if (!isNodeStream(stream)) return null;
  const state = stream._writableState || stream._readableState;
  return !!(stream.destroyed || stream[kIsDestroyed] || (state && state.destroyed));
}
function isWritableEnded(stream) {
  if (!isWritableNodeStream(stream)) return null;
  if (stream.writableEnded === true) return true;
  const w = stream._writableState;
  if (w && w.errored) return false;
  if (!w || typeof w.ended !== 'boolean') return null;
  return w.ended;
}
function isWritableFinished(stream, strict) {
  if (!isWritableNodeStream(stream)) return null;
  if (stream.writableFinished === true) return true;
  const w = stream._writableState;
  if (w && w.errored) return false;
  if (!w || typeof w.finished !== 'boolean') return null;
  return !!(w.finished || (strict === false && w.ended === true && w.length === 0));
}
function isReadableEnded(stream) {
  if (!isReadableNodeStream(stream)) return null;
  if (stream.readableEnded === true) return true;
  const r = stream._readableState;
  if (!r || r.errored) return false;
  if (typeof r.ended !== 'boolean') return null;
  return r.ended;
}
function isReadableFinished(stream, strict) {
  if (!isReadableNodeStream(stream)) return null;
  const r = stream._readableState;
  if (r && r.errored) return false;
  if (!r || typeof r.endEmitted !== 'boolean') return null;
  return !!(r.endEmitted || (strict === false && r.ended === true && r.length === 0));
}
function isReadable(stream) {
  if (stream && stream[kIsReadable] != null) return stream[kIsReadable];
  if (!stream || typeof stream.readable !== 'boolean') return null;
  if (isDestroyed(stream)) return false;
  return isReadableNodeStream(stream) && stream.readable && !isReadableFinished(stream);
}
function isWritable(stream) {
  if (stream && stream[kIsWritable] != null) return stream[kIsWritable];
  if (!stream || typeof stream.writable !== 'boolean') return null;
  if (isDestroyed(stream)) return false;
  return isWritableNodeStream(stream) && stream.writable && !isWritableEnded(stream);
}
function isFinished(stream, opts) {
  if (!isNodeStream(stream)) return null;
  if (isDestroyed(stream)) return true;
  if ((!opts || opts.readable !== false) && isReadable(stream)) return false;
  if ((!opts || opts.writable !== false) && isWritable(stream)) return false;
  return true;
}
function isWritableErrored(stream) {
  if (!isNodeStream(stream)) return null;
  if (stream.writableErrored) return stream.writableErrored;
  const w = stream._writableState;
  return w && w.errored != null ? w.errored : null;
}
function isReadableErrored(stream) {
  if (!isNodeStream(stream)) return null;
  if (stream.readableErrored) return stream.readableErrored;
  const r = stream._readableState;
  return r && r.errored != null ? r.errored : null;
}
function isClosed(stream) {
  if (!isNodeStream(stream)) return null;
  if (typeof stream.closed === 'boolean') return stream.closed;
  const w = stream._writableState, r = stream._readableState;
  if ((w && typeof w.closed === 'boolean') || (r && typeof r.closed === 'boolean')) {
    return (w && w.closed) || (r && r.closed);
  }
  return null;
}
function willEmitClose(stream) {
  if (!isNodeStream(stream)) return null;
  const state = stream._writableState || stream._readableState;
  return !!(state && state.autoDestroy && state.emitClose && state.closed === false);
}
function isDisturbed(stream) {
  if (!stream) return false;
  if (stream[kIsDisturbed] != null) return !!stream[kIsDisturbed];
  return !!(stream.readableDidRead || stream.readableAborted);
}
function isErrored(stream) {
  if (!stream) return false;
  const first = (...vals) => { for (const v of vals) if (v != null) return v; return undefined; };
  const r = stream._readableState, w = stream._writableState;
  return !!first(stream[kIsErrored], stream.readableErrored, stream.writableErrored,
    r && r.errorEmitted, w && w.errorEmitted, r && r.errored, w && w.errored);
}
Object.assign(S, {
  isReadableNodeStream, isWritableNodeStream, isDuplexNodeStream, isNodeStream, isReadableStream,
  isWritableStream, isTransformStream, isWebStream, isIterable, isDestroyed, isWritableEnded,
  isWritableFinished, isReadableEnded, isReadableFinished, isReadable, isWritable, isFinished,
  isWritableErrored, isReadableErrored, isClosed, willEmitClose, isDisturbed, isErrored,
});

// ---- destroy (Node's lib/internal/streams/destroy.js contract) ----
const kDestroy = S.kDestroy = Symbol('kDestroy');
const kConstruct = S.kConstruct = Symbol('kConstruct');

function recordError(err, w, r) {
  if (!err) return;
  err.stack; // eslint-disable-line no-unused-expressions -- capture the stack now, as Node
  if (w && !w.errored) w.errored = err;
  if (r && !r.errored) r.errored = err;
}

function destroy(err, cb) {
  const r = this._readableState, w = this._writableState;
  const s = w || r;
  if ((w && w.destroyed) || (r && r.destroyed)) {
    if (typeof cb === 'function') cb();
    return this;
  }
  recordError(err, w, r);
  if (w) w.destroyed = true;
  if (r) r.destroyed = true;
  if (!s.constructed) {
    this.once(kDestroy, function (er) { runDestroy(this, S.aggregateTwoErrors(er, err), cb); });
  } else {
    runDestroy(this, err, cb);
  }
  return this;
}

function runDestroy(self, err, cb) {
  let called = false;
  function onDestroy(err) {
    if (called) return;
    called = true;
    const r = self._readableState, w = self._writableState;
    recordError(err, w, r);
    if (w) w.closed = true;
    if (r) r.closed = true;
    if (typeof cb === 'function') cb(err);
    if (err) process.nextTick(emitErrorCloseNT, self, err);
    else process.nextTick(emitCloseNT, self);
  }
  try {
    self._destroy(err || null, onDestroy);
  } catch (e) {
    onDestroy(e);
  }
}

function emitErrorCloseNT(self, err) {
  emitErrorNT(self, err);
  emitCloseNT(self);
}
function emitCloseNT(self) {
  const r = self._readableState, w = self._writableState;
  if (w) w.closeEmitted = true;
  if (r) r.closeEmitted = true;
  if ((w && w.emitClose) || (r && r.emitClose)) self.emit('close');
}
function emitErrorNT(self, err) {
  const r = self._readableState, w = self._writableState;
  if ((w && w.errorEmitted) || (r && r.errorEmitted)) return;
  if (w) w.errorEmitted = true;
  if (r) r.errorEmitted = true;
  self.emit('error', err);
}

function undestroy() {
  const r = this._readableState, w = this._writableState;
  if (r) {
    r.constructed = true;
    r.closed = false;
    r.closeEmitted = false;
    r.destroyed = false;
    r.errored = null;
    r.errorEmitted = false;
    r.reading = false;
    r.ended = r.readable === false;
    r.endEmitted = r.readable === false;
  }
  if (w) {
    w.constructed = true;
    w.destroyed = false;
    w.closed = false;
    w.closeEmitted = false;
    w.errored = null;
    w.errorEmitted = false;
    w.finalCalled = false;
    w.prefinished = false;
    w.ended = w.writable === false;
    w.ending = w.writable === false;
    w.finished = w.writable === false;
  }
}

// An error inside the stream machinery: destroy when autoDestroy, else
// record it and emit 'error' (on the next tick when `sync`).
function errorOrDestroy(stream, err, sync) {
  const r = stream._readableState, w = stream._writableState;
  if ((w && w.destroyed) || (r && r.destroyed)) return;
  if ((r && r.autoDestroy) || (w && w.autoDestroy)) {
    stream.destroy(err);
  } else if (err) {
    recordError(err, w, r);
    if (sync) process.nextTick(emitErrorNT, stream, err);
    else emitErrorNT(stream, err);
  }
}

// _construct(cb): the stream is not "constructed" (reads, writes, finish
// and destroy wait) until cb runs, one tick after it is called.
function construct(stream, cb) {
  if (typeof stream._construct !== 'function') return;
  const r = stream._readableState, w = stream._writableState;
  if (r) r.constructed = false;
  if (w) w.constructed = false;
  stream.once(kConstruct, cb);
  if (stream.listenerCount(kConstruct) > 1) return;
  process.nextTick(constructNT, stream);
}
function constructNT(stream) {
  let called = false;
  function onConstruct(err) {
    if (called) {
      errorOrDestroy(stream, err != null ? err : E.multipleCallback());
      return;
    }
    called = true;
    const r = stream._readableState, w = stream._writableState;
    const s = w || r;
    if (r) r.constructed = true;
    if (w) w.constructed = true;
    if (s.destroyed) stream.emit(kDestroy, err);
    else if (err) errorOrDestroy(stream, err, true);
    else stream.emit(kConstruct);
  }
  try {
    stream._construct((err) => { process.nextTick(onConstruct, err); });
  } catch (err) {
    process.nextTick(onConstruct, err);
  }
}

function isRequest(stream) {
  return stream && stream.setHeader && typeof stream.abort === 'function';
}
// stream.destroy(stream, err) / pipeline's teardown: any stream-like.
function destroyer(stream, err) {
  if (!stream || isDestroyed(stream)) return;
  if (!err && !isFinished(stream)) err = S.abortError();
  if (isRequest(stream)) stream.abort();
  else if (isRequest(stream.req)) stream.req.abort();
  else if (typeof stream.destroy === 'function') stream.destroy(err);
  else if (typeof stream.close === 'function') stream.close();
  else if (err) process.nextTick((s, e) => { s.emit('error', e); process.nextTick(() => s.emit('close')); }, stream, err);
  else process.nextTick((s) => s.emit('close'), stream);
  if (!stream.destroyed) stream[kIsDestroyed] = true;
}
Object.assign(S, { destroy, undestroy, errorOrDestroy, construct, destroyer });

// ---- finished(stream[, options], callback): end-of-stream ----
function eos(stream, options, callback) {
  if (arguments.length === 2) {
    callback = options;
    options = {};
  } else if (options == null) {
    options = {};
  } else {
    S.validateObject(options, 'options');
  }
  S.validateFunction(callback, 'callback');
  S.validateAbortSignal(options.signal, 'options.signal');
  callback = S.once(callback);
  if (isReadableStream(stream) || isWritableStream(stream)) {
    throw E.invalidArgType('stream', ['ReadableStream', 'WritableStream', 'Stream'], stream);
  }
  if (!isNodeStream(stream)) {
    throw E.invalidArgType('stream', ['ReadableStream', 'WritableStream', 'Stream'], stream);
  }
  const readable = options.readable != null ? options.readable : isReadableNodeStream(stream);
  const writable = options.writable != null ? options.writable : isWritableNodeStream(stream);
  const w = stream._writableState, r = stream._readableState;

  const onlegacyfinish = () => { if (!stream.writable) onfinish(); };
  let emitsClose = willEmitClose(stream) && isReadableNodeStream(stream) === readable &&
    isWritableNodeStream(stream) === writable;
  let writableFinished = isWritableFinished(stream, false);
  const onfinish = () => {
    writableFinished = true;
    if (stream.destroyed) emitsClose = false;
    if (emitsClose && (!stream.readable || readable)) return;
    if (!readable || readableFinished) callback.call(stream);
  };
  let readableFinished = isReadableFinished(stream, false);
  const onend = () => {
    readableFinished = true;
    if (stream.destroyed) emitsClose = false;
    if (emitsClose && (!stream.writable || writable)) return;
    if (!writable || writableFinished) callback.call(stream);
  };
  const onerror = (err) => { callback.call(stream, err); };
  let closed = isClosed(stream);
  const onclose = () => {
    closed = true;
    const errored = isWritableErrored(stream) || isReadableErrored(stream);
    if (errored && typeof errored !== 'boolean') return callback.call(stream, errored);
    if (readable && !readableFinished && isReadableNodeStream(stream, true)) {
      if (!isReadableFinished(stream, false)) return callback.call(stream, E.prematureClose());
    }
    if (writable && !writableFinished) {
      if (!isWritableFinished(stream, false)) return callback.call(stream, E.prematureClose());
    }
    callback.call(stream);
  };
  const onclosed = () => {
    closed = true;
    const errored = isWritableErrored(stream) || isReadableErrored(stream);
    if (errored && typeof errored !== 'boolean') return callback.call(stream, errored);
    callback.call(stream);
  };
  const onrequest = () => { stream.req.on('finish', onfinish); };

  if (isRequest(stream)) {
    stream.on('complete', onfinish);
    if (!emitsClose) stream.on('abort', onclose);
    if (stream.req) onrequest();
    else stream.on('request', onrequest);
  } else if (writable && !w) {
    stream.on('end', onlegacyfinish);
    stream.on('close', onlegacyfinish);
  }
  if (!emitsClose && typeof stream.aborted === 'boolean') stream.on('aborted', onclose);
  stream.on('end', onend);
  stream.on('finish', onfinish);
  if (options.error !== false) stream.on('error', onerror);
  stream.on('close', onclose);

  if (closed) {
    process.nextTick(onclose);
  } else if ((w && w.errorEmitted) || (r && r.errorEmitted)) {
    if (!emitsClose) process.nextTick(onclosed);
  } else if (!readable && (!emitsClose || isReadable(stream)) &&
    (writableFinished || isWritable(stream) === false) &&
    (w == null || w.pendingcb === undefined || w.pendingcb === 0)) {
    process.nextTick(onclosed);
  } else if (!writable && (!emitsClose || isWritable(stream)) &&
    (readableFinished || isReadable(stream) === false)) {
    process.nextTick(onclosed);
  } else if (r && stream.req && stream.aborted) {
    process.nextTick(onclosed);
  }

  const cleanup = () => {
    callback = S.nop;
    stream.removeListener('aborted', onclose);
    stream.removeListener('complete', onfinish);
    stream.removeListener('abort', onclose);
    stream.removeListener('request', onrequest);
    if (stream.req) stream.req.removeListener('finish', onfinish);
    stream.removeListener('end', onlegacyfinish);
    stream.removeListener('close', onlegacyfinish);
    stream.removeListener('finish', onfinish);
    stream.removeListener('end', onend);
    stream.removeListener('error', onerror);
    stream.removeListener('close', onclose);
  };
  if (options.signal && !closed) {
    const signal = options.signal;
    const abort = () => {
      const endCallback = callback;
      cleanup();
      endCallback.call(stream, S.abortError(signal.reason));
    };
    if (signal.aborted) {
      process.nextTick(abort);
    } else {
      const disposable = S.addAbortListener(signal, abort);
      const original = callback;
      callback = S.once((...args) => {
        disposable[Symbol.dispose]();
        Reflect.apply(original, stream, args);
      });
    }
  }
  return cleanup;
}
function finishedPromise(stream, opts) {
  let autoCleanup = false;
  if (opts === null) opts = {};
  if (opts && opts.cleanup) {
    S.validateBoolean(opts.cleanup, 'cleanup');
    autoCleanup = opts.cleanup;
  }
  return new Promise((resolve, reject) => {
    const cleanup = eos(stream, opts, (err) => {
      if (autoCleanup) cleanup();
      if (err) reject(err);
      else resolve();
    });
  });
}
S.eos = eos;
S.finishedPromise = finishedPromise;

// ---- the legacy Stream base: an EventEmitter with the old pipe() ----
function Stream(opts) {
  EE.call(this, opts);
}
Object.setPrototypeOf(Stream.prototype, EE.prototype);
Object.setPrototypeOf(Stream, EE);
// Streams start with their common event keys present (a stable shape);
// eventNames lists only those with listeners.
Stream.prototype.eventNames = function eventNames() {
  const names = [];
  for (const key of Reflect.ownKeys(this._events)) {
    const v = this._events[key];
    if (typeof v === 'function' || (Array.isArray(v) && v.length > 0)) names.push(key);
  }
  return names;
};
S.presetEvents = (stream, keys) => {
  if (stream._events == null) {
    const events = Object.create(null);
    for (const k of keys) events[k] = undefined;
    stream._events = events;
  }
};
Stream.prototype.pipe = function (dest, options) {
  const source = this;
  function ondata(chunk) {
    if (dest.writable && dest.write(chunk) === false && source.pause) source.pause();
  }
  source.on('data', ondata);
  function ondrain() {
    if (source.readable && source.resume) source.resume();
  }
  dest.on('drain', ondrain);
  if (!dest._isStdio && (!options || options.end !== false)) {
    source.on('end', onend);
    source.on('close', onclose);
  }
  let didOnEnd = false;
  function onend() {
    if (didOnEnd) return;
    didOnEnd = true;
    dest.end();
  }
  function onclose() {
    if (didOnEnd) return;
    didOnEnd = true;
    if (typeof dest.destroy === 'function') dest.destroy();
  }
  function onerror(er) {
    cleanup();
    if (EE.listenerCount(this, 'error') === 0) this.emit('error', er);
  }
  prependListener(source, 'error', onerror);
  prependListener(dest, 'error', onerror);
  function cleanup() {
    source.removeListener('data', ondata);
    dest.removeListener('drain', ondrain);
    source.removeListener('end', onend);
    source.removeListener('close', onclose);
    source.removeListener('error', onerror);
    dest.removeListener('error', onerror);
    source.removeListener('end', cleanup);
    source.removeListener('close', cleanup);
    dest.removeListener('close', cleanup);
  }
  source.on('end', cleanup);
  source.on('close', cleanup);
  dest.on('close', cleanup);
  dest.emit('pipe', source);
  return dest;
};
// prependListener for emitters that may lack it (old userland streams).
function prependListener(emitter, event, fn) {
  if (typeof emitter.prependListener === 'function') return emitter.prependListener(event, fn);
  if (!emitter._events || !emitter._events[event]) emitter.on(event, fn);
  else if (Array.isArray(emitter._events[event])) emitter._events[event].unshift(fn);
  else emitter._events[event] = [fn, emitter._events[event]];
}
S.prependListener = prependListener;
S.Stream = Stream;

// addAbortSignal(signal, stream): destroy the stream with an AbortError on abort.
S.addAbortSignal = function addAbortSignal(signal, stream) {
  S.validateAbortSignal(signal, 'signal');
  if (!isNodeStream(stream) && !isWebStream(stream)) {
    throw E.invalidArgType('stream', ['ReadableStream', 'WritableStream', 'Stream'], stream);
  }
  return S.addAbortSignalNoValidate(signal, stream);
};
S.addAbortSignalNoValidate = function (signal, stream) {
  if (typeof signal !== 'object' || !('aborted' in signal)) return stream;
  const onAbort = () => { stream.destroy(S.abortError(signal.reason)); };
  if (signal.aborted) {
    onAbort();
  } else {
    const disposable = S.addAbortListener(signal, onAbort);
    eos(stream, () => disposable[Symbol.dispose]());
  }
  return stream;
};
