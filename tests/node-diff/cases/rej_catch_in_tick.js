// A catch attached in a nextTick still counts as handled in time.
process.on('unhandledRejection', () => console.log('unhandledRejection NEVER'));
const p = Promise.reject(new Error('x'));
process.nextTick(() => p.catch((e) => console.log('caught in tick', e.message)));
process.on('exit', (c) => console.log('exit', c));
