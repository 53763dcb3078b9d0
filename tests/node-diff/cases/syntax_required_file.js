// A syntax error in a required file throws SyntaxError; it is not cached.
for (let i = 0; i < 2; i++) {
  try {
    require('./lib/syntax_err.js');
  } catch (e) {
    console.log(e.name, e instanceof SyntaxError);
  }
}
console.log('still running');
