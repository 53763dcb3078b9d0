// weft:lazy AddConvarChangeListener
// convar.js: AddConvarChangeListener for JS resources. A listener's throw or
// rejection is logged with the convar's name (the host calls it, where
// nobody else would see the error); a stack overflow is the setter's
// (SetConvar rethrows it, so a listener setting its own convar is one report).
{
  const add = AddConvarChangeListener;
  const describe = globalThis[Symbol.for('weft.describeError')];
  globalThis.AddConvarChangeListener = function AddConvarChangeListener(filter, handler) {
    if (typeof handler !== 'function') return add(filter, handler);
    return add(filter, (name, ...rest) => {
      const report = (e) => console.log(`error in convar change listener for "${name}": ${describe(e)}`);
      try {
        const r = handler(name, ...rest);
        if (r !== null && typeof r === 'object' && typeof r.then === 'function') r.then(undefined, report);
      } catch (e) {
        if (e instanceof RangeError && e.message === 'Maximum call stack size exceeded') throw e;
        report(e);
      }
    });
  };
}
