function x() { return 'x'; }
const y = [1, 2, 3];
const deep = { deep: true };
module.exports = { x, y, z: deep };
