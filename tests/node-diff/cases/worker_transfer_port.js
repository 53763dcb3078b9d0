// MessagePorts and ArrayBuffers cross to a worker in a transfer list: the
// worker answers on the transferred port, sends a port of its own back, and
// the ArrayBuffer is detached in the sender. Closing one end closes the
// other across threads.
'use strict';
const { Worker, MessageChannel } = require('worker_threads');

const w = new Worker(`
  const { parentPort, MessageChannel } = require('worker_threads');
  parentPort.once('message', ({ port, buf }) => {
    port.postMessage({ got: new Uint8Array(buf).join(','), len: buf.byteLength });
    const { port1, port2 } = new MessageChannel();
    port1.on('message', (m) => {
      port1.postMessage('echo ' + m);
    });
    port.postMessage({ back: port2 }, [port2]);
    port.on('close', () => { port1.close(); });
  });
`, { eval: true });

const { port1, port2 } = new MessageChannel();
const buf = new Uint8Array([1, 2, 3]).buffer;
w.postMessage({ port: port2, buf }, [port2, buf]);
console.log('sender buffer length', buf.byteLength);
port1.on('message', (m) => {
  if (m.back) {
    m.back.on('message', (x) => {
      console.log('from back port', x);
      m.back.close();
      port1.close();
    });
    m.back.postMessage('hi');
  } else {
    console.log('from worker', m);
  }
});
port1.on('close', () => console.log('port1 closed'));
w.on('exit', (c) => console.log('exit', c));
