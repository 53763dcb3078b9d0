// Default mode with an 'unhandledRejection' listener: handling later without
// a 'rejectionHandled' listener emits a PromiseRejectionHandledWarning.
process.on('unhandledRejection', (r) => console.log('unhandledRejection', r));
process.on('warning', (w) => console.log('warning', w.name, '|', w.message));
process.on('exit', (c) => console.log('exit', c));
const p = Promise.reject('reason');
setTimeout(() => p.catch(() => console.log('caught')), 5);
