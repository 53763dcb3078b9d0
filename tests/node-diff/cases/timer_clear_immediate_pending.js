// clearImmediate of a still-pending immediate from an earlier immediate.
let b;
setImmediate(() => {
  console.log('A clears B');
  clearImmediate(b);
});
b = setImmediate(() => console.log('B NEVER'));
setImmediate(() => console.log('C'));
