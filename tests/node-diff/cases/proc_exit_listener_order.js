// 'exit' listeners run in registration order with the code; `this` is process.
process.on('exit', function (c) { console.log('one', c, this === process); });
process.once('exit', (c) => console.log('two', c));
process.prependListener('exit', (c) => console.log('zero', c));
process.on('exit', (c) => console.log('three', c));
console.log('main');
