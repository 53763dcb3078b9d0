// stream_readable.js: stream.Readable as Node 20's (written for weft from
// its documented behaviour and tests): push/unshift/read with highWaterMark,
// 'readable'/'data'/'end' ordering through process.nextTick as Node, flowing
// and paused modes, pipe/unpipe with backpressure ('drain'), setEncoding,
// wrap, async iteration and Readable.from. Needs stream.js first.
const S = internal.streams;
const E = S.errors;
const process = internal.process;
const Stream = S.Stream;

function ReadableState(options, stream, isDuplex) {
  if (typeof isDuplex !== 'boolean') isDuplex = stream instanceof S.Duplex;
  this.objectMode = !!(options && options.objectMode);
  if (isDuplex && options && options.readableObjectMode) this.objectMode = true;
  this.highWaterMark = options ? S.getHighWaterMark(this, options, 'readableHighWaterMark', isDuplex)
    : S.getDefaultHighWaterMark(false);
  this.buffer = [];
  this.bufferIndex = 0;
  this.length = 0;
  this.pipes = [];
  this.flowing = null; // null: no mode chosen yet; true: flowing; false: paused
  this.ended = false;
  this.endEmitted = false;
  this.reading = false;
  this.constructed = true;
  this.sync = true; // a push inside _read is synchronous: 'readable' waits a tick
  this.needReadable = false;
  this.emittedReadable = false;
  this.readableListening = false;
  this.resumeScheduled = false;
  this.dataListening = false;
  this[kPaused] = null;
  this.errorEmitted = false;
  this.emitClose = !(options && options.emitClose === false);
  this.autoDestroy = !(options && options.autoDestroy === false);
  this.destroyed = false;
  this.errored = null;
  this.closed = false;
  this.closeEmitted = false;
  const enc = options && options.defaultEncoding;
  if (enc == null || enc === 'utf8' || enc === 'utf-8') this.defaultEncoding = 'utf8';
  else if (S.isEncoding(enc)) this.defaultEncoding = enc;
  else throw E.unknownEncoding(enc);
  this.awaitDrainWriters = null;
  this.multiAwaitDrain = false;
  this.readingMore = false;
  this.dataEmitted = false;
  this.decoder = null;
  this.encoding = null;
  if (options && options.encoding) {
    this.decoder = new (stringDecoder())(options.encoding);
    this.encoding = options.encoding;
  }
}
const kPaused = Symbol('kPaused');
Object.defineProperties(ReadableState.prototype, {
  pipesCount: { get() { return this.pipes.length; } },
  paused: {
    get() { return this[kPaused] === true; },
    set(v) { this[kPaused] = !!v; },
  },
});
function stringDecoder() {
  return internal.loadBuiltin('string_decoder').StringDecoder;
}

function Readable(options) {
  if (!(this instanceof Readable)) return new Readable(options);
  S.presetEvents(this, ['close', 'error', 'data', 'end', 'readable']);
  this._readableState = new ReadableState(options, this, this instanceof S.Duplex);
  if (options) {
    if (typeof options.read === 'function') this._read = options.read;
    if (typeof options.destroy === 'function') this._destroy = options.destroy;
    if (typeof options.construct === 'function') this._construct = options.construct;
    if (options.signal && !(this instanceof S.Duplex)) S.addAbortSignal(options.signal, this);
  }
  Stream.call(this, options);
  if (this._construct != null) S.construct(this, () => onConstructed(this));
}
function onConstructed(stream) {
  const state = stream._readableState;
  if (state.needReadable) maybeReadMore(stream, state);
}
S.onReadableConstructed = onConstructed;
Object.setPrototypeOf(Readable.prototype, Stream.prototype);
Object.setPrototypeOf(Readable, Stream);
Readable.ReadableState = ReadableState;

Readable.prototype.destroy = S.destroy;
Readable.prototype._undestroy = S.undestroy;
Readable.prototype._destroy = function (err, cb) { cb(err); };
Readable.prototype[internal.EventEmitter.captureRejectionSymbol] = function (err) { this.destroy(err); };
if (Symbol.asyncDispose) {
  Readable.prototype[Symbol.asyncDispose] = function () {
    let error;
    if (!this.destroyed) {
      error = this.readableEnded ? null : S.abortError();
      this.destroy(error);
    }
    return new Promise((resolve, reject) => S.eos(this, (err) => (err && err !== error ? reject(err) : resolve(null))));
  };
}

