// buffer.js: Node's `buffer` module and the global Buffer (a Uint8Array
// subclass), loaded on first use. Encoding, decoding, search and compare are
// done in C (natives.buffer, src/js/buffer.c); numbers are read and written
// here with plain byte arithmetic. Behaviour follows Node 20's lib/buffer.js.
'use strict';

const B = natives.buffer;
const makeNodeError = internal.makeNodeError;
const throwType = internal.throwInvalidArgType;
const kMaxLength = 2 ** 32;
const kStringMaxLength = 2 ** 30 - 1; // QuickJS's longest string (V8's is 2 ** 29 - 24)
const customInspect = Symbol.for('nodejs.util.inspect.custom');

// encoding names -> natives.buffer encoding numbers (buffer.c)
const UTF8 = 0, UTF16LE = 1, LATIN1 = 2, ASCII = 3, BASE64 = 4, BASE64URL = 5, HEX = 6;
const encodingNames = ['utf8', 'utf16le', 'latin1', 'ascii', 'base64', 'base64url', 'hex'];
const encodingIds = {
  __proto__: null,
  'utf8': UTF8, 'utf-8': UTF8, 'ucs2': UTF16LE, 'ucs-2': UTF16LE, 'utf16le': UTF16LE,
  'utf-16le': UTF16LE, 'latin1': LATIN1, 'binary': LATIN1, 'ascii': ASCII,
  'base64': BASE64, 'base64url': BASE64URL, 'hex': HEX,
};
// -> encoding number, or undefined for an unknown name
function encodingId(enc) {
  if (enc === undefined || enc === null || enc === 'utf8') return UTF8;
  enc = `${enc}`;
  const id = encodingIds[enc];
  return id !== undefined ? id : encodingIds[enc.toLowerCase()];
}
// Node's normalizeEncoding: the canonical name ('ucs2' for UTF-16LE), or undefined
function normalizeEncoding(enc) {
  if (enc === undefined || enc === null || enc === '') return 'utf8';
  const id = encodingId(enc);
  if (id === undefined) return undefined;
  return id === UTF16LE ? 'utf16le' : encodingNames[id];
}
function unknownEncoding(enc) {
  return makeNodeError(TypeError, 'ERR_UNKNOWN_ENCODING', `Unknown encoding: ${enc}`);
}

// ---- errors and validation (Node's messages) ----
function addNumericalSeparator(val) {
  let res = '';
  let i = val.length;
  const start = val[0] === '-' ? 1 : 0;
  for (; i >= start + 4; i -= 3) res = `_${val.slice(i - 3, i)}${res}`;
  return `${val.slice(0, i)}${res}`;
}
function outOfRange(name, range, input) {
  let received;
  if (Number.isInteger(input) && Math.abs(input) > 2 ** 32) {
    received = addNumericalSeparator(String(input));
  } else if (typeof input === 'bigint') {
    received = String(input);
    if (input > 2n ** 32n || input < -(2n ** 32n)) received = addNumericalSeparator(received);
    received += 'n';
  } else {
    received = internal.inspect(input);
  }
  return makeNodeError(RangeError, 'ERR_OUT_OF_RANGE',
    `The value of "${name}" is out of range. It must be ${range}. Received ${received}`);
}
function bufferOutOfBounds(name) {
  return makeNodeError(RangeError, 'ERR_BUFFER_OUT_OF_BOUNDS',
    name ? `"${name}" is outside of buffer bounds` : 'Attempt to access memory outside buffer bounds');
}
function validateNumber(value, name, min, max) {
  if (typeof value !== 'number') throwType(name, 'number', value);
  if ((min != null && value < min) || (max != null && value > max) ||
      ((min != null || max != null) && Number.isNaN(value))) {
    throw outOfRange(name, `${min != null ? `>= ${min}` : ''}${min != null && max != null ? ' && ' : ''}${max != null ? `<= ${max}` : ''}`, value);
  }
}
function validateInteger(value, name, min = Number.MIN_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER) {
  if (typeof value !== 'number') throwType(name, 'number', value);
  if (!Number.isInteger(value)) throw outOfRange(name, 'an integer', value);
  if (value < min || value > max) throw outOfRange(name, `>= ${min} && <= ${max}`, value);
}
const validateOffset = (value, name, min = 0, max = kMaxLength) => validateInteger(value, name, min, max);
function isUint8Array(v) { return v instanceof Uint8Array; }
const TypedArray = Object.getPrototypeOf(Uint8Array);
// a view's real length, whatever an own 'length' property says (fill's bounds)
const typedArrayLength = Object.getOwnPropertyDescriptor(TypedArray.prototype, 'length').get;
const typedArrayTag = Object.getOwnPropertyDescriptor(TypedArray.prototype, Symbol.toStringTag).get;
function isTypedArray(v) { return typedArrayTag.call(v) !== undefined; }
const abByteLength = Object.getOwnPropertyDescriptor(ArrayBuffer.prototype, 'byteLength').get;
const sabByteLength = typeof SharedArrayBuffer === 'function'
  ? Object.getOwnPropertyDescriptor(SharedArrayBuffer.prototype, 'byteLength').get : undefined;
function isAnyArrayBuffer(v) {
  if (v === null || typeof v !== 'object') return false;
  try { abByteLength.call(v); return true; } catch {}
  if (sabByteLength) { try { sabByteLength.call(v); return true; } catch {} }
  return false;
}

