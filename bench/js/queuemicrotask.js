'use strict';
// A queueMicrotask chain: each microtask queues the next. Reports ns per microtask.
// Usage: weft run queuemicrotask.js [iterations=1e6]
const ITER = Number(process.argv[2]) || 1e6;
let cntr = 0;
let start;

function done() {
  const ns = Number(process.hrtime.bigint() - start);
  console.log('RESULT ' + (ns / ITER).toFixed(1));
}

function runner() {
  if (++cntr >= ITER) return done();
  queueMicrotask(runner);
}

start = process.hrtime.bigint();
queueMicrotask(runner);
