// 'beforeExit' receives process.exitCode.
process.exitCode = 3;
process.once('beforeExit', (code) => {
  console.log('beforeExit', code);
  process.exitCode = 4;
  Promise.resolve().then(() => console.log('microtask in beforeExit'));
  process.nextTick(() => console.log('tick in beforeExit'));
});
process.on('exit', (c) => console.log('exit', c));
