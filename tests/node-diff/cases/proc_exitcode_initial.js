// process.exitCode is undefined initially.
console.log(process.exitCode);
process.on('exit', (c) => console.log('exit', c, process.exitCode));
