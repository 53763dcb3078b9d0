'use strict';
// nexttick-depth with an async hook enabled (all callbacks): the cost of the
// hooked nextTick path (seed 002 asked for at most 2x). Reports ns per tick.
// Usage: weft run nexttick-depth-hook-all.js [iterations=2e5]
let inits = 0;
require('async_hooks').createHook({ init() { inits++; }, before() {}, after() {}, destroy() {} }).enable();
if (!process.argv[2]) process.argv[2] = '2e5'; // as before: 2e5 hooked ticks
require('./nexttick-depth.js');
