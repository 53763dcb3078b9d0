// Unhandled-rejection detection happens after the microtask drain, as in Node:
// a catch attached in a nextTick or a microtask is in time; one attached in a
// timer is late ('rejectionHandled').
process.on('unhandledRejection', (reason) => console.log('unhandledRejection:', reason.message));
process.on('rejectionHandled', () => console.log('rejectionHandled (a late catch)'));
const a = Promise.reject(new Error('caught in a tick'));
process.nextTick(() => a.catch(() => console.log('a: caught in time')));
const b = Promise.reject(new Error('caught in a timer'));
setTimeout(() => b.catch(() => console.log('b: caught late')), 1);
