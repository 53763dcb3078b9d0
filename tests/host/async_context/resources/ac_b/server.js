// B: an event handler and an export, observed with async_hooks.
const ah = require('async_hooks');
const { AsyncLocalStorage } = ah;
const seen = [];
ah.createHook({
  init(id, type, tid, res) {
    if (type.startsWith('WEFT_')) seen.push({ id, type, tid, name: res.name });
  },
}).enable();
const als = new AsyncLocalStorage();
als.enterWith('B-store');
on('ac:ping', (fromId) => {
  const e = ah.executionAsyncId();
  const last = seen[seen.length - 1];
  console.log(`B handler: WEFT_EVENT init ${last.type} ${last.name} id=${last.id === e}` +
              ` trigger=A's ${last.tid === fromId ? 'emit context' : 'WRONG ' + last.tid + ' vs ' + fromId}` +
              ` triggerAsyncId()=${ah.triggerAsyncId() === fromId}`);
  console.log(`B handler: store ${als.getStore()}`);
});
exports('slow', async (fromId) => {
  const e = ah.executionAsyncId();
  const last = seen[seen.length - 1];
  console.log(`B export: ${last.type} id=${last.id === e} trigger=A's ${last.tid === fromId ? 'call context' : 'WRONG'}`);
  await new Promise((r) => setTimeout(r, 5));
  return `B saw store ${als.getStore()}`;
});
