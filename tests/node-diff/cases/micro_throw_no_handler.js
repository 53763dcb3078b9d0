// A throwing queueMicrotask callback with no handler kills the process (exit 1).
process.on('exit', (c) => console.log('exit', c));
queueMicrotask(() => {
  console.log('m1');
  throw new Error('boom');
});
queueMicrotask(() => console.log('m2 NEVER'));
setTimeout(() => console.log('timeout NEVER'), 0);