// ---- Buffer ----
class FastBuffer extends Uint8Array {
  // eslint-disable-next-line no-useless-constructor
  constructor(a, b, c) { super(a, b, c); }
}

let warnedDeprecation = false;
function showFlaggedDeprecation() {
  if (warnedDeprecation) return;
  warnedDeprecation = true;
  const saved = Error.prepareStackTrace;
  let stack;
  try {
    Error.prepareStackTrace = undefined;
    stack = String(new Error().stack);
  } finally {
    Error.prepareStackTrace = saved;
  }
  if (!process.execArgv.includes('--pending-deprecation') &&
      /[\\/]node_modules[\\/]/.test(stack.split('\n').slice(3).join('\n'))) {
    warnedDeprecation = false;
    return;
  }
  process.emitWarning('Buffer() is deprecated due to security and usability issues. Please use the ' +
    'Buffer.alloc(), Buffer.allocUnsafe(), or Buffer.from() methods instead.', 'DeprecationWarning', 'DEP0005');
}

function Buffer(arg, encodingOrOffset, length) {
  showFlaggedDeprecation();
  if (typeof arg === 'number') {
    if (typeof encodingOrOffset === 'string') throwType('string', 'string', arg);
    return Buffer.alloc(arg);
  }
  return Buffer.from(arg, encodingOrOffset, length);
}
Object.defineProperty(Buffer, Symbol.species, { enumerable: false, configurable: true, get() { return FastBuffer; } });
Buffer.prototype = FastBuffer.prototype;
Object.defineProperty(FastBuffer.prototype, 'constructor', { value: Buffer, writable: true, configurable: true, enumerable: false });
Object.setPrototypeOf(Buffer, Uint8Array);
Buffer.poolSize = 8 * 1024;

// Node's allocation pool: Buffers smaller than half of Buffer.poolSize from
// allocUnsafe, from(string), from(array-like) and concat are slices of one
// shared ArrayBuffer (8-byte aligned), which a postMessage transfer list
// leaves alone (worker_threads.markAsUntransferable). A new pool is made when
// the current one cannot hold the next buffer; parts are never reused, so the
// bytes of a fresh slice are zero.
let poolSize = 0, poolOffset = 0, allocPool = null;
const untransferable = internal.untransferable || (internal.untransferable = new WeakSet());
function createPool() {
  poolSize = Buffer.poolSize;
  allocPool = new ArrayBuffer(poolSize);
  untransferable.add(allocPool);
  poolOffset = 0;
}
function alignPool() {
  if (poolOffset & 0x7) poolOffset = (poolOffset | 0x7) + 1;
}
function poolFits(size) { return size < (Buffer.poolSize >>> 1); }
function poolSlice(size) {
  if (allocPool === null || size > poolSize - poolOffset) createPool();
  const b = new FastBuffer(allocPool, poolOffset, size);
  poolOffset += size;
  alignPool();
  return b;
}
function allocate(size) {
  if (size <= 0) return new FastBuffer();
  return poolFits(size) ? poolSlice(size) : new FastBuffer(size);
}

