// Plain objects.
console.log({});
console.log({ a: 1, b: 'two', c: true });
console.log({ nested: { x: 1 }, arr: [1, 2] });
