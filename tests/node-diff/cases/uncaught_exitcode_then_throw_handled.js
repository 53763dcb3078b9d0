// process.exitCode set, then an exception caught by a handler: exitCode wins.
process.on('uncaughtException', (e) => console.log('handled', e.message));
process.on('exit', (c) => console.log('exit', c));
process.exitCode = 5;
setTimeout(() => {
  throw new Error('boom');
}, 1);
