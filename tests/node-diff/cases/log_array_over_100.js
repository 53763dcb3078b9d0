// Arrays longer than 100 items are truncated.
console.log(new Array(120).fill(0));
console.log(Array.from({ length: 101 }, (_, i) => i % 10));
