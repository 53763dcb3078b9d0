setTimeout(() => {
  for (const r of ['ldep_lua', 'luser', 'ldep_js', 'juser']) console.log(r, GetResourceState(r));
  ExecuteCommand('ldep_cmd');
  ExecuteCommand('jdep_cmd');
  emit('lf:ping');
  for (const r of ['ldep_lua', 'ldep_js']) {
    try { console.log('export of', r, 'returns', exports[r].val()); } catch (e) { console.log('export of', r, 'gone:', e.message); }
  }
  // a restart loads the failing script once more, and it starts again
  ExecuteCommand('restart ldep_js');
  console.log('ldep_js', GetResourceState('ldep_js'));
  setTimeout(() => ExecuteCommand('quit'), 50);
}, 50);
