on('limits:spin', () => {
  console.log('spinning');
  let n = 0;
  for (;;) {
    n += 1;
  }
});
