// The same from a timer's tick: the handler's tick runs before the
// immediate the timer queued.
setTimeout(() => {
  process.nextTick(() => { throw new Error('from a timer tick'); });
  setImmediate(() => console.log('immediate'));
}, 1);
process.on('uncaughtException', (e) => {
  console.log('uncaught', e.message);
  process.nextTick(() => console.log('tick queued by the handler'));
});
