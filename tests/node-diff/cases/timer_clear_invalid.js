// Clearing undefined, null, objects or already-fired timers is a no-op.
clearTimeout(undefined);
clearTimeout(null);
clearTimeout({});
clearTimeout(12345);
clearInterval('nope');
clearImmediate(undefined);
clearImmediate({});
const t = setTimeout(() => {
  console.log('fired');
  clearTimeout(t);
  clearTimeout(t);
  console.log('still fine');
}, 1);
console.log('no throws');
