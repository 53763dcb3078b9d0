// With throwDeprecation, emitWarning does not throw synchronously: the warning
// is thrown on a later tick, as an uncaught exception.
process.throwDeprecation = true;
process.on('uncaughtException', (e) => console.log('uncaught:', e.name, e.code, e.message));
try {
  process.emitWarning('old API', 'DeprecationWarning', 'DEP_TEST');
  console.log('emitWarning returned');
} catch (e) {
  console.log('threw synchronously');
}
process.nextTick(() => console.log('next tick'));
Promise.resolve().then(() => console.log('microtask'));
