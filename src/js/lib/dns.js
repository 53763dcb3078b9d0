// dns.js: Node 20's `dns` module for weft (written from its documented
// behaviour): lookup (the system resolver through libuv's getaddrinfo, with
// family/all/hints/order/verbatim), lookupService (getnameinfo), their
// promise forms (dns.promises, dns/promises) and the constants. The
// resolve* family and Resolver need a DNS client library weft does not link
// (c-ares): they fail with ERR_METHOD_NOT_IMPLEMENTED naming the method.
// Requests are async resources GETADDRINFOREQWRAP / GETNAMEINFOREQWRAP.
'use strict';

const process = internal.process;
if (!internal.netModule) natives.loadLib('net');
const { b, Req, validatePort } = internal.netInternals;
const { validateFunction, validateString, validateOneOf, validateBoolean, validateObject, invalidArgValue } =
  internal.validators;
const makeNodeError = internal.makeNodeError;
const throwType = internal.throwInvalidArgType;
const isIP = internal.netModule.isIP;

const ADDRCONFIG = b.AI_ADDRCONFIG;
const V4MAPPED = b.AI_V4MAPPED;
const ALL = b.AI_ALL;
let defaultOrder = 'verbatim';

// Node's dnsException: ENOTFOUND for "no such name", else the uv code
function dnsException(code, syscall, hostname) {
  const errno = code;
  if (code === b.UV_EAI_NODATA || code === b.UV_EAI_NONAME) code = 'ENOTFOUND';
  else code = b.errname(code);
  const e = new Error(`${syscall} ${code}${hostname ? ` ${hostname}` : ''}`);
  e.errno = errno;
  e.code = code;
  e.syscall = syscall;
  if (hostname) e.hostname = hostname;
  return e;
}

function validHints(hints) {
  if ((hints & ~(ADDRCONFIG | ALL | V4MAPPED)) !== 0) throw invalidArgValue('hints', hints);
}

function parseLookupOptions(options) {
  let family = 0, hints = 0, all = false, order = defaultOrder;
  if (options === undefined || options === null) return { family, hints, all, order };
  if (typeof options === 'number') {
    validateOneOf(options, 'family', [0, 4, 6]);
    return { family: options, hints, all, order };
  }
  validateObject(options, 'options');
  if (options.hints != null) {
    if (typeof options.hints !== 'number') throwType('options.hints', 'number', options.hints);
    hints = options.hints >>> 0;
    validHints(hints);
  }
  if (options.family != null) {
    switch (options.family) {
      case 'IPv4': family = 4; break;
      case 'IPv6': family = 6; break;
      default:
        validateOneOf(options.family, 'options.family', [0, 4, 6]);
        family = options.family;
    }
  }
  if (options.all != null) { validateBoolean(options.all, 'options.all'); all = options.all; }
  if (options.verbatim != null) {
    validateBoolean(options.verbatim, 'options.verbatim');
    order = options.verbatim ? 'verbatim' : 'ipv4first';
  }
  if (options.order != null) {
    validateOneOf(options.order, 'options.order', ['ipv4first', 'ipv6first', 'verbatim']);
    order = options.order;
  }
  return { family, hints, all, order };
}

function sortAddresses(list, order) {
  if (order === 'verbatim') return list;
  const first = order === 'ipv4first' ? 4 : 6;
  return [...list.filter((a) => isIP(a) === first), ...list.filter((a) => isIP(a) !== first)];
}

// lookup(hostname[, options], callback)
function lookup(hostname, options, callback) {
  if (hostname) validateString(hostname, 'hostname');
  if (typeof options === 'function') {
    callback = options;
    options = undefined;
  }
  validateFunction(callback, 'callback');
  const { family, hints, all, order } = parseLookupOptions(options);
  if (!hostname) {
    if (all) process.nextTick(callback, null, []);
    else process.nextTick(callback, null, null, family === 6 ? 6 : 4);
    return {};
  }
  const matched = isIP(hostname);
  if (matched) {
    if (all) process.nextTick(callback, null, [{ address: hostname, family: matched }]);
    else process.nextTick(callback, null, hostname, matched);
    return {};
  }
  const req = new Req('GETADDRINFOREQWRAP', (status, list) => {
    if (status < 0) return callback(dnsException(status, 'getaddrinfo', hostname));
    list = sortAddresses(list, order);
    if (all) return callback(null, list.map((address) => ({ address, family: isIP(address) })));
    if (list.length === 0) return callback(dnsException(b.UV_EAI_NONAME, 'getaddrinfo', hostname));
    callback(null, list[0], isIP(list[0]));
  });
  req.callback = callback;
  req.family = family;
  req.hostname = hostname;
  const err = b.getaddrinfo(req, toASCII(hostname), family, hints);
  if (err) {
    process.nextTick(callback, dnsException(err, 'getaddrinfo', hostname));
    return {};
  }
  return req;
}
Object.defineProperty(lookup, Symbol.for('nodejs.util.promisify.custom'), {
  value: (...args) => promises.lookup(...args), enumerable: false, configurable: true,
});
function toASCII(name) {
  // the system resolver takes IDNA names as given when they are ASCII
  if (/^[\x00-\x7f]*$/.test(name)) return name;
  try { return new URL(`http://${name}`).hostname; } catch { return name; }
}

