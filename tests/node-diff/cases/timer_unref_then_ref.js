// unref followed by ref keeps the process alive again.
const t = setTimeout(() => console.log('fired'), 5);
t.unref();
t.ref();
process.on('exit', () => console.log('exit'));
