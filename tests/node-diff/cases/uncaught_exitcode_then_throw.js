// process.exitCode set, then an uncaught exception with no handler.
process.on('exit', (c) => console.log('exit', c));
process.exitCode = 5;
throw new Error('boom');
