// Circular requires see partially filled exports.
console.log('main starting');
const a = require('./lib/circ_a.js');
const b = require('./lib/circ_b.js');
console.log('in main, a.done = %j, b.done = %j', a.done, b.done);
