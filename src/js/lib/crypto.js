// crypto.js: Node's `crypto` module, the part on OpenSSL's digests, HMAC,
// CSPRNG and KDFs (src/js/crypto.c does the work): createHash/Hash,
// createHmac/Hmac, hash(), getHashes, randomBytes/randomFill(Sync)/randomInt/
// randomUUID/getRandomValues, timingSafeEqual, pbkdf2(Sync), scrypt(Sync),
// webcrypto ({ getRandomValues, randomUUID, subtle.digest }). No ciphers,
// keys, signatures or DH. Loaded on first require (or globalThis.crypto).
'use strict';

if (!internal.validators) natives.loadLib('validators');
const {
  outOfRange, validateInteger, validateUint32, validateString, validateFunction, validateObject,
  validateNumber,
} = internal.validators;
const process = internal.process;
const NativeRequest = internal.NativeRequest;
const b = natives.binding('crypto');
const throwType = internal.throwInvalidArgType;
const makeNodeError = internal.makeNodeError;

// ---- bytes and encodings ----------------------------------------------------
const kBytes = ['Buffer', 'TypedArray', 'DataView'];
const isView = ArrayBuffer.isView;
const { bufferFrom, allocBytes, stringToBytes, bytesToString } = internal.bytes;
// data for update()/hash(): a string (in `enc`) or any ArrayBufferView
function toBytes(data, name, enc) {
  if (typeof data === 'string') return stringToBytes(data, enc);
  if (isView(data)) return data;
  throwType(name, ['string', ...kBytes], data);
}
// a password, salt or key: string, ArrayBuffer(View)
function toKeyBytes(v, name) {
  if (typeof v === 'string') return stringToBytes(v, 'utf8');
  if (isView(v)) return v;
  if (v instanceof ArrayBuffer || (typeof SharedArrayBuffer === 'function' && v instanceof SharedArrayBuffer)) {
    return new Uint8Array(v);
  }
  throwType(name, ['string', 'ArrayBuffer', ...kBytes], v);
}
function output(ab, enc) {
  const bytes = new Uint8Array(ab);
  if (enc === undefined || enc === 'buffer') return bufferFrom(ab);
  return bytesToString(bytes, enc);
}

// ---- Hash / Hmac --------------------------------------------------------------
const kHandle = Symbol('kHandle');
const kState = Symbol('kState');
function hashFinalized() {
  return makeNodeError(Error, 'ERR_CRYPTO_HASH_FINALIZED', 'Digest already called');
}

// Hash and Hmac are Transform streams too, made lazily as Node's
// LazyTransform: the stream module loads, and the instance's stream state is
// built, only when a stream method or state is first used.
function LazyTransform() {}
const kStreamMethods = ['write', 'end', 'read', 'pipe', 'unpipe', 'on', 'once', 'addListener',
  'prependListener', 'prependOnceListener', 'removeListener', 'off', 'removeAllListeners', 'emit',
  'listeners', 'listenerCount', 'setEncoding', 'pause', 'resume', 'isPaused', 'destroy', 'cork',
  'uncork', 'unshift', 'wrap', 'setDefaultEncoding', Symbol.asyncIterator];
let streamLinked = false;
const kStreamInit = Symbol('kStreamInit');
function linkStream() {
  if (streamLinked) return;
  streamLinked = true;
  const { Transform } = internal.loadStream();
  for (const name of kStreamMethods) delete LazyTransform.prototype[name];
  Object.setPrototypeOf(LazyTransform.prototype, Transform.prototype);
  for (const name of ['_readableState', '_writableState', '_transformState']) {
    Object.defineProperty(LazyTransform.prototype, name, {
      get() {
        if (this[kStreamInit]) return undefined; // read by the constructor itself
        this[kStreamInit] = true;
        Reflect.apply(Transform, this, [this._options]);
        return this[name];
      },
      set(v) {
        Object.defineProperty(this, name, { value: v, enumerable: true, configurable: true, writable: true });
      },
      configurable: true,
      enumerable: true,
    });
  }
}
// (when the stream module exists)
if (internal.builtins.stream !== undefined) {
  for (const name of kStreamMethods) {
    LazyTransform.prototype[name] = function (...args) {
      linkStream();
      return this[name](...args);
    };
  }
}
LazyTransform.prototype._transform = function (chunk, encoding, callback) {
  this.update(chunk, encoding);
  callback();
};
// the digest goes out without finalizing the object: digest() later gives it again
LazyTransform.prototype._flush = function (callback) {
  this.push(bufferFrom(b.digest(this[kHandle])));
  callback();
};

