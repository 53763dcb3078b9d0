// Globals available in ES modules.
console.log(typeof setTimeout, typeof setImmediate, typeof process, typeof queueMicrotask);
setImmediate(() => console.log('immediate'));
