// events_module.js: the statics of require('events') beyond the
// EventEmitter class (events.js): once, on, getEventListeners,
// getMaxListeners, setMaxListeners, listenerCount, addAbortListener,
// EventEmitterAsyncResource. Loaded on the first require('events').
'use strict';
const EE = internal.EventEmitter;

function isEventTarget(t) {
  return t !== null && typeof t === 'object' && typeof t.addEventListener === 'function' &&
    typeof t.removeEventListener === 'function' && typeof t.dispatchEvent === 'function';
}

const abortError = internal.abortError;
const validateSignal = (signal) => internal.validateAbortSignal(signal, 'options.signal');

function listen(emitter, name, fn, once) {
  if (typeof emitter.on === 'function') {
    if (once) emitter.once(name, fn);
    else emitter.on(name, fn);
    return () => emitter.removeListener(name, fn);
  }
  if (isEventTarget(emitter)) {
    emitter.addEventListener(name, fn, { once });
    return () => emitter.removeEventListener(name, fn);
  }
  internal.throwInvalidArgType('emitter', 'EventEmitter', emitter);
}

// async in Node: a bad argument is a rejected promise, not a throw
function once(emitter, name, options = {}) {
  const signal = options ? options.signal : undefined;
  try {
    validateSignal(signal);
  } catch (err) {
    return Promise.reject(err);
  }
  if (signal && signal.aborted) return Promise.reject(abortError(signal));
  return new Promise((resolve, reject) => {
    let offError = null, offAbort = null;
    const offEvent = listen(emitter, name, (...args) => {
      if (offError) offError();
      if (offAbort) offAbort();
      resolve(typeof emitter.on === 'function' ? args : args[0] === undefined ? [] : [args[0]]);
    }, true);
    if (name !== 'error' && typeof emitter.on === 'function') {
      offError = listen(emitter, 'error', (err) => {
        offEvent();
        if (offAbort) offAbort();
        reject(err);
      }, true);
    }
    if (signal) {
      const onAbort = () => {
        offEvent();
        if (offError) offError();
        reject(abortError(signal));
      };
      signal.addEventListener('abort', onAbort, { once: true, [internal.kResistStopPropagation]: true });
      offAbort = () => signal.removeEventListener('abort', onAbort);
    }
  });
}

// events.on(emitter, name[, { signal, close }]): an async iterator of the
// argument arrays of each event; 'error' rejects the pending next().
function on(emitter, name, options = {}) {
  const signal = options ? options.signal : undefined;
  validateSignal(signal);
  if (signal && signal.aborted) throw abortError(signal);
  const unconsumed = [];
  const waiting = [];
  let error = null;
  let finished = false;
  const offs = [];
  const closeEvents = (options && options.close) || [];
  const push = (...args) => {
    const w = waiting.shift();
    if (w) w.resolve({ value: args, done: false });
    else unconsumed.push(args);
  };
  const fail = (err) => {
    finished = true;
    const w = waiting.shift();
    if (w) w.reject(err);
    else error = err;
    iterator.return();
  };
  const close = () => {
    for (const off of offs.splice(0)) off();
    finished = true;
    for (const w of waiting.splice(0)) w.resolve({ value: undefined, done: true });
  };
  offs.push(listen(emitter, name, push, false));
  if (name !== 'error' && typeof emitter.on === 'function') offs.push(listen(emitter, 'error', fail, false));
  for (const ev of closeEvents) offs.push(listen(emitter, ev, close, false));
  if (signal) {
    const onAbort = () => fail(abortError(signal));
    signal.addEventListener('abort', onAbort, { once: true, [internal.kResistStopPropagation]: true });
    offs.push(() => signal.removeEventListener('abort', onAbort));
  }
  const iterator = Object.setPrototypeOf({
    next() {
      if (unconsumed.length) return Promise.resolve({ value: unconsumed.shift(), done: false });
      if (error) {
        const p = Promise.reject(error);
        error = null;
        return p;
      }
      if (finished) return Promise.resolve({ value: undefined, done: true });
      return new Promise((resolve, reject) => waiting.push({ resolve, reject }));
    },
    return() {
      close();
      return Promise.resolve({ value: undefined, done: true });
    },
    throw(err) {
      if (!(err instanceof Error)) internal.throwInvalidArgType('EventEmitter.AsyncIterator', 'Error', err);
      fail(err);
    },
    [Symbol.asyncIterator]() { return this; },
  }, Object.getPrototypeOf(Object.getPrototypeOf(async function* () {}).prototype));
  return iterator;
}

