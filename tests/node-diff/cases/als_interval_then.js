// The promise settles after the interval's three 1 ms ticks (60 ms, times
// WEFT_TEST_SLOW under `make asan`).
const S = Number(process.env.WEFT_TEST_SLOW) || 1;
const { AsyncLocalStorage } = require('async_hooks');
const als = new AsyncLocalStorage();
let n = 0;
als.run('iv', () => {
  const iv = setInterval(() => {
    console.log('interval', ++n, als.getStore());
    if (n === 3) clearInterval(iv);
  }, 1);
});
const p = als.run('creator', () => new Promise((r) => setTimeout(() => r('v'), 60 * S)));
als.run('attacher', () => p.then((v) => console.log('then store', als.getStore(), v)));
