// All uncaughtException listeners are called in registration order.
process.on('uncaughtException', (e) => console.log('h1', e.message));
process.on('uncaughtException', (e) => console.log('h2', e.message));
process.prependListener('uncaughtException', (e) => console.log('h0', e.message));
process.nextTick(() => {
  throw new Error('x');
});
