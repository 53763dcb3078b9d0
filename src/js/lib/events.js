// events.js: EventEmitter with Node 20's observable behaviour (lib/events.js):
// on/once/off/prepend/emit/listenerCount/listeners/removeAllListeners,
// errorMonitor, captureRejections, the max-listeners leak warning. Used for
// `process` at start-up; the module statics (events.on, once,
// EventEmitterAsyncResource...) are added on require('events') (modules.js).
const kErrorMonitor = Symbol('events.errorMonitor');
const kRejection = Symbol.for('nodejs.rejection');
const kCapture = Symbol('kCapture');
let defaultMaxListeners = 10;

function EventEmitter(opts) {
  EventEmitter.init.call(this, opts);
}
EventEmitter.init = function (opts) {
  if (this._events === undefined || this._events === Object.getPrototypeOf(this)._events) {
    this._events = Object.create(null);
    this._eventsCount = 0;
  }
  this._maxListeners = this._maxListeners || undefined;
  if (opts !== undefined && opts !== null && opts.captureRejections !== undefined) {
    if (typeof opts.captureRejections !== 'boolean') {
      internal.throwInvalidArgType('options.captureRejections', 'boolean', opts.captureRejections);
    }
    this[kCapture] = Boolean(opts.captureRejections);
  } else {
    this[kCapture] = EventEmitter.prototype[kCapture];
  }
};
EventEmitter.prototype._events = undefined;
EventEmitter.prototype._eventsCount = 0;
EventEmitter.prototype._maxListeners = undefined;
EventEmitter.prototype[kCapture] = false;
EventEmitter.errorMonitor = kErrorMonitor;
EventEmitter.captureRejectionSymbol = kRejection;
// shared with event_target.js, whichever loads first
EventEmitter.kMaxEventTargetListeners = internal.kMaxEventTargetListeners ||
  (internal.kMaxEventTargetListeners = Symbol('events.maxEventTargetListeners'));
EventEmitter.kMaxEventTargetListenersWarned = internal.kMaxEventTargetListenersWarned ||
  (internal.kMaxEventTargetListenersWarned = Symbol('events.maxEventTargetListenersWarned'));

function outOfRange(name, range, value) {
  throw internal.makeNodeError(RangeError, 'ERR_OUT_OF_RANGE',
    `The value of "${name}" is out of range. It must be ${range}. Received ${internal.inspect(value)}`);
}
function checkMaxListeners(n, name, range = 'a non-negative number') {
  if (typeof n !== 'number') internal.throwInvalidArgType(name, 'number', n);
  if (n < 0 || Number.isNaN(n)) outOfRange(name, range, n);
}
Object.defineProperty(EventEmitter, 'defaultMaxListeners', {
  enumerable: true,
  get() { return defaultMaxListeners; },
  set(n) { checkMaxListeners(n, 'defaultMaxListeners', '>= 0'); defaultMaxListeners = n; },
});
Object.defineProperty(EventEmitter, 'captureRejections', {
  enumerable: true,
  get() { return EventEmitter.prototype[kCapture]; },
  set(v) {
    if (typeof v !== 'boolean') internal.throwInvalidArgType('EventEmitter.captureRejections', 'boolean', v);
    EventEmitter.prototype[kCapture] = v;
  },
});

function checkListener(listener) {
  if (typeof listener !== 'function') internal.throwInvalidArgType('listener', 'function', listener);
}

function maxListenersOf(target) {
  return target._maxListeners === undefined ? defaultMaxListeners : target._maxListeners;
}

