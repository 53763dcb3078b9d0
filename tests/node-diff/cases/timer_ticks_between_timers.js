// nextTick and microtasks are drained between each timer callback.
for (const name of ['A', 'B', 'C']) {
  setTimeout(() => {
    console.log('timer', name);
    process.nextTick(() => console.log('  tick', name));
    Promise.resolve().then(() => console.log('  promise', name));
  }, 5);
}
