'use strict';
// A queueMicrotask chain: each microtask queues the next. Reports ns per microtask.
// Usage: weft run queuemicrotask.js [iterations=1e6] (warm-up: lib/harness.js)
require('./lib/harness.js')(1e6, (n, done) => {
  let cntr = 0;
  function runner() {
    if (++cntr >= n) return done();
    queueMicrotask(runner);
  }
  queueMicrotask(runner);
});
