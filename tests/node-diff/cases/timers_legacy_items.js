// timers.enroll/unenroll/active/_unrefActive (deprecated, still in Node 20),
// Symbol.dispose on timers, util.promisify(setTimeout).
const timers = require('timers');
const util = require('util');
process.on('warning', (w) => console.log(w.name, w.code, w.message));
const item = { _onTimeout() { console.log('item fired'); } };
timers.enroll(item, 5);
timers.active(item);
const gone = { _onTimeout() { console.log('not expected'); } };
timers.enroll(gone, 5);
timers._unrefActive(gone);
timers.unenroll(gone);
try { timers.enroll({}, -1); } catch (e) { console.log(e.code, e.message); }
try { timers.enroll({}, 'x'); } catch (e) { console.log(e.code, e.message); }
const t = setTimeout(() => console.log('disposed timer fired'), 1);
const i = setImmediate(() => console.log('disposed immediate fired'));
t[Symbol.dispose](); i[Symbol.dispose]();
console.log(t._destroyed, i._destroyed, typeof Symbol.dispose, typeof Symbol.asyncDispose);
const sleep = util.promisify(setTimeout);
console.log(sleep === require('timers/promises').setTimeout);
sleep(20, 'slept').then((v) => {
  console.log(v);
  return util.promisify(setImmediate)('imm');
}).then((v) => console.log(v));
