on('onResourceStart', (name) => {
  if (name !== GetCurrentResourceName()) return;
  const fn = exports.sp_provider.getFn();
  console.log('ref before stop:', fn());
  const pending = [exports.sp_provider.slow(), exports.sp_provider.slow()];
  Promise.allSettled(pending).then((rs) => {
    for (const r of rs) console.log(r.status, r.reason && r.reason.message);
    try { exports.sp_provider.sync(); } catch (e) { console.log('export after stop:', e.message); }
    try { fn(); } catch (e) { console.log('ref after stop:', e.message); }
    ExecuteCommand('quit');
  });
  ExecuteCommand('stop sp_provider');
});
