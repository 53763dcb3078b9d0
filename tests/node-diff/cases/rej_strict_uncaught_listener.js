// strict mode with an 'uncaughtException' handler: handled there, then
// 'unhandledRejection' is emitted too.
process.on('uncaughtException', (e, origin) => console.log('uncaught', e.message, origin));
process.on('unhandledRejection', (r) => console.log('unhandledRejection', r.message));
process.on('exit', (c) => console.log('exit', c));
Promise.reject(new Error('strict'));
setTimeout(() => console.log('timeout runs'), 1);
