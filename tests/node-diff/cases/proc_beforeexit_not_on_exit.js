// 'beforeExit' is not emitted on explicit process.exit().
process.on('beforeExit', () => console.log('beforeExit NEVER'));
process.on('exit', (c) => console.log('exit', c));
setTimeout(() => process.exit(0), 1);
