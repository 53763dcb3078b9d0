exports('rejected', () => Promise.reject(new RangeError('already rejected')));
exports('rejectLater', async () => { await null; throw new Error('rejected later'); });
exports('throwValue', async () => { await null; throw { code: 42 }; });
exports('twice', () => new Promise((resolve, reject) => { resolve('first'); resolve('second'); reject(new Error('ignored')); }));
exports('later', async (v) => { await new Promise((r) => setImmediate(r)); return v; });
exports('never', () => new Promise(() => {}));
exports('plain', (v) => `plain ${v}`);
exports('noSuchRes', () => exports.nope.fn());
on('lp:jsSide', async () => {
  // Errors from Lua exports reach JS as Errors with the message and resource.
  for (const name of ['failSync', 'failAfterWait', 'failTable']) {
    try { await exports.lp_lua[name](); console.log('no error?'); }
    catch (e) { console.log(`js caught from ${name}:`, e instanceof Error, e.message || JSON.stringify(e), e.resource); }
  }
  console.log('js: a Lua export returning a promise:', await exports.lp_lua.promised(1));
  try { await exports.lp_lua.promisedReject(); } catch (e) { console.log('js: its rejection:', e.message, e.resource); }
  try { exports.lp_lua.missing(); } catch (e) { console.log('js: missing export:', e.message); }
  // A Lua export pending when its resource stops: rejected, not left hanging.
  const p = exports.lp_slow.forever();
  console.log('js: pending call into lp_slow is a promise:', typeof p.then);
  p.then((v) => console.log('never', v), (e) => console.log('js: pending call rejected:', e.message));
  StopResource('lp_slow');
});
