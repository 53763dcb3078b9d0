// stream_duplex.js: stream.Duplex, Transform, PassThrough, pipeline() and
// the `stream` / `stream/promises` module objects, as Node 20's (written
// for weft from its documented behaviour and tests). Needs stream.js,
// stream_readable.js and stream_writable.js first.
const S = internal.streams;
const E = S.errors;
const process = internal.process;
const { Readable, Writable, Stream } = S;

// ---- Duplex: a Readable with Writable's methods and state ----
function Duplex(options) {
  if (!(this instanceof Duplex)) return new Duplex(options);
  S.presetEvents(this, ['close', 'error', 'prefinish', 'finish', 'drain', 'data', 'end', 'readable']);
  this._readableState = new Readable.ReadableState(options, this, true);
  this._writableState = new Writable.WritableState(options, this, true);
  if (options) {
    this.allowHalfOpen = options.allowHalfOpen !== false;
    if (options.readable === false) {
      this._readableState.readable = false;
      this._readableState.ended = true;
      this._readableState.endEmitted = true;
    }
    if (options.writable === false) {
      this._writableState.writable = false;
      this._writableState.ending = true;
      this._writableState.ended = true;
      this._writableState.finished = true;
    }
    if (typeof options.read === 'function') this._read = options.read;
    if (typeof options.write === 'function') this._write = options.write;
    if (typeof options.writev === 'function') this._writev = options.writev;
    if (typeof options.destroy === 'function') this._destroy = options.destroy;
    if (typeof options.final === 'function') this._final = options.final;
    if (typeof options.construct === 'function') this._construct = options.construct;
    if (options.signal) S.addAbortSignal(options.signal, this);
  } else {
    this.allowHalfOpen = true;
  }
  Stream.call(this, options);
  if (this._construct != null) {
    S.construct(this, () => {
      S.onReadableConstructed(this);
      S.onWritableConstructed(this);
    });
  }
}
S.Duplex = Duplex;
Object.setPrototypeOf(Duplex.prototype, Readable.prototype);
Object.setPrototypeOf(Duplex, Readable);
for (const method of Object.keys(Writable.prototype)) {
  if (!Duplex.prototype[method]) Duplex.prototype[method] = Writable.prototype[method];
}
for (const name of ['write', 'end', 'cork', 'uncork', 'setDefaultEncoding', '_write']) {
  if (!Object.prototype.hasOwnProperty.call(Duplex.prototype, name)) Duplex.prototype[name] = Writable.prototype[name];
}
Duplex.prototype._writev = null;
Duplex.prototype.destroy = Writable.prototype.destroy;
{
  const props = {};
  for (const k of ['writable', 'writableHighWaterMark', 'writableObjectMode', 'writableBuffer', 'writableLength',
    'writableFinished', 'writableCorked', 'writableEnded', 'writableNeedDrain']) {
    props[k] = S.writableProps[k];
  }
  props.destroyed = {
    get() {
      if (this._readableState === undefined || this._writableState === undefined) return false;
      return this._readableState.destroyed && this._writableState.destroyed;
    },
    set(v) {
      if (this._readableState && this._writableState) {
        this._readableState.destroyed = v;
        this._writableState.destroyed = v;
      }
    },
  };
  Object.defineProperties(Duplex.prototype, props);
}

// ---- Transform and PassThrough ----
const kCallback = Symbol('kCallback');
function Transform(options) {
  if (!(this instanceof Transform)) return new Transform(options);
  // an explicit readable high-water mark of 0: no buffering on either side
  const readableHwm = options ? S.getHighWaterMark(this, options, 'readableHighWaterMark', true) : null;
  if (readableHwm === 0) {
    options = { ...options, highWaterMark: null, readableHighWaterMark: readableHwm,
      writableHighWaterMark: options.writableHighWaterMark || 0 };
  }
  Duplex.call(this, options);
  this._readableState.sync = false;
  this[kCallback] = null;
  if (options) {
    if (typeof options.transform === 'function') this._transform = options.transform;
    if (typeof options.flush === 'function') this._flush = options.flush;
  }
  this.on('prefinish', transformPrefinish);
}
Object.setPrototypeOf(Transform.prototype, Duplex.prototype);
Object.setPrototypeOf(Transform, Duplex);