function fromString(string, encoding) {
  let id = UTF8;
  if (encoding && typeof encoding === 'string' && encoding !== 'utf8') {
    id = encodingId(encoding);
    if (id === undefined) throw unknownEncoding(encoding);
  }
  if (string.length === 0) return new FastBuffer();
  // a long string cannot fit the pool: skip counting its bytes
  if (string.length >= Buffer.poolSize) return new FastBuffer(B.encode(string, id));
  const length = B.byteLength(string, id);
  if (!poolFits(length)) return new FastBuffer(B.encode(string, id));
  if (allocPool === null || length > poolSize - poolOffset) createPool();
  const actual = B.write(new FastBuffer(allocPool, poolOffset, length), string, 0, length, id);
  const b = new FastBuffer(allocPool, poolOffset, actual);
  poolOffset += actual;
  alignPool();
  return b;
}
function fromArrayBuffer(obj, byteOffset, length) {
  if (byteOffset === undefined) {
    byteOffset = 0;
  } else {
    byteOffset = +byteOffset;
    if (Number.isNaN(byteOffset)) byteOffset = 0;
  }
  const maxLength = obj.byteLength - byteOffset;
  if (maxLength < 0) throw bufferOutOfBounds('offset');
  if (length === undefined) {
    length = maxLength;
  } else {
    length = +length;
    if (length > 0) {
      if (length > maxLength) throw bufferOutOfBounds('length');
    } else {
      length = 0;
    }
  }
  return new FastBuffer(obj, byteOffset, length);
}
function fromArrayLike(obj) {
  if (obj.length <= 0) return new FastBuffer();
  const b = allocate(obj.length);
  if (isTypedArray(obj) || Array.isArray(obj)) b.set(obj);
  else for (let i = 0; i < b.length; i++) b[i] = obj[i];
  return b;
}
function fromObject(obj) {
  if (obj.length !== undefined || isAnyArrayBuffer(obj.buffer)) {
    if (typeof obj.length !== 'number') return new FastBuffer();
    return fromArrayLike(obj);
  }
  if (obj.type === 'Buffer' && Array.isArray(obj.data)) return fromArrayLike(obj.data);
  return undefined;
}
const fromTypes = ['string', 'Buffer', 'ArrayBuffer', 'Array', 'Array-like Object'];
Buffer.from = function from(value, encodingOrOffset, length) {
  if (typeof value === 'string') return fromString(value, encodingOrOffset);
  if (typeof value === 'object' && value !== null) {
    if (isAnyArrayBuffer(value)) return fromArrayBuffer(value, encodingOrOffset, length);
    const valueOf = value.valueOf && value.valueOf();
    if (valueOf != null && valueOf !== value && (typeof valueOf === 'string' || typeof valueOf === 'object')) {
      return from(valueOf, encodingOrOffset, length);
    }
    const b = fromObject(value);
    if (b) return b;
    if (typeof value[Symbol.toPrimitive] === 'function') {
      const primitive = value[Symbol.toPrimitive]('string');
      if (typeof primitive === 'string') return fromString(primitive, encodingOrOffset);
    }
  }
  throwType('first argument', fromTypes, value);
};
Buffer.copyBytesFrom = function copyBytesFrom(view, offset, length) {
  if (!isTypedArray(view)) throwType('view', ['TypedArray'], view);
  const viewLength = view.length;
  if (viewLength === 0) return Buffer.alloc(0);
  if (offset !== undefined || length !== undefined) {
    if (offset !== undefined) {
      validateInteger(offset, 'offset', 0);
      if (offset >= viewLength) return Buffer.alloc(0);
    } else {
      offset = 0;
    }
    let end;
    if (length !== undefined) {
      validateInteger(length, 'length', 0);
      end = offset + length;
    } else {
      end = viewLength;
    }
    view = TypedArray.prototype.slice.call(view, offset, end);
  }
  return fromArrayLike(new Uint8Array(view.buffer, view.byteOffset, view.byteLength));
};
Buffer.of = (...items) => {
  const b = new FastBuffer(items.length);
  for (let k = 0; k < items.length; k++) b[k] = items[k];
  return b;
};
Buffer.alloc = function alloc(size, fill, encoding) {
  validateNumber(size, 'size', 0, kMaxLength);
  const buf = new FastBuffer(size);
  if (fill !== undefined && fill !== 0 && size > 0) return bufferFill(buf, fill, 0, buf.length, encoding);
  return buf;
};
Buffer.allocUnsafe = function allocUnsafe(size) {
  validateNumber(size, 'size', 0, kMaxLength);
  return allocate(size);
};
Buffer.allocUnsafeSlow = function allocUnsafeSlow(size) {
  validateNumber(size, 'size', 0, kMaxLength);
  return new FastBuffer(size);
};
function SlowBuffer(size) {
  validateNumber(size, 'size', 0, kMaxLength);
  return new FastBuffer(size);
}
Object.setPrototypeOf(SlowBuffer.prototype, Uint8Array.prototype);
Object.setPrototypeOf(SlowBuffer, Uint8Array);

Buffer.isBuffer = function isBuffer(b) { return b instanceof Buffer; };
Buffer.compare = function compare(buf1, buf2) {
  if (!isUint8Array(buf1)) throwType('buf1', ['Buffer', 'Uint8Array'], buf1);
  if (!isUint8Array(buf2)) throwType('buf2', ['Buffer', 'Uint8Array'], buf2);
  return buf1 === buf2 ? 0 : B.compare(buf1, buf2);
};
Buffer.isEncoding = function isEncoding(encoding) {
  return typeof encoding === 'string' && encoding.length !== 0 && encodingId(encoding) !== undefined;
};
Buffer.concat = function concat(list, length) {
  if (!Array.isArray(list)) throwType('list', 'Array', list);
  if (list.length === 0) return new FastBuffer();
  if (length === undefined) {
    length = 0;
    for (let i = 0; i < list.length; i++) if (list[i].length) length += list[i].length;
  } else {
    validateOffset(length, 'length');
  }
  const buffer = allocate(length);
  let pos = 0;
  for (let i = 0; i < list.length; i++) {
    const buf = list[i];
    if (!isUint8Array(buf)) throwType(`list[${i}]`, ['Buffer', 'Uint8Array'], buf);
    pos += copyActual(buf, buffer, pos, 0, buf.length);
  }
  return buffer;
};
function byteLength(string, encoding) {
  if (typeof string !== 'string') {
    if (ArrayBuffer.isView(string) || isAnyArrayBuffer(string)) return string.byteLength;
    throwType('string', ['string', 'Buffer', 'ArrayBuffer'], string);
  }
  const len = string.length;
  if (len === 0) return 0;
  let id = encoding ? encodingId(encoding) : UTF8;
  if (id === undefined) id = UTF8;
  switch (id) {
    case LATIN1: case ASCII: return len;
    case UTF16LE: return len * 2;
    case HEX: return len >>> 1;
    case BASE64: case BASE64URL: {
      let n = len;
      if (string.charCodeAt(n - 1) === 0x3D) n--;
      if (n > 1 && string.charCodeAt(n - 1) === 0x3D) n--;
      return (n * 3) >>> 2;
    }
    default: return B.byteLength(string, UTF8);
  }
}
Buffer.byteLength = byteLength;

const proto = Buffer.prototype;
for (const [name, get] of [['parent', (b) => b.buffer], ['offset', (b) => b.byteOffset]]) {
  Object.defineProperty(proto, name, {
    enumerable: true, configurable: true,
    get() { return this instanceof Buffer ? get(this) : undefined; },
  });
}

