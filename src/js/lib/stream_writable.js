// stream_writable.js: stream.Writable as Node 20's (written for weft from
// its documented behaviour and tests): write/end/cork/uncork with the
// highWaterMark and 'drain', buffered writes (_writev), _final and
// 'prefinish'/'finish', callback and event order through process.nextTick as
// Node, destroy of pending writes. Needs stream.js first.
const S = internal.streams;
const E = S.errors;
const process = internal.process;
const Stream = S.Stream;
const nop = () => {};

function WritableState(options, stream, isDuplex) {
  if (typeof isDuplex !== 'boolean') isDuplex = stream instanceof S.Duplex;
  this.objectMode = !!(options && options.objectMode);
  if (isDuplex && options && options.writableObjectMode) this.objectMode = true;
  this.highWaterMark = options ? S.getHighWaterMark(this, options, 'writableHighWaterMark', isDuplex)
    : S.getDefaultHighWaterMark(false);
  this.finalCalled = false;
  this.needDrain = false;
  this.ending = false;
  this.ended = false;
  this.finished = false;
  this.destroyed = false;
  this.decodeStrings = !(options && options.decodeStrings === false);
  const enc = options ? options.defaultEncoding : null;
  if (enc == null || enc === 'utf8' || enc === 'utf-8') this.defaultEncoding = 'utf8';
  else if (S.isEncoding(enc)) this.defaultEncoding = enc;
  else throw E.unknownEncoding(enc);
  this.length = 0;
  this.writing = false;
  this.corked = 0;
  this.sync = true; // a write callback called inside _write is delayed a tick
  this.bufferProcessing = false;
  this.onwrite = onwrite.bind(undefined, stream);
  this.writecb = null;
  this.expectWriteCb = false;
  this.writelen = 0;
  this.afterWriteTickInfo = null;
  this.afterWritePending = false;
  resetBuffer(this);
  this.pendingcb = 0; // writes, _final and finish still to complete
  this.constructed = true;
  this.prefinished = false;
  this.errorEmitted = false;
  this.emitClose = !(options && options.emitClose === false);
  this.autoDestroy = !(options && options.autoDestroy === false);
  this.errored = null;
  this.closed = false;
  this.closeEmitted = false;
  this.onFinished = [];
}
function resetBuffer(state) {
  state.buffered = [];
  state.bufferedIndex = 0;
  state.allBuffers = true;
  state.allNoop = true;
}
WritableState.prototype.getBuffer = function getBuffer() {
  return this.buffered.slice(this.bufferedIndex);
};
Object.defineProperty(WritableState.prototype, 'bufferedRequestCount', {
  get() { return this.buffered.length - this.bufferedIndex; },
});

function Writable(options) {
  if (!(this instanceof Writable) && !(this instanceof S.Duplex)) return new Writable(options);
  S.presetEvents(this, ['close', 'error', 'prefinish', 'finish', 'drain']);
  this._writableState = new WritableState(options, this, false);
  if (options) {
    if (typeof options.write === 'function') this._write = options.write;
    if (typeof options.writev === 'function') this._writev = options.writev;
    if (typeof options.destroy === 'function') this._destroy = options.destroy;
    if (typeof options.final === 'function') this._final = options.final;
    if (typeof options.construct === 'function') this._construct = options.construct;
    if (options.signal) S.addAbortSignal(options.signal, this);
  }
  Stream.call(this, options);
  if (this._construct != null) S.construct(this, () => onConstructed(this));
}
function onConstructed(stream) {
  const state = stream._writableState;
  if (!state.writing) clearBuffer(stream, state);
  finishMaybe(stream, state);
}
Object.setPrototypeOf(Writable.prototype, Stream.prototype);
Object.setPrototypeOf(Writable, Stream);
Writable.WritableState = WritableState;
// A Duplex (which copies Writable's methods) counts as a Writable.
Object.defineProperty(Writable, Symbol.hasInstance, {
  value(object) {
    if (Function.prototype[Symbol.hasInstance].call(this, object)) return true;
    if (this !== Writable) return false;
    return !!(object && object._writableState instanceof WritableState);
  },
});

Writable.prototype.pipe = function () {
  S.errorOrDestroy(this, E.cannotPipe());
};

