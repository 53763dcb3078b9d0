// Mixed argument types are joined with spaces.
console.log('a', 1, { b: 2 }, [3], null, undefined, true);
console.log({ x: 1 }, 'then string');
console.log([1], [2]);
