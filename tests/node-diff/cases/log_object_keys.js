// Keys that need quotes, numeric keys (sorted first), symbol keys.
console.log({ 'a-b': 1, 'c d': 2, valid_$: 3, '': 4, '1x': 5 });
console.log({ b: 1, 2: 'two', a: 2, 1: 'one' });
console.log({ [Symbol('sym')]: 1, plain: 2 });
console.log({ [Symbol()]: 'anon', [Symbol.iterator]: 'it' });
console.log({ "it's": 1 });
