// crypto.js: Node's `crypto` module, the part on OpenSSL's digests, HMAC,
// CSPRNG and KDFs (src/js/crypto.c does the work): createHash/Hash,
// createHmac/Hmac, hash(), getHashes, createCipheriv/createDecipheriv (and
// the deprecated createCipher), getCiphers/getCipherInfo, randomBytes/
// randomFill(Sync)/randomInt/randomUUID/getRandomValues, timingSafeEqual,
// pbkdf2(Sync), scrypt(Sync), hkdf(Sync), webcrypto ({ getRandomValues,
// randomUUID, subtle.digest, HMAC keys }). No key pairs, signatures or DH. Loaded on first require (or globalThis.crypto).
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

// ---- ciphers: Cipheriv/Decipheriv (and the deprecated password-based
// Cipher/Decipher), Transform streams as Hash; the work is crypto.c's
// EVP_CIPHER_CTX ---------------------------------------------------------------
const isAnyArrayBuffer = (v) => v instanceof ArrayBuffer ||
  (typeof SharedArrayBuffer === 'function' && v instanceof SharedArrayBuffer);
// Node's getArrayBufferOrView: a string in `encoding` (utf8), or bytes as given
function arrayBufferOrView(v, name, encoding) {
  if (isAnyArrayBuffer(v)) return v;
  if (typeof v === 'string') return stringToBytes(v, encoding === 'buffer' ? 'utf8' : encoding);
  if (!isView(v)) throwType(name, ['string', 'ArrayBuffer', 'Buffer', 'TypedArray', 'DataView'], v);
  return v;
}
function prepareSecretKey(key, encoding) {
  if (key instanceof KeyObject) return key[kKeyData];
  if (key instanceof CryptoKey) return key[kKey].keyObject[kKeyData];
  if (typeof key !== 'string' && !isView(key) && !isAnyArrayBuffer(key)) {
    throwType('key', ['string', 'ArrayBuffer', 'Buffer', 'TypedArray', 'DataView', 'KeyObject', 'CryptoKey'], key);
  }
  return arrayBufferOrView(key, 'key', encoding);
}
function getStringOption(options, key) {
  let value;
  if (options && (value = options[key]) != null) validateString(value, `options.${key}`);
  return value;
}
function getUIntOption(options, key) {
  let value;
  if (options && (value = options[key]) != null) {
    if (value >>> 0 !== value) throw internal.validators.invalidArgValue(`options.${key}`, value);
    return value;
  }
  return -1;
}
function invalidState(op) {
  return makeNodeError(Error, 'ERR_CRYPTO_INVALID_STATE', `Invalid state for operation ${op}`);
}
const kCounterModes = ['ctr', 'gcm', 'ccm'];
function initCipher(self, encrypt, cipher, key, iv, options, password) {
  validateString(cipher, 'cipher');
  let keyBytes, ivBytes = null;
  if (password) {
    keyBytes = arrayBufferOrView(key, 'password');
  } else {
    keyBytes = prepareSecretKey(key, getStringOption(options, 'encoding'));
    if (iv !== null) ivBytes = arrayBufferOrView(iv, 'iv');
  }
  const authTagLength = getUIntOption(options, 'authTagLength');
  if (password && encrypt) {
    const info = b.cipherInfo(cipher, undefined, undefined);
    if (info && kCounterModes.includes(info.mode)) {
      process.emitWarning(`Use Cipheriv for counter mode of ${cipher}`);
    }
  }
  self[kHandle] = b.cipherNew(cipher, keyBytes, ivBytes, encrypt, authTagLength, !!password);
  self._decoder = null;
  self._options = options;
}
let StringDecoder;
// the output decoder: one per object, its encoding fixed by the first call
function getDecoder(self, encoding) {
  if (self._decoder === null) {
    StringDecoder ||= internal.loadBuiltin('string_decoder').StringDecoder;
    self._decoder = new StringDecoder(encoding);
    self[kDecoderEncoding] = encoding;
  } else if (self[kDecoderEncoding] !== encoding) {
    StringDecoder ||= internal.loadBuiltin('string_decoder').StringDecoder;
    if (new StringDecoder(encoding).encoding !== self._decoder.encoding) {
      throw makeNodeError(Error, 'ERR_INTERNAL_ASSERTION', 'Cannot change encoding');
    }
  }
  return self._decoder;
}
const kDecoderEncoding = Symbol('kDecoderEncoding');
const isEncoding = (e) => internal.bufferModule.Buffer.isEncoding(e);
const cipherMethods = {
  _transform(chunk, encoding, callback) {
    this.push(bufferFrom(b.cipherUpdate(this[kHandle], toBytes(chunk, 'data', encoding))));
    callback();
  },
  _flush(callback) {
    try {
      this.push(bufferFrom(b.cipherFinal(this[kHandle])));
    } catch (e) {
      callback(e);
      return;
    }
    callback();
  },
  update(data, inputEncoding, outputEncoding) {
    inputEncoding = inputEncoding || 'buffer';
    outputEncoding = outputEncoding || 'buffer';
    let bytes = data;
    if (typeof data === 'string') {
      if (internal.bytes.normalizeEncoding(inputEncoding) === 'hex' && data.length % 2 !== 0) {
        throw internal.validators.invalidArgValue('encoding', inputEncoding,
          `is invalid for data of length ${data.length}`);
      }
      bytes = stringToBytes(data, isEncoding(inputEncoding) ? inputEncoding : 'utf8');
    } else if (!isView(data)) {
      throwType('data', ['string', 'Buffer', 'TypedArray', 'DataView'], data);
    }
    const ret = bufferFrom(b.cipherUpdate(this[kHandle], bytes));
    if (outputEncoding !== 'buffer') return getDecoder(this, outputEncoding).write(ret);
    return ret;
  },
  final(outputEncoding) {
    outputEncoding = outputEncoding || 'buffer';
    const ret = bufferFrom(b.cipherFinal(this[kHandle]));
    if (outputEncoding !== 'buffer') return getDecoder(this, outputEncoding).end(ret);
    return ret;
  },
  setAutoPadding(ap) {
    if (!b.cipherSetPadding(this[kHandle], !!ap)) throw invalidState('setAutoPadding');
    return this;
  },
  setAAD(aadbuf, options) {
    const encoding = getStringOption(options, 'encoding');
    const plaintextLength = getUIntOption(options, 'plaintextLength');
    aadbuf = arrayBufferOrView(aadbuf, 'aadbuf', encoding);
    if (!b.cipherSetAAD(this[kHandle], aadbuf, plaintextLength)) throw invalidState('setAAD');
    return this;
  },
};
function getAuthTag() {
  const ret = b.cipherGetTag(this[kHandle]);
  if (ret === undefined) throw invalidState('getAuthTag');
  return bufferFrom(ret);
}
function setAuthTag(tagbuf, encoding) {
  tagbuf = arrayBufferOrView(tagbuf, 'buffer', encoding);
  if (!b.cipherSetTag(this[kHandle], tagbuf)) throw invalidState('setAuthTag');
  return this;
}
function Cipheriv(cipher, key, iv, options) {
  if (!(this instanceof Cipheriv)) return new Cipheriv(cipher, key, iv, options);
  initCipher(this, true, cipher, key, iv, options, false);
}
function Decipheriv(cipher, key, iv, options) {
  if (!(this instanceof Decipheriv)) return new Decipheriv(cipher, key, iv, options);
  initCipher(this, false, cipher, key, iv, options, false);
}
function Cipher(cipher, password, options) {
  if (!(this instanceof Cipher)) return new Cipher(cipher, password, options);
  initCipher(this, true, cipher, password, null, options, true);
}
function Decipher(cipher, password, options) {
  if (!(this instanceof Decipher)) return new Decipher(cipher, password, options);
  initCipher(this, false, cipher, password, null, options, true);
}
for (const C of [Cipheriv, Decipheriv, Cipher, Decipher]) {
  Object.setPrototypeOf(C.prototype, LazyTransform.prototype);
  // (Node's order: the tag method before setAAD)
  const { setAAD, ...rest } = cipherMethods;
  Object.assign(C.prototype, rest);
  if (C === Cipheriv || C === Cipher) C.prototype.getAuthTag = getAuthTag;
  else C.prototype.setAuthTag = setAuthTag;
  C.prototype.setAAD = setAAD;
}
function createCipheriv(cipher, key, iv, options) {
  return new Cipheriv(cipher, key, iv, options);
}
function createDecipheriv(cipher, key, iv, options) {
  return new Decipheriv(cipher, key, iv, options);
}
function createCipher(cipher, password, options) {
  return new Cipher(cipher, password, options);
}
function createDecipher(cipher, password, options) {
  return new Decipher(cipher, password, options);
}

