// le_a: emits into its own handlers, alone ('le:own') and with le_b
// subscribed too ('le:shared').
const f = () => 'f';
const obj = { a: 1, nested: { b: [1, 2] } };
const show = (a) => {
  if (typeof a === 'function') return a === f ? 'same function' : 'another function';
  if (typeof a === 'object' && a !== null) return `${a === obj ? 'same' : 'copied'} object ${JSON.stringify(a)}`;
  if (Object.is(a, -0)) return '-0';
  return `${typeof a} ${typeof a === 'string' ? JSON.stringify(a) : String(a)}`;
};
for (const name of ['le:own', 'le:shared']) {
  on(name, (...args) => {
    console.log(`${name} ${args.length}: ${args.map(show).join(' | ')}`);
    for (const a of args) if (a !== null && typeof a === 'object') a.a = 'changed by the handler';
  });
}
const cases = [
  [],
  [undefined],
  [1, -0, 1.5, NaN, Infinity, 2 ** 53, -(2 ** 31)],
  [true, false, null],
  ['ascii', '', 'héllo', '😀', 'x'.repeat(2000)],
  [f],
  [obj],
  [10n],
  [f, 1, 'two', undefined, obj],
];
for (const name of ['le:own', 'le:shared']) {
  for (const args of cases) emit(name, ...args);
  console.log(`after ${name}: obj.a = ${obj.a}`);
}
// a handler added while its event is dispatched runs from the next emit on
let added = false;
on('le:add', () => {
  console.log('first handler');
  if (!added) { added = true; on('le:add', () => console.log('second handler')); }
});
emit('le:add');
emit('le:add');
// CancelEvent in a local handler is seen by the emitter
on('le:cancel', () => CancelEvent());
emit('le:cancel', 1);
console.log('canceled:', WasEventCanceled());
ExecuteCommand('quit');
