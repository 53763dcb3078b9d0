// process.exit inside an 'exit' listener exits right away with that code;
// later 'exit' listeners do not run.
process.on('exit', (c) => {
  console.log('first listener', c);
  process.exit(21);
});
process.on('exit', () => console.log('second listener NEVER'));
