// A catch attached synchronously: no event at all.
process.on('unhandledRejection', () => console.log('unhandledRejection NEVER'));
process.on('rejectionHandled', () => console.log('rejectionHandled NEVER'));
const p = Promise.reject(new Error('x'));
p.catch((e) => console.log('caught', e.message));
