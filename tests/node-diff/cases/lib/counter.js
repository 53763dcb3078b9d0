console.log('counter body ran');
let count = 0;
exports.inc = () => ++count;
