// The max-listeners leak warning (once per event), setMaxListeners and
// defaultMaxListeners validation, getMaxListeners.
const EventEmitter = require('events');
const { getMaxListeners, setMaxListeners } = EventEmitter;
process.on('warning', (w) => console.log(w.name, w.count, String(w.type), w.emitter instanceof Emitter, w.message));
class Emitter extends EventEmitter {}
const e = new Emitter();
console.log(e.getMaxListeners(), getMaxListeners(e));
e.setMaxListeners(2);
for (let i = 0; i < 4; i++) e.on('data', () => {});
e.on(Symbol('sym'), () => {});
console.log(getMaxListeners(e));
for (const bad of [-1, NaN, 'x']) {
  try { e.setMaxListeners(bad); } catch (err) { console.log(err.code, err.name); }
}
try { EventEmitter.defaultMaxListeners = -5; } catch (err) { console.log(err.code, err.message); }
const other = new EventEmitter();
setMaxListeners(1, other);
console.log(other.getMaxListeners());
other.on('a', () => {}); other.on('a', () => {});
const zero = new EventEmitter(); zero.setMaxListeners(0);
for (let i = 0; i < 20; i++) zero.on('many', () => {});
console.log('zero means unlimited');
