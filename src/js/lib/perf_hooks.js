// perf_hooks.js: the global `performance` and require('perf_hooks') as Node
// 20 has them for user timing: now() and timeOrigin (from process start),
// mark/measure with PerformanceMark/PerformanceMeasure entries,
// getEntries/ByName/ByType, clearMarks/clearMeasures, timerify, toJSON.
// Loaded on first use of `performance`.
'use strict';

const uptimeMs = () => natives.uptime() * 1000;
const timeOrigin = Date.now() - uptimeMs();
const entries = [];

function checkName(name) {
  if (name === undefined) {
    throw internal.makeNodeError(TypeError, 'ERR_MISSING_ARGS', 'The "name" argument must be specified');
  }
  return `${name}`;
}

class PerformanceEntry {
  #name; #type; #start; #duration; #detail;
  constructor(name, type, start, duration, detail) {
    if (arguments.length === 0 || typeof type !== 'string') {
      const err = new TypeError('Illegal constructor');
      err.code = 'ERR_ILLEGAL_CONSTRUCTOR';
      throw err;
    }
    this.#name = name;
    this.#type = type;
    this.#start = start;
    this.#duration = duration;
    this.#detail = detail;
  }
  get name() { return this.#name; }
  get entryType() { return this.#type; }
  get startTime() { return this.#start; }
  get duration() { return this.#duration; }
  get detail() { return this.#detail; }
  toJSON() {
    return { name: this.name, entryType: this.entryType, startTime: this.startTime, duration: this.duration, detail: this.detail };
  }
}
class PerformanceMark extends PerformanceEntry {
  constructor(name, options = undefined) {
    name = checkName(name);
    if (options != null && typeof options !== 'object') internal.throwInvalidArgType('options', 'Object', options);
    const start = options && options.startTime !== undefined ? options.startTime : uptimeMs();
    if (typeof start !== 'number') internal.throwInvalidArgType('options.startTime', 'number', start);
    if (start < 0) {
      throw internal.makeNodeError(RangeError, 'ERR_PERFORMANCE_INVALID_TIMESTAMP', `${start} is not a valid timestamp`);
    }
    const detail = options && options.detail !== undefined ? structuredClone(options.detail) : null;
    super(name, 'mark', start, 0, detail);
  }
}
class PerformanceMeasure extends PerformanceEntry {}
for (const C of [PerformanceEntry, PerformanceMark, PerformanceMeasure]) {
  Object.defineProperty(C.prototype, Symbol.toStringTag, { value: C.name, configurable: true });
}

function markTime(nameOrTime, what) {
  if (nameOrTime === undefined) return undefined;
  if (typeof nameOrTime === 'number') {
    if (nameOrTime < 0) {
      throw internal.makeNodeError(RangeError, 'ERR_PERFORMANCE_INVALID_TIMESTAMP', `${nameOrTime} is not a valid timestamp`);
    }
    return nameOrTime;
  }
  for (let i = entries.length - 1; i >= 0; i--) {
    if (entries[i].entryType === 'mark' && entries[i].name === nameOrTime) return entries[i].startTime;
  }
  const err = new globalThis.DOMException(`The "${nameOrTime}" performance mark has not been set`, 'SyntaxError');
  err.what = what;
  throw err;
}

const performance = {
  now: () => uptimeMs(),
  get timeOrigin() { return timeOrigin; },
  mark(name, options) {
    const m = new PerformanceMark(name, options);
    entries.push(m);
    return m;
  },
  measure(name, startOrOptions, endMark) {
    name = checkName(name);
    let start, end, detail = null;
    if (startOrOptions !== null && typeof startOrOptions === 'object') {
      const o = startOrOptions;
      start = markTime(o.start, 'start');
      end = o.end !== undefined ? markTime(o.end, 'end') : undefined;
      if (o.duration !== undefined) {
        if (end === undefined) end = (start ?? 0) + o.duration;
        else if (start === undefined) start = end - o.duration;
      }
      if (o.detail !== undefined) detail = structuredClone(o.detail);
    } else {
      start = markTime(startOrOptions, 'start');
      end = markTime(endMark, 'end');
    }
    if (start === undefined) start = 0;
    if (end === undefined) end = uptimeMs();
    const m = new PerformanceMeasure(name, 'measure', start, end - start, detail);
    entries.push(m);
    return m;
  },
  clearMarks(name) { clear('mark', name); },
  clearMeasures(name) { clear('measure', name); },
  // as Node: in startTime order
  getEntries: () => byStart(entries.slice()),
  getEntriesByName: (name, type) => byStart(entries.filter((e) => e.name === `${name}` && (type === undefined || e.entryType === type))),
  getEntriesByType: (type) => byStart(entries.filter((e) => e.entryType === type)),
  timerify(fn) {
    if (typeof fn !== 'function') internal.throwInvalidArgType('fn', 'function', fn);
    function timerified(...args) {
      return new.target ? Reflect.construct(fn, args, new.target) : Reflect.apply(fn, this, args);
    }
    Object.defineProperty(timerified, 'name', { value: `timerified ${fn.name}`, configurable: true });
    Object.defineProperty(timerified, 'length', { value: fn.length, configurable: true });
    return timerified;
  },
  toJSON() {
    return { timeOrigin, eventLoopUtilization: undefined, nodeTiming: undefined };
  },
};
function byStart(list) {
  return list.sort((a, b) => a.startTime - b.startTime);
}
function clear(type, name) {
  for (let i = entries.length - 1; i >= 0; i--) {
    if (entries[i].entryType === type && (name === undefined || entries[i].name === `${name}`)) entries.splice(i, 1);
  }
}
Object.defineProperty(performance, Symbol.toStringTag, { value: 'Performance', configurable: true });

internal.perfHooks = {
  performance, PerformanceEntry, PerformanceMark, PerformanceMeasure,
  constants: {},
};
internal.perfNow = performance.now;
