// The module body runs once; later requires return the same object.
console.log('main start');
const c1 = require('./lib/counter.js');
const c2 = require('./lib/counter.js');
const c3 = require('./lib/counter');
console.log(c1 === c2, c2 === c3);
console.log(c1.inc(), c2.inc(), c3.inc());
