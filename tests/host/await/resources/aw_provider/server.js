// Answers from its own event loop (like a driver after I/O).
on('question', (n) => setImmediate(() => emit('answer', n * 2)));
exports('double', async (x) => { await null; return x * 2; });
exports('callLater', (cb) => { setImmediate(() => cb('from provider')); });
