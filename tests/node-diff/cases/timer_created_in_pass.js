// A 0ms timer created by a timer callback runs after the other already
// expired timers of the same duration (it is appended, not run in place).
setTimeout(() => {
  console.log('A');
  setTimeout(() => console.log('C (created by A)'), 0);
}, 0);
setTimeout(() => console.log('B'), 0);
setTimeout(() => console.log('D'), 0);