function Hash(algorithm, options) {
  if (!(this instanceof Hash)) return new Hash(algorithm, options);
  let xofLen;
  if (algorithm instanceof Hash) {
    // internal: copy()
    this[kHandle] = options;
    this[kState] = { finalized: false };
    return;
  }
  validateString(algorithm, 'algorithm');
  if (options !== undefined && options !== null) {
    validateObject(options, 'options');
    xofLen = options.outputLength;
    if (xofLen !== undefined) validateUint32(xofLen, 'options.outputLength');
  }
  const h = b.hashNew(algorithm, xofLen);
  if (h === null) throw new Error('Digest method not supported');
  this[kHandle] = h;
  this[kState] = { finalized: false };
  this._options = options;
}
Object.setPrototypeOf(Hash.prototype, LazyTransform.prototype);
Hash.prototype.copy = function copy(options) {
  if (this[kState].finalized) throw hashFinalized();
  let xofLen;
  if (options !== undefined && options !== null) {
    validateObject(options, 'options');
    xofLen = options.outputLength;
    if (xofLen !== undefined) validateUint32(xofLen, 'options.outputLength');
  }
  return new Hash(this, b.copy(this[kHandle], xofLen));
};
Hash.prototype.update = function update(data, encoding) {
  if (this[kState].finalized) throw hashFinalized();
  b.update(this[kHandle], toBytes(data, 'data', encoding));
  return this;
};
Hash.prototype.digest = function digest(outputEncoding) {
  if (this[kState].finalized) throw hashFinalized();
  this[kState].finalized = true;
  return output(b.digest(this[kHandle]), outputEncoding);
};

function Hmac(hmac, key, options) {
  if (!(this instanceof Hmac)) return new Hmac(hmac, key, options);
  validateString(hmac, 'hmac');
  if (options !== undefined && options !== null) validateObject(options, 'options');
  const encoding = options && options.encoding;
  let keyBytes;
  if (typeof key === 'string') keyBytes = stringToBytes(key, encoding || 'utf8');
  else if (key instanceof KeyObject) keyBytes = key[kKeyData]; else if (isView(key) || key instanceof ArrayBuffer) keyBytes = isView(key) ? key : new Uint8Array(key);
  else throwType('key', ['ArrayBuffer', 'Buffer', 'TypedArray', 'DataView', 'string', 'KeyObject', 'CryptoKey'], key);
  const h = b.hmacNew(hmac, keyBytes);
  if (h === null) throw makeNodeError(TypeError, 'ERR_CRYPTO_INVALID_DIGEST', `Invalid digest: ${hmac}`);
  this[kHandle] = h;
  this[kState] = { finalized: false };
  this._options = options;
}
Object.setPrototypeOf(Hmac.prototype, LazyTransform.prototype);
Hmac.prototype.update = Hash.prototype.update;
// A second digest() gives an empty result, as Node's.
Hmac.prototype.digest = function digest(outputEncoding) {
  if (this[kState].finalized) return output(new ArrayBuffer(0), outputEncoding);
  this[kState].finalized = true;
  return output(b.digest(this[kHandle]), outputEncoding);
};

// Secret keys (createSecretKey): the only KeyObject kind weft has, for HMAC.
const kKeyData = Symbol('kKeyData');
class KeyObject {
  constructor(type, data) {
    if (type !== 'secret') throw invalidArgValueType(type);
    this[kKeyData] = data;
  }
  get type() {
    return 'secret';
  }
  get symmetricKeySize() {
    return this[kKeyData].length;
  }
  export(options) {
    if (options !== undefined) validateObject(options, 'options');
    if (options && options.format === 'jwk') {
      return { kty: 'oct', k: bytesToString(this[kKeyData], 'base64url') };
    }
    return bufferFrom(this[kKeyData]);
  }
  equals(other) {
    if (!(other instanceof KeyObject)) throwType('otherKeyObject', 'KeyObject', other);
    const a = this[kKeyData], c = other[kKeyData];
    return a.length === c.length && b.timingSafeEqual(a, c);
  }
}
function invalidArgValueType(type) {
  return internal.validators.invalidArgValue('type', type);
}
function createSecretKey(key, encoding) {
  const bytes = typeof key === 'string' ? stringToBytes(key, encoding || 'utf8') : toKeyBytes(key, 'key');
  return new KeyObject('secret', bufferFrom(bytes)); // a copy
}