function copyActual(source, target, targetStart, sourceStart, sourceEnd) {
  if (sourceEnd - sourceStart > target.length - targetStart) sourceEnd = sourceStart + target.length - targetStart;
  let nb = sourceEnd - sourceStart;
  const sourceLen = source.length - sourceStart;
  if (nb > sourceLen) nb = sourceLen;
  if (nb <= 0) return 0;
  if (sourceStart !== 0 || sourceEnd < source.length) {
    source = new Uint8Array(source.buffer, source.byteOffset + sourceStart, nb);
  }
  target.set(source, targetStart);
  return nb;
}
function toInteger(n, defaultVal) {
  n = +n;
  if (!Number.isNaN(n) && n >= Number.MIN_SAFE_INTEGER && n <= Number.MAX_SAFE_INTEGER) {
    return (n % 1) === 0 ? n : Math.floor(n);
  }
  return defaultVal;
}
proto.copy = function copy(target, targetStart, sourceStart, sourceEnd) {
  const source = this;
  if (!isUint8Array(source)) throwType('source', ['Buffer', 'Uint8Array'], source);
  if (!isUint8Array(target)) throwType('target', ['Buffer', 'Uint8Array'], target);
  if (targetStart === undefined) {
    targetStart = 0;
  } else {
    targetStart = Number.isInteger(targetStart) ? targetStart : toInteger(targetStart, 0);
    if (targetStart < 0) throw outOfRange('targetStart', '>= 0', targetStart);
  }
  if (sourceStart === undefined) {
    sourceStart = 0;
  } else {
    sourceStart = Number.isInteger(sourceStart) ? sourceStart : toInteger(sourceStart, 0);
    if (sourceStart < 0 || sourceStart > source.length) {
      throw outOfRange('sourceStart', `>= 0 && <= ${source.length}`, sourceStart);
    }
  }
  if (sourceEnd === undefined) {
    sourceEnd = source.length;
  } else {
    sourceEnd = Number.isInteger(sourceEnd) ? sourceEnd : toInteger(sourceEnd, 0);
    if (sourceEnd < 0) throw outOfRange('sourceEnd', '>= 0', sourceEnd);
  }
  if (targetStart >= target.length || sourceStart >= sourceEnd) return 0;
  return copyActual(source, target, targetStart, sourceStart, sourceEnd);
};

// bytes -> string, with Node's error when the string would be too long
const charsPerByte = [1, 0.5, 1, 1, 4 / 3, 4 / 3, 2];
function decode(buf, start, end, id) {
  if ((end - start) * charsPerByte[id] > kStringMaxLength) {
    throw makeNodeError(Error, 'ERR_STRING_TOO_LONG',
      `Cannot create a string longer than 0x${kStringMaxLength.toString(16)} characters`);
  }
  return B.decode(buf, start, end, id);
}

// <enc>Slice(start, end) and <enc>Write(string, offset, length), as Node's
// binding methods (no argument defaults beyond Node's).
function sliceMethod(id) {
  return function (start, end) {
    if (start === undefined) start = 0;
    if (end === undefined) end = this.length;
    if (start > this.length || end > this.length) throw bufferOutOfBounds();
    return decode(this, start, end, id);
  };
}
function writeMethod(id) {
  return function (string, offset = 0, length = this.length - offset) {
    if (typeof string !== 'string') throwType('argument', 'string', string);
    if (offset < 0 || offset > this.length) throw bufferOutOfBounds('offset');
    if (length < 0) throw bufferOutOfBounds('length');
    return B.write(this, string, offset, Math.min(length, this.length - offset), id);
  };
}
const methodPrefix = ['utf8', 'ucs2', 'latin1', 'ascii', 'base64', 'base64url', 'hex'];
methodPrefix.forEach((p, id) => {
  proto[`${p}Slice`] = sliceMethod(id);
  proto[`${p}Write`] = writeMethod(id);
});

proto.toString = function toString(encoding, start, end) {
  if (arguments.length === 0) return decode(this, 0, this.length, UTF8);
  const len = this.length;
  if (start <= 0) start = 0;
  else if (start >= len) return '';
  else start = Math.trunc(start) || 0;
  if (end === undefined || end > len) end = len;
  else end = Math.trunc(end) || 0;
  if (end <= start) return '';
  if (encoding === undefined) return decode(this, start, end, UTF8);
  const id = encodingId(encoding);
  if (id === undefined) throw unknownEncoding(encoding);
  return decode(this, start, end, id);
};
proto.toLocaleString = proto.toString;
proto.equals = function equals(otherBuffer) {
  if (!isUint8Array(otherBuffer)) throwType('otherBuffer', ['Buffer', 'Uint8Array'], otherBuffer);
  if (this === otherBuffer) return true;
  if (this.byteLength !== otherBuffer.byteLength) return false;
  return this.byteLength === 0 || B.compare(this, otherBuffer) === 0;
};

let INSPECT_MAX_BYTES = 50;
proto[customInspect] = function inspect(recurseTimes, ctx) {
  const max = INSPECT_MAX_BYTES;
  const actualMax = Math.min(max, this.length);
  const remaining = this.length - max;
  let str = B.decode(this, 0, actualMax, HEX).replace(/(.{2})/g, '$1 ').trim();
  if (remaining > 0) str += ` ... ${remaining} more byte${remaining > 1 ? 's' : ''}`;
  if (ctx) {
    let extras = false;
    const obj = { __proto__: null };
    const keys = ctx.showHidden ? Reflect.ownKeys(this) : Object.keys(this);
    for (const key of keys) {
      if (typeof key === 'string' && /^(0|[1-9][0-9]*)$/.test(key)) continue;
      if (!ctx.showHidden && typeof key === 'symbol' && !Object.prototype.propertyIsEnumerable.call(this, key)) continue;
      extras = true;
      obj[key] = this[key];
    }
    if (!ctx.showHidden) {
      for (const key of Object.getOwnPropertySymbols(this)) {
        if (Object.prototype.propertyIsEnumerable.call(this, key)) { extras = true; obj[key] = this[key]; }
      }
    }
    if (extras) {
      if (this.length !== 0) str += ', ';
      str += internal.inspect(obj, { ...ctx, breakLength: Infinity, compact: true }).slice(27, -2);
    }
  }
  return `<${this.constructor.name} ${str}>`;
};
proto.inspect = proto[customInspect];

