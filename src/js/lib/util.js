// util.js: Node's `util` module (lib/util.js), loaded on first require. The
// type checks are the engine's (natives.binding('util'), util_binding.c);
// inspect/format live in inspect.js.
const binding = internal.utilBinding || natives.binding('util');
const kCustomPromisify = Symbol.for('nodejs.util.promisify.custom');
// internal/util's customPromisifyArgs: names for a callback's several values
const kCustomPromisifyArgs = internal.customPromisifyArgs || (internal.customPromisifyArgs = Symbol('customPromisifyArgs'));

const validateFunction = (v, name) => {
  if (typeof v !== 'function') internal.throwInvalidArgType(name, 'function', v);
};
// copies `from`'s own properties onto `to` through null-prototype
// descriptors (a tampered Object.prototype cannot add get/set to them)
function copyDescriptors(to, descriptors) {
  for (const d of Object.values(descriptors)) Object.setPrototypeOf(d, null);
  return Object.defineProperties(to, descriptors);
}

function promisify(original) {
  validateFunction(original, 'original');
  // the custom or made function is its own promisified form, so
  // promisify(promisify(f)) is promisify(f)
  const mark = (f) => Object.defineProperty(f, kCustomPromisify, { __proto__: null, value: f, enumerable: false, writable: false, configurable: true });
  if (original[kCustomPromisify]) {
    const custom = original[kCustomPromisify];
    validateFunction(custom, 'util.promisify.custom');
    return mark(custom);
  }
  // a callback with several values resolves to an object of them by name
  // (fs.read's { bytesRead, buffer })
  const argumentNames = original[kCustomPromisifyArgs];
  function fn(...args) {
    return new Promise((resolve, reject) => {
      args.push((err, ...values) => {
        if (err) return reject(err);
        if (argumentNames !== undefined && values.length > 1) {
          const obj = {};
          for (let i = 0; i < argumentNames.length; i++) obj[argumentNames[i]] = values[i];
          resolve(obj);
        } else {
          resolve(values[0]);
        }
      });
      Reflect.apply(original, this, args);
    });
  }
  Object.setPrototypeOf(fn, Object.getPrototypeOf(original));
  mark(fn);
  return copyDescriptors(fn, Object.getOwnPropertyDescriptors(original));
}
promisify.custom = kCustomPromisify;

// a rejection with a falsy reason reaches the callback as an Error whose
// `reason` is that value (ERR_FALSY_VALUE_REJECTION)
function callbackifyOnRejected(reason, cb) {
  if (!reason) {
    const err = internal.makeNodeError(Error, 'ERR_FALSY_VALUE_REJECTION', 'Promise was rejected with falsy value');
    err.reason = reason;
    // as Node: the stack starts below this function (the tick drain)
    Error.captureStackTrace(err, callbackifyOnRejected);
    reason = err;
  }
  return cb(reason);
}
function callbackify(original) {
  validateFunction(original, 'original');
  function callbackified(...args) {
    const maybeCb = args.pop();
    validateFunction(maybeCb, 'last argument');
    const cb = maybeCb.bind(this);
    Reflect.apply(original, this, args).then(
      (ret) => process.nextTick(cb, null, ret),
      (rej) => process.nextTick(callbackifyOnRejected, rej, cb));
  }
  const descriptors = Object.getOwnPropertyDescriptors(original);
  if (typeof descriptors.length.value === 'number') descriptors.length.value++;
  if (typeof descriptors.name.value === 'string') descriptors.name.value += 'Callbackified';
  return copyDescriptors(callbackified, descriptors);
}

