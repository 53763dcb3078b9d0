// Default mode with both listeners: only 'unhandledRejection' fires.
process.on('uncaughtException', (e, origin) => console.log('uncaught NEVER', e.message, origin));
process.on('unhandledRejection', (r) => console.log('unhandledRejection', r.message));
process.on('exit', (c) => console.log('exit', c));
Promise.reject(new Error('r1'));
