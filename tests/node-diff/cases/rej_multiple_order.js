// Several unhandled rejections are reported in creation order.
process.on('unhandledRejection', (r) => console.log('unhandled', r));
process.on('exit', (c) => console.log('exit', c));
const a = Promise.reject('first');
const b = new Promise((_, rej) => rej('second'));
Promise.resolve().then(() => Promise.reject('from then'));
const c = Promise.reject('third');
b.catch(() => console.log('b caught'));
