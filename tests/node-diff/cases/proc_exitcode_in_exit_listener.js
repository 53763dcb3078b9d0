// Setting process.exitCode inside an 'exit' listener changes the final code.
process.on('exit', (c) => {
  console.log('first listener', c);
  process.exitCode = 12;
});
process.on('exit', (c) => console.log('second listener', c, process.exitCode));
