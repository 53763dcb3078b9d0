'use strict';
// A setTimeout(0) chain: each callback schedules the next. Bound by the
// 1 ms timer clamp in both node and weft, so expect ~1e6 ns/op.
// Usage: weft run settimeout0.js [iterations=2e4]
const ITER = Number(process.argv[2]) || 2e4;
let cntr = 0;
let start;

function done() {
  const ns = Number(process.hrtime.bigint() - start);
  console.log('RESULT ' + (ns / ITER).toFixed(1));
}

function runner() {
  if (++cntr >= ITER) return done();
  setTimeout(runner, 0);
}

start = process.hrtime.bigint();
setTimeout(runner, 0);
