// A resource stopped with native calls in flight: their results are dropped.
on('nat:stopMe', () => {
  WeftTestAfter(30, 'late').then((v) => console.log('must not print', v));
  WeftTestAfter(40, 'later').then((v) => console.log('must not print', v));
  console.log('two calls in flight, stopping');
  StopResource(GetCurrentResourceName());
});
