// weft's stand-in for Node's test/common module, written for weft: the part
// of its API the selected tests use, with the same contract (call-count
// checks run at 'exit' and fail the process, skip() exits 0 with a TAP skip
// line the runner counts apart). Node's runner gets this same file, so both
// columns of `make node-compat` are measured with one shim.
'use strict';
const assert = require('assert');

const noop = () => {};
const checks = [];
let exitHookInstalled = false;

function where() {
  const o = {};
  Error.captureStackTrace(o, where);
  const lines = String(o.stack).split('\n').slice(2);
  return (lines[0] || '').trim();
}

function onExit(code) {
  if (code !== 0) return;
  const bad = checks.filter((c) => (c.atLeast ? c.actual < c.expected : c.actual !== c.expected));
  if (bad.length === 0) return;
  for (const c of bad) {
    console.log(`Mismatched ${c.name} function calls. Expected ${c.atLeast ? 'at least ' : 'exactly '}` +
      `${c.expected}, actual ${c.actual}.`);
    console.log(`    ${c.site}`);
  }
  process.exit(1);
}

function track(fn, expected, atLeast) {
  if (typeof fn === 'number') [fn, expected] = [noop, fn];
  if (fn === undefined) fn = noop;
  if (typeof fn !== 'function') throw new TypeError('common.mustCall expects a function');
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.on('exit', onExit);
  }
  const check = { name: fn.name || '<anonymous>', expected, atLeast, actual: 0, site: where() };
  checks.push(check);
  const wrapped = function (...args) {
    check.actual++;
    return new.target ? Reflect.construct(fn, args, new.target) : Reflect.apply(fn, this, args);
  };
  Object.defineProperty(wrapped, 'length', { value: fn.length, configurable: true });
  Object.defineProperty(wrapped, 'name', { value: fn.name, configurable: true });
  return wrapped;
}

function mustCall(fn, exact = 1) {
  return track(fn, exact, false);
}

function mustCallAtLeast(fn, minimum = 1) {
  return track(fn, minimum, true);
}

function mustNotCall(msg) {
  const site = where();
  return function mustNotCall(...args) {
    const shown = args.length ? ` with arguments ${require('util').inspect(args)}` : '';
    assert.fail(`${msg || 'function should not have been called'} at ${site}${shown}`);
  };
}

function mustSucceed(fn, exact) {
  return mustCall(function (err, ...args) {
    assert.ifError(err);
    if (typeof fn === 'function') return Reflect.apply(fn, this, args);
  }, exact);
}

function expectsError(validator, exact) {
  return mustCall((...args) => {
    assert.strictEqual(args.length, 1, 'expectsError: the callback takes one argument');
    const err = args[0];
    assert.throws(() => { throw err; }, validator);
    return true;
  }, exact);
}

// expectWarning(name, message[, code]) or expectWarning({ name: list }) with
// list a message, an array of messages or [message, code] pairs, or an
// object { code: message }: each warning emitted must be the next one
// expected for its name, and all must be emitted.
function warningEntries(list) {
  if (typeof list === 'string' || list instanceof RegExp) return [[list]];
  if (Array.isArray(list)) return list.map((e) => (Array.isArray(e) ? e : [e]));
  return Object.entries(list).map(([code, message]) => [message, code]);
}
function expectWarning(nameOrMap, message, code) {
  const map = typeof nameOrMap === 'string' ? { [nameOrMap]: [[message, code]] } : nameOrMap;
  const queues = new Map();
  let total = 0;
  for (const [name, list] of Object.entries(map)) {
    const entries = warningEntries(list);
    queues.set(name, entries);
    total += entries.length;
  }
  process.on('warning', mustCall((warning) => {
    const q = queues.get(warning.name);
    assert.ok(q && q.length, `unexpected ${warning.name}: ${warning.message}`);
    const [want, wantCode] = q.shift();
    if (want instanceof RegExp) assert.match(warning.message, want);
    else assert.strictEqual(warning.message, want);
    if (wantCode !== undefined) assert.strictEqual(warning.code, wantCode);
  }, total));
}

function skip(msg) {
  process._rawDebug ? process._rawDebug(`1..0 # Skipped: ${msg}`) : console.log(`1..0 # Skipped: ${msg}`);
  process.exit(0);
}