Readable.prototype.push = function (chunk, encoding) {
  return addChunkChecked(this, this._readableState, chunk, encoding, false);
};
Readable.prototype.unshift = function (chunk, encoding) {
  return addChunkChecked(this, this._readableState, chunk, encoding, true);
};

function canPushMore(state) {
  return !state.ended && (state.length < state.highWaterMark || state.length === 0);
}

// push/unshift: chunk checks and conversion, then addChunk.
function addChunkChecked(stream, state, chunk, encoding, toFront) {
  if (chunk === null) {
    state.reading = false;
    onEofChunk(stream, state);
    return false;
  }
  if (!state.objectMode) {
    if (typeof chunk === 'string') {
      encoding = encoding || state.defaultEncoding;
      if (state.encoding !== encoding) {
        if (toFront && state.encoding) chunk = S.toBuffer(chunk, encoding).toString(state.encoding);
        else { chunk = S.toBuffer(chunk, encoding); encoding = ''; }
      }
    } else if (S.isBuffer(chunk)) {
      encoding = '';
    } else if (ArrayBuffer.isView(chunk)) {
      chunk = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
      encoding = '';
    } else if (chunk !== undefined) {
      S.errorOrDestroy(stream, E.invalidArgType('chunk', ['string', 'Buffer', 'TypedArray', 'DataView'], chunk));
      return false;
    }
    if (!chunk || chunk.length <= 0) {
      if (!toFront) {
        state.reading = false;
        maybeReadMore(stream, state);
      }
      return canPushMore(state);
    }
  }
  if (toFront) {
    if (state.endEmitted) S.errorOrDestroy(stream, E.unshiftAfterEnd());
    else if (state.destroyed || state.errored) return false;
    else addChunk(stream, state, chunk, true);
    return canPushMore(state);
  }
  if (state.ended) {
    S.errorOrDestroy(stream, E.pushAfterEof());
    return false;
  }
  if (state.destroyed || state.errored) return false;
  state.reading = false;
  if (state.decoder && !encoding) {
    chunk = state.decoder.write(chunk);
    if (!state.objectMode && chunk.length === 0) {
      maybeReadMore(stream, state);
      return canPushMore(state);
    }
  }
  addChunk(stream, state, chunk, false);
  return canPushMore(state);
}

function addChunk(stream, state, chunk, toFront) {
  if (state.flowing && !state.sync && state.dataListening && state.length === 0) {
    clearAwaitDrain(state);
    state.dataEmitted = true;
    stream.emit('data', chunk);
  } else {
    state.length += state.objectMode ? 1 : chunk.length;
    if (toFront) {
      if (state.bufferIndex > 0) state.buffer[--state.bufferIndex] = chunk;
      else state.buffer.unshift(chunk);
    } else {
      state.buffer.push(chunk);
    }
    if (state.needReadable) emitReadable(stream);
  }
  maybeReadMore(stream, state);
}
function clearAwaitDrain(state) {
  if (state.multiAwaitDrain) state.awaitDrainWriters.clear();
  else state.awaitDrainWriters = null;
}

Readable.prototype.isPaused = function () {
  const state = this._readableState;
  return state[kPaused] === true || state.flowing === false;
};

Readable.prototype.setEncoding = function (enc) {
  const state = this._readableState;
  const decoder = new (stringDecoder())(enc);
  state.decoder = decoder;
  state.encoding = decoder.encoding;
  let content = '';
  for (let i = state.bufferIndex; i < state.buffer.length; i++) content += decoder.write(state.buffer[i]);
  state.buffer.length = 0;
  state.bufferIndex = 0;
  if (content !== '') state.buffer.push(content);
  state.length = content.length;
  return this;
};

const MAX_HWM = 0x40000000;
function computeNewHighWaterMark(n) {
  if (n > MAX_HWM) {
    throw internal.makeNodeError(RangeError, 'ERR_OUT_OF_RANGE',
      `The value of "size" is out of range. It must be <= 1GiB. Received ${n}`);
  }
  let p = 1;
  while (p < n) p *= 2; // the next power of two (n <= 2^30: at most 30 steps)
  return p;
}

