// A console line takes an async id (its stream's afterWrite tick) only when
// no earlier line's tick on that stream is still pending; a write without a
// callback takes none, one with a callback takes one.
const ids = [];
const mark = () => ids.push(+setTimeout(() => {}, 1));
mark();
console.log('a');
mark();
console.log('b');
mark();
setTimeout(() => {
  mark();
  console.log('c');
  mark();
  console.log('d');
  mark();
  process.stdout.write('e\n');
  mark();
  process.stdout.write('f\n', () => {});
  mark();
  process.nextTick(() => {
    console.log('g');
    mark();
    console.log(ids.join(' '));
  });
}, 2);