function insertListener(target, type, listener, prepend) {
  checkListener(listener);
  let events = target._events;
  if (events === undefined) {
    events = target._events = Object.create(null);
    target._eventsCount = 0;
  } else if (events.newListener !== undefined) {
    target.emit('newListener', type, listener.listener ? listener.listener : listener);
    events = target._events;
  }
  const existing = events[type];
  if (existing === undefined) {
    events[type] = listener;
    ++target._eventsCount;
  } else if (typeof existing === 'function') {
    events[type] = prepend ? [listener, existing] : [existing, listener];
  } else if (prepend) {
    existing.unshift(listener);
  } else {
    existing.push(listener);
  }
  const list = events[type];
  const m = maxListenersOf(target);
  if (m > 0 && typeof list !== 'function' && list.length > m && !list.warned) {
    list.warned = true;
    const name = target.constructor && target.constructor.name ? `[${target.constructor.name}]` : '[Object]';
    const w = new Error(`Possible EventEmitter memory leak detected. ${list.length} ${String(type)} listeners ` +
      `added to ${name}. MaxListeners is ${m}. Use emitter.setMaxListeners() to increase limit`);
    w.name = 'MaxListenersExceededWarning';
    w.emitter = target;
    w.type = type;
    w.count = list.length;
    process.emitWarning(w);
  }
  return target;
}

EventEmitter.prototype.setMaxListeners = function setMaxListeners(n) {
  checkMaxListeners(n, 'n');
  this._maxListeners = n;
  return this;
};
EventEmitter.prototype.getMaxListeners = function getMaxListeners() {
  return maxListenersOf(this);
};
EventEmitter.prototype.addListener = function addListener(type, listener) {
  return insertListener(this, type, listener, false);
};
EventEmitter.prototype.on = EventEmitter.prototype.addListener;
EventEmitter.prototype.prependListener = function prependListener(type, listener) {
  return insertListener(this, type, listener, true);
};

function onceWrapper() {
  if (!this.fired) {
    this.target.removeListener(this.type, this.wrapFn);
    this.fired = true;
    if (arguments.length === 0) return this.listener.call(this.target);
    return this.listener.apply(this.target, arguments);
  }
}
function onceWrap(target, type, listener) {
  const state = { fired: false, wrapFn: undefined, target, type, listener };
  const wrapped = onceWrapper.bind(state);
  wrapped.listener = listener;
  state.wrapFn = wrapped;
  return wrapped;
}
EventEmitter.prototype.once = function once(type, listener) {
  checkListener(listener);
  this.on(type, onceWrap(this, type, listener));
  return this;
};
EventEmitter.prototype.prependOnceListener = function prependOnceListener(type, listener) {
  checkListener(listener);
  this.prependListener(type, onceWrap(this, type, listener));
  return this;
};

// captureRejections: a listener's rejected promise goes to
// this[Symbol.for('nodejs.rejection')] or to 'error', on a later tick.
function addCatch(that, promise, type, args) {
  try {
    const then = promise.then;
    if (typeof then === 'function') {
      Reflect.apply(then, promise, [undefined, (err) => process.nextTick(emitUnhandledRejectionOrErr, that, err, type, args)]);
    }
  } catch (err) {
    that.emit('error', err);
  }
}
function emitUnhandledRejectionOrErr(ee, err, type, args) {
  if (typeof ee[kRejection] === 'function') {
    ee[kRejection](err, type, ...args);
  } else {
    const prev = ee[kCapture];
    try {
      ee[kCapture] = false;
      ee.emit('error', err);
    } finally {
      ee[kCapture] = prev;
    }
  }
}

EventEmitter.prototype.emit = function emit(type, ...args) {
  const events = this._events;
  if (type === 'error') {
    if (events !== undefined && events[kErrorMonitor] !== undefined) this.emit(kErrorMonitor, ...args);
    if (events === undefined || events.error === undefined) {
      const er = args[0];
      if (er instanceof Error) throw er;
      let shown;
      try { shown = internal.inspect(er); } catch { shown = String(er); }
      const err = internal.makeNodeError(Error, 'ERR_UNHANDLED_ERROR', `Unhandled error. (${shown})`);
      err.context = er;
      throw err;
    }
  }
  if (events === undefined) return false;
  const handler = events[type];
  if (handler === undefined) return false;
  if (typeof handler === 'function') {
    const r = Reflect.apply(handler, this, args);
    if (r !== undefined && r !== null && this[kCapture]) addCatch(this, r, type, args);
  } else {
    const listeners = handler.slice();
    for (let i = 0; i < listeners.length; ++i) {
      const r = Reflect.apply(listeners[i], this, args);
      if (r !== undefined && r !== null && this[kCapture]) addCatch(this, r, type, args);
    }
  }
  return true;
};

