// process.exit inside a timer: nothing after it runs.
process.on('exit', (c) => console.log('exit listener', c));
setTimeout(() => {
  console.log('timer');
  process.nextTick(() => console.log('tick NEVER'));
  Promise.resolve().then(() => console.log('promise NEVER'));
  process.exit(4);
  console.log('after exit NEVER');
}, 1);
setTimeout(() => console.log('second timer NEVER'), 1);
