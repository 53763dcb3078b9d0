// A catch attached in a later timer: 'unhandledRejection' first, then
// 'rejectionHandled' with the same promise.
let p;
process.on('unhandledRejection', (r, promise) => console.log('unhandledRejection', r.message, promise === p));
process.on('rejectionHandled', (promise) => console.log('rejectionHandled', promise === p));
process.on('exit', (c) => console.log('exit', c));
p = Promise.reject(new Error('late'));
setTimeout(() => {
  console.log('attaching catch');
  p.catch((e) => console.log('caught', e.message));
}, 5);
