// Immediates run in insertion order; those queued during an immediate run
// in the next iteration, after all currently queued ones.
setImmediate(() => {
  console.log('A');
  setImmediate(() => {
    console.log('C (queued by A)');
    setImmediate(() => console.log('E (queued by C)'));
  });
});
setImmediate(() => {
  console.log('B');
  setImmediate(() => console.log('D (queued by B)'));
});
console.log('sync');
