// dns.js: Node 20's `dns` module for weft (written from its documented
// behaviour): lookup (the system resolver through libuv's getaddrinfo, with
// family/all/hints/order/verbatim), lookupService (getnameinfo), their
// promise forms (dns.promises, dns/promises) and the constants; the
// resolve* family, reverse and Resolver (callback and promise forms) as DNS
// queries on c-ares channels (natives.binding('cares'), dns_cares.c), one per
// Resolver, answers delivered a loop turn later. Requests are async resources
// GETADDRINFOREQWRAP / GETNAMEINFOREQWRAP / QUERYWRAP, channels DNSCHANNEL;
// each completed lookup or query is a 'dns' PerformanceEntry when observed.
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

// 'dns' PerformanceEntries (perf_hooks defines the hooks when loaded)
function hasObserver(type) { return internal.perfObserved !== undefined && internal.perfObserved(type); }
function perfStart() { return hasObserver('dns') ? internal.perfNow() : undefined; }
function perfStop(start, name, detail) {
  if (start !== undefined && hasObserver('dns')) internal.perfEntry(name, 'dns', start, detail);
}

// Node's dnsException: ENOTFOUND for "no such name", else the uv code
// (a c-ares answer's code is already a name: errno undefined)
function dnsException(code, syscall, hostname) {
  let errno;
  if (typeof code === 'number') {
    errno = code;
    if (code === b.UV_EAI_NODATA || code === b.UV_EAI_NONAME) code = 'ENOTFOUND';
    else code = b.errname(code);
  }
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
  const start = perfStart();
  const req = new Req('GETADDRINFOREQWRAP', (status, list) => {
    if (status < 0) return callback(dnsException(status, 'getaddrinfo', hostname));
    list = sortAddresses(list, order);
    if (all) callback(null, list.map((address) => ({ address, family: isIP(address) })));
    else if (list.length === 0) return callback(dnsException(b.UV_EAI_NONAME, 'getaddrinfo', hostname));
    else callback(null, list[0], isIP(list[0]));
    perfStop(start, 'lookup', { hostname, family, hints, verbatim: order === 'verbatim', order, addresses: list });
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
  const start = perfStart();
  const req = new Req('GETNAMEINFOREQWRAP', (status, v) => {
    if (status < 0) return callback(dnsException(status, 'getnameinfo', address));
    callback(null, v[0], v[1]);
    perfStop(start, 'lookupService', { host: address, port, hostname: v[0], service: v[1] });
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

// ---- queries: c-ares channels (dns_cares.c) ------------------------------------------------
const { validateInt32 } = internal.validators;
function validateArray(v, name) { if (!Array.isArray(v)) throwType(name, 'Array', v); }
const { initAsync } = internal.netInternals;
let cares;
let channelProto;
// natives.binding('cares') on the first Resolver (it loads libcares), with Node's
// ChannelWrap method names over the native query(req, type, name)
function caresBinding() {
  if (cares) return cares;
  cares = natives.binding('cares');
  return cares;
}
const queryTypes = { queryAny: 'ANY', queryA: 'A', queryAaaa: 'AAAA', queryCaa: 'CAA', queryCname: 'CNAME',
  queryMx: 'MX', queryNs: 'NS', queryTxt: 'TXT', querySrv: 'SRV', queryPtr: 'PTR', queryNaptr: 'NAPTR',
  querySoa: 'SOA' };
function newChannel(timeout, tries) {
  const h = caresBinding().newChannel(timeout, tries);
  if (!channelProto) {
    channelProto = Object.getPrototypeOf(h);
    for (const [name, type] of Object.entries(queryTypes)) {
      Object.defineProperty(channelProto, name, {
        value: function (req, hostname) { return this.query(req, type, hostname); },
        writable: true, configurable: true,
      });
    }
  }
  initAsync(h, 'DNSCHANNEL');
  return h;
}


class ResolverBase {
  constructor(options = undefined) {
    const { timeout = -1, tries = 4 } = { ...options };
    validateInt32(timeout, 'options.timeout', -1);
    validateInt32(tries, 'options.tries', 1);
    this._handle = newChannel(timeout, tries);
  }
  cancel() { this._handle.cancel(); }
  getServers() {
    return (this._handle.getServers() || []).map((val) => {
      if (!val[1] || val[1] === 53) return val[0];
      return `${isIP(val[0]) === 6 ? `[${val[0]}]` : val[0]}:${val[1]}`;
    });
  }
  setServers(servers) {
    validateArray(servers, 'servers');
    const newSet = [];
    servers.forEach((serv, index) => {
      validateString(serv, `servers[${index}]`);
      let v = isIP(serv);
      if (v !== 0) return newSet.push([v, serv, 53]);
      const bracket = /^\[([^[\]]*)\](?::(\d+))?$/.exec(serv);
      if (bracket && isIP(bracket[1]) === 6) return newSet.push([6, bracket[1], parseInt(bracket[2], 10) || 53]);
      const split = /^(.+?)(?::(\d+))?$/.exec(serv);
      if (split && (v = isIP(split[1])) !== 0) return newSet.push([v, split[1], parseInt(split[2] || '53', 10)]);
      throw makeNodeError(TypeError, 'ERR_INVALID_IP_ADDRESS', `Invalid IP address: ${serv}`);
    });
    const orig = (this._handle.getServers() || []).map((val) => [isIP(val[0]), val[0], val[1]]);
    const errno = this._handle.setServers(newSet);
    if (errno !== 0) {
      this._handle.setServers(orig);
      throw makeNodeError(Error, 'ERR_DNS_SET_SERVERS_FAILED',
        `c-ares failed to set servers: "${caresBinding().strerror(errno)}" [${servers}]`);
    }
  }
  setLocalAddress(ipv4, ipv6) {
    validateString(ipv4, 'ipv4');
    if (ipv6 !== undefined) validateString(ipv6, 'ipv6');
    let v4 = null, v6 = null;
    for (const ip of ipv6 === undefined ? [ipv4] : [ipv4, ipv6]) {
      const v = isIP(ip);
      if (v === 0) throw makeNodeError(TypeError, 'ERR_INVALID_ARG_VALUE', 'Invalid IP address.');
      if ((v === 4 && v4 !== null) || (v === 6 && v6 !== null)) {
        throw makeNodeError(TypeError, 'ERR_INVALID_ARG_VALUE', `Cannot specify two IPv${v} addresses.`);
      }
      if (v === 4) v4 = ip; else v6 = ip;
    }
    this._handle.setLocalAddress(v4, v6);
  }
}

// Node's QueryReqWrap: an async resource QUERYWRAP whose oncomplete gets
// (code or 0, [result, ttls]); it holds its channel until answered.
function startQuery(resolver, bindingName, name, ttl, done) {
  const start = perfStart();
  const req = new Req('QUERYWRAP', (code, value) => {
    let result = value && value[0];
    const ttls = value && value[1];
    if (code) return done(dnsException(code, bindingName, name));
    if (ttls && ttl) result = result.map((address, i) => ({ address, ttl: ttls[i] }));
    done(null, result);
    perfStop(start, bindingName, { host: name, ttl, result });
  });
  req.bindingName = bindingName;
  req.hostname = name;
  req.ttl = ttl;
  req.channel = resolver._handle;
  const err = resolver._handle[bindingName](req, toASCII(name));
  if (err) throw dnsException(err, bindingName, name);
  return req;
}

const bindingNames = {
  resolveAny: 'queryAny', resolve4: 'queryA', resolve6: 'queryAaaa', resolveCaa: 'queryCaa',
  resolveCname: 'queryCname', resolveMx: 'queryMx', resolveNs: 'queryNs', resolveTxt: 'queryTxt',
  resolveSrv: 'querySrv', resolvePtr: 'queryPtr', resolveNaptr: 'queryNaptr', resolveSoa: 'querySoa',
  reverse: 'getHostByAddr',
};
const rrtypes = { ANY: 'resolveAny', A: 'resolve4', AAAA: 'resolve6', CAA: 'resolveCaa', CNAME: 'resolveCname',
  MX: 'resolveMx', NS: 'resolveNs', TXT: 'resolveTxt', SRV: 'resolveSrv', PTR: 'resolvePtr', NAPTR: 'resolveNaptr',
  SOA: 'resolveSoa' };

class Resolver extends ResolverBase {}
for (const [method, bindingName] of Object.entries(bindingNames)) {
  const query = function (name, options, callback) {
    if (arguments.length <= 2) {
      callback = options;
      options = undefined;
    }
    validateString(name, 'name');
    validateFunction(callback, 'callback');
    const req = startQuery(this, bindingName, name, !!(options && options.ttl), (err, result) =>
      (err ? callback(err) : callback(null, result)));
    req.callback = callback;
    return req;
  };
  Object.defineProperty(query, 'name', { value: bindingName });
  Resolver.prototype[method] = query;
}
Resolver.prototype.resolve = function resolve(hostname, rrtype, callback) {
  let method;
  if (typeof rrtype === 'string') method = rrtypes[rrtype];
  else if (typeof rrtype === 'function') {
    method = 'resolve4';
    callback = rrtype;
  } else throwType('rrtype', 'string', rrtype);
  if (method === undefined) throw invalidArgValue('rrtype', rrtype);
  return this[method](hostname, callback);
};

class PromiseResolver extends ResolverBase {}
for (const [method, bindingName] of Object.entries(bindingNames)) {
  const query = function (name, options) {
    validateString(name, 'name');
    return new Promise((resolve, reject) => {
      startQuery(this, bindingName, name, !!(options && options.ttl), (err, result) =>
        (err ? reject(err) : resolve(result)));
    });
  };
  Object.defineProperty(query, 'name', { value: bindingName });
  PromiseResolver.prototype[method] = query;
}
PromiseResolver.prototype.resolve = function resolve(hostname, rrtype) {
  let method;
  if (rrtype === undefined) method = 'resolve4';
  else if (typeof rrtype === 'string') method = rrtypes[rrtype];
  else throwType('rrtype', 'string', rrtype);
  if (method === undefined) throw invalidArgValue('rrtype', rrtype);
  return this[method](hostname);
};

// One default channel (made on first use) behind both dns.* and dns.promises.*;
// setServers replaces it, so queries in flight keep their old servers (as Node).
const resolverKeys = ['getServers', 'resolve', ...Object.keys(bindingNames)];
let defaultResolver;
function getDefaultResolver() { return (defaultResolver ??= new Resolver()); }
function bindDefault(target, proto) {
  for (const key of resolverKeys) {
    target[key] = function (...args) { return proto[key].apply(getDefaultResolver(), args); };
    Object.defineProperty(target[key], 'name', { value: key === 'getServers' ? 'getServers' : proto[key].name });
  }
}
function setDefaultServers(servers) {
  const r = new Resolver();
  r.setServers(servers);
  defaultResolver = r;
}
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
  setServers: setDefaultServers,
  setDefaultResultOrder,
  getDefaultResultOrder,
  ...codes,
};
bindDefault(promises, PromiseResolver.prototype);

internal.dnsModule = {
  lookup,
  lookupService,
  Resolver,
  setServers: setDefaultServers,
  setDefaultResultOrder,
  getDefaultResultOrder,
  ADDRCONFIG,
  ALL,
  V4MAPPED,
  ...codes,
  promises,
};
bindDefault(internal.dnsModule, Resolver.prototype);
