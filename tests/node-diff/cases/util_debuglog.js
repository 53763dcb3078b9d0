// util.debuglog: without NODE_DEBUG naming the set the logger prints nothing
// and is not enabled; the callback gets the logger on its first call.
const util = require('util');
const log = util.debuglog('weftcase', (fn) => console.log('cb', typeof fn, fn.enabled));
console.log(typeof log, log.enabled, typeof util.debug);
log('hidden %d', 1);
log('hidden again');
console.log('done');