function transformFinal(cb) {
  if (typeof this._flush === 'function' && !this.destroyed) {
    this._flush((er, data) => {
      if (er) {
        if (cb) cb(er);
        else this.destroy(er);
        return;
      }
      if (data != null) this.push(data);
      this.push(null);
      if (cb) cb();
    });
  } else {
    this.push(null);
    if (cb) cb();
  }
}
function transformPrefinish() {
  if (this._final !== transformFinal) transformFinal.call(this);
}
Transform.prototype._final = transformFinal;
Transform.prototype._transform = function () {
  throw E.notImplemented('_transform()');
};
Transform.prototype._write = function (chunk, encoding, callback) {
  const rState = this._readableState;
  const wState = this._writableState;
  const length = rState.length;
  this._transform(chunk, encoding, (err, val) => {
    if (err) {
      callback(err);
      return;
    }
    if (val != null) this.push(val);
    if (rState.ended) process.nextTick(callback);
    else if (wState.ended || length === rState.length || rState.length < rState.highWaterMark) callback();
    else this[kCallback] = callback; // the reader is full: continue on _read
  });
};
Transform.prototype._read = function () {
  if (this[kCallback]) {
    const callback = this[kCallback];
    this[kCallback] = null;
    callback();
  }
};

function PassThrough(options) {
  if (!(this instanceof PassThrough)) return new PassThrough(options);
  Transform.call(this, options);
}
Object.setPrototypeOf(PassThrough.prototype, Transform.prototype);
Object.setPrototypeOf(PassThrough, Transform);
PassThrough.prototype._transform = function (chunk, encoding, cb) {
  cb(null, chunk);
};
S.Transform = Transform;
S.PassThrough = PassThrough;

// duplexPair(): two Duplexes, each writing into the other's readable side.
function duplexPair(options) {
  const kOther = Symbol('kOther');
  const kCb = Symbol('kCb');
  class Side extends Duplex {
    constructor() {
      super(options);
      this[kCb] = null;
      this[kOther] = null;
    }
    _read() {
      const cb = this[kCb];
      if (cb) {
        this[kCb] = null;
        cb();
      }
    }
    _write(chunk, encoding, callback) {
      if (chunk.length === 0) process.nextTick(callback);
      else {
        this[kOther].push(chunk);
        this[kOther][kCb] = callback;
      }
    }
    _final(callback) {
      this[kOther].on('end', callback);
      this[kOther].push(null);
    }
  }
  const a = new Side(), b = new Side();
  a[kOther] = b;
  b[kOther] = a;
  return [a, b];
}

// ---- pipeline(...streams, callback) ----
function pipelineDestroyer(stream, reading, writing) {
  let finished = false;
  stream.on('close', () => { finished = true; });
  const cleanup = S.eos(stream, { readable: reading, writable: writing }, (err) => { finished = !err; });
  return {
    destroy(err) {
      if (finished) return;
      finished = true;
      S.destroyer(stream, err || E.destroyed('pipe'));
    },
    cleanup,
  };
}

function makeAsyncIterable(val) {
  if (S.isIterable(val)) return val;
  if (S.isReadableNodeStream(val)) return fromReadable(val);
  throw E.invalidArgType('val', ['Readable', 'Iterable', 'AsyncIterable'], val);
}
async function* fromReadable(val) {
  yield* Readable.prototype[Symbol.asyncIterator].call(val);
}

// Write an (async) iterable into a Node writable, honouring 'drain'.
async function pumpToNode(iterable, writable, finish, { end }) {
  let error;
  let onresolve = null;
  const resume = (err) => {
    if (err) error = err;
    if (onresolve) {
      const callback = onresolve;
      onresolve = null;
      callback();
    }
  };
  const wait = () => new Promise((resolve, reject) => {
    if (error) reject(error);
    else onresolve = () => { if (error) reject(error); else resolve(); };
  });
  writable.on('drain', resume);
  const cleanup = S.eos(writable, { readable: false }, resume);
  try {
    if (writable.writableNeedDrain) await wait();
    for await (const chunk of iterable) {
      if (!writable.write(chunk)) await wait();
    }
    if (end) {
      writable.end();
      await wait();
    }
    finish();
  } catch (err) {
    finish(error !== err ? S.aggregateTwoErrors(error, err) : err);
  } finally {
    cleanup();
    writable.off('drain', resume);
  }
}

