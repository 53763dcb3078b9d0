// Ticks, microtasks and timers queued inside an 'exit' listener never run.
process.on('exit', (code) => {
  console.log('exit', code);
  process.nextTick(() => console.log('tick in exit NEVER'));
  setTimeout(() => console.log('timeout in exit NEVER'), 0);
  setImmediate(() => console.log('immediate in exit NEVER'));
});
process.on('exit', () => console.log('second exit listener'));
console.log('main');
