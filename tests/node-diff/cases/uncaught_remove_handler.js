// Removing the handler makes later errors fatal again.
function h(e) {
  console.log('handled', e.message);
  process.off('uncaughtException', h);
}
process.on('uncaughtException', h);
process.on('exit', (c) => console.log('exit', c, process.listenerCount('uncaughtException')));
setTimeout(() => { throw new Error('one'); }, 1);
setTimeout(() => { throw new Error('two'); }, 5);
