// Arrays with extra non-index properties.
const a = [1, 2];
a.foo = 'bar';
console.log(a);
const b = [];
b.k = 1;
console.log(b);
