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
