const show = (...a) => console.log(a.map((v) => JSON.stringify(v)).join(' '));
const runs = GetResourceKvpInt('runs') + 1;
SetResourceKvpInt('runs', runs);
show('run', runs, 'last note', GetResourceKvpString('note'));
if (runs === 1) {
  SetResourceKvp('note', 'written in run 1');
  SetResourceKvpFloat('ratio', 0.5);
  SetResourceKvpInt('big', 2 ** 40); // int32, as FiveM
  SetResourceKvpNoSync('ban:1', 'cheater');
  SetResourceKvpNoSync('ban:3', 'spam');
  SetResourceKvp('ban:2', 'griefer');
  SetResourceKvp('temp', 'gone next run');
  FlushResourceKvp();
  DeleteResourceKvp('temp');
  show('types', GetResourceKvpInt('note'), GetResourceKvpString('ratio'), GetResourceKvpFloat('runs'));
  try { SetResourceKvp('', 'x'); } catch (e) { show('refused', e.message); }
  try { SetResourceKvp('k', 12); } catch (e) { show('refused', e.message); }
} else {
  show('ratio', GetResourceKvpFloat('ratio'), 'big', GetResourceKvpInt('big'), 'temp', GetResourceKvpString('temp'));
  const h = StartFindKvp('ban:');
  const keys = [];
  for (let k = FindKvp(h); k; k = FindKvp(h)) keys.push(`${k}=${GetResourceKvpString(k)}`);
  EndFindKvp(h);
  show('bans', keys.join(', '));
  show('other resource key', GetResourceKvpString('lua_only'));
}
setTimeout(() => ExecuteCommand('quit'), 20);
