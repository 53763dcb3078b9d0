// internals.js: `require('internal/...')` under --expose-internals, as Node
// allows for its own tests. Only modules whose behaviour weft really has are
// offered, each backed by weft's implementation (the timers' linked list,
// the async_hooks emitters, the event targets); any other internal name is
// "Cannot find module" as without the flag. Loaded on first such require.
const exp = internal.asyncHooksModule || (natives.loadLib('async_hooks'), internal.asyncHooksModule);

const timersInternals = () => (void internal.timers, internal.timersInternals); // loads timers.js
const modules = {
  'internal/util': () => ({
    customInspectSymbol: Symbol.for('nodejs.util.inspect.custom'),
    customPromisifyArgs: internal.customPromisifyArgs || (internal.customPromisifyArgs = Symbol('customPromisifyArgs')),
    kEmptyObject: Object.freeze({ __proto__: null }),
    kEnumerableProperty: Object.freeze({ __proto__: null, enumerable: true }),
    promisify: (fn) => require('util').promisify(fn),
    deprecate: (...args) => require('util').deprecate(...args),
    getConstructorOf(obj) {
      while (obj) {
        const d = Object.getOwnPropertyDescriptor(obj, 'constructor');
        if (d !== undefined && typeof d.value === 'function' && d.value.name !== '') return d.value;
        obj = Object.getPrototypeOf(obj);
      }
      return null;
    },
    // synchronous sleep of `msec` milliseconds (uv_sleep)
    sleep(msec) {
      if (typeof msec !== 'number') internal.throwInvalidArgType('msec', 'number', msec);
      if (!Number.isInteger(msec) || msec < 0 || msec > 4294967295) {
        throw internal.makeNodeError(RangeError, 'ERR_OUT_OF_RANGE',
          `The value of "msec" is out of range. It must be an integer >= 0 && <= 4294967295. Received ${internal.inspect(msec)}`);
      }
      natives.sleep(msec);
    },
    // once per feature name (validators.js)
    emitExperimentalWarning(feature) {
      if (!internal.validators) natives.loadLib('validators');
      internal.validators.emitExperimentalWarning(feature);
    },
  }),
  'internal/child_process': () => {
    if (!internal.childProcessInternal) natives.loadLib('child_process');
    return internal.childProcessInternal;
  },
  'internal/errors': () => {
    if (!internal.internalErrorsModule) natives.loadLib('internal_errors');
    return internal.internalErrorsModule;
  },
  'internal/linkedlist': () => timersInternals().linkedList,
  'internal/timers': () => ({
    setUnrefTimeout: timersInternals().setUnrefTimeout,
    kTimeout: internal.async_id_symbol,
  }),
  'internal/async_hooks': () => {
    const hooks = internal.hooks;
    return {
      newAsyncId: natives.newAsyncId,
      getDefaultTriggerAsyncId: natives.defaultTriggerAsyncId,
      defaultTriggerAsyncIdScope: internal.defaultTriggerAsyncIdScope,
      executionAsyncId: exp.executionAsyncId,
      triggerAsyncId: exp.triggerAsyncId,
      emitInit(asyncId, type, triggerAsyncId, resource) {
        hooks.emitInit(asyncId, type, triggerAsyncId === null ? undefined : triggerAsyncId, resource);
      },
      emitBefore(asyncId, triggerAsyncId, resource) { hooks.emitBefore(asyncId, triggerAsyncId, resource); },
      emitAfter(asyncId) { hooks.emitAfter(asyncId); },
      emitDestroy(asyncId) { hooks.emitDestroy(asyncId); },
      symbols: {
        async_id_symbol: internal.async_id_symbol,
        trigger_async_id_symbol: internal.trigger_async_id_symbol,
      },
    };
  },
  'internal/event_target': () => {
    void globalThis.EventTarget; // loads lib/event_target.js
    return internal.eventTargetInternals();
  },
  'internal/fs/utils': () => {
    if (!internal.fsModule) natives.loadLib('fs');
    return internal.fsUtils;
  },
  'internal/encoding': () => {
    void globalThis.TextDecoder; // loads encoding.js
    return internal.encodingInternals;
  },
  // isURL: Node 20's duck test (an href and protocol, none of the legacy
  // Url's auth/path)
  'internal/url': () => ({
    URL: globalThis.URL,
    URLSearchParams: globalThis.URLSearchParams,
    isURL: (self) => Boolean(self && self.href && self.protocol && self.auth === undefined && self.path === undefined),
  }),
  // internalBinding(name): the C bindings weft has under Node's names
  'internal/test/binding': () => ({
    internalBinding(name) {
      if (name === 'timers') return { getLibuvNow: timersInternals().getLibuvNow };
      if (name === 'async_wrap') return { Providers: { ...internal.asyncWrapProviders } };
      if (name === 'zlib') {
        if (!internal.zlibInternalBinding) internal.loadBuiltin('zlib');
        return internal.zlibInternalBinding();
      }
      if (name === 'uv') return uvBinding();
      if (name === 'constants') {
        const fsConstants = natives.binding('fs').constants;
        return { fs: { ...fsConstants }, os: internal.builtins.os().constants };
      }
      if (name === 'util') return utilBinding();
      if (name === 'os') return internal.osBinding();
      if (name === 'contextify') return natives.binding('sigint_watchdog');
      if (name === 'url') return { canParse: (input, base) => globalThis.URL.canParse(input, base) };
      if (name === 'buffer') return bufferBinding();
      if (name === 'crypto') return internal.builtins.crypto() && internal.cryptoBinding();
      if (name === 'performance') {
        if (!internal.perfHooks) natives.loadLib('perf_hooks');
        return internal.perfBinding();
      }
      throw internal.makeNodeError(Error, 'ERR_INVALID_MODULE', `No such binding: ${name}`);
    },
  }),
};

