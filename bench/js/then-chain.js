'use strict';
// A prebuilt chain `p = p.then(inc)` of N links on a pending promise, then
// settled: ns per link (building + settling). The runner also reports the
// process's peak RSS, which this row is about (N pending reactions at once).
// Usage: weft run then-chain.js [links=1e6] (warm-up: lib/harness.js)
function inc(x) { return x + 1; }

require('./lib/harness.js')(1e6, (n, done) => {
  let resolve;
  let p = new Promise((r) => { resolve = r; });
  for (let i = 0; i < n; i++) p = p.then(inc);
  p.then(done);
  resolve(0);
});
