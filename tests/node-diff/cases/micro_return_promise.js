// Returning a promise from a then handler costs two extra microtask turns.
Promise.resolve()
  .then(() => { console.log('a1'); return Promise.resolve('x'); })
  .then((v) => console.log('a2', v));
Promise.resolve()
  .then(() => console.log('b1'))
  .then(() => console.log('b2'))
  .then(() => console.log('b3'))
  .then(() => console.log('b4'))
  .then(() => console.log('b5'));
