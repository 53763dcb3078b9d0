// Booleans, null, undefined, symbols at top level and inside arrays.
console.log(true, false, null, undefined);
console.log(Symbol('foo'), Symbol(), Symbol.iterator, Symbol(''));
console.log([true, null, undefined, Symbol('s')]);
console.log({ u: undefined, n: null, s: Symbol('in obj') });
