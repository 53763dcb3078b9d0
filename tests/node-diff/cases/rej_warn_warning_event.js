// warn mode: 'warning' listeners receive UnhandledPromiseRejectionWarning
// (first the reason, then the explanation with a rejection id).
process.on('warning', (w) => console.log(w.name, '|', w.message));
process.on('exit', (c) => console.log('exit', c));
Promise.reject('plain string reason');
