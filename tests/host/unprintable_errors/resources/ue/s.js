const bad = () => new Proxy({}, { get() { throw new Error('trap'); }, has() { throw 1; }, getPrototypeOf() { throw 1; } });
const badGetters = () => {
  const e = new Error('x');
  Object.defineProperty(e, 'stack', { get() { throw 1; } });
  Object.defineProperty(e, 'message', { get() { throw 1; } });
  return e;
};
RegisterCommand('ue_proxy', () => { throw bad(); }, false);
RegisterCommand('ue_getters', () => { throw badGetters(); }, false);
on('ue:ev', () => { throw bad(); });
RegisterCommand('ue_alive', () => console.log('still answering commands'), false);
setTimeout(() => {
  ExecuteCommand('ue_proxy');
  ExecuteCommand('ue_getters');
  emit('ue:ev');
  Promise.reject(bad());
  setTimeout(() => { throw bad(); }, 10);
  setTimeout(() => { ExecuteCommand('ue_alive'); ExecuteCommand('quit'); }, 40);
}, 20);
