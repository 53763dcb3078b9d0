// os: the informational subset has Node's shapes.
const os = require('os');
console.log(os.EOL === '\n', os.devNull, os.endianness(), os.platform(), os.arch() === process.arch, os.type());
console.log(typeof os.hostname(), typeof os.release(), typeof os.version(), typeof os.machine(), os.tmpdir() === (process.env.TMPDIR || '/tmp').replace(/(.)\/$/, '$1'));
console.log(typeof os.homedir(), os.totalmem() > os.freemem(), os.freemem() > 0, os.uptime() > 0, os.loadavg().length);
const cpus = os.cpus();
console.log(cpus.length > 0, Object.keys(cpus[0]), Object.keys(cpus[0].times), os.availableParallelism() > 0);
console.log(os.networkInterfaces().lo.find((e) => e.family === 'IPv4'));
const u = os.userInfo();
console.log(Object.keys(u), typeof u.uid, Buffer.isBuffer(os.userInfo({ encoding: 'buffer' }).username));
console.log(os.constants.signals.SIGINT, os.constants.signals.SIGTERM, os.constants.errno.ENOENT, os.constants.priority.PRIORITY_LOW, Object.isFrozen(os.constants));
console.log(`${os.platform}`, +os.totalmem === os.totalmem() || 'changing', typeof os.getPriority());
try { os.setPriority(0, 20); } catch (e) { console.log(e.code); }
