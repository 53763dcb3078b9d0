setTimeout(() => {
  for (const r of ['ldep_lua', 'luser', 'ldep_js', 'juser']) console.log(r, GetResourceState(r));
  ExecuteCommand('ldep_cmd');
  ExecuteCommand('jdep_cmd');
  emit('lf:ping');
  for (const r of ['ldep_lua', 'ldep_js']) {
    try { exports[r].val(); console.log('export of', r, 'still there'); } catch (e) { console.log('export of', r, 'gone:', e.message); }
  }
  // a later command tries again: the dependency loads (and fails) once more
  ExecuteCommand('ensure luser');
  ExecuteCommand('ensure ldep_js');
  console.log('ldep_js', GetResourceState('ldep_js'));
  setTimeout(() => ExecuteCommand('quit'), 50);
}, 50);
