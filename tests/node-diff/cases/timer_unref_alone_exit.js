// An unref'd timer alone does not keep the process alive.
setTimeout(() => console.log('unref timer NEVER'), 50).unref();
setInterval(() => console.log('unref interval NEVER'), 10).unref();
process.on('exit', (c) => console.log('exit', c));
console.log('main done');