function howMuchToRead(n, state) {
  if (n <= 0 || (state.length === 0 && state.ended)) return 0;
  if (state.objectMode) return 1;
  if (Number.isNaN(n)) {
    if (state.flowing && state.length) return state.buffer[state.bufferIndex].length;
    return state.length;
  }
  if (n <= state.length) return n;
  return state.ended ? state.length : 0;
}

Readable.prototype.read = function (n) {
  if (n === undefined) n = NaN;
  else if (!Number.isInteger(n)) n = Number.parseInt(n, 10);
  const state = this._readableState;
  const nOrig = n;
  if (n > state.highWaterMark) state.highWaterMark = computeNewHighWaterMark(n);
  if (n !== 0) state.emittedReadable = false;
  if (n === 0 && state.needReadable &&
    ((state.highWaterMark !== 0 ? state.length >= state.highWaterMark : state.length > 0) || state.ended)) {
    if (state.length === 0 && state.ended) endReadable(this);
    else emitReadable(this);
    return null;
  }
  n = howMuchToRead(n, state);
  if (n === 0 && state.ended) {
    if (state.length === 0) endReadable(this);
    return null;
  }
  // Read more when below the high-water mark; never while a read is
  // pending, after EOF, or on a destroyed/errored/unconstructed stream.
  let doRead = state.needReadable;
  if (state.length === 0 || state.length - n < state.highWaterMark) doRead = true;
  if (state.ended || state.reading || state.destroyed || state.errored || !state.constructed) {
    doRead = false;
  } else if (doRead) {
    state.reading = true;
    state.sync = true;
    if (state.length === 0) state.needReadable = true;
    try {
      this._read(state.highWaterMark);
    } catch (err) {
      S.errorOrDestroy(this, err);
    }
    state.sync = false;
    if (!state.reading) n = howMuchToRead(nOrig, state);
  }
  let ret = n > 0 ? fromList(n, state) : null;
  if (ret === null) {
    if (state.length <= state.highWaterMark) state.needReadable = true;
    n = 0;
  } else {
    state.length -= n;
    clearAwaitDrain(state);
  }
  if (state.length === 0) {
    if (!state.ended) state.needReadable = true;
    if (nOrig !== n && state.ended) endReadable(this);
  }
  if (ret !== null && !state.errorEmitted && !state.closeEmitted) {
    state.dataEmitted = true;
    this.emit('data', ret);
  }
  return ret;
};

function onEofChunk(stream, state) {
  if (state.ended) return;
  if (state.decoder) {
    const chunk = state.decoder.end();
    if (chunk && chunk.length) {
      state.buffer.push(chunk);
      state.length += state.objectMode ? 1 : chunk.length;
    }
  }
  state.ended = true;
  if (state.sync) {
    emitReadable(stream);
  } else {
    state.needReadable = false;
    state.emittedReadable = true;
    emitReadable_(stream);
  }
}

function emitReadable(stream) {
  const state = stream._readableState;
  state.needReadable = false;
  if (!state.emittedReadable) {
    state.emittedReadable = true;
    process.nextTick(emitReadable_, stream);
  }
}
function emitReadable_(stream) {
  const state = stream._readableState;
  if (!state.destroyed && !state.errored && (state.length || state.ended)) {
    stream.emit('readable');
    state.emittedReadable = false;
  }
  if (!state.flowing && !state.ended && state.length <= state.highWaterMark) state.needReadable = true;
  flow(stream);
}

// Fill the buffer up to the high-water mark on a later tick.
function maybeReadMore(stream, state) {
  if (!state.readingMore && state.constructed) {
    state.readingMore = true;
    process.nextTick(maybeReadMore_, stream, state);
  }
}
function maybeReadMore_(stream, state) {
  // Bound: each turn either grows the buffer toward the high-water mark or
  // stops (an unchanged length means _read supplied nothing synchronously).
  while (!state.reading && !state.ended &&
    (state.length < state.highWaterMark || (state.flowing && state.length === 0))) {
    const len = state.length;
    stream.read(0);
    if (len === state.length) break;
  }
  state.readingMore = false;
}

Readable.prototype._read = function () {
  throw E.notImplemented('_read()');
};

