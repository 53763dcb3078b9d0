// Invalid JSON in a required .json file throws SyntaxError.
try {
  require('./lib/bad.json');
} catch (e) {
  console.log(e.name, e instanceof SyntaxError);
}
