// async_hooks.js: Node 20's async_hooks (lib/internal/async_hooks.js,
// lib/async_hooks.js): createHook, executionAsyncId/triggerAsyncId/
// executionAsyncResource, AsyncResource, AsyncLocalStorage (built on an init
// hook, as in Node 20). The async ids live in C (tasks.c); this file keeps
// the resource stack and the hook lists. Everything here is off the hot
// path: C calls in only while natives.hooksActive() is set (a hook is
// enabled, or executionAsyncResource()/AsyncLocalStorage is in use).
const async_id_symbol = internal.async_id_symbol;
const trigger_async_id_symbol = internal.trigger_async_id_symbol;
// promises carry their ids under Node's own symbol names
const promise_async_id_symbol = internal.promise_async_id_symbol;
const promise_trigger_async_id_symbol = internal.promise_trigger_async_id_symbol;
const kInit = 0, kBefore = 1, kAfter = 2, kDestroy = 3, kPromiseResolve = 4, kTotals = 5;
const fields = [0, 0, 0, 0, 0, 0];
const init_symbol = Symbol('init'), before_symbol = Symbol('before'), after_symbol = Symbol('after');
const destroy_symbol = Symbol('destroy'), promise_resolve_symbol = Symbol('promiseResolve');
const kindSymbols = [init_symbol, before_symbol, after_symbol, destroy_symbol, promise_resolve_symbol];
const active_hooks = { array: [], call_depth: 0, tmp_array: null, tmp_fields: null };
const topLevelResource = {};
let usesResource = false;
let asyncHooksOn = false; // some async hook enabled: promises take async ids
const hooks = internal.hooks;
// v8.promiseHooks (lib/v8.js): per kind the registered functions; they share
// QuickJS's promise hook with async_hooks.
const v8Hooks = { init: [], before: [], after: [], settled: [] };

// Hand C the enabled hooks: per kind a flat [hookObject, fn, ...] snapshot.
function updateActive() {
  hooks.initEnabled = fields[kInit] > 0;
  hooks.destroyEnabled = fields[kDestroy] > 0;
  const lists = kindSymbols.map((sym) => {
    const l = [];
    for (const h of active_hooks.array) if (typeof h[sym] === 'function') l.push(h, h[sym]);
    return l;
  });
  asyncHooksOn = fields[kInit] + fields[kBefore] + fields[kAfter] + fields[kDestroy] + fields[kPromiseResolve] > 0;
  const v8On = v8Hooks.init.length + v8Hooks.before.length + v8Hooks.after.length + v8Hooks.settled.length > 0;
  natives.setHookLists(lists[0], lists[1], lists[2], lists[3], lists[4], usesResource, v8On);
}

// Call v8.promiseHooks functions of one kind (a snapshot: a hook may stop
// itself); a throw is an uncaught exception and the rest still run.
function runV8Hooks(list, promise, parent) {
  for (const fn of list.slice()) {
    try {
      fn(promise, parent);
    } catch (err) {
      internal.triggerUncaughtException(err, false);
    }
  }
}
// v8.promiseHooks' registration: returns the function that removes `fn`.
internal.addV8PromiseHook = function (kind, fn) {
  v8Hooks[kind].push(fn);
  updateActive();
  let stopped = false;
  return function stop() {
    if (stopped) return;
    stopped = true;
    const i = v8Hooks[kind].indexOf(fn);
    if (i !== -1) v8Hooks[kind].splice(i, 1);
    updateActive();
  };
};

// A throwing hook is fatal (Node's fatalError): the stack printed raw (a
// non-error value as "Error: <value>" with the current stack), then exit 1,
// or abort under --abort-on-uncaught-exception.
internal.hooksFatalError = function fatalError(e) {
  let text;
  try {
    if (e != null && typeof e.stack === 'string') {
      text = e.stack;
    } else {
      // the stack from the caller on (this function's own frame left out)
      const stack = new Error().stack;
      const lines = typeof stack === 'string' ? stack.split('\n').slice(2) : [];
      text = [`Error: ${String(e)}`, ...lines].join('\n');
    }
  } catch {
    text = 'Error: (unprintable)';
  }
  natives.print(2, text.endsWith('\n') ? text : `${text}\n`);
  if (internal.abortOnUncaught) natives.abort();
  natives.reallyExit(1);
};

