const vm = require('vm');
const run = (ms) => {
  const t0 = Date.now();
  try {
    vm.runInNewContext('while (true) {}', {}, { timeout: ms });
    console.log('returned');
  } catch (e) {
    console.log('caught', e.name, e.code, e.message, 'within a second:', Date.now() - t0 < ms + 1000);
  }
};
RegisterCommand('vm_short', () => run(200), false);
RegisterCommand('vm_long', () => { run(60000); console.log('not reached'); }, false);
