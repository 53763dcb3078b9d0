// process.exit() after an await: nothing queued behind it runs.
(async () => { await null; console.log('a'); process.exit(4); })();
(async () => { await null; console.log('b never'); })();
Promise.resolve().then(() => console.log('c never'));
process.on('exit', (c) => console.log('exit', c));
