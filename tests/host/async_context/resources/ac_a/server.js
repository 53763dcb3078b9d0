// A: emits into B and awaits B's async export; its own store survives.
const ah = require('async_hooks');
const { AsyncLocalStorage } = ah;
const als = new AsyncLocalStorage();
on('onResourceStart', (name) => {
  if (name !== GetCurrentResourceName()) return;
  als.run({ request: 7 }, async () => {
    emit('ac:ping', ah.executionAsyncId());
    const before = als.getStore().request;
    const answer = await exports.ac_b.slow(ah.executionAsyncId());
    console.log(`A: ${answer}; store before ${before}, after await ${als.getStore().request}`);
    const ids = new Set();
    setTimeout(() => {
      console.log(`A: store in a timer ${als.getStore().request}`);
      ExecuteCommand('quit');
    }, 1);
  });
});
