// Promise.any: first fulfilment wins; all rejected -> AggregateError.
Promise.any([Promise.reject(new Error('a')), Promise.resolve('b'), Promise.resolve('c')])
  .then((v) => console.log('any', v));
Promise.any([Promise.reject(new Error('x')), Promise.reject(new Error('y'))])
  .catch((e) => {
    console.log(e.constructor.name, e instanceof AggregateError);
    console.log(e.errors.map((x) => x.message).join(','));
  });
Promise.any([]).catch((e) => console.log('empty', e.name, e.errors.length));
