// zlib.js: Node 20's `zlib` module for weft (written from its documented
// behaviour and tests): Deflate/Inflate/Gzip/Gunzip/DeflateRaw/InflateRaw/
// Unzip and BrotliCompress/BrotliDecompress as Transform streams over a C
// handle (src/js/zlib.c: Debian's zlib and libbrotli do the work, async
// writes on libuv's thread pool), the callback and Sync convenience
// functions, crc32, constants and codes. Loaded on first require('zlib').
const process = internal.process;
const Stream = internal.loadStream();
const { Transform, finished } = Stream;
const binding = natives.zlibBinding();
const constants = Object.freeze(binding.constants);
const {
  Z_NO_FLUSH, Z_BLOCK, Z_PARTIAL_FLUSH, Z_SYNC_FLUSH, Z_FULL_FLUSH, Z_FINISH,
  Z_MIN_CHUNK, Z_MIN_WINDOWBITS, Z_MAX_WINDOWBITS, Z_MIN_LEVEL, Z_MAX_LEVEL,
  Z_MIN_MEMLEVEL, Z_MAX_MEMLEVEL, Z_DEFAULT_CHUNK, Z_DEFAULT_COMPRESSION,
  Z_DEFAULT_STRATEGY, Z_DEFAULT_WINDOWBITS, Z_DEFAULT_MEMLEVEL, Z_FIXED,
  DEFLATE, DEFLATERAW, INFLATE, INFLATERAW, GZIP, GUNZIP, UNZIP, BROTLI_DECODE, BROTLI_ENCODE,
  BROTLI_OPERATION_PROCESS, BROTLI_OPERATION_FLUSH, BROTLI_OPERATION_FINISH, BROTLI_OPERATION_EMIT_METADATA,
} = constants;
const kMaxLength = (typeof Buffer === 'function' && require_buffer_kMaxLength()) || 2 ** 32;
function require_buffer_kMaxLength() {
  const b = internal.loadBuiltin('buffer');
  return b && b.kMaxLength;
}
// ---- handles: each an async resource ZLIB (as Node's), whose write
// callbacks (init's processCallback, onerror) run in its scope; destroyed at
// close. Also internalBinding('zlib')'s Zlib/BrotliEncoder/BrotliDecoder.
const { async_id_symbol, trigger_async_id_symbol, hooks } = internal;
function scoped(fn) {
  return function () {
    const id = this[async_id_symbol];
    hooks.emitBefore(id, this[trigger_async_id_symbol], this);
    const r = Reflect.apply(fn, this, arguments);
    hooks.emitAfter(id);
    return r;
  };
}
function newHandle(mode) {
  const h = binding.create(mode);
  const id = h[async_id_symbol] = natives.newAsyncId();
  const trigger = h[trigger_async_id_symbol] = natives.defaultTriggerAsyncId();
  if (hooks.initEnabled) hooks.emitInit(id, 'ZLIB', trigger, h);
  const { init, close } = h;
  h.init = function (...args) {
    for (let i = 0; i < args.length; i++) if (typeof args[i] === 'function') args[i] = scoped(args[i]);
    return Reflect.apply(init, this, args);
  };
  let closed = false;
  h.close = function () {
    if (!closed) {
      closed = true;
      if (hooks.destroyEnabled) hooks.emitDestroy(id);
    }
    return Reflect.apply(close, this, []);
  };
  return h;
}
internal.zlibInternalBinding = () => ({
  Zlib: function Zlib(mode) { return newHandle(mode); },
  BrotliEncoder: function BrotliEncoder(mode) { return newHandle(mode); },
  BrotliDecoder: function BrotliDecoder(mode) { return newHandle(mode); },
});

const kError = Symbol('kError');
const kFlushFlag = Symbol('kFlushFlag');
const kOwner = Symbol('owner_symbol');

