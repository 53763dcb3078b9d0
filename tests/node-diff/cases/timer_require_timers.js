// require('timers') exports the same functions as the globals.
const timers = require('timers');
for (const k of ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'setImmediate', 'clearImmediate']) {
  console.log(k, typeof timers[k], timers[k] === globalThis[k]);
}
timers.setTimeout(() => console.log('via module'), 1);
