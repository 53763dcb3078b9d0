// Arrays of objects.
console.log([{ a: 1 }, { b: 2 }]);
console.log([{ name: 'alice', age: 30 }, { name: 'bob', age: 25 }, { name: 'carol', age: 35 }]);
