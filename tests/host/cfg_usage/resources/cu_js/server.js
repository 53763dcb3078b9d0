// A script setting a numeric convar to a value it cannot take: SetConvar
// throws (one line, the value kept); ExecuteCommand logs one line naming
// the resource. The frame tick keeps running at the rate set in server.cfg.
let ticks = 0;
setTick(() => { ticks++; });
try {
  SetConvar('sv_frameRate', '0');
} catch (e) {
  console.log('SetConvar refused:', e.message);
}
ExecuteCommand('set weft_cpuLimitMs -1');
ExecuteCommand('ensure');
console.log('sv_frameRate', GetConvar('sv_frameRate', 'unset'), 'cpu', GetConvar('weft_cpuLimitMs', 'unset'),
  'from_sub', GetConvar('from_sub', 'unset'), 'hostname', GetConvar('sv_hostname', 'unset'));
setTimeout(() => {
  console.log('ticks after 400 ms at 50 Hz > 5:', ticks > 5);
  ExecuteCommand('quit');
}, 400);
