on('onResourceStart', (name) => {
  if (name !== GetCurrentResourceName()) return;
  console.log(exports.at_b.run(async () => { await null; throw new Error('async callback failed'); }));
  emit('async:boom');
  setTimeout(() => { console.log('server still running'); ExecuteCommand('quit'); }, 30);
});
