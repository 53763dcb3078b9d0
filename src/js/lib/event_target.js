// event_target.js: the web event globals as Node 20 has them: Event,
// CustomEvent, EventTarget, AbortController, AbortSignal (abort, timeout,
// any, throwIfAborted, onabort) and DOMException. Loaded on first use of one
// of these globals (errors.js installs the lazy getters).
'use strict';

const kStop = Symbol('kStop');
const kTrusted = Symbol('kTrusted'); // events weft itself fires (abort)
const kTarget = Symbol('kTarget');
const kListeners = Symbol('kListeners');
const kIsBeingDispatched = Symbol('kIsBeingDispatched');

// ---- DOMException (the names and legacy codes Node uses) ----
const domCodes = {
  IndexSizeError: 1, HierarchyRequestError: 3, WrongDocumentError: 4, InvalidCharacterError: 5,
  NoModificationAllowedError: 7, NotFoundError: 8, NotSupportedError: 9, InvalidStateError: 11,
  SyntaxError: 12, InvalidModificationError: 13, NamespaceError: 14, InvalidAccessError: 15,
  TypeMismatchError: 17, SecurityError: 18, NetworkError: 19, AbortError: 20, URLMismatchError: 21,
  QuotaExceededError: 22, TimeoutError: 23, InvalidNodeTypeError: 24, DataCloneError: 25,
};
class DOMException extends Error {
  constructor(message = '', options = 'Error') {
    super(String(message));
    let name = options;
    if (options !== null && typeof options === 'object') {
      name = 'name' in options ? options.name : 'Error';
      if ('cause' in options) {
        Object.defineProperty(this, 'cause', { value: options.cause, writable: true, configurable: true, enumerable: false });
      }
    }
    Object.defineProperty(this, 'name', { value: String(name), writable: true, configurable: true, enumerable: false });
  }
  get code() { return domCodes[this.name] || 0; }
}
Object.defineProperty(DOMException.prototype, Symbol.toStringTag, { value: 'DOMException', configurable: true });

function invalidThis(what) {
  const err = new TypeError(`Value of "this" must be of type ${what}`);
  err.code = 'ERR_INVALID_THIS';
  return err;
}

const kInspect = Symbol.for('nodejs.util.inspect.custom');

