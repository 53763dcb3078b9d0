const show = (...a) => console.log(a.map((v) => JSON.stringify(v)).join(' '));
show('int', GetConvarInt('n_int', 0), GetConvarInt('n_true', 0), GetConvarInt('n_false', 7),
  GetConvarInt('n_lead', 0), GetConvarInt('n_text', 9), GetConvarInt('missing', 3));
show('float', GetConvarFloat('n_float', 0), GetConvarFloat('n_text', 1.5), GetConvarFloat('n_int', 0));
show('bool', GetConvarBool('n_true', false), GetConvarBool('n_false', true), GetConvarBool('n_text', true),
  GetConvarBool('missing', false));
show('string', GetConvar('n_text', 'd'), GetConvar('missing', 'dflt'), GetConvar('game_mode', ''));
const cookie = AddConvarChangeListener('script:* other', (name, reserved) => {
  show('js listener', name, GetConvar(name, ''), reserved);
});
AddConvarChangeListener(null, (name) => {
  if (name === 'from_lua') show('js sees any change', name, GetConvar(name, ''));
});
SetConvar('js_set', 'yes');
show('set at once', GetConvar('js_set', 'no'));
SetConvarReplicated('js_rep', 1);
SetConvarServerInfo('js_info', 'shown');
show('after set', GetConvar('js_rep', ''), GetConvar('js_info', ''));
on('removeListener', () => RemoveConvarChangeListener(cookie));
try { SetConvar('bad name', 'x'); } catch (e) { show('refused', e.message); }
setTimeout(() => {
  emit('removeListener');
  ExecuteCommand('set script:speed 6');
  ExecuteCommand('quit');
}, 20);
