// Order of combinator results relative to plain then-chains.
Promise.all([1, 2]).then(() => console.log('all'));
Promise.race([1, 2]).then(() => console.log('race'));
Promise.allSettled([1, 2]).then(() => console.log('allSettled'));
Promise.any([1, 2]).then(() => console.log('any'));
Promise.resolve()
  .then(() => console.log('c1'))
  .then(() => console.log('c2'))
  .then(() => console.log('c3'));
