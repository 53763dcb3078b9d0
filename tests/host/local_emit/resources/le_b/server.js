// le_b: also subscribed to 'le:shared', so those emits are packed for it.
on('le:shared', (...args) => {
  console.log('b got', args.length, JSON.stringify(args.map((a) => (typeof a === 'function' ? 'fn' : a))));
});
