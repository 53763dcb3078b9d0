// An async function runs synchronously until its first await; the
// continuation is a microtask, so ticks run before it.
async function f() {
  console.log('f start');
  await null;
  console.log('f after await');
  await null;
  console.log('f after second await');
}
f();
process.nextTick(() => console.log('tick'));
Promise.resolve().then(() => console.log('then')).then(() => console.log('then2'));
console.log('sync');
