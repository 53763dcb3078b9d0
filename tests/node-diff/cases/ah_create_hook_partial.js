// createHook({}) is valid and calls nothing; hooks with only before or only
// promiseResolve see just those events, with Node's ids.
const ah = require('async_hooks');
const log = [];
const empty = ah.createHook({}).enable();
const b = ah.createHook({ before(id) { log.push(`before ${id}`); } });
const r = ah.createHook({ promiseResolve(id) { log.push(`resolve ${id} in ${ah.executionAsyncId()}`); } });
console.log(empty.disable() === empty, typeof empty.enable);
b.enable();
r.enable();
const p = Promise.resolve(1);
p.then((v) => {
  log.push(`then ${v} in ${ah.executionAsyncId()}`);
  return v + 1;
}).then(() => {
  b.disable();
  r.disable();
  setTimeout(() => console.log(log.join('\n')), 1);
});
process.nextTick(() => log.push(`tick in ${ah.executionAsyncId()}`));
