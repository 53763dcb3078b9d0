// process.setUncaughtExceptionCaptureCallback takes uncaught exceptions
// instead of 'uncaughtException' listeners.
console.log(process.hasUncaughtExceptionCaptureCallback());
try { process.setUncaughtExceptionCaptureCallback(42); } catch (e) { console.log(e.code, e.message); }
process.on('uncaughtException', () => console.log('listener: not expected'));
process.on('uncaughtExceptionMonitor', (err, origin) => console.log('monitor', err.message, origin));
process.setUncaughtExceptionCaptureCallback((err) => {
  console.log('captured:', err.message);
  if (err.message === 'second') {
    process.setUncaughtExceptionCaptureCallback(null);
    console.log(process.hasUncaughtExceptionCaptureCallback());
  }
});
try { process.setUncaughtExceptionCaptureCallback(() => {}); } catch (e) { console.log(e.code); }
console.log(process.hasUncaughtExceptionCaptureCallback());
setTimeout(() => { throw new Error('second'); }, 1);
throw new Error('first');
