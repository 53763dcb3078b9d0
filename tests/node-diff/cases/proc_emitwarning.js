// emitWarning emits 'warning' asynchronously (in a nextTick).
process.on('warning', (w) => console.log('warning:', w.name, '|', w.message, '|', w.code));
process.emitWarning('plain message');
process.emitWarning('typed message', 'CustomWarning');
process.emitWarning('with code', 'CustomWarning', 'WEFT001');
process.emitWarning('options form', { type: 'OptWarning', code: 'OPT1' });
const e = new Error('error object');
e.name = 'MyWarning';
process.emitWarning(e);
Promise.resolve().then(() => console.log('promise'));
process.nextTick(() => console.log('tick'));
console.log('sync');
