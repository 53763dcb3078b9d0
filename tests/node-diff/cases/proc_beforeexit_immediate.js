// Work scheduled from 'beforeExit' with setImmediate / nextTick.
let rounds = 0;
process.on('beforeExit', () => {
  rounds++;
  console.log('beforeExit', rounds);
  if (rounds === 1) setImmediate(() => console.log('immediate from beforeExit'));
});
process.on('exit', () => console.log('exit', rounds));
