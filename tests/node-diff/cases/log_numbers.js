// Number formatting.
console.log(0, -0, 1, -1, 255);
console.log(NaN, Infinity, -Infinity);
console.log(1e21, 1e20, 123456789012345680000);
console.log(0.1 + 0.2, 1.5, -5.25, 1 / 3);
console.log(1e-7, 0.000001, 2 ** 53, -(2 ** 31));
console.log(5e-324, Number.MAX_VALUE);
console.log([0, -0, NaN, 1e21]);
