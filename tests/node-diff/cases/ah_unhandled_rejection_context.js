// An 'unhandledRejection' handler runs in the async context of the rejected
// promise (Node pushes the promise's ids around the emit).
const { executionAsyncId, triggerAsyncId, createHook } = require('async_hooks');
const ids = new Map();
createHook({ init(id, type, trigger, resource) { if (type === 'PROMISE') ids.set(resource, id); } }).enable();
process.on('unhandledRejection', (reason, promise) => {
  console.log('handler runs in the promise context:', executionAsyncId() === ids.get(promise), executionAsyncId() > 0);
  setImmediate(() => console.log('later, context is back to', executionAsyncId() === ids.get(promise) ? 'the promise' : 'the immediate'));
});
Promise.reject(new Error('nobody catches this'));