Readable.prototype.pipe = function (dest, pipeOpts) {
  const src = this;
  const state = this._readableState;
  if (state.pipes.length === 1 && !state.multiAwaitDrain) {
    state.multiAwaitDrain = true;
    state.awaitDrainWriters = new Set(state.awaitDrainWriters ? [state.awaitDrainWriters] : []);
  }
  state.pipes.push(dest);
  const doEnd = (!pipeOpts || pipeOpts.end !== false) && dest !== process.stdout && dest !== process.stderr;
  const endFn = doEnd ? onend : unpipe;
  if (state.endEmitted) process.nextTick(endFn);
  else src.once('end', endFn);
  dest.on('unpipe', onunpipe);
  function onunpipe(readable, unpipeInfo) {
    if (readable === src && unpipeInfo && unpipeInfo.hasUnpiped === false) {
      unpipeInfo.hasUnpiped = true;
      cleanup();
    }
  }
  function onend() { dest.end(); }
  let ondrain;
  let cleanedUp = false;
  function cleanup() {
    dest.removeListener('close', onclose);
    dest.removeListener('finish', onfinish);
    if (ondrain) dest.removeListener('drain', ondrain);
    dest.removeListener('error', onerror);
    dest.removeListener('unpipe', onunpipe);
    src.removeListener('end', onend);
    src.removeListener('end', unpipe);
    src.removeListener('data', ondata);
    cleanedUp = true;
    // a destination we were waiting on no longer holds the source back
    if (ondrain && state.awaitDrainWriters && (!dest._writableState || dest._writableState.needDrain)) ondrain();
  }
  function pause() {
    if (!cleanedUp) {
      if (state.pipes.length === 1 && state.pipes[0] === dest) {
        state.awaitDrainWriters = dest;
        state.multiAwaitDrain = false;
      } else if (state.pipes.length > 1 && state.pipes.includes(dest)) {
        state.awaitDrainWriters.add(dest);
      }
      src.pause();
    }
    if (!ondrain) {
      ondrain = pipeOnDrain(src, dest);
      dest.on('drain', ondrain);
    }
  }
  src.on('data', ondata);
  function ondata(chunk) {
    if (dest.write(chunk) === false) pause();
  }
  function onerror(er) {
    unpipe();
    dest.removeListener('error', onerror);
    if (dest.listenerCount('error') === 0) {
      const s = dest._writableState || dest._readableState;
      if (s && !s.errorEmitted) S.errorOrDestroy(dest, er);
      else dest.emit('error', er);
    }
  }
  S.prependListener(dest, 'error', onerror);
  function onclose() {
    dest.removeListener('finish', onfinish);
    unpipe();
  }
  dest.once('close', onclose);
  function onfinish() {
    dest.removeListener('close', onclose);
    unpipe();
  }
  dest.once('finish', onfinish);
  function unpipe() { src.unpipe(dest); }
  dest.emit('pipe', src);
  if (dest.writableNeedDrain === true) pause();
  else if (!state.flowing) src.resume();
  return dest;
};

function pipeOnDrain(src, dest) {
  return function pipeOnDrainFunctionResult() {
    const state = src._readableState;
    if (state.awaitDrainWriters === dest) state.awaitDrainWriters = null;
    else if (state.multiAwaitDrain) state.awaitDrainWriters.delete(dest);
    if ((!state.awaitDrainWriters || state.awaitDrainWriters.size === 0) && state.dataListening) src.resume();
  };
}

Readable.prototype.unpipe = function (dest) {
  const state = this._readableState;
  if (state.pipes.length === 0) return this;
  if (!dest) {
    const dests = state.pipes;
    state.pipes = [];
    this.pause();
    for (let i = 0; i < dests.length; i++) dests[i].emit('unpipe', this, { hasUnpiped: false });
    return this;
  }
  const index = state.pipes.indexOf(dest);
  if (index === -1) return this;
  state.pipes.splice(index, 1);
  if (state.pipes.length === 0) this.pause();
  dest.emit('unpipe', this, { hasUnpiped: false });
  return this;
};

