// Several circular targets get distinct ref numbers.
const a = { id: 'a' };
const b = { id: 'b', a };
a.b = b;
b.self = b;
console.log(a);
