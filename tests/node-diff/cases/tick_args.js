// Extra arguments to process.nextTick are passed to the callback.
process.nextTick(function (a, b, c) {
  console.log(a, b, c.x, arguments.length);
}, 1, 'two', { x: 3 });
process.nextTick(function () {
  console.log('no args', arguments.length);
});
process.nextTick((...rest) => console.log('many', rest.join(',')), 1, 2, 3, 4, 5, 6);
process.nextTick((u) => console.log('undefined arg', u, typeof u), undefined);
