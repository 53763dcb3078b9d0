// globals.js: the globals a Node script expects (process, global,
// queueMicrotask, structuredClone...), installed last.
function def(name, value) {
  Object.defineProperty(globalThis, name, { value, writable: true, configurable: true, enumerable: false });
}
def('global', globalThis);
// process and console are made on first use (errors.js, console.js).
// `process` is an accessor pair on globalThis (as in Node) until its first
// read, then a data property (tasks.c: read without a getter call).
Object.defineProperty(globalThis, 'process', {
  get: natives.processGetter, // internal.process, from C (tasks.c)
  set(v) { def('process', v); },
  configurable: true, enumerable: false,
});
Object.defineProperty(globalThis, 'console', {
  get() { natives.loadLib('console'); return globalThis.console; },
  set(v) { natives.loadLib('console'); def('console', v); },
  configurable: true, enumerable: false,
});
def('queueMicrotask', natives.queueMicrotask);
Object.defineProperty(natives.queueMicrotask, 'name', { value: 'queueMicrotask' });
Object.defineProperty(natives.nextTick, 'name', { value: 'nextTick' });
if (typeof globalThis.structuredClone !== 'function') {
  // structured_clone.js loads on the first call
  def('structuredClone', function structuredClone(value, options) {
    if (!internal.structuredClone) natives.loadLib('structured_clone');
    return Reflect.apply(internal.structuredClone, undefined, arguments);
  });
}
// Node 20 gives the explicit-resource-management symbols before engines do.
for (const [name, key] of [['dispose', 'nodejs.dispose'], ['asyncDispose', 'nodejs.asyncDispose']]) {
  if (typeof Symbol[name] !== 'symbol') {
    Object.defineProperty(Symbol, name, { value: Symbol.for(key), writable: false, enumerable: false, configurable: false });
  }
}
// Globals from files of their own, loaded on first use: internal[key]
// holds the file's exports once it has run. As in Node, most are accessor
// pairs until first used (then data properties, keeping their
// enumerability); the ones Node has as data properties from the start
// (`dataNames`) are data properties whose value is made on first use
// (natives.defineLazy, deps/patches/0068).
const dataNames = new Set(['Event', 'CustomEvent', 'EventTarget', 'URL', 'URLSearchParams']);
const enumerableNames = new Set(['atob', 'btoa', 'performance', 'crypto']);
function lazyGlobals(names, lib, key) {
  const value = (n) => {
    if (!internal[key]) natives.loadLib(lib);
    return internal[key][n];
  };
  const make = function (name) { return value(name); };
  const settle = (n, v) => Object.defineProperty(globalThis, n, { value: v, writable: true });
  for (const n of names) {
    if (Object.getOwnPropertyDescriptor(globalThis, n)) continue;
    if (dataNames.has(n)) {
      natives.defineLazy(globalThis, n, make);
      continue;
    }
    // one function as getter and as setter (a setter call has an argument)
    const access = function (v) {
      if (arguments.length) {
        settle(n, v);
        return;
      }
      const got = value(n);
      const d = Object.getOwnPropertyDescriptor(globalThis, n);
      if (d && d.get === access) settle(n, got);
      return got;
    };
    Object.defineProperty(globalThis, n, {
      configurable: true, enumerable: enumerableNames.has(n), get: access, set: access,
    });
  }
}
lazyGlobals(['Event', 'CustomEvent', 'EventTarget', 'AbortController', 'AbortSignal', 'DOMException'],
  'event_target', 'webEvents');
lazyGlobals(['TextEncoder', 'TextDecoder', 'atob', 'btoa'], 'encoding', 'encoding');
lazyGlobals(['performance', 'Performance', 'PerformanceEntry', 'PerformanceMark', 'PerformanceMeasure',
  'PerformanceObserver', 'PerformanceObserverEntryList', 'PerformanceResourceTiming'], 'perf_hooks', 'perfHooks');
lazyGlobals(['Buffer'], 'buffer', 'bufferModule');
lazyGlobals(['crypto', 'Crypto', 'CryptoKey', 'SubtleCrypto'], 'crypto', 'cryptoGlobals');
lazyGlobals(['URL', 'URLSearchParams'], 'url_whatwg', 'whatwgURL');
lazyGlobals(['MessageChannel', 'MessagePort', 'MessageEvent', 'BroadcastChannel'], 'worker_threads', 'messaging');
// Intl: a lazy data property made in C (src/js/intl.c, weft__js_intl_init)
// QuickJS has three ES2024 built-ins that Node 20's V8 does not (Node 21
// added them): `weft run` leaves them out, so scripts that feature-detect
// take Node 20's path. Resources keep them (FiveM's newer Node has them).
if (!natives.host) {
  delete Object.groupBy;
  delete Map.groupBy;
  delete Promise.withResolvers;
}
