// 'beforeExit' is not emitted when the process dies of an uncaught exception.
process.on('beforeExit', () => console.log('beforeExit NEVER'));
process.on('exit', (c) => console.log('exit', c));
setTimeout(() => { throw new Error('die'); }, 1);
