// bh6_prov: calls the caller's callback from its own event loop.
exports('later', (cb) => { setImmediate(() => cb(1)); });
