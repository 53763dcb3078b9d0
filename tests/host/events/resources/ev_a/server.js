on('greet', (who) => console.log('a1 greet', who, 'invoker', GetInvokingResource()));
on('greet', () => { throw new Error('handler exploded'); });
on('greet', (who) => console.log('a3 greet still runs', who));
on('nest', (d) => {
  console.log('nest', d);
  if (d < 3) emit('nest', d + 1);
  console.log('nest end', d);
});
on('cancelme', () => { console.log('canceled before?', WasEventCanceled()); CancelEvent(); });
on('cancelme', () => console.log('second handler sees canceled', WasEventCanceled()));
onNet('net:hello', (msg) => console.log('net hello', msg, 'source', source, typeof source));
on('local:only', () => console.log('local:only ran, source', source));
const rm = () => console.log('removed handler ran?!');
on('removed', rm);
removeEventListener('removed', rm);
on('async:evt', async (x) => {
  await null;
  console.log('async handler after await', x);
});
