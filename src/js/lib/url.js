// url.js: Node's `url` module: the WHATWG classes (url_whatwg.js),
// fileURLToPath / pathToFileURL, urlToHttpOptions, format() of a URL with
// Node's options, domainToASCII/Unicode, and the legacy API (parse,
// format, resolve, resolveObject, Url: url_legacy.js, loaded on first use).
'use strict';

if (!internal.whatwgURL) natives.loadLib('url_whatwg');
const { URL, URLSearchParams, urlRecord, domainToASCII, domainToUnicode, serialize } = internal.whatwgURL;
const makeNodeError = internal.makeNodeError;

function getPath() {
  if (!internal.pathModule) natives.loadLib('path');
  return internal.pathModule;
}
const isURL = (v) => {
  if (v == null || typeof v !== 'object') return false;
  try { return urlRecord(v) !== undefined; } catch { return false; }
};

function fileURLToPath(path, options = undefined) {
  const windows = options?.windows ?? false;
  if (typeof path === 'string') path = new URL(path);
  else if (!isURL(path)) internal.throwInvalidArgType('path', ['string', 'URL'], path);
  if (path.protocol !== 'file:') {
    throw makeNodeError(TypeError, 'ERR_INVALID_URL_SCHEME', 'The URL must be of scheme file');
  }
  const hostname = path.hostname;
  let pathname = path.pathname;
  // an encoded separator would change the path's structure
  const bad = windows ? /%2f|%5c/i : /%2f/i;
  if (bad.test(pathname)) {
    throw makeNodeError(TypeError, 'ERR_INVALID_FILE_URL_PATH',
      `File URL path must not include encoded ${windows ? '\\ or / characters' : '/ characters'}`);
  }
  if (!windows) {
    if (hostname !== '') {
      throw makeNodeError(TypeError, 'ERR_INVALID_FILE_URL_HOST', `File URL host must be "localhost" or empty on ${process.platform}`);
    }
    return decodeURIComponent(pathname);
  }
  pathname = decodeURIComponent(pathname.replace(/\//g, '\\'));
  if (hostname !== '') return `\\\\${domainToUnicode(hostname)}${pathname}`;
  const letter = pathname.codePointAt(1) | 0x20;
  if (letter < 97 || letter > 122 || pathname[2] !== ':') {
    throw makeNodeError(TypeError, 'ERR_INVALID_FILE_URL_PATH', 'File URL path must be absolute');
  }
  return pathname.slice(1);
}

// the characters a file path may hold that a URL path must not (RFC 1738's unsafe set, and more)
function encodePathChars(filepath, windows) {
  const map = {
    '%': '%25', '\t': '%09', '\n': '%0A', '\r': '%0D', ' ': '%20', '"': '%22', '#': '%23', '?': '%3F',
    '[': '%5B', '\\': '%5C', ']': '%5D', '^': '%5E', '|': '%7C', '~': '%7E',
  };
  return filepath.replace(windows ? /[%\t\n\r "#?[\]^|~]/g : /[%\t\n\r "#?[\\\]^|~]/g, (c) => map[c]);
}

function pathToFileURL(filepath, options = undefined) {
  const windows = options?.windows ?? false;
  const path = getPath();
  if (typeof filepath !== 'string') internal.throwInvalidArgType('path', 'string', filepath);
  if (windows && filepath.startsWith('\\\\')) {
    const outURL = new URL('file://');
    const extended = filepath.startsWith('\\\\?\\UNC\\');
    const prefix = extended ? 8 : 2;
    const hostEnd = filepath.indexOf('\\', prefix);
    const invalid = (reason) => makeNodeError(TypeError, 'ERR_INVALID_ARG_VALUE',
      `The argument 'path' ${reason}. Received ${internal.inspect(filepath)}`);
    if (hostEnd === -1) throw invalid('Missing UNC resource path');
    if (hostEnd === 2) throw invalid('Empty UNC servername');
    outURL.hostname = domainToASCII(filepath.slice(prefix, hostEnd));
    outURL.pathname = encodePathChars(filepath.slice(hostEnd).replace(/\\/g, '/'), true);
    return outURL;
  }
  let resolved = windows ? path.win32.resolve(filepath) : path.posix.resolve(filepath);
  const last = filepath.charCodeAt(filepath.length - 1);
  if ((last === 47 || (windows && last === 92)) && resolved[resolved.length - 1] !== (windows ? '\\' : '/')) {
    resolved += '/';
  }
  return new URL(`file://${encodePathChars(resolved, windows)}`);
}

function urlToHttpOptions(url) {
  const { hostname, pathname, port, username, password, search } = url;
  const options = {
    __proto__: null,
    ...url,
    protocol: url.protocol,
    hostname: hostname && hostname[0] === '[' ? hostname.slice(1, -1) : hostname,
    hash: url.hash,
    search,
    pathname,
    path: `${pathname || ''}${search || ''}`,
    href: url.href,
  };
  if (port !== '') options.port = Number(port);
  if (username || password) options.auth = `${decodeURIComponent(username)}:${decodeURIComponent(password)}`;
  return options;
}

// url.format(URL, { auth, fragment, search, unicode })
function formatWHATWG(u, options) {
  if (options !== undefined && (options === null || typeof options !== 'object')) {
    internal.throwInvalidArgType('options', 'Object', options);
  }
  const o = { auth: true, fragment: true, search: true, unicode: false, ...options };
  const rec = { ...urlRecord(u) };
  if (!o.auth) {
    rec.username = '';
    rec.password = '';
  }
  if (!o.fragment) rec.fragment = null;
  if (!o.search) rec.query = null;
  if (o.unicode && rec.host) rec.host = internal.whatwgURL.domainToUnicodeInternal(rec.host);
  return serialize(rec);
}

function legacy() {
  if (!internal.urlLegacy) natives.loadLib('url_legacy');
  return internal.urlLegacy;
}

const urlModule = {
  URL,
  URLSearchParams,
  domainToASCII,
  domainToUnicode,
  fileURLToPath,
  pathToFileURL,
  urlToHttpOptions,
  format(urlObject, options) {
    if (isURL(urlObject)) return formatWHATWG(urlObject, options);
    return legacy().urlFormat(urlObject, options);
  },
  parse(...args) { return legacy().urlParse(...args); },
  resolve(...args) { return legacy().urlResolve(...args); },
  resolveObject(...args) { return legacy().urlResolveObject(...args); },
  get Url() { return legacy().Url; },
};
internal.urlModule = urlModule;
internal.isURL = isURL;
