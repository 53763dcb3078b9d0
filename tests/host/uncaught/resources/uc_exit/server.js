process.on('exit', (c) => console.log('exit event, code', c));
console.log('before process.exit');
process.exit(3);
console.log('after process.exit must not print');
