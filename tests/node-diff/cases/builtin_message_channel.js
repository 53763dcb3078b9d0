// MessageChannel / MessagePort: order against ticks, microtasks and
// immediates; transfer lists; close on both sides; receiveMessageOnPort.
const { MessageChannel, receiveMessageOnPort, isMainThread, parentPort } = require('worker_threads');
console.log(isMainThread, parentPort, typeof MessagePort, typeof BroadcastChannel);
const { port1, port2 } = new MessageChannel();
// the closes below run 20 ms after the third delivery (a timer started at
// load could fire before the first poll on a busy machine, and node would
// then drop the queued messages with the port)
let delivered = 0;
const closeLater = () => { if (++delivered === 3) setTimeout(closeBoth, 20); };
port1.onmessage = (e) => {
  closeLater();
  console.log('port1 got', e.constructor.name, e.data);
  Promise.resolve().then(() => console.log('micro after', e.data));
  process.nextTick(() => console.log('tick after', e.data));
};
port2.on('message', (v) => { closeLater(); console.log('port2 got', v); });
port2.postMessage({ a: [1, 2], m: new Map([[1, 'x']]) });
port2.postMessage('second');
port1.postMessage('to port2');
setImmediate(() => console.log('immediate'));
process.nextTick(() => console.log('tick'));
Promise.resolve().then(() => console.log('micro'));

const ab = new ArrayBuffer(8);
const { port1: a, port2: b } = new MessageChannel();
b.postMessage(ab, [ab]);
console.log('sender byteLength', ab.byteLength);
const got = receiveMessageOnPort(a);
console.log('received', got.message.byteLength, receiveMessageOnPort(a));
for (const bad of [() => b.postMessage(1, [b]), () => b.postMessage(() => 1), () => b.postMessage(1, [{}]), () => b.postMessage()]) {
  try { bad(); } catch (e) { console.log(e.name, e.code, e.message); }
}
a.close(); // b is unstarted: it gets no 'close'
a.on('close', () => console.log('a closed'));

function closeBoth() {
  port1.on('close', () => console.log('port1 close'));
  port2.on('close', () => console.log('port2 close'));
  port1.close();
  port1.postMessage('dropped');
}
