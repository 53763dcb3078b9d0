// Microtasks queued synchronously by the main script run after all ticks,
// in order; ticks queued during that drain run after the drain.
queueMicrotask(() => console.log('m1'));
process.nextTick(() => {
  console.log('t1');
  queueMicrotask(() => console.log('m-from-t1'));
});
queueMicrotask(() => {
  console.log('m2');
  process.nextTick(() => console.log('t-from-m2'));
});
process.nextTick(() => console.log('t2'));
