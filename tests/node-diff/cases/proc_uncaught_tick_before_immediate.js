// A nextTick that throws in the main script's drain, handled by
// 'uncaughtException': a tick the handler queues runs before the first
// immediate (Node drains the leftover ticks when the check phase's native
// immediates scope closes), and so does a microtask.
process.nextTick(() => { throw new Error('tick throw'); });
process.on('uncaughtException', (e) => {
  console.log('uncaught', e.message);
  process.nextTick(() => console.log('tick queued by the handler'));
  Promise.resolve().then(() => console.log('microtask queued by the handler'));
});
setImmediate(() => console.log('immediate'));
setImmediate(() => console.log('immediate 2'));
