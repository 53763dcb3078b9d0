'use strict';
// A setTimeout(0) chain: each callback schedules the next. Bound by the
// 1 ms timer clamp in both node and weft, so expect ~1e6 ns/op; the one row
// with N < 1e6 (1e6 would take ~20 minutes per process).
// Usage: weft run settimeout0.js [iterations=2e4] (warm-up: lib/harness.js)
require('./lib/harness.js')(2e4, (n, done) => {
  let cntr = 0;
  function runner() {
    if (++cntr >= n) return done();
    setTimeout(runner, 0);
  }
  setTimeout(runner, 0);
});
