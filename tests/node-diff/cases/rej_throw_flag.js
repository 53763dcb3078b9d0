// --unhandled-rejections=throw behaves like the default.
process.on('exit', (c) => console.log('exit', c));
process.on('uncaughtException', (e, origin) => console.log('uncaught', e.message, origin));
Promise.reject(new Error('r1'));
