// util.deprecate warns once per function, or once per code across functions;
// a non-string code is refused; --no-deprecation style opt-out via
// process.noDeprecation.
const util = require('util');
process.on('warning', (w) => console.log(w.name, w.code, w.message));
const a = util.deprecate(() => 'a', 'a is old');
a(); a();
const b1 = util.deprecate(() => {}, 'same message'), b2 = util.deprecate(() => {}, 'same message');
b1(); b2();
const c1 = util.deprecate(() => {}, 'coded', 'DEP_X'), c2 = util.deprecate(() => {}, 'coded', 'DEP_X');
c1(); c2(); c1();
try { util.deprecate(() => {}, 'bad', 1); } catch (e) { console.log(e.code, e.message); }
class Old { constructor(v) { this.v = v; } }
const D = util.deprecate(Old, 'Old is old');
const d = new D(3);
console.log(d instanceof Old, d.v);
