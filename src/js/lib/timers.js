// timers.js: setTimeout/setInterval/setImmediate, ported from Node 20's
// lib/timers.js and lib/internal/timers.js (lists per duration in a binary
// heap ordered by expiry then list id). The C side (src/js/timers.c) owns one
// uv timer, a check and an idle handle and calls internal.processTimers(now);
// setImmediate, its queue and Immediate's fields are C (src/js/immediates.c).
const { scheduleTimer, toggleTimerRef, getLibuvNow, runNextTicks } = natives;
const { newAsyncId, defaultTriggerAsyncId, newTimeout: makeTimeout } = natives;
const TIMEOUT_MAX = 2 ** 31 - 1;
const async_id_symbol = internal.async_id_symbol;
const trigger_async_id_symbol = internal.trigger_async_id_symbol;
const kRefed = Symbol('refed');
const kHasPrimitive = Symbol('kHasPrimitive');
const hooks = internal.hooks; // async_hooks glue (no-ops until enabled)
const emitAfterStub = internal.hooksEmitAfterStub; // not worth a call

// ---- intrusive linked list (lib/internal/linkedlist.js) ----
const L = {
  init(list) { list._idleNext = list; list._idlePrev = list; return list; },
  peek(list) { if (list._idlePrev === list) return null; return list._idlePrev; },
  remove(item) {
    if (item._idleNext) item._idleNext._idlePrev = item._idlePrev;
    if (item._idlePrev) item._idlePrev._idleNext = item._idleNext;
    item._idleNext = null; item._idlePrev = null;
  },
  append(list, item) {
    if (item._idleNext || item._idlePrev) L.remove(item);
    item._idleNext = list._idleNext;
    item._idlePrev = list;
    list._idleNext._idlePrev = item;
    list._idleNext = item;
  },
  isEmpty(list) { return list._idleNext === list; },
};

// ---- binary heap (lib/internal/priority_queue.js) ----
class PriorityQueue {
  constructor(compare, setPosition) {
    this._compare = compare; this._setPosition = setPosition;
    this._heap = new Array(64); this._size = 0;
  }
  insert(value) {
    const heap = this._heap; const pos = ++this._size;
    heap[pos] = value;
    if (heap.length === pos) heap.length *= 2;
    this.percolateUp(pos);
  }
  peek() { return this._heap[1]; }
  percolateDown(pos) {
    const compare = this._compare, setPosition = this._setPosition, heap = this._heap;
    const size = this._size, hsize = size >> 1, item = heap[pos];
    while (pos <= hsize) {
      let child = pos << 1;
      const nextChild = child + 1;
      let childItem = heap[child];
      if (nextChild <= size && compare(heap[nextChild], childItem) < 0) {
        child = nextChild; childItem = heap[nextChild];
      }
      if (compare(item, childItem) <= 0) break;
      setPosition(childItem, pos);
      heap[pos] = childItem;
      pos = child;
    }
    heap[pos] = item;
    setPosition(item, pos);
  }
  percolateUp(pos) {
    const heap = this._heap, compare = this._compare, setPosition = this._setPosition;
    const item = heap[pos];
    while (pos > 1) {
      const parent = heap[pos / 2 | 0];
      if (compare(parent, item) <= 0) break;
      heap[pos] = parent;
      setPosition(parent, pos);
      pos = pos / 2 | 0;
    }
    heap[pos] = item;
    setPosition(item, pos);
  }
  removeAt(pos) {
    const heap = this._heap; const size = --this._size;
    heap[pos] = heap[size + 1];
    heap[size + 1] = undefined;
    if (size > 0 && pos <= size) {
      if (pos > 1 && this._compare(heap[pos / 2 | 0], heap[pos]) > 0) this.percolateUp(pos);
      else this.percolateDown(pos);
    }
  }
  shift() {
    const heap = this._heap; const value = heap[1];
    if (value === undefined) return;
    this.removeAt(1);
    return value;
  }
}

