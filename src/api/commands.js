// weft:lazy RegisterCommand
// commands.js: RegisterCommand sugar for JS resources. A handler's throw or
// rejection is logged with the command's name (the native calls the
// handler from the host, where nobody else would see the error).
{
  const register = RegisterCommand;
  // the script's own frames only (not weft's sugar and internals)
  const own = (e) => (e && e.stack ? e.stack.split('\n').filter((l) => !/@weft\/|weft:internal|\(native\)/.test(l)).join('\n') : String(e));
  const report = (name, e) => console.log(`error in command "${name}": ${own(e)}`);
  globalThis.RegisterCommand = function RegisterCommand(name, handler, restricted) {
    if (typeof handler !== 'function') return register(name, handler, restricted);
    return register(name, (source, args, raw) => {
      try {
        const r = handler(source, args, raw);
        if (r !== null && typeof r === 'object' && typeof r.then === 'function')
          r.then(undefined, (e) => report(name, e));
      } catch (e) {
        report(name, e);
      }
    }, restricted);
  };
}
