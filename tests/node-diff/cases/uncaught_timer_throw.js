// A timer throws with a handler installed: ticks it queued still run, later
// timers still run.
process.on('uncaughtException', (e) => console.log('handler', e.message));
setTimeout(() => {
  console.log('timer A');
  process.nextTick(() => console.log('tick from A'));
  throw new Error('A failed');
}, 5);
setTimeout(() => console.log('timer B'), 20);
setTimeout(() => console.log('timer C'), 30);
process.on('exit', (c) => console.log('exit', c));
