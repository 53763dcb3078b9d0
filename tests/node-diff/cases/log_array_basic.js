// Arrays.
console.log([]);
console.log([1, 2, 3]);
console.log([[]], [[1], [2, [3]]]);
console.log(['a', 1, null]);
