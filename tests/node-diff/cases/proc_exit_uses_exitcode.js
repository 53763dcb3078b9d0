// process.exit() with no argument uses process.exitCode.
process.on('exit', (c) => console.log('exit', c));
process.exitCode = 6;
process.exit();
