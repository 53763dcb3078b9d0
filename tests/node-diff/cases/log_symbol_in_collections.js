// Symbols as map keys, set members and values.
const s = Symbol('k');
console.log(new Map([[s, 1]]), new Set([s]));
console.log([Symbol.for('registered')]);