const codes = {};
for (const k of ['Z_OK', 'Z_STREAM_END', 'Z_NEED_DICT', 'Z_ERRNO', 'Z_STREAM_ERROR', 'Z_DATA_ERROR',
  'Z_MEM_ERROR', 'Z_BUF_ERROR', 'Z_VERSION_ERROR']) {
  codes[k] = constants[k];
  codes[constants[k]] = k;
}
Object.freeze(codes);

function outOfRange(name, range, value) {
  return internal.makeNodeError(RangeError, 'ERR_OUT_OF_RANGE',
    `The value of "${name}" is out of range. It must be ${range}. Received ${internal.inspect(value)}`);
}
function bufferTooLarge(max) {
  return internal.makeNodeError(RangeError, 'ERR_BUFFER_TOO_LARGE', `Cannot create a Buffer larger than ${max} bytes`);
}
// false for undefined/NaN (use the default), true for a finite number,
// else ERR_INVALID_ARG_TYPE / ERR_OUT_OF_RANGE as Node's validateFiniteNumber.
function finiteNumber(number, name) {
  if (number === undefined) return false;
  if (Number.isFinite(number)) return true;
  if (Number.isNaN(number)) return false;
  if (typeof number !== 'number') internal.throwInvalidArgType(name, 'number', number);
  throw outOfRange(name, 'a finite number', number);
}
function rangeOrDefault(number, name, lower, upper, def) {
  if (!finiteNumber(number, name)) return def;
  if (number < lower || number > upper) throw outOfRange(name, `>= ${lower} and <= ${upper}`, number);
  return number;
}
const isArrayBufferView = ArrayBuffer.isView;
const isAnyArrayBuffer = (v) => v instanceof ArrayBuffer ||
  (typeof SharedArrayBuffer === 'function' && v instanceof SharedArrayBuffer);

