'use strict';
// One chained nextTick: each tick schedules the next. Reports ns per tick.
// Usage: weft run nexttick-depth.js [iterations=1e6]
const ITER = Number(process.argv[2]) || 1e6;
let cntr = 0;
let start;

function done() {
  const ns = Number(process.hrtime.bigint() - start);
  console.log('RESULT ' + (ns / ITER).toFixed(1));
}

start = process.hrtime.bigint();
(function runner() {
  if (++cntr >= ITER) return done();
  process.nextTick(runner);
}());
