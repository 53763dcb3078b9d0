// weft:lazy RegisterCommand
// commands.js: RegisterCommand sugar for JS resources. A handler's throw or
// rejection is logged with the command's name (the native calls the
// handler from the host, where nobody else would see the error); a stack
// overflow under a script's ExecuteCommand in another command's handler is
// that caller's.
{
  const register = RegisterCommand;
  // as the host's own error lines: the script's frames only (not weft's
  // sugar and internals), a recursion's frame once (src/js/lib/resource.js)
  const describe = globalThis[Symbol.for('weft.describeError')];
  const report = (name, e) => console.log(`error in command "${name}": ${describe(e)}`);
  globalThis.RegisterCommand = function RegisterCommand(name, handler, restricted) {
    if (typeof handler !== 'function') return register(name, handler, restricted);
    return register(name, (source, args, raw, nested) => {
      try {
        const r = handler(source, args, raw);
        if (r !== null && typeof r === 'object' && typeof r.then === 'function')
          r.then(undefined, (e) => report(name, e));
      } catch (e) {
        // run by a script's ExecuteCommand inside a command: a stack
        // overflow is the caller's (raised again there), so a recursion is
        // reported once, by the outermost command
        if (nested && e instanceof RangeError && e.message === 'Maximum call stack size exceeded')
          throw e;
        report(name, e);
      }
    }, restricted);
  };
}
