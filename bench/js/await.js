'use strict';
// An async function awaiting a non-promise value (odd iterations) or an
// already-resolved promise (even iterations) in a loop. Reports ns per await.
// Usage: weft run await.js [iterations=1e6]
const ITER = Number(process.argv[2]) || 1e6;
const resolved = Promise.resolve(1);

async function loop(n) {
  let sum = 0;
  for (let i = 0; i < n; i++) {
    sum += (i & 1) ? await i : await resolved;
  }
  return sum;
}

const start = process.hrtime.bigint();
loop(ITER).then(() => {
  const ns = Number(process.hrtime.bigint() - start);
  console.log('RESULT ' + (ns / ITER).toFixed(1));
});