// getCiphers: OpenSSL's usable names, one per lowercased name, sorted (a copy each call)
let ciphers;
function getCiphers() {
  if (!ciphers) {
    const byLower = new Map();
    for (const name of b.getCiphers()) byLower.set(name.toLowerCase(), name);
    ciphers = [...byLower.values()].sort();
  }
  return ciphers.slice();
}
function getCipherInfo(nameOrNid, options) {
  if (typeof nameOrNid !== 'string' && typeof nameOrNid !== 'number') {
    throwType('nameOrNid', ['string', 'number'], nameOrNid);
  }
  if (typeof nameOrNid === 'number') internal.validators.validateInt32(nameOrNid, 'nameOrNid');
  let keyLength, ivLength;
  if (options !== undefined) {
    validateObject(options, 'options');
    ({ keyLength, ivLength } = options);
    if (keyLength !== undefined) internal.validators.validateInt32(keyLength, 'options.keyLength');
    if (ivLength !== undefined) internal.validators.validateInt32(ivLength, 'options.ivLength');
  }
  const ret = b.cipherInfo(nameOrNid, keyLength, ivLength);
  if (ret !== undefined && ret.name) ret.name = ret.name.toLowerCase();
  return ret;
}

// ---- HKDF (RFC 5869): crypto.c's job, on the thread pool unless sync ---------
function hkdfByteSource(v, name) {
  if (typeof v === 'string') return stringToBytes(v, 'utf8');
  if (isAnyArrayBuffer(v) || isView(v)) return v;
  throwType(name, ['string', 'ArrayBuffer', 'TypedArray', 'DataView', 'Buffer'], v);
}
function hkdfArgs(digest, ikm, salt, info, length) {
  validateString(digest, 'digest');
  let key;
  if (ikm instanceof KeyObject) key = ikm[kKeyData];
  else if (typeof ikm === 'string' || isAnyArrayBuffer(ikm) || isView(ikm)) key = hkdfByteSource(ikm, 'ikm');
  else throwType('ikm', ['string', 'SecretKeyObject', 'ArrayBuffer', 'TypedArray', 'DataView', 'Buffer'], ikm);
  salt = hkdfByteSource(salt, 'salt');
  info = hkdfByteSource(info, 'info');
  validateInteger(length, 'length', 0, internal.bufferModule.kMaxLength);
  if (info.byteLength > 1024) throw outOfRange('info', 'must not contain more than 1024 bytes', info.byteLength);
  return [key, salt, info];
}
// what Node's HKDFJob checks (its C++ errors: a code, no "[code]" in the name):
// a known digest, at most 255 blocks of it
function codeError(Ctor, code, message) {
  const e = new Ctor(message);
  e.code = code;
  return e;
}
function hkdfCheck(digest, length) {
  const size = b.digestSize(digest);
  if (size < 0) throw codeError(TypeError, 'ERR_CRYPTO_INVALID_DIGEST', `Invalid digest: ${digest}`);
  if (length > size * 255) throw codeError(RangeError, 'ERR_CRYPTO_INVALID_KEYLEN', 'Invalid key length');
}
function hkdfSync(digest, ikm, salt, info, length) {
  const [key, s, i] = hkdfArgs(digest, ikm, salt, info, length);
  hkdfCheck(digest, length);
  return b.hkdf(digest, key, s, i, length, undefined);
}
function hkdf(digest, ikm, salt, info, length, callback) {
  const [key, s, i] = hkdfArgs(digest, ikm, salt, info, length);
  validateFunction(callback, 'callback');
  hkdfCheck(digest, length);
  b.hkdf(digest, key, s, i, length, new NativeRequest('HKDFREQUEST', (err, ab) => {
    if (err) callback(err);
    else callback(null, ab);
  }));
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
  createCipheriv, createDecipheriv, Cipheriv, Decipheriv, Cipher, Decipher, getCiphers, getCipherInfo,
  hkdf, hkdfSync,
  randomBytes,
  randomFill, randomFillSync, randomInt, randomUUID, getRandomValues, timingSafeEqual,
  pbkdf2, pbkdf2Sync, scrypt, scryptSync,
  webcrypto, subtle,
};
// Node's deprecated aliases of randomBytes (DEP0115) and password-based
// ciphers (DEP0106), not enumerable
for (const [name, fn, code] of [['pseudoRandomBytes', randomBytes, 'DEP0115'], ['prng', randomBytes, 'DEP0115'],
  ['rng', randomBytes, 'DEP0115'], ['createCipher', createCipher, 'DEP0106'],
  ['createDecipher', createDecipher, 'DEP0106']]) {
  const deprecated = internal.builtins.util().deprecate(fn, `crypto.${name} is deprecated.`, code);
  Object.defineProperty(internal.cryptoModule, name, {
    value: deprecated, enumerable: false, configurable: true, writable: true,
  });
}
// What Node 20's crypto has and weft's does not (README: no key pairs): each
// name is a function that throws saying so, rather than a missing property
// whose call fails with "not a function". Not enumerable,
// so the module's keys (and its ES named exports) stay what weft implements.
for (const [what, names] of [
  ['key pairs (signing, public-key encryption, asymmetric keys)',
    'generateKeyPair generateKeyPairSync createSign createVerify sign verify Sign Verify ' +
    'publicEncrypt publicDecrypt privateEncrypt privateDecrypt createPrivateKey createPublicKey'],
  ['key agreement (Diffie-Hellman, ECDH)',
    'createDiffieHellman createDiffieHellmanGroup getDiffieHellman createECDH diffieHellman ' +
    'DiffieHellman DiffieHellmanGroup ECDH'],
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
for (const name of ['getCurves']) {
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
