module.exports = {
  add: (a, b) => a + b,
  name: 'math',
};
