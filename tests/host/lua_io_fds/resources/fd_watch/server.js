// Descriptors of the server process, against a baseline taken with io_leak
// running: stopping it releases its 25 handles, and each restart ends
// where the baseline was.
const fs = require('fs');
const count = () => fs.readdirSync('/proc/self/fd').length;
const steps = ['stop io_leak', 'start io_leak'];
for (let i = 1; i <= 5; i++) steps.push('restart io_leak');
let base = 0, k = -1;
function next() {
  if (k < 0) base = count();
  else console.log(`after '${steps[k]}': ${count() - base} descriptors`);
  if (++k === steps.length) {
    const lines = LoadResourceFile('io_leak', 'held.txt').split('\n').length - 1;
    console.log(`io_leak started ${lines} times`);
    ExecuteCommand('quit');
    return;
  }
  ExecuteCommand(steps[k]);
  setTimeout(next, 20);
}
setTimeout(next, 20);
