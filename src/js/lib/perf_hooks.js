// perf_hooks.js: the global `performance` and require('perf_hooks') as Node
// 20 has them: user timing (mark/measure, entries, clearing), the
// PerformanceObserver (entryTypes or type+buffered, delivered in an
// immediate), timerify, resource timing with its buffer-full event,
// nodeTiming and eventLoopUtilization (loop idle time from libuv), forced
// 'gc' entries, and createHistogram / monitorEventLoopDelay over the C
// histogram of src/js/perf.c. Loaded on first use of `performance`.
'use strict';

if (!internal.validators) natives.loadLib('validators');
const { validateObject, validateInteger, validateNumber, validateFunction, invalidArgValue } = internal.validators;
const binding = natives.binding('perf');
const EventTarget = globalThis.EventTarget;
const Event = globalThis.Event;
const kInspect = Symbol.for('nodejs.util.inspect.custom');
const kSkipThrow = Symbol('kSkipThrow');

const uptimeMs = () => natives.uptime() * 1000;
const timeOrigin = binding.timeOrigin();

function illegal() {
  return internal.makeNodeError(TypeError, 'ERR_ILLEGAL_CONSTRUCTOR', 'Illegal constructor');
}
function invalidTimestamp(t) {
  return internal.makeNodeError(TypeError, 'ERR_PERFORMANCE_INVALID_TIMESTAMP', `${t} is not a valid timestamp`);
}
function invalidOptions(msg) {
  return internal.makeNodeError(TypeError, 'ERR_PERFORMANCE_MEASURE_INVALID_OPTIONS', msg);
}
function missingArgs(...names) {
  const list = names.map((n) => `"${n}"`);
  const text = list.length > 1 ? `${list.slice(0, -1).join(', ')} and ${list[list.length - 1]} arguments must` : `${list[0]} argument must`;
  return internal.makeNodeError(TypeError, 'ERR_MISSING_ARGS', `The ${text} be specified`);
}
// `${v}` with V8's wording for a symbol
function str(v) {
  if (typeof v === 'symbol') throw new TypeError('Cannot convert a Symbol value to a string');
  return `${v}`;
}
// Node's custom inspection of entries and timings: `Name {fields}`
function inspectAs(self, fields, depth, options, label = self.constructor.name) {
  if (depth < 0) return self;
  const opts = { ...options, depth: options.depth == null ? null : options.depth - 1 };
  return `${label} ${internal.inspect(fields, opts)}`;
}

