// Sparse arrays show holes.
console.log([1, , 3]);
console.log(new Array(5));
console.log([, 'a']);
console.log([1, , , , 5, , ]);
const a = [];
a[10] = 'x';
console.log(a);