// The tail Node's ERR_INVALID_ARG_TYPE messages end with.
function invalidArgTypeHelper(input) {
  if (input === null || input === undefined) return ` Received ${input}`;
  if (typeof input === 'function') return ` Received function ${input.name}`;
  const { inspect } = require('util');
  if (typeof input === 'object') {
    const ctor = input.constructor;
    if (ctor && ctor.name) return ` Received an instance of ${ctor.name}`;
    return ` Received ${inspect(input, { depth: -1 })}`;
  }
  let shown = inspect(input, { colors: false });
  if (shown.length > 28) shown = `${shown.slice(0, 25)}...`;
  return ` Received type ${typeof input} (${shown})`;
}

// The same bytes as every kind of ArrayBuffer view whose element size
// divides their length (Node's common.getArrayBufferViews).
function getArrayBufferViews(buf) {
  const { buffer, byteOffset, byteLength } = buf;
  const kinds = [Int8Array, Uint8Array, Uint8ClampedArray, Int16Array, Uint16Array, Int32Array,
    Uint32Array, Float32Array, Float64Array, BigInt64Array, BigUint64Array, DataView];
  return kinds.filter((K) => byteLength % (K.BYTES_PER_ELEMENT || 1) === 0)
    .map((K) => new K(buffer, byteOffset, byteLength / (K.BYTES_PER_ELEMENT || 1)));
}

function platformTimeout(ms) {
  return ms;
}

const common = {
  mustCall,
  mustCallAtLeast,
  mustNotCall,
  mustSucceed,
  expectsError,
  expectWarning,
  skip,
  invalidArgTypeHelper,
  platformTimeout,
  getArrayBufferViews,
  allowGlobals: noop,
  isMainThread: true,
  isWindows: process.platform === 'win32',
  isLinux: process.platform === 'linux',
  isOSX: process.platform === 'darwin',
  isMacOS: process.platform === 'darwin',
  // a command printing the working directory: [file, args] for spawn
  pwdCommand: process.platform === 'win32' ? ['cmd.exe', ['/d', '/c', 'cd']] : ['pwd', []],
  printSkipMessage(msg) { console.log(`1..0 # Skipped: ${msg}`); },
  isAIX: false,
  isIBMi: false,
  isSunOS: false,
  isFreeBSD: false,
  isOpenBSD: false,
  hasIPv6: false,
  hasMultiLocalhost: () => false,
  localhostIPv4: '127.0.0.1',
  PIPE: `${__dirname}/../.tmp-pipe`,
  getTTYfd: () => -1,
  get hasIntl() {
    return typeof Intl === 'object' && Intl !== null;
  },
  get hasCrypto() {
    try {
      require('crypto');
      return true;
    } catch {
      return false;
    }
  },
  get hasOpenSSL3() {
    return common.hasCrypto && /^3\./.test(process.versions.openssl || '');
  },
  // A view of `target` (and of the objects reachable from it) that throws on
  // any change: the callee must not mutate its options.
  mustNotMutateObjectDeep(target) {
    if (target === null || typeof target !== 'object') return target;
    const seen = new WeakMap();
    const wrap = (obj) => {
      if (obj === null || typeof obj !== 'object') return obj;
      if (seen.has(obj)) return seen.get(obj);
      const fail = (what) => () => { throw new TypeError(`${what} on an object that must not be mutated`); };
      const p = new Proxy(obj, {
        set: fail('set'),
        defineProperty: fail('defineProperty'),
        deleteProperty: fail('deleteProperty'),
        setPrototypeOf: fail('setPrototypeOf'),
        preventExtensions: fail('preventExtensions'),
        get(t, k, r) { return wrap(Reflect.get(t, k, r)); },
      });
      seen.set(obj, p);
      return p;
    };
    return wrap(target);
  },
  // OpenSSL at least major.minor (process.versions.openssl)
  hasOpenSSL(major = 0, minor = 0) {
    const m = /^(\d+)\.(\d+)/.exec(process.versions.openssl || '');
    if (!m) return false;
    return +m[1] > major || (+m[1] === major && +m[2] >= minor);
  },
  spawnPromisified(...args) {
    const { spawn } = require('child_process');
    return new Promise((resolve, reject) => {
      const child = spawn(...args);
      let stdout = '', stderr = '';
      child.stdout.on('data', (d) => { stdout += d; });
      child.stderr.on('data', (d) => { stderr += d; });
      child.on('error', reject);
      child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
    });
  },
};

module.exports = common;
