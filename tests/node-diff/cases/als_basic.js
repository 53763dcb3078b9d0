const { AsyncLocalStorage } = require('async_hooks');
const als = new AsyncLocalStorage();
console.log('outside', als.getStore());
als.run({ id: 1 }, () => {
  console.log('sync', als.getStore().id);
  process.nextTick(() => console.log('nextTick', als.getStore().id));
  setImmediate(() => {
    console.log('immediate', als.getStore().id);
    setTimeout(() => console.log('timeout', als.getStore().id), 1);
  });
  queueMicrotask(() => console.log('microtask', als.getStore().id));
  Promise.resolve().then(() => console.log('then', als.getStore().id));
});
console.log('after run', als.getStore());