function getEventListeners(emitter, name) {
  if (typeof emitter.listeners === 'function') return emitter.listeners(name);
  if (isEventTarget(emitter) && typeof internal.eventTargetListeners === 'function') {
    return internal.eventTargetListeners(emitter, name);
  }
  internal.throwInvalidArgType('emitter', ['EventEmitter', 'EventTarget'], emitter);
}

function getMaxListeners(emitter) {
  if (isEventTarget(emitter)) return emitter[EE.kMaxEventTargetListeners] ?? EE.defaultMaxListeners;
  if (typeof emitter.getMaxListeners === 'function') return emitter.getMaxListeners();
  internal.throwInvalidArgType('emitter', ['EventEmitter', 'EventTarget'], emitter);
}

function setMaxListeners(n = EE.defaultMaxListeners, ...targets) {
  if (typeof n !== 'number') internal.throwInvalidArgType('n', 'number', n);
  if (n < 0 || Number.isNaN(n)) {
    throw internal.makeNodeError(RangeError, 'ERR_OUT_OF_RANGE',
      `The value of "n" is out of range. It must be a non-negative number. Received ${internal.inspect(n)}`);
  }
  if (targets.length === 0) {
    EE.defaultMaxListeners = n;
    return;
  }
  for (const t of targets) {
    if (isEventTarget(t)) {
      t[EE.kMaxEventTargetListeners] = n;
      t[EE.kMaxEventTargetListenersWarned] = false;
    } else if (typeof t.setMaxListeners === 'function') t.setMaxListeners(n);
    else internal.throwInvalidArgType('eventTargets', ['EventEmitter', 'EventTarget'], t);
  }
}

function addAbortListener(signal, listener) {
  if (signal === undefined) internal.throwInvalidArgType('signal', 'AbortSignal', signal);
  validateSignal(signal);
  if (typeof listener !== 'function') internal.throwInvalidArgType('listener', 'function', listener);
  let removed = false;
  const remove = () => {
    if (!removed) signal.removeEventListener('abort', listener);
    removed = true;
  };
  if (signal.aborted) queueMicrotask(() => listener());
  else signal.addEventListener('abort', listener, { once: true, [internal.kResistStopPropagation]: true });
  return { [Symbol.dispose || Symbol.for('nodejs.dispose')]: remove };
}

// An EventEmitter whose listeners run in the async context it was made in.
let EventEmitterAsyncResource;
function makeEventEmitterAsyncResource() {
  const { AsyncResource } = internal.loadBuiltin('async_hooks');
  const kResource = Symbol('kAsyncResource');
  class EventEmitterReferencingAsyncResource extends AsyncResource {
    #ee;
    constructor(ee, type, options) {
      super(type, options);
      this.#ee = ee;
    }
    get eventEmitter() { return this.#ee; }
  }
  return class EventEmitterAsyncResource extends EE {
    constructor(options = undefined) {
      let name;
      if (typeof options === 'string') {
        name = options;
        options = undefined;
      } else {
        name = (options && options.name) || new.target.name;
      }
      super(options);
      this[kResource] = new EventEmitterReferencingAsyncResource(this, name, options);
    }
    emit(event, ...args) {
      return this[kResource].runInAsyncScope(EE.prototype.emit, this, event, ...args);
    }
    emitDestroy() { this[kResource].emitDestroy(); }
    get asyncId() { return this[kResource].asyncId(); }
    get triggerAsyncId() { return this[kResource].triggerAsyncId(); }
    get asyncResource() { return this[kResource]; }
  };
}

Object.assign(EE, { once, on, getEventListeners, getMaxListeners, setMaxListeners, addAbortListener });
EE.listenerCount = EE.listenerCount || ((emitter, type) => emitter.listenerCount(type));
Object.defineProperty(EE, 'EventEmitterAsyncResource', {
  enumerable: true,
  configurable: true,
  get() { return EventEmitterAsyncResource || (EventEmitterAsyncResource = makeEventEmitterAsyncResource()); },
});
internal.eventsModuleReady = true;
