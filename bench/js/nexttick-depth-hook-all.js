'use strict';
// nexttick-depth with an async hook enabled (all callbacks): the cost of the
// hooked nextTick path (seed 002 asked for at most 2x). Reports ns per tick.
// Usage: weft run nexttick-depth-hook-all.js [iterations=1e6]
let inits = 0;
require('async_hooks').createHook({ init() { inits++; }, before() {}, after() {}, destroy() {} }).enable();
require('./nexttick-depth.js');
