// strict mode, no listeners: fatal, exit 1.
process.on('exit', (c) => console.log('exit', c));
Promise.reject(new Error('strict'));
setTimeout(() => console.log('timeout NEVER'), 1);
