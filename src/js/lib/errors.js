// errors.js: Node-style errors with a `code` (lib/internal/errors.js subset)
// and the shared async-id symbols and hook stubs used by later files.
internal.async_id_symbol = Symbol('asyncId');
// A stack line of weft's own code ("node:events:194:28", tools/jsc.c's
// names, or "weft:internal/modules.js:506:16"): printed stacks leave these out
internal.isBuiltinFrame = (line) => /^\s+at (?:.*\()?(?:node:|weft:internal\/)[^()]*\)?$/.test(line);
internal.madeBy = natives.madeBy; // the constructor of an object whose prototype became null
internal.promiseState = natives.promiseState; // [0 pending / 1 fulfilled / 2 rejected, result]
internal.trigger_async_id_symbol = Symbol('triggerId');
internal.promise_async_id_symbol = Symbol('async_id_symbol');
internal.promise_trigger_async_id_symbol = Symbol('trigger_async_id_symbol');
// async_hooks glue: async_hooks.js fills in the full implementation; until a
// hook is enabled, emitBefore/emitAfter only track the ids.
internal.hooks = {
  initEnabled: false,
  destroyEnabled: false,
  emitInit() {},
  emitBefore: natives.setAsyncContext, // (asyncId, triggerId[, resource])
  emitAfter() {},
  emitDestroy() {},
};
internal.hooksEmitAfterStub = internal.hooks.emitAfter; // timers.js skips calling it
// Node's defaultTriggerAsyncIdScope: resources made inside fn(...args) take
// triggerAsyncId as their trigger (a negative id: no default).
internal.defaultTriggerAsyncIdScope = function (triggerAsyncId, fn, ...args) {
  if (triggerAsyncId === undefined) return fn(...args);
  const old = natives.swapDefaultTriggerAsyncId(triggerAsyncId);
  try {
    return fn(...args);
  } finally {
    natives.swapDefaultTriggerAsyncId(old);
  }
};

// inspect.js (util.inspect/format, a large file) loads on first use.
{
  const names = ['inspect', 'format', 'formatWithOptions', 'inspectDefaultOptions',
                 'stripVTControlCharacters', 'getStringWidth', 'isError'];
  for (const k of names) {
    Object.defineProperty(internal, k, {
      configurable: true,
      enumerable: true,
      get() {
        for (const n of names) delete internal[n];
        natives.loadLib('inspect');
        return internal[k];
      },
    });
  }
}

// timers.js and modules.js load on first use too: most resources never set
// a timer or require a file, and each costs ~0.4 ms and 50-70 KB of heap per
// runtime. The globals start as stubs marked kLazyStub.
const kLazyStub = Symbol('weft.lazyStub');
internal.kLazyStub = kLazyStub;
function lazyInternal(names, lib, after) {
  let loaded = false;
  const load = () => {
    if (loaded) return;
    loaded = true;
    for (const n of names) delete internal[n];
    natives.loadLib(lib);
    if (after) after();
  };
  for (const k of names) {
    // one function as getter and as setter (a setter call has an argument):
    // half the closures, in every runtime
    const access = function (v) {
      load();
      if (arguments.length) internal[k] = v;
      else return internal[k];
    };
    Object.defineProperty(internal, k, { configurable: true, enumerable: true, get: access, set: access });
  }
  return load;
}
{
  const loadTimers = lazyInternal(['timers', 'processTimers', 'Timeout', 'Immediate'], 'timers');
  for (const k of ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'setImmediate', 'clearImmediate']) {
    const stub = { [k](...args) { loadTimers(); return Reflect.apply(internal.timers[k], this, args); } }[k];
    stub[kLazyStub] = true;
    if (k === 'setTimeout' || k === 'setImmediate') {
      Object.defineProperty(stub, Symbol.for('nodejs.util.promisify.custom'), {
        enumerable: true,
        configurable: true,
        get() { loadTimers(); return internal.timers[k][Symbol.for('nodejs.util.promisify.custom')]; },
      });
    }
    Object.defineProperty(globalThis, k, { value: stub, writable: true, configurable: true, enumerable: true });
  }
  lazyInternal(['Module', 'runMain', 'loadBuiltin', 'builtins', 'path', 'esmResolve', 'esmFormat',
                'esmCommonJSSource', 'esmBuiltinSource', 'handleMainPromise', 'mainModule', 'runEval'], 'modules');
}
// events.js, process.js and promises.js as well: a resource that never
// touches `process` or an EventEmitter, and has no unhandled rejection, never
// pays for them (~70 KB of heap per runtime). Code that adjusts `process`
// (resource.js) does it through internal.whenProcess(fn): fn runs once
// process.js has run, before anyone sees the object.
lazyInternal(['EventEmitter'], 'events');
{
  let ready = [];
  internal.whenProcess = (fn) => { if (ready) ready.push(fn); else fn(); };
  lazyInternal(['process', 'stream', 'applyExecArgv', 'limitFrames',
                'printUncaught', 'triggerUncaughtException', 'setupChannelFromEnv', 'arrowColumn'], 'process', () => {
    const fns = ready;
    ready = null;
    for (const fn of fns) fn();
  });
  // What C calls at the end: until process.js has run, nobody can listen
  // for 'beforeExit' or 'exit' or set process.exitCode, so the end needs no
  // process object (process.js replaces both).
  internal.emitBeforeExit = () => {};
  internal.emitExit = () => 0;
}
lazyInternal(['processPromiseRejections', 'multipleResolves'], 'promises');

