// validators.js: what the C-backed built-ins (os, crypto, fs, vm) share:
// argument checks with Node's error codes and wording (ERR_INVALID_ARG_TYPE,
// ERR_OUT_OF_RANGE, ERR_INVALID_ARG_VALUE), Node's experimental-feature
// warning, bytes <-> strings through Buffer, and NativeRequest. Loaded on
// first use.
'use strict';

const throwType = internal.throwInvalidArgType;

// 4294967296 -> '4_294_967_296', as Node's addNumericalSeparator
function separated(val) {
  let res = '';
  let i = val.length;
  const start = val[0] === '-' ? 1 : 0;
  for (; i >= start + 4; i -= 3) res = `_${val.slice(i - 3, i)}${res}`;
  return `${val.slice(0, i)}${res}`;
}

function outOfRange(name, range, input) {
  let received;
  if (Number.isInteger(input) && Math.abs(input) > 2 ** 32) received = separated(String(input));
  else if (typeof input === 'bigint') {
    received = String(input);
    if (input > 2n ** 32n || input < -(2n ** 32n)) received = separated(received);
    received += 'n';
  } else received = internal.inspect(input);
  return internal.makeNodeError(RangeError, 'ERR_OUT_OF_RANGE',
    `The value of "${name}" is out of range. It must be ${range}. Received ${received}`);
}

function validateInteger(value, name, min = Number.MIN_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER) {
  if (typeof value !== 'number') throwType(name, 'number', value);
  if (!Number.isInteger(value)) throw outOfRange(name, 'an integer', value);
  if (value < min || value > max) throw outOfRange(name, `>= ${min} && <= ${max}`, value);
}

function validateInt32(value, name, min = -2147483648, max = 2147483647) {
  if (typeof value !== 'number') throwType(name, 'number', value);
  if (!Number.isInteger(value)) throw outOfRange(name, 'an integer', value);
  if (value < min || value > max) throw outOfRange(name, `>= ${min} && <= ${max}`, value);
}

function validateUint32(value, name, positive = false) {
  if (typeof value !== 'number') throwType(name, 'number', value);
  if (!Number.isInteger(value)) throw outOfRange(name, 'an integer', value);
  const min = positive ? 1 : 0;
  if (value < min || value > 4294967295) throw outOfRange(name, `>= ${min} && <= 4294967295`, value);
}

function validateNumber(value, name, min, max) {
  if (typeof value !== 'number') throwType(name, 'number', value);
  if ((min != null && value < min) || (max != null && value > max) ||
      ((min != null || max != null) && Number.isNaN(value))) {
    const range = min != null && max != null ? `>= ${min} && <= ${max}` : min != null ? `>= ${min}` : `<= ${max}`;
    throw outOfRange(name, range, value);
  }
}

function validateString(value, name) {
  if (typeof value !== 'string') throwType(name, 'string', value);
}

function validateFunction(value, name) {
  if (typeof value !== 'function') throwType(name, 'Function', value);
}

function validateBoolean(value, name) {
  if (typeof value !== 'boolean') throwType(name, 'boolean', value);
}

function validateObject(value, name, allowNull = false) {
  if ((!allowNull && value === null) || Array.isArray(value) || (typeof value !== 'object' && typeof value !== 'function') ||
      typeof value === 'function') {
    throwType(name, 'Object', value);
  }
}

function invalidArgValue(name, value, reason = 'is invalid') {
  const what = name.includes('.') ? 'property' : 'argument';
  return internal.makeNodeError(TypeError, 'ERR_INVALID_ARG_VALUE',
    `The ${what} '${name}' ${reason}. Received ${internal.inspect(value)}`);
}

function validateOneOf(value, name, list) {
  if (!list.includes(value)) {
    const allowed = list.map((v) => (typeof v === 'string' ? `'${v}'` : String(v))).join(', ');
    throw invalidArgValue(name, value, `must be one of: ${allowed}`);
  }
}

// Node's emitExperimentalWarning: one ExperimentalWarning per feature name
const experimentalWarned = new Set();
function emitExperimentalWarning(feature) {
  if (experimentalWarned.has(feature)) return;
  experimentalWarned.add(feature);
  process.emitWarning(`${feature} is an experimental feature and might change at any time`, 'ExperimentalWarning');
}

internal.validators = {
  outOfRange, validateInteger, validateInt32, validateUint32, validateNumber, validateString,
  validateFunction, validateBoolean, validateObject, validateOneOf, invalidArgValue,
  emitExperimentalWarning,
};

// A request object for natives that complete later (src/js/bindings.c
// weft__js_req): an async resource of `type` (FSREQCALLBACK,
// RANDOMBYTESREQUEST...) whose oncomplete(err, value) runs `done` inside it.
const { async_id_symbol, trigger_async_id_symbol, hooks } = internal;
class NativeRequest {
  constructor(type, done) {
    const id = this[async_id_symbol] = natives.newAsyncId();
    const trigger = this[trigger_async_id_symbol] = natives.defaultTriggerAsyncId();
    this.done = done;
    if (hooks.initEnabled) hooks.emitInit(id, type, trigger, this);
  }
  oncomplete(err, value) {
    const id = this[async_id_symbol];
    hooks.emitBefore(id, this[trigger_async_id_symbol], this);
    try {
      this.done(err, value);
    } finally {
      if (hooks.destroyEnabled) hooks.emitDestroy(id);
    }
    hooks.emitAfter(id);
  }
}
internal.NativeRequest = NativeRequest;

// Bytes and strings: through Node's Buffer (lib/buffer.js).
if (!internal.bufferModule) natives.loadLib('buffer');
const { Buffer } = internal.bufferModule;
function bufferFrom(ab) {
  return Buffer.from(ab);
}
function allocBytes(n) {
  return Buffer.alloc(n);
}
function normalizeEncoding(enc) {
  if (enc === undefined || enc === null) return 'utf8';
  const e = String(enc).toLowerCase();
  if (e === 'utf-8') return 'utf8';
  if (e === 'binary') return 'latin1';
  if (e === 'ucs2' || e === 'ucs-2' || e === 'utf-16le') return 'utf16le';
  return e;
}
function stringToBytes(s, enc) {
  return Buffer.from(s, enc === undefined ? 'utf8' : enc);
}
function bytesToString(u8, enc) {
  return Buffer.from(u8.buffer, u8.byteOffset, u8.byteLength).toString(enc);
}
internal.bytes = { bufferFrom, allocBytes, stringToBytes, bytesToString, normalizeEncoding };
