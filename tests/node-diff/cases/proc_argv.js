// process.argv: [execPath, script, ...args].
console.log(JSON.stringify(process.argv.slice(2)));
console.log(process.argv.length, typeof process.argv[0]);
console.log(process.argv[1].split('/').pop());
