on('re:x', () => emit('re:x'));
on('re:t', () => TriggerEvent('re:t'));
on('re:b', () => { emit('re:b'); emit('re:b'); });
exports('rec', (n) => exports.re_js.rec(n + 1));
on('re:mixjs', () => emit('re:mixlua'));
RegisterCommand('re_jsx', () => emit('re:x'), false);
RegisterCommand('re_jst', () => TriggerEvent('re:t'), false);
RegisterCommand('re_jsb', () => emit('re:b'), false);
RegisterCommand('re_jsrec', () => { exports.re_js.rec(0); }, false);
RegisterCommand('re_alive', () => console.log('still answering commands'), false);
setTimeout(() => {
  for (const c of ['re_jsx', 're_jst', 're_jsb', 're_jsrec', 're_luax', 're_luab', 're_mix',
                   're_luarec', 're_luaobj', 're_cmdobj', 're_async', 're_asyncu', 're_self', 're_lself', 're_tself', 're_alive'])
    ExecuteCommand(c);
  setTimeout(() => ExecuteCommand('quit'), 100);
}, 20);
// an async export recursion: a caught one is the catch's line only, an
// uncaught one one unhandled rejection
exports('arec', async (n) => await exports.re_js.arec(n + 1));
RegisterCommand('re_async', () => { exports.re_js.arec(0).catch((e) => console.log('re_async caught:', e.message)); }, false);
RegisterCommand('re_asyncu', () => { exports.re_js.arec(0); }, false);
// a command executing itself (a script's ExecuteCommand): reported once, at
// the outermost handler; from a timer, as the timer's uncaught exception
RegisterCommand('re_self', () => ExecuteCommand('re_self'), false);
RegisterCommand('re_tself', () => { setTimeout(() => ExecuteCommand('re_self'), 1); }, false);
