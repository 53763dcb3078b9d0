// A syntax error in an ES module main file: exit 1, empty stdout.
console.log('NEVER');
let let = 1;
