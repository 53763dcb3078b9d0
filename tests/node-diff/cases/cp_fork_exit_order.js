// a silent fork, an exec and a killed spawn all end while execSync blocks: each child's
// pipes are read from the spawn on and end (then close) on EOF though nobody reads them
const cp = require('child_process');
if (process.argv[2] === 'child') { process.send({ hi: 1 }); process.exit(7); }
const log = (...a) => console.log(...a);
const f = cp.fork(__filename, ['child'], { silent: true });
f.on('message', m => log('message', JSON.stringify(m)));
f.on('disconnect', () => log('disconnect'));
f.on('exit', (c, s) => log('fork exit', c, s));
f.on('close', (c, s) => log('fork close', c, s));
f.stdout.on('close', () => log('fork stdout close'));
cp.exec('echo e1', (e, so) => log('exec', e, JSON.stringify(so)));
const k = cp.spawn('sleep', ['10']); k.on('exit', (c, s) => log('killed', c, s)); k.kill();
try { cp.execSync('sleep 0.5; exit 1', { stdio: 'pipe' }); } catch (e) { log('execSync threw', e.status); }
