// ES module scope: strict, no CommonJS globals, `this` undefined.
console.log(this === undefined);
console.log(typeof require, typeof module, typeof exports, typeof __filename);
try {
  undeclared = 1;
} catch (e) {
  console.log('strict mode', e.name);
}
