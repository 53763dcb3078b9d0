// tick -> microtask -> tick -> microtask chains alternate between the queues.
process.nextTick(() => {
  console.log('t1');
  Promise.resolve().then(() => {
    console.log('p-from-t1');
    process.nextTick(() => {
      console.log('t-from-p');
      queueMicrotask(() => console.log('m-from-t-from-p'));
    });
  });
});
process.nextTick(() => console.log('t2'));
Promise.resolve().then(() => console.log('p0'));
setTimeout(() => console.log('timeout'), 0);