function emitInit(asyncId, type, triggerAsyncId, resource) {
  if (fields[kInit] === 0) return;
  natives.emitInit(asyncId, type, triggerAsyncId, resource);
}

function emitBefore(asyncId, triggerAsyncId, resource) {
  natives.emitBefore(asyncId, triggerAsyncId, resource);
}
function emitAfter(asyncId) { natives.emitAfter(asyncId); }
function emitDestroy(asyncId) { if (fields[kDestroy] > 0) natives.emitDestroy(asyncId); }

// Node's TickObject, for printing and instanceof in hooks.
function TickObject() {}
TickObject.prototype = natives.tickObjectPrototype;
Object.defineProperty(TickObject.prototype, 'constructor', {
  value: TickObject, writable: true, configurable: true, enumerable: false,
});

// C learns that emitBefore/emitAfter now keep resource frames (immediates.c
// frames its Immediates from here on, as this file's emitBefore does).
updateActive();
Object.assign(hooks, {
  emitInit,
  emitBefore,
  emitAfter,
  emitDestroy,
  clearAsyncIdStack: natives.clearAsyncIdStack,
  hasAsyncIdStack: () => natives.asyncContextDepth() > 0,
  // queueMicrotask while hooks are active (lib/internal/process/task_queues.js).
  microtask(callback) {
    const asyncResource = new AsyncResource('Microtask', { requireManualDestroy: true });
    asyncResource.callback = callback;
    return runMicrotask.bind(asyncResource);
  },
  // Promise hooks (from the QuickJS patch, as V8's PromiseHook).
  // As Node's updatePromiseHookMode: a promise takes its id at creation
  // only while init (or destroy) hooks exist, else lazily at its first
  // before, or at settling while promiseResolve hooks exist.
  promiseInit(promise, parent) {
    if (fields[kInit] > 0 || fields[kDestroy] > 0) {
      trackPromise(promise, parent);
      const asyncId = promise[promise_async_id_symbol];
      emitInit(asyncId, 'PROMISE', promise[promise_trigger_async_id_symbol], promise);
      // destroy when it is collected (Node's weak PromiseWrap)
      if (fields[kDestroy] > 0 && promiseDestroyRegistry !== null) promiseDestroyRegistry.register(promise, asyncId);
    }
    if (v8Hooks.init.length) runV8Hooks(v8Hooks.init, promise, parent);
  },
  promiseBefore(promise) {
    if (asyncHooksOn) {
      trackPromise(promise, null);
      natives.emitBefore(promise[promise_async_id_symbol], promise[promise_trigger_async_id_symbol], promise);
    }
    if (v8Hooks.before.length) runV8Hooks(v8Hooks.before, promise);
  },
  promiseAfter(promise) {
    if (v8Hooks.after.length) runV8Hooks(v8Hooks.after, promise);
    if (asyncHooksOn) {
      trackPromise(promise, null);
      const asyncId = promise[promise_async_id_symbol];
      if (asyncId === natives.executionAsyncId()) natives.emitAfter(asyncId);
      else if (fields[kAfter] > 0) natives.emitAfterOnly(asyncId);
    }
  },
  promiseResolve(promise) {
    if (fields[kPromiseResolve] > 0) {
      trackPromise(promise, null);
      natives.emitPromiseResolve(promise[promise_async_id_symbol]);
    }
    if (v8Hooks.settled.length) runV8Hooks(v8Hooks.settled, promise);
  },
});

function runMicrotask() {
  this.runInAsyncScope(() => {
    const callback = this.callback;
    try {
      callback();
    } catch (error) {
      internal.triggerUncaughtException(error, false);
    } finally {
      this.emitDestroy();
    }
  });
}

