// The order Node.js runs things in, reproduced by weft: nextTicks before
// microtasks, per-callback draining between timers and immediates.
const log = (s) => console.log(s);
log('1 main script');
setTimeout(() => {
  log('6 timeout A');
  process.nextTick(() => log('7 tick queued by timeout A (runs before timeout B)'));
  Promise.resolve().then(() => log('8 microtask queued by timeout A'));
}, 0);
setTimeout(() => log('9 timeout B'), 0);
setTimeout(() => {
  setImmediate(() => log('11 immediate (inside a timer: always before the next timer)'));
  setTimeout(() => log('12 timeout D'), 0);
  log('10 timeout C');
}, 5);
Promise.resolve().then(() => {
  log('4 microtask');
  process.nextTick(() => log('5 tick queued by a microtask'));
});
process.nextTick(() => log('3 nextTick'));
log('2 main script ends');
