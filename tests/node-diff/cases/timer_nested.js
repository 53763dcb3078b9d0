// Nested timeouts run in order of nesting.
setTimeout(() => {
  console.log('level 1');
  setTimeout(() => {
    console.log('level 2');
    setTimeout(() => console.log('level 3'), 1);
    setTimeout(() => console.log('level 3 sibling'), 1);
    process.nextTick(() => console.log('tick in level 2'));
  }, 1);
}, 1);
