// Null-prototype objects.
console.log(Object.create(null));
const o = Object.create(null);
o.x = 1;
console.log(o);
console.log({ inner: Object.create(null) });
