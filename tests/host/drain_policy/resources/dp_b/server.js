// Answers from its own event loop.
on('dp:ping', () => setImmediate(() => emit('dp:pong')));
