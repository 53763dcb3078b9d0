const range = (n) => Array.from({ length: n }, (_, i) => i);
on('ma:js', () => {
  for (const n of [100, 1000]) {
    console.log(`--- from js, ${n} args`);
    emit('many', ...range(n));
    console.log('lua export:', exports.ma_lua.count(...range(n)));
    console.log('js export:', exports.ma_js.count(...range(n)));
  }
  for (const call of [() => emit('many', ...range(70000)), () => exports.ma_lua.count(...range(70000))]) {
    try { call(); } catch (e) { console.log('70000 args from js:', e.name, e.message); }
  }
  console.log('--- from the console, 100 args');
  ExecuteCommand(`emit many ${JSON.stringify(range(100))}`);
  setTimeout(() => ExecuteCommand('quit'), 50);
});
setTimeout(() => emit('ma:lua'), 10);