// Adding a 'data' listener starts flowing (unless paused explicitly); a
// 'readable' listener switches to paused mode and reads.
Readable.prototype.on = function (ev, fn) {
  const res = Stream.prototype.on.call(this, ev, fn);
  const state = this._readableState;
  if (ev === 'data') {
    state.dataListening = true;
    if (this.listenerCount('readable') > 0) state.readableListening = true;
    if (state.flowing !== false) this.resume();
  } else if (ev === 'readable') {
    if (!state.endEmitted && !state.readableListening) {
      state.readableListening = state.needReadable = true;
      state.flowing = false;
      state.emittedReadable = false;
      if (state.length) emitReadable(this);
      else if (!state.reading) process.nextTick(nReadingNextTick, this);
    }
  }
  return res;
};
Readable.prototype.addListener = Readable.prototype.on;
Readable.prototype.removeListener = function (ev, fn) {
  const state = this._readableState;
  const res = Stream.prototype.removeListener.call(this, ev, fn);
  if (ev === 'readable') process.nextTick(updateReadableListening, this);
  else if (ev === 'data' && this.listenerCount('data') === 0) state.dataListening = false;
  return res;
};
Readable.prototype.off = Readable.prototype.removeListener;
Readable.prototype.removeAllListeners = function (ev) {
  const res = Reflect.apply(Stream.prototype.removeAllListeners, this, arguments);
  if (ev === 'readable' || ev === undefined) process.nextTick(updateReadableListening, this);
  return res;
};
function updateReadableListening(self) {
  const state = self._readableState;
  state.readableListening = self.listenerCount('readable') > 0;
  if (state.resumeScheduled && state[kPaused] === false) state.flowing = true;
  else if (state.dataListening) self.resume();
  else if (!state.readableListening) state.flowing = null;
}
function nReadingNextTick(self) {
  self.read(0);
}

Readable.prototype.resume = function () {
  const state = this._readableState;
  if (!state.flowing) {
    // a 'readable' listener keeps the stream in paused mode
    state.flowing = !state.readableListening;
    if (!state.resumeScheduled) {
      state.resumeScheduled = true;
      process.nextTick(resume_, this, state);
    }
  }
  state[kPaused] = false;
  return this;
};
function resume_(stream, state) {
  if (!state.reading) stream.read(0);
  state.resumeScheduled = false;
  stream.emit('resume');
  flow(stream);
  if (state.flowing && !state.reading) stream.read(0);
}

Readable.prototype.pause = function () {
  const state = this._readableState;
  if (state.flowing !== false) {
    state.flowing = false;
    this.emit('pause');
  }
  state[kPaused] = true;
  return this;
};

function flow(stream) {
  const state = stream._readableState;
  // Bound: each read() takes one chunk from the buffer; it stops at null.
  while (state.flowing && stream.read() !== null);
}

// wrap(oldStream): a Readable over an old-style ('data'/'end') stream.
Readable.prototype.wrap = function (stream) {
  let paused = false;
  stream.on('data', (chunk) => {
    if (!this.push(chunk) && stream.pause) {
      paused = true;
      stream.pause();
    }
  });
  stream.on('end', () => { this.push(null); });
  stream.on('error', (err) => { S.errorOrDestroy(this, err); });
  stream.on('close', () => { this.destroy(); });
  stream.on('destroy', () => { this.destroy(); });
  this._read = () => {
    if (paused && stream.resume) {
      paused = false;
      stream.resume();
    }
  };
  const keys = Object.keys(stream);
  for (let j = 1; j < keys.length; j++) {
    const k = keys[j];
    if (this[k] === undefined && typeof stream[k] === 'function') this[k] = stream[k].bind(stream);
  }
  return this;
};

// ---- async iteration ----
Readable.prototype[Symbol.asyncIterator] = function () {
  return streamToAsyncIterator(this);
};
Readable.prototype.iterator = function (options) {
  if (options !== undefined) S.validateObject(options, 'options');
  return streamToAsyncIterator(this, options);
};
function streamToAsyncIterator(stream, options) {
  if (typeof stream.read !== 'function') stream = Readable.wrap(stream, { objectMode: true });
  const iter = createAsyncIterator(stream, options);
  iter.stream = stream;
  return iter;
}
async function* createAsyncIterator(stream, options) {
  let callback = S.nop;
  function next(resolve) {
    if (this === stream) {
      callback();
      callback = S.nop;
    } else {
      callback = resolve;
    }
  }
  stream.on('readable', next);
  let error;
  const cleanup = S.eos(stream, { writable: false }, (err) => {
    error = err ? S.aggregateTwoErrors(error, err) : null;
    callback();
    callback = S.nop;
  });
  try {
    // Bound: ends when the stream ends (error === null) or fails.
    while (true) {
      const chunk = stream.destroyed ? null : stream.read();
      if (chunk !== null) yield chunk;
      else if (error) throw error;
      else if (error === null) return;
      else await new Promise(next);
    }
  } catch (err) {
    error = S.aggregateTwoErrors(error, err);
    throw error;
  } finally {
    if ((error || !options || options.destroyOnReturn !== false) &&
      (error === undefined || stream._readableState.autoDestroy)) {
      S.destroyer(stream, null);
    } else {
      stream.off('readable', next);
      cleanup();
    }
  }
}

