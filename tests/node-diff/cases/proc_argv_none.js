// process.argv with no extra args.
console.log(JSON.stringify(process.argv.slice(2)), process.argv.length);
console.log(Array.isArray(process.argv));
