// Node's ERR_INVALID_ARG_TYPE wording for argument checks of built-ins.
const util = require('util');
const EventEmitter = require('events');
const tries = [
  () => setTimeout('nope'),
  () => util.inherits(function A() {}, {}),
  () => util.inherits(null, function B() {}),
  () => util.promisify(5),
  () => new EventEmitter().on('x', 5),
  () => process.setUncaughtExceptionCaptureCallback('x'),
  () => queueMicrotask(null),
  () => process.nextTick({}),
];
for (const t of tries) {
  try { t(); console.log('no error'); } catch (e) { console.log(e.name, e.code, e.message); }
}
