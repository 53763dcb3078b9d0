// none mode: silent, no warning, exit 0; the listener is still called.
process.on('warning', (w) => console.log('warning NEVER', w.name));
process.on('unhandledRejection', (r) => console.log('unhandledRejection', r.message));
process.on('exit', (c) => console.log('exit', c));
Promise.reject(new Error('quiet'));
setTimeout(() => console.log('timeout runs'), 1);