function inherits(ctor, superCtor) {
  if (ctor === undefined || ctor === null) internal.throwInvalidArgType('ctor', 'Function', ctor);
  if (superCtor === undefined || superCtor === null) internal.throwInvalidArgType('superCtor', 'Function', superCtor);
  if (superCtor.prototype === undefined) {
    internal.throwInvalidArgType('superCtor.prototype', 'Object', superCtor.prototype);
  }
  Object.defineProperty(ctor, 'super_', { value: superCtor, writable: true, configurable: true });
  Object.setPrototypeOf(ctor.prototype, superCtor.prototype);
}
// util.deprecate: one warning per returned function, or per code when
// one is given (Node's codesWarned); no warning with --no-deprecation.
const codesWarned = new Set();
function deprecate(fn, msg, code) {
  if (process.noDeprecation === true) return fn;
  if (code !== undefined && typeof code !== 'string') internal.throwInvalidArgType('code', 'string', code);
  let warned = false;
  function deprecated(...args) {
    if (!warned) {
      warned = true;
      if (code === undefined || !codesWarned.has(code)) {
        if (code !== undefined) codesWarned.add(code);
        process.emitWarning(msg, 'DeprecationWarning', code);
      }
    }
    return new.target ? Reflect.construct(fn, args, new.target) : Reflect.apply(fn, this, args);
  }
  Object.setPrototypeOf(deprecated, fn);
  if (fn.prototype) deprecated.prototype = fn.prototype;
  return deprecated;
}
// util.debuglog(set[, cb]): logs "SET PID: msg" on stderr when NODE_DEBUG
// (read once, comma-separated, * wildcards, any case) names the set
let debugRe;
function debuglog(set, cb) {
  set = `${set}`.toUpperCase();
  if (debugRe === undefined) {
    const env = (process.env.NODE_DEBUG || '').trim();
    debugRe = env ? new RegExp(`^(${env.replace(/[|\\{}()[\]^$+?.]/g, '\\$&').replace(/\*/g, '.*').replace(/,/g, '$|^')})$`, 'i') : null;
  }
  const enabled = debugRe !== null && debugRe.test(set);
  let first = true;
  // the callback gets the bare logging function (no `enabled`), as Node
  const debug = (...args) => {
    if (enabled) natives.print(2, `${set} ${process.pid}: ${internal.format(...args)}\n`);
  };
  const logger = function (...args) {
    if (first) { first = false; if (typeof cb === 'function') cb(debug); }
    debug(...args);
  };
  Object.defineProperty(logger, 'enabled', { get() { return enabled; }, configurable: true, enumerable: true });
  return logger;
}
// util.parseEnv(content): dotenv text -> object, as Node 20's (its C++
// parser, matched on its fixtures and 6e5 random texts; keys sorted as its
// std::map)
function parseEnv(text) {
  if (typeof text !== 'string') internal.throwInvalidArgType('content', 'string', text);
  const store = new Map();
  const trim = (s) => s.replace(/^ +| +$/g, '');
  let content = trim(text.replace(/\r/g, ''));
  // the character before `content` in the text: Node's trim of a key made of
  // spaces only steps back onto it (a line " =v" gives the key "\n")
  let before = '';
  const advance = (c, k) => { if (k > 0) before = c[k - 1]; return c.slice(k); };
  while (content.length > 0) {
    if (content[0] === '\n' || content[0] === '#') {
      const nl = content.indexOf('\n');
      if (nl !== -1) { content = advance(content, nl + 1); continue; }
    }
    const eq = content.indexOf('=');
    if (eq === -1) break;
    let key = content.slice(0, eq);
    key = /^ +$/.test(key) ? (before === ' ' ? '' : before) : trim(key);
    content = advance(content, eq + 1);
    if (key.startsWith('export ')) key = key.slice(7);
    if (key.length === 0) break;
    if (content.length === 0 || content[0] === '\n') { store.set(key, ''); continue; }
    content = trim(advance(content, content.length - content.replace(/^ +/, '').length));
    if (content.length === 0) { store.set(key, ''); break; }
    const q = content[0];
    if (q === '"') {
      const close = content.indexOf('"', 1);
      if (close !== -1) {
        store.set(key, content.slice(1, close).replaceAll('\\n', '\n'));
        const nl = content.indexOf('\n', close + 1);
        content = nl !== -1 ? advance(content, nl + 1) : '';
        continue;
      }
    }
    if (q === '\'' || q === '"' || q === '`') {
      const close = content.indexOf(q, 1);
      if (close === -1) {
        const nl = content.indexOf('\n');
        if (nl !== -1) {
          store.set(key, content.slice(0, nl));
          content = advance(content, nl);
        }
      } else {
        store.set(key, content.slice(1, close));
        const nl = content.indexOf('\n', close + 1);
        content = nl !== -1 ? advance(content, nl) : '';
      }
    } else {
      const nl = content.indexOf('\n');
      let value;
      if (nl !== -1) {
        value = content.slice(0, nl);
        const hash = value.indexOf('#');
        if (hash !== -1) value = value.slice(0, hash);
        content = advance(content, nl);
      } else {
        value = content;
        const hash = value.indexOf('#');
        if (hash !== -1) value = value.slice(0, hash);
        content = '';
      }
      store.set(key, trim(value));
    }
  }
  const out = {};
  for (const k of [...store.keys()].sort()) out[k] = store.get(k);
  return out;
}

