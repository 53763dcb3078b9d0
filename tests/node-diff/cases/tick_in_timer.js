// Ticks and microtasks queued in a timer callback run before the next timer.
setTimeout(() => {
  console.log('timer1');
  Promise.resolve().then(() => console.log('timer1 promise'));
  process.nextTick(() => console.log('timer1 tick'));
}, 5);
setTimeout(() => console.log('timer2'), 5);
