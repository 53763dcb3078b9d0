// warn mode, no 'rejectionHandled' listener: handling later emits a
// PromiseRejectionHandledWarning instead.
process.on('warning', (w) => console.log(w.name, '|', w.message.length > 100 ? w.message.slice(0, 40) + '...' : w.message));
process.on('exit', (c) => console.log('exit', c));
const p = Promise.reject('reason');
setTimeout(() => p.catch(() => console.log('caught')), 5);
