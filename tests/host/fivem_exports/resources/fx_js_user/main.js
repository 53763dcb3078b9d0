on('fx:luaDone', async () => {
  console.log('js: several Lua results', JSON.stringify(exports.fx_lib.pair()));
  console.log('js: one result', exports.fx_lib.add(1, 2));
  console.log('js: no result', exports.fx_lib.none());
  console.log('js: pending, several', JSON.stringify(await exports.fx_lib.slow()));
  console.log('js: server_export', exports.fx_lib.legacy('z'));
  console.log('js: __cfx_export_ handler', exports.fx_lib.viaEvent(2));
  console.log('js: JS server_export', exports.fx_jslib.jsLegacy('w'));
  emit('__cfx_export_fx_lib_pair', (fn) => console.log('js: got the Lua export by event', JSON.stringify(fn())));
  try { exports.fx_lib.nope(); } catch (e) { console.log('js: missing', e.message); }
  ExecuteCommand('quit');
});
