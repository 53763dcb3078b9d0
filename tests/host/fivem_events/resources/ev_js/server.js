on('jsEntered', (text) => {
  emit('msg', 'js', text);
  console.log('js entered', text, 'canceled by a hook:', WasEventCanceled());
});
on('lua:done', () => {
  console.log('js: emit returns', emit('msg', 'x', 'y'));
  emit('jsEntered', 'fine');
  emit('jsEntered', 'bad');
  console.log('js: IsDuplicityVersion', IsDuplicityVersion(), 'GetHashKey', GetHashKey('adder'), GetHashKey('prop_bench_01a'), GetHashKey('é'));
  ScheduleResourceTick(GetCurrentResourceName());
  console.log('js: instance id', Number.isInteger(GetInstanceId()), GetInstanceId() > 0);
  ExecuteCommand('quit');
});
