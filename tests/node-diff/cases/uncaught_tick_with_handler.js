// A throwing nextTick with a handler: the handler runs, then the remaining
// ticks and microtasks still run; exit code 0.
process.on('uncaughtException', (e, origin) => console.log('handler', e.message, origin));
process.on('exit', (c) => console.log('exit', c));
process.nextTick(() => {
  console.log('t1');
  throw new Error('x');
});
process.nextTick(() => console.log('t2'));
Promise.resolve().then(() => console.log('promise'));
setTimeout(() => console.log('timeout'), 0);
console.log('main');