proto.compare = function compare(target, targetStart, targetEnd, sourceStart, sourceEnd) {
  if (!isUint8Array(target)) throwType('target', ['Buffer', 'Uint8Array'], target);
  if (arguments.length === 1) return B.compare(this, target);
  if (targetStart === undefined) targetStart = 0;
  else validateOffset(targetStart, 'targetStart');
  if (targetEnd === undefined) targetEnd = target.length;
  else validateOffset(targetEnd, 'targetEnd', 0, target.length);
  if (sourceStart === undefined) sourceStart = 0;
  else validateOffset(sourceStart, 'sourceStart');
  if (sourceEnd === undefined) sourceEnd = this.length;
  else validateOffset(sourceEnd, 'sourceEnd', 0, this.length);
  if (sourceStart >= sourceEnd) return targetStart >= targetEnd ? 0 : -1;
  if (targetStart >= targetEnd) return 1;
  if (sourceStart > this.length) throw outOfRange('sourceStart', `<= ${this.length}`, sourceStart);
  if (targetStart > target.length) throw outOfRange('targetStart', `<= ${target.length}`, targetStart);
  return B.compare(new Uint8Array(this.buffer, this.byteOffset + sourceStart, Math.min(sourceEnd, this.length) - sourceStart),
    new Uint8Array(target.buffer, target.byteOffset + targetStart, Math.min(targetEnd, target.length) - targetStart));
};

function bidirectionalIndexOf(buffer, val, byteOffset, encoding, dir) {
  if (!ArrayBuffer.isView(buffer)) throwType('buffer', ['Buffer', 'TypedArray', 'DataView'], buffer);
  if (typeof byteOffset === 'string') {
    encoding = byteOffset;
    byteOffset = undefined;
  } else if (byteOffset > 0x7fffffff) {
    byteOffset = 0x7fffffff;
  } else if (byteOffset < -0x80000000) {
    byteOffset = -0x80000000;
  }
  byteOffset = +byteOffset;
  const len = buffer.length;
  if (Number.isNaN(byteOffset)) byteOffset = dir ? 0 : len;
  byteOffset = Math.trunc(byteOffset);
  let needle, step = 1;
  if (typeof val === 'number') {
    needle = new Uint8Array([val >>> 0 & 255]);
  } else {
    const id = encoding === undefined ? UTF8 : encodingId(encoding);
    if (typeof val === 'string') {
      if (id === undefined) throw unknownEncoding(encoding);
      needle = new Uint8Array(B.encode(val, id));
      if (id === UTF16LE) step = 2;
    } else if (isUint8Array(val)) {
      needle = val;
      if (id === UTF16LE) step = 2;
    } else {
      throwType('value', ['number', 'string', 'Buffer', 'Uint8Array'], val);
    }
  }
  if (byteOffset < 0) byteOffset += len;
  if (needle.length === 0) {
    // an empty needle is found at the (clamped) offset, as Node
    if (byteOffset < 0) return dir ? 0 : -1;
    return byteOffset > len ? len : byteOffset;
  }
  if (byteOffset < 0) {
    if (!dir) return -1;
    byteOffset = 0;
  }
  if (dir && byteOffset >= len) return -1;
  if (step === 2) {
    if (len < 2 || needle.length < 2) return -1;
    if (needle.length & 1) needle = needle.subarray(0, needle.length - 1);
    byteOffset -= byteOffset & 1;
  }
  return B.indexOf(buffer, needle, byteOffset, dir, step);
}
proto.indexOf = function indexOf(val, byteOffset, encoding) {
  return bidirectionalIndexOf(this, val, byteOffset, encoding, true);
};
proto.lastIndexOf = function lastIndexOf(val, byteOffset, encoding) {
  return bidirectionalIndexOf(this, val, byteOffset, encoding, false);
};
proto.includes = function includes(val, byteOffset, encoding) {
  return this.indexOf(val, byteOffset, encoding) !== -1;
};

