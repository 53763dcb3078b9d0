on('onResourceStart', (name) => {
  if (name !== GetCurrentResourceName()) return;
  const r = exports.ord_b.callSync((v) => {
    console.log('cb', v);
    process.nextTick(() => console.log('cb tick'));
    Promise.resolve().then(() => console.log('cb micro1')).then(() => console.log('cb micro2'));
    return 'cb result';
  });
  console.log('after call', r);
  Promise.resolve().then(() => console.log('caller micro'));
  process.nextTick(() => console.log('caller tick'));
  setTimeout(() => ExecuteCommand('quit'), 10);
});