function pipeline(...streams) {
  const last = streams[streams.length - 1];
  S.validateFunction(last, 'streams[stream.length - 1]');
  streams.pop();
  return pipelineImpl(streams, S.once(last));
}

function pipelineImpl(streams, callback, opts) {
  if (streams.length === 1 && Array.isArray(streams[0])) streams = streams[0];
  if (streams.length < 2) throw E.missingArgs('streams');
  const ac = new AbortController();
  const signal = ac.signal;
  const outerSignal = opts && opts.signal;
  const lastStreamCleanup = [];
  S.validateAbortSignal(outerSignal, 'options.signal');
  function abort() {
    finishImpl(S.abortError(outerSignal && outerSignal.reason));
  }
  let disposable;
  if (outerSignal) disposable = S.addAbortListener(outerSignal, abort);
  let error;
  let value;
  const destroys = [];
  let finishCount = 0;
  function finish(err) {
    finishImpl(err, --finishCount === 0);
  }
  function finishImpl(err, final) {
    if (err && (!error || error.code === 'ERR_STREAM_PREMATURE_CLOSE')) error = err;
    if (!error && !final) return;
    while (destroys.length) destroys.shift()(error);
    if (disposable) disposable[Symbol.dispose]();
    ac.abort();
    if (final) {
      if (!error) lastStreamCleanup.forEach((fn) => fn());
      process.nextTick(callback, error, value);
    }
  }
  let ret;
  for (let i = 0; i < streams.length; i++) {
    const stream = streams[i];
    const reading = i < streams.length - 1;
    const writing = i > 0;
    const end = reading || !opts || opts.end !== false;
    const isLastStream = i === streams.length - 1;
    if (S.isNodeStream(stream)) {
      if (end) {
        const { destroy, cleanup } = pipelineDestroyer(stream, reading, writing);
        destroys.push(destroy);
        if (S.isReadable(stream) && isLastStream) lastStreamCleanup.push(cleanup);
      }
      const onError = (err) => {
        if (err && err.name !== 'AbortError' && err.code !== 'ERR_STREAM_PREMATURE_CLOSE') finish(err);
      };
      stream.on('error', onError);
      if (S.isReadable(stream) && isLastStream) lastStreamCleanup.push(() => stream.removeListener('error', onError));
    }
    if (i === 0) {
      if (typeof stream === 'function') {
        ret = stream({ signal });
        if (!S.isIterable(ret)) throw E.invalidReturn('Iterable, AsyncIterable or Stream', 'source', ret);
      } else if (S.isIterable(stream) || S.isReadableNodeStream(stream) || S.isTransformStream(stream)) {
        ret = stream;
      } else {
        ret = Duplex.from(stream);
      }
    } else if (typeof stream === 'function') {
      ret = makeAsyncIterable(S.isTransformStream(ret) ? ret.readable : ret);
      ret = stream(ret, { signal });
      if (reading) {
        if (!S.isIterable(ret, true)) throw E.invalidReturn('AsyncIterable', `transform[${i - 1}]`, ret);
      } else {
        const pt = new PassThrough({ objectMode: true });
        const then = ret && ret.then;
        if (typeof then === 'function') {
          finishCount++;
          then.call(ret, (val) => {
            value = val;
            if (val != null) pt.write(val);
            if (end) pt.end();
            process.nextTick(finish);
          }, (err) => {
            pt.destroy(err);
            process.nextTick(finish, err);
          });
        } else if (S.isIterable(ret, true)) {
          finishCount++;
          pumpToNode(ret, pt, finish, { end });
        } else if (S.isReadableStream(ret) || S.isTransformStream(ret)) {
          finishCount++;
          pumpToNode(ret.readable || ret, pt, finish, { end });
        } else {
          throw E.invalidReturn('AsyncIterable or Promise', 'destination', ret);
        }
        ret = pt;
        const { destroy, cleanup } = pipelineDestroyer(ret, false, true);
        destroys.push(destroy);
        if (isLastStream) lastStreamCleanup.push(cleanup);
      }
    } else if (S.isNodeStream(stream)) {
      if (S.isReadableNodeStream(ret)) {
        finishCount += 2;
        const cleanup = pipe(ret, stream, finish, { end });
        if (S.isReadable(stream) && isLastStream) lastStreamCleanup.push(cleanup);
      } else if (S.isTransformStream(ret) || S.isReadableStream(ret)) {
        finishCount++;
        pumpToNode(ret.readable || ret, stream, finish, { end });
      } else if (S.isIterable(ret)) {
        finishCount++;
        pumpToNode(ret, stream, finish, { end });
      } else {
        throw E.invalidArgType('val', ['Readable', 'Iterable', 'AsyncIterable', 'ReadableStream', 'TransformStream'], ret);
      }
      ret = stream;
    } else {
      ret = Duplex.from(stream);
    }
  }
  if ((signal && signal.aborted) || (outerSignal && outerSignal.aborted)) process.nextTick(abort);
  return ret;
}

