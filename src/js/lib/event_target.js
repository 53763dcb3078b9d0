// event_target.js: the web event globals as Node 20 has them: Event,
// CustomEvent, EventTarget, AbortController, AbortSignal (abort, timeout,
// any, throwIfAborted, onabort) and DOMException. Loaded on first use of one
// of these globals (errors.js installs the lazy getters).
'use strict';

const kStop = Symbol('kStop');
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
  }
  get type() { return this.#type; }
  get target() { return this[kTarget]; }
  get currentTarget() { return this[kIsBeingDispatched] ? this[kTarget] : null; }
  get srcElement() { return this[kTarget]; }
  get cancelable() { return this.#cancelable; }
  get bubbles() { return this.#bubbles; }
  get composed() { return this.#composed; }
  get defaultPrevented() { return this.#cancelable && this.#defaultPrevented; }
  get returnValue() { return !this.defaultPrevented; }
  get timeStamp() { return this.#timestamp; }
  get isTrusted() { return false; }
  get eventPhase() { return this[kIsBeingDispatched] ? Event.AT_TARGET : Event.NONE; }
  get cancelBubble() { return this.#propagationStopped; }
  set cancelBubble(v) { if (v) this.#propagationStopped = true; }
  composedPath() { return this[kIsBeingDispatched] ? [this[kTarget]] : []; }
  preventDefault() { this.#defaultPrevented = true; }
  stopPropagation() { this.#propagationStopped = true; }
  stopImmediatePropagation() { this.#propagationStopped = true; this[kStop] = true; }
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
  get detail() { return this.#detail; }
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
function isListener(l) {
  return typeof l === 'function' || (l !== null && typeof l === 'object' && typeof l.handleEvent === 'function');
}

class EventTarget {
  constructor() {
    this[kListeners] = new Map();
  }
  addEventListener(type, listener, options = undefined) {
    if (!(kListeners in this)) throw invalidThis('EventTarget');
    if (arguments.length < 2) internal.throwInvalidArgType('listener', 'EventListener', listener);
    const { once = false, capture = false, passive = false, signal } = validateListenerOptions(options);
    if (listener === null || listener === undefined) {
      process.emitWarning(`addEventListener called with ${listener} which has no effect.`,
        'AddEventListenerArgumentTypeWarning');
      return;
    }
    if (!isListener(listener)) internal.throwInvalidArgType('listener', 'EventListener', listener);
    if (signal !== undefined && (signal === null || typeof signal !== 'object' || !('aborted' in signal))) {
      internal.throwInvalidArgType('options.signal', 'AbortSignal', signal);
    }
    if (signal && signal.aborted) return;
    type = `${type}`;
    let list = this[kListeners].get(type);
    if (!list) this[kListeners].set(type, list = []);
    if (list.some((e) => e.listener === listener && e.capture === !!capture)) return;
    const entry = { listener, once: !!once, capture: !!capture, passive: !!passive, removed: false, signalOff: null };
    list.push(entry);
    if (signal) {
      const off = () => this.removeEventListener(type, listener, { capture });
      signal.addEventListener('abort', off, { once: true });
      entry.signalOff = () => signal.removeEventListener('abort', off);
    }
    if (typeof this[kNewListener] === 'function') this[kNewListener](list.length, type, listener, once, capture, passive);
  }
  removeEventListener(type, listener, options = undefined) {
    if (!(kListeners in this)) throw invalidThis('EventTarget');
    const capture = typeof options === 'boolean' ? options : !!(options && options.capture);
    type = `${type}`;
    const list = this[kListeners].get(type);
    if (!list) return;
    const i = list.findIndex((e) => e.listener === listener && e.capture === capture);
    if (i === -1) return;
    const [entry] = list.splice(i, 1);
    entry.removed = true;
    if (entry.signalOff) entry.signalOff();
    if (list.length === 0) this[kListeners].delete(type);
    if (typeof this[kRemoveListener] === 'function') this[kRemoveListener](list.length, type, listener, capture);
  }
  dispatchEvent(event) {
    if (!(kListeners in this)) throw invalidThis('EventTarget');
    if (!(event instanceof Event)) internal.throwInvalidArgType('event', 'Event', event);
    if (event[kIsBeingDispatched]) {
      const err = new DOMException('The event is already being dispatched', 'InvalidStateError');
      err.code = 'ERR_EVENT_RECURSION';
      throw err;
    }
    event[kTarget] = this;
    event[kIsBeingDispatched] = true;
    const list = this[kListeners].get(event.type);
    if (list) {
      for (const entry of list.slice()) {
        if (entry.removed) continue;
        if (entry.once) this.removeEventListener(event.type, entry.listener, { capture: entry.capture });
        try {
          const l = entry.listener;
          const r = typeof l === 'function' ? Reflect.apply(l, this, [event]) : l.handleEvent(event);
          if (r !== undefined && r !== null && typeof r.then === 'function') {
            r.then(undefined, (err) => process.nextTick(() => { throw err; }));
          }
        } catch (err) {
          // as Node: a throwing listener is an uncaught exception, reported
          // on a later tick; the other listeners still run
          process.nextTick(() => { throw err; });
        }
        if (event[kStop]) break;
      }
    }
    event[kIsBeingDispatched] = false;
    return event.defaultPrevented !== true;
  }
}
const kNewListener = Symbol('kNewListener');
const kRemoveListener = Symbol('kRemoveListener');
Object.defineProperty(EventTarget.prototype, Symbol.toStringTag, { value: 'EventTarget', configurable: true });
internal.eventTargetListeners = (target, type) =>
  (target[kListeners] && target[kListeners].get(`${type}`) || []).map((e) => e.listener);

// ---- AbortSignal / AbortController ----
const kAborted = Symbol('kAborted');
const kReason = Symbol('kReason');
const kOnAbort = Symbol('kOnAbort');
const kOnAbortAdded = Symbol('kOnAbortAdded');
const kTimeouts = new Set(); // keeps AbortSignal.timeout()'s timers reachable
let allowConstruct = false;

function abortSignal(signal, reason) {
  if (signal[kAborted]) return;
  signal[kAborted] = true;
  signal[kReason] = reason;
  signal.dispatchEvent(new Event('abort'));
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
    this[kOnAbort] = null;
  }
  // an event handler attribute: a listener from its first assignment on,
  // so it runs in the order it was set among the other listeners
  get onabort() { return this[kOnAbort]; }
  set onabort(fn) {
    if (this[kOnAbort] === null && !this[kOnAbortAdded]) {
      this[kOnAbortAdded] = true;
      this.addEventListener('abort', (e) => {
        const h = this[kOnAbort];
        if (typeof h === 'function') return Reflect.apply(h, this, [e]);
      });
    }
    this[kOnAbort] = typeof fn === 'function' || (fn !== null && typeof fn === 'object') ? fn : null;
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
    if (this.aborted) throw this[kReason];
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
    const t = setTimeout(() => {
      kTimeouts.delete(t);
      abortSignal(s, new DOMException('The operation was aborted due to timeout', 'TimeoutError'));
    }, delay);
    t.unref();
    kTimeouts.add(t);
    return s;
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
function newSignal() {
  allowConstruct = true;
  try {
    return new AbortSignal();
  } finally {
    allowConstruct = false;
  }
}

class AbortController {
  #signal = newSignal();
  get signal() { return this.#signal; }
  abort(reason = new DOMException('This operation was aborted', 'AbortError')) {
    abortSignal(this.#signal, reason);
  }
}
Object.defineProperty(AbortController.prototype, Symbol.toStringTag, { value: 'AbortController', configurable: true });

internal.webEvents = { Event, CustomEvent, EventTarget, AbortController, AbortSignal, DOMException };
