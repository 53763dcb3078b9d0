// denied quit: the deny wins over builtin.resources' allow
ExecuteCommand('quit');
console.log('still here');
// stopping another resource runs at once; stopping itself waits until its
// code is off the stack
ExecuteCommand('stop admin_lua');
console.log('admin_lua is', GetResourceState('admin_lua'));
setTimeout(() => {
  ExecuteCommand('stop plain');
  console.log('plain is', GetResourceState('plain'), 'while its code runs');
  ExecuteCommand('help');
}, 10);
on('onResourceStop', (name) => {
  if (name === 'plain') console.log('plain stopping');
});
