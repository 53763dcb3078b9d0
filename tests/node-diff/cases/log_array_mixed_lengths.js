// Grouping is skipped when entry lengths differ a lot.
console.log([1, 2, 3, 4, 5, 6, 'a much much longer string entry here']);
console.log(['aa', 'bbbb', 'c', 'dddddd', 'ee', 'f', 'gggggggg', 'h', 'iii']);