let timerListId = Number.MIN_SAFE_INTEGER;
let nextExpiry = Infinity;
let refCount = 0;
const timerListQueue = new PriorityQueue(compareTimersLists, setPosition);
const timerListMap = Object.create(null);
const knownTimersById = Object.create(null);

function initAsyncResource(resource, type) {
  const asyncId = resource[async_id_symbol] = newAsyncId();
  const triggerAsyncId = resource[trigger_async_id_symbol] = defaultTriggerAsyncId();
  if (hooks.initEnabled) hooks.emitInit(asyncId, type, triggerAsyncId, resource);
}

// Node's Timeout constructor. The object itself is made in C from one
// template with the constructor's fields in its order (src/js/timers.c,
// QuickJS patch 0047): one allocation instead of a shape transition per
// field; init hook as the constructor's initAsyncResource. _idlePrev and
// _idleNext are null (Node: the timer itself) until insert() links it.
function newTimeout(callback, after, args, isRepeat, isRefed) {
  after *= 1;
  if (!(after >= 1 && after <= TIMEOUT_MAX)) {
    if (after > TIMEOUT_MAX) {
      process.emitWarning(`${after} does not fit into a 32-bit signed integer.` +
                          '\nTimeout duration was set to 1.', 'TimeoutOverflowWarning');
    }
    after = 1;
  }
  if (isRefed && refCount++ === 0) toggleTimerRef(true); // incRefCount(), inlined
  return makeTimeout(callback, after, args, isRepeat, isRefed);
}
function Timeout(callback, after, args, isRepeat, isRefed) {
  return newTimeout(callback, after, args, isRepeat, isRefed);
}
{
  const template = Object.create(Timeout.prototype);
  for (const k of ['_idleTimeout', '_idlePrev', '_idleNext', '_idleStart', '_onTimeout',
                   '_timerArgs', '_repeat', '_destroyed', kRefed, kHasPrimitive, async_id_symbol,
                   trigger_async_id_symbol]) template[k] = null;
  natives.timeoutSetup(template);
}
// As Node: a Timeout (and its list) prints one level deep.
const kInspectCustom = Symbol.for('nodejs.util.inspect.custom');
Timeout.prototype[kInspectCustom] = function (_, options) {
  return internal.inspect(this, { ...options, depth: 0, customInspect: false });
};
Timeout.prototype.refresh = function () {
  if (this[kRefed]) insertGuarded(this, true); else insertGuarded(this, false);
  return this;
};
Timeout.prototype.unref = function () {
  if (this[kRefed]) { this[kRefed] = false; if (!this._destroyed) decRefCount(); }
  return this;
};
Timeout.prototype.ref = function () {
  if (!this[kRefed]) { this[kRefed] = true; if (!this._destroyed) incRefCount(); }
  return this;
};
Timeout.prototype.hasRef = function () { return this[kRefed]; };
Timeout.prototype.close = function () { clearTimeout(this); return this; };
Timeout.prototype[Symbol.toPrimitive] = function () {
  const id = this[async_id_symbol];
  if (!this[kHasPrimitive]) { this[kHasPrimitive] = true; knownTimersById[id] = this; }
  return id;
};

function TimersList(expiry, msecs) {
  this._idleNext = this;
  this._idlePrev = this;
  this.expiry = expiry;
  this.id = timerListId++;
  this.msecs = msecs;
  this.priorityQueuePosition = null;
}

TimersList.prototype[kInspectCustom] = Timeout.prototype[kInspectCustom];

function incRefCount() { if (refCount++ === 0) toggleTimerRef(true); }
function decRefCount() { if (--refCount === 0) toggleTimerRef(false); }

