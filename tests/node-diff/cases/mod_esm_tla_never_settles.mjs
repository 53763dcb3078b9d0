// A top-level await that never settles: exit code 13.
process.on('exit', (c) => console.log('exit', c));
console.log('waiting forever');
await new Promise(() => {});
console.log('NEVER');
