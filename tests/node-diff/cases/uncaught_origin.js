// The second argument of 'uncaughtException' tells where the error came from.
process.on('uncaughtException', (e, origin) => console.log(e.message, '->', origin));
process.on('exit', (c) => console.log('exit', c));
setTimeout(() => {
  throw new Error('from timer');
}, 1);
Promise.reject(new Error('from rejection'));
process.nextTick(() => {
  throw new Error('from tick');
});
