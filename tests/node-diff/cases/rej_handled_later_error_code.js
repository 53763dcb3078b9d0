// warn-with-error-code: handling the rejection later does not reset the
// exit code.
process.on('rejectionHandled', () => console.log('rejectionHandled'));
process.on('exit', (c) => console.log('exit', c));
const p = Promise.reject(new Error('x'));
setTimeout(() => p.catch(() => console.log('caught')), 5);
