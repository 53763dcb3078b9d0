// nextTick and microtasks are drained between each immediate callback.
for (const name of ['A', 'B', 'C']) {
  setImmediate(() => {
    console.log('immediate', name);
    queueMicrotask(() => console.log('  microtask', name));
    process.nextTick(() => console.log('  tick', name));
  });
}
