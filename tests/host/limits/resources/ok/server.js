on('onResourceStart', (name) => {
  if (name !== 'hog') return;
  setTimeout(() => {
    emit('limits:spin');
    console.log('after spin: spin is', GetResourceState('spin'));
    emit('limits:hog');
    setTimeout(() => {
      console.log('ok alive; spin', GetResourceState('spin'), 'hog', GetResourceState('hog'));
      ExecuteCommand('quit');
    }, 20);
  }, 10);
});
