const ah = require('async_hooks');
const ev = [];
ah.createHook({
  init(id, type) { if (type !== 'PROMISE') ev.push(`init ${type} ${id}`); },
  destroy(id) { ev.push(`destroy ${id}`); },
}).enable();
process.nextTick(() => ev.push('tick ran'));
const t = setTimeout(() => {}, 1000); clearTimeout(t);
const i = setImmediate(() => {}); clearImmediate(i);
// the printing timer starts from the immediate: one started at load could
// fire before the first check phase on a busy machine
setImmediate(() => {
  ev.push('immediate ran');
  setTimeout(() => setImmediate(() => console.log(ev.join('\n'))), 10);
});
ev.push('sync end');
