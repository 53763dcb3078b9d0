// exports.x style, and reassigning exports inside the module.
const m = require('./lib/exports_x.js');
console.log(m.x, m.hello());
console.log(require('./lib/reassign_exports.js'));