function pipe(src, dst, finish, { end }) {
  let ended = false;
  dst.on('close', () => {
    if (!ended) finish(E.prematureClose());
  });
  src.pipe(dst, { end: false }); // dst is ended below, once src has ended
  if (end) {
    const endFn = () => {
      ended = true;
      dst.end();
    };
    if (S.isReadableFinished(src)) process.nextTick(endFn);
    else src.once('end', endFn);
  } else {
    finish();
  }
  S.eos(src, { readable: true, writable: false }, (err) => {
    const rState = src._readableState;
    if (err && err.code === 'ERR_STREAM_PREMATURE_CLOSE' && rState && rState.ended &&
      !rState.errored && !rState.errorEmitted) {
      // closed after ending: wait for 'end' (or an error) instead
      src.once('end', finish).once('error', finish);
    } else {
      finish(err);
    }
  });
  return S.eos(dst, { readable: false, writable: true }, finish);
}

// Duplex.from: the common shapes (a stream, an async generator function,
// a promise, an object with readable/writable sides, an iterable).
Duplex.from = function (body) {
  if (body instanceof Duplex) return body;
  if (S.isReadableNodeStream(body)) return fromPair({ readable: body });
  if (S.isWritableNodeStream(body)) return fromPair({ writable: body });
  if (S.isNodeStream(body)) return fromPair({ writable: false, readable: false });
  if (typeof body === 'function') {
    const { value, write, final, destroy } = fromAsyncGen(body);
    if (S.isIterable(value)) {
      return S.fromIterable(Duplexify, value, { objectMode: true, write, final, destroy });
    }
    const then = value && value.then;
    if (typeof then === 'function') {
      let d;
      const promise = then.call(value, (val) => {
        if (val != null) throw E.invalidReturn('null', 'body', val);
      }, (err) => { S.destroyer(d, err); });
      return d = new Duplexify({
        objectMode: true, readable: false, write,
        final(cb) { final(async () => { try { await promise; process.nextTick(cb, null); } catch (err) { process.nextTick(cb, err); } }); },
        destroy,
      });
    }
    throw E.invalidReturn('Iterable, AsyncIterable or AsyncFunction', 'body', value);
  }
  if (S.isIterable(body)) return S.fromIterable(Duplexify, body, { objectMode: true, writable: false });
  if (typeof (body && body.then) === 'function') {
    let d;
    body.then((val) => {
      if (val != null) d.push(val);
      d.push(null);
    }, (err) => { S.destroyer(d, err); });
    return d = new Duplexify({ objectMode: true, writable: false, read() {} });
  }
  if (typeof body === 'object' && body !== null &&
    (S.isReadableNodeStream(body.readable) || S.isWritableNodeStream(body.writable))) {
    return fromPair({
      readable: body.readable && S.isReadableNodeStream(body.readable) ? body.readable : undefined,
      writable: body.writable && S.isWritableNodeStream(body.writable) ? body.writable : undefined,
    });
  }
  throw E.invalidArgType('body', ['Blob', 'ReadableStream', 'WritableStream', 'Stream', 'Iterable',
    'AsyncIterable', 'Function', '{ readable, writable } pair', 'Promise'], body);
};
class Duplexify extends Duplex {}
function fromAsyncGen(fn) {
  let { promise, resolve } = Promise.withResolvers ? Promise.withResolvers() : newResolvers();
  const ac = new AbortController();
  const signal = ac.signal;
  const value = fn((async function* () {
    // Bound: runs while the duplex's writable side keeps writing.
    while (true) {
      const _promise = promise;
      promise = null;
      const { chunk, done, cb } = await _promise;
      process.nextTick(cb);
      if (done) return;
      if (signal.aborted) throw S.abortError(signal.reason);
      ({ promise, resolve } = Promise.withResolvers ? Promise.withResolvers() : newResolvers());
      yield chunk;
    }
  })(), { signal });
  return {
    value,
    write(chunk, encoding, cb) {
      const _resolve = resolve;
      resolve = null;
      _resolve({ chunk, done: false, cb });
    },
    final(cb) {
      const _resolve = resolve;
      resolve = null;
      _resolve({ done: true, cb });
    },
    destroy(err, cb) {
      ac.abort();
      cb(err);
    },
  };
}
function newResolvers() {
  let resolve, reject;
  const promise = new Promise((a, b) => { resolve = a; reject = b; });
  return { promise, resolve, reject };
}
// A duplex over a readable and/or a writable.
function fromPair({ readable: r, writable: w }) {
  const readable = !!(r && S.isReadableNodeStream(r));
  const writable = !!(w && S.isWritableNodeStream(w));
  let onfinish, onreadable, onclose, ondrain, ondrainCb;
  const d = new Duplexify({
    readableObjectMode: !!(r && r.readableObjectMode),
    writableObjectMode: !!(w && w.writableObjectMode),
    readable, writable,
  });
  if (writable) {
    S.eos(w, (err) => {
      if (err) S.destroyer(d, err);
      const cb = onfinish;
      onfinish = null;
      if (cb) cb(err);
    });
    d._write = function (chunk, encoding, callback) {
      if (w.write(chunk, encoding)) callback();
      else ondrain = callback;
    };
    d._final = function (callback) {
      w.end();
      onfinish = callback;
    };
    w.on('drain', () => {
      if (ondrain) {
        const cb = ondrain;
        ondrain = null;
        cb();
      }
    });
    w.on('finish', () => {
      if (onfinish) {
        const cb = onfinish;
        onfinish = null;
        cb();
      }
    });
  }
  if (readable) {
    S.eos(r, (err) => {
      if (err) S.destroyer(r, err);
      const cb = onclose;
      onclose = null;
      if (cb) cb(err);
    });
    r.on('readable', () => {
      if (onreadable) {
        const cb = onreadable;
        onreadable = null;
        cb();
      }
    });
    r.on('end', () => d.push(null));
    d._read = function () {
      // Bound: drains what r has buffered now.
      while (true) {
        const buf = r.read();
        if (buf === null) {
          onreadable = d._read;
          return;
        }
        if (!d.push(buf)) return;
      }
    };
  }
  d._destroy = function (err, callback) {
    if (!err && onclose !== null) err = S.abortError();
    onreadable = null;
    ondrain = null;
    onfinish = null;
    ondrainCb = null;
    if (onclose === null || onclose === undefined) {
      callback(err);
    } else {
      onclose = callback;
      S.destroyer(w, err);
      S.destroyer(r, err);
    }
  };
  void ondrainCb;
  return d;
}

