// clearImmediate from a nextTick queued by an earlier immediate.
let b;
setImmediate(() => {
  console.log('A');
  process.nextTick(() => {
    console.log('tick clears B');
    clearImmediate(b);
  });
  Promise.resolve().then(() => console.log('promise after tick'));
});
b = setImmediate(() => console.log('B NEVER'));
setImmediate(() => console.log('C'));
