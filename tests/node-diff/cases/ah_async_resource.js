const { AsyncResource, executionAsyncId, triggerAsyncId, createHook } = require('async_hooks');
const ev = [];
createHook({
  init(id, type, tid) { if (type === 'MyRes' || type === 'bound-anonymous-fn' || type === 'named') ev.push(`init ${type} ${id} t=${tid}`); },
  before(id) { ev.push(`before ${id}`); },
  after(id) { ev.push(`after ${id}`); },
  destroy(id) { ev.push(`destroy ${id}`); },
}).enable();
const r = new AsyncResource('MyRes');
ev.push(`asyncId ${r.asyncId()} trigger ${r.triggerAsyncId()}`);
const out = r.runInAsyncScope(function (a, b) { ev.push(`in scope e=${executionAsyncId()} t=${triggerAsyncId()} this=${this.x} ${a}${b}`); return 42; }, { x: 'X' }, 1, 2);
ev.push(`returned ${out}`);
const bound = r.bind(function () { return executionAsyncId(); });
ev.push(`bound e=${bound()} length=${bound.length}`);
const b2 = AsyncResource.bind(function named() { return executionAsyncId(); });
ev.push(`static bind runs in its own id: ${b2() !== executionAsyncId()}`);
r.emitDestroy();
const r2 = new AsyncResource('MyRes', { triggerAsyncId: 1, requireManualDestroy: true });
ev.push(`r2 trigger ${r2.triggerAsyncId()}`);
try { new AsyncResource('x', { triggerAsyncId: -5 }); } catch (e) { ev.push(`${e.name} ${e.code}`); }
setImmediate(() => console.log(ev.join('\n')));