function createHash(algorithm, options) {
  return new Hash(algorithm, options);
}
function createHmac(hmac, key, options) {
  return new Hmac(hmac, key, options);
}
// crypto.hash(algorithm, data, outputEncoding = 'hex')
function hash(algorithm, input, outputEncoding = 'hex') {
  validateString(algorithm, 'algorithm');
  if (typeof input !== 'string' && !isView(input)) throwType('input', ['Buffer', 'TypedArray', 'DataView', 'string'], input);
  if (outputEncoding !== undefined) {
    validateString(outputEncoding, 'outputEncoding');
    if (outputEncoding !== 'buffer' && !internal.bufferModule.Buffer.isEncoding(outputEncoding)) {
      throw internal.validators.invalidArgValue('outputEncoding', outputEncoding);
    }
  }
  const h = b.hashNew(algorithm, undefined);
  if (h === null) throw new Error('Digest method not supported');
  b.update(h, toBytes(input, 'input', 'utf8'));
  return output(b.digest(h), outputEncoding);
}

let hashes;
function getHashes() {
  return hashes || (hashes = b.getHashes());
}

// ---- random -------------------------------------------------------------------
const kMaxLength = 2 ** 31 - 1;
const kMaxPossibleLength = 2 ** 31 - 1;
function assertSize(size, elementSize, offset, length) {
  validateNumber(size, 'size');
  size *= elementSize;
  if (Number.isNaN(size) || size > kMaxPossibleLength || size < 0) {
    throw outOfRange('size', `>= 0 && <= ${kMaxPossibleLength}`, size);
  }
  if (size + offset > length) {
    throw outOfRange('size + offset', `<= ${length}`, size + offset);
  }
  return size >>> 0;
}
function assertOffset(offset, elementSize, length) {
  validateNumber(offset, 'offset');
  offset *= elementSize;
  const maxLength = Math.min(length, kMaxPossibleLength);
  if (Number.isNaN(offset) || offset > maxLength || offset < 0) {
    throw outOfRange('offset', `>= 0 && <= ${maxLength}`, offset);
  }
  return offset >>> 0;
}

function randomBytes(size, callback) {
  validateNumber(size, 'size', 0, kMaxLength);
  if (callback !== undefined) validateFunction(callback, 'callback');
  const buf = allocBytes(size);
  if (callback === undefined) {
    b.randomFill(buf, 0, size);
    return buf;
  }
  b.randomFillAsync(buf, 0, size, new NativeRequest('RANDOMBYTESREQUEST', (err) => callback(err, err ? undefined : buf)));
}

function checkFillTarget(buf) {
  if (!isView(buf) && !(buf instanceof ArrayBuffer) &&
      !(typeof SharedArrayBuffer === 'function' && buf instanceof SharedArrayBuffer)) {
    throwType('buf', ['ArrayBuffer', 'ArrayBufferView'], buf);
  }
}
function fillArgs(buf, offset, size) {
  const elementSize = buf.BYTES_PER_ELEMENT || 1;
  const length = isView(buf) ? buf.byteLength : buf.byteLength;
  const off = assertOffset(offset, elementSize, length);
  const n = size === undefined ? length - off : assertSize(size, elementSize, off, length);
  return [off, n];
}
function randomFillSync(buf, offset = 0, size) {
  checkFillTarget(buf);
  const [off, n] = fillArgs(buf, offset, size);
  if (n > 0) b.randomFill(buf, off, n);
  return buf;
}
function randomFill(buf, offset, size, callback) {
  checkFillTarget(buf);
  if (typeof offset === 'function') {
    callback = offset;
    offset = 0;
    size = undefined;
  } else if (typeof size === 'function') {
    callback = size;
    size = undefined;
  }
  validateFunction(callback, 'callback');
  const [off, n] = fillArgs(buf, offset, size);
  if (n === 0) {
    process.nextTick(callback, null, buf);
    return;
  }
  b.randomFillAsync(buf, off, n, new NativeRequest('RANDOMBYTESREQUEST', (err) => callback(err, err ? undefined : buf)));
}

