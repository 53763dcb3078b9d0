// events.js: a compact EventEmitter with Node's observable behaviour for
// on/once/off/prepend/emit/listenerCount/listeners/removeAllListeners, used
// for `process` and exposed as require('events').
const kOnceWrapped = Symbol('onceWrapped');

function EventEmitter() {
  EventEmitter.init.call(this);
}
EventEmitter.init = function () {
  if (this._events === undefined || this._events === Object.getPrototypeOf(this)._events) {
    this._events = Object.create(null);
    this._eventsCount = 0;
  }
  this._maxListeners = this._maxListeners || undefined;
};
EventEmitter.defaultMaxListeners = 10;
EventEmitter.prototype._events = undefined;
EventEmitter.prototype._eventsCount = 0;
EventEmitter.prototype._maxListeners = undefined;

function checkListener(listener) {
  if (typeof listener !== 'function') internal.throwInvalidArgType('listener', 'function', listener);
}

function addListener(target, type, listener, prepend) {
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
  return target;
}

EventEmitter.prototype.setMaxListeners = function (n) { this._maxListeners = n; return this; };
EventEmitter.prototype.getMaxListeners = function () {
  return this._maxListeners === undefined ? EventEmitter.defaultMaxListeners : this._maxListeners;
};
EventEmitter.prototype.addListener = function (type, listener) { return addListener(this, type, listener, false); };
EventEmitter.prototype.on = EventEmitter.prototype.addListener;
EventEmitter.prototype.prependListener = function (type, listener) { return addListener(this, type, listener, true); };

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
EventEmitter.prototype.once = function (type, listener) {
  checkListener(listener);
  this.on(type, onceWrap(this, type, listener));
  return this;
};
EventEmitter.prototype.prependOnceListener = function (type, listener) {
  checkListener(listener);
  this.prependListener(type, onceWrap(this, type, listener));
  return this;
};

EventEmitter.prototype.emit = function (type, ...args) {
  const events = this._events;
  if (type === 'error' && (events === undefined || events.error === undefined)) {
    const er = args[0];
    if (er instanceof Error) throw er;
    const err = internal.makeNodeError(Error, 'ERR_UNHANDLED_ERROR',
      `Unhandled error. (${internal.inspect ? internal.inspect(er) : String(er)})`);
    err.context = er;
    throw err;
  }
  if (events === undefined) return false;
  const handler = events[type];
  if (handler === undefined) return false;
  if (typeof handler === 'function') {
    Reflect.apply(handler, this, args);
  } else {
    const listeners = handler.slice();
    for (let i = 0; i < listeners.length; ++i) Reflect.apply(listeners[i], this, args);
  }
  return true;
};

EventEmitter.prototype.removeListener = function (type, listener) {
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

EventEmitter.prototype.removeAllListeners = function (type) {
  const events = this._events;
  if (events === undefined) return this;
  if (arguments.length === 0) {
    this._events = Object.create(null);
    this._eventsCount = 0;
  } else if (events[type] !== undefined) {
    if (--this._eventsCount === 0) this._events = Object.create(null);
    else delete events[type];
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
EventEmitter.prototype.listeners = function (type) { return listenersOf(this, type, true); };
EventEmitter.prototype.rawListeners = function (type) { return listenersOf(this, type, false); };
EventEmitter.prototype.listenerCount = function (type) {
  const events = this._events;
  if (events !== undefined) {
    const l = events[type];
    if (typeof l === 'function') return 1;
    if (l !== undefined) return l.length;
  }
  return 0;
};
EventEmitter.prototype.eventNames = function () {
  return this._eventsCount > 0 ? Reflect.ownKeys(this._events) : [];
};
EventEmitter.EventEmitter = EventEmitter;
EventEmitter.listenerCount = (emitter, type) => emitter.listenerCount(type);
internal.EventEmitter = EventEmitter;
