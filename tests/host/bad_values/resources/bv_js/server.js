const t = (what, f) => {
  try { console.log(what, 'ok', f()); } catch (e) { console.log(what, 'error:', e.message); }
};
t('int abc', () => SetResourceKvpInt('b', 'abc'));
t('int 7', () => SetResourceKvpInt('b', 7));
t('int "8x"', () => SetResourceKvpInt('b', '8x'));
t('int after refusals', () => GetResourceKvpInt('b'));
t('int "9"', () => SetResourceKvpInt('b', '9'));
t('int read', () => GetResourceKvpInt('b'));
t('int table', () => SetResourceKvpIntNoSync('b', { a: 1 }));
t('int long string', () => SetResourceKvpInt('b', 'x'.repeat(100)));
t('int true', () => SetResourceKvpInt('t', true));
t('int true read', () => GetResourceKvpInt('t'));
t('float x', () => SetResourceKvpFloat('f', 'x'));
t('float "2.5"', () => SetResourceKvpFloatNoSync('f', '2.5'));
t('float read', () => GetResourceKvpFloat('f'));
t('key with NUL', () => SetResourceKvp('b\0x', 'x'));
t('key with NUL read', () => GetResourceKvpInt('b\0x'));
t('key before the NUL is untouched', () => GetResourceKvpInt('b'));
t('convar ctl', () => SetConvar('a\x01b', '1'));
t('convar ctl read', () => GetConvar('a\x01b', 'unset'));
t('convar name with NUL', () => SetConvar('bv\0x', '1'));
t('convar value with NUL', () => SetConvar('bv_nul', 'a\0b'));
t('convars untouched', () => [GetConvar('bv', 'unset'), GetConvar('bv_nul', 'unset')]);
t('command name with NUL', () => RegisterCommand('bv\0x', () => console.log('bv ran'), false));
t('ExecuteCommand with NUL', () => ExecuteCommand('echo bv\0 tail'));
t('convar ok', () => SetConvarReplicated('bv_ok', '1'));
t('convar ok read', () => GetConvar('bv_ok', 'unset'));
