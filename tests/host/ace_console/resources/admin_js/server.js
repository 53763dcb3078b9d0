// ExecuteCommand runs the command before it returns (issue 12 item 8),
// as resource.admin_js: the ACE commands need command.add_ace etc.
ExecuteCommand('add_ace group.vip perk.fly allow');
ExecuteCommand('add_principal identifier.discord:5 group.vip');
ExecuteCommand('test_ace identifier.discord:5 perk.fly');
// one's own access cannot be changed
ExecuteCommand('add_ace resource.admin_js command allow');
ExecuteCommand('remove_ace resource.admin_js command.add_ace allow');
// not granted: remove_principal
ExecuteCommand('remove_principal identifier.discord:5 group.vip');
ExecuteCommand('test_ace identifier.discord:5 perk.fly');
// convars set by ExecuteCommand are visible at once
ExecuteCommand('set js_flag "on"; set js_count 3');
console.log('convars', GetConvar('js_flag', 'unset'), GetConvarInt('js_count', 0));
ExecuteCommand('no_such_command 1 2');
on('onResourceStop', (name) => {
  if (name === 'plain') ExecuteCommand('quit');
});
