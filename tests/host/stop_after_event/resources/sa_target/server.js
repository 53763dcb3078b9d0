on('poke', async (i) => {
  console.log('poke', i);
  await new Promise((r) => setTimeout(r, 5));
  console.log('late continuation ran?!', i);
});
setTick(() => {});