function determineSpecificType(value) {
  if (value == null) return '' + value;
  if (typeof value === 'function') return `function ${value.name}`;
  if (typeof value === 'object') {
    if (value.constructor && value.constructor.name) return `an instance of ${value.constructor.name}`;
    return `${internal.inspect(value, { depth: -1 })}`;
  }
  let inspected = internal.inspect ? internal.inspect(value, { colors: false }) : String(value);
  if (inspected.length > 28) inspected = `${inspected.slice(0, 25)}...`;
  return `type ${typeof value} (${inspected})`;
}

internal.determineSpecificType = determineSpecificType;

// natives.binding('os') with Node's names added (lib/os.js and
// internalBinding('os') share it)
let osBinding;
internal.osBinding = () => {
  if (osBinding) return osBinding;
  osBinding = natives.binding('os');
  for (const [node, weft] of [['getHomeDirectory', 'homedir'], ['getHostname', 'hostname'],
    ['getOSInformation', 'uname'], ['getUptime', 'uptime'], ['getInterfaceAddresses', 'interfaces'],
    ['getUserInfo', 'userInfo'], ['getCPUs', 'cpus'], ['getFreeMem', 'freemem'],
    ['getTotalMem', 'totalmem'], ['getLoadAvg', 'loadavg']]) osBinding[node] = osBinding[weft];
  return osBinding;
};

// V8's private symbols, under Node's names: keys no reflection lists
// (QuickJS patch 0060), made on first use
let privateSymbols;
internal.privateSymbols = () => {
  if (privateSymbols) return privateSymbols;
  const make = natives.binding('util').privateSymbol;
  privateSymbols = { __proto__: null };
  for (const [key, description] of [
    ['arrow_message_private_symbol', 'node:arrowMessage'],
    ['contextify_context_private_symbol', 'node:contextify:context'],
    ['decorated_private_symbol', 'node:decorated'],
    ['host_defined_option_symbol', 'node:host_defined_option_symbol'],
    ['napi_type_tag', 'node:napi:type_tag'],
    ['napi_wrapper', 'node:napi:wrapper'],
    ['untransferable_object_private_symbol', 'node:untransferableObject'],
    ['exit_info_private_symbol', 'node:exit_info_private_symbol'],
    ['promise_trace_id', 'node:promise_trace_id'],
  ]) privateSymbols[key] = make(description);
  return privateSymbols;
};

