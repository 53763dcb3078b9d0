const cp = require('child_process');
const t0 = Date.now();
const r = cp.spawnSync('sleep', ['10']);
const ms = Date.now() - t0;
console.log('spawnSync sleep 10:', r.error && r.error.code, r.signal, ms >= 1600 && ms < 3900 ? 'cut near 2000 ms' : `took ${ms} ms`);
console.log('shorter timeout kept:', cp.spawnSync('sleep', ['10'], { timeout: 50 }).error.code);
cp.exec('echo hello from sh', (err, out) => {
  console.log('exec:', err, out.trim());
  const child = cp.spawn('sleep', ['30']);
  child.on('spawn', () => {
    emit('kids:child', child.pid);
    ExecuteCommand('stop kids');
  });
});
