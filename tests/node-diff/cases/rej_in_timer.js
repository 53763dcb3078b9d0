// A rejection created in a timer is reported before the next timer runs.
process.on('unhandledRejection', (r) => console.log('unhandled', r));
setTimeout(() => {
  console.log('timer A');
  Promise.reject('from A');
}, 5);
setTimeout(() => console.log('timer B'), 5);
