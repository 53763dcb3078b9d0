// 'uncaughtExceptionMonitor' listeners are called before the handler
// (and before the process dies when there is no handler).
process.on('uncaughtExceptionMonitor', (e, origin) => console.log('monitor', e.message, origin));
process.on('exit', (c) => console.log('exit', c));
throw new Error('fatal');
