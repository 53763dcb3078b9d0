exports('boom', () => {
  throw new Error('js export failed');
});
exports('aboom', async () => {
  await null;
  throw new TypeError('async js export failed');
});