function insertGuarded(item, refed, start) {
  const msecs = item._idleTimeout;
  if (msecs < 0 || msecs === undefined) return;
  insert(item, msecs, start);
  const isDestroyed = item._destroyed;
  if (isDestroyed || !item[async_id_symbol]) {
    item._destroyed = false;
    initAsyncResource(item, 'Timeout');
  }
  if (isDestroyed) {
    if (refed) incRefCount();
  } else if (refed === !item[kRefed]) {
    if (refed) incRefCount(); else decRefCount();
  }
  item[kRefed] = refed;
}

function insert(item, msecs, start) {
  if (start === undefined) start = getLibuvNow();
  const whole = msecs | 0; // Math.trunc for the usual whole ms, without a call
  msecs = whole === msecs ? whole : Math.trunc(msecs);
  item._idleStart = start;
  let list = timerListMap[msecs];
  if (list === undefined) {
    const expiry = start + msecs;
    timerListMap[msecs] = list = new TimersList(expiry, msecs);
    timerListQueue.insert(list);
    if (nextExpiry > expiry) {
      scheduleTimer(msecs);
      nextExpiry = expiry;
    }
  }
  // L.append(list, item), inlined (one frame less per timer)
  if (item._idleNext || item._idlePrev) L.remove(item);
  item._idleNext = list._idleNext;
  item._idlePrev = list;
  list._idleNext._idlePrev = item;
  list._idleNext = item;
}

function compareTimersLists(a, b) {
  const expiryDiff = a.expiry - b.expiry;
  if (expiryDiff === 0) {
    if (a.id < b.id) return -1;
    if (a.id > b.id) return 1;
  }
  return expiryDiff;
}
function setPosition(node, pos) { node.priorityQueuePosition = pos; }

function processTimers(now) {
  nextExpiry = Infinity;
  let list;
  let ranAtLeastOneList = false;
  while ((list = timerListQueue.peek()) !== undefined) {
    if (list.expiry > now) {
      nextExpiry = list.expiry;
      return refCount > 0 ? nextExpiry : -nextExpiry;
    }
    if (ranAtLeastOneList) runNextTicks();
    else ranAtLeastOneList = true;
    listOnTimeout(list, now);
  }
  return 0;
}

function listOnTimeout(list, now) {
  const msecs = list.msecs;
  let ranAtLeastOneTimer = false;
  let timer;
  // L.peek and L.remove inlined (a frame each per timer)
  while ((timer = list._idlePrev) !== list) {
    const diff = now - timer._idleStart;
    if (diff < msecs) {
      list.expiry = Math.max(timer._idleStart + msecs, now + 1);
      list.id = timerListId++;
      timerListQueue.percolateDown(1);
      return;
    }
    if (ranAtLeastOneTimer) runNextTicks();
    else ranAtLeastOneTimer = true;
    if (timer._idleNext) timer._idleNext._idlePrev = timer._idlePrev;
    if (timer._idlePrev) timer._idlePrev._idleNext = timer._idleNext;
    timer._idleNext = null;
    timer._idlePrev = null;
    const asyncId = timer[async_id_symbol];
    if (!timer._onTimeout) {
      if (!timer._destroyed) {
        timer._destroyed = true;
        if (timer[kRefed]) refCount--;
        if (hooks.destroyEnabled) hooks.emitDestroy(asyncId);
      }
      continue;
    }
    hooks.emitBefore(asyncId, timer[trigger_async_id_symbol], timer);
    let start;
    if (timer._repeat) start = getLibuvNow();
    try {
      const args = timer._timerArgs;
      if (args === undefined) timer._onTimeout();
      else timer._onTimeout(...args);
    } finally {
      if (timer._repeat && timer._idleTimeout !== -1) {
        timer._idleTimeout = timer._repeat;
        insert(timer, timer._idleTimeout, start);
      } else if (!timer._idleNext && !timer._idlePrev && !timer._destroyed) {
        timer._destroyed = true;
        if (timer[kRefed]) refCount--;
        if (hooks.destroyEnabled) hooks.emitDestroy(asyncId);
      }
    }
    if (hooks.emitAfter !== emitAfterStub) hooks.emitAfter(asyncId);
  }
  if (list === timerListMap[msecs]) {
    delete timerListMap[msecs];
    timerListQueue.shift();
  }
}

