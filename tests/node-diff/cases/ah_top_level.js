const ah = require('async_hooks');
console.log('eid', ah.executionAsyncId(), 'tid', ah.triggerAsyncId());
const top = ah.executionAsyncResource();
console.log(typeof top, top === ah.executionAsyncResource());
process.nextTick(() => console.log('tick eid > 1', ah.executionAsyncId() > 1, 'tid', ah.triggerAsyncId()));
setTimeout(() => console.log('timer tid', ah.triggerAsyncId()), 1);
Promise.resolve().then(() => console.log('then eid', ah.executionAsyncId()));
