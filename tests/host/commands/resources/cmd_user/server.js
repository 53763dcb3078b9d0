// a resource without ACEs: unrestricted commands run, restricted ones not
ExecuteCommand('greet from_user');
ExecuteCommand('ban 9');
ExecuteCommand('heal 1');
ExecuteCommand('luaboom');
ExecuteCommand('later 1');
const cmds = GetRegisteredCommands().map((c) => `${c.name}@${c.resource}`).sort();
console.log('registered', cmds.join(' '));
console.log('allowed?', IsAceAllowed('command.ban'), IsPrincipalAceAllowed('resource.cmd_js', 'command.ban'),
  IsPrincipalAceAllowed('resource.cmd_user', 'command.greet'));
setTimeout(() => {
  ExecuteCommand('stop cmd_lua');
  ExecuteCommand('heal 2');
  ExecuteCommand('help');
  ExecuteCommand('quit');
}, 50);
