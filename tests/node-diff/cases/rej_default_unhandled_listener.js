// Default mode with an 'unhandledRejection' listener: no crash.
process.on('unhandledRejection', (reason, promise) => {
  console.log('unhandledRejection', reason.message, promise instanceof Promise);
});
process.on('exit', (c) => console.log('exit', c));
const p = Promise.reject(new Error('r1'));
setTimeout(() => console.log('timeout runs'), 1);
