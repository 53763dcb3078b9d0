// An exception thrown inside the uncaughtException handler exits with 7
// and no 'exit' event is emitted.
process.on('exit', (c) => console.log('exit NEVER', c));
process.on('uncaughtException', (e) => {
  console.log('handler got', e.message);
  throw new Error('from handler');
});
setTimeout(() => console.log('timeout NEVER'), 0);
throw new Error('first');