// ---- compose(...streams): one Duplex writing into the first stream and
// reading from the last, the chain piped with pipeline() ----
function compose(...streams) {
  if (streams.length === 0) throw E.missingArgs('streams');
  if (streams.length === 1) return Duplex.from(streams[0]);
  const orig = streams.slice();
  if (typeof streams[0] === 'function') streams[0] = Duplex.from(streams[0]);
  const last = streams.length - 1;
  if (typeof streams[last] === 'function') streams[last] = Duplex.from(streams[last]);
  for (let n = 0; n < streams.length; ++n) {
    if (!S.isNodeStream(streams[n])) continue;
    if (n < last && !S.isReadable(streams[n])) throw E.invalidArgValue(`streams[${n}]`, orig[n], 'must be readable');
    if (n > 0 && !S.isWritable(streams[n])) throw E.invalidArgValue(`streams[${n}]`, orig[n], 'must be writable');
  }
  let ondrain, onfinish, onreadable, onclose, d;
  const take = (cb) => { if (cb) cb(); };
  function onfinished(err) {
    const cb = onclose;
    onclose = null;
    if (cb) cb(err);
    else if (err) d.destroy(err);
    else if (!readable && !writable) d.destroy();
  }
  const head = streams[0];
  const tail = pipeline(streams, onfinished);
  const writable = !!S.isWritable(head);
  const readable = !!S.isReadable(tail);
  d = new Duplex({
    writableObjectMode: !!(head && head.writableObjectMode),
    readableObjectMode: !!(tail && tail.readableObjectMode),
    writable, readable,
  });
  if (writable) {
    d._write = function (chunk, encoding, callback) {
      if (head.write(chunk, encoding)) callback();
      else ondrain = callback;
    };
    d._final = function (callback) {
      head.end();
      onfinish = callback;
    };
    head.on('drain', () => { const cb = ondrain; ondrain = null; take(cb); });
    S.eos(tail, () => { const cb = onfinish; onfinish = null; take(cb); });
  }
  if (readable) {
    tail.on('readable', () => { const cb = onreadable; onreadable = null; take(cb); });
    tail.on('end', () => d.push(null));
    d._read = function () {
      // Bound: drains what the tail has buffered now.
      for (;;) {
        const buf = tail.read();
        if (buf === null) {
          onreadable = d._read;
          return;
        }
        if (!d.push(buf)) return;
      }
    };
  }
  d._destroy = function (err, callback) {
    if (!err && onclose !== null) err = S.abortError();
    onreadable = null;
    ondrain = null;
    onfinish = null;
    if (S.isNodeStream(tail)) S.destroyer(tail, err);
    if (onclose === null) callback(err);
    else onclose = callback;
  };
  return d;
}
S.compose = compose;