// randomInt: uniform in [min, max) by rejection sampling over 48-bit values
// drawn from a refilled pool of random bytes.
const RAND_MAX = 0xFFFFFFFFFFFF;
const pool = new Uint8Array(6 * 1024);
let poolPos = pool.length;
function randomInt(min, max, callback) {
  const minNotSpecified = typeof max === 'undefined' || typeof max === 'function';
  if (minNotSpecified) {
    callback = max;
    max = min;
    min = 0;
  }
  const isSync = typeof callback === 'undefined';
  if (!isSync) validateFunction(callback, 'callback');
  const notSafe = (name, v) => makeNodeError(TypeError, 'ERR_INVALID_ARG_TYPE',
    `The "${name}" argument must be a safe integer. Received ${internal.determineSpecificType(v)}`);
  if (!Number.isSafeInteger(min)) throw notSafe('min', min);
  if (!Number.isSafeInteger(max)) throw notSafe('max', max);
  if (max <= min) {
    throw outOfRange('max', `greater than the value of "min" (${min})`, max);
  }
  const range = max - min;
  if (!(range <= RAND_MAX)) {
    throw outOfRange(`max${minNotSpecified ? '' : ' - min'}`, `<= ${RAND_MAX}`, range);
  }
  const limit = RAND_MAX - (RAND_MAX % range);
  for (;;) {
    if (poolPos + 6 > pool.length) {
      b.randomFill(pool, 0, pool.length);
      poolPos = 0;
    }
    let x = 0;
    for (let i = 0; i < 6; i++) x = x * 256 + pool[poolPos++];
    if (x < limit) {
      const n = (x % range) + min;
      if (isSync) return n;
      process.nextTick(callback, undefined, n);
      return;
    }
  }
}

// randomUUID: version 4, from a cached block of random bytes (Node caches
// 128 UUIDs' worth unless disableEntropyCache).
const uuidPool = new Uint8Array(16 * 128);
let uuidPos = uuidPool.length;
const hex = [];
for (let i = 0; i < 256; i++) hex.push((i < 16 ? '0' : '') + i.toString(16));
function randomUUID(options) {
  if (options !== undefined) validateObject(options, 'options');
  const disable = options && options.disableEntropyCache;
  if (disable !== undefined && typeof disable !== 'boolean') throwType('options.disableEntropyCache', 'boolean', disable);
  let u, o;
  if (disable) {
    u = new Uint8Array(16);
    b.randomFill(u, 0, 16);
    o = 0;
  } else {
    if (uuidPos === uuidPool.length) {
      b.randomFill(uuidPool, 0, uuidPool.length);
      uuidPos = 0;
    }
    u = uuidPool;
    o = uuidPos;
    uuidPos += 16;
  }
  u[o + 6] = (u[o + 6] & 0x0f) | 0x40;
  u[o + 8] = (u[o + 8] & 0x3f) | 0x80;
  const h = (i) => hex[u[o + i]];
  return `${h(0)}${h(1)}${h(2)}${h(3)}-${h(4)}${h(5)}-${h(6)}${h(7)}-${h(8)}${h(9)}-` +
    `${h(10)}${h(11)}${h(12)}${h(13)}${h(14)}${h(15)}`;
}

function domException(message, name) {
  if (typeof globalThis.DOMException === 'function') return new globalThis.DOMException(message, name);
  const e = new Error(message);
  e.name = name;
  return e;
}
const kIntegerArrays = ['Int8Array', 'Uint8Array', 'Uint8ClampedArray', 'Int16Array', 'Uint16Array',
  'Int32Array', 'Uint32Array', 'BigInt64Array', 'BigUint64Array'];
function getRandomValues(data) {
  if (!isView(data) || data instanceof DataView ||
      !kIntegerArrays.includes(Object.prototype.toString.call(data).slice(8, -1))) {
    throw domException(
      "The data argument must be an integer-type TypedArray", 'TypeMismatchError');
  }
  if (data.byteLength > 65536) {
    throw domException(
      `The ArrayBufferView's byte length (${data.byteLength}) exceeds the number of bytes of entropy available via this API (65536)`,
      'QuotaExceededError');
  }
  b.randomFill(data, 0, data.byteLength);
  return data;
}

function timingSafeEqual(buf1, buf2) {
  const ok = (v) => isView(v) || v instanceof ArrayBuffer;
  if (!ok(buf1)) throwType('buf1', ['ArrayBuffer', 'Buffer', 'TypedArray', 'DataView'], buf1);
  if (!ok(buf2)) throwType('buf2', ['ArrayBuffer', 'Buffer', 'TypedArray', 'DataView'], buf2);
  if (buf1.byteLength !== buf2.byteLength) {
    throw makeNodeError(RangeError, 'ERR_CRYPTO_TIMING_SAFE_EQUAL_LENGTH',
      'Input buffers must have the same byte length');
  }
  return b.timingSafeEqual(buf1, buf2);
}

