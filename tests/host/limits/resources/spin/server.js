on('limits:spin', () => { console.log('spinning'); for (;;) {} });
