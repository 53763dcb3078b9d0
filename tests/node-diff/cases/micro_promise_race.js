// Promise.race settles with the first settled input.
const fast = new Promise((r) => setTimeout(() => r('fast'), 5));
const slow = new Promise((r) => setTimeout(() => r('slow'), 50));
Promise.race([slow, fast]).then((v) => console.log('race', v));
Promise.race([slow, Promise.resolve('immediate')]).then((v) => console.log('race2', v));
Promise.race([Promise.reject(new Error('first')), Promise.resolve('second')])
  .then((v) => console.log('unexpected', v), (e) => console.log('race3 rejected', e.message));
