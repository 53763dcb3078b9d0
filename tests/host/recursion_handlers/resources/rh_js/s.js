AddStateBagChangeHandler('jsloop', 'global', (bag, key, value) => { GlobalState.jsloop = (value || 0) + 1; });
AddConvarChangeListener('jscv', () => SetConvar('jscv', String(GetConvarInt('jscv', 0) + 1)));
RegisterCommand('rh_sb', () => { GlobalState.jsloop = 1; }, false);
RegisterCommand('rh_cv', () => { SetConvar('jscv', '1'); }, false);
RegisterCommand('rh_alive', () => console.log('still answering commands'), false);
setTimeout(() => {
  for (const c of ['rh_sb', 'rh_cv', 'rh_luasb', 'rh_luacv', 'rh_alive'])
    ExecuteCommand(c);
  setTimeout(() => ExecuteCommand('quit'), 100);
}, 20);
AddConvarChangeListener('rh_err', () => { throw new Error('js listener failed'); });