EventEmitter.prototype.removeListener = function removeListener(type, listener) {
  checkListener(listener);
  const events = this._events;
  if (events === undefined) return this;
  const list = events[type];
  if (list === undefined) return this;
  if (list === listener || list.listener === listener) {
    if (--this._eventsCount === 0) this._events = Object.create(null);
    else delete events[type];
    if (events.removeListener) this.emit('removeListener', type, list.listener || listener);
  } else if (typeof list !== 'function') {
    let position = -1;
    for (let i = list.length - 1; i >= 0; i--) {
      if (list[i] === listener || list[i].listener === listener) { position = i; break; }
    }
    if (position < 0) return this;
    if (position === 0) list.shift(); else list.splice(position, 1);
    if (list.length === 1) events[type] = list[0];
    if (events.removeListener !== undefined) this.emit('removeListener', type, listener);
  }
  return this;
};
EventEmitter.prototype.off = EventEmitter.prototype.removeListener;

EventEmitter.prototype.removeAllListeners = function removeAllListeners(type) {
  const events = this._events;
  if (events === undefined) return this;
  if (events.removeListener === undefined) {
    if (arguments.length === 0) {
      this._events = Object.create(null);
      this._eventsCount = 0;
    } else if (events[type] !== undefined) {
      if (--this._eventsCount === 0) this._events = Object.create(null);
      else delete events[type];
    }
    return this;
  }
  // with 'removeListener' listeners, each removal is announced (last first)
  if (arguments.length === 0) {
    for (const key of Reflect.ownKeys(events)) {
      if (key !== 'removeListener') this.removeAllListeners(key);
    }
    this.removeAllListeners('removeListener');
    this._events = Object.create(null);
    this._eventsCount = 0;
    return this;
  }
  const listeners = events[type];
  if (typeof listeners === 'function') {
    this.removeListener(type, listeners);
  } else if (listeners !== undefined) {
    for (let i = listeners.length - 1; i >= 0; i--) this.removeListener(type, listeners[i]);
  }
  return this;
};

function listenersOf(target, type, unwrap) {
  const events = target._events;
  if (events === undefined) return [];
  const l = events[type];
  if (l === undefined) return [];
  if (typeof l === 'function') return unwrap ? [l.listener || l] : [l];
  return unwrap ? l.map((f) => f.listener || f) : l.slice();
}
EventEmitter.prototype.listeners = function listeners(type) { return listenersOf(this, type, true); };
EventEmitter.prototype.rawListeners = function rawListeners(type) { return listenersOf(this, type, false); };
function listenerCount(type, listener) {
  const events = this._events;
  if (events !== undefined) {
    const l = events[type];
    if (typeof l === 'function') {
      return listener == null || l === listener || l.listener === listener ? 1 : 0;
    }
    if (l !== undefined) {
      if (listener == null) return l.length;
      let n = 0;
      for (const f of l) if (f === listener || f.listener === listener) n++;
      return n;
    }
  }
  return 0;
}
EventEmitter.prototype.listenerCount = listenerCount;
EventEmitter.prototype.eventNames = function eventNames() {
  return this._eventsCount > 0 ? Reflect.ownKeys(this._events) : [];
};
EventEmitter.EventEmitter = EventEmitter;
EventEmitter.usingDomains = false;
EventEmitter.listenerCount = (emitter, type) =>
  (typeof emitter.listenerCount === 'function' ? emitter.listenerCount(type) : Reflect.apply(listenerCount, emitter, [type]));
internal.EventEmitter = EventEmitter;
