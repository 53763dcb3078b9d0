// An immediate queued from a nextTick in the main script runs after the
// microtasks; ticks queued by immediates run before the next immediate.
process.nextTick(() => {
  console.log('tick');
  setImmediate(() => {
    console.log('immediate 1');
    process.nextTick(() => console.log('tick from immediate 1'));
  });
  setImmediate(() => console.log('immediate 2'));
});
Promise.resolve().then(() => console.log('promise'));
