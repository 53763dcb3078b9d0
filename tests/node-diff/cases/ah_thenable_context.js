// Inside a thenable's then(), the async context is the promise being
// resolved (V8's PromiseResolveThenableJob): executionAsyncId() is not 0 and
// the AsyncLocalStorage store holds, for await, Promise.resolve(thenable),
// an async function returning a thenable, and Promise.all([thenable]).
const { AsyncLocalStorage, executionAsyncId } = require('async_hooks');
const als = new AsyncLocalStorage();
const seen = [];
const thenable = (label) => ({
  then(resolve) {
    seen.push(`${label}: id>0 ${executionAsyncId() > 0}, store ${als.getStore()}`);
    resolve(label);
  },
});
als.run('request-1', async () => {
  await thenable('await');
  await Promise.resolve(thenable('Promise.resolve'));
  await (async () => thenable('async return'))();
  await Promise.all([thenable('Promise.all')]);
  console.log(seen.join('\n'));
  console.log('after all, store', als.getStore());
});
