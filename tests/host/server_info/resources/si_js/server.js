AddConvarChangeListener('gametype mapname', (name) => console.log('changed', name, '=', GetConvar(name, '')));
SetGameType('freeroam');
console.log('host', GetConvar('sv_hostname', ''), 'max', GetConvarInt('sv_maxclients', 0),
  'game', GetGameName(), 'type', GetConvar('gametype', ''));
