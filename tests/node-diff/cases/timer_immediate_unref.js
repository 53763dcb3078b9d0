// An unref'd immediate alone does not run.
setImmediate(() => console.log('immediate NEVER')).unref();
process.on('exit', () => console.log('exit'));
console.log('main');
