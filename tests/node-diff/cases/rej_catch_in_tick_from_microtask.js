// A catch attached in a nextTick queued by a microtask is still in time:
// rejections are processed only once both queues are empty.
process.on('unhandledRejection', () => console.log('unhandledRejection NEVER'));
const p = Promise.reject(new Error('x'));
queueMicrotask(() => {
  process.nextTick(() => {
    queueMicrotask(() => p.catch((e) => console.log('caught late', e.message)));
  });
});
process.on('exit', (c) => console.log('exit', c));
