'use strict';
// A chain of Promise.resolve().then(...) hops: each reaction schedules the
// next hop. Reports ns per hop.
// Usage: weft run promise-hop.js [iterations=1e6] (warm-up: lib/harness.js)
require('./lib/harness.js')(1e6, (n, done) => {
  let cntr = 0;
  function hop() {
    if (++cntr >= n) return done();
    Promise.resolve().then(hop);
  }
  Promise.resolve().then(hop);
});
