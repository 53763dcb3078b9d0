// In a timer callback, setImmediate wins over setTimeout(0) queued there.
setTimeout(() => {
  console.log('outer timeout');
  setTimeout(() => console.log('inner timeout 0'), 0);
  setImmediate(() => console.log('inner immediate'));
  process.nextTick(() => console.log('inner tick'));
}, 1);
