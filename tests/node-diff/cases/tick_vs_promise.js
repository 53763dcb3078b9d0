// nextTick callbacks run before promise reactions and queueMicrotask callbacks.
Promise.resolve().then(() => console.log('promise'));
queueMicrotask(() => console.log('queueMicrotask'));
process.nextTick(() => console.log('tick'));
console.log('sync');
