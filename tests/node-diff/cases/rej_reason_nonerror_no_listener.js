// Non-Error reason with no listener: fatal, exit 1.
process.on('exit', (c) => console.log('exit', c));
Promise.reject(42);
