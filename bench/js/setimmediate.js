'use strict';
// A setImmediate chain: each callback schedules the next (one per loop
// iteration). Reports ns per immediate.
// Usage: weft run setimmediate.js [iterations=1e5]
const ITER = Number(process.argv[2]) || 1e5;
let cntr = 0;
let start;

function done() {
  const ns = Number(process.hrtime.bigint() - start);
  console.log('RESULT ' + (ns / ITER).toFixed(1));
}

function runner() {
  if (++cntr >= ITER) return done();
  setImmediate(runner);
}

start = process.hrtime.bigint();
setImmediate(runner);
