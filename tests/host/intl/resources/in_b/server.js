let restarted = false;
on('onResourceStart', (name) => {
  if (name === 'in_a' && restarted) {
    console.log('in_b after the restart:', new Intl.ListFormat('en').format(['a', 'b', 'c']),
      ['b', 'a', 'ä'].sort(new Intl.Collator('de').compare).join(''),
      new Intl.DateTimeFormat('en-US', { timeZone: 'UTC' }).resolvedOptions().timeZone);
    ExecuteCommand('quit');
  }
  if (name !== GetCurrentResourceName()) return;
  console.log('in_b:', (0.25).toLocaleString('en', { style: 'percent' }), 'a'.localeCompare('b'),
    new Intl.RelativeTimeFormat('en', { numeric: 'auto' }).format(-1, 'day'), typeof Intl);
  restarted = true;
  ExecuteCommand('restart in_a');
});
