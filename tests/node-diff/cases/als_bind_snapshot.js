const { AsyncLocalStorage } = require('async_hooks');
const als = new AsyncLocalStorage();
let bound, snap;
als.run(123, () => {
  bound = AsyncLocalStorage.bind(() => als.getStore());
  snap = AsyncLocalStorage.snapshot();
});
als.run(456, () => {
  console.log('bound', bound());
  console.log('snapshot', snap(() => als.getStore()));
  console.log('current', als.getStore());
});
console.log('run returns', als.run(1, (x, y) => x + y, 2, 3));
