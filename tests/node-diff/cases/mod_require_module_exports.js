// require of a relative .js file using module.exports.
const math = require('./lib/math.js');
console.log(math.name, math.add(2, 3));
const again = require('./lib/math');
console.log('without extension same object:', again === math);
