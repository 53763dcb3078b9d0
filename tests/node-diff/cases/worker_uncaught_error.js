// An uncaught exception in a worker: the worker's 'exit' listeners run, the
// parent gets 'error' with the error rebuilt (class, message, own
// properties), then 'exit' with code 1. A thrown non-Error value arrives as
// itself. The parent keeps running.
'use strict';
const { Worker } = require('worker_threads');

function run(code) {
  return new Promise((resolve) => {
    const w = new Worker(code, { eval: true });
    w.on('error', (e) => {
      if (e instanceof Error) {
        console.log('error', e.constructor.name, e instanceof TypeError, JSON.stringify(e.message), e.code);
        console.log('stack has the message', String(e.stack).includes(e.message));
      } else {
        console.log('error value', typeof e, e);
      }
    });
    // the worker's messages and its error come on two channels, in no
    // fixed order (in Node too): printed at 'exit'
    const messages = [];
    w.on('message', (m) => messages.push(m));
    w.on('exit', (c) => {
      console.log('messages', JSON.stringify(messages));
      console.log('exit', c);
      resolve();
    });
  });
}

(async () => {
  await run(`
    const { parentPort } = require('worker_threads');
    process.on('exit', (c) => parentPort.postMessage('worker exit listener ' + c));
    const e = new TypeError('bad thing');
    e.code = 'E_BAD';
    throw e;
  `);
  await run('throw 42');
  await run(`setTimeout(() => { Promise.reject(new RangeError('late')); }, 1);`);
  console.log('parent still running');
})();
