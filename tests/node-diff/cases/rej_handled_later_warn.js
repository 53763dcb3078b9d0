// warn mode: handling later emits PromiseRejectionHandledWarning.
process.on('warning', (w) => console.log(w.name, '|', w.message));
process.on('rejectionHandled', () => console.log('rejectionHandled'));
process.on('exit', (c) => console.log('exit', c));
const p = Promise.reject('reason');
setTimeout(() => p.catch(() => console.log('caught')), 5);
