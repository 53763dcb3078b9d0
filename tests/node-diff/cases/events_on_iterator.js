// events.on(): an async iterator over an emitter's events; 'error' ends it
// with a rejection; return() removes the listeners.
const { on, EventEmitter } = require('events');
const ee = new EventEmitter();
process.nextTick(() => {
  ee.emit('tick', 1);
  ee.emit('tick', 2, 'two');
  ee.emit('tick', 3);
});
(async () => {
  const seen = [];
  for await (const args of on(ee, 'tick')) {
    seen.push(args);
    if (seen.length === 3) break;
  }
  console.log(JSON.stringify(seen), ee.listenerCount('tick'), ee.listenerCount('error'));
  const it = on(ee, 'data');
  process.nextTick(() => ee.emit('error', new Error('boom')));
  try { await it.next(); } catch (e) { console.log('rejected:', e.message); }
  console.log(ee.listenerCount('data'));
})();
