// os.js: Node's `os` module. The facts come from libuv (src/js/os.c);
// this file shapes them as Node does. Loaded on first require.
'use strict';

if (!internal.validators) natives.loadLib('validators');
const { validateInt32, validateObject } = internal.validators;
const process = internal.process;
// internalBinding('os') (src/js/os.c) under Node's names; the fallible calls
// take Node's context object: a failure fills it ({ errno, code, message,
// syscall }) and this file throws Node's SystemError. Read once here, as
// Node's lib/os.js destructures its binding.
const binding = internal.osBinding();
function checked(fn) {
  return function checkError(...args) {
    const ctx = {};
    const ret = Reflect.apply(fn, binding, [...args, ctx]);
    if (ctx.code !== undefined) {
      if (!internal.internalErrorsModule) natives.loadLib('internal_errors');
      const err = new internal.internalErrorsModule.codes.ERR_SYSTEM_ERROR(ctx);
      Error.captureStackTrace(err, checkError);
      throw err;
    }
    return ret;
  };
}
const b = {
  __proto__: binding,
  homedir: checked(binding.getHomeDirectory),
  hostname: checked(binding.getHostname),
  uname: checked(binding.getOSInformation),
  uptime: checked(binding.getUptime),
  interfaces: checked(binding.getInterfaceAddresses),
  userInfo: checked(binding.getUserInfo),
  getPriority: checked(binding.getPriority),
  setPriority: checked(binding.setPriority),
  cpus: checked(binding.getCPUs),
};

const [sysname, release, version, machine] = b.uname();
const constants = b.constants();

function tmpdir() {
  const env = process.env;
  let path = env.TMPDIR || env.TMP || env.TEMP || '/tmp';
  if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
  return path;
}

function networkInterfaces() {
  const out = Object.create(null);
  for (const [name, address, netmask, family, mac, internalIf, cidr, scopeid] of b.interfaces()) {
    const e = { address, netmask, family, mac, internal: internalIf, cidr };
    if (family === 'IPv6') e.scopeid = scopeid;
    (out[name] || (out[name] = [])).push(e);
  }
  return out;
}

function userInfo(options) {
  if (options !== undefined) validateObject(options, 'options', true);
  const encoding = options ? options.encoding : undefined;
  const info = b.userInfo();
  if (encoding === 'buffer') {
    const enc = (s) => internal.bytes.stringToBytes(s, 'utf8');
    info.username = enc(info.username);
    info.homedir = enc(info.homedir);
    if (info.shell !== null) info.shell = enc(info.shell);
  }
  return info;
}

function getPriority(pid = 0) {
  validateInt32(pid, 'pid');
  return b.getPriority(pid);
}

function setPriority(pid, priority) {
  if (priority === undefined) {
    priority = pid;
    pid = 0;
  }
  validateInt32(pid, 'pid');
  validateInt32(priority, 'priority', -20, 19);
  b.setPriority(pid, priority);
}

const simple = {
  arch: () => process.arch,
  availableParallelism: () => b.availableParallelism(),
  endianness: () => 'LE',
  freemem: () => b.freemem(),
  homedir: () => b.homedir(),
  hostname: () => b.hostname(),
  machine: () => machine,
  platform: () => process.platform,
  release: () => release,
  tmpdir,
  totalmem: () => b.totalmem(),
  type: () => sysname,
  uptime: () => b.uptime(),
  version: () => version,
};
const os = {
  cpus: () => b.cpus(),
  loadavg: () => b.loadavg(),
  networkInterfaces,
  userInfo,
  getPriority,
  setPriority,
};
// As Node: `${os.hostname}` === os.hostname()
for (const name of Object.keys(simple)) {
  const fn = { [name]() { return simple[name](); } }[name];
  fn[Symbol.toPrimitive] = () => fn();
  os[name] = fn;
}
Object.defineProperties(os, {
  constants: { value: constants, enumerable: true, configurable: false, writable: false },
  EOL: { value: '\n', enumerable: true, configurable: true, writable: false },
  devNull: { value: '/dev/null', enumerable: true, configurable: true, writable: false },
});
internal.osModule = os;
