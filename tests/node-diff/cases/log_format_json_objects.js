// %j, %o, %O.
console.log('%j', { a: [1, 'x'], b: null });
console.log('%j', 'str');
const c = { };
c.c = c;
console.log('%j', c);
console.log('%O', { a: 1, b: [2] });
console.log('%o', [1]);
console.log('%o', { f: 1 });
