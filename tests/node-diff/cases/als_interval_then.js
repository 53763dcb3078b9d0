const { AsyncLocalStorage } = require('async_hooks');
const als = new AsyncLocalStorage();
let n = 0;
als.run('iv', () => {
  const iv = setInterval(() => {
    console.log('interval', ++n, als.getStore());
    if (n === 3) clearInterval(iv);
  }, 1);
});
const p = als.run('creator', () => new Promise((r) => setTimeout(() => r('v'), 60)));
als.run('attacher', () => p.then((v) => console.log('then store', als.getStore(), v)));
