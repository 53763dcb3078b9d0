// util.promisify: a promisified function (or a custom one) is its own
// promisified form, so promisifying it again returns it; a custom that is not
// a function is refused with Node's error.
const util = require('util');
function f(cb) { cb(null, 1); }
const p = util.promisify(f);
console.log(util.promisify(p) === p, Object.keys(p), p[util.promisify.custom] === p);
function g() {} g[util.promisify.custom] = 5;
try { util.promisify(g); } catch (e) { console.log(e.code, e.message); }
p().then((v) => console.log(v));
