// Nested entries break at a boundary that accounts for indentation.
const s = (n) => 'x'.repeat(n);
console.log({ outer: { k: s(50) }, z: 1 });
console.log({ outer: { k: s(60) }, z: 1 });
console.log({ outer: { k: s(66) } });
