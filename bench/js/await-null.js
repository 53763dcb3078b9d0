'use strict';
// `await null` in a loop (the "await null chain" row). Reports ns per await.
// Usage: weft run await-null.js [iterations=1e6] (warm-up: lib/harness.js)
async function loop(n) {
  for (let i = 0; i < n; i++) await null;
}

require('./lib/harness.js')(1e6, (n, done) => { loop(n).then(done); });
