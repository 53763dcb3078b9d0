// Arrays nested beyond depth 2 print as [Array].
console.log([1, [2, [3, [4, [5]]]]]);
console.log([[[[]]]]);
console.log({ a: [{ b: [1] }] });