// Returns true (below the high-water mark), false, or the Error it reported.
function writeChecked(stream, chunk, encoding, cb) {
  const state = stream._writableState;
  if (typeof cb !== 'function') cb = nop;
  if (chunk === null) throw E.nullValues();
  if (!state.objectMode) {
    if (!encoding) encoding = state.defaultEncoding;
    else if (encoding !== 'buffer' && !S.isEncoding(encoding)) throw E.unknownEncoding(encoding);
    if (typeof chunk === 'string') {
      if (state.decodeStrings) {
        chunk = S.toBuffer(chunk, encoding);
        encoding = 'buffer';
      }
    } else if (S.isBuffer(chunk)) {
      encoding = 'buffer';
    } else if (ArrayBuffer.isView(chunk)) {
      chunk = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
      encoding = 'buffer';
    } else {
      throw E.invalidArgType('chunk', ['string', 'Buffer', 'TypedArray', 'DataView'], chunk);
    }
  }
  let err;
  if (state.ending) err = E.writeAfterEnd();
  else if (state.destroyed) err = E.destroyed('write');
  if (err) {
    process.nextTick(cb, err);
    S.errorOrDestroy(stream, err, true);
    return err;
  }
  state.pendingcb++;
  return writeOrBuffer(stream, state, chunk, encoding, cb);
}

Writable.prototype.write = function (chunk, encoding, cb) {
  if (typeof encoding === 'function') {
    cb = encoding;
    encoding = null;
  }
  return writeChecked(this, chunk, encoding, cb) === true;
};
Writable.prototype.cork = function () {
  this._writableState.corked++;
};
Writable.prototype.uncork = function () {
  const state = this._writableState;
  if (state.corked) {
    state.corked--;
    if (!state.writing) clearBuffer(this, state);
  }
};
Writable.prototype.setDefaultEncoding = function setDefaultEncoding(encoding) {
  if (typeof encoding === 'string') encoding = encoding.toLowerCase();
  if (!S.isEncoding(encoding)) throw E.unknownEncoding(encoding);
  this._writableState.defaultEncoding = encoding;
  return this;
};

// Write now when idle, else queue (while writing, corked, errored or not
// yet constructed).
function writeOrBuffer(stream, state, chunk, encoding, callback) {
  const len = state.objectMode ? 1 : chunk.length;
  state.length += len;
  if (state.writing || state.corked || state.errored || !state.constructed) {
    state.buffered.push({ chunk, encoding, callback });
    if (state.allBuffers && encoding !== 'buffer') state.allBuffers = false;
    if (state.allNoop && callback !== nop) state.allNoop = false;
  } else {
    state.writelen = len;
    state.writecb = callback;
    state.writing = true;
    state.sync = true;
    state.expectWriteCb = true;
    stream._write(chunk, encoding, state.onwrite);
    state.sync = false;
  }
  const ret = state.length < state.highWaterMark || state.length === 0;
  if (!ret) state.needDrain = true;
  return ret && !state.destroyed && !state.errored;
}

function doWrite(stream, state, writev, len, chunk, encoding, cb) {
  state.writelen = len;
  state.writecb = cb;
  state.writing = true;
  state.sync = true;
  state.expectWriteCb = true;
  if (state.destroyed) state.onwrite(E.destroyed('write'));
  else if (writev) stream._writev(chunk, state.onwrite);
  else stream._write(chunk, encoding, state.onwrite);
  state.sync = false;
}

function onwriteError(stream, state, er, cb) {
  --state.pendingcb;
  cb(er);
  errorBuffer(state);
  S.errorOrDestroy(stream, er);
}

function onwrite(stream, er) {
  const state = stream._writableState;
  if (!state.expectWriteCb) {
    S.errorOrDestroy(stream, E.multipleCallback());
    return;
  }
  const sync = state.sync;
  const cb = state.writecb || nop;
  state.writecb = null;
  state.writing = false;
  state.expectWriteCb = false;
  state.length -= state.writelen;
  state.writelen = 0;
  if (er) {
    er.stack; // eslint-disable-line no-unused-expressions -- capture the stack now
    if (!state.errored) state.errored = er;
    if (stream._readableState && !stream._readableState.errored) stream._readableState.errored = er;
    if (sync) process.nextTick(onwriteError, stream, state, er, cb);
    else onwriteError(stream, state, er, cb);
    return;
  }
  if (state.buffered.length > state.bufferedIndex) clearBuffer(stream, state);
  if (!sync) {
    afterWrite(stream, state, 1, cb);
    return;
  }
  // A synchronous write completes on the next tick; consecutive ones with
  // the same callback share one tick. Node 20 also takes that tick for
  // object-mode streams (its flag test reads the object-mode bit).
  const needDrain = state.needDrain && state.length === 0;
  const needTick = needDrain || state.objectMode || cb !== nop;
  if (cb === nop) {
    if (!state.afterWritePending && needTick) {
      process.nextTick(afterWrite, stream, state, 1, cb);
      state.afterWritePending = true;
    } else {
      state.pendingcb--;
      if (state.ending) finishMaybe(stream, state, true);
    }
  } else if (state.afterWriteTickInfo !== null && state.afterWriteTickInfo.cb === cb) {
    state.afterWriteTickInfo.count++;
  } else if (needTick) {
    state.afterWriteTickInfo = { count: 1, cb, stream, state };
    process.nextTick(afterWriteTick, state.afterWriteTickInfo);
    state.afterWritePending = true;
  } else {
    state.pendingcb--;
    if (state.ending) finishMaybe(stream, state, true);
  }
}

