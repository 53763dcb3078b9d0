// strict mode: the rejection is raised as an uncaught exception even if an
// 'unhandledRejection' listener exists.
process.on('unhandledRejection', (r) => console.log('unhandledRejection', r.message));
process.on('exit', (c) => console.log('exit', c));
Promise.reject(new Error('strict'));
