// require of a .json file returns the parsed object (cached).
const data = require('./lib/data.json');
console.log(data.name, data.list, data.nested.ok);
console.log(require('./lib/data.json') === data);
