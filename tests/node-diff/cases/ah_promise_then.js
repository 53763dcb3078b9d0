const ah = require('async_hooks');
const ev = [];
ah.createHook({
  init(id, type, tid) { ev.push(`init ${type} ${id} t=${tid} e=${ah.executionAsyncId()}`); },
  before(id) { ev.push(`before ${id}`); },
  after(id) { ev.push(`after ${id}`); },
  promiseResolve(id) { ev.push(`resolve ${id}`); },
}).enable();
const p = Promise.resolve(1);
p.then((v) => { ev.push(`then1 e=${ah.executionAsyncId()} t=${ah.triggerAsyncId()}`); return v + 1; })
 .then((v) => { ev.push(`then2 ${v} e=${ah.executionAsyncId()}`); })
 .catch(() => {});
new Promise((res) => setTimeout(res, 1)).then(() => ev.push(`later e=${ah.executionAsyncId()}`));
setTimeout(() => console.log(ev.join('\n')), 10);