function bufferFill(buf, value, offset, end, encoding) {
  let id;
  if (typeof value === 'string') {
    if (offset === undefined || typeof offset === 'string') {
      encoding = offset;
      offset = 0;
      end = buf.length;
    } else if (typeof end === 'string') {
      encoding = end;
      end = buf.length;
    }
    id = encodingId(encoding);
    if (id === undefined || (encoding !== undefined && typeof encoding !== 'string')) {
      if (typeof encoding !== 'string') throwType('encoding', 'string', encoding);
      throw unknownEncoding(encoding);
    }
    if (value.length === 0) {
      value = 0;
    } else if (value.length === 1) {
      const code = value.charCodeAt(0);
      if ((id === UTF8 && code < 128) || id === LATIN1) value = code;
    }
  }
  if (offset === undefined) {
    offset = 0;
    end = buf.length;
  } else {
    validateOffset(offset, 'offset');
    if (end === undefined) end = buf.length;
    else validateOffset(end, 'end', 0, buf.length);
    if (offset >= end) return buf;
  }
  if (typeof value === 'number') {
    if (offset > end || end > typedArrayLength.call(buf)) throw bufferOutOfBounds();
    Uint8Array.prototype.fill.call(buf, value, offset, end);
    return buf;
  }
  let bytes;
  if (typeof value === 'string') {
    bytes = new Uint8Array(B.encode(value, id));
    if (bytes.length === 0) throw makeNodeError(TypeError, 'ERR_INVALID_ARG_VALUE',
      `The argument 'value' is invalid. Received ${internal.inspect(value)}`);
  } else if (ArrayBuffer.isView(value)) {
    bytes = new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
  } else if (typeof value === 'boolean') {
    Uint8Array.prototype.fill.call(buf, +value, offset, end);
    return buf;
  } else {
    Uint8Array.prototype.fill.call(buf, (value >>> 0) & 255, offset, end);
    return buf;
  }
  if (bytes.length === 0) {
    throw makeNodeError(TypeError, 'ERR_INVALID_ARG_VALUE',
      `The argument 'value' is invalid. Received ${internal.inspect(value)}`);
  }
  if (offset > end || end > typedArrayLength.call(buf)) throw bufferOutOfBounds();
  const n = end - offset;
  const first = Math.min(bytes.length, n);
  buf.set(first === bytes.length ? bytes : bytes.subarray(0, first), offset);
  // double the filled part until the range is full
  for (let done = first; done < n;) {
    const c = Math.min(done, n - done);
    buf.copyWithin(offset + done, offset, offset + c);
    done += c;
  }
  return buf;
}
proto.fill = function fill(value, offset, end, encoding) {
  return bufferFill(this, value, offset, end, encoding);
};

proto.write = function write(string, offset, length, encoding) {
  if (typeof string !== 'string') throwType('argument', 'string', string);
  if (offset === undefined) return B.write(this, string, 0, this.length, UTF8);
  if (length === undefined && typeof offset === 'string') {
    encoding = offset;
    length = this.length;
    offset = 0;
  } else {
    validateOffset(offset, 'offset', 0, this.length);
    const remaining = this.length - offset;
    if (length === undefined) {
      length = remaining;
    } else if (typeof length === 'string') {
      encoding = length;
      length = remaining;
    } else {
      validateOffset(length, 'length', 0, this.length);
      if (length > remaining) length = remaining;
    }
  }
  let id = UTF8;
  if (encoding && encoding !== 'utf8') {
    id = encodingId(encoding);
    if (id === undefined) throw unknownEncoding(encoding);
  }
  return B.write(this, string, offset, length, id);
};

proto.toJSON = function toJSON() {
  const data = new Array(this.length);
  for (let i = 0; i < this.length; ++i) data[i] = this[i];
  return { type: 'Buffer', data };
};

function adjustOffset(offset, length) {
  offset = Math.trunc(offset);
  if (offset === 0) return 0;
  if (offset < 0) {
    offset += length;
    return offset > 0 ? offset : 0;
  }
  if (offset < length) return offset;
  return Number.isNaN(offset) ? 0 : length;
}
proto.subarray = function subarray(start, end) {
  const srcLength = this.length;
  start = adjustOffset(start, srcLength);
  end = end !== undefined ? adjustOffset(end, srcLength) : srcLength;
  return new FastBuffer(this.buffer, this.byteOffset + start, end > start ? end - start : 0);
};
proto.slice = function slice(start, end) { return this.subarray(start, end); };

function swapMethod(size) {
  return function () {
    const len = this.length;
    if (len % size !== 0) {
      throw makeNodeError(RangeError, 'ERR_INVALID_BUFFER_SIZE', `Buffer size must be a multiple of ${size * 8}-bits`);
    }
    for (let i = 0; i < len; i += size) {
      for (let a = i, b = i + size - 1; a < b; a++, b--) {
        const t = this[a];
        this[a] = this[b];
        this[b] = t;
      }
    }
    return this;
  };
}
proto.swap16 = swapMethod(2);
proto.swap32 = swapMethod(4);
proto.swap64 = swapMethod(8);

