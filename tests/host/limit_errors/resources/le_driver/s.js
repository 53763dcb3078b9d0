RegisterCommand('le_alive', () => console.log('still answering commands'), false);
setTimeout(() => {
  for (const c of ['le_luaoom', 'le_luamany', 'le_tickloop', 'le_microloop',
                   'le_spin', 'le_luaspin', 'le_alive'])
    ExecuteCommand(c);
  setTimeout(() => ExecuteCommand('quit'), 100);
}, 300);
