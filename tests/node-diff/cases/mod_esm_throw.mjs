// A throw in an ES module's body: exit 1, 'exit' event.
process.on('exit', (c) => console.log('exit', c));
console.log('before');
throw new Error('esm failure');
