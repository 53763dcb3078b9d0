// Ticks queued by ticks go to the back of the tick queue (FIFO) and all
// ticks run before any microtask.
Promise.resolve().then(() => console.log('promise'));
process.nextTick(() => {
  console.log('tick1');
  process.nextTick(() => {
    console.log('tick1.1');
    process.nextTick(() => console.log('tick1.1.1'));
  });
  process.nextTick(() => console.log('tick1.2'));
});
process.nextTick(() => console.log('tick2'));
console.log('sync');
