// spawn and spawnSync of a program that does not exist: Node's error shape
// (errno, code, syscall 'spawn X', path, spawnargs) and the events/results.
const cp = require('child_process');
const r = cp.spawnSync('weft-no-such-program', ['a', 'b']);
console.log(r.status, r.signal, r.output, r.pid, r.stdout, r.stderr);
console.log(r.error.message, r.error.errno, r.error.code, r.error.syscall, r.error.path, r.error.spawnargs);
try {
  cp.execFileSync('weft-no-such-program');
} catch (e) {
  console.log('execFileSync threw', e.code, e.syscall);
}
try {
  cp.execSync('exit 5', { stdio: 'pipe' });
} catch (e) {
  console.log('execSync threw', JSON.stringify(e.message), e.status, e.signal, String(e.stderr));
}
const c = cp.spawn('weft-no-such-program', ['x']);
c.on('spawn', () => console.log('spawn (not expected)'));
c.on('error', (e) => console.log('error', e.message, e.errno, e.code, e.syscall, e.path, e.spawnargs));
c.on('exit', () => console.log('exit (not expected)'));
c.on('close', (code, signal) => console.log('close', code, signal, c.pid));
const ok = cp.spawnSync('sh', ['-c', 'cat; echo err >&2; exit 2'], { input: 'in' });
console.log(ok.status, ok.signal, String(ok.stdout), String(ok.stderr), ok.output.length, ok.output[0]);
const t = cp.spawnSync('sleep', ['5'], { timeout: 50 });
console.log('timeout', t.status, t.signal, t.error.code, t.error.syscall);
console.log(cp.execSync('echo $((6 * 7))', { encoding: 'utf8' }));
