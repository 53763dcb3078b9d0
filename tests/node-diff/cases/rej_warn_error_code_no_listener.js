// warn-with-error-code: warning, process continues, exit code 1.
process.on('exit', (c) => console.log('exit', c, process.exitCode));
Promise.reject(new Error('coded'));
setTimeout(() => console.log('timeout runs'), 1);
