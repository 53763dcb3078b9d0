// Default mode with only an 'uncaughtException' listener: the rejection
// reason arrives there with origin 'unhandledRejection'.
process.on('uncaughtException', (e, origin) => console.log('uncaught', e.message, origin));
process.on('exit', (c) => console.log('exit', c));
Promise.reject(new Error('r1'));
setTimeout(() => console.log('timeout runs'), 1);
