// removeAllListeners() announces each removal through 'removeListener'
// (last added first), and 'removeListener' itself last.
const EventEmitter = require('events');
const ee = new EventEmitter();
const a = () => {}, b = () => {}, c = () => {};
ee.on('x', a); ee.on('x', b); ee.once('y', c);
ee.on('removeListener', (name, fn) => console.log('removed', name, fn === a ? 'a' : fn === b ? 'b' : fn === c ? 'c' : fn.name || 'the removeListener listener'));
ee.removeAllListeners('x');
console.log(ee.listenerCount('x'), ee.eventNames());
ee.on('x', a);
ee.removeAllListeners();
console.log(ee.eventNames());