function afterWriteTick({ stream, state, count, cb }) {
  state.afterWriteTickInfo = null;
  return afterWrite(stream, state, count, cb);
}
function afterWrite(stream, state, count, cb) {
  state.afterWritePending = false;
  const needDrain = !state.ending && !state.destroyed && state.needDrain && state.length === 0;
  if (needDrain) {
    state.needDrain = false;
    stream.emit('drain');
  }
  // Bound: count writes completed in one tick.
  while (count-- > 0) {
    state.pendingcb--;
    cb(null);
  }
  if (state.destroyed) errorBuffer(state);
  if (state.ending) finishMaybe(stream, state, true);
}

// Fail every queued write and end() callback (destroy or a write error).
function errorBuffer(state) {
  if (state.writing) return;
  for (let n = state.bufferedIndex; n < state.buffered.length; ++n) {
    const { chunk, callback } = state.buffered[n];
    state.length -= state.objectMode ? 1 : chunk.length;
    callback(state.errored != null ? state.errored : E.destroyed('write'));
  }
  callFinishedCallbacks(state, state.errored != null ? state.errored : E.destroyed('end'));
  resetBuffer(state);
}

// Write out the queue: all at once through _writev, else one by one while
// each completes synchronously.
function clearBuffer(stream, state) {
  if (state.corked || state.bufferProcessing || state.destroyed || !state.constructed) return;
  const { buffered, bufferedIndex, objectMode } = state;
  const bufferedLength = buffered.length - bufferedIndex;
  if (!bufferedLength) return;
  let i = bufferedIndex;
  state.bufferProcessing = true;
  if (bufferedLength > 1 && stream._writev) {
    state.pendingcb -= bufferedLength - 1;
    const callback = state.allNoop ? nop : (err) => {
      for (let n = i; n < buffered.length; ++n) buffered[n].callback(err);
    };
    const chunks = state.allNoop && i === 0 ? buffered : buffered.slice(i);
    chunks.allBuffers = state.allBuffers;
    doWrite(stream, state, true, state.length, chunks, '', callback);
    resetBuffer(state);
  } else {
    do {
      const { chunk, encoding, callback } = buffered[i];
      buffered[i++] = null;
      doWrite(stream, state, false, objectMode ? 1 : chunk.length, chunk, encoding, callback);
    } while (i < buffered.length && !state.writing);
    if (i === buffered.length) {
      resetBuffer(state);
    } else if (i > 256) {
      buffered.splice(0, i);
      state.bufferedIndex = 0;
    } else {
      state.bufferedIndex = i;
    }
  }
  state.bufferProcessing = false;
}

Writable.prototype._write = function (chunk, encoding, cb) {
  if (this._writev) this._writev([{ chunk, encoding }], cb);
  else throw E.notImplemented('_write()');
};
Writable.prototype._writev = null;

Writable.prototype.end = function (chunk, encoding, cb) {
  const state = this._writableState;
  if (typeof chunk === 'function') {
    cb = chunk;
    chunk = null;
    encoding = null;
  } else if (typeof encoding === 'function') {
    cb = encoding;
    encoding = null;
  }
  let err;
  if (chunk != null) {
    const ret = writeChecked(this, chunk, encoding);
    if (ret instanceof Error) err = ret;
  }
  if (state.corked) {
    state.corked = 1;
    this.uncork();
  }
  if (err) {
    // reported by write
  } else if (!state.ending && !state.errored) {
    state.ending = true;
    finishMaybe(this, state, true);
    state.ended = true;
  } else if (state.finished) {
    err = E.alreadyFinished('end');
  } else if (state.destroyed) {
    err = E.destroyed('end');
  }
  if (typeof cb === 'function') {
    if (err) process.nextTick(cb, err);
    else if (state.errored) process.nextTick(cb, state.errored);
    else if (state.finished) process.nextTick(cb, null);
    else state.onFinished.push(cb);
  }
  return this;
};

function needFinish(state) {
  return state.ending && !state.destroyed && state.constructed && state.length === 0 &&
    !state.errored && state.buffered.length === 0 && !state.finished && !state.writing &&
    !state.errorEmitted && !state.closeEmitted;
}

