// require('process') is the global process object.
console.log(require('process') === process);
console.log(globalThis.process === process, typeof process);
console.log(typeof process.nextTick, typeof process.exit, typeof process.on);
