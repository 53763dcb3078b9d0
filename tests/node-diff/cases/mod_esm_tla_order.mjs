// Top-level await ordering vs ticks, microtasks and timers in a module.
console.log('start');
process.nextTick(() => console.log('tick'));
Promise.resolve().then(() => console.log('microtask'));
setTimeout(() => console.log('timeout'), 0);
await null;
console.log('after await null');
await new Promise((r) => setTimeout(r, 10));
console.log('after timer await');
