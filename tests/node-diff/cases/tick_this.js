// `this` inside a nextTick callback: undefined for strict functions,
// globalThis for sloppy functions.
process.nextTick(function () {
  'use strict';
  console.log('strict this undefined:', this === undefined);
});
process.nextTick(function () {
  'use strict';
  console.log('strict with args:', this === undefined);
}, 1, 2);
process.nextTick(function () {
  console.log('sloppy this is globalThis:', this === globalThis);
});
