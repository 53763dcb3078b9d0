// process.exit(code) stops the script immediately; 'exit' listeners get code.
process.on('exit', (c) => console.log('exit listener', c));
process.nextTick(() => console.log('tick NEVER'));
setTimeout(() => console.log('timeout NEVER'), 0);
console.log('before exit');
process.exit(3);
console.log('after exit NEVER');
