// Ticks queued by an interval callback run before its next run.
let n = 0;
const iv = setInterval(() => {
  n++;
  console.log('interval', n);
  process.nextTick(() => console.log('tick', n));
  if (n === 3) clearInterval(iv);
}, 1);
