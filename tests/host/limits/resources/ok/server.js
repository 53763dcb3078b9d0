on('onResourceStart', (name) => {
  if (name !== 'luahog') return;
  setTimeout(() => {
    emit('limits:spin');
    console.log('after spin: spin is', GetResourceState('spin'));
    emit('limits:hog');
    emit('limits:luahog');
    emit('limits:luahog2');
    setTimeout(() => {
      console.log('ok alive; spin', GetResourceState('spin'), 'hog', GetResourceState('hog'),
        'luahog', GetResourceState('luahog'));
      ExecuteCommand('quit');
    }, 20);
  }, 10);
});
