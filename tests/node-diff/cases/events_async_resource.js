// EventEmitterAsyncResource: listeners run in the async context the emitter
// was created in.
const { EventEmitterAsyncResource } = require('events');
const { AsyncLocalStorage, executionAsyncId } = require('async_hooks');
const als = new AsyncLocalStorage();
let ee;
als.run('creator', () => { ee = new EventEmitterAsyncResource({ name: 'Demo' }); });
ee.on('ping', () => console.log('store in listener:', als.getStore(), executionAsyncId() === ee.asyncId));
als.run('emitter', () => ee.emit('ping'));
console.log(ee.asyncResource.constructor.name !== undefined, typeof ee.triggerAsyncId, ee.asyncResource.eventEmitter === ee);
class Named extends EventEmitterAsyncResource {}
console.log(new Named().asyncResource.type);
