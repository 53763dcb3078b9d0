RegisterCommand('ce_calllua', () => {
  exports.ce_luax.boom();
}, false);
RegisterCommand('ce_calljsx', () => {
  exports.ce_jsx.boom();
}, false);
RegisterCommand('ce_asynclua', () => {
  (async () => { await exports.ce_luax.boom(); })(); // no frame of weft's sugar
}, false);
setTimeout(() => {
  for (const c of ['ce_calljs', 'ce_callasync', 'ce_callluax', 'ce_conv', 'ce_pcall', 'ce_calllua', 'ce_calljsx', 'ce_hops', 'ce_asynclua'])
    ExecuteCommand(c);
  setTimeout(() => ExecuteCommand('quit'), 100);
}, 20);