// ---- entries -------------------------------------------------------------
class PerformanceEntry {
  #name; #type; #start; #duration;
  constructor(skip = undefined, name = undefined, type = undefined, start = undefined, duration = undefined) {
    if (skip !== kSkipThrow) throw illegal();
    this.#name = name;
    this.#type = type;
    this.#start = start;
    this.#duration = duration;
  }
  static #check(e) {
    if (!(#name in e)) internal.throwInvalidArgType('this', 'PerformanceEntry', e);
  }
  get name() { PerformanceEntry.#check(this); return this.#name; }
  get entryType() { PerformanceEntry.#check(this); return this.#type; }
  get startTime() { PerformanceEntry.#check(this); return this.#start; }
  get duration() { PerformanceEntry.#check(this); return this.#duration; }
  [kInspect](depth, options) { return inspectAs(this, this.toJSON(), depth, options); }
  toJSON() {
    PerformanceEntry.#check(this);
    return { name: this.#name, entryType: this.#type, startTime: this.#start, duration: this.#duration };
  }
}

// entries with a detail (mark, measure, and Node's function/gc entries)
function withDetail(Base) {
  return class extends Base {
    #detail;
    static setDetail(e, d) { e.#detail = d; }
    get detail() { return this.#detail; }
    toJSON() { return { ...super.toJSON(), detail: this.#detail }; }
  };
}
const DetailEntry = withDetail(PerformanceEntry);

function cloneDetail(detail) {
  return detail == null ? null : structuredClone(detail);
}

class PerformanceMark extends DetailEntry {
  constructor(name, options = undefined) {
    if (arguments.length === 0) throw missingArgs('name');
    name = str(name);
    if (options !== undefined) validateObject(options, 'options');
    const startTime = options?.startTime ?? uptimeMs();
    validateNumber(startTime, 'startTime');
    if (startTime < 0) throw invalidTimestamp(startTime);
    super(kSkipThrow, name, 'mark', startTime, 0);
    DetailEntry.setDetail(this, cloneDetail(options?.detail));
  }
}
class PerformanceMeasure extends DetailEntry {
  constructor(skip = undefined, name = undefined, type = undefined, start = undefined, duration = undefined) {
    if (skip !== kSkipThrow) throw illegal();
    super(kSkipThrow, name, type, start, duration);
  }
}
// 'function' and 'gc' entries (Node's PerformanceNodeEntry)
class PerformanceNodeEntry extends DetailEntry {}
function nodeEntry(name, type, start, duration, detail) {
  const e = new PerformanceNodeEntry(kSkipThrow, name, type, start, duration);
  DetailEntry.setDetail(e, detail);
  return e;
}

// Resource timing, from a fetch's timing info (Node's markResourceTiming)
class PerformanceResourceTiming extends PerformanceEntry {
  #info; #initiator; #cacheMode;
  constructor(skip = undefined, name = undefined, type = undefined) {
    if (skip !== kSkipThrow) throw illegal();
    super(skip, name, type);
  }
  static make(info, url, initiatorType, cacheMode) {
    const r = new PerformanceResourceTiming(kSkipThrow, url, 'resource');
    r.#info = info;
    r.#initiator = initiatorType;
    r.#cacheMode = cacheMode;
    return r;
  }
  get startTime() { return this.#info.startTime; }
  get duration() { return this.#info.endTime - this.#info.startTime; }
  get initiatorType() { return this.#initiator; }
  get workerStart() { return this.#info.finalServiceWorkerStartTime; }
  get redirectStart() { return this.#info.redirectStartTime; }
  get redirectEnd() { return this.#info.redirectEndTime; }
  get fetchStart() { return this.#info.postRedirectStartTime; }
  get domainLookupStart() { return this.#info.finalConnectionTimingInfo?.domainLookupStartTime; }
  get domainLookupEnd() { return this.#info.finalConnectionTimingInfo?.domainLookupEndTime; }
  get connectStart() { return this.#info.finalConnectionTimingInfo?.connectionStartTime; }
  get connectEnd() { return this.#info.finalConnectionTimingInfo?.connectionEndTime; }
  get secureConnectionStart() { return this.#info.finalConnectionTimingInfo?.secureConnectionStartTime; }
  get nextHopProtocol() { return this.#info.finalConnectionTimingInfo?.ALPNNegotiatedProtocol; }
  get requestStart() { return this.#info.finalNetworkRequestStartTime; }
  get responseStart() { return this.#info.finalNetworkResponseStartTime; }
  get responseEnd() { return this.#info.endTime; }
  get encodedBodySize() { return this.#info.encodedBodySize; }
  get decodedBodySize() { return this.#info.decodedBodySize; }
  get transferSize() {
    if (this.#cacheMode === 'local') return 0;
    if (this.#cacheMode === 'validated') return 300;
    return this.#info.encodedBodySize + 300;
  }
  toJSON() {
    return {
      name: this.name, entryType: this.entryType, startTime: this.startTime, duration: this.duration,
      initiatorType: this.initiatorType, nextHopProtocol: this.nextHopProtocol, workerStart: this.workerStart,
      redirectStart: this.redirectStart, redirectEnd: this.redirectEnd, fetchStart: this.fetchStart,
      domainLookupStart: this.domainLookupStart, domainLookupEnd: this.domainLookupEnd,
      connectStart: this.connectStart, connectEnd: this.connectEnd,
      secureConnectionStart: this.secureConnectionStart, requestStart: this.requestStart,
      responseStart: this.responseStart, responseEnd: this.responseEnd, transferSize: this.transferSize,
      encodedBodySize: this.encodedBodySize, decodedBodySize: this.decodedBodySize,
    };
  }
}
for (const C of [PerformanceEntry, PerformanceMark, PerformanceMeasure, PerformanceResourceTiming]) {
  Object.defineProperty(C.prototype, Symbol.toStringTag, { value: C.name, configurable: true });
}
Object.defineProperty(DetailEntry, 'name', { value: 'PerformanceEntry' });
Object.defineProperty(PerformanceNodeEntry.prototype, Symbol.toStringTag, { value: 'PerformanceEntry', configurable: true });

// ---- buffers ---------------------------------------------------------------
let marks = [], measures = [];
const markTimes = new Map();
let resources = [], resourcesPending = [], resourceLimit = 250, bufferFullPending = false;

function byStart(list) {
  return list.sort((a, b) => a.startTime - b.startTime);
}
function filterEntries(name, type) {
  let list;
  if (type === 'mark') list = marks;
  else if (type === 'measure') list = measures;
  else if (type === 'resource') list = resources;
  else if (type !== undefined) list = [];
  else list = [...marks, ...measures, ...resources];
  if (name !== undefined) list = list.filter((e) => e.name === name);
  else if (type !== undefined) list = list.slice();
  return byStart(list);
}
function bufferUserTiming(e) {
  if (e.entryType === 'mark') {
    marks.push(e);
    markTimes.set(e.name, e.startTime);
  } else measures.push(e);
}
// The W3C resource timing buffer: entries past the limit wait in a secondary
// buffer; an immediate fires 'resourcetimingbufferfull' (listeners may clear
// or grow the buffer) and moves what fits.
function bufferResource(e) {
  if (resources.length < resourceLimit && !bufferFullPending) {
    resources.push(e);
    return;
  }
  if (!bufferFullPending) {
    bufferFullPending = true;
    setImmediate(() => {
      while (resourcesPending.length > 0) {
        const before = resourcesPending.length;
        if (resources.length >= resourceLimit) performance.dispatchEvent(new Event('resourcetimingbufferfull'));
        while (resourcesPending.length > 0 && resources.length < resourceLimit) resources.push(resourcesPending.shift());
        if (before <= resourcesPending.length) resourcesPending = [];
      }
      bufferFullPending = false;
    });
  }
  resourcesPending.push(e);
}

// ---- observers -------------------------------------------------------------
const supportedEntryTypes = Object.freeze(['dns', 'function', 'gc', 'http', 'http2', 'mark', 'measure', 'net', 'resource']);
// Node's observerCounts, indexed by its NODE_PERFORMANCE_ENTRY_TYPE_* values
const entryTypeIndex = { gc: 0, http: 1, http2: 2, net: 3, dns: 4 };
const observerCounts = new Uint32Array(5);
const observers = new Set();
const pending = new Set();
let dispatchQueued = false;

function countObserver(type, delta) {
  const i = entryTypeIndex[type];
  if (i === undefined) return;
  observerCounts[i] += delta;
  if (i === 0) binding.gcObserved(observerCounts[0] > 0);
}
function queueDispatch() {
  if (dispatchQueued) return;
  dispatchQueued = true;
  setImmediate(() => {
    dispatchQueued = false;
    const list = [...pending];
    pending.clear();
    for (const o of list) o[kDispatch]();
  });
}
function enqueue(entry) {
  for (const o of observers) o[kMaybeBuffer](entry);
}
internal.perfOnGc = (start, duration) => {
  const { NODE_PERFORMANCE_GC_MAJOR: kind, NODE_PERFORMANCE_GC_FLAGS_FORCED: flags } = constants;
  const e = nodeEntry('gc', 'gc', start, duration, { kind, flags });
  // Node's deprecated (DEP0152) direct fields
  Object.defineProperties(e, { kind: { value: kind, enumerable: true }, flags: { value: flags, enumerable: true } });
  enqueue(e);
};

class PerformanceObserverEntryList {
  #entries;
  constructor(skip = undefined, entries = undefined) {
    if (skip !== kSkipThrow) throw illegal();
    this.#entries = byStart(entries);
  }
  getEntries() { return this.#entries.slice(); }
  getEntriesByType(type) {
    if (arguments.length === 0) throw missingArgs('type');
    type = str(type);
    return this.#entries.filter((e) => e.entryType === type);
  }
  getEntriesByName(name, type = undefined) {
    if (arguments.length === 0) throw missingArgs('name');
    name = str(name);
    if (type !== undefined) type = str(type);
    return this.#entries.filter((e) => e.name === name && (type === undefined || e.entryType === type));
  }
  [kInspect](depth, options) { return inspectAs(this, this.#entries, depth, options); }
}

const kDispatch = Symbol('kDispatch');
const kMaybeBuffer = Symbol('kMaybeBuffer');
class PerformanceObserver {
  #callback; #buffer = []; #types = new Set(); #mode; // mode: 'single' | 'multiple'
  constructor(callback) {
    validateFunction(callback, 'callback');
    this.#callback = callback;
  }
  static get supportedEntryTypes() { return supportedEntryTypes; }
  observe(options = {}) {
    validateObject(options, 'options');
    const { entryTypes, type, buffered } = options;
    if (entryTypes === undefined && type === undefined) throw missingArgs('options.entryTypes', 'options.type');
    if (entryTypes != null && type != null) {
      throw invalidArgValue('options.entryTypes', entryTypes, 'options.entryTypes can not set with options.type together');
    }
    if (this.#mode === undefined) {
      if (entryTypes !== undefined) this.#mode = 'multiple';
      if (type !== undefined) this.#mode = 'single';
    } else if (this.#mode === 'single' && entryTypes !== undefined) {
      throw new globalThis.DOMException('PerformanceObserver can not change to multiple observations', 'InvalidModificationError');
    } else if (this.#mode === 'multiple' && type !== undefined) {
      throw new globalThis.DOMException('PerformanceObserver can not change to single observation', 'InvalidModificationError');
    }
    if (this.#mode === 'multiple') {
      if (!Array.isArray(entryTypes)) internal.throwInvalidArgType('options.entryTypes', 'string[]', entryTypes);
      for (const t of this.#types) countObserver(t, -1);
      this.#types.clear();
      for (const t of entryTypes) {
        if (supportedEntryTypes.includes(t) && !this.#types.has(t)) {
          this.#types.add(t);
          countObserver(t, 1);
        }
      }
    } else {
      if (!supportedEntryTypes.includes(type)) return;
      if (!this.#types.has(type)) {
        this.#types.add(type);
        countObserver(type, 1);
      }
      if (buffered) {
        this.#buffer.push(...filterEntries(undefined, type));
        pending.add(this);
        queueDispatch();
      }
    }
    if (this.#types.size) observers.add(this);
    else this.disconnect();
  }
  disconnect() {
    for (const t of this.#types) countObserver(t, -1);
    observers.delete(this);
    pending.delete(this);
    this.#buffer = [];
    this.#types = new Set();
    this.#mode = undefined;
  }
  takeRecords() {
    const list = this.#buffer;
    this.#buffer = [];
    return list;
  }
  [kMaybeBuffer](entry) {
    if (!this.#types.has(entry.entryType)) return;
    this.#buffer.push(entry);
    pending.add(this);
    queueDispatch();
  }
  [kDispatch]() {
    this.#callback(new PerformanceObserverEntryList(kSkipThrow, this.takeRecords()), this);
  }
  [kInspect](depth, options) {
    return inspectAs(this, {
      connected: observers.has(this), pending: pending.has(this),
      entryTypes: [...this.#types], buffer: this.#buffer,
    }, depth, options);
  }
}

// ---- user timing -----------------------------------------------------------
const milestoneNames = ['nodeStart', 'v8Start', 'environment', 'bootstrapComplete', 'loopStart', 'loopExit'];

function markTime(name) {
  if (name === undefined) return undefined;
  if (typeof name === 'number') {
    if (name < 0) throw invalidTimestamp(name);
    return name;
  }
  name = str(name);
  if (milestoneNames.includes(name)) return nodeTiming[name];
  const t = markTimes.get(name);
  if (t === undefined) throw new globalThis.DOMException(`The "${name}" performance mark has not been set`, 'SyntaxError');
  return t;
}

function startAndDuration(startOrOptions, endMark) {
  if (startOrOptions == null) startOrOptions = 0;
  let start, end, duration, optionsValid = false;
  if (typeof startOrOptions === 'object') {
    ({ start, end, duration } = startOrOptions);
    optionsValid = start !== undefined || end !== undefined;
  }
  if (optionsValid) {
    if (endMark !== undefined) throw invalidOptions('endMark must not be specified');
    if (start !== undefined && end !== undefined && duration !== undefined) {
      throw invalidOptions('Must not have options.start, options.end, and options.duration specified');
    }
  }
  if (endMark !== undefined) end = markTime(endMark);
  else if (optionsValid && end !== undefined) end = markTime(end);
  else if (optionsValid && start !== undefined && duration !== undefined) end = markTime(start) + markTime(duration);
  else end = uptimeMs();
  if (typeof startOrOptions === 'string') start = markTime(startOrOptions);
  else if (optionsValid && start !== undefined) start = markTime(start);
  else if (optionsValid && duration !== undefined && end !== undefined) start = end - markTime(duration);
  else start = 0;
  return { start, duration: end - start };
}

function mark(name, options = undefined) {
  const m = new PerformanceMark(name, options);
  enqueue(m);
  bufferUserTiming(m);
  return m;
}
function measure(name, startOrOptions = undefined, endMark = undefined) {
  if (typeof name !== 'string') internal.throwInvalidArgType('name', 'string', name);
  const { start, duration } = startAndDuration(startOrOptions, endMark);
  const m = new PerformanceMeasure(kSkipThrow, name, 'measure', start, duration);
  DetailEntry.setDetail(m, cloneDetail(startOrOptions?.detail));
  enqueue(m);
  bufferUserTiming(m);
  return m;
}
function clearByName(list, name) {
  if (name === undefined) return [];
  name = str(name);
  return list.filter((e) => e.name !== name);
}

// ---- timerify --------------------------------------------------------------
function isRecordable(h) {
  return h instanceof RecordableHistogram;
}
function timerify(fn, options = {}) {
  validateFunction(fn, 'fn');
  validateObject(options, 'options');
  const { histogram } = options;
  if (histogram !== undefined && !isRecordable(histogram)) {
    internal.throwInvalidArgType('options.histogram', 'RecordableHistogram', histogram);
  }
  const done = (start, args) => {
    const duration = uptimeMs() - start;
    if (histogram !== undefined) histogram.record(Math.ceil(duration * 1e6) || 1);
    const e = nodeEntry(fn.name, 'function', start, duration, args);
    for (let i = 0; i < args.length; i++) e[i] = args[i];
    enqueue(e);
  };
  function timerified(...args) {
    const isNew = new.target !== undefined;
    const start = uptimeMs();
    const result = isNew ? Reflect.construct(fn, args, fn) : Reflect.apply(fn, this, args);
    if (!isNew && typeof result?.finally === 'function') return result.finally(() => done(start, args));
    done(start, args);
    return result;
  }
  Object.defineProperties(timerified, {
    length: { configurable: false, enumerable: true, value: fn.length },
    name: { configurable: false, enumerable: true, value: `timerified ${fn.name}` },
  });
  return timerified;
}

// ---- nodeTiming and loop utilization -----------------------------------------
class PerformanceNodeTiming {
  constructor(skip = undefined) {
    if (skip !== kSkipThrow) throw illegal();
  }
  get name() { return 'node'; }
  get entryType() { return 'node'; }
  get startTime() { return 0; }
  get duration() { return uptimeMs(); }
  get nodeStart() { return binding.milestones()[0]; }
  get v8Start() { return binding.milestones()[1]; }
  get environment() { return binding.milestones()[2]; }
  get bootstrapComplete() { return binding.milestones()[3]; }
  get loopStart() { return binding.milestones()[4]; }
  get loopExit() { return binding.milestones()[5]; }
  get idleTime() { return binding.idleTime(); }
  [kInspect](depth, options) { return inspectAs(this, this.toJSON(), depth, options); }
  toJSON() {
    const m = binding.milestones();
    return {
      name: 'node', entryType: 'node', startTime: 0, duration: uptimeMs(),
      nodeStart: m[0], v8Start: m[1], bootstrapComplete: m[3], environment: m[2],
      loopStart: m[4], loopExit: m[5], idleTime: binding.idleTime(),
    };
  }
}
const nodeTiming = new PerformanceNodeTiming(kSkipThrow);
internal.loopUtilization = (...args) => loopUtilization(...args);

function eventLoopUtilization(util1, util2) {
  return loopUtilization(nodeTiming.loopStart, binding.idleTime, util1, util2);
}
// Node's ELU of a loop that started at loopStart (ms from timeOrigin, <= 0:
// not yet) and has been idle idleTime() ms: this thread's, or a Worker's
// (worker.performance.eventLoopUtilization, worker_threads.js)
function loopUtilization(loopStart, idleTime, util1, util2) {
  if (loopStart <= 0) return { idle: 0, active: 0, utilization: 0 };
  if (util2) {
    const idle = util1.idle - util2.idle;
    const active = util1.active - util2.active;
    return { idle, active, utilization: active / (idle + active) };
  }
  const idle = idleTime();
  const active = uptimeMs() - loopStart - idle;
  if (!util1) return { idle, active, utilization: active / (idle + active) };
  const idleDelta = idle - util1.idle;
  const activeDelta = active - util1.active;
  return { idle: idleDelta, active: activeDelta, utilization: activeDelta / (idleDelta + activeDelta) };
}

// ---- Performance -------------------------------------------------------------
let constructing = false;
let onBufferFull = null;
class Performance extends EventTarget {
  constructor() {
    if (!constructing) throw illegal();
    super();
  }
  static #check(p) {
    if (!(p instanceof Performance)) internal.throwInvalidArgType('this', 'Performance', p);
  }
  clearMarks(name = undefined) {
    Performance.#check(this);
    if (name === undefined) markTimes.clear();
    else markTimes.delete(str(name));
    marks = clearByName(marks, name);
  }
  clearMeasures(name = undefined) {
    Performance.#check(this);
    measures = clearByName(measures, name);
  }
  clearResourceTimings(name = undefined) {
    Performance.#check(this);
    resources = clearByName(resources, name);
  }
  getEntries() {
    Performance.#check(this);
    return filterEntries();
  }
  getEntriesByName(name, type = undefined) {
    Performance.#check(this);
    if (arguments.length === 0) throw missingArgs('name');
    return filterEntries(str(name), type === undefined ? undefined : str(type));
  }
  getEntriesByType(type) {
    Performance.#check(this);
    if (arguments.length === 0) throw missingArgs('type');
    return filterEntries(undefined, str(type));
  }
  mark(name, options = undefined) {
    Performance.#check(this);
    if (arguments.length === 0) throw missingArgs('name');
    return mark(name, options);
  }
  measure(name, startOrOptions = undefined, endMark = undefined) {
    Performance.#check(this);
    if (arguments.length === 0) throw missingArgs('name');
    return measure(name, startOrOptions, endMark);
  }
  now() {
    Performance.#check(this);
    return uptimeMs();
  }
  // WebIDL unsigned long: non-numbers and non-finite values are 0
  setResourceTimingBufferSize(maxSize) {
    Performance.#check(this);
    if (arguments.length === 0) throw missingArgs('maxSize');
    const n = Number(typeof maxSize === 'symbol' ? NaN : maxSize);
    resourceLimit = Number.isFinite(n) ? ((Math.trunc(n) % 4294967296) + 4294967296) % 4294967296 : 0;
  }
  get timeOrigin() {
    Performance.#check(this);
    return timeOrigin;
  }
  toJSON() {
    Performance.#check(this);
    return { nodeTiming: this.nodeTiming, timeOrigin: this.timeOrigin, eventLoopUtilization: this.eventLoopUtilization() };
  }
  [kInspect](depth, options) {
    return inspectAs(this, { nodeTiming: this.nodeTiming, timeOrigin: this.timeOrigin }, depth, options);
  }
}
Object.defineProperties(Performance.prototype, {
  eventLoopUtilization: { value: eventLoopUtilization, writable: true, configurable: true, enumerable: true },
  nodeTiming: { value: nodeTiming, writable: true, configurable: true, enumerable: true },
  markResourceTiming: {
    value: function markResourceTiming(timingInfo, requestedUrl, initiatorType, global, cacheMode) {
      const r = PerformanceResourceTiming.make(timingInfo, requestedUrl, initiatorType, cacheMode);
      enqueue(r);
      bufferResource(r);
      return r;
    },
    writable: true, configurable: true, enumerable: true,
  },
  timerify: { value: timerify, writable: true, configurable: true, enumerable: true },
  onresourcetimingbufferfull: {
    get() { return onBufferFull; },
    set(fn) {
      if (onBufferFull) this.removeEventListener('resourcetimingbufferfull', onBufferFull);
      onBufferFull = typeof fn === 'function' || (fn !== null && typeof fn === 'object') ? fn : null;
      if (onBufferFull) this.addEventListener('resourcetimingbufferfull', onBufferFull);
    },
    configurable: true, enumerable: true,
  },
  [Symbol.toStringTag]: { value: 'Performance', configurable: true },
});
constructing = true;
const performance = new Performance();
constructing = false;

// ---- histograms -------------------------------------------------------------
const kHandle = Symbol('kHandle');
// Node's internal Map subclass: percentiles print as `SafeMap(n) [Map] {...}`
class SafeMap extends Map {}
function checkPercentile(p) {
  validateNumber(p, 'percentile');
  if (!(p > 0 && p <= 100)) throw internal.validators.outOfRange('percentile', '> 0 && <= 100', p);
}
function checkHistogram(h, what = 'Histogram') {
  if (!(h instanceof Histogram)) throw internal.makeNodeError(TypeError, 'ERR_INVALID_THIS', `Value of "this" must be of type ${what}`);
  return h[kHandle];
}
class Histogram {
  constructor(skip = undefined, handle = undefined) {
    if (skip !== kSkipThrow) throw illegal();
    this[kHandle] = handle;
  }
  get count() { return binding.histGet(checkHistogram(this), 0, false); }
  get countBigInt() { return binding.histGet(checkHistogram(this), 0, true); }
  get min() { return binding.histGet(checkHistogram(this), 1, false); }
  get minBigInt() { return binding.histGet(checkHistogram(this), 1, true); }
  get max() { return binding.histGet(checkHistogram(this), 2, false); }
  get maxBigInt() { return binding.histGet(checkHistogram(this), 2, true); }
  get exceeds() { return binding.histGet(checkHistogram(this), 3, false); }
  get exceedsBigInt() { return binding.histGet(checkHistogram(this), 3, true); }
  get mean() { return binding.histGet(checkHistogram(this), 4, false); }
  get stddev() { return binding.histGet(checkHistogram(this), 5, false); }
  percentile(percentile) {
    const h = checkHistogram(this);
    checkPercentile(percentile);
    return binding.histPercentile(h, percentile, false);
  }
  percentileBigInt(percentile) {
    const h = checkHistogram(this);
    checkPercentile(percentile);
    return binding.histPercentile(h, percentile, true);
  }
  #percentiles(big) {
    const flat = binding.histPercentiles(checkHistogram(this), big);
    const map = new SafeMap();
    for (let i = 0; i < flat.length; i += 2) map.set(flat[i], flat[i + 1]);
    return map;
  }
  get percentiles() { return this.#percentiles(false); }
  get percentilesBigInt() { return this.#percentiles(true); }
  reset() { binding.histReset(checkHistogram(this)); }
  [kInspect](depth, options) {
    return inspectAs(this, {
      min: this.min, max: this.max, mean: this.mean, exceeds: this.exceeds, stddev: this.stddev,
      count: this.count, percentiles: this.percentiles,
    }, depth, options, 'Histogram');
  }
  toJSON() {
    return {
      count: this.count, min: this.min, max: this.max, mean: this.mean, exceeds: this.exceeds,
      stddev: this.stddev, percentiles: Object.fromEntries(this.percentiles),
    };
  }
}
Object.defineProperty(Histogram.prototype[kInspect], 'name', { value: '[nodejs.util.inspect.custom]' });
// structured clone / postMessage: the copy shares the recorded data (Node
// clones the handle); an IntervalHistogram's copy is a plain Histogram
const kClone = internal.kClone || (internal.kClone = Symbol('kClone'));
Histogram.prototype[kClone] = function () {
  const Ctor = this instanceof RecordableHistogram ? RecordableHistogram : Histogram;
  return new Ctor(kSkipThrow, this[kHandle]);
};

class RecordableHistogram extends Histogram {
  constructor(skip = undefined, handle = undefined) {
    if (skip !== kSkipThrow) throw illegal();
    super(skip, handle);
  }
  record(val) {
    const h = checkHistogram(this, 'RecordableHistogram');
    if (typeof val !== 'bigint') validateInteger(val, 'val', 1);
    binding.histRecord(h, val);
  }
  recordDelta() { binding.histRecordDelta(checkHistogram(this, 'RecordableHistogram')); }
  add(other) {
    const h = checkHistogram(this, 'RecordableHistogram');
    if (!(other instanceof RecordableHistogram)) internal.throwInvalidArgType('other', 'RecordableHistogram', other);
    binding.histAdd(h, other[kHandle]);
  }
}

class IntervalHistogram extends Histogram {
  #resolution;
  constructor(skip = undefined, handle = undefined, resolution = undefined) {
    if (skip !== kSkipThrow) throw illegal();
    super(skip, handle);
    this.#resolution = resolution;
  }
  enable() { return binding.eldStart(checkHistogram(this, 'IntervalHistogram'), this.#resolution); }
  disable() { return binding.eldStop(checkHistogram(this, 'IntervalHistogram')); }
}

function createHistogram(options = {}) {
  validateObject(options, 'options');
  const { lowest = 1, highest = Number.MAX_SAFE_INTEGER, figures = 3 } = options;
  if (typeof lowest !== 'bigint') validateInteger(lowest, 'options.lowest', 1, Number.MAX_SAFE_INTEGER);
  if (typeof highest !== 'bigint') {
    validateInteger(highest, 'options.highest', 2 * Number(lowest), Number.MAX_SAFE_INTEGER);
  } else if (highest < 2n * BigInt(lowest)) {
    throw internal.makeNodeError(RangeError, 'ERR_INVALID_ARG_VALUE', invalidArgValue('options.highest', highest).message);
  }
  validateInteger(figures, 'options.figures', 1, 5);
  return new RecordableHistogram(kSkipThrow, binding.histNew(lowest, highest, figures));
}

function monitorEventLoopDelay(options = {}) {
  validateObject(options, 'options');
  const { resolution = 10 } = options;
  validateInteger(resolution, 'options.resolution', 1);
  return new IntervalHistogram(kSkipThrow, binding.histNew(1, Number.MAX_SAFE_INTEGER, 3), resolution);
}

const constants = {
  NODE_PERFORMANCE_GC_MAJOR: 4,
  NODE_PERFORMANCE_GC_MINOR: 1,
  NODE_PERFORMANCE_GC_INCREMENTAL: 8,
  NODE_PERFORMANCE_GC_WEAKCB: 16,
  NODE_PERFORMANCE_GC_FLAGS_NO: 0,
  NODE_PERFORMANCE_GC_FLAGS_CONSTRUCT_RETAINED: 2,
  NODE_PERFORMANCE_GC_FLAGS_FORCED: 4,
  NODE_PERFORMANCE_GC_FLAGS_SYNCHRONOUS_PHANTOM_PROCESSING: 8,
  NODE_PERFORMANCE_GC_FLAGS_ALL_AVAILABLE_GARBAGE: 16,
  NODE_PERFORMANCE_GC_FLAGS_ALL_EXTERNAL_MEMORY: 32,
  NODE_PERFORMANCE_GC_FLAGS_SCHEDULE_IDLE: 64,
};

internal.perfHooks = {
  Performance, PerformanceEntry, PerformanceMark, PerformanceMeasure, PerformanceObserver,
  PerformanceObserverEntryList, PerformanceResourceTiming, monitorEventLoopDelay, createHistogram,
  performance, constants,
};
// internalBinding('performance') under --expose-internals (Node's tests)
internal.perfBinding = () => {
  Object.assign(constants, { NODE_PERFORMANCE_ENTRY_TYPE_GC: 0, NODE_PERFORMANCE_ENTRY_TYPE_HTTP: 1,
    NODE_PERFORMANCE_ENTRY_TYPE_HTTP2: 2, NODE_PERFORMANCE_ENTRY_TYPE_NET: 3, NODE_PERFORMANCE_ENTRY_TYPE_DNS: 4 });
  return { observerCounts, constants };
};
internal.perfNow = uptimeMs;
// Node's hasObserver / startPerf+stopPerf for the 'dns', 'net' and 'http'
// entries the network modules make
internal.perfObserved = (type) => observerCounts[entryTypeIndex[type]] > 0;
internal.perfEntry = (name, type, start, detail) => enqueue(nodeEntry(name, type, start, uptimeMs() - start, detail));