function trackPromise(promise, parent) {
  if (promise[promise_async_id_symbol]) return;
  // the parent's id first, so one made now is lower than the child's (Node)
  const triggerAsyncId = parent ? getOrSetAsyncId(parent) : natives.defaultTriggerAsyncId();
  promise[promise_async_id_symbol] = natives.newAsyncId();
  promise[promise_trigger_async_id_symbol] = triggerAsyncId;
}
function getOrSetAsyncId(object) {
  if (Object.prototype.hasOwnProperty.call(object, promise_async_id_symbol)) return object[promise_async_id_symbol];
  return object[promise_async_id_symbol] = natives.newAsyncId();
}

function getHookArrays() {
  if (active_hooks.call_depth === 0 && natives.hookDepth() === 0) return [active_hooks.array, fields];
  if (active_hooks.tmp_array === null) {
    active_hooks.tmp_array = active_hooks.array.slice();
    active_hooks.tmp_fields = fields.slice();
    natives.hooksChangedInHook();
  }
  return [active_hooks.tmp_array, active_hooks.tmp_fields];
}
internal.restoreActiveHooks = restoreActiveHooks;
function restoreActiveHooks() {
  active_hooks.array = active_hooks.tmp_array;
  for (let i = 0; i < fields.length; i++) fields[i] = active_hooks.tmp_fields[i];
  active_hooks.tmp_array = null;
  active_hooks.tmp_fields = null;
  updateActive();
}

function validateHookFn(fn, name) {
  if (fn !== undefined && typeof fn !== 'function') {
    throw internal.makeNodeError(TypeError, 'ERR_ASYNC_CALLBACK', `hook.${name} must be a function`);
  }
}

class AsyncHook {
  constructor({ init, before, after, destroy, promiseResolve }) {
    validateHookFn(init, 'init');
    validateHookFn(before, 'before');
    validateHookFn(after, 'after');
    validateHookFn(destroy, 'destroy');
    validateHookFn(promiseResolve, 'promiseResolve');
    this[init_symbol] = init;
    this[before_symbol] = before;
    this[after_symbol] = after;
    this[destroy_symbol] = destroy;
    this[promise_resolve_symbol] = promiseResolve;
  }
  enable() {
    const [hooks_array, hook_fields] = getHookArrays();
    if (hooks_array.includes(this)) return this;
    hook_fields[kTotals] = hook_fields[kInit] += +!!this[init_symbol];
    hook_fields[kTotals] += hook_fields[kBefore] += +!!this[before_symbol];
    hook_fields[kTotals] += hook_fields[kAfter] += +!!this[after_symbol];
    hook_fields[kTotals] += hook_fields[kDestroy] += +!!this[destroy_symbol];
    hook_fields[kTotals] += hook_fields[kPromiseResolve] += +!!this[promise_resolve_symbol];
    hooks_array.push(this);
    if (hook_fields === fields) updateActive();
    return this;
  }
  disable() {
    const [hooks_array, hook_fields] = getHookArrays();
    const index = hooks_array.indexOf(this);
    if (index === -1) return this;
    hook_fields[kTotals] = hook_fields[kInit] -= +!!this[init_symbol];
    hook_fields[kTotals] += hook_fields[kBefore] -= +!!this[before_symbol];
    hook_fields[kTotals] += hook_fields[kAfter] -= +!!this[after_symbol];
    hook_fields[kTotals] += hook_fields[kDestroy] -= +!!this[destroy_symbol];
    hook_fields[kTotals] += hook_fields[kPromiseResolve] -= +!!this[promise_resolve_symbol];
    hooks_array.splice(index, 1);
    if (hook_fields === fields) updateActive();
    return this;
  }
}

function createHook(fns) { return new AsyncHook(fns); }

function executionAsyncResource() {
  if (!usesResource) { usesResource = true; updateActive(); }
  const r = natives.currentResource();
  return r === undefined ? topLevelResource : r;
}

let warnedDEP0172 = false;
function deprecateAsyncResource() {
  if (warnedDEP0172) return;
  warnedDEP0172 = true;
  process.emitWarning('The asyncResource property on bound functions is deprecated',
                      'DeprecationWarning', 'DEP0172');
}

