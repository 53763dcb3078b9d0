// A throwing queueMicrotask callback is an uncaught exception (not an
// unhandled rejection); the microtask drain continues afterwards.
process.on('uncaughtException', (e, origin) => console.log('uncaught:', e.message, origin));
process.on('unhandledRejection', () => console.log('unhandledRejection NEVER'));
queueMicrotask(() => {
  console.log('m1');
  throw new Error('boom');
});
queueMicrotask(() => console.log('m2'));
Promise.resolve().then(() => console.log('p3'));
process.on('exit', (c) => console.log('exit', c));
