// captureRejections: a listener's rejected promise becomes an 'error' event
// (or a call of Symbol.for('nodejs.rejection')), on a later tick.
const EventEmitter = require('events');
console.log(EventEmitter.captureRejections, EventEmitter.captureRejectionSymbol === Symbol.for('nodejs.rejection'));
const ee = new EventEmitter({ captureRejections: true });
ee.on('job', async (n) => { throw new Error(`job ${n} failed`); });
ee.on('error', (err) => console.log('error event:', err.message));
ee.emit('job', 1);
console.log('emitted');
class Custom extends EventEmitter {
  [Symbol.for('nodejs.rejection')](err, type, ...args) { console.log('rejection hook:', err.message, type, args); }
}
const c = new Custom({ captureRejections: true });
c.on('go', async () => { throw new Error('custom'); });
c.emit('go', 'a', 2);
const off = new EventEmitter();
off.on('x', async () => { throw new Error('not captured'); });
process.on('unhandledRejection', (err) => console.log('unhandledRejection:', err.message));
off.emit('x');
try { new EventEmitter({ captureRejections: 1 }); } catch (e) { console.log(e.code); }
try { EventEmitter.captureRejections = 'yes'; } catch (e) { console.log(e.code); }
