setTimeout(() => {
  ExecuteCommand('stop g');
  console.log('after stop g:', GetResourceState('g'));
  setTimeout(() => ExecuteCommand('quit'), 50);
}, 10);
