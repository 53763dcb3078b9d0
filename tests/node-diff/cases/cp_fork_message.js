// fork: a message round trip over the IPC channel, connected/disconnect,
// the child's exit code; the child side is this same file.
const cp = require('child_process');
if (process.argv[2] === 'child') {
  console.log('child connected', process.connected, typeof process.send);
  process.on('message', (m) => {
    if (m === 'bye') {
      process.disconnect();
      return;
    }
    process.send({ echo: m, n: [1, 'two', null] });
  });
  process.on('disconnect', () => { process.exitCode = 7; });
} else {
  const child = cp.fork(__filename, ['child'], { stdio: ['ignore', 'pipe', 'inherit', 'ipc'] });
  let out = '';
  child.stdout.on('data', (d) => { out += d; });
  console.log('parent connected', child.connected);
  child.on('message', (m) => {
    console.log('parent got', JSON.stringify(m));
    child.send('bye');
  });
  child.on('disconnect', () => console.log('disconnect'));
  child.on('exit', (code, signal) => console.log('exit', code, signal, child.connected));
  child.on('close', () => console.log('close', JSON.stringify(out)));
  console.log('send', child.send({ hello: 'world' }));
}
