// In an ES module, the main body runs inside a microtask, so promise
// reactions run before nextTick callbacks.
process.nextTick(() => console.log('tick'));
Promise.resolve().then(() => console.log('promise'));
queueMicrotask(() => console.log('microtask'));
console.log('sync');
