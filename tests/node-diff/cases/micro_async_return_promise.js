// An async function returning a promise resolves later than one returning a value.
async function retValue() { return 'value'; }
async function retPromise() { return Promise.resolve('promise'); }
retPromise().then((v) => console.log(v));
retValue().then((v) => console.log(v));
Promise.resolve()
  .then(() => console.log('t1'))
  .then(() => console.log('t2'))
  .then(() => console.log('t3'))
  .then(() => console.log('t4'));
