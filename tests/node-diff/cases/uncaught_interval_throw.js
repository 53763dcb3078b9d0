// A throwing interval with a handler keeps running.
let n = 0;
process.on('uncaughtException', (e) => console.log('handler', e.message));
const iv = setInterval(() => {
  n++;
  if (n === 3) clearInterval(iv);
  throw new Error('run ' + n);
}, 1);
process.on('exit', (c) => console.log('exit', c, n));
