let i = 0;
on('onResourceStart', (name) => {
  if (name === GetCurrentResourceName()) { ExecuteCommand('start sa_target'); return; }
  if (name !== 'sa_target') return;
  emit('poke', ++i);
  ExecuteCommand('stop sa_target');
});
on('onResourceStop', (name) => {
  if (name !== 'sa_target') return;
  if (i < 20) ExecuteCommand('start sa_target');
  else setTimeout(() => { console.log('done after', i, 'stops'); ExecuteCommand('quit'); }, 20);
});
