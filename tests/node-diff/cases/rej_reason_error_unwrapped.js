// Error reasons are passed through unwrapped (same object).
const err = new TypeError('typed');
process.on('uncaughtException', (e, origin) => console.log(e === err, e.name, e.code, origin));
Promise.reject(err);
