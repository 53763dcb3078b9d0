'use strict';
// nexttick-depth with an async hook enabled (all callbacks): the cost of the
// hooked nextTick path (seed 002 asked for at most 2x). Reports ns per tick.
// Usage: weft run nexttick-depth-hook-all.js [iterations=2e5]
const ah = require('async_hooks');
const ITER = Number(process.argv[2]) || 2e5;
let inits = 0;
ah.createHook({ init() { inits++; }, before() {}, after() {}, destroy() {} }).enable();
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
