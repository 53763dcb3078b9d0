// Objects nested beyond depth 2 print as [Object].
console.log({ a: { b: { c: { d: 1 } } } });
console.log({ a: { b: { c: {} } } });
console.log({ l1: { l2: { l3: [1] } } });
