// A throw from an 'exit' listener goes to 'uncaughtException'; handled there,
// the process exits 0 as in Node (weft exited 1).
process.on('uncaughtException', (e) => console.log('handled:', e.message));
process.on('exit', (code) => {
  console.log('exit listener', code);
  throw new Error('thrown in exit');
});
console.log('main done');
