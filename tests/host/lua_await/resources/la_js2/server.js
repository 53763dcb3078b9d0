// The far end: answers after a turn of its own event loop.
exports('double', async (x) => { await new Promise((r) => setImmediate(r)); return x * 2; });