// util.types: V8's checks, on QuickJS's class ids (a Proxy is no Map, an
// object with Symbol.toStringTag 'Date' is no Date)
const types = {
  isExternal: binding.isExternal || (() => false), // weft makes no V8 Externals
  isDate: binding.isDate,
  isArgumentsObject: binding.isArgumentsObject,
  isBigIntObject: binding.isBigIntObject,
  isBooleanObject: binding.isBooleanObject,
  isNumberObject: binding.isNumberObject,
  isStringObject: binding.isStringObject,
  isSymbolObject: binding.isSymbolObject,
  isNativeError: binding.isNativeError,
  isRegExp: binding.isRegExp,
  isAsyncFunction: binding.isAsyncFunction,
  isGeneratorFunction: binding.isGeneratorFunction,
  isGeneratorObject: binding.isGeneratorObject,
  isPromise: binding.isPromise,
  isMap: binding.isMap,
  isSet: binding.isSet,
  isMapIterator: binding.isMapIterator,
  isSetIterator: binding.isSetIterator,
  isWeakMap: binding.isWeakMap,
  isWeakSet: binding.isWeakSet,
  isArrayBuffer: binding.isArrayBuffer,
  isDataView: binding.isDataView,
  isSharedArrayBuffer: binding.isSharedArrayBuffer,
  isProxy: binding.isProxy,
  isModuleNamespaceObject: binding.isModuleNamespaceObject,
  isAnyArrayBuffer: binding.isAnyArrayBuffer,
  isBoxedPrimitive: binding.isBoxedPrimitive,
  isArrayBufferView: binding.isArrayBufferView,
  isTypedArray: binding.isTypedArray,
  isUint8Array: binding.isUint8Array,
  isUint8ClampedArray: binding.isUint8ClampedArray,
  isUint16Array: binding.isUint16Array,
  isUint32Array: binding.isUint32Array,
  isInt8Array: binding.isInt8Array,
  isInt16Array: binding.isInt16Array,
  isInt32Array: binding.isInt32Array,
  isFloat32Array: binding.isFloat32Array,
  isFloat64Array: binding.isFloat64Array,
  isBigInt64Array: binding.isBigInt64Array,
  isBigUint64Array: binding.isBigUint64Array,
  // crypto's KeyObject and CryptoKey: nothing is one before crypto loads
  isKeyObject(v) {
    const KeyObject = internal.cryptoKeyObject;
    return typeof KeyObject === 'function' && v != null && v instanceof KeyObject;
  },
  isCryptoKey(v) {
    const CryptoKey = internal.cryptoCryptoKey;
    return typeof CryptoKey === 'function' && v != null && v instanceof CryptoKey;
  },
};

// util.log: "D Mon HH:MM:SS - message" on stdout
const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad2 = (n) => (n < 10 ? `0${n}` : `${n}`);
function timestamp() {
  const d = new Date();
  const t = `${pad2(d.getHours())}:${pad2(d.getMinutes())}:${pad2(d.getSeconds())}`;
  return `${d.getDate()} ${months[d.getMonth()]} ${t}`;
}

// util._extend(target, source): own enumerable keys of source onto target
function _extend(target, source) {
  if (source === null || typeof source !== 'object') return target;
  const keys = Object.keys(source);
  let i = keys.length;
  while (i--) target[keys[i]] = source[keys[i]];
  return target;
}


internal.util = {
  _extend,
  callbackify,
  debug: debuglog,
  debuglog,
  deprecate,
  format: internal.format,
  formatWithOptions: internal.formatWithOptions,
  getSystemErrorName(err) {
    if (typeof err !== 'number') internal.throwInvalidArgType('err', 'number', err);
    if (err >= 0 || !Number.isSafeInteger(err)) {
      throw internal.makeNodeError(RangeError, 'ERR_OUT_OF_RANGE',
        `The value of "err" is out of range. It must be a negative integer. Received ${err}`);
    }
    return natives.binding('child_process').errname(err);
  },
  inherits,
  inspect: internal.inspect,
  isArray: Array.isArray,
  isBoolean: (arg) => typeof arg === 'boolean',
  isBuffer: (arg) => internal.Buffer !== undefined ? internal.Buffer.isBuffer(arg) : globalThis.Buffer.isBuffer(arg),
  isDeepStrictEqual(a, b) {
    if (!internal.isDeepStrictEqual) natives.loadLib('assert');
    return internal.isDeepStrictEqual(a, b);
  },
  isNull: (arg) => arg === null,
  isNullOrUndefined: (arg) => arg === null || arg === undefined,
  isNumber: (arg) => typeof arg === 'number',
  isString: (arg) => typeof arg === 'string',
  isSymbol: (arg) => typeof arg === 'symbol',
  isUndefined: (arg) => arg === undefined,
  isRegExp: binding.isRegExp,
  isObject: (arg) => arg !== null && typeof arg === 'object',
  isDate: binding.isDate,
  isError: (e) => internal.isError(e),
  isFunction: (arg) => typeof arg === 'function',
  isPrimitive: (arg) => arg === null || (typeof arg !== 'object' && typeof arg !== 'function'),
  log: function log(...args) {
    console.log('%s - %s', timestamp(), internal.format(...args));
  },
  parseEnv,
  promisify,
  stripVTControlCharacters: internal.stripVTControlCharacters,
  // event_target.js
  get aborted() { void globalThis.AbortSignal; return internal.abortUtil.aborted; },
  get transferableAbortSignal() { void globalThis.AbortSignal; return internal.abortUtil.transferableAbortSignal; },
  get transferableAbortController() { void globalThis.AbortSignal; return internal.abortUtil.transferableAbortController; },
  // errno -> [name, message], libuv's table
  getSystemErrorMap() {
    return new Map(natives.binding('fs').uvErrors().map(([code, name, message]) => [code, [name, message]]));
  },
  toUSVString(input) {
    return String(input).toWellFormed();
  },
  types,
  get TextDecoder() { return globalThis.TextDecoder; },
  get TextEncoder() { return globalThis.TextEncoder; },
};
