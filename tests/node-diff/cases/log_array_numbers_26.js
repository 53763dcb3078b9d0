// A longer numeric array is laid out in aligned columns.
console.log(Array.from({ length: 26 }, (_, i) => i));
console.log(Array.from({ length: 10 }, (_, i) => i * 1000));
