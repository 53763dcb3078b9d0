// __filename / __dirname (basename only, so the output is machine-independent).
console.log(__filename.split('/').pop(), __dirname.split('/').pop());
console.log(__filename.startsWith('/'), __filename.startsWith(__dirname + '/'));
console.log(require('./lib/where.js'));
console.log(require.main === module);