// ---- key derivation ---------------------------------------------------------------
function pbkdf2Args(password, salt, iterations, keylen, digest) {
  const pass = toKeyBytes(password, 'password');
  const s = toKeyBytes(salt, 'salt');
  validateInteger(iterations, 'iterations', 1, 2147483647);
  validateInteger(keylen, 'keylen', 0, 2147483647);
  validateString(digest, 'digest');
  if (b.digestSize(digest) < 0) throw makeNodeError(TypeError, 'ERR_CRYPTO_INVALID_DIGEST', `Invalid digest: ${digest}`);
  return [pass, s];
}
function pbkdf2Sync(password, salt, iterations, keylen, digest) {
  const [pass, s] = pbkdf2Args(password, salt, iterations, keylen, digest);
  return bufferFrom(b.pbkdf2(pass, s, iterations, keylen, digest, undefined));
}
function pbkdf2(password, salt, iterations, keylen, digest, callback) {
  if (typeof digest === 'function') {
    callback = digest;
    digest = undefined;
  }
  const [pass, s] = pbkdf2Args(password, salt, iterations, keylen, digest);
  validateFunction(callback, 'callback');
  b.pbkdf2(pass, s, iterations, keylen, digest, new NativeRequest('PBKDF2REQUEST', (err, ab) => {
    if (err) callback(err);
    else callback(null, bufferFrom(ab));
  }));
}

const kScryptDefaults = { N: 16384, r: 8, p: 1, maxmem: 32 << 20 };
function scryptArgs(password, salt, keylen, options) {
  const pass = toKeyBytes(password, 'password');
  const s = toKeyBytes(salt, 'salt');
  validateInt32Keylen(keylen);
  let { N, r, p, maxmem } = kScryptDefaults;
  if (options && options !== kScryptDefaults) {
    // Node: an alias given with its short name is ERR_CRYPTO_SCRYPT_INVALID_PARAMETER;
    // 0 (or an absent value) means the default
    const pick = (short, long, cur) => {
      let v = cur;
      if (options[short] !== undefined) { v = options[short]; validateUint32(v, short); }
      if (options[long] !== undefined) {
        if (options[short] !== undefined) {
          throw makeNodeError(Error, 'ERR_CRYPTO_SCRYPT_INVALID_PARAMETER', 'Invalid scrypt parameter');
        }
        v = options[long];
        validateUint32(v, long);
      }
      return v;
    };
    N = pick('N', 'cost', N);
    r = pick('r', 'blockSize', r);
    p = pick('p', 'parallelization', p);
    if (options.maxmem !== undefined) {
      validateInteger(options.maxmem, 'maxmem', 0);
      maxmem = options.maxmem;
    }
    if (N === 0) N = kScryptDefaults.N;
    if (r === 0) r = kScryptDefaults.r;
    if (p === 0) p = kScryptDefaults.p;
    if (maxmem === 0) maxmem = kScryptDefaults.maxmem;
  }
  const bad = b.scryptCheck(N, r, p, maxmem);
  if (bad !== true) {
    throw makeNodeError(RangeError, 'ERR_CRYPTO_INVALID_SCRYPT_PARAMS',
      bad ? `Invalid scrypt params: ${bad}` : 'Invalid scrypt params');
  }
  return [pass, s, N, r, p, maxmem];
}
function validateInt32Keylen(keylen) {
  validateInteger(keylen, 'keylen', 0, 2147483647);
}
function scryptSync(password, salt, keylen, options = kScryptDefaults) {
  const [pass, s, N, r, p, maxmem] = scryptArgs(password, salt, keylen, options);
  return bufferFrom(b.scrypt(pass, s, keylen, N, r, p, maxmem, undefined));
}
function scrypt(password, salt, keylen, options, callback = options) {
  if (options === callback) options = kScryptDefaults;
  const [pass, s, N, r, p, maxmem] = scryptArgs(password, salt, keylen, options);
  validateFunction(callback, 'callback');
  b.scrypt(pass, s, keylen, N, r, p, maxmem, new NativeRequest('SCRYPTREQUEST', (err, ab) => {
    if (err) callback(err);
    else callback(null, bufferFrom(ab));
  }));
}

