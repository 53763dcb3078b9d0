const ah = require('async_hooks');
const ev = [];
ah.createHook({
  init(id, type, tid) { ev.push(`init ${type} ${id} t=${tid} e=${ah.executionAsyncId()}`); },
  before(id) { ev.push(`before ${id}`); },
  after(id) { ev.push(`after ${id}`); },
  promiseResolve(id) { ev.push(`resolve ${id}`); },
}).enable();
async function inner() { await null; return 5; }
async function outer() {
  const v = await inner();
  ev.push(`outer got ${v} e=${ah.executionAsyncId()} t=${ah.triggerAsyncId()}`);
  await Promise.resolve(2);
  ev.push(`outer 2 e=${ah.executionAsyncId()}`);
}
outer().then(() => ev.push('done'));
process.on('exit', () => console.log(ev.join('\n')));
