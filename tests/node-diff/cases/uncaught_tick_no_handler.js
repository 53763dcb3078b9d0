// A throwing nextTick with no handler: remaining ticks never run, 'exit'
// fires with code 1, process exits 1.
process.on('exit', (c) => console.log('exit', c, process.exitCode));
process.nextTick(() => {
  console.log('t1');
  throw new Error('x');
});
process.nextTick(() => console.log('t2 NEVER'));
Promise.resolve().then(() => console.log('promise NEVER'));
setTimeout(() => console.log('timeout NEVER'), 0);
console.log('main');