// ---- webcrypto (digest; HMAC keys below) ----------------------------------------------------------
const kWebDigests = { 'sha-1': 'sha1', 'sha-256': 'sha256', 'sha-384': 'sha384', 'sha-512': 'sha512' };
const kBrand = Symbol('kBrand');
function illegalConstructor() {
  throw makeNodeError(TypeError, 'ERR_ILLEGAL_CONSTRUCTOR', 'Illegal constructor');
}
function checkThis(self, Class) {
  if (!(self instanceof Class) || self[kBrand] !== true) {
    throw makeNodeError(TypeError, 'ERR_INVALID_THIS', `Value of "this" must be of type ${Class.name}`);
  }
}
class SubtleCrypto {
  constructor(brand) {
    if (brand !== kBrand) illegalConstructor();
    this[kBrand] = true;
  }
  async digest(algorithm, data) {
    checkThis(this, SubtleCrypto);
    const name = typeof algorithm === 'string' ? algorithm : algorithm && algorithm.name;
    const md = typeof name === 'string' ? kWebDigests[name.toLowerCase()] : undefined;
    if (md === undefined) throw domException('Unrecognized algorithm name', 'NotSupportedError');
    let bytes;
    if (isView(data)) bytes = data;
    else if (data instanceof ArrayBuffer) bytes = new Uint8Array(data);
    else {
      throw makeNodeError(TypeError, 'ERR_INVALID_ARG_TYPE',
        "Failed to execute 'digest' on 'SubtleCrypto': 2nd argument is not instance of ArrayBuffer, Buffer, TypedArray, or DataView.");
    }
    return new Promise((resolve, reject) => {
      b.digestAsync(md, bytes, new NativeRequest('HASHJOB', (err, ab) => (err ? reject(err) : resolve(ab))));
    });
  }
}

// ---- webcrypto HMAC keys: importKey (raw, jwk), exportKey, sign, verify ----------
const kKey = Symbol('kKey');
const kHmacUsages = ['sign', 'verify'];
class CryptoKey {
  constructor(brand, keyObject, algorithm, extractable, usages) {
    if (brand !== kBrand) illegalConstructor();
    this[kKey] = { keyObject, algorithm, extractable, usages };
  }
  get type() {
    return 'secret';
  }
  get extractable() {
    return this[kKey].extractable;
  }
  get algorithm() {
    return this[kKey].algorithm;
  }
  get usages() {
    return this[kKey].usages;
  }
  [Symbol.for('nodejs.util.inspect.custom')](depth, options, inspect) {
    if (depth < 0) return this;
    const { algorithm, extractable, usages } = this[kKey];
    return `CryptoKey ${inspect({ type: 'secret', extractable, algorithm, usages },
      { ...options, depth: options.depth == null ? null : options.depth - 1 })}`;
  }
}
// { name } or a string -> the web name of a digest ('SHA-256'), or a NotSupportedError
function webHashName(h) {
  const name = typeof h === 'string' ? h : h && h.name;
  if (typeof name !== 'string' || !kWebDigests[name.toLowerCase()]) {
    throw domException('Unrecognized algorithm name', 'NotSupportedError');
  }
  return name.toUpperCase();
}
function hmacAlgorithm(algorithm) {
  const name = typeof algorithm === 'string' ? algorithm : algorithm && algorithm.name;
  if (typeof name !== 'string' || name.toUpperCase() !== 'HMAC') {
    throw domException('Unrecognized algorithm name', 'NotSupportedError');
  }
  return algorithm;
}
function bufferSource(data, what) {
  if (isView(data)) return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  if (data instanceof ArrayBuffer) return new Uint8Array(data);
  throw makeNodeError(TypeError, 'ERR_INVALID_ARG_TYPE',
    `Failed to execute '${what}' on 'SubtleCrypto': argument is not instance of ArrayBuffer, Buffer, TypedArray, or DataView.`);
}
function usableKey(key, usage) {
  if (!(key instanceof CryptoKey)) {
    throw makeNodeError(TypeError, 'ERR_INVALID_ARG_TYPE', 'The "key" argument must be an instance of CryptoKey.');
  }
  if (!key.usages.includes(usage)) throw domException(`Unable to use this key to ${usage}`, 'InvalidAccessError');
  return key[kKey];
}
function hmacOf(k, data) {
  const md = kWebDigests[k.algorithm.hash.name.toLowerCase()];
  return new Hmac(md, k.keyObject).update(data).digest();
}
Object.assign(SubtleCrypto.prototype, {
  async importKey(format, keyData, algorithm, extractable, keyUsages) {
    checkThis(this, SubtleCrypto);
    hmacAlgorithm(algorithm);
    const hash = webHashName(algorithm.hash);
    const usages = [...keyUsages];
    if (usages.some((u) => !kHmacUsages.includes(u))) {
      throw domException('Unsupported key usage for an HMAC key', 'SyntaxError');
    }
    let bytes;
    if (format === 'raw') {
      bytes = bufferFrom(bufferSource(keyData, 'importKey'));
    } else if (format === 'jwk') {
      if (!keyData || keyData.kty !== 'oct' || typeof keyData.k !== 'string') {
        throw domException('Invalid keyData', 'DataError');
      }
      bytes = bufferFrom(stringToBytes(keyData.k, 'base64url'));
    } else {
      throw domException(`Unable to import HMAC key with format ${format}`, 'NotSupportedError');
    }
    if (bytes.length === 0) throw domException('Zero-length key is not supported', 'DataError');
    const length = algorithm.length !== undefined ? algorithm.length : bytes.length * 8;
    const alg = { name: 'HMAC', hash: { name: hash }, length };
    return new CryptoKey(kBrand, new KeyObject('secret', bytes), alg, !!extractable, usages);
  },
  async exportKey(format, key) {
    checkThis(this, SubtleCrypto);
    if (!(key instanceof CryptoKey)) {
      throw makeNodeError(TypeError, 'ERR_INVALID_ARG_TYPE', 'The "key" argument must be an instance of CryptoKey.');
    }
    const k = key[kKey];
    if (!k.extractable) throw domException('key is not extractable', 'InvalidAccessException');
    const bytes = k.keyObject[kKeyData];
    if (format === 'raw') return new Uint8Array(bytes).buffer;
    if (format === 'jwk') {
      return { key_ops: [...k.usages], ext: true, kty: 'oct', k: bytesToString(bytes, 'base64url'),
        alg: `HS${k.algorithm.hash.name.slice(4)}` };
    }
    throw domException(`Unable to export a raw HMAC key with format ${format}`, 'NotSupportedError');
  },
  async sign(algorithm, key, data) {
    checkThis(this, SubtleCrypto);
    hmacAlgorithm(algorithm);
    return new Uint8Array(hmacOf(usableKey(key, 'sign'), bufferSource(data, 'sign'))).buffer;
  },
  async verify(algorithm, key, signature, data) {
    checkThis(this, SubtleCrypto);
    hmacAlgorithm(algorithm);
    const mac = hmacOf(usableKey(key, 'verify'), bufferSource(data, 'verify'));
    const sig = bufferSource(signature, 'verify');
    return mac.length === sig.length && b.timingSafeEqual(mac, sig);
  },
});
for (const name of ['digest', 'importKey', 'exportKey', 'sign', 'verify']) {
  Object.defineProperty(SubtleCrypto.prototype, name, { enumerable: true });
}
Object.defineProperty(CryptoKey.prototype, Symbol.toStringTag, { value: 'CryptoKey', configurable: true });

