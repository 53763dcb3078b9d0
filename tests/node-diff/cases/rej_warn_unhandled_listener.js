// warn mode with a listener: the listener is called; exit 0.
process.on('unhandledRejection', (r) => console.log('unhandledRejection', r.message));
process.on('warning', (w) => console.log('warning', w.name));
process.on('exit', (c) => console.log('exit', c));
Promise.reject(new Error('warned'));
