// Promise.all resolves after all inputs, values in input order.
const later = new Promise((r) => setTimeout(() => r('later'), 5));
Promise.all([1, Promise.resolve(2), later]).then((v) => console.log('all', v));
Promise.all([]).then((v) => console.log('all empty', v));
Promise.all([Promise.resolve(1), Promise.reject(new Error('nope')), later])
  .catch((e) => console.log('all rejected', e.message));
Promise.resolve().then(() => console.log('tick1')).then(() => console.log('tick2'));
