// warn mode: never fatal; a warning goes to stderr; exit 0.
process.on('exit', (c) => console.log('exit', c));
Promise.reject(new Error('warned'));
setTimeout(() => console.log('timeout runs'), 1);
