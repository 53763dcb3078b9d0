// globals.js: the globals a Node script expects (process, global,
// queueMicrotask, structuredClone...), installed last.
function def(name, value) {
  Object.defineProperty(globalThis, name, { value, writable: true, configurable: true, enumerable: false });
}
def('global', globalThis);
def('process', internal.process);
def('queueMicrotask', natives.queueMicrotask);
Object.defineProperty(natives.queueMicrotask, 'name', { value: 'queueMicrotask' });
Object.defineProperty(natives.nextTick, 'name', { value: 'nextTick' });
if (typeof globalThis.structuredClone !== 'function') {
  def('structuredClone', (v) => (v === undefined ? undefined : JSON.parse(JSON.stringify(v))));
}
// Node 20 gives the explicit-resource-management symbols before engines do.
for (const [name, key] of [['dispose', 'nodejs.dispose'], ['asyncDispose', 'nodejs.asyncDispose']]) {
  if (typeof Symbol[name] !== 'symbol') {
    Object.defineProperty(Symbol, name, { value: Symbol.for(key), writable: false, enumerable: false, configurable: false });
  }
}