function lookupService(address, port, callback) {
  if (arguments.length !== 3) {
    throw makeNodeError(TypeError, 'ERR_MISSING_ARGS', 'The "address", "port", and "callback" arguments must be specified');
  }
  validateString(address, 'address');
  if (isIP(address) === 0) throw invalidArgValue('address', address);
  port = validatePort(port);
  validateFunction(callback, 'callback');
  const req = new Req('GETNAMEINFOREQWRAP', (status, v) => {
    if (status < 0) return callback(dnsException(status, 'getnameinfo', address));
    callback(null, v[0], v[1]);
  });
  req.callback = callback;
  req.host = address;
  req.port = port;
  const err = b.getnameinfo(req, address, port);
  if (err) throw dnsException(err, 'getnameinfo', address);
  return req;
}
Object.defineProperty(lookupService, Symbol.for('nodejs.util.promisify.custom'), {
  value: (...args) => promises.lookupService(...args), enumerable: false, configurable: true,
});

// ---- without a DNS client library ------------------------------------------------------
const resolveNames = ['resolve', 'resolve4', 'resolve6', 'resolveAny', 'resolveCaa', 'resolveCname',
  'resolveMx', 'resolveNaptr', 'resolveNs', 'resolvePtr', 'resolveSoa', 'resolveSrv', 'resolveTxt', 'reverse'];
function notImplemented(name) {
  return makeNodeError(Error, 'ERR_METHOD_NOT_IMPLEMENTED',
    `The ${name}() method is not implemented (weft has no DNS client library; dns.lookup uses the system resolver)`);
}
let servers = ['127.0.0.1'];
class Resolver {
  constructor(options) {
    if (options !== undefined) validateObject(options, 'options');
  }
  cancel() {}
  getServers() { return servers.slice(); }
  setServers(list) {
    if (!Array.isArray(list)) throwType('servers', 'Array', list);
    list.forEach((s, i) => {
      validateString(s, `servers[${i}]`);
      if (!isIP(s.replace(/^\[|\](:\d+)?$|:\d+$/g, ''))) {
        throw makeNodeError(TypeError, 'ERR_INVALID_IP_ADDRESS', `Invalid IP address: ${s}`);
      }
    });
    servers = list.slice();
  }
  setLocalAddress() {}
}
for (const name of resolveNames) {
  Resolver.prototype[name] = function (hostname, ...args) {
    validateString(hostname, name === 'reverse' ? 'ip' : 'name');
    const cb = args[args.length - 1];
    validateFunction(cb, 'callback');
    throw notImplemented(name);
  };
}
const defaultResolver = new Resolver();

function promiseLookup(hostname, options) {
  if (hostname) validateString(hostname, 'hostname');
  parseLookupOptions(options); // throws synchronously for bad options, as Node
  return new Promise((resolve, reject) => {
    lookup(hostname, options, (err, address, family) => {
      if (err) return reject(err);
      const all = options && typeof options === 'object' && options.all;
      resolve(all ? address : { address, family });
    });
  });
}
function promiseLookupService(address, port) {
  if (arguments.length !== 2) {
    throw makeNodeError(TypeError, 'ERR_MISSING_ARGS', 'The "address" and "port" arguments must be specified');
  }
  return new Promise((resolve, reject) => {
    lookupService(address, port, (err, hostname, service) => (err ? reject(err) : resolve({ hostname, service })));
  });
}
class PromiseResolver extends Resolver {}
for (const name of resolveNames) {
  PromiseResolver.prototype[name] = function (hostname) {
    validateString(hostname, name === 'reverse' ? 'ip' : 'name');
    return Promise.reject(notImplemented(name));
  };
}
const promiseDefault = new PromiseResolver();

const codes = {
  NODATA: 'ENODATA', FORMERR: 'EFORMERR', SERVFAIL: 'ESERVFAIL', NOTFOUND: 'ENOTFOUND',
  NOTIMP: 'ENOTIMP', REFUSED: 'EREFUSED', BADQUERY: 'EBADQUERY', BADNAME: 'EBADNAME',
  BADFAMILY: 'EBADFAMILY', BADRESP: 'EBADRESP', CONNREFUSED: 'ECONNREFUSED', TIMEOUT: 'ETIMEOUT',
  EOF: 'EOF', FILE: 'EFILE', NOMEM: 'ENOMEM', DESTRUCTION: 'EDESTRUCTION', BADSTR: 'EBADSTR',
  BADFLAGS: 'EBADFLAGS', NONAME: 'ENONAME', BADHINTS: 'EBADHINTS', NOTINITIALIZED: 'ENOTINITIALIZED',
  LOADIPHLPAPI: 'ELOADIPHLPAPI', ADDRGETNETWORKPARAMS: 'EADDRGETNETWORKPARAMS', CANCELLED: 'ECANCELLED',
};

function setDefaultResultOrder(order) {
  validateOneOf(order, 'dnsOrder', ['verbatim', 'ipv4first', 'ipv6first']);
  defaultOrder = order;
}
function getDefaultResultOrder() { return defaultOrder; }

const promises = {
  lookup: promiseLookup,
  lookupService: promiseLookupService,
  Resolver: PromiseResolver,
  getServers: () => promiseDefault.getServers(),
  setServers: (s) => promiseDefault.setServers(s),
  setDefaultResultOrder,
  getDefaultResultOrder,
  ...codes,
};
for (const name of resolveNames) promises[name] = promiseDefault[name].bind(promiseDefault);

internal.dnsModule = {
  lookup,
  lookupService,
  Resolver,
  getServers: () => defaultResolver.getServers(),
  setServers: (s) => defaultResolver.setServers(s),
  setDefaultResultOrder,
  getDefaultResultOrder,
  ADDRCONFIG,
  ALL,
  V4MAPPED,
  ...codes,
  promises,
};
for (const name of resolveNames) internal.dnsModule[name] = defaultResolver[name].bind(defaultResolver);
