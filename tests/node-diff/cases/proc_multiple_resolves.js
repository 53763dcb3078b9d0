// 'multipleResolves': a resolve/reject after the promise was resolved is
// reported on a tick (type, promise, value), with DEP0160 once.
process.on('warning', (w) => console.log('warning', w.name, w.code));
const seen = [];
process.on('multipleResolves', (type, promise, value) => {
  console.log('multipleResolves', type, promise === p1 || promise === p2, value instanceof Error ? value.message : value);
});
const p1 = new Promise((resolve, reject) => {
  resolve(1);
  resolve(2);
  reject(new Error('late'));
  console.log('executor done');
});
const p2 = new Promise((resolve) => {
  resolve('a');
  throw new Error('thrown after resolve');
});
process.nextTick(() => console.log('tick queued after'));
Promise.resolve().then(() => console.log('microtask'));
console.log('main end', seen.length);
