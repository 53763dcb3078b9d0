// After an uncaught exception, an 'exit' listener that sets process.exitCode
// decides the exit code, even 0 (issue 14: weft exited 1).
process.on('exit', (code) => {
  console.log('exit', code, process.exitCode);
  process.exitCode = 0;
});
throw new Error('uncaught');
