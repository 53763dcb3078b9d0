// Top-level strings print raw; multiple args are joined by spaces.
console.log('hello');
console.log('a', 'b', 'c');
console.log('');
console.log('line1\nline2');
console.log('tab\there', "quote's", 'dq"s');
console.log();
console.log('end');
