// Map and Set.
console.log(new Map());
console.log(new Set());
console.log(new Map([['a', 1], ['b', { c: 2 }]]));
console.log(new Set([1, 'two', [3]]));
console.log(new Map([[{ k: 1 }, new Set([1])]]));
console.log({ m: new Map([[1, new Map([[2, new Map([[3, 4]])]])]]) });
