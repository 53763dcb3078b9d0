// Arrays with more than 6 short items are grouped into columns.
console.log([1, 2, 3, 4, 5, 6]);
console.log([1, 2, 3, 4, 5, 6, 7]);
console.log(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']);
console.log([true, false, true, false, true, false, true]);