// assert's deep equality of keys: undefined when neither side is a key
internal.cryptoKeyEqual = (a, c) => {
  if (a instanceof KeyObject || c instanceof KeyObject) {
    return a instanceof KeyObject && c instanceof KeyObject && a.equals(c);
  }
  if (a instanceof CryptoKey || c instanceof CryptoKey) {
    if (!(a instanceof CryptoKey && c instanceof CryptoKey)) return false;
    const x = a[kKey], y = c[kKey];
    const sameAlg = x.algorithm.name === y.algorithm.name && x.algorithm.length === y.algorithm.length &&
      x.algorithm.hash.name === y.algorithm.hash.name;
    return sameAlg && x.extractable === y.extractable && x.usages.length === y.usages.length &&
      x.usages.every((u, i) => u === y.usages[i]) && x.keyObject.equals(y.keyObject);
  }
  return undefined;
};
const subtle = new SubtleCrypto(kBrand);
class Crypto {
  constructor(brand) {
    if (brand !== kBrand) illegalConstructor();
    this[kBrand] = true;
  }
  get subtle() {
    checkThis(this, Crypto);
    return subtle;
  }
  getRandomValues(array) {
    checkThis(this, Crypto);
    return getRandomValues(array);
  }
  randomUUID() {
    checkThis(this, Crypto);
    return randomUUID();
  }
}
for (const C of [Crypto, SubtleCrypto]) {
  Object.defineProperty(C.prototype, Symbol.toStringTag, { value: C.name, configurable: true });
}
const webcrypto = new Crypto(kBrand);

