// A hook enabled inside a running tick/immediate/timer gets no before but
// an after (and destroy) for that callback; ticks queued before the hook
// was enabled get before/after when they run with it enabled.
const ah = require('async_hooks');
const log = [];
const hook = ah.createHook({
  before(id) { log.push(`before ${id}`); },
  after(id) { log.push(`after ${id}`); },
  destroy(id) { log.push(`destroy ${id}`); },
});
process.nextTick(() => {
  log.push(`tick ${ah.executionAsyncId()} enables`);
  hook.enable();
});
process.nextTick(() => log.push(`tick ${ah.executionAsyncId()} (queued before enable)`));
setImmediate(() => {
  hook.disable();
  setImmediate(() => {
    log.push(`immediate ${ah.executionAsyncId()} enables`);
    hook.enable();
    // destroy hooks arrive before the next immediates (no timer race)
    setImmediate(() => setImmediate(() => {
      hook.disable();
      console.log(log.join('\n'));
    }));
  });
});
