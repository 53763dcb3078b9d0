// A catch attached from a microtask (after several hops) is in time.
process.on('unhandledRejection', () => console.log('unhandledRejection NEVER'));
const p = Promise.reject(new Error('x'));
Promise.resolve()
  .then(() => null)
  .then(() => null)
  .then(() => p.catch((e) => console.log('caught in microtask', e.message)));
process.on('exit', (c) => console.log('exit', c));
