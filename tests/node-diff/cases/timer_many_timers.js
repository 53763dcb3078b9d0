// 200 timers with the same delay fire in insertion order.
const seen = [];
for (let i = 0; i < 200; i++) setTimeout(() => seen.push(i), 2);
setTimeout(() => {
  let ok = seen.length === 200;
  for (let i = 0; i < seen.length; i++) if (seen[i] !== i) ok = false;
  console.log('in order:', ok, seen.length);
}, 2);
