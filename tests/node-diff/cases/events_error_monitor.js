// events.errorMonitor listeners see an 'error' before the 'error' listeners,
// and do not count as handling it.
const EventEmitter = require('events');
const { errorMonitor } = EventEmitter;
console.log(typeof errorMonitor, errorMonitor === require('node:events').errorMonitor);
const ee = new EventEmitter();
ee.on(errorMonitor, (err) => console.log('monitor saw', err.message));
ee.on('error', (err) => console.log('handler got', err.message));
ee.emit('error', new Error('first'));
const bare = new EventEmitter();
bare.on(errorMonitor, (err) => console.log('monitor saw', err.message));
try { bare.emit('error', new Error('unhandled')); } catch (e) { console.log('thrown:', e.message); }
