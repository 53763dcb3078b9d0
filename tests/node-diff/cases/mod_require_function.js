// module.exports can be a function.
const greet = require('./lib/fn_export');
console.log(typeof greet, greet('bob'), greet.extra);
