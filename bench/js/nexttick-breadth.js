'use strict';
// Per round: 9 no-op nextTicks + 1 runner tick that starts the next round.
// Reports ns per tick (rounds * 10 ticks).
// Usage: weft run nexttick-breadth.js [rounds=1e5] (warm-up: lib/harness.js)
function noop() {}

require('./lib/harness.js')(1e5, (n, done) => {
  let cntr = 0;
  (function runner() {
    if (++cntr >= n) return done();
    for (let i = 0; i < 9; i++) process.nextTick(noop);
    process.nextTick(runner);
  }());
}, 10);
