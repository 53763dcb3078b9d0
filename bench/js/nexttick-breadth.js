'use strict';
// Per round: 9 no-op nextTicks + 1 runner tick that starts the next round.
// Reports ns per tick (rounds * 10 ticks).
// Usage: weft run nexttick-breadth.js [rounds=1e5]
const ITER = Number(process.argv[2]) || 1e5;
let cntr = 0;
let start;

function noop() {}

function done() {
  const ns = Number(process.hrtime.bigint() - start);
  console.log('RESULT ' + (ns / (ITER * 10)).toFixed(1));
}

start = process.hrtime.bigint();
(function runner() {
  if (++cntr >= ITER) return done();
  for (let i = 0; i < 9; i++) process.nextTick(noop);
  process.nextTick(runner);
}());
