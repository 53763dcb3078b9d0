// Object reasons are inspected into the wrapper's message.
process.on('uncaughtException', (e, origin) => {
  console.log(e.code, origin);
  console.log(e.message.slice(e.message.indexOf('The promise')));
});
Promise.reject({ a: 1, b: 'two' });
