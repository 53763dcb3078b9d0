// process.exitCode sets the code of a natural exit.
process.on('exit', (c) => console.log('exit', c, process.exitCode));
process.exitCode = 9;
console.log('exitCode', process.exitCode);
