setTimeout(() => {
  ExecuteCommand('vm_short');
  ExecuteCommand('vm_short');
  console.log('vm_run is', GetResourceState('vm_run'));
  ExecuteCommand('vm_long');
  setTimeout(() => {
    console.log('vm_run is', GetResourceState('vm_run'));
    ExecuteCommand('quit');
  }, 50);
}, 10);