Object.defineProperties(Readable.prototype, {
  readable: {
    get() {
      const r = this._readableState;
      return !!r && r.readable !== false && !r.destroyed && !r.errorEmitted && !r.endEmitted;
    },
    set(val) { if (this._readableState) this._readableState.readable = !!val; },
  },
  readableDidRead: { get() { return this._readableState.dataEmitted; } },
  readableAborted: {
    get() {
      const r = this._readableState;
      return !!(r.readable !== false && (r.destroyed || r.errored) && !r.endEmitted);
    },
  },
  readableHighWaterMark: { get() { return this._readableState.highWaterMark; } },
  readableBuffer: { get() { return this._readableState && this._readableState.buffer; } },
  readableFlowing: {
    get() { return this._readableState.flowing; },
    set(v) { if (this._readableState) this._readableState.flowing = v; },
  },
  readableLength: { get() { return this._readableState.length; } },
  readableObjectMode: { get() { return this._readableState ? this._readableState.objectMode : false; } },
  readableEncoding: { get() { return this._readableState ? this._readableState.encoding : null; } },
  errored: { get() { return this._readableState ? this._readableState.errored : null; } },
  closed: { get() { return this._readableState ? this._readableState.closed : false; } },
  destroyed: {
    get() { return this._readableState ? this._readableState.destroyed : false; },
    set(v) { if (this._readableState) this._readableState.destroyed = v; },
  },
  readableEnded: { get() { return this._readableState ? this._readableState.endEmitted : false; } },
});

// fromList(n, state): take n bytes (or one object, or everything) off the buffer.
function fromList(n, state) {
  if (state.length === 0) return null;
  const buf = state.buffer;
  const len = buf.length;
  let idx = state.bufferIndex;
  let ret;
  if (state.objectMode) {
    ret = buf[idx];
    buf[idx++] = null;
  } else if (!n || n >= state.length) {
    if (state.decoder) {
      ret = '';
      while (idx < len) { ret += buf[idx]; buf[idx++] = null; }
    } else if (len - idx === 1) {
      ret = buf[idx];
      buf[idx++] = null;
    } else {
      ret = Buffer.concat(buf.slice(idx), state.length);
      while (idx < len) buf[idx++] = null;
    }
  } else if (n < buf[idx].length) {
    ret = buf[idx].slice(0, n);
    buf[idx] = buf[idx].slice(n);
  } else if (n === buf[idx].length) {
    ret = buf[idx];
    buf[idx++] = null;
  } else if (state.decoder) {
    ret = '';
    while (idx < len) {
      const str = buf[idx];
      if (n > str.length) {
        ret += str;
        n -= str.length;
        buf[idx++] = null;
      } else {
        ret += str.slice(0, n);
        if (n === str.length) buf[idx++] = null;
        else buf[idx] = str.slice(n);
        break;
      }
    }
  } else {
    ret = Buffer.allocUnsafe(n);
    const total = n;
    while (idx < len) {
      const data = buf[idx];
      if (n >= data.length) {
        ret.set(data, total - n);
        n -= data.length;
        buf[idx++] = null;
        if (n === 0) break;
      } else {
        ret.set(data.subarray(0, n), total - n);
        buf[idx] = data.subarray(n);
        break;
      }
    }
  }
  if (idx === len) {
    state.buffer.length = 0;
    state.bufferIndex = 0;
  } else if (idx > 1024) {
    state.buffer.splice(0, idx);
    state.bufferIndex = 0;
  } else {
    state.bufferIndex = idx;
  }
  return ret;
}
Readable._fromList = fromList;

