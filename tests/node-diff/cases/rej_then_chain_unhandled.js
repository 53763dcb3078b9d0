// Only the end of a rejected chain is unhandled.
process.on('unhandledRejection', (r, p) => console.log('unhandled', r.message, p === tail));
const tail = Promise.reject(new Error('chained')).then(() => 'never').then(() => 'never');
