// Throw in the main script without a handler: exit 1, 'exit' event with 1,
// nothing scheduled runs.
process.on('exit', (c) => console.log('exit', c));
process.nextTick(() => console.log('tick NEVER'));
setTimeout(() => console.log('timeout NEVER'), 0);
console.log('before throw');
throw new Error('main');
