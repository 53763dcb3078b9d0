'use strict';
// A chain of Promise.resolve().then(...) hops: each reaction schedules the
// next hop. Reports ns per hop.
// Usage: weft run promise-hop.js [iterations=1e6]
const ITER = Number(process.argv[2]) || 1e6;
let cntr = 0;
let start;

function done() {
  const ns = Number(process.hrtime.bigint() - start);
  console.log('RESULT ' + (ns / ITER).toFixed(1));
}

function hop() {
  if (++cntr >= ITER) return done();
  Promise.resolve().then(hop);
}

start = process.hrtime.bigint();
Promise.resolve().then(hop);
