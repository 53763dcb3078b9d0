// %d, %i and %f.
console.log('%d %d %d %d', 42, '42', 'abc', 1.5);
console.log('%d %d', 5n, -0);
console.log('%i %i %i %i', 1.9, -1.9, '12.7px', 5n);
console.log('%f %f %f', '1.5x', 2, 'abc');
console.log('%d', {});