internal.cryptoModule = {
  createHash, createHmac, Hash, Hmac, hash, getHashes, createSecretKey, KeyObject,
  randomBytes,
  randomFill, randomFillSync, randomInt, randomUUID, getRandomValues, timingSafeEqual,
  pbkdf2, pbkdf2Sync, scrypt, scryptSync,
  webcrypto, subtle,
};
// Node's deprecated aliases of randomBytes (DEP0115), not enumerable
for (const name of ['pseudoRandomBytes', 'prng', 'rng']) {
  const deprecated = internal.builtins.util().deprecate(randomBytes,
    `crypto.${name} is deprecated.`, 'DEP0115');
  Object.defineProperty(internal.cryptoModule, name, {
    value: deprecated, enumerable: false, configurable: true, writable: true,
  });
}
// What Node 20's crypto has and weft's does not (README: no ciphers or key
// pairs): each name is a function that throws saying so, rather than a
// missing property whose call fails with "not a function". Not enumerable,
// so the module's keys (and its ES named exports) stay what weft implements.
for (const [what, names] of [
  ['ciphers', 'createCipheriv createDecipheriv getCipherInfo Cipher Cipheriv Decipher Decipheriv'],
  ['key pairs (signing, public-key encryption, asymmetric keys)',
    'generateKeyPair generateKeyPairSync createSign createVerify sign verify Sign Verify ' +
    'publicEncrypt publicDecrypt privateEncrypt privateDecrypt createPrivateKey createPublicKey'],
  ['key agreement (Diffie-Hellman, ECDH)',
    'createDiffieHellman createDiffieHellmanGroup getDiffieHellman createECDH diffieHellman ' +
    'DiffieHellman DiffieHellmanGroup ECDH'],
  ['HKDF', 'hkdf hkdfSync'],
  ['key generation', 'generateKey generateKeySync'],
  ['prime generation', 'generatePrime generatePrimeSync checkPrime checkPrimeSync'],
  ['certificates', 'Certificate X509Certificate'],
]) {
  for (const name of names.split(' ')) {
    const fn = {
      [name]: function () { // a function, so `new crypto.Cipheriv()` throws this too
        throw makeNodeError(Error, 'ERR_NOT_SUPPORTED_IN_WEFT',
          `crypto.${name} is not supported: weft's crypto has no ${what}`);
      },
    }[name];
    Object.defineProperty(internal.cryptoModule, name, {
      value: fn, enumerable: false, configurable: true, writable: true,
    });
  }
}
// ... and the lists of those it has: none
for (const name of ['getCiphers', 'getCurves']) {
  Object.defineProperty(internal.cryptoModule, name, {
    value: { [name]() { return []; } }[name], enumerable: false, configurable: true, writable: true,
  });
}
internal.cryptoGlobals = { crypto: webcrypto, Crypto, SubtleCrypto, CryptoKey };

// internalBinding('crypto') under --expose-internals: Node's job interface
// for scrypt (new ScryptJob(mode, password, salt, N, r, p, maxmem, keylen);
// run() returns [err, ArrayBuffer] in sync mode, calls ondone(err, result)
// in async mode), over the same OpenSSL work as crypto.scrypt
const kCryptoJobAsync = 0;
const kCryptoJobSync = 1;
class ScryptJob {
  #args;
  #mode;
  constructor(mode, password, salt, N, r, p, maxmem, keylen) {
    const bad = b.scryptCheck(N, r, p, maxmem);
    if (bad !== true) {
      throw makeNodeError(RangeError, 'ERR_CRYPTO_INVALID_SCRYPT_PARAMS',
        bad ? `Invalid scrypt params: ${bad}` : 'Invalid scrypt params');
    }
    this.#mode = mode;
    this.#args = [toKeyBytes(password, 'password'), toKeyBytes(salt, 'salt'), keylen, N, r, p, maxmem];
    this.ondone = undefined;
  }
  run() {
    if (this.#mode === kCryptoJobSync) {
      try {
        return [undefined, Reflect.apply(b.scrypt, b, [...this.#args, undefined])];
      } catch (err) {
        return [err, undefined];
      }
    }
    Reflect.apply(b.scrypt, b, [...this.#args, new NativeRequest('SCRYPTREQUEST', (err, ab) => {
      if (typeof this.ondone === 'function') this.ondone(err || undefined, err ? undefined : ab);
    })]);
    return undefined;
  }
}
internal.cryptoBinding = () => ({ ScryptJob, kCryptoJobAsync, kCryptoJobSync });
