const { AsyncLocalStorage } = require('async_hooks');
const als = new AsyncLocalStorage();
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
async function handle(id) {
  await null;
  const a = als.getStore();
  await sleep(id * 2);
  const b = als.getStore();
  await Promise.all([sleep(1), sleep(2)]);
  console.log(`req ${id}: ${a.id} ${b.id} ${als.getStore().id}`);
}
for (let i = 1; i <= 3; i++) als.run({ id: i }, () => handle(i));
