// process.exit from a nextTick inside a microtask.
process.on('exit', (c) => console.log('exit', c));
Promise.resolve().then(() => {
  console.log('microtask');
  process.nextTick(() => {
    console.log('tick');
    process.exit(8);
  });
  Promise.resolve().then(() => console.log('later microtask'));
});
