exports('callSync', (cb) => {
  console.log('b: before cb');
  const r = cb('x');
  console.log('b: after cb, got', r);
  return 'ret';
});
