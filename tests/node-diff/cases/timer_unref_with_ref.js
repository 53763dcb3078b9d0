// An unref'd timer still fires while a ref'd timer keeps the loop alive.
setTimeout(() => console.log('unref 5 ran'), 5).unref();
setTimeout(() => console.log('ref 30 ran'), 30);
setTimeout(() => console.log('unref 2000 NEVER'), 2000).unref();
process.on('exit', () => console.log('exit'));