// ---- public API (lib/timers.js) ----
function unenroll(item) {
  if (item._destroyed) return;
  item._destroyed = true;
  if (item[kHasPrimitive]) delete knownTimersById[item[async_id_symbol]];
  if (hooks.destroyEnabled && item[async_id_symbol] !== undefined) hooks.emitDestroy(item[async_id_symbol]);
  L.remove(item);
  if (item[kRefed]) {
    const msecs = Math.trunc(item._idleTimeout);
    const list = timerListMap[msecs];
    if (list !== undefined && L.isEmpty(list)) {
      timerListQueue.removeAt(list.priorityQueuePosition);
      delete timerListMap[list.msecs];
    }
    decRefCount();
  }
  item._idleTimeout = -1;
}

function validateFunction(fn, name) {
  if (typeof fn !== 'function') internal.throwInvalidArgType(name, 'function', fn);
}

function setTimeout(callback, after, ...args) {
  if (typeof callback !== 'function') internal.throwInvalidArgType('callback', 'function', callback);
  // newTimeout(..., false, true), inlined for a delay in range
  after *= 1;
  if (!(after >= 1 && after <= TIMEOUT_MAX)) return setTimeoutSlow(callback, after, args);
  if (refCount++ === 0) toggleTimerRef(true);
  const timeout = makeTimeout(callback, after, args.length ? args : undefined, false, true);
  insert(timeout, after);
  return timeout;
}
function setTimeoutSlow(callback, after, args) {
  const timeout = newTimeout(callback, after, args.length ? args : undefined, false, true);
  insert(timeout, timeout._idleTimeout);
  return timeout;
}

function clearTimeout(timer) {
  if (timer && timer._onTimeout) {
    timer._onTimeout = null;
    unenroll(timer);
    return;
  }
  if (typeof timer === 'number' || typeof timer === 'string') {
    const timerInstance = knownTimersById[timer];
    if (timerInstance !== undefined) {
      timerInstance._onTimeout = null;
      unenroll(timerInstance);
    }
  }
}

function setInterval(callback, repeat, ...args) {
  validateFunction(callback, 'callback');
  const timeout = newTimeout(callback, repeat, args.length ? args : undefined, true, true);
  insert(timeout, timeout._idleTimeout);
  return timeout;
}

function clearInterval(timer) { clearTimeout(timer); }

// Immediates are C objects (src/js/immediates.c): the queue, setImmediate,
// clearImmediate, ref/unref/hasRef and accessors for Node's fields
// (_idleNext, _idlePrev, _onImmediate, _argv, _destroyed, [kRefed], the async
// ids) on this prototype.
const setImmediate = natives.setImmediate;
const clearImmediate = natives.clearImmediate;
class Immediate {
  constructor(callback, args) { return setImmediate(callback, ...(args || [])); }
}
natives.immediateSetup(Immediate.prototype, kRefed, async_id_symbol, trigger_async_id_symbol);
// util.inspect shows Node's own properties, in Node's order.
function ImmediateFields() {}
Object.defineProperty(ImmediateFields, 'name', { value: 'Immediate' });
Immediate.prototype[kInspectCustom] = function () {
  const o = new ImmediateFields();
  for (const k of ['_idleNext', '_idlePrev', '_onImmediate', '_argv', '_destroyed', kRefed,
                   async_id_symbol, trigger_async_id_symbol]) o[k] = this[k];
  return o;
};
// Rest parameters, not `arguments`: QuickJS builds an arguments object
// property by property. `length` stays Node's.
for (const [fn, length] of [[setTimeout, 5], [setInterval, 5]]) {
  Object.defineProperty(fn, 'length', { value: length });
}