class AsyncResource {
  constructor(type, opts = {}) {
    if (typeof type !== 'string') internal.throwInvalidArgType('type', 'string', type);
    let triggerAsyncId = opts;
    let requireManualDestroy = false;
    if (typeof opts !== 'number') {
      triggerAsyncId = opts.triggerAsyncId === undefined ? natives.defaultTriggerAsyncId() : opts.triggerAsyncId;
      requireManualDestroy = !!opts.requireManualDestroy;
    }
    if (!Number.isSafeInteger(triggerAsyncId) || triggerAsyncId < -1) {
      throw internal.makeNodeError(RangeError, 'ERR_INVALID_ASYNC_ID', `Invalid triggerAsyncId value: ${triggerAsyncId}`);
    }
    const asyncId = natives.newAsyncId();
    this[async_id_symbol] = asyncId;
    this[trigger_async_id_symbol] = triggerAsyncId;
    if (fields[kInit] > 0) {
      if (type.length === 0) throw internal.makeNodeError(TypeError, 'ERR_ASYNC_TYPE', `Invalid name for async "type": ${type}`);
      emitInit(asyncId, type, triggerAsyncId, this);
    }
    if (!requireManualDestroy && fields[kDestroy] > 0 && typeof FinalizationRegistry === 'function') {
      destroyRegistry.register(this, asyncId);
    }
  }
  runInAsyncScope(fn, thisArg, ...args) {
    const asyncId = this[async_id_symbol];
    emitBefore(asyncId, this[trigger_async_id_symbol], this);
    try {
      return Reflect.apply(fn, thisArg, args);
    } finally {
      if (natives.asyncContextDepth() > 0) emitAfter(asyncId);
    }
  }
  emitDestroy() { emitDestroy(this[async_id_symbol]); return this; }
  asyncId() { return this[async_id_symbol]; }
  triggerAsyncId() { return this[trigger_async_id_symbol]; }
  bind(fn, thisArg) {
    if (typeof fn !== 'function') internal.throwInvalidArgType('fn', 'function', fn);
    let bound;
    if (thisArg === undefined) {
      const resource = this;
      bound = function (...args) {
        args.unshift(fn, this);
        return Reflect.apply(resource.runInAsyncScope, resource, args);
      };
    } else {
      bound = this.runInAsyncScope.bind(this, fn, thisArg);
    }
    let self = this;
    Object.defineProperties(bound, {
      length: { configurable: true, enumerable: false, value: fn.length, writable: false },
      asyncResource: {
        configurable: true,
        enumerable: true,
        get() { deprecateAsyncResource(); return self; },
        set(val) { deprecateAsyncResource(); self = val; },
      },
    });
    return bound;
  }
  static bind(fn, type, thisArg) {
    type = type || fn.name;
    return (new AsyncResource(type || 'bound-anonymous-fn')).bind(fn, thisArg);
  }
}
const destroyRegistry = typeof FinalizationRegistry === 'function'
  ? new FinalizationRegistry((asyncId) => emitDestroy(asyncId)) : null;
const promiseDestroyRegistry = typeof FinalizationRegistry === 'function'
  ? new FinalizationRegistry((asyncId) => { if (fields[kDestroy] > 0) natives.emitDestroyCollected(asyncId); }) : null;

// AsyncLocalStorage as in Node 20: the store is copied by an init hook from
// the current execution resource to each new resource.
const storageList = [];
const storageHook = createHook({
  init(asyncId, type, triggerAsyncId, resource) {
    const currentResource = executionAsyncResource();
    for (let i = 0; i < storageList.length; ++i) storageList[i]._propagate(resource, currentResource, type);
  },
});

