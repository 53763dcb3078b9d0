// An immediate throws with a handler installed: remaining immediates still run.
process.on('uncaughtException', (e) => console.log('handler', e.message));
setImmediate(() => {
  console.log('immediate A');
  process.nextTick(() => console.log('tick from A'));
  throw new Error('A failed');
});
setImmediate(() => console.log('immediate B'));
setImmediate(() => console.log('immediate C'));
process.on('exit', (c) => console.log('exit', c));
