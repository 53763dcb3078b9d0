// a child's stderr pipe is read from the spawn on, though nobody listens: its EOF, 'end' and
// 'close' come in the same turns as Node's, around the exits of children reaped together
const cp = require('child_process');
const log = (...a) => console.log(...a);
const c = cp.spawn('sh', ['-c', 'echo out; echo err >&2; exit 3']);
c.stdout.on('data', d => log('out data', JSON.stringify(String(d))));
c.stdout.on('end', () => log('out end'));
c.stdout.on('close', (h) => log('out close', h));
c.stderr.on('end', () => log('err end'));
c.stderr.on('close', (h) => log('err close', h));
c.stdin.on('close', () => log('in close'));
c.on('exit', (code, s) => { log('exit', code, s); process.nextTick(() => log('exit tick')); });
c.on('close', (code, s) => log('close', code, s));
const k = cp.spawn('sleep', ['10']); k.on('exit', (c, s) => log('killed', c, s)); k.on('close', () => log('killed close')); k.kill('SIGKILL');
cp.exec('exit 4', (e) => log('exec', e.code));
const r = cp.spawnSync('sh', ['-c', 'sleep 0.3; exit 5']);
log('spawnSync', r.status);
setImmediate(() => log('immediate'));
