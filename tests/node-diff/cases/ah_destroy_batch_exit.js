'use strict';
// More than 16384 destroys queued at once (Node's batch size, emptied from a
// microtask): the process must still end when nothing is left (weft kept
// the loop polling forever). 20000 chained nextTicks, then nothing.
const async_hooks = require('async_hooks');
let destroys = 0;
async_hooks.createHook({ destroy() { destroys++; } }).enable();
let n = 0;
(function tick() {
  if (++n < 20000) return process.nextTick(tick);
  console.log('chain done after', n, 'ticks');
}());
process.on('exit', (code) => console.log('exit', code, 'at least one batch of destroys seen:', destroys >= 16384));
