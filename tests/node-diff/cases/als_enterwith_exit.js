const { AsyncLocalStorage } = require('async_hooks');
const als = new AsyncLocalStorage();
setTimeout(() => {
  als.enterWith('entered');
  console.log('after enterWith', als.getStore());
  process.nextTick(() => console.log('tick sees', als.getStore()));
  als.exit(() => {
    console.log('inside exit', als.getStore());
    setTimeout(() => console.log('timer from exit sees', als.getStore()), 1);
  });
  console.log('after exit', als.getStore());
}, 1);
// 500 ms: well after the 1 ms timer and the one it sets, even on a loaded machine
setTimeout(() => console.log('other timer', als.getStore()), 500);
