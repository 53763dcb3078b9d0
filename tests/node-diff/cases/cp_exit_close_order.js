// two children exit while execFileSync blocks: the killed one's 'exit' comes before
// exec's callback, which waits for its stdio pipes' 'close' (the handles' close callbacks)
const cp = require('child_process');
cp.exec('echo async; exit 2', (e, so) => console.log('exec', e && e.code, JSON.stringify(so)));
const k = cp.spawn('sleep', ['10']); k.on('exit', (c, s) => console.log('killed', c, s)); k.kill();
try { cp.execFileSync('false'); } catch (e) { console.log('sync threw', e.status); }