// Deprecated item timers (lib/timers.js): any object with _onTimeout.
const TIMEOUT_MAX_INT = 2 ** 31 - 1;
function getTimerDuration(msecs, name) {
  if (typeof msecs !== 'number') internal.throwInvalidArgType(name, 'number', msecs);
  if (msecs < 0 || !Number.isFinite(msecs)) {
    throw internal.makeNodeError(RangeError, 'ERR_OUT_OF_RANGE',
      `The value of "${name}" is out of range. It must be a non-negative finite number. Received ${internal.inspect(msecs)}`);
  }
  if (msecs > TIMEOUT_MAX_INT) {
    process.emitWarning(`${msecs} does not fit into a 32-bit signed integer.` +
                        `\nTimer duration was truncated to ${TIMEOUT_MAX_INT}.`, 'TimeoutOverflowWarning');
    return TIMEOUT_MAX_INT;
  }
  return msecs;
}
function enroll(item, msecs) {
  msecs = getTimerDuration(msecs, 'msecs');
  if (item._idleNext) unenroll(item);
  L.init(item);
  item._idleTimeout = msecs;
}
function deprecated(fn, name, msg, code) {
  let warned = false;
  const wrapped = { [name](...args) {
    if (!warned) {
      warned = true;
      process.emitWarning(msg, 'DeprecationWarning', code);
    }
    return Reflect.apply(fn, this, args);
  } }[name];
  return wrapped;
}

// util.promisify(setTimeout / setImmediate) gives timers/promises' versions
for (const [fn, name] of [[setTimeout, 'setTimeout'], [setImmediate, 'setImmediate']]) {
  Object.defineProperty(fn, Symbol.for('nodejs.util.promisify.custom'), {
    enumerable: true,
    configurable: true,
    get() { return internal.loadBuiltin('timers/promises')[name]; },
  });
}

Timeout.prototype[Symbol.dispose] = function () { clearTimeout(this); };
Immediate.prototype[Symbol.dispose] = function () { clearImmediate(this); };

// Node's lib/internal/timers.js setUnrefTimeout (for --expose-internals)
function setUnrefTimeout(callback, after, ...args) {
  validateFunction(callback, 'callback');
  const timer = newTimeout(callback, after, args.length ? args : undefined, false, false);
  insert(timer, timer._idleTimeout);
  return timer;
}
internal.timersInternals = { linkedList: L, setUnrefTimeout, getLibuvNow, getTimerDuration };

internal.processTimers = processTimers;
internal.Timeout = Timeout;
internal.Immediate = Immediate;
internal.timers = {
  setTimeout, clearTimeout, setInterval, clearInterval, setImmediate, clearImmediate,
};
Object.defineProperties(internal.timers, Object.getOwnPropertyDescriptors({
  _unrefActive: deprecated((item) => insertGuarded(item, false), '_unrefActive',
    'timers._unrefActive() is deprecated. Please use timeout.refresh() instead.', 'DEP0127'),
  active: deprecated((item) => insertGuarded(item, true), 'active',
    'timers.active() is deprecated. Please use timeout.refresh() instead.', 'DEP0126'),
  unenroll: deprecated(unenroll, 'unenroll',
    'timers.unenroll() is deprecated. Please use clearTimeout instead.', 'DEP0096'),
  enroll: deprecated(enroll, 'enroll',
    'timers.enroll() is deprecated. Please use setTimeout instead.', 'DEP0095'),
}));
// only setTimeout..clearImmediate become globals
const kGlobalTimers = ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'setImmediate', 'clearImmediate'];
Object.defineProperty(setTimeout, 'name', { value: 'setTimeout' });
for (const k of kGlobalTimers) {
  // replace the lazy stubs (errors.js), not a script's own override
  const cur = globalThis[k];
  if (cur !== undefined && !(typeof cur === 'function' && cur[internal.kLazyStub])) continue;
  Object.defineProperty(globalThis, k, {
    value: internal.timers[k], writable: true, configurable: true, enumerable: true,
  });
}
