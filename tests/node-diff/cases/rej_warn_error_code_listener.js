// warn-with-error-code with a listener: listener called, exit 0.
process.on('unhandledRejection', (r) => console.log('unhandledRejection', r.message));
process.on('warning', (w) => console.log('warning NEVER', w.name));
process.on('exit', (c) => console.log('exit', c));
Promise.reject(new Error('coded'));
