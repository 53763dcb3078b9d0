RegisterCommand('le_spin', () => {
  while (true) {}
}, false);