function makeNodeError(Base, code, message) {
  const err = new Base(message);
  Object.defineProperty(err, 'code', { value: code, enumerable: true, writable: true, configurable: true });
  // the stack as Node's: "TypeError [CODE]: message", from the caller's frame
  const stack = err.stack;
  const plain = `${err.name}: ${message}`;
  if (typeof stack === 'string' && stack.startsWith(plain)) {
    let frames = stack.slice(plain.length);
    if (frames.startsWith('\n    at makeNodeError ')) {
      const nl = frames.indexOf('\n', 1);
      frames = nl === -1 ? '' : frames.slice(nl);
    }
    err.stack = `${err.name} [${code}]: ${message}${frames}`;
  }
  // Node's errors print as `TypeError [CODE]: msg`; keep name plain for
  // `err.name` checks but expose the Node form via toString.
  Object.defineProperty(err, 'toString', {
    value() { return `${this.name} [${code}]: ${this.message}`; },
    enumerable: false, writable: true, configurable: true,
  });
  return err;
}
internal.makeNodeError = makeNodeError;

// ERR_INVALID_ARG_TYPE's wording: expected is a type or class name, a list of
// them (['string', 'Buffer']), or ready-made text ('function or null').
const kTypes = ['string', 'function', 'number', 'object', 'Function', 'Object', 'boolean', 'bigint', 'symbol'];
function describeExpected(expected) {
  if (typeof expected === 'string' && expected.includes(' ')) return `of type ${expected}`;
  const types = [], instances = [], other = [];
  for (const v of Array.isArray(expected) ? expected : [expected]) {
    if (kTypes.includes(v)) types.push(v.toLowerCase());
    else if (/^([A-Z][a-z0-9]*)+$/.test(v)) instances.push(v);
    else other.push(v);
  }
  // with classes listed too, a plain object is named last among them
  // ("of type function or an instance of Error, RegExp, or Object")
  const oi = types.indexOf('object');
  if (oi !== -1 && instances.length > 0) {
    types.splice(oi, 1);
    instances.push('Object');
  }
  const joinOr = (list) => (list.length > 2 ? `${list.slice(0, -1).join(', ')}, or ${list[list.length - 1]}`
    : list.join(' or '));
  const parts = [];
  if (types.length) parts.push(`${types.length > 1 ? 'one of type' : 'of type'} ${joinOr(types)}`);
  if (instances.length) parts.push(`an instance of ${joinOr(instances)}`);
  if (other.length) parts.push(other.length > 1 ? `one of ${joinOr(other)}` : other[0].toLowerCase() === other[0] ? `type ${other[0]}` : `an ${other[0]}`);
  return parts.join(' or ');
}
internal.throwInvalidArgType = function (name, expected, actual) {
  const what = name.endsWith(' argument') ? name : `"${name}" ${name.includes('.') ? 'property' : 'argument'}`;
  throw makeNodeError(TypeError, 'ERR_INVALID_ARG_TYPE',
    `The ${what} must be ${describeExpected(expected)}. Received ${determineSpecificType(actual)}`);
};

// Node's AbortError (code ABORT_ERR), its cause the signal's reason.
internal.abortError = function (signal) {
  const err = new Error('The operation was aborted');
  err.name = 'AbortError';
  err.code = 'ABORT_ERR';
  if (signal && signal.reason !== undefined) err.cause = signal.reason;
  return err;
};
internal.validateAbortSignal = function (signal, name) {
  if (signal !== undefined && (signal === null || typeof signal !== 'object' || !('aborted' in signal))) {
    internal.throwInvalidArgType(name, 'AbortSignal', signal);
  }
};

internal.isErrorLike = function (o) {
  return typeof o === 'object' && o !== null && Object.prototype.hasOwnProperty.call(o, 'stack');
};

// V8's ToDetailString, as Node's noSideEffectsToString.
internal.noSideEffectsToString = function (v) {
  switch (typeof v) {
    case 'string': return v;
    case 'symbol': return v.toString();
    case 'object':
      if (v === null) return 'null';
      if (Array.isArray(v)) { try { return String(v); } catch { return '#<Array>'; } }
      {
        let isError = false; // a proxy's getPrototypeOf trap may throw
        try { isError = v instanceof Error; } catch {}
        if (isError) { try { return Error.prototype.toString.call(v); } catch { return '#<Error>'; } }
      }
      {
        let name = 'Object';
        try {
          const c = v.constructor;
          if (typeof c === 'function' && c.name) name = c.name;
        } catch {}
        return `#<${name}>`;
      }
    case 'function': return Function.prototype.toString.call(v);
    default: return String(v);
  }
};