function endReadable(stream) {
  const state = stream._readableState;
  if (!state.endEmitted) {
    state.ended = true;
    process.nextTick(endReadableNT, state, stream);
  }
}
function endReadableNT(state, stream) {
  if (!state.errored && !state.closeEmitted && !state.endEmitted && state.length === 0) {
    state.endEmitted = true;
    stream.emit('end');
    if (stream.writable && stream.allowHalfOpen === false) {
      process.nextTick(endWritableNT, stream);
    } else if (state.autoDestroy) {
      // a duplex is destroyed once both sides are done
      const w = stream._writableState;
      if (!w || (w.autoDestroy && (w.finished || w.writable === false))) stream.destroy();
    }
  }
}
function endWritableNT(stream) {
  if (stream.writable && !stream.writableEnded && !stream.destroyed) stream.end();
}

// ---- Readable.from(iterable | async iterable | string | Buffer) ----
Readable.from = function (iterable, opts) {
  return fromIterable(Readable, iterable, opts);
};
// fromIterable(Ctor, ...): Readable.from, and Duplex.from with a Duplex class.
function fromIterable(Readable, iterable, opts) {
  let iterator;
  if (typeof iterable === 'string' || S.isBuffer(iterable)) {
    return new Readable({
      objectMode: true,
      ...opts,
      read() {
        this.push(iterable);
        this.push(null);
      },
    });
  }
  let isAsync;
  if (iterable && iterable[Symbol.asyncIterator]) {
    isAsync = true;
    iterator = iterable[Symbol.asyncIterator]();
  } else if (iterable && iterable[Symbol.iterator]) {
    isAsync = false;
    iterator = iterable[Symbol.iterator]();
  } else {
    throw E.invalidArgType('iterable', ['Iterable'], iterable);
  }
  const readable = new Readable({ objectMode: true, highWaterMark: 1, ...opts });
  let reading = false;
  let asyncValues = false; // a sync iterator that yielded a promise
  readable._read = function () {
    if (reading) return;
    reading = true;
    if (isAsync) pullAsync();
    else if (asyncValues) pullSyncAwaiting();
    else pullSync();
  };
  readable._destroy = function (error, cb) {
    close(error).then(() => process.nextTick(cb, error), (e) => process.nextTick(cb, e || error));
  };
  async function close(error) {
    const hadError = error !== undefined && error !== null;
    if (hadError && typeof iterator.throw === 'function') {
      const { value, done } = await iterator.throw(error);
      await value;
      if (done) return;
    }
    if (typeof iterator.return === 'function') {
      const { value } = await iterator.return();
      await value;
    }
  }
  // each returns true to keep pulling, false when the reader is full
  function deliver(value) {
    if (value === null) {
      reading = false;
      throw E.nullValues();
    }
    if (readable.push(value)) return true;
    reading = false;
    return false;
  }
  function pullSync() {
    try {
      // Bound: stops at the end, at a full buffer or at the first promise.
      for (;;) {
        const { value, done } = iterator.next();
        if (done) { readable.push(null); return; }
        if (value && typeof value.then === 'function') { firstPromise(value); return; }
        if (!deliver(value)) return;
      }
    } catch (err) {
      readable.destroy(err);
    }
  }
  async function firstPromise(value) {
    asyncValues = true;
    try {
      if (deliver(await value)) pullSyncAwaiting();
    } catch (err) {
      readable.destroy(err);
    }
  }
  async function pullSyncAwaiting() {
    try {
      for (;;) {
        const { value, done } = iterator.next();
        if (done) { readable.push(null); return; }
        const res = value && typeof value.then === 'function' ? await value : value;
        if (!deliver(res)) return;
      }
    } catch (err) {
      readable.destroy(err);
    }
  }
  async function pullAsync() {
    try {
      for (;;) {
        const { value, done } = await iterator.next();
        if (done) { readable.push(null); return; }
        if (!deliver(value)) return;
      }
    } catch (err) {
      readable.destroy(err);
    }
  }
  return readable;
}
S.fromIterable = fromIterable;

Readable.wrap = function (src, options) {
  const om = src.readableObjectMode != null ? src.readableObjectMode : src.objectMode != null ? src.objectMode : true;
  return new Readable({
    objectMode: om,
    ...options,
    destroy(err, callback) {
      S.destroyer(src, err);
      callback(err);
    },
  }).wrap(src);
};

S.Readable = Readable;
