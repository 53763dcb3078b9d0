const ah = require('async_hooks');
const ev = [];
ah.createHook({
  init(id, type, tid) { ev.push(`init ${type} ${id} t=${tid} e=${ah.executionAsyncId()}`); },
  before(id) { ev.push(`before ${id}`); },
  after(id) { ev.push(`after ${id}`); },
  destroy(id) { ev.push(`destroy ${id}`); },
}).enable();
process.nextTick(() => {
  ev.push(`tick1 e=${ah.executionAsyncId()} t=${ah.triggerAsyncId()}`);
  process.nextTick(() => ev.push(`tick2 e=${ah.executionAsyncId()} t=${ah.triggerAsyncId()}`));
});
setTimeout(() => { console.log(ev.join('\n')); }, 5);
