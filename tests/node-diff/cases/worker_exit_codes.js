// A worker's exit code: process.exit(n) ends only the worker (n to 'exit';
// code after it does not run); process.exitCode at a natural end; 0 by
// default. The worker's process.env is a copy; workerData and argv arrive.
'use strict';
const { Worker } = require('worker_threads');

process.env.WEFT_DIFF_VAR = 'parent';
const cases = [
  ['exit(3)', `process.exit(3); require('worker_threads').parentPort.postMessage('not reached');`],
  ['exitCode 5', `process.exitCode = 5;`],
  ['natural', `const wt = require('worker_threads');
    wt.parentPort.postMessage([wt.isMainThread, wt.workerData, process.argv.slice(2), process.env.WEFT_DIFF_VAR]);
    process.env.WEFT_DIFF_VAR = 'changed in worker';`],
  ['exit in timer', `setTimeout(() => process.exit(7), 5); setInterval(() => {}, 1000);`],
];

(async () => {
  for (const [name, code] of cases) {
    const w = new Worker(code, { eval: true, workerData: { n: 1 }, argv: ['a', 2] });
    w.on('message', (m) => console.log(name, 'message', JSON.stringify(m)));
    const c = await new Promise((resolve) => w.on('exit', resolve));
    console.log(name, 'exit', c);
  }
  console.log('parent env', process.env.WEFT_DIFF_VAR);
})();
