// Circular references.
const a = { name: 'a' };
a.self = a;
console.log(a);
const arr = [1];
arr.push(arr);
console.log(arr);
const x = { y: { } };
x.y.x = x;
console.log(x);
