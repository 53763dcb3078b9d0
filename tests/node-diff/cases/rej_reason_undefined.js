// An undefined rejection reason is wrapped too.
process.on('uncaughtException', (e, origin) => {
  console.log(e.code, origin);
  console.log(e.message.slice(e.message.indexOf('The promise')));
});
Promise.reject();
