// A syntax error in the main file: nothing runs, exit 1.
console.log('NEVER');
process.on('exit', () => console.log('exit NEVER'));
const x = ;
