// worker.terminate() stops a worker that never returns to its loop (a busy
// loop) and resolves with exit code 1; 'exit' fires once, after which
// terminate() resolves with undefined.
'use strict';
const { Worker } = require('worker_threads');

const w = new Worker(`
  const { parentPort } = require('worker_threads');
  parentPort.postMessage('spinning');
  for (;;) {}
`, { eval: true });
let exits = 0;
w.on('exit', (code) => {
  exits++;
  console.log('exit event', code, 'threadId after exit', w.threadId);
});
w.on('message', async (m) => {
  console.log('message', m);
  const code = await w.terminate();
  console.log('terminate resolved', code, 'exits', exits);
  console.log('terminate again', await w.terminate());
});
