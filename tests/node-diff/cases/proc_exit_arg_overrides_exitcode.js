// An explicit exit code overrides process.exitCode.
process.on('exit', (c) => console.log('exit', c, process.exitCode));
process.exitCode = 6;
process.exit(2);