// internalBinding('buffer'): fill(buf, value, start, end, encoding) with the
// checks of Node's C++ binding: a negative index throws ERR_OUT_OF_RANGE,
// start > end or end past the buffer returns -2, a value that encodes to no
// bytes -1; otherwise buf is filled (Buffer.prototype.fill does the work)
function bufferBinding() {
  const index = (v) => {
    const n = v === undefined ? 0 : Math.trunc(Number(v));
    if (!(n >= 0)) throw internal.makeNodeError(RangeError, 'ERR_OUT_OF_RANGE', 'Index out of range');
    return n;
  };
  return {
    fill(buf, value, start, end, encoding) {
      const s = index(start), e = index(end);
      if (s > e || e > buf.length) return -2;
      if (typeof value === 'string' && value.length > 0 &&
          globalThis.Buffer.byteLength(value, typeof encoding === 'string' ? encoding : 'utf8') === 0) return -1;
      globalThis.Buffer.prototype.fill.call(buf, value, s, e, typeof encoding === 'string' ? encoding : undefined);
      return undefined;
    },
  };
}

// internalBinding('uv'): libuv's error codes as UV_ENOENT..., errname(code),
// getErrorMap() (code -> [name, message])
let uvTable;
function uvBinding() {
  if (uvTable) return uvTable;
  const rows = natives.binding('fs').uvErrors();
  const byCode = new Map(rows.map(([code, name, message]) => [code, [name, message]]));
  uvTable = {
    errname(err) {
      const row = byCode.get(err);
      return row ? row[0] : `Unknown system error ${err}`;
    },
    getErrorMap: () => new Map(byCode),
  };
  for (const [code, name] of rows) uvTable[`UV_${name}`] = code;
  return uvTable;
}

// internalBinding('util'): the engine's view (src/js/util_binding.c) under
// Node's names
let utilBindingObj;
function utilBinding() {
  if (utilBindingObj) return utilBindingObj;
  const b = internal.utilBinding || (internal.utilBinding = natives.binding('util'));
  const u = {
    privateSymbols: internal.privateSymbols(),
    constants: {
      kPending: 0, kFulfilled: 1, kRejected: 2,
      kExiting: 0, kExitCode: 1, kHasExitCode: 2,
      ALL_PROPERTIES: 0, ONLY_WRITABLE: 1, ONLY_ENUMERABLE: 2, ONLY_CONFIGURABLE: 4,
      SKIP_STRINGS: 8, SKIP_SYMBOLS: 16,
    },
    // [state] while pending, else [state, result]
    getPromiseDetails(p) {
      if (!b.isPromise(p)) return undefined;
      const [state, result] = internal.promiseState(p);
      return state === 0 ? [state] : [state, result];
    },
    getProxyDetails: b.getProxyDetails,
    previewEntries: b.previewEntries,
    getOwnNonIndexProperties: b.getOwnNonIndexProperties,
    getConstructorName(obj) {
      if (obj === null || (typeof obj !== 'object' && typeof obj !== 'function')) {
        internal.throwInvalidArgType('object', 'Object', obj);
      }
      return b.getConstructorName(obj);
    },
    isArrayBufferDetached: b.isArrayBufferDetached,
    sleep: natives.sleep,
    parseEnv: (text) => require('util').parseEnv(text),
    arrayBufferViewHasBuffer: (view) => b.isArrayBufferView(view),
    guessHandleType(fd) {
      return ['UNKNOWN', 'FILE', 'PIPE', 'TTY', 'TTY'][natives.streamAsyncIds(fd)] || 'UNKNOWN';
    },
  };
  for (const k of ['isArrayBuffer', 'isArrayBufferView', 'isAsyncFunction', 'isDataView', 'isDate',
                   'isExternal', 'isMap', 'isMapIterator', 'isNativeError', 'isPromise', 'isRegExp',
                   'isSet', 'isSetIterator', 'isTypedArray', 'isUint8Array', 'isAnyArrayBuffer']) {
    u[k] = b[k];
  }
  return (utilBindingObj = u);
}

const cache = Object.create(null);
internal.loadInternalModule = function (name) {
  if (cache[name] !== undefined) return cache[name];
  const make = modules[name];
  return make === undefined ? undefined : (cache[name] = make());
};
