// A once() handler catches the first error; the second one is fatal.
process.once('uncaughtException', (e) => console.log('once handler', e.message));
process.on('exit', (c) => console.log('exit', c));
setTimeout(() => {
  throw new Error('first');
}, 1);
setTimeout(() => {
  console.log('second timer');
  throw new Error('second');
}, 5);
setTimeout(() => console.log('third NEVER'), 10);
