// child_process.exec: a failing command's error (message, code, killed,
// signal, cmd), stdout/stderr; a killed child's exit code and signal; the
// promisified form.
const cp = require('child_process');
const util = require('util');
cp.exec('echo out; echo err >&2; exit 3', (err, stdout, stderr) => {
  console.log(err instanceof Error, JSON.stringify(err.message), err.code, err.killed, err.signal, err.cmd);
  console.log(Object.keys(err));
  console.log(JSON.stringify(stdout), JSON.stringify(stderr));
  const child = cp.spawn('sleep', ['10']);
  child.on('exit', (code, signal) => {
    console.log('killed child exit', code, signal, child.killed, child.exitCode, child.signalCode);
    child.on('close', (c, s) => console.log('close', c, s));
    util.promisify(cp.exec)('exit 4').catch((e) => {
      console.log('promisified', e.code, JSON.stringify(e.stdout), JSON.stringify(e.stderr));
      cp.exec('sleep 5', { timeout: 50 }, (e2) => console.log('timeout', e2.killed, e2.code, e2.signal));
    });
  });
  console.log('kill', child.kill('SIGKILL'));
});