// ---- numbers: read/write (U)Int 8..48, BigInt64, Float, Double ----
function boundsError(value, length, type) {
  if (Math.floor(value) !== value) {
    validateNumber(value, type);
    throw outOfRange(type || 'offset', 'an integer', value);
  }
  if (length < 0) throw bufferOutOfBounds();
  throw outOfRange(type || 'offset', `>= ${type ? 1 : 0} and <= ${length}`, value);
}
function checkBounds(buf, offset, byteLength) {
  validateNumber(offset, 'offset');
  if (buf[offset] === undefined || buf[offset + byteLength] === undefined) {
    boundsError(offset, buf.length - (byteLength + 1));
  }
}
function checkInt(value, min, max, buf, offset, byteLength) {
  if (value > max || value < min) {
    const n = typeof min === 'bigint' ? 'n' : '';
    let range;
    if (byteLength > 3) {
      if (min === 0 || min === 0n) range = `>= 0${n} and < 2${n} ** ${(byteLength + 1) * 8}${n}`;
      else range = `>= -(2${n} ** ${(byteLength + 1) * 8 - 1}${n}) and < 2${n} ** ${(byteLength + 1) * 8 - 1}${n}`;
    } else {
      range = `>= ${min}${n} and <= ${max}${n}`;
    }
    throw outOfRange('value', range, value);
  }
  checkBounds(buf, offset, byteLength);
}
// read n bytes (1..6) as an unsigned number, little or big endian
function readRaw(buf, offset, n, le) {
  validateNumber(offset, 'offset');
  if (buf[offset] === undefined || buf[offset + n - 1] === undefined) boundsError(offset, buf.length - n);
  let v = 0;
  if (le) for (let i = n - 1; i >= 0; i--) v = v * 256 + buf[offset + i];
  else for (let i = 0; i < n; i++) v = v * 256 + buf[offset + i];
  return v;
}
function writeRaw(buf, value, offset, n, le, min, max) {
  value = +value;
  if (n === 1) {
    validateNumber(offset, 'offset');
    if (value > max || value < min) throw outOfRange('value', `>= ${min} and <= ${max}`, value);
    if (buf[offset] === undefined) boundsError(offset, buf.length - 1);
    buf[offset] = value;
    return offset + 1;
  }
  checkInt(value, min, max, buf, offset, n - 1);
  let v = Math.trunc(value);
  if (v < 0) v += 2 ** (8 * n);
  for (let i = 0; i < n; i++) {
    const lo = v % 256;
    buf[le ? offset + i : offset + n - 1 - i] = lo;
    v = (v - lo) / 256;
  }
  return offset + n;
}
function byteLengthError(byteLength) {
  if (byteLength === undefined) throwType('byteLength', 'number', byteLength);
  boundsError(byteLength, 6, 'byteLength');
}
for (const le of [true, false]) {
  const E = le ? 'LE' : 'BE';
  for (const n of [2, 4]) {
    const bits = n * 8;
    proto[`readUInt${bits}${E}`] = function (offset = 0) { return readRaw(this, offset, n, le); };
    proto[`readInt${bits}${E}`] = function (offset = 0) {
      const v = readRaw(this, offset, n, le);
      return v >= 2 ** (bits - 1) ? v - 2 ** bits : v;
    };
    proto[`writeUInt${bits}${E}`] = function (value, offset = 0) {
      return writeRaw(this, value, offset, n, le, 0, 2 ** bits - 1);
    };
    proto[`writeInt${bits}${E}`] = function (value, offset = 0) {
      return writeRaw(this, value, offset, n, le, -(2 ** (bits - 1)), 2 ** (bits - 1) - 1);
    };
  }
  proto[`readUInt${E}`] = function (offset, byteLength) {
    if (offset === undefined) throwType('offset', 'number', offset);
    if (!(typeof byteLength === 'number' && byteLength >= 1 && byteLength <= 6 && byteLength % 1 === 0)) byteLengthError(byteLength);
    return readRaw(this, offset, byteLength, le);
  };
  proto[`readInt${E}`] = function (offset, byteLength) {
    if (offset === undefined) throwType('offset', 'number', offset);
    if (!(typeof byteLength === 'number' && byteLength >= 1 && byteLength <= 6 && byteLength % 1 === 0)) byteLengthError(byteLength);
    const v = readRaw(this, offset, byteLength, le);
    const bits = byteLength * 8;
    return v >= 2 ** (bits - 1) ? v - 2 ** bits : v;
  };
  proto[`writeUInt${E}`] = function (value, offset, byteLength) {
    if (!(typeof byteLength === 'number' && byteLength >= 1 && byteLength <= 6 && byteLength % 1 === 0)) byteLengthError(byteLength);
    return writeRaw(this, value, offset, byteLength, le, 0, 2 ** (8 * byteLength) - 1);
  };
  proto[`writeInt${E}`] = function (value, offset, byteLength) {
    if (!(typeof byteLength === 'number' && byteLength >= 1 && byteLength <= 6 && byteLength % 1 === 0)) byteLengthError(byteLength);
    const bits = byteLength * 8;
    return writeRaw(this, value, offset, byteLength, le, -(2 ** (bits - 1)), 2 ** (bits - 1) - 1);
  };
  proto[`readBigUInt64${E}`] = function (offset = 0) {
    validateNumber(offset, 'offset');
    if (this[offset] === undefined || this[offset + 7] === undefined) boundsError(offset, this.length - 8);
    const a = readRaw(this, offset, 4, true), b = readRaw(this, offset + 4, 4, true);
    if (le) return BigInt(a) + (BigInt(b) << 32n);
    return (BigInt(readRaw(this, offset, 4, false)) << 32n) + BigInt(readRaw(this, offset + 4, 4, false));
  };
  proto[`readBigInt64${E}`] = function (offset = 0) {
    // (QuickJS's BigInt.asIntN/asUintN are wrong at 64 bits: plain arithmetic)
    const v = this[`readBigUInt64${E}`](offset);
    return v >= 2n ** 63n ? v - 2n ** 64n : v;
  };
  const writeBig = function (buf, value, offset, min, max) {
    checkInt(value, min, max, buf, offset, 7);
    const v = value < 0n ? value + 2n ** 64n : value;
    const lo = Number(v & 0xffffffffn), hi = Number(v >> 32n);
    if (le) {
      writeRaw(buf, lo, offset, 4, true, 0, 2 ** 32);
      writeRaw(buf, hi, offset + 4, 4, true, 0, 2 ** 32);
    } else {
      writeRaw(buf, hi, offset, 4, false, 0, 2 ** 32);
      writeRaw(buf, lo, offset + 4, 4, false, 0, 2 ** 32);
    }
    return offset + 8;
  };
  proto[`writeBigUInt64${E}`] = function (value, offset = 0) {
    return writeBig(this, value, offset, 0n, 0xffffffffffffffffn);
  };
  proto[`writeBigInt64${E}`] = function (value, offset = 0) {
    return writeBig(this, value, offset, -(2n ** 63n), 2n ** 63n - 1n);
  };
  for (const [name, Arr] of [['Float', Float32Array], ['Double', Float64Array]]) {
    const f = new Arr(1), bytes = new Uint8Array(f.buffer), n = bytes.length;
    proto[`read${name}${E}`] = function (offset = 0) {
      validateNumber(offset, 'offset');
      if (this[offset] === undefined || this[offset + n - 1] === undefined) boundsError(offset, this.length - n);
      for (let i = 0; i < n; i++) bytes[le ? i : n - 1 - i] = this[offset + i];
      return f[0];
    };
    proto[`write${name}${E}`] = function (value, offset = 0) {
      value = +value;
      checkBounds(this, offset, n - 1);
      f[0] = value;
      for (let i = 0; i < n; i++) this[offset + i] = bytes[le ? i : n - 1 - i];
      return offset + n;
    };
  }
}
proto.readUInt8 = function readUInt8(offset = 0) {
  validateNumber(offset, 'offset');
  const v = this[offset];
  if (v === undefined) boundsError(offset, this.length - 1);
  return v;
};
proto.readInt8 = function readInt8(offset = 0) {
  const v = this.readUInt8(offset);
  return v | (v & 2 ** 7) * 0x1fffffe;
};
proto.writeUInt8 = function writeUInt8(value, offset = 0) { return writeRaw(this, value, offset, 1, true, 0, 255); };
proto.writeInt8 = function writeInt8(value, offset = 0) { return writeRaw(this, value, offset, 1, true, -128, 127); };
// name every method as Node does, and add the lowercase 'Uint' aliases
for (const key of Object.keys(proto)) {
  const fn = proto[key];
  if (typeof fn !== 'function') continue;
  if (/^(read|write)/.test(key) && fn.name !== key) Object.defineProperty(fn, 'name', { value: key });
  if (/^(read|write)(Big)?UInt/.test(key)) proto[key.replace('UInt', 'Uint')] = fn;
}

