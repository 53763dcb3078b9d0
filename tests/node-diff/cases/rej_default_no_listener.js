// Default mode (throw): an unhandled rejection with no listeners is fatal
// (exit 1, 'exit' event with 1); later timers never run.
process.on('exit', (c) => console.log('exit', c));
setTimeout(() => console.log('timeout NEVER'), 1);
Promise.reject(new Error('nobody catches'));
console.log('main');