// ---- Event ----
class Event {
  #type;
  #cancelable;
  #bubbles;
  #composed;
  #defaultPrevented = false;
  #timestamp = internal.perfNow ? internal.perfNow() : Date.now();
  #propagationStopped = false;
  constructor(type, options = undefined) {
    if (arguments.length === 0) internal.throwInvalidArgType('type', 'string', undefined);
    if (options != null && typeof options !== 'object') internal.throwInvalidArgType('options', 'object', options);
    this.#type = `${type}`;
    this.#cancelable = !!(options && options.cancelable);
    this.#bubbles = !!(options && options.bubbles);
    this.#composed = !!(options && options.composed);
    this[kTarget] = null;
    this[kIsBeingDispatched] = false;
    this[kStop] = false;
    if (options != null && options[kTrusted] === true) this[kTrusted] = true;
  }
  static #check(e) { if (!(#type in e)) throw invalidThis('Event'); }
  get type() { Event.#check(this); return this.#type; }
  get target() { Event.#check(this); return this[kTarget]; }
  get currentTarget() { Event.#check(this); return this[kIsBeingDispatched] ? this[kTarget] : null; }
  get srcElement() { Event.#check(this); return this[kTarget]; }
  get cancelable() { Event.#check(this); return this.#cancelable; }
  get bubbles() { Event.#check(this); return this.#bubbles; }
  get composed() { Event.#check(this); return this.#composed; }
  get defaultPrevented() { Event.#check(this); return this.#cancelable && this.#defaultPrevented; }
  get returnValue() { Event.#check(this); return !this.defaultPrevented; }
  get timeStamp() { Event.#check(this); return this.#timestamp; }
  get isTrusted() { return this[kTrusted] === true; }
  get eventPhase() { Event.#check(this); return this[kIsBeingDispatched] ? Event.AT_TARGET : Event.NONE; }
  get cancelBubble() { Event.#check(this); return this.#propagationStopped; }
  set cancelBubble(v) { Event.#check(this); if (v) this.#propagationStopped = true; }
  composedPath() { Event.#check(this); return this[kIsBeingDispatched] ? [this[kTarget]] : []; }
  preventDefault() { Event.#check(this); this.#defaultPrevented = true; }
  stopPropagation() { Event.#check(this); this.#propagationStopped = true; }
  stopImmediatePropagation() { Event.#check(this); this.#propagationStopped = true; this[kStop] = true; }
  // as Node: the class name alone below depth 0, else its main fields
  [kInspect](depth, options) {
    const name = this.constructor.name;
    if (depth < 0) return name;
    const opts = { ...options, depth: Number.isInteger(options.depth) ? options.depth - 1 : options.depth };
    return `${name} ${internal.inspect({
      type: this.#type, defaultPrevented: this.#defaultPrevented, cancelable: this.#cancelable, timeStamp: this.#timestamp,
    }, opts)}`;
  }
}
for (const [k, v] of Object.entries({ NONE: 0, CAPTURING_PHASE: 1, AT_TARGET: 2, BUBBLING_PHASE: 3 })) {
  Object.defineProperty(Event, k, { value: v, enumerable: true });
  Object.defineProperty(Event.prototype, k, { value: v, enumerable: true });
}
Object.defineProperty(Event.prototype, Symbol.toStringTag, { value: 'Event', configurable: true });

class CustomEvent extends Event {
  #detail;
  constructor(type, options = undefined) {
    if (arguments.length === 0) internal.throwInvalidArgType('type', 'string', undefined);
    super(type, options);
    this.#detail = options && options.detail !== undefined ? options.detail : null;
  }
  get detail() { if (!(#detail in this)) throw invalidThis('CustomEvent'); return this.#detail; }
}
Object.defineProperty(CustomEvent.prototype, Symbol.toStringTag, { value: 'CustomEvent', configurable: true });

// ---- EventTarget ----
// type -> array of { listener, once, capture, passive, removed, signalOff }
function validateListenerOptions(options) {
  if (typeof options === 'boolean') return { capture: options };
  if (options === null || options === undefined) return {};
  if (typeof options !== 'object') internal.throwInvalidArgType('options', 'object', options);
  return options;
}
// a function, or any object (its handleEvent is looked up at dispatch)
function isListener(l) {
  return typeof l === 'function' || (l !== null && typeof l === 'object');
}

function missingArgs(what) {
  return internal.makeNodeError(TypeError, 'ERR_MISSING_ARGS', `The ${what} must be specified`);
}
function isTarget(o) { return o !== null && typeof o === 'object' && kListeners in o; }

// per type, in order; `size` as Node's kEvents entries have
class ListenerList extends Array {
  static get [Symbol.species]() { return Array; }
  get size() { return this.length; }
}

// events.setMaxListeners(n, target): per target, from the default at its
// creation (Node's initEventTarget); one MaxListenersExceededWarning per
// target until the limit is set again
const kMaxEL = internal.kMaxEventTargetListeners ||
  (internal.kMaxEventTargetListeners = Symbol('events.maxEventTargetListeners'));
const kMaxELWarned = internal.kMaxEventTargetListenersWarned ||
  (internal.kMaxEventTargetListenersWarned = Symbol('events.maxEventTargetListenersWarned'));

class EventTarget {
  constructor() {
    this[kListeners] = new Map();
    this[kMaxEL] = internal.EventEmitter ? internal.EventEmitter.defaultMaxListeners : 10;
    this[kMaxELWarned] = false;
  }
  addEventListener(type, listener, options = undefined) {
    if (!isTarget(this)) throw invalidThis('EventTarget');
    if (arguments.length < 2) throw missingArgs('"type" and "listener" arguments');
    const { once = false, capture = false, passive = false, signal } = validateListenerOptions(options);
    if (listener === null || listener === undefined) {
      const w = new Error(`addEventListener called with ${listener} which has no effect.`);
      w.name = 'AddEventListenerArgumentTypeWarning';
      w.target = this;
      w.type = type;
      process.emitWarning(w);
      return;
    }
    if (!isListener(listener)) internal.throwInvalidArgType('listener', 'EventListener', listener);
    if (signal !== undefined && (signal === null || typeof signal !== 'object' || !('aborted' in signal))) {
      internal.throwInvalidArgType('options.signal', 'AbortSignal', signal);
    }
    if (signal && signal.aborted) return;
    type = `${type}`;
    let list = this[kListeners].get(type);
    if (!list) this[kListeners].set(type, list = new ListenerList());
    if (list.some((e) => listenerOf(e) === listener && e.capture === !!capture)) return;
    const entry = { listener, once: !!once, capture: !!capture, passive: !!passive, removed: false, signalOff: null,
      nodeStyle: !!(options !== null && typeof options === 'object' && options[kIsNodeStyleListener]),
      resist: !!(options !== null && typeof options === 'object' && options[kResistStopPropagation]) };
    // Node's kWeakHandler: the listener lives as long as the given object
    const holder = options !== null && typeof options === 'object' ? options[kWeakHandler] : undefined;
    if (holder !== undefined && typeof WeakRef === 'function') {
      weakHolders.set(holder, listener);
      entry.listener = null;
      entry.weak = new WeakRef(listener);
    }
    if (entry.weak) pruneCollected(list);
    list.push(entry);
    if (this[kMaxEL] > 0 && list.length > this[kMaxEL] && !this[kMaxELWarned]) {
      this[kMaxELWarned] = true;
      const w = new Error(`Possible EventTarget memory leak detected. ${list.length} ${type} listeners added to ` +
        `${internal.inspect(this, { depth: -1 })}. MaxListeners is ${this[kMaxEL]}. Use events.setMaxListeners() to increase limit`);
      w.name = 'MaxListenersExceededWarning';
      w.target = this;
      w.type = type;
      w.count = list.length;
      process.emitWarning(w);
    }
    if (signal) {
      const off = () => this.removeEventListener(type, listener, { capture });
      signal.addEventListener('abort', off, { once: true, [kResistStopPropagation]: true });
      entry.signalOff = () => signal.removeEventListener('abort', off);
    }
    if (typeof this[kNewListener] === 'function') {
      this[kNewListener](list.length, type, listener, once, capture, passive, !!entry.weak);
    }
  }
  removeEventListener(type, listener, options = undefined) {
    if (!isTarget(this)) throw invalidThis('EventTarget');
    if (arguments.length < 2) throw missingArgs('"type" and "listener" arguments');
    const capture = typeof options === 'boolean' ? options : !!(options && options.capture);
    type = `${type}`;
    const list = this[kListeners].get(type);
    if (!list) return;
    const i = list.findIndex((e) => listenerOf(e) === listener && e.capture === capture);
    if (i === -1) return;
    const [entry] = list.splice(i, 1);
    entry.removed = true;
    if (entry.signalOff) entry.signalOff();
    if (list.length === 0) this[kListeners].delete(type);
    if (typeof this[kRemoveListener] === 'function') this[kRemoveListener](list.length, type, listener, capture);
  }
  [kInspect](depth, options) {
    if (!isTarget(this)) throw invalidThis('EventTarget');
    const name = this.constructor.name;
    if (depth < 0) return name;
    const opts = { ...options, depth: Number.isInteger(options.depth) ? options.depth - 1 : options.depth };
    return `${name} ${internal.inspect({}, opts)}`;
  }
  dispatchEvent(event) {
    if (!isTarget(this)) throw invalidThis('EventTarget');
    if (arguments.length < 1) throw missingArgs('"event" argument');
    if (!(event instanceof Event)) internal.throwInvalidArgType('event', 'Event', event);
    if (event[kIsBeingDispatched]) {
      throw internal.makeNodeError(Error, 'ERR_EVENT_RECURSION', `The event "${event.type}" is already being dispatched`);
    }
    return dispatch(this, event, event, event.type);
  }
}

function listenerOf(entry) { return entry.weak ? entry.weak.deref() : entry.listener; }
// weak listeners whose holder was collected leave the list (they count no more)
function pruneCollected(list) {
  for (let i = list.length - 1; i >= 0; i--) {
    if (list[i].weak && list[i].weak.deref() === undefined) {
      list[i].removed = true;
      list.splice(i, 1);
    }
  }
}
const weakHolders = new WeakMap();
const kWeakHandler = Symbol('kWeak');
const kIsNodeStyleListener = Symbol('kIsNodeStyleListener');
// Node's kResistStopPropagation: a listener stopImmediatePropagation() does
// not skip (events.once/on/addAbortListener's abort listeners)
const kResistStopPropagation = Symbol('kResistStopPropagation');
internal.kResistStopPropagation = kResistStopPropagation;

// Listeners of `type` get `event` (made on first need by a web-style listener
// when only nodeValue is given, as Node's hybrid dispatch for
// NodeEventTarget.emit); Node-style listeners get nodeValue.
function dispatch(target, event, nodeValue, type) {
  const list = target[kListeners].get(type);
  const makeEvent = () => {
    if (event === undefined && typeof target[kCreateEvent] === 'function') event = target[kCreateEvent](nodeValue, type);
    if (event === undefined) event = new CustomEvent(type, { detail: nodeValue });
    if (!event[kIsBeingDispatched]) {
      event[kTarget] = target;
      event[kIsBeingDispatched] = true;
    }
    return event;
  };
  if (event !== undefined) makeEvent();
  if (list) {
    for (const entry of list.slice()) {
      if (entry.removed || (event !== undefined && event[kStop] && !entry.resist)) continue;
      const l = listenerOf(entry);
      if (l === undefined) continue;
      if (entry.once) target.removeEventListener(type, l, { capture: entry.capture });
      try {
        const arg = entry.nodeStyle ? nodeValue : makeEvent();
        // an object without handleEvent is skipped (Node)
        const r = typeof l === 'function' ? Reflect.apply(l, target, [arg])
          : typeof l.handleEvent === 'function' ? l.handleEvent(arg) : undefined;
        if (r !== undefined && r !== null && typeof r.then === 'function') {
          r.then(undefined, (err) => process.nextTick(() => { throw err; }));
        }
      } catch (err) {
        // as Node: a throwing listener is an uncaught exception, reported
        // on a later tick; the other listeners still run
        process.nextTick(() => { throw err; });
      }
    }
  }
  if (event !== undefined) event[kIsBeingDispatched] = false;
  return event === undefined || event.defaultPrevented !== true;
}

const kNewListener = Symbol('kNewListener');
const kRemoveListener = Symbol('kRemoveListener');
// a target's own event for a Node-style emit(type, value) (MessagePort's MessageEvent)
const kCreateEvent = Symbol('kCreateEvent');
// Node's kHybridDispatch: web-style listeners get the event (made on first
// need), Node-style ones (on/once) the value
internal.eventTargetHybridDispatch = (target, nodeValue, type) => dispatch(target, undefined, nodeValue, type);
Object.defineProperty(EventTarget.prototype, Symbol.toStringTag, { value: 'EventTarget', configurable: true });
// WebIDL: the methods and attributes are enumerable (as in Node)
function enumerableMembers(proto) {
  for (const k of Object.getOwnPropertyNames(proto)) {
    if (k !== 'constructor') Object.defineProperty(proto, k, { enumerable: true });
  }
}
enumerableMembers(Event.prototype);
enumerableMembers(CustomEvent.prototype);
enumerableMembers(EventTarget.prototype);
internal.eventTargetListeners = (target, type) =>
  (target[kListeners] && target[kListeners].get(`${type}`) || []).map(listenerOf).filter((l) => l !== undefined);

// Node's NodeEventTarget (lib/internal/event_target.js): an EventTarget with
// the EventEmitter-style methods; on/once listeners get emit's value.
class NodeEventTarget extends EventTarget {
  #maxListeners = 10;
  static #check(t) { if (!(#maxListeners in t)) throw invalidThis('NodeEventTarget'); }
  setMaxListeners(n) { NodeEventTarget.#check(this);
    if (typeof n !== 'number' || n < 0 || Number.isNaN(n)) {
      throw internal.makeNodeError(RangeError, 'ERR_OUT_OF_RANGE',
        `The value of "n" is out of range. It must be a non-negative number. Received ${internal.inspect(n)}`);
    }
    this[kMaxEL] = n;
    this[kMaxELWarned] = false;
  }
  getMaxListeners() { NodeEventTarget.#check(this); return this[kMaxEL]; }
  eventNames() { NodeEventTarget.#check(this); return [...this[kListeners].keys()]; }
  listenerCount(type) { NodeEventTarget.#check(this);
    const list = this[kListeners].get(`${type}`);
    return list ? list.length : 0;
  }
  off(type, listener, options) { NodeEventTarget.#check(this); this.removeEventListener(type, listener, options); return this; }
  removeListener(type, listener, options) { NodeEventTarget.#check(this); return this.off(type, listener, options); }
  on(type, listener) { NodeEventTarget.#check(this); this.addEventListener(type, listener, { [kIsNodeStyleListener]: true }); return this; }
  addListener(type, listener) { NodeEventTarget.#check(this); return this.on(type, listener); }
  once(type, listener) { NodeEventTarget.#check(this);
    this.addEventListener(type, listener, { once: true, [kIsNodeStyleListener]: true });
    return this;
  }
  emit(type, arg) { NodeEventTarget.#check(this);
    if (typeof type !== 'string') internal.throwInvalidArgType('type', 'string', type);
    const had = this.listenerCount(type) > 0;
    dispatch(this, undefined, arg, type);
    return had;
  }
  removeAllListeners(type) { NodeEventTarget.#check(this);
    if (type === undefined) this[kListeners].clear();
    else this[kListeners].delete(`${type}`);
    return this;
  }
}
// Node's defineEventHandler: an `on<name>` attribute on `obj` (a target or
// a prototype); its listener is added on the first assignment, so it runs in
// the order it was first set among the other listeners.
const kHandlers = Symbol('kHandlers');
function defineEventHandler(obj, name, event = name) {
  const prop = `on${name}`;
  function get() {
    if (!isTarget(this)) throw invalidThis('EventTarget');
    const h = this[kHandlers] && this[kHandlers].get(event);
    return h ? h.handler : null;
  }
  function set(value) {
    if (!isTarget(this)) throw invalidThis('EventTarget');
    if (!Object.prototype.hasOwnProperty.call(this, kHandlers)) this[kHandlers] = new Map();
    const handler = typeof value === 'function' || (value !== null && typeof value === 'object') ? value : null;
    let wrapped = this[kHandlers].get(event);
    if (handler === null) {
      // as Node: a non-handler removes the listener (a MessagePort then
      // stops and unrefs)
      if (wrapped) {
        this[kHandlers].delete(event);
        this.removeEventListener(event, wrapped);
      }
    } else if (wrapped) {
      wrapped.handler = handler;
    } else {
      wrapped = function eventHandler(...args) {
        const h = wrapped.handler;
        if (typeof h === 'function') return Reflect.apply(h, this, args);
        if (h !== null && typeof h.handleEvent === 'function') return h.handleEvent(...args);
      };
      wrapped.handler = handler;
      this[kHandlers].set(event, wrapped);
      this.addEventListener(event, wrapped);
    }
  }
  Object.defineProperty(get, 'name', { value: `get ${prop}` });
  Object.defineProperty(set, 'name', { value: `set ${prop}` });
  Object.defineProperty(obj, prop, { get, set, configurable: true, enumerable: true });
}

// for require('internal/event_target') under --expose-internals
internal.eventTargetInternals = () => ({
  Event, CustomEvent, EventTarget, NodeEventTarget, kEvents: kListeners, kWeakHandler, kIsNodeStyleListener,
  defineEventHandler, kResistStopPropagation, kNewListener, kRemoveListener, kCreateEvent,
});

// ---- AbortSignal / AbortController ----
const kAborted = Symbol('kAborted');
const kReason = Symbol('kReason');
// AbortSignal.timeout(): the timer holds its signal weakly (an unobserved
// signal can be collected, its timer then cleared); a timeout signal with an
// 'abort' listener is held here until it fires or loses its listeners.
const kTimeoutSignal = Symbol('kTimeoutSignal');
const heldTimeoutSignals = new Set();
const timeoutRegistry = typeof FinalizationRegistry === 'function'
  ? new FinalizationRegistry((t) => clearTimeout(t)) : null;
let allowConstruct = false;

function abortSignal(signal, reason) {
  if (signal[kAborted]) return;
  signal[kAborted] = true;
  signal[kReason] = reason;
  signal.dispatchEvent(new Event('abort', { [kTrusted]: true }));
}

class AbortSignal extends EventTarget {
  constructor() {
    if (!allowConstruct) {
      const err = new TypeError('Illegal constructor');
      err.code = 'ERR_ILLEGAL_CONSTRUCTOR';
      throw err;
    }
    super();
    this[kAborted] = false;
    this[kReason] = undefined;
  }
  get aborted() {
    if (!(kAborted in this)) throw invalidThis('AbortSignal');
    return this[kAborted];
  }
  get reason() {
    if (!(kAborted in this)) throw invalidThis('AbortSignal');
    return this[kReason];
  }
  throwIfAborted() {
    if (!(kAborted in this)) throw invalidThis('AbortSignal');
    if (this[kAborted]) throw this[kReason];
  }
  static abort(reason = new DOMException('This operation was aborted', 'AbortError')) {
    const s = newSignal();
    s[kAborted] = true;
    s[kReason] = reason;
    return s;
  }
  static timeout(delay) {
    if (typeof delay !== 'number') internal.throwInvalidArgType('delay', 'number', delay);
    if (!(delay >= 0 && delay <= 2 ** 53 - 1) || !Number.isInteger(delay)) {
      throw internal.makeNodeError(RangeError, 'ERR_OUT_OF_RANGE',
        `The value of "delay" is out of range. It must be >= 0 && <= ${2 ** 53 - 1}. Received ${delay}`);
    }
    const s = newSignal();
    const ref = typeof WeakRef === 'function' ? new WeakRef(s) : { deref: () => s };
    const t = setTimeout(() => {
      const signal = ref.deref();
      if (signal === undefined) return;
      heldTimeoutSignals.delete(signal);
      abortSignal(signal, new DOMException('The operation was aborted due to timeout', 'TimeoutError'));
    }, delay);
    t.unref();
    s[kTimeoutSignal] = true;
    if (timeoutRegistry) timeoutRegistry.register(s, t);
    return s;
  }
  // a weak listener does not hold the signal (Node's gcPersistentSignals)
  [kNewListener](size, type, listener, once, capture, passive, weak) {
    if (this[kTimeoutSignal] && type === 'abort' && !this[kAborted] && !weak && size === 1) heldTimeoutSignals.add(this);
  }
  [kRemoveListener](size, type) {
    if (this[kTimeoutSignal] && type === 'abort' && size === 0) heldTimeoutSignals.delete(this);
  }
  static any(signals) {
    if (!Array.isArray(signals) && (signals === null || typeof signals[Symbol.iterator] !== 'function')) {
      internal.throwInvalidArgType('signals', 'Array', signals);
    }
    const list = [...signals];
    for (const [i, s] of list.entries()) {
      if (!(s instanceof AbortSignal)) internal.throwInvalidArgType(`signals[${i}]`, 'AbortSignal', s);
    }
    const result = newSignal();
    const done = list.find((s) => s.aborted);
    if (done) {
      result[kAborted] = true;
      result[kReason] = done.reason;
      return result;
    }
    for (const s of list) {
      s.addEventListener('abort', () => abortSignal(result, s.reason), { once: true });
    }
    return result;
  }
}
Object.defineProperty(AbortSignal.prototype, Symbol.toStringTag, { value: 'AbortSignal', configurable: true });
defineEventHandler(AbortSignal.prototype, 'abort');
function newSignal() {
  allowConstruct = true;
  try {
    return new AbortSignal();
  } finally {
    allowConstruct = false;
  }
}

// Node's customInspect for AbortController/AbortSignal: `Name { fields }`
function customInspect(self, obj, depth, options) {
  if (depth < 0) return self;
  const opts = { ...options, depth: options.depth === null ? null : options.depth - 1 };
  return `${self.constructor.name} ${internal.inspect(obj, opts)}`;
}
AbortSignal.prototype[kInspect] = function (depth, options) {
  return customInspect(this, { aborted: this.aborted }, depth, options);
};

class AbortController {
  #signal = newSignal();
  get signal() { return this.#signal; }
  [kInspect](depth, options) { return customInspect(this, { signal: this.signal }, depth, options); }
  abort(reason = new DOMException('This operation was aborted', 'AbortError')) {
    abortSignal(this.#signal, reason);
  }
}
Object.defineProperty(AbortController.prototype, Symbol.toStringTag, { value: 'AbortController', configurable: true });

internal.webEvents = { Event, CustomEvent, EventTarget, AbortController, AbortSignal, DOMException };

// ---- util.aborted, util.transferableAbortSignal/Controller ----
// aborted(signal, resource): settles when signal aborts; the listener lives
// only as long as `resource` (Node's kWeakHandler)
async function aborted(signal, resource) {
  if (signal === undefined) internal.throwInvalidArgType('signal', 'AbortSignal', signal);
  internal.validateAbortSignal(signal, 'signal');
  if (resource === null || (typeof resource !== 'object' && typeof resource !== 'function')) {
    internal.throwInvalidArgType('resource', 'Object', resource);
  }
  if (signal.aborted) return;
  let resolve;
  const promise = new Promise((r) => { resolve = r; });
  signal.addEventListener('abort', resolve, { [kWeakHandler]: resource, once: true, [kResistStopPropagation]: true });
  return promise;
}
// A transferable signal posted to a MessagePort arrives as a new signal that
// aborts (through a port pair of its own, unref'd) when the original does.
function transferSignal() {
  const clone = newSignal();
  if (this[kAborted]) {
    clone[kAborted] = true;
    clone[kReason] = internal.cloneMessage(this[kReason], []);
    return clone;
  }
  const { port1, port2 } = new globalThis.MessageChannel();
  port2.onmessage = ({ data }) => {
    port2.close();
    abortSignal(clone, data);
  };
  port2.unref();
  this.addEventListener('abort', () => {
    port1.postMessage(this[kReason]);
    port1.close();
  }, { once: true, [kResistStopPropagation]: true });
  return clone;
}
function transferableAbortSignal(signal) {
  if (!(signal instanceof AbortSignal)) internal.throwInvalidArgType('signal', 'AbortSignal', signal);
  if (!internal.kTransfer) natives.loadLib('structured_clone');
  Object.defineProperty(signal, internal.kTransfer, { value: transferSignal, configurable: true });
  return signal;
}
function transferableAbortController() {
  const ac = new AbortController();
  transferableAbortSignal(ac.signal);
  return ac;
}
internal.abortUtil = { aborted, transferableAbortSignal, transferableAbortController };
