// Objects containing arrays and arrays containing objects, moderate size.
console.log({ list: [1, 2, 3], empty: [], nested: [[1, 2], [3, 4]] });
console.log([{ a: [] }, { b: {} }]);