class AsyncLocalStorage {
  constructor() {
    this.kResourceStore = Symbol('kResourceStore');
    this.enabled = false;
  }
  static bind(fn) { return AsyncResource.bind(fn); }
  static snapshot() {
    const runInAsyncScope = AsyncResource.bind(function runInAsyncScope(cb, ...args) {
      return Reflect.apply(cb, this, args);
    });
    return runInAsyncScope;
  }
  disable() {
    if (this.enabled) {
      this.enabled = false;
      storageList.splice(storageList.indexOf(this), 1);
      if (storageList.length === 0) storageHook.disable();
    }
  }
  _enable() {
    if (!this.enabled) {
      this.enabled = true;
      storageList.push(this);
      storageHook.enable();
    }
  }
  _propagate(resource, triggerResource, type) {
    const store = triggerResource[this.kResourceStore];
    if (this.enabled) resource[this.kResourceStore] = store;
  }
  enterWith(store) {
    this._enable();
    const resource = executionAsyncResource();
    resource[this.kResourceStore] = store;
  }
  run(store, callback, ...args) {
    if (Object.is(store, this.getStore())) return Reflect.apply(callback, null, args);
    this._enable();
    const resource = executionAsyncResource();
    const oldStore = resource[this.kResourceStore];
    resource[this.kResourceStore] = store;
    try {
      return Reflect.apply(callback, null, args);
    } finally {
      resource[this.kResourceStore] = oldStore;
    }
  }
  exit(callback, ...args) {
    if (!this.enabled) return Reflect.apply(callback, null, args);
    this.disable();
    try {
      return Reflect.apply(callback, null, args);
    } finally {
      this._enable();
    }
  }
  getStore() {
    if (this.enabled) {
      const resource = executionAsyncResource();
      return resource[this.kResourceStore];
    }
  }
}

// Node 20's async resource provider types and their numbers
// (async_hooks.asyncWrapProviders; internalBinding('async_wrap').Providers).
const providers = {};
[
  'NONE', 'DIRHANDLE', 'DNSCHANNEL', 'ELDHISTOGRAM', 'FILEHANDLE', 'FILEHANDLECLOSEREQ', 'BLOBREADER',
  'FSEVENTWRAP', 'FSREQCALLBACK', 'FSREQPROMISE', 'GETADDRINFOREQWRAP', 'GETNAMEINFOREQWRAP', 'HEAPSNAPSHOT',
  'HTTP2SESSION', 'HTTP2STREAM', 'HTTP2PING', 'HTTP2SETTINGS', 'HTTPINCOMINGMESSAGE', 'HTTPCLIENTREQUEST',
  'JSSTREAM', 'JSUDPWRAP', 'MESSAGEPORT', 'PIPECONNECTWRAP', 'PIPESERVERWRAP', 'PIPEWRAP', 'PROCESSWRAP',
  'PROMISE', 'QUERYWRAP', 'QUIC_LOGSTREAM', 'QUIC_PACKET', 'SHUTDOWNWRAP', 'SIGNALWRAP', 'STATWATCHER',
  'STREAMPIPE', 'TCPCONNECTWRAP', 'TCPSERVERWRAP', 'TCPWRAP', 'TTYWRAP', 'UDPSENDWRAP', 'UDPWRAP',
  'SIGINTWATCHDOG', 'WORKER', 'WORKERHEAPSNAPSHOT', 'WRITEWRAP', 'ZLIB', 'CHECKPRIMEREQUEST', 'PBKDF2REQUEST',
  'KEYPAIRGENREQUEST', 'KEYGENREQUEST', 'KEYEXPORTREQUEST', 'CIPHERREQUEST', 'DERIVEBITSREQUEST', 'HASHREQUEST',
  'RANDOMBYTESREQUEST', 'RANDOMPRIMEREQUEST', 'SCRYPTREQUEST', 'SIGNREQUEST', 'TLSWRAP', 'VERIFYREQUEST',
].forEach((name, i) => { providers[name] = i; });
internal.asyncWrapProviders = providers;

internal.asyncHooksModule = {
  AsyncLocalStorage,
  createHook,
  executionAsyncId: natives.executionAsyncId,
  triggerAsyncId: natives.triggerAsyncId,
  executionAsyncResource,
  asyncWrapProviders: Object.freeze({ __proto__: null, ...providers }),
  AsyncResource,
};
