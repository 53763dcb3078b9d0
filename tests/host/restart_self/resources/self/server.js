const n = GetConvarInt('self_n', 0);
console.log('loaded, generation', n);
on('onResourceStart', (name) => {
  if (name !== GetCurrentResourceName()) return;
  if (n < 3) {
    ExecuteCommand(`set self_n ${n + 1}`);
    ExecuteCommand(`restart ${name}`);
    console.log('asked for restart; code after it still runs');
  } else {
    ExecuteCommand('quit');
  }
});
on('onResourceStop', (name) => { if (name === GetCurrentResourceName()) console.log('stopping generation', n); });
