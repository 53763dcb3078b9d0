// listenerCount(type, listener) counts one listener (once-wrapped too);
// method names are Node's.
const EventEmitter = require('events');
const ee = new EventEmitter();
const f = () => {}, g = () => {};
ee.on('e', f); ee.on('e', f); ee.once('e', f); ee.on('e', g);
console.log(ee.listenerCount('e'), ee.listenerCount('e', f), ee.listenerCount('e', g), ee.listenerCount('e', () => {}));
ee.on('one', g);
console.log(ee.listenerCount('one', g), ee.listenerCount('one', f), EventEmitter.listenerCount(ee, 'e'));
const names = ['on', 'addListener', 'once', 'prependListener', 'prependOnceListener', 'removeListener', 'off',
  'removeAllListeners', 'setMaxListeners', 'getMaxListeners', 'emit', 'listeners', 'rawListeners',
  'listenerCount', 'eventNames'];
console.log(names.map((n) => `${n}:${EventEmitter.prototype[n].name}`).join(' '));
