'use strict';
// An async function awaiting a non-promise value (odd iterations) or an
// already-resolved promise (even iterations) in a loop. Reports ns per await.
// Usage: weft run await.js [iterations=1e6] (warm-up: lib/harness.js)
const resolved = Promise.resolve(1);

async function loop(n) {
  let sum = 0;
  for (let i = 0; i < n; i++) {
    sum += (i & 1) ? await i : await resolved;
  }
  return sum;
}

require('./lib/harness.js')(1e6, (n, done) => { loop(n).then(done); });
