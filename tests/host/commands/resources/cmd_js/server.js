RegisterCommand('greet', (source, args, raw) => {
  console.log('greet from', source, JSON.stringify(args), 'raw:', raw);
}, false);
RegisterCommand('ban', (source, args) => {
  console.log('ban', args[0], 'reason', args[1]);
}, true);
RegisterCommand('boom', () => {
  throw new Error('command exploded');
});
RegisterCommand('later', async (source, args) => {
  await new Promise((r) => setTimeout(r, 5));
  console.log('later ran after await', args[0]);
  throw new Error('async command failed');
});
try {
  RegisterCommand('bad name', () => {});
} catch (e) {
  console.log('refused:', e.message);
}
try {
  RegisterCommand('nohandler', 42);
} catch (e) {
  console.log('refused:', e.message);
}
