// process.exit() without a code and without exitCode exits 0.
process.on('exit', (c) => console.log('exit', c));
setTimeout(() => process.exit(), 1);
setInterval(() => {}, 1000);
