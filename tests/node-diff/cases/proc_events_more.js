// removeListener/removeAllListeners/listeners/on chaining.
const f = () => console.log('f');
const g = () => console.log('g');
console.log(process.on('e1', f).on('e1', g) === process);
console.log(process.listeners('e1').length, process.listeners('e1')[0] === f);
process.removeListener('e1', f);
process.emit('e1');
process.addListener('e1', f);
process.emit('e1');
process.removeAllListeners('e1');
console.log(process.listenerCount('e1'), process.emit('e1'));
