// Throw in the main script with a handler: the rest of the script is skipped,
// but already-scheduled ticks, microtasks and timers still run.
process.on('uncaughtException', (e, origin) => console.log('handler', e.message, origin));
process.on('exit', (c) => console.log('exit', c));
setTimeout(() => console.log('timeout'), 1);
process.nextTick(() => console.log('tick'));
Promise.resolve().then(() => console.log('promise'));
console.log('before throw');
throw new Error('main');
console.log('NEVER');
