// EventEmitter methods on process for custom events.
const log = (...a) => console.log(...a);
function a(x, y) { log('a', x, y, this === process); }
function b(x) { log('b', x); }
console.log('emit no listeners:', process.emit('my-event', 1));
process.on('my-event', a);
process.once('my-event', b);
console.log('count', process.listenerCount('my-event'));
console.log('emit returns', process.emit('my-event', 1, 2));
console.log('count after once', process.listenerCount('my-event'));
process.emit('my-event', 3);
console.log('off returns process', process.off('my-event', a) === process);
console.log('count after off', process.listenerCount('my-event'));
console.log('emit after off', process.emit('my-event', 4));
