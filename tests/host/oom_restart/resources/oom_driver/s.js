RegisterCommand('oom_alive', () => console.log('still answering commands'), false);
let round = 0;
const later = (ms, fn) => setTimeout(fn, ms);
on('onResourceStart', (name) => {
  if (name !== GetCurrentResourceName() && name !== 'oom_loops') return;
  const r = ++round;
  if (r > 2) return;
  // each command from its own timer: the chain runs when the command returns
  later(50, () => ExecuteCommand('oom_chain'));
  later(100, () => ExecuteCommand('oom_alive'));
  later(150, () => ExecuteCommand(r === 1 ? 'ensure oom_loops' : 'quit'));
});