// ---- module functions ----
function transcode(source, fromEncoding, toEncoding) {
  if (!isUint8Array(source)) throwType('source', ['Buffer', 'Uint8Array'], source);
  if (source.length === 0) return Buffer.alloc(0);
  const from = encodingId(fromEncoding), to = encodingId(toEncoding);
  const ok = [UTF8, UTF16LE, LATIN1, ASCII];
  if (!ok.includes(from) || !ok.includes(to)) {
    const err = new Error('Unable to transcode Buffer [U_ILLEGAL_ARGUMENT_ERROR]');
    err.code = 'U_ILLEGAL_ARGUMENT_ERROR';
    err.errno = 1;
    throw err;
  }
  let s = B.decode(source, 0, source.length, from);
  if (to === ASCII || to === LATIN1) s = s.replace(to === ASCII ? /[^\x00-\x7f]/gu : /[^\x00-\xff]/gu, '?');
  return new FastBuffer(B.encode(s, to));
}
// isUtf8 / isAscii: a check over the bytes in C; a detached buffer is
// ERR_INVALID_STATE as in Node
function validateBytes(check, input) {
  if (!ArrayBuffer.isView(input) && !isAnyArrayBuffer(input)) {
    throwType('input', ['ArrayBuffer', 'Buffer', 'TypedArray'], input);
  }
  const ok = check(input);
  if (ok === null) {
    throw makeNodeError(Error, 'ERR_INVALID_STATE', 'Invalid state: Cannot validate on a detached buffer');
  }
  return ok;
}
function isUtf8(input) {
  return validateBytes(B.isUtf8, input);
}
function isAscii(input) {
  return validateBytes(B.isAscii, input);
}

const bufferModule = {
  Buffer,
  SlowBuffer,
  transcode,
  isUtf8,
  isAscii,
  kMaxLength,
  kStringMaxLength,
  constants: Object.defineProperties({}, {
    MAX_LENGTH: { value: kMaxLength, writable: false, enumerable: true },
    MAX_STRING_LENGTH: { value: kStringMaxLength, writable: false, enumerable: true },
  }),
  get atob() { return globalThis.atob; },
  get btoa() { return globalThis.btoa; },
};
Object.defineProperty(bufferModule, 'INSPECT_MAX_BYTES', {
  configurable: true,
  enumerable: true,
  get() { return INSPECT_MAX_BYTES; },
  set(val) {
    validateNumber(val, 'INSPECT_MAX_BYTES', 0);
    INSPECT_MAX_BYTES = val;
  },
});
internal.bufferModule = bufferModule;
// shared with the other built-ins (string_decoder, url, crypto, fs, streams)
internal.buffer = {
  FastBuffer, normalizeEncoding, encodingId, isAnyArrayBuffer, isTypedArray, isUint8Array,
  outOfRange, validateNumber, validateInteger, unknownEncoding, bufferOutOfBounds,
  ids: { UTF8, UTF16LE, LATIN1, ASCII, BASE64, BASE64URL, HEX },
};
