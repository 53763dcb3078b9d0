// bh_js: answers like a driver after I/O, from its own event loop
// (setImmediate), as in the seed's test resources.
// Row 1: an event answered with an event.
on('bh:ping', (id) => setImmediate(() => emit('bh:pong', id)));
// Row 2: an export whose callback is called later.
exports('later', (cb) => { setImmediate(() => cb(42)); });
