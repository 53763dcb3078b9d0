// on/once/off with lifecycle events; emitting 'exit' manually just calls listeners.
const removed = () => console.log('removed NEVER');
process.on('exit', removed);
process.off('exit', removed);
process.once('exit', (c) => console.log('once exit', c));
process.on('exit', (c) => console.log('on exit', c));
console.log('exit listeners', process.listenerCount('exit'));
process.emit('exit', 99);
console.log('after manual emit', process.listenerCount('exit'));
