const { AsyncLocalStorage } = require('async_hooks');
const a = new AsyncLocalStorage();
const b = new AsyncLocalStorage();
a.run('A1', () => {
  b.run('B1', () => {
    a.run('A2', () => {
      setTimeout(() => console.log('inner', a.getStore(), b.getStore()), 1);
    });
    console.log('mid', a.getStore(), b.getStore());
  });
  console.log('outer', a.getStore(), b.getStore());
});
a.run('X', () => {
  a.disable();
  console.log('disabled', a.getStore());
});
setTimeout(() => console.log('later', a.getStore(), b.getStore()), 3);
