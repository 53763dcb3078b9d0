// Non-Error reasons are wrapped in an ERR_UNHANDLED_REJECTION error.
process.on('uncaughtException', (e, origin) => {
  console.log(e.code, e.name, origin);
  console.log(e.message);
});
Promise.reject('oops');
