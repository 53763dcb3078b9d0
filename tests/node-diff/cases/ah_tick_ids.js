const ah = require('async_hooks');
const ev = [];
const destroyed = [];
ah.createHook({
  init(id, type, tid) { ev.push(`init ${type} ${id} t=${tid} e=${ah.executionAsyncId()}`); },
  before(id) { ev.push(`before ${id}`); },
  after(id) { ev.push(`after ${id}`); },
  destroy(id) { destroyed.push(id); },
}).enable();
process.nextTick(() => {
  ev.push(`tick1 e=${ah.executionAsyncId()} t=${ah.triggerAsyncId()}`);
  process.nextTick(() => ev.push(`tick2 e=${ah.executionAsyncId()} t=${ah.triggerAsyncId()}`));
});
// destroy hooks arrive asynchronously (check phase): print them sorted, after a
// later immediate, so the output does not depend on timer-vs-check timing
setTimeout(() => setImmediate(() => setImmediate(() => {
  console.log(ev.slice(0, 9).join('\n'));
  console.log('destroyed', destroyed.sort((a, b) => a - b).join(','));
})), 5);