// ---- the module objects ----
const promises = {
  pipeline(...streams) {
    return new Promise((resolve, reject) => {
      let signal;
      let end;
      const lastArg = streams[streams.length - 1];
      if (lastArg && typeof lastArg === 'object' && !S.isNodeStream(lastArg) && !S.isIterable(lastArg) &&
        !S.isWebStream(lastArg)) {
        const options = streams.pop();
        signal = options.signal;
        end = options.end;
      }
      pipelineImpl(streams, (err, value) => {
        if (err) reject(err);
        else resolve(value);
      }, { signal, end });
    });
  },
  finished: S.finishedPromise,
};

Stream.Stream = Stream;
Stream.Readable = Readable;
Stream.Writable = Writable;
Stream.Duplex = Duplex;
Stream.Transform = Transform;
Stream.PassThrough = PassThrough;
Stream.duplexPair = duplexPair;
Stream.pipeline = pipeline;
Stream.compose = compose;
Stream.addAbortSignal = S.addAbortSignal;
Stream.finished = S.eos;
Stream.destroy = S.destroyer;
Stream.isDestroyed = S.isDestroyed;
Stream.isDisturbed = S.isDisturbed;
Stream.isErrored = S.isErrored;
Stream.isReadable = S.isReadable;
Stream.isWritable = S.isWritable;
Stream.setDefaultHighWaterMark = S.setDefaultHighWaterMark;
Stream.getDefaultHighWaterMark = S.getDefaultHighWaterMark;
Stream._isUint8Array = S.isUint8Array;
Stream._isArrayBufferView = ArrayBuffer.isView;
Stream._uint8ArrayToBuffer = (chunk) => Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
Object.defineProperty(Stream, 'promises', { configurable: true, enumerable: true, get() { return promises; } });
Object.defineProperty(pipeline, Symbol.for('nodejs.util.promisify.custom'), { enumerable: true, get() { return promises.pipeline; } });
Object.defineProperty(S.eos, Symbol.for('nodejs.util.promisify.custom'), { enumerable: true, get() { return promises.finished; } });
S.eos.finished = S.finishedPromise;
S.pipelineImpl = pipelineImpl;
S.promises = promises;
internal.streamModule = Stream;
internal.streamPromises = promises;
