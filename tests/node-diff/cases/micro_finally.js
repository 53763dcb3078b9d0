// finally handlers pass values through and run in order with other reactions.
Promise.resolve('v')
  .finally(() => console.log('finally1'))
  .then((v) => console.log('then after finally', v));
Promise.reject(new Error('e'))
  .finally(() => console.log('finally2'))
  .catch((e) => console.log('catch after finally', e.message));
Promise.resolve()
  .then(() => console.log('x1'))
  .then(() => console.log('x2'))
  .then(() => console.log('x3'))
  .then(() => console.log('x4'));