function onFinal(stream, state, err) {
  if (state.prefinished) {
    S.errorOrDestroy(stream, err != null ? err : E.multipleCallback());
    return;
  }
  state.pendingcb--;
  if (err) {
    callFinishedCallbacks(state, err);
    S.errorOrDestroy(stream, err, state.sync);
  } else if (needFinish(state)) {
    state.prefinished = true;
    stream.emit('prefinish');
    state.pendingcb++;
    process.nextTick(finish, stream, state);
  }
}

function prefinish(stream, state) {
  if (state.prefinished || state.finalCalled) return;
  if (typeof stream._final === 'function' && !state.destroyed) {
    state.finalCalled = true;
    state.sync = true;
    state.pendingcb++;
    try {
      stream._final((err) => onFinal(stream, state, err));
    } catch (err) {
      onFinal(stream, state, err);
    }
    state.sync = false;
  } else {
    state.finalCalled = true;
    state.prefinished = true;
    stream.emit('prefinish');
  }
}

function finishMaybe(stream, state, sync) {
  if (!needFinish(state)) return;
  prefinish(stream, state);
  if (state.pendingcb !== 0) return;
  if (sync) {
    state.pendingcb++;
    process.nextTick((stream, state) => {
      if (needFinish(state)) finish(stream, state);
      else state.pendingcb--;
    }, stream, state);
  } else if (needFinish(state)) {
    state.pendingcb++;
    finish(stream, state);
  }
}

function finish(stream, state) {
  state.pendingcb--;
  state.finished = true;
  callFinishedCallbacks(state, null);
  stream.emit('finish');
  if (state.autoDestroy) {
    // a duplex is destroyed once both sides are done
    const r = stream._readableState;
    if (!r || (r.autoDestroy && (r.endEmitted || r.readable === false))) stream.destroy();
  }
}

function callFinishedCallbacks(state, err) {
  const cbs = state.onFinished;
  if (cbs.length === 0) return;
  state.onFinished = [];
  for (let i = 0; i < cbs.length; i++) cbs[i](err);
}

const writableProps = {
  closed: { get() { return this._writableState ? this._writableState.closed : false; } },
  destroyed: {
    get() { return this._writableState ? this._writableState.destroyed : false; },
    set(v) { if (this._writableState) this._writableState.destroyed = v; },
  },
  writable: {
    get() {
      const w = this._writableState;
      return !!w && w.writable !== false && !w.destroyed && !w.errored && !w.ending && !w.ended;
    },
    set(v) { if (this._writableState) this._writableState.writable = !!v; },
  },
  writableFinished: { get() { return this._writableState ? this._writableState.finished : false; } },
  writableObjectMode: { get() { return this._writableState ? this._writableState.objectMode : false; } },
  writableBuffer: { get() { return this._writableState && this._writableState.getBuffer(); } },
  writableEnded: { get() { return this._writableState ? this._writableState.ending : false; } },
  writableNeedDrain: {
    get() {
      const w = this._writableState;
      return w ? !w.destroyed && !w.ending && w.needDrain : false;
    },
  },
  writableHighWaterMark: { get() { return this._writableState && this._writableState.highWaterMark; } },
  writableCorked: { get() { return this._writableState ? this._writableState.corked : 0; } },
  writableLength: { get() { return this._writableState && this._writableState.length; } },
  errored: { get() { return this._writableState ? this._writableState.errored : null; } },
  writableAborted: {
    get() {
      const w = this._writableState;
      return !!(w.writable !== false && (w.destroyed || w.errored) && !w.finished);
    },
  },
};
Object.defineProperties(Writable.prototype, writableProps);
S.writableProps = writableProps;

Writable.prototype.destroy = function (err, cb) {
  const state = this._writableState;
  if (!state.destroyed && (state.bufferedIndex < state.buffered.length || state.onFinished.length)) {
    process.nextTick(errorBuffer, state);
  }
  S.destroy.call(this, err, cb);
  return this;
};
Writable.prototype._undestroy = S.undestroy;
Writable.prototype._destroy = function (err, cb) { cb(err); };
Writable.prototype[internal.EventEmitter.captureRejectionSymbol] = function (err) { this.destroy(err); };
if (Symbol.asyncDispose) {
  Writable.prototype[Symbol.asyncDispose] = function () {
    let error;
    if (!this.destroyed) {
      error = this.writableFinished ? null : S.abortError();
      this.destroy(error);
    }
    return new Promise((resolve, reject) =>
      S.eos(this, (err) => (err && err.name !== 'AbortError' ? reject(err) : resolve(null))));
  };
}

S.Writable = Writable;
S.onWritableConstructed = onConstructed;
