// %s formatting.
console.log('%s|%s|%s', 'str', 42, true);
console.log('%s', null, 'extra');
console.log('%s %s', undefined, Symbol('s'));
console.log('%s', 5n, -0);
console.log('%s', { a: { b: { c: 1 } } });
console.log('%s', [1, [2, [3]]]);
console.log('%s', { toString() { return 'custom'; } });
console.log('%s', new Error('err').message);
