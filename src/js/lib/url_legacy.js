// url_legacy.js: Node's legacy URL API (url.parse, url.format of an
// object, url.resolve, url.resolveObject, Url): the loose parser Node keeps
// for old code, with its field set (protocol, slashes, auth, host, port,
// hostname, hash, search, query, pathname, path, href), its escaping of
// unsafe characters, and RFC 3986 reference resolution for resolve().
'use strict';

if (!internal.whatwgURL) natives.loadLib('url_whatwg');
const { domainToASCII } = internal.whatwgURL;
const makeNodeError = internal.makeNodeError;
function qs() {
  if (!internal.querystringModule) natives.loadLib('querystring');
  return internal.querystringModule;
}

const slashedProtocol = new Set(['http', 'http:', 'https', 'https:', 'ftp', 'ftp:', 'gopher', 'gopher:', 'file', 'file:',
  'ws', 'ws:', 'wss', 'wss:']);
const hostlessProtocol = new Set(['javascript', 'javascript:']);
const unsafeProtocol = new Set(['javascript', 'javascript:']);
const FORBIDDEN_HOST = /[\0\t\n\r #%/:<>?@[\\\]^|]/;
const FORBIDDEN_HOST_IPV6 = /[\0\t\n\r #%/<>?@\\^|]/;
const isIpv6Hostname = (h) => h.length >= 2 && h[0] === '[' && h[h.length - 1] === ']';

function Url() {
  this.protocol = null;
  this.slashes = null;
  this.auth = null;
  this.host = null;
  this.port = null;
  this.hostname = null;
  this.hash = null;
  this.search = null;
  this.query = null;
  this.pathname = null;
  this.path = null;
  this.href = null;
}

function urlParse(url, parseQueryString, slashesDenoteHost) {
  if (url instanceof Url) return url;
  const u = new Url();
  u.parse(url, parseQueryString, slashesDenoteHost);
  return u;
}

const isWs = (c) => c < 33 || c === 0xa0 || c === 0xfeff;
// characters escaped in the path, query and hash (not for javascript:)
const AUTO_ESCAPE = { '\t': '%09', '\n': '%0A', '\r': '%0D', ' ': '%20', '"': '%22', "'": '%27', '<': '%3C',
  '>': '%3E', '\\': '%5C', '^': '%5E', '`': '%60', '{': '%7B', '|': '%7C', '}': '%7D' };

Url.prototype.parse = function parse(url, parseQueryString, slashesDenoteHost) {
  if (typeof url !== 'string') internal.throwInvalidArgType('url', 'string', url);
  // trim whitespace; backslashes before the first '?' or '#' are slashes
  let start = 0, end = url.length;
  while (start < end && isWs(url.charCodeAt(start))) start++;
  while (end > start && isWs(url.charCodeAt(end - 1))) end--;
  let rest = url.slice(start, end);
  const split = rest.search(/[?#]/);
  const head = split === -1 ? rest : rest.slice(0, split);
  const hasAt = head.includes('@');
  const hasHash = rest.includes('#');
  rest = head.replace(/\\/g, '/') + (split === -1 ? '' : rest.slice(split));

  if (!slashesDenoteHost && !hasHash && !hasAt) {
    const simple = /^(\/\/?(?!\/)[^?\s]*)(\?[^\s]*)?$/.exec(rest);
    if (simple) {
      this.path = rest;
      this.href = rest;
      this.pathname = simple[1];
      if (simple[2]) {
        this.search = simple[2];
        this.query = parseQueryString ? qs().parse(this.search.slice(1)) : this.search.slice(1);
      } else if (parseQueryString) {
        this.search = null;
        this.query = { __proto__: null };
      }
      return this;
    }
  }

  let proto = /^[a-z0-9.+-]+:/i.exec(rest);
  let lowerProto;
  if (proto) {
    proto = proto[0];
    lowerProto = proto.toLowerCase();
    this.protocol = lowerProto;
    rest = rest.slice(proto.length);
  }
  let slashes;
  if (slashesDenoteHost || proto || /^\/\/[^@/]+@[^@/]+/.test(rest)) {
    slashes = rest.startsWith('//');
    if (slashes && !(proto && hostlessProtocol.has(lowerProto))) {
      rest = rest.slice(2);
      this.slashes = true;
    }
  }

  if (!hostlessProtocol.has(lowerProto) && (slashes || (proto && !slashedProtocol.has(proto)))) {
    // the authority ends at the first '/', '?' or '#'; the last '@' before
    // it ends the credentials; characters that cannot be in a host end it
    rest = rest.replace(/[\t\n\r]/g, (m, i) => (rest.slice(0, i).search(/[#/?]/) === -1 ? '' : m));
    let hostEnd = rest.search(/[#/?]/);
    if (hostEnd === -1) hostEnd = rest.length;
    const authority = rest.slice(0, hostEnd);
    const at = authority.lastIndexOf('@');
    let hostStart = 0;
    if (at !== -1) {
      this.auth = decodeURIComponent(authority.slice(0, at));
      hostStart = at + 1;
    }
    let nonHost = authority.slice(hostStart).search(/[ "%';<>\\^`{|}]/);
    nonHost = nonHost === -1 ? hostEnd : hostStart + nonHost;
    this.host = rest.slice(hostStart, nonHost);
    rest = rest.slice(nonHost);

    // port
    let host = this.host;
    const port = /:[0-9]*$/.exec(host);
    if (port) {
      if (port[0] !== ':') this.port = port[0].slice(1);
      host = host.slice(0, host.length - port[0].length);
    }
    if (host) this.hostname = host;
    if (typeof this.hostname !== 'string') this.hostname = '';
    const hostname = this.hostname;
    const ipv6 = isIpv6Hostname(hostname);
    if (!ipv6) {
      // a character a hostname cannot hold starts the path
      const bad = hostname.search(/[/\\#?:]/);
      if (bad !== -1) {
        if (hostname[bad] === ':' && !internal.warnedUrlPort) {
          internal.warnedUrlPort = true;
          process.emitWarning(`The URL ${url} is invalid. Future versions of Node.js will throw an error.`,
            'DeprecationWarning', 'DEP0170');
        }
        this.hostname = hostname.slice(0, bad);
        rest = `/${hostname.slice(bad)}${rest}`;
      }
    }
    this.hostname = this.hostname.length > 255 ? '' : this.hostname.toLowerCase();
    if (this.hostname !== '') {
      if (ipv6) {
        if (FORBIDDEN_HOST_IPV6.test(this.hostname)) throw invalidURL(url);
      } else {
        this.hostname = /[^\x00-\x7f]/.test(this.hostname) ? domainToASCII(this.hostname) : this.hostname;
        if (this.hostname === '' || FORBIDDEN_HOST.test(this.hostname)) throw invalidURL(url);
      }
    }
    this.host = (this.hostname || '') + (this.port ? `:${this.port}` : '');
    if (ipv6) {
      this.hostname = this.hostname.slice(1, -1);
      if (rest[0] !== '/') rest = `/${rest}`;
    }
  }

  if (!unsafeProtocol.has(lowerProto)) rest = rest.replace(/[\t\n\r "'<>\\^`{|}]/g, (c) => AUTO_ESCAPE[c]);

  const hashIdx = rest.indexOf('#');
  if (hashIdx !== -1) this.hash = rest.slice(hashIdx);
  const beforeHash = hashIdx === -1 ? rest : rest.slice(0, hashIdx);
  const questionIdx = beforeHash.indexOf('?');
  if (questionIdx !== -1) {
    this.search = beforeHash.slice(questionIdx);
    this.query = beforeHash.slice(questionIdx + 1);
    if (parseQueryString) this.query = qs().parse(this.query);
  } else if (parseQueryString) {
    this.search = null;
    this.query = { __proto__: null };
  }
  const pathEnd = questionIdx !== -1 ? questionIdx : hashIdx;
  if (pathEnd === -1) {
    if (rest.length > 0) this.pathname = rest;
  } else if (pathEnd > 0) {
    this.pathname = rest.slice(0, pathEnd);
  }
  if (slashedProtocol.has(lowerProto) && this.hostname && !this.pathname) this.pathname = '/';
  if (this.pathname || this.search) this.path = (this.pathname || '') + (this.search || '');
  this.href = this.format();
  return this;
};

function invalidURL(input) {
  const err = makeNodeError(TypeError, 'ERR_INVALID_URL', 'Invalid URL');
  err.input = input;
  return err;
}

// auth is escaped like encodeURIComponent, but keeps ':' as typed
const AUTH_NO_ESCAPE = new Int8Array(128);
for (const ch of "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.!~*'():") {
  AUTH_NO_ESCAPE[ch.charCodeAt(0)] = 1;
}

Url.prototype.format = function format() {
  let auth = this.auth || '';
  if (auth) {
    if (!internal.encodeStr) natives.loadLib('querystring');
    auth = `${internal.encodeStr(auth, AUTH_NO_ESCAPE)}@`;
  }
  let protocol = this.protocol || '';
  let pathname = this.pathname || '';
  let hash = this.hash || '';
  let host = '';
  let query = '';
  if (this.host) {
    host = auth + this.host;
  } else if (this.hostname) {
    const h = this.hostname;
    host = auth + (h.includes(':') && !isIpv6Hostname(h) ? `[${h}]` : h);
    if (this.port) host += `:${this.port}`;
  }
  if (this.query !== null && typeof this.query === 'object') query = qs().stringify(this.query);
  let search = this.search || (query && `?${query}`) || '';
  if (protocol && protocol[protocol.length - 1] !== ':') protocol += ':';
  pathname = pathname.replace(/[#?]/g, (c) => (c === '#' ? '%23' : '%3F'));
  if (this.slashes || slashedProtocol.has(protocol)) {
    if (this.slashes || host) {
      if (pathname && pathname[0] !== '/') pathname = `/${pathname}`;
      host = `//${host}`;
    } else if (protocol.startsWith('file')) {
      host = '//';
    }
  }
  search = search.replace(/#/g, '%23');
  if (hash && hash[0] !== '#') hash = `#${hash}`;
  if (search && search[0] !== '?') search = `?${search}`;
  return protocol + host + pathname + search + hash;
};

function urlFormat(urlObject, options) {
  if (typeof urlObject === 'string') urlObject = urlParse(urlObject);
  else if (typeof urlObject !== 'object' || urlObject === null) {
    internal.throwInvalidArgType('urlObject', ['Object', 'string'], urlObject);
  }
  return Url.prototype.format.call(urlObject);
}

// RFC 3986 section 5.2.4, keeping a trailing slash after '.' or '..'
function removeDotSegments(path, allowAboveRoot) {
  const abs = path.startsWith('/');
  const segs = path.split('/');
  if (abs) segs.shift();
  const out = [];
  let trailing = false;
  for (let i = 0; i < segs.length; i++) {
    const s = segs[i];
    const last = i === segs.length - 1;
    if (s === '.' || s === '..') {
      if (s === '..') {
        if (out.length && out[out.length - 1] !== '..') out.pop();
        else if (allowAboveRoot) out.push('..');
      }
      if (last) trailing = true;
    } else {
      out.push(s);
    }
  }
  let r = out.join('/');
  if (trailing && r !== '' && !r.endsWith('/')) r += '/';
  else if (trailing && r === '' && abs) r = '';
  return (abs ? '/' : '') + r;
}

Url.prototype.resolveObject = function resolveObject(relative) {
  if (typeof relative === 'string') relative = urlParse(relative, false, true);
  const result = new Url();
  Object.assign(result, this);
  result.hash = relative.hash;
  if (relative.href === '') {
    result.href = result.format();
    return result;
  }
  const finish = () => {
    result.path = result.pathname !== null || result.search !== null
      ? (result.pathname || '') + (result.search || '') : null;
    result.auth = result.auth || null;
    result.href = result.format();
    return result;
  };
  // protocol-relative ('//host/path')
  if (relative.slashes && !relative.protocol) {
    for (const k of Object.keys(relative)) if (k !== 'protocol') result[k] = relative[k];
    if (slashedProtocol.has(result.protocol) && result.hostname && !result.pathname) result.path = result.pathname = '/';
    result.href = result.format();
    return result;
  }
  if (relative.protocol && relative.protocol !== result.protocol) {
    if (!slashedProtocol.has(relative.protocol)) {
      for (const k of Object.keys(relative)) result[k] = relative[k];
      result.href = result.format();
      return result;
    }
    result.protocol = relative.protocol;
    if (!relative.host && !/^file:?$/.test(relative.protocol) && !hostlessProtocol.has(relative.protocol)) {
      // 'http:path' against another scheme: the path is taken as is
      const rel = (relative.pathname || '').split('/');
      while (rel.length && !(relative.host = rel.shift()));
      if (!relative.host) relative.host = '';
      if (!relative.hostname) relative.hostname = '';
      if (rel[0] !== '') rel.unshift('');
      if (rel.length < 2) rel.unshift('');
      result.pathname = rel.join('/');
    } else {
      result.pathname = relative.pathname;
    }
    result.search = relative.search;
    result.query = relative.query;
    result.host = relative.host || '';
    result.auth = relative.auth;
    result.hostname = relative.hostname || relative.host;
    result.port = relative.port;
    result.slashes = result.slashes || relative.slashes;
    return finish();
  }
  if (result.protocol && !slashedProtocol.has(result.protocol) && !relative.slashes &&
      (relative.pathname || (relative.protocol && relative.host))) {
    // a scheme without '//' (mailto:, foo:): the host is the path's first
    // segment, on both sides; the first segment of the result is the host
    const joinHost = (host, path) => (host ? host + (path && path[0] !== '/' ? `/${path}` : path || '') : path || '');
    const src = joinHost(result.host, result.pathname);
    const rel = joinHost(relative.protocol ? relative.host : '', relative.pathname);
    let merged;
    if (rel[0] === '/') {
      merged = removeDotSegments(rel, false);
      result.host = result.hostname = '';
      result.pathname = merged;
    } else {
      merged = removeDotSegments(src.slice(0, src.lastIndexOf('/') + 1) + rel, false);
      const slash = merged.indexOf('/');
      let host = slash === -1 ? merged : merged.slice(0, slash);
      const at = host.indexOf('@');
      if (at > 0) {
        result.auth = host.slice(0, at);
        host = host.slice(at + 1);
      }
      result.host = result.hostname = host;
      result.pathname = slash === -1 ? null : merged.slice(slash);
    }
    result.port = null;
    if (relative.protocol) result.auth = relative.auth;
    result.search = relative.search;
    result.query = relative.query;
    return finish();
  }
  if (relative.host || relative.hostname) {
    result.auth = relative.auth || (relative.host === result.host ? result.auth : null);
    result.slashes = result.slashes || relative.slashes;
    result.host = relative.host;
    result.hostname = relative.hostname;
    result.port = relative.port;
    result.pathname = relative.pathname;
    result.search = relative.search;
    result.query = relative.query;
    if (result.pathname) result.pathname = removeDotSegments(result.pathname);
    return finish();
  }
  if (relative.pathname) {
    let merged;
    if (relative.pathname[0] === '/') {
      merged = relative.pathname;
    } else {
      const base = result.pathname || ((result.host || result.hostname) ? '/' : '');
      merged = base.slice(0, base.lastIndexOf('/') + 1) + relative.pathname;
    }
    const keepRelative = !result.host && !result.hostname && !merged.startsWith('/');
    result.pathname = removeDotSegments(merged, keepRelative);
    if (result.pathname === '' && (result.host || result.hostname)) result.pathname = '/';
    result.search = relative.search;
    result.query = relative.query;
    return finish();
  }
  if (relative.search !== null) {
    result.search = relative.search;
    result.query = relative.query;
  }
  return finish();
};

Url.prototype.resolve = function resolve(relative) {
  return this.resolveObject(urlParse(relative, false, true)).format();
};
function urlResolve(source, relative) {
  return urlParse(source, false, true).resolve(relative);
}
function urlResolveObject(source, relative) {
  if (!source) return relative;
  return urlParse(source, false, true).resolveObject(relative);
}

internal.urlLegacy = { Url, urlParse, urlFormat, urlResolve, urlResolveObject };
