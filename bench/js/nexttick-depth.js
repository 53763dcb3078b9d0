'use strict';
// One chained nextTick: each tick schedules the next. Reports ns per tick.
// Usage: weft run nexttick-depth.js [iterations=1e6] (warm-up: lib/harness.js)
require('./lib/harness.js')(1e6, (n, done) => {
  let cntr = 0;
  (function runner() {
    if (++cntr >= n) return done();
    process.nextTick(runner);
  }());
});