// ---- convenience functions: collect a stream's output ----
function zlibBuffer(engine, buffer, callback) {
  if (typeof callback !== 'function') internal.throwInvalidArgType('callback', 'Function', callback);
  if (isArrayBufferView(buffer) && !(buffer instanceof Uint8Array)) {
    buffer = Buffer.from(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  } else if (isAnyArrayBuffer(buffer)) {
    buffer = Buffer.from(buffer);
  }
  engine.buffers = null;
  engine.nread = 0;
  engine.cb = callback;
  engine.on('data', zlibBufferOnData);
  engine.on('error', zlibBufferOnError);
  engine.on('end', zlibBufferOnEnd);
  engine.end(buffer);
}
function zlibBufferOnData(chunk) {
  if (!this.buffers) this.buffers = [chunk];
  else this.buffers.push(chunk);
  this.nread += chunk.length;
  if (this.nread > this._maxOutputLength) {
    this.close();
    this.removeAllListeners('end');
    this.cb(bufferTooLarge(this._maxOutputLength));
  }
}
function zlibBufferOnError(err) {
  this.removeAllListeners('end');
  this.cb(err);
}
function zlibBufferOnEnd() {
  let buf;
  if (this.nread === 0) buf = Buffer.alloc(0);
  else buf = this.buffers.length === 1 ? this.buffers[0] : Buffer.concat(this.buffers, this.nread);
  this.close();
  if (this._info) this.cb(null, { buffer: buf, engine: this });
  else this.cb(null, buf);
}
function zlibBufferSync(engine, buffer) {
  if (typeof buffer === 'string') {
    buffer = Buffer.from(buffer);
  } else if (!isArrayBufferView(buffer)) {
    if (isAnyArrayBuffer(buffer)) buffer = Buffer.from(buffer);
    else internal.throwInvalidArgType('buffer', ['string', 'Buffer', 'TypedArray', 'DataView', 'ArrayBuffer'], buffer);
  }
  buffer = processChunkSync(engine, buffer, engine._finishFlushFlag);
  if (engine._info) return { buffer, engine };
  return buffer;
}

// handle.onerror(message, errno, code): the C side reports a failed write.
function zlibOnError(message, errno, code) {
  const self = this[kOwner];
  const error = new Error(message);
  error.errno = errno;
  error.code = code;
  self.destroy(error);
  self[kError] = error;
}

const scopedOnError = scoped(zlibOnError);

// ---- ZlibBase: the Transform shared by zlib and brotli streams ----
function ZlibBase(opts, mode, handle, { flush, finishFlush, fullFlush }) {
  let chunkSize = Z_DEFAULT_CHUNK;
  let maxOutputLength = kMaxLength;
  const brotli = mode === BROTLI_ENCODE || mode === BROTLI_DECODE;
  const flushLo = brotli ? BROTLI_OPERATION_PROCESS : Z_NO_FLUSH;
  const flushHi = brotli ? BROTLI_OPERATION_EMIT_METADATA : Z_BLOCK;
  if (opts) {
    chunkSize = opts.chunkSize;
    if (!finiteNumber(chunkSize, 'options.chunkSize')) chunkSize = Z_DEFAULT_CHUNK;
    else if (chunkSize < Z_MIN_CHUNK) throw outOfRange('options.chunkSize', `>= ${Z_MIN_CHUNK}`, chunkSize);
    flush = rangeOrDefault(opts.flush, 'options.flush', flushLo, flushHi, flush);
    finishFlush = rangeOrDefault(opts.finishFlush, 'options.finishFlush', flushLo, flushHi, finishFlush);
    maxOutputLength = rangeOrDefault(opts.maxOutputLength, 'options.maxOutputLength', 1, kMaxLength, kMaxLength);
    if (opts.encoding || opts.objectMode || opts.writableObjectMode) {
      opts = { ...opts, encoding: null, objectMode: false, writableObjectMode: false };
    }
  }
  Reflect.apply(Transform, this, [{ autoDestroy: true, ...opts }]);
  this[kError] = null;
  this.bytesWritten = 0;
  this._handle = handle;
  handle[kOwner] = this;
  handle.onerror = scopedOnError;
  this._outBuffer = Buffer.allocUnsafe(chunkSize);
  this._outOffset = 0;
  this._chunkSize = chunkSize;
  this._defaultFlushFlag = flush;
  this._finishFlushFlag = finishFlush;
  this._defaultFullFlushFlag = fullFlush;
  this._info = opts && opts.info;
  this._maxOutputLength = maxOutputLength;
}
Object.setPrototypeOf(ZlibBase.prototype, Transform.prototype);
Object.setPrototypeOf(ZlibBase, Transform);
Object.defineProperty(ZlibBase.prototype, '_closed', {
  configurable: true, enumerable: true, get() { return !this._handle; },
});
{
  let warned = false;
  const warn = () => {
    if (warned) return;
    warned = true;
    process.emitWarning('zlib.bytesRead is deprecated and will change its meaning in the future. ' +
      'Use zlib.bytesWritten instead.', 'DeprecationWarning', 'DEP0108');
  };
  Object.defineProperty(ZlibBase.prototype, 'bytesRead', {
    configurable: true, enumerable: true,
    get() { warn(); return this.bytesWritten; },
    set(v) { warn(); this.bytesWritten = v; },
  });
}
ZlibBase.prototype.reset = function () {
  if (!this._handle) throw new Error('zlib binding closed');
  return this._handle.reset();
};
ZlibBase.prototype._flush = function (callback) {
  this._transform(Buffer.alloc(0), '', callback);
};
ZlibBase.prototype._final = function (callback) {
  callback();
};

// How strong a flush is, to pick the stronger of two.
const kFlushOrder = [Z_NO_FLUSH, Z_BLOCK, Z_PARTIAL_FLUSH, Z_SYNC_FLUSH, Z_FULL_FLUSH, Z_FINISH];
const flushRank = [];
kFlushOrder.forEach((f, i) => { flushRank[f] = i; });
function maxFlush(a, b) {
  return flushRank[a] > flushRank[b] ? a : b;
}
// Empty buffers that carry a flush kind through write().
const kFlushBuffers = [];
for (const f of kFlushOrder) {
  kFlushBuffers[f] = Buffer.from(new ArrayBuffer(0));
  kFlushBuffers[f][kFlushFlag] = f;
}

ZlibBase.prototype.flush = function (kind, callback) {
  if (typeof kind === 'function' || (kind === undefined && !callback)) {
    callback = kind;
    kind = this._defaultFullFlushFlag;
  }
  if (this.writableFinished) {
    if (callback) process.nextTick(callback);
  } else if (this.writableEnded) {
    if (callback) this.once('end', callback);
  } else {
    this.write(kFlushBuffers[kind], '', callback);
  }
};
ZlibBase.prototype.close = function (callback) {
  if (callback) finished(this, callback);
  this.destroy();
};
ZlibBase.prototype._destroy = function (err, callback) {
  closeHandle(this);
  callback(err);
};
ZlibBase.prototype._transform = function (chunk, encoding, cb) {
  let flushFlag = this._defaultFlushFlag;
  if (typeof chunk[kFlushFlag] === 'number') flushFlag = chunk[kFlushFlag];
  // the last chunk before end() finishes the stream
  if (this.writableEnded && this.writableLength === chunk.byteLength) {
    flushFlag = maxFlush(flushFlag, this._finishFlushFlag);
  }
  processChunk(this, chunk, flushFlag, cb);
};
ZlibBase.prototype._processChunk = function (chunk, flushFlag, cb) {
  if (typeof cb === 'function') processChunk(this, chunk, flushFlag, cb);
  else return processChunkSync(this, chunk, flushFlag);
};

function processChunkSync(self, chunk, flushFlag) {
  let availInBefore = chunk.byteLength;
  let availOutBefore = self._chunkSize - self._outOffset;
  let inOff = 0;
  let buffers = null;
  let nread = 0;
  let inputRead = 0;
  const state = self._writeState;
  const handle = self._handle;
  let buffer = self._outBuffer;
  let offset = self._outOffset;
  const chunkSize = self._chunkSize;
  let error;
  self.on('error', function onError(er) { error = er; });
  // Bound: each pass fills an output window; it stops when one is left
  // with room (all input consumed at this flush level).
  for (;;) {
    handle.writeSync(flushFlag, chunk, inOff, availInBefore, buffer, offset, availOutBefore);
    if (error) throw error;
    else if (self[kError]) throw self[kError];
    const availOutAfter = state[0];
    const availInAfter = state[1];
    const inDelta = availInBefore - availInAfter;
    inputRead += inDelta;
    const have = availOutBefore - availOutAfter;
    if (have > 0) {
      const out = buffer.slice(offset, offset + have);
      offset += have;
      if (!buffers) buffers = [out];
      else buffers.push(out);
      nread += out.byteLength;
      if (nread > self._maxOutputLength) {
        closeHandle(self);
        throw bufferTooLarge(self._maxOutputLength);
      }
    }
    if (availOutAfter === 0 || offset >= chunkSize) {
      availOutBefore = chunkSize;
      offset = 0;
      buffer = Buffer.allocUnsafe(chunkSize);
    }
    if (availOutAfter === 0) {
      inOff += inDelta;
      availInBefore = availInAfter;
    } else {
      break;
    }
  }
  self.bytesWritten = inputRead;
  closeHandle(self);
  if (nread === 0) return Buffer.alloc(0);
  return buffers.length === 1 ? buffers[0] : Buffer.concat(buffers, nread);
}

function processChunk(self, chunk, flushFlag, cb) {
  const handle = self._handle;
  if (!handle) return process.nextTick(cb);
  handle.buffer = chunk;
  handle.cb = cb;
  handle.availOutBefore = self._chunkSize - self._outOffset;
  handle.availInBefore = chunk.byteLength;
  handle.inOff = 0;
  handle.flushFlag = flushFlag;
  handle.write(flushFlag, chunk, 0, handle.availInBefore, self._outBuffer, self._outOffset, handle.availOutBefore);
}

// After an async write (this = the handle): push the output, continue with
// the rest of the input (when the reader wants more), or finish the chunk.
function processCallback() {
  const handle = this;
  const self = this[kOwner];
  const state = self._writeState;
  if (self.destroyed) {
    this.buffer = null;
    this.cb();
    return;
  }
  const availOutAfter = state[0];
  const availInAfter = state[1];
  const inDelta = handle.availInBefore - availInAfter;
  self.bytesWritten += inDelta;
  const have = handle.availOutBefore - availOutAfter;
  let readerFull = false;
  if (have > 0) {
    const out = self._outBuffer.slice(self._outOffset, self._outOffset + have);
    self._outOffset += have;
    readerFull = !self.push(out);
  }
  if (self.destroyed) {
    this.cb();
    return;
  }
  if (availOutAfter === 0 || self._outOffset >= self._chunkSize) {
    handle.availOutBefore = self._chunkSize;
    self._outOffset = 0;
    self._outBuffer = Buffer.allocUnsafe(self._chunkSize);
  }
  if (availOutAfter === 0) {
    handle.inOff += inDelta;
    handle.availInBefore = availInAfter;
    const more = () => handle.write(handle.flushFlag, this.buffer, handle.inOff, handle.availInBefore,
      self._outBuffer, self._outOffset, self._chunkSize);
    if (!readerFull) {
      more();
    } else {
      const oldRead = self._read;
      self._read = (n) => {
        self._read = oldRead;
        more();
        self._read(n);
      };
    }
    return;
  }
  if (availInAfter > 0) {
    // the stream ended with input left over (data after the end marker)
    self.push(null);
  }
  this.buffer = null;
  this.cb();
}

function closeHandle(engine) {
  if (!engine._handle) return;
  engine._handle.close();
  engine._handle = null;
}

// ---- zlib streams ----
const zlibDefaultOpts = { flush: Z_NO_FLUSH, finishFlush: Z_FINISH, fullFlush: Z_FULL_FLUSH };
function Zlib(opts, mode) {
  let windowBits = Z_DEFAULT_WINDOWBITS;
  let level = Z_DEFAULT_COMPRESSION;
  let memLevel = Z_DEFAULT_MEMLEVEL;
  let strategy = Z_DEFAULT_STRATEGY;
  let dictionary;
  if (opts) {
    if ((opts.windowBits == null || opts.windowBits === 0) && (mode === INFLATE || mode === GUNZIP || mode === UNZIP)) {
      windowBits = 0; // take the window size from the stream header
    } else {
      const min = Z_MIN_WINDOWBITS + (mode === GZIP ? 1 : 0);
      windowBits = rangeOrDefault(opts.windowBits, 'options.windowBits', min, Z_MAX_WINDOWBITS, Z_DEFAULT_WINDOWBITS);
    }
    level = rangeOrDefault(opts.level, 'options.level', Z_MIN_LEVEL, Z_MAX_LEVEL, Z_DEFAULT_COMPRESSION);
    memLevel = rangeOrDefault(opts.memLevel, 'options.memLevel', Z_MIN_MEMLEVEL, Z_MAX_MEMLEVEL, Z_DEFAULT_MEMLEVEL);
    strategy = rangeOrDefault(opts.strategy, 'options.strategy', Z_DEFAULT_STRATEGY, Z_FIXED, Z_DEFAULT_STRATEGY);
    dictionary = opts.dictionary;
    if (dictionary !== undefined && !isArrayBufferView(dictionary)) {
      if (isAnyArrayBuffer(dictionary)) dictionary = Buffer.from(dictionary);
      else internal.throwInvalidArgType('options.dictionary', ['Buffer', 'TypedArray', 'DataView', 'ArrayBuffer'], dictionary);
    }
  }
  const handle = newHandle(mode);
  this._writeState = new Uint32Array(2);
  handle.init(windowBits, level, memLevel, strategy, this._writeState, processCallback, dictionary);
  Reflect.apply(ZlibBase, this, [opts, mode, handle, zlibDefaultOpts]);
  this._level = level;
  this._strategy = strategy;
}
Object.setPrototypeOf(Zlib.prototype, ZlibBase.prototype);
Object.setPrototypeOf(Zlib, ZlibBase);

function paramsAfterFlushCallback(level, strategy, callback) {
  if (!this._handle) throw new Error('zlib binding closed');
  this._handle.params(level, strategy);
  if (!this.destroyed) {
    this._level = level;
    this._strategy = strategy;
    if (callback) callback();
  }
}
Zlib.prototype.params = function params(level, strategy, callback) {
  rangeOrDefault(level, 'level', Z_MIN_LEVEL, Z_MAX_LEVEL);
  rangeOrDefault(strategy, 'strategy', Z_DEFAULT_STRATEGY, Z_FIXED);
  if (this._level !== level || this._strategy !== strategy) {
    this.flush(Z_SYNC_FLUSH, paramsAfterFlushCallback.bind(this, level, strategy, callback));
  } else {
    process.nextTick(callback);
  }
};

function defineStream(name, mode, base, prepare) {
  const ctor = {
    [name]: function (opts) {
      if (prepare) opts = prepare(opts);
      if (!(this instanceof ctor)) return new ctor(opts);
      Reflect.apply(base, this, [opts, mode]);
    },
  }[name];
  Object.setPrototypeOf(ctor.prototype, base.prototype);
  Object.setPrototypeOf(ctor, base);
  return ctor;
}
const Deflate = defineStream('Deflate', DEFLATE, Zlib);
const Inflate = defineStream('Inflate', INFLATE, Zlib);
const Gzip = defineStream('Gzip', GZIP, Zlib);
const Gunzip = defineStream('Gunzip', GUNZIP, Zlib);
// zlib refuses raw deflate with an 8-bit window; Node uses 9 instead
const DeflateRaw = defineStream('DeflateRaw', DEFLATERAW, Zlib, (opts) => {
  if (opts && opts.windowBits === 8) opts.windowBits = 9;
  return opts;
});
const InflateRaw = defineStream('InflateRaw', INFLATERAW, Zlib);
const Unzip = defineStream('Unzip', UNZIP, Zlib);

// ---- brotli streams ----
const brotliDefaultOpts = {
  flush: BROTLI_OPERATION_PROCESS, finishFlush: BROTLI_OPERATION_FINISH, fullFlush: BROTLI_OPERATION_FLUSH,
};
let kMaxBrotliParam = 0;
for (const key of Object.keys(constants)) {
  if (key.startsWith('BROTLI_PARAM_') || key.startsWith('BROTLI_DECODER_PARAM_')) {
    kMaxBrotliParam = Math.max(kMaxBrotliParam, constants[key]);
  }
}
function Brotli(opts, mode) {
  const params = new Uint32Array(kMaxBrotliParam + 1).fill(0xFFFFFFFF);
  if (opts && opts.params) {
    for (const origKey of Object.keys(opts.params)) {
      const key = +origKey;
      if (Number.isNaN(key) || key < 0 || key > kMaxBrotliParam || params[key] !== 0xFFFFFFFF) {
        throw internal.makeNodeError(RangeError, 'ERR_BROTLI_INVALID_PARAM', `${origKey} is not a valid Brotli parameter`);
      }
      const value = opts.params[origKey];
      if (typeof value !== 'number' && typeof value !== 'boolean') {
        internal.throwInvalidArgType('options.params[key]', 'number', opts.params[origKey]);
      }
      params[key] = value;
    }
  }
  const handle = newHandle(mode);
  this._writeState = new Uint32Array(2);
  if (!handle.init(params, this._writeState, processCallback)) {
    throw internal.makeNodeError(Error, 'ERR_ZLIB_INITIALIZATION_FAILED', 'Initialization failed');
  }
  Reflect.apply(ZlibBase, this, [opts, mode, handle, brotliDefaultOpts]);
}
Object.setPrototypeOf(Brotli.prototype, ZlibBase.prototype);
Object.setPrototypeOf(Brotli, ZlibBase);
const BrotliCompress = defineStream('BrotliCompress', BROTLI_ENCODE, Brotli);
const BrotliDecompress = defineStream('BrotliDecompress', BROTLI_DECODE, Brotli);

function convenience(ctor, sync) {
  if (sync) {
    return function syncBufferWrapper(buffer, opts) {
      return zlibBufferSync(new ctor(opts), buffer);
    };
  }
  return function asyncBufferWrapper(buffer, opts, callback) {
    if (typeof opts === 'function') {
      callback = opts;
      opts = {};
    }
    return zlibBuffer(new ctor(opts), buffer, callback);
  };
}

function crc32(data, value = 0) {
  if (typeof data !== 'string' && !isArrayBufferView(data)) {
    internal.throwInvalidArgType('data', ['Buffer', 'TypedArray', 'DataView', 'string'], data);
  }
  if (typeof value !== 'number') internal.throwInvalidArgType('value', 'number', value);
  if (!Number.isInteger(value) || value < 0 || value > 0xFFFFFFFF) {
    throw outOfRange('value', '>= 0 && <= 4294967295', value);
  }
  return binding.crc32(data, value);
}

const zlib = {
  crc32,
  Deflate, Inflate, Gzip, Gunzip, DeflateRaw, InflateRaw, Unzip, BrotliCompress, BrotliDecompress,
  deflate: convenience(Deflate, false),
  deflateSync: convenience(Deflate, true),
  gzip: convenience(Gzip, false),
  gzipSync: convenience(Gzip, true),
  deflateRaw: convenience(DeflateRaw, false),
  deflateRawSync: convenience(DeflateRaw, true),
  unzip: convenience(Unzip, false),
  unzipSync: convenience(Unzip, true),
  inflate: convenience(Inflate, false),
  inflateSync: convenience(Inflate, true),
  gunzip: convenience(Gunzip, false),
  gunzipSync: convenience(Gunzip, true),
  inflateRaw: convenience(InflateRaw, false),
  inflateRawSync: convenience(InflateRaw, true),
  brotliCompress: convenience(BrotliCompress, false),
  brotliCompressSync: convenience(BrotliCompress, true),
  brotliDecompress: convenience(BrotliDecompress, false),
  brotliDecompressSync: convenience(BrotliDecompress, true),
};
for (const [name, ctor] of [['Deflate', Deflate], ['Inflate', Inflate], ['DeflateRaw', DeflateRaw],
  ['InflateRaw', InflateRaw], ['Gzip', Gzip], ['Gunzip', Gunzip], ['Unzip', Unzip],
  ['BrotliCompress', BrotliCompress], ['BrotliDecompress', BrotliDecompress]]) {
  Object.defineProperty(zlib, `create${name}`, {
    configurable: true, enumerable: true, writable: true,
    value: function (options) { return new ctor(options); },
  });
}
Object.defineProperties(zlib, {
  constants: { configurable: false, enumerable: true, value: constants },
  codes: { enumerable: true, writable: false, value: codes },
});
// the legacy zlib.Z_* names (not enumerable, as Node)
for (const key of Object.keys(constants)) {
  if (key.startsWith('BROTLI')) continue;
  Object.defineProperty(zlib, key, { enumerable: false, value: constants[key], writable: false });
}
internal.zlibModule = zlib;
