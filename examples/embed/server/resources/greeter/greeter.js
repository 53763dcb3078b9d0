on('embed:hello', async (who, n) => {
  console.log(`hello ${who}, n = ${n}; Add(n, 0.5) = ${Add(n, 0.5)}`);
  await null; // continuations run before weft_host_emit() returns
  console.log('after await, CallNative:', CallNative('Add', 1, 2));
});
let frames = 0;
setTick(() => { if (++frames === 5) console.log('5 frames ticked by the embedder'); });
