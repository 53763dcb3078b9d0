// enterWith() inside one then() callback does not leak into the next then()
// of the chain (each reaction runs in its own promise's context), including
// for promises made before AsyncLocalStorage was first used.
const { AsyncLocalStorage } = require('async_hooks');
const als = new AsyncLocalStorage();
Promise.resolve()
  .then(() => { als.enterWith('set in first then'); console.log('first then:', als.getStore()); })
  .then(() => console.log('second then:', als.getStore()));
setTimeout(() => console.log('timer:', als.getStore()), 5);
