const names = ['lo_dep', 'lo_user', 'lo_depj', 'lo_userj'];
const states = (when) => console.log(when + ': ' + names.map((n) => n + ' ' + GetResourceState(n)).join(', '));
setTimeout(() => {
  states('after the cfg');
  ExecuteCommand('lo_depcmd');
  ExecuteCommand('lo_depjcmd');
  ExecuteCommand('ensure lo_dep');
  ExecuteCommand('ensure lo_depj');
  setTimeout(() => {
    states('after ensure lo_dep, lo_depj');
    ExecuteCommand('lo_depcmd');
    ExecuteCommand('ensure lo_user');
    ExecuteCommand('ensure lo_userj');
    setTimeout(() => { states('after ensure lo_user, lo_userj'); ExecuteCommand('quit'); }, 50);
  }, 50);
}, 10);
