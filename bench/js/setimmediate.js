'use strict';
// A setImmediate chain: each callback schedules the next (one per loop
// iteration). Reports ns per immediate.
// Usage: weft run setimmediate.js [iterations=1e6] (warm-up: lib/harness.js)
require('./lib/harness.js')(1e6, (n, done) => {
  let cntr = 0;
  function runner() {
    if (++cntr >= n) return done();
    setImmediate(runner);
  }
  setImmediate(runner);
});
