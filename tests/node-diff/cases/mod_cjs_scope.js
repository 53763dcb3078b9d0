// The CommonJS wrapper scope.
console.log(typeof require, typeof module, typeof exports);
console.log(this === module.exports, exports === module.exports);
console.log(typeof require.resolve, typeof require.cache);
var topVar = 1;
console.log(typeof globalThis.topVar);
