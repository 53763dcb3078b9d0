const { setTimeout: sleep, setImmediate: imm, setInterval: every } = require('timers/promises');
const util = require('util');
const { once, EventEmitter } = require('events');
(async () => {
  console.log(await sleep(5, 'slept'));
  console.log(await imm('imm'));
  let n = 0;
  for await (const v of every(2, 'tick')) { console.log(v, ++n); if (n === 3) break; }
  const ee = new EventEmitter();
  setTimeout(() => ee.emit('go', 1, 2), 1);
  console.log('once', await once(ee, 'go'));
  const cbf = util.callbackify(async (x) => x * 2);
  cbf(21, (e, v) => console.log('callbackify', e, v));
  function A() {} function B() {} util.inherits(B, A);
  console.log(new B() instanceof A, util.types.isPromise(Promise.resolve()), util.types.isDate(new Date()));
  const p = util.promisify((a, cb) => setTimeout(() => cb(null, a + 1), 1));
  console.log('promisify', await p(1));
})();
