// A tick queued from a microtask runs only after the microtask queue is empty.
Promise.resolve().then(() => {
  console.log('p1');
  process.nextTick(() => console.log('tick from p1'));
  Promise.resolve().then(() => console.log('p1.1'));
});
Promise.resolve().then(() => console.log('p2'));
queueMicrotask(() => {
  console.log('m3');
  queueMicrotask(() => console.log('m3.1'));
});
