// Extra arguments are passed to timer, interval and immediate callbacks.
setImmediate((a, b) => console.log('immediate', a, b), 'm1', 'm2');
setImmediate(function () {
  console.log('immediate no args', arguments.length);
  setTimeout((a, b, c) => console.log('timeout', a, b, c.x), 1, 'a', 2, { x: 'obj' });
  setTimeout((...r) => console.log('timeout many', r.length, r.join('')), 1, 1, 2, 3, 4, 5, 6, 7);
  const iv = setInterval((a, b) => {
    console.log('interval', a, b);
    clearInterval(iv);
  }, 1, 'i1', 'i2');
});
