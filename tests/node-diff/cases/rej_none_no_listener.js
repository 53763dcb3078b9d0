// none mode, no listeners: nothing happens, exit 0.
process.on('warning', (w) => console.log('warning NEVER', w.name));
process.on('exit', (c) => console.log('exit', c));
Promise.reject(new Error('quiet'));
setTimeout(() => console.log('timeout runs'), 1);
