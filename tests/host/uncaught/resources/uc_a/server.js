setTimeout(() => { throw new Error('timer boom'); }, 20);
process.on('exit', () => console.log('exit listener must not run in uc_a'));
setTimeout(() => {
  ExecuteCommand('uc_abort');
  console.log('still running; uc_exit is', GetResourceState('uc_exit'), 'uc_abort', GetResourceState('uc_abort'));
  Promise.reject(new RangeError('nobody catches this'));
  setTimeout(() => ExecuteCommand('quit'), 10);
}, 60);
