on('ev:order', async (tag) => {
  console.log('js sync', tag);
  await null;
  console.log('js continuation', tag);
});
on('onResourceStart', (name) => {
  if (name !== 'le_lua2') return;
  console.log('--- emit from js');
  emit('ev:order', 'A');
  console.log('--- emit from js returned');
});
on('ev:next', () => {
  emit('ev:lua2');
});
