// http.js: Node 20's `http` module for weft (written from its documented
// behaviour and tests): Server on net.Server with llhttp parsing in C
// (src/js/http_parser.c), IncomingMessage, OutgoingMessage/ServerResponse
// (writeHead, setHeader, chunked bodies, keep-alive, pipelining, 100-continue,
// upgrade/CONNECT), ClientRequest with Agent keep-alive pooling,
// STATUS_CODES, METHODS, maxHeaderSize, timeouts; a peer's malformed input
// is a 'clientError' (by default a 400 answer and the socket closed), never
// a crash. Parsers are async resources HTTPINCOMINGMESSAGE (server) and
// HTTPCLIENTREQUEST (client). Loaded on first require('http').
'use strict';

const process = internal.process;
const Stream = internal.loadStream();
const { Readable } = Stream;
const EventEmitter = internal.loadBuiltin('events');
const net = internal.loadBuiltin('net');
const { initAsync, destroyAsync, inScope } = internal.netInternals;
const { validateNumber, validateInteger, validateBoolean, validateObject, validateString, invalidArgValue } =
  internal.validators;
const { Buffer } = internal.loadBuiltin('buffer');
const makeNodeError = internal.makeNodeError;
const throwType = internal.throwInvalidArgType;
const pb = natives.binding('http_parser');

let maxHeaderSize = pb.maxHeaderSize;

const STATUS_CODES = {
  100: 'Continue', 101: 'Switching Protocols', 102: 'Processing', 103: 'Early Hints',
  200: 'OK', 201: 'Created', 202: 'Accepted', 203: 'Non-Authoritative Information', 204: 'No Content',
  205: 'Reset Content', 206: 'Partial Content', 207: 'Multi-Status', 208: 'Already Reported', 226: 'IM Used',
  300: 'Multiple Choices', 301: 'Moved Permanently', 302: 'Found', 303: 'See Other', 304: 'Not Modified',
  305: 'Use Proxy', 307: 'Temporary Redirect', 308: 'Permanent Redirect',
  400: 'Bad Request', 401: 'Unauthorized', 402: 'Payment Required', 403: 'Forbidden', 404: 'Not Found',
  405: 'Method Not Allowed', 406: 'Not Acceptable', 407: 'Proxy Authentication Required', 408: 'Request Timeout',
  409: 'Conflict', 410: 'Gone', 411: 'Length Required', 412: 'Precondition Failed', 413: 'Payload Too Large',
  414: 'URI Too Long', 415: 'Unsupported Media Type', 416: 'Range Not Satisfiable', 417: 'Expectation Failed',
  418: "I'm a Teapot", 421: 'Misdirected Request', 422: 'Unprocessable Entity', 423: 'Locked',
  424: 'Failed Dependency', 425: 'Too Early', 426: 'Upgrade Required', 428: 'Precondition Required',
  429: 'Too Many Requests', 431: 'Request Header Fields Too Large', 451: 'Unavailable For Legal Reasons',
  500: 'Internal Server Error', 501: 'Not Implemented', 502: 'Bad Gateway', 503: 'Service Unavailable',
  504: 'Gateway Timeout', 505: 'HTTP Version Not Supported', 506: 'Variant Also Negotiates',
  507: 'Insufficient Storage', 508: 'Loop Detected', 509: 'Bandwidth Limit Exceeded', 510: 'Not Extended',
  511: 'Network Authentication Required',
};
// llhttp's methods, sorted (Node's http.METHODS)
const METHODS = ['ACL', 'BIND', 'CHECKOUT', 'CONNECT', 'COPY', 'DELETE', 'GET', 'HEAD', 'LINK', 'LOCK',
  'M-SEARCH', 'MERGE', 'MKACTIVITY', 'MKCALENDAR', 'MKCOL', 'MOVE', 'NOTIFY', 'OPTIONS', 'PATCH', 'POST',
  'PROPFIND', 'PROPPATCH', 'PURGE', 'PUT', 'QUERY', 'REBIND', 'REPORT', 'SEARCH', 'SOURCE', 'SUBSCRIBE', 'TRACE',
  'UNBIND', 'UNLINK', 'UNLOCK', 'UNSUBSCRIBE'];

// ---- header checks (Node's _http_common) --------------------------------------------
const tokenRegExp = /^[\^_`a-zA-Z\-0-9!#$%&'*+.|~]+$/;
const headerCharRegex = /[^\t\x20-\x7e\x80-\xff]/;
// 'http' PerformanceEntries: HttpClient (request finished -> response head),
// HttpRequest (server: request head -> response finished), when observed
const kServerResponseStatistics = Symbol('kServerResponseStatistics');
function hasObserver(type) { return internal.perfObserved !== undefined && internal.perfObserved(type); }
function perfStop(stats, name, detail) {
  if (hasObserver('http')) internal.perfEntry(name, 'http', stats.start, { req: stats.req, ...detail });
}
function checkIsHttpToken(val) { return tokenRegExp.test(val); }
function checkInvalidHeaderChar(val) { return headerCharRegex.test(val); }
function validateHeaderName(name, label = 'Header name') {
  if (typeof name !== 'string' || !name || !checkIsHttpToken(name)) {
    throw makeNodeError(TypeError, 'ERR_INVALID_HTTP_TOKEN', `${label} must be a valid HTTP token ["${name}"]`);
  }
}
function validateHeaderValue(name, value) {
  if (value === undefined) {
    throw makeNodeError(TypeError, 'ERR_HTTP_INVALID_HEADER_VALUE', `Invalid value "${value}" for header "${name}"`);
  }
  if (checkInvalidHeaderChar(String(value))) {
    throw makeNodeError(TypeError, 'ERR_INVALID_CHAR', `Invalid character in header content ["${name}"]`);
  }
}
function headersSentError(what = 'set') {
  return makeNodeError(Error, 'ERR_HTTP_HEADERS_SENT', `Cannot ${what} headers after they are sent to the client`);
}

let dateCache;
function utcDate() {
  if (!dateCache) {
    dateCache = new Date().toUTCString();
    setTimeout(() => { dateCache = undefined; }, 1000 - new Date().getMilliseconds()).unref();
  }
  return dateCache;
}

// ---- parsers ------------------------------------------------------------------------------
const kIncoming = Symbol('kIncoming');
const kOnHeaders = Symbol('kOnHeaders');
// A parser for `socket`: onIncoming(message, keepAlive) when a head is complete.
// insecure: the owner's insecureHTTPParser, else `--insecure-http-parser`
let insecureFlag;
function isLenient() {
  if (insecureFlag === undefined) insecureFlag = process.execArgv.includes('--insecure-http-parser');
  return insecureFlag;
}
function newParser(isResponse, socket, maxSize, insecure) {
  const parser = pb.newParser();
  parser.initialize(isResponse, maxSize || maxHeaderSize, insecure === undefined ? isLenient() : insecure);
  initAsync(parser, isResponse ? 'HTTPCLIENTREQUEST' : 'HTTPINCOMINGMESSAGE', socket[internal.async_id_symbol]);
  parser.socket = socket;
  parser.incoming = null;
  parser.onHeadersComplete = parserOnHeadersComplete;
  parser.onBody = parserOnBody;
  parser.onMessageComplete = parserOnMessageComplete;
  parser.maxHeaderPairs = 2000;
  return parser;
}
function freeParser(parser) {
  if (!parser || parser.freed) return;
  parser.freed = true;
  parser.incoming = null;
  parser.onIncoming = null;
  parser.socket = null;
  destroyAsync(parser);
}
function parserOnHeadersComplete(major, minor, headers, method, url, statusCode, statusMessage, upgrade, keepAlive) {
  return inScope(this, headersComplete, this, major, minor, headers, method, url, statusCode, statusMessage, upgrade, keepAlive);
}
function headersComplete(parser, major, minor, headers, method, url, statusCode, statusMessage, upgrade, keepAlive) {
  const socket = parser.socket;
  if (!socket) return 0;
  const Incoming = (parser.server && parser.server[kIncomingMessage]) || IncomingMessage;
  const msg = parser.incoming = new Incoming(socket);
  msg.httpVersionMajor = major;
  msg.httpVersionMinor = minor;
  msg.httpVersion = `${major}.${minor}`;
  msg.joinDuplicateHeaders = parser.joinDuplicateHeaders;
  msg.maxHeadersCount = parser.maxHeadersCount;
  msg._addHeaderLines(headers, headers.length);
  if (method !== undefined) {
    msg.method = method;
    msg.url = url;
    msg.upgrade = upgrade;
  } else {
    msg.statusCode = statusCode;
    msg.statusMessage = statusMessage;
    msg.upgrade = upgrade;
  }
  // 1: no body; 2: an upgrade (the rest of the bytes are another protocol)
  const r = parser.onIncoming(msg, keepAlive);
  return r === 2 ? 2 : r ? 1 : 0;
}
function parserOnBody(ab) {
  const msg = this.incoming;
  if (!msg || msg._dumped) return;
  inScope(this, () => {
    if (!msg._dumped && !msg.push(Buffer.from(ab))) {
      // backpressure: stop reading the socket until the reader wants more
      if (msg.socket && msg.socket.readableFlowing !== false) msg.socket.pause();
    }
  });
}
function parserOnMessageComplete(trailers) {
  const msg = this.incoming;
  if (!msg) return;
  inScope(this, () => {
    msg.complete = true;
    if (trailers) msg._addHeaderLines(trailers, trailers.length);
    if (!msg.upgrade) msg.push(null);
    if (this.onMessageDone) this.onMessageDone(msg);
  });
}

// ---- IncomingMessage -------------------------------------------------------------------
const kHeaders = Symbol('kHeaders');
const kHeadersDistinct = Symbol('kHeadersDistinct');
const kTrailers = Symbol('kTrailers');
function IncomingMessage(socket) {
  let streamOptions;
  if (socket) streamOptions = { highWaterMark: socket.readableHighWaterMark };
  Readable.call(this, streamOptions);
  this._readableState.readingMore = true;
  this.socket = socket;
  this.httpVersionMajor = null;
  this.httpVersionMinor = null;
  this.httpVersion = null;
  this.complete = false;
  this.rawHeaders = [];
  this.rawTrailers = [];
  this.joinDuplicateHeaders = false;
  this.aborted = false;
  this.upgrade = null;
  this.url = '';
  this.method = null;
  this.statusCode = null;
  this.statusMessage = null;
  this.client = socket;
  this[kHeaders] = null;
  this[kHeadersDistinct] = null;
  this[kTrailers] = null;
  this._consuming = false;
  this._dumped = false;
}
Object.setPrototypeOf(IncomingMessage.prototype, Readable.prototype);
Object.setPrototypeOf(IncomingMessage, Readable);
Object.defineProperty(IncomingMessage.prototype, 'connection', {
  get() { return this.socket; }, set(v) { this.socket = v; }, configurable: true,
});
Object.defineProperty(IncomingMessage.prototype, 'headers', {
  get() {
    if (!this[kHeaders]) {
      this[kHeaders] = {};
      const src = this.rawHeaders;
      for (let n = 0; n < src.length; n += 2) this._addHeaderLine(src[n], src[n + 1], this[kHeaders]);
    }
    return this[kHeaders];
  },
  set(v) { this[kHeaders] = v; }, configurable: true, enumerable: true,
});
Object.defineProperty(IncomingMessage.prototype, 'headersDistinct', {
  get() {
    if (!this[kHeadersDistinct]) {
      const o = this[kHeadersDistinct] = {};
      const src = this.rawHeaders;
      for (let n = 0; n < src.length; n += 2) {
        const k = src[n].toLowerCase();
        (o[k] || (o[k] = [])).push(src[n + 1]);
      }
    }
    return this[kHeadersDistinct];
  },
  set(v) { this[kHeadersDistinct] = v; }, configurable: true, enumerable: true,
});
Object.defineProperty(IncomingMessage.prototype, 'trailers', {
  get() {
    if (!this[kTrailers]) {
      this[kTrailers] = {};
      const src = this.rawTrailers;
      for (let n = 0; n < src.length; n += 2) this._addHeaderLine(src[n], src[n + 1], this[kTrailers]);
    }
    return this[kTrailers];
  },
  set(v) { this[kTrailers] = v; }, configurable: true, enumerable: true,
});
Object.defineProperty(IncomingMessage.prototype, 'trailersDistinct', {
  get() {
    const o = {};
    const src = this.rawTrailers;
    for (let n = 0; n < src.length; n += 2) {
      const k = src[n].toLowerCase();
      (o[k] || (o[k] = [])).push(src[n + 1]);
    }
    return o;
  },
  configurable: true, enumerable: true,
});
IncomingMessage.prototype.setTimeout = function (msecs, callback) {
  if (callback) this.on('timeout', callback);
  this.socket.setTimeout(msecs);
  return this;
};
IncomingMessage.prototype._read = function () {
  if (!this._consuming) {
    this._readableState.readingMore = false;
    this._consuming = true;
  }
  if (this.socket && this.socket.readable && this.socket.isPaused() && !this.socket[kPausedByServer]) this.socket.resume();
};
IncomingMessage.prototype._destroy = function (err, cb) {
  if (!this.readableEnded || !this.complete) {
    this.aborted = true;
    this.emit('aborted');
  }
  if (this.socket && !this.socket.destroyed && this.aborted) {
    this.socket.destroy(err);
    this.socket.once('close', () => process.nextTick(incomingOnError, this, err, cb));
  } else {
    process.nextTick(incomingOnError, this, err, cb);
  }
};
// an IncomingMessage's error reaches only its own 'error' listeners: with none
// (a request dumped, a response read to 'end') it is dropped, as Node's onError
function incomingOnError(msg, err, cb) {
  if (msg.listenerCount('error') === 0) cb();
  else cb(err);
}
IncomingMessage.prototype._addHeaderLines = function (headers, n) {
  if (headers && headers.length) {
    const raw = this.complete ? this.rawTrailers : this.rawHeaders;
    const max = this.maxHeadersCount ? this.maxHeadersCount * 2 : n;
    for (let i = 0; i < n && i < max; i++) raw.push(headers[i]);
  }
};
// duplicates: dropped for these, joined with '; ' for cookie, an array for
// set-cookie, joined with ', ' otherwise (Node's matchKnownFields)
const dropDuplicates = new Set(['content-type', 'content-length', 'user-agent', 'referer', 'host',
  'authorization', 'proxy-authorization', 'if-modified-since', 'if-unmodified-since', 'from', 'location',
  'max-forwards', 'retry-after', 'etag', 'last-modified', 'server', 'age', 'expires']);
IncomingMessage.prototype._addHeaderLine = function (field, value, dest) {
  field = field.toLowerCase();
  if (field === 'set-cookie') {
    if (dest[field] !== undefined) dest[field].push(value);
    else dest[field] = [value];
  } else if (!dropDuplicates.has(field)) {
    // a delimited list ('; ' for cookie); an inherited name ('constructor') is no value yet
    if (typeof dest[field] === 'string') dest[field] += (field === 'cookie' ? '; ' : ', ') + value;
    else dest[field] = value;
  } else if (this.joinDuplicateHeaders) {
    // (RFC 9110 5.2: the fields otherwise dropped are joined when asked)
    if (dest[field] === undefined) dest[field] = value;
    else dest[field] += `, ${value}`;
  } else if (dest[field] === undefined) {
    dest[field] = value;
  }
};
IncomingMessage.prototype._dump = function () {
  if (!this._dumped) {
    this._dumped = true;
    this.removeAllListeners('data');
    this.resume();
  }
};

// ---- OutgoingMessage ---------------------------------------------------------------------
const kOutHeaders = Symbol('kOutHeaders');
const kCorked = Symbol('corked');
const kChunkedBuffer = Symbol('kChunkedBuffer');
const kPausedByServer = Symbol('kPausedByServer');
const kEndCalled = Symbol('kEndCalled');
const kRejectNonStandardBodyWrites = Symbol('kRejectNonStandardBodyWrites');
const crlf = '\r\n';

function OutgoingMessage(options) {
  Stream.call(this);
  this.outputData = [];
  this.outputSize = 0;
  this.writable = true;
  this.destroyed = false;
  this._last = false;
  this.chunkedEncoding = false;
  this.shouldKeepAlive = true;
  this.maxRequestsOnConnectionReached = false;
  this._defaultKeepAlive = true;
  this.useChunkedEncodingByDefault = true;
  this.sendDate = false;
  this._removedConnection = false;
  this._removedContLen = false;
  this[kBytesWritten] = 0;
  this._removedTE = false;
  this.strictContentLength = false;
  this._contentLength = null;
  this._hasBody = true;
  this._trailer = '';
  this.finished = false;
  this._headerSent = false;
  this[kCorked] = 0;
  this[kChunkedBuffer] = [];
  this.socket = null;
  this._header = null;
  this[kOutHeaders] = null;
  this._closed = false;
  this._keepAliveTimeout = 0;
  this._onPendingData = nop;
  this[kEndCalled] = false;
  this[kRejectNonStandardBodyWrites] = options && options.rejectNonStandardBodyWrites || false;
}
Object.setPrototypeOf(OutgoingMessage.prototype, Stream.prototype);
Object.setPrototypeOf(OutgoingMessage, Stream);
function nop() {}

function defineGetter(proto, name, get) {
  Object.defineProperty(proto, name, { get, configurable: true, enumerable: false });
}
defineGetter(OutgoingMessage.prototype, 'writableFinished', function () {
  return this.finished && this.outputSize === 0 && (!this.socket || this.socket.writableLength === 0);
});
defineGetter(OutgoingMessage.prototype, 'writableObjectMode', () => false);
defineGetter(OutgoingMessage.prototype, 'writableLength', function () {
  return this.outputSize + (this.socket ? this.socket.writableLength : 0);
});
defineGetter(OutgoingMessage.prototype, 'writableHighWaterMark', function () {
  return this.socket ? this.socket.writableHighWaterMark : 16384;
});
defineGetter(OutgoingMessage.prototype, 'writableCorked', function () {
  return this.socket ? this.socket.writableCorked : this[kCorked];
});
defineGetter(OutgoingMessage.prototype, 'closed', function () { return this._closed; });
defineGetter(OutgoingMessage.prototype, 'writableEnded', function () { return this.finished; });
defineGetter(OutgoingMessage.prototype, 'writableNeedDrain', function () {
  return !this.destroyed && !this.finished && this[kNeedDrain];
});
defineGetter(OutgoingMessage.prototype, 'headersSent', function () { return !!this._header; });
Object.defineProperty(OutgoingMessage.prototype, 'connection', {
  get() { return this.socket; }, set(v) { this.socket = v; }, configurable: true,
});
const kNeedDrain = Symbol('kNeedDrain');

OutgoingMessage.prototype.cork = function () {
  if (this.socket) this.socket.cork();
  else this[kCorked]++;
};
OutgoingMessage.prototype.uncork = function () {
  if (this.socket) this.socket.uncork();
  else if (this[kCorked]) this[kCorked]--;
};
OutgoingMessage.prototype.setTimeout = function (msecs, callback) {
  if (callback) this.on('timeout', callback);
  if (!this.socket) this.once('socket', (s) => s.setTimeout(msecs));
  else this.socket.setTimeout(msecs);
  return this;
};
OutgoingMessage.prototype.destroy = function (error) {
  if (this.destroyed) return this;
  this.destroyed = true;
  this.errored = error;
  if (this.socket) this.socket.destroy(error);
  else this.once('socket', (socket) => socket.destroy(error));
  return this;
};

OutgoingMessage.prototype.setHeader = function (name, value) {
  if (this._header) throw headersSentError('set');
  validateHeaderName(name);
  validateHeaderValue(name, value);
  let headers = this[kOutHeaders];
  if (headers === null) this[kOutHeaders] = headers = { __proto__: null };
  headers[name.toLowerCase()] = [name, value];
  return this;
};
OutgoingMessage.prototype.setHeaders = function (headers) {
  if (this._header) throw headersSentError('set');
  if (!headers || Array.isArray(headers) || typeof headers.keys !== 'function' || typeof headers.get !== 'function') {
    throwType('headers', ['Headers', 'Map'], headers);
  }
  for (const key of headers.keys()) this.setHeader(key, headers.get(key));
  return this;
};
OutgoingMessage.prototype.appendHeader = function (name, value) {
  if (this._header) throw headersSentError('append');
  validateHeaderName(name);
  validateHeaderValue(name, value);
  const field = name.toLowerCase();
  const headers = this[kOutHeaders] || (this[kOutHeaders] = { __proto__: null });
  if (headers[field] === undefined) {
    headers[field] = [name, value];
    return this;
  }
  const existing = Array.isArray(headers[field][1]) ? headers[field][1] : [headers[field][1]];
  headers[field][1] = existing.concat(value);
  return this;
};
OutgoingMessage.prototype.getHeader = function (name) {
  validateString(name, 'name');
  const headers = this[kOutHeaders];
  if (headers === null) return;
  const entry = headers[name.toLowerCase()];
  return entry && entry[1];
};
OutgoingMessage.prototype.getHeaderNames = function () {
  return this[kOutHeaders] !== null ? Object.keys(this[kOutHeaders]) : [];
};
OutgoingMessage.prototype.getRawHeaderNames = function () {
  const headers = this[kOutHeaders];
  if (headers === null) return [];
  return Object.values(headers).map((v) => v[0]);
};
OutgoingMessage.prototype.getHeaders = function () {
  const headers = this[kOutHeaders];
  const ret = { __proto__: null };
  if (headers) for (const key of Object.keys(headers)) ret[key] = headers[key][1];
  return ret;
};
OutgoingMessage.prototype.hasHeader = function (name) {
  validateString(name, 'name');
  return this[kOutHeaders] !== null && !!this[kOutHeaders][name.toLowerCase()];
};
OutgoingMessage.prototype.removeHeader = function (name) {
  validateString(name, 'name');
  if (this._header) throw headersSentError('remove');
  const key = name.toLowerCase();
  switch (key) {
    case 'connection': this._removedConnection = true; break;
    case 'content-length': this._removedContLen = true; break;
    case 'transfer-encoding': this._removedTE = true; break;
    case 'date': this.sendDate = false; break;
  }
  if (this[kOutHeaders] !== null) delete this[kOutHeaders][key];
};
OutgoingMessage.prototype._implicitHeader = function () {
  throw makeNodeError(Error, 'ERR_METHOD_NOT_IMPLEMENTED', 'The _implicitHeader() method is not implemented');
};
// DEP0066: the old header maps, views of kOutHeaders (util loaded on first use)
function dep0066(what, fn) {
  let deprecated;
  return function (...args) {
    deprecated ??= internal.loadBuiltin('util').deprecate(fn, `OutgoingMessage.prototype.${what} is deprecated`, 'DEP0066');
    return Reflect.apply(deprecated, this, args);
  };
}
Object.defineProperty(OutgoingMessage.prototype, '_headers', {
  get: dep0066('_headers', function () { return this.getHeaders(); }),
  set: dep0066('_headers', function (val) {
    if (val == null) this[kOutHeaders] = null;
    else if (typeof val === 'object') {
      const headers = this[kOutHeaders] = { __proto__: null };
      for (const name of Object.keys(val)) headers[name.toLowerCase()] = [name, val[name]];
    }
  }),
  configurable: true,
});
Object.defineProperty(OutgoingMessage.prototype, '_headerNames', {
  get: dep0066('_headerNames', function () {
    const headers = this[kOutHeaders];
    if (headers === null) return null;
    const out = { __proto__: null };
    for (const key of Object.keys(headers)) out[key] = headers[key][0];
    return out;
  }),
  set: dep0066('_headerNames', function (val) {
    const headers = this[kOutHeaders];
    if (typeof val !== 'object' || val === null || !headers) return;
    for (const key of Object.keys(val)) if (headers[key]) headers[key][0] = val[key];
  }),
  configurable: true,
});
OutgoingMessage.prototype._renderHeaders = function () {
  if (this._header) throw headersSentError('render');
  const headers = {};
  const h = this[kOutHeaders];
  if (h !== null) for (const key of Object.keys(h)) headers[h[key][0]] = h[key][1];
  return headers;
};

// The head: firstLine plus the stored (or given) headers plus the framing
// headers Node adds (Date, Connection, Content-Length / Transfer-Encoding).
OutgoingMessage.prototype._storeHeader = function (firstLine, headers) {
  const state = { connection: false, contLen: false, te: false, date: false, expect: false, trailer: false, header: firstLine };
  if (headers) {
    if (headers === this[kOutHeaders]) {
      for (const key in headers) processHeader(this, state, headers[key][0], headers[key][1], false);
    } else if (Array.isArray(headers)) {
      if (headers.length && Array.isArray(headers[0])) {
        for (const [k, v] of headers) processHeader(this, state, k, v, true);
      } else {
        if (headers.length % 2 !== 0) throw invalidArgValue('headers', headers);
        for (let n = 0; n < headers.length; n += 2) processHeader(this, state, headers[n], headers[n + 1], true);
      }
    } else {
      for (const key of Object.keys(headers)) processHeader(this, state, key, headers[key], true);
    }
  }
  let { header } = state;
  if (this.sendDate && !state.date) header += `Date: ${utcDate()}\r\n`;
  // a 204/304 must not be chunked: sent without it, and the connection closes
  if (this.chunkedEncoding && (this.statusCode === 204 || this.statusCode === 304)) {
    this.chunkedEncoding = false;
    this.shouldKeepAlive = false;
  }
  if (this._removedConnection) {
    // no Connection header (removed): the connection still persists when it may
    this._last = !this.shouldKeepAlive;
  } else if (!state.connection) {
    const shouldSendKeepAlive = this.shouldKeepAlive && (state.contLen || this.useChunkedEncodingByDefault || this.agent);
    if (shouldSendKeepAlive && this.maxRequestsOnConnectionReached) {
      header += 'Connection: close\r\n';
    } else if (shouldSendKeepAlive) {
      header += 'Connection: keep-alive\r\n';
      if (this._keepAliveTimeout && this._defaultKeepAlive) {
        const max = ~~this._maxRequestsPerSocket > 0 ? `, max=${this._maxRequestsPerSocket}` : '';
        header += `Keep-Alive: timeout=${Math.floor(this._keepAliveTimeout / 1000)}${max}\r\n`;
      }
    } else {
      this._last = true;
      header += 'Connection: close\r\n';
    }
  }
  if (!state.contLen && !state.te) {
    if (!this._hasBody) {
      this.chunkedEncoding = false;
    } else if (!this.useChunkedEncodingByDefault) {
      this._last = true;
    } else if (!state.trailer && !this._removedContLen && typeof this._contentLength === 'number') {
      header += `Content-Length: ${this._contentLength}\r\n`;
    } else if (!this._removedTE) {
      header += 'Transfer-Encoding: chunked\r\n';
      this.chunkedEncoding = true;
    } else {
      this._last = true;
    }
  }
  if (this.chunkedEncoding !== true && state.trailer) {
    throw makeNodeError(Error, 'ERR_HTTP_TRAILER_INVALID', 'Trailers are invalid with this transfer encoding');
  }
  this._header = header + crlf;
  this._headerSent = false;
  if (state.expect) this._send('');
};
function processHeader(self, state, key, value, validate) {
  if (validate) validateHeaderName(key);
  // RFC 6266 4.3: with a Content-Length (stored before it), a
  // Content-Disposition value's chars are its bytes (Node's latin1 round trip)
  if (self._contentLength && key.length === 19 && key.toLowerCase() === 'content-disposition') {
    const bytes = (v) => Buffer.from(v, 'latin1').toString();
    value = Array.isArray(value) ? value.map(bytes) : bytes(value);
  }
  if (Array.isArray(value)) {
    if ((value.length < 2 || !isCookieField(key)) && (!self[kUniqueHeaders] || !self[kUniqueHeaders].has(key.toLowerCase()))) {
      for (const v of value) storeHeader(self, state, key, v, validate);
      return;
    }
    value = value.join('; ');
  }
  storeHeader(self, state, key, value, validate);
}
const kUniqueHeaders = Symbol('kUniqueHeaders');
function isCookieField(s) { return s.length === 6 && s.toLowerCase() === 'cookie'; }
function storeHeader(self, state, key, value, validate) {
  if (validate) validateHeaderValue(key, value);
  state.header += `${key}: ${value}\r\n`;
  const k = key.toLowerCase();
  if (k === 'connection') {
    state.connection = true;
    self._removedConnection = false;
    if (/(^|\W)close(\W|$)/i.test(value)) self._last = true;
    else self.shouldKeepAlive = true;
  } else if (k === 'transfer-encoding') {
    state.te = true;
    self._removedTE = false;
    if (/(?:^|\W)chunked(?:$|\W)/i.test(value)) self.chunkedEncoding = true;
  } else if (k === 'content-length') {
    state.contLen = true;
    self._contentLength = +value;
    self._removedContLen = false;
  } else if (k === 'keep-alive') {
    self._defaultKeepAlive = false;
  } else if (k === 'date') {
    state.date = true;
  } else if (k === 'expect') {
    state.expect = true;
  } else if (k === 'trailer') {
    state.trailer = true;
  }
}

// data to the socket, or queued until there is one
OutgoingMessage.prototype._send = function (data, encoding, callback, byteLength) {
  if (!this._headerSent && this._header !== null) {
    if (typeof data === 'string' && (encoding === 'utf8' || encoding === 'latin1' || !encoding)) {
      data = this._header + data;
    } else {
      this.outputData.unshift({ data: this._header, encoding: 'latin1', callback: null });
      this.outputSize += this._header.length;
      this._onPendingData(this._header.length);
    }
    this._headerSent = true;
  }
  return this._writeRaw(data, encoding, callback, byteLength);
};
OutgoingMessage.prototype._writeRaw = function (data, encoding, callback) {
  const conn = this.socket;
  if (conn && conn.destroyed) return false;
  if (typeof encoding === 'function') { callback = encoding; encoding = null; }
  if (conn && conn._httpMessage === this && conn.writable) {
    if (this.outputData.length) this._flushOutput(conn);
    return conn.write(data, encoding, callback);
  }
  this.outputData.push({ data, encoding, callback });
  this.outputSize += data.length;
  this._onPendingData(data.length);
  return this.outputSize < this.writableHighWaterMark;
};
OutgoingMessage.prototype._flushOutput = function (socket) {
  while (this[kCorked]) {
    this[kCorked]--;
    socket.cork();
  }
  const outputLength = this.outputData.length;
  if (outputLength <= 0) return undefined;
  const outputData = this.outputData;
  socket.cork();
  let ret;
  for (let i = 0; i < outputLength; i++) {
    const { data, encoding, callback } = outputData[i];
    outputData[i].data = null;
    ret = socket.write(data, encoding, callback);
  }
  socket.uncork();
  this.outputData = [];
  this._onPendingData(-this.outputSize);
  this.outputSize = 0;
  return ret;
};
OutgoingMessage.prototype._flush = function () {
  const socket = this.socket;
  if (socket && socket.writable) {
    const ret = this._flushOutput(socket);
    if (this.finished) this._finish();
    else if (ret && this[kNeedDrain]) {
      this[kNeedDrain] = false;
      this.emit('drain');
    }
  }
};

// (a destroyed message reports nothing more, as Node's onError)
function writeError(msg, err) {
  if (msg.destroyed) return;
  process.nextTick(() => msg.emit('error', err));
}
OutgoingMessage.prototype.write = function (chunk, encoding, callback) {
  if (typeof encoding === 'function') { callback = encoding; encoding = null; }
  const ret = writeGeneric(this, chunk, encoding, callback, false);
  if (!ret) this[kNeedDrain] = true;
  return ret;
};
function writeGeneric(msg, chunk, encoding, callback, fromEnd) {
  if (typeof callback !== 'function') callback = nop;
  if (chunk === null) throw makeNodeError(TypeError, 'ERR_STREAM_NULL_VALUES', 'May not write null values to stream');
  if (typeof chunk !== 'string' && !(chunk instanceof Uint8Array)) {
    throwType('chunk', ['string', 'Buffer', 'Uint8Array'], chunk);
  }
  let err;
  if (msg.finished) err = makeNodeError(Error, 'ERR_STREAM_WRITE_AFTER_END', 'write after end');
  else if (msg.destroyed) err = makeNodeError(Error, 'ERR_STREAM_DESTROYED', 'Cannot call write after a stream was destroyed');
  if (err) {
    if (!msg.destroyed) writeError(msg, err);
    process.nextTick(callback, err);
    return false;
  }
  if (!msg._header) {
    if (fromEnd) msg._contentLength = typeof chunk === 'string' ? Buffer.byteLength(chunk, encoding) : chunk.byteLength;
    msg._implicitHeader();
  }
  if (!msg._hasBody) {
    if (msg[kRejectNonStandardBodyWrites]) {
      throw makeNodeError(Error, 'ERR_HTTP_BODY_NOT_ALLOWED', 'Adding content for this request method or response status is not allowed.');
    }
    process.nextTick(callback);
    return true;
  }
  const len = typeof chunk === 'string' ? Buffer.byteLength(chunk, encoding) : chunk.byteLength;
  if (strictContentLength(msg)) {
    // (end's chunk must complete the body; a write may not overrun it)
    if (fromEnd ? msg[kBytesWritten] + len !== msg._contentLength : msg[kBytesWritten] + len > msg._contentLength) {
      throw contentLengthMismatch(len + msg[kBytesWritten], msg._contentLength);
    }
    msg[kBytesWritten] += len;
  }
  if (!fromEnd && msg.socket && !msg.socket.writableCorked) {
    msg.socket.cork();
    process.nextTick(connectionCorkNT, msg.socket);
  }
  let ret;
  if (msg.chunkedEncoding && chunk.length !== 0) {
    if (msg[kCorked] && msg._headerSent) {
      msg[kChunkedBuffer].push({ chunk, encoding, callback });
      return false;
    }
    msg._send(len.toString(16), 'latin1', null);
    msg._send(crlf, 'latin1', null);
    msg._send(chunk, encoding, null, len);
    ret = msg._send(crlf, 'latin1', callback);
  } else {
    ret = msg._send(chunk, encoding, callback, len);
  }
  return ret;
}
function connectionCorkNT(conn) { conn.uncork(); }
// strictContentLength: a body must match its Content-Length exactly
const kBytesWritten = Symbol('kBytesWritten');
function strictContentLength(msg) {
  return msg.strictContentLength && msg._contentLength != null && msg._hasBody && !msg._removedContLen &&
    !msg.chunkedEncoding && !msg.hasHeader('transfer-encoding');
}
function contentLengthMismatch(actual, expected) {
  return makeNodeError(Error, 'ERR_HTTP_CONTENT_LENGTH_MISMATCH',
    `Response body's content-length of ${actual} byte(s) does not match the content-length of ${expected} byte(s) set in header`);
}

OutgoingMessage.prototype.addTrailers = function (headers) {
  this._trailer = '';
  const keys = Object.keys(headers);
  const isArray = Array.isArray(headers);
  for (const k of keys) {
    let field, value;
    if (isArray) { field = headers[k][0]; value = headers[k][1]; } else { field = k; value = headers[k]; }
    validateHeaderName(field, 'Trailer name');
    if (Array.isArray(value) && value.length > 1 && (!this[kUniqueHeaders] || !this[kUniqueHeaders].has(field.toLowerCase()))) {
      for (const v of value) {
        if (checkInvalidHeaderChar(v)) throw makeNodeError(TypeError, 'ERR_INVALID_CHAR', `Invalid character in trailer content ["${field}"]`);
        this._trailer += `${field}: ${v}\r\n`;
      }
    } else {
      if (Array.isArray(value)) value = value.join('; ');
      if (checkInvalidHeaderChar(value)) throw makeNodeError(TypeError, 'ERR_INVALID_CHAR', `Invalid character in trailer content ["${field}"]`);
      this._trailer += `${field}: ${value}\r\n`;
    }
  }
};

function onFinish(msg) {
  if (msg && msg.socket && msg.socket._hadError) return;
  msg.emit('finish');
}
OutgoingMessage.prototype.end = function (chunk, encoding, callback) {
  if (typeof chunk === 'function') { callback = chunk; chunk = null; encoding = null; }
  else if (typeof encoding === 'function') { callback = encoding; encoding = null; }
  if (chunk) {
    if (this.finished) {
      writeError(this, makeNodeError(Error, 'ERR_STREAM_WRITE_AFTER_END', 'write after end'));
      if (typeof callback === 'function') process.nextTick(callback, makeNodeError(Error, 'ERR_STREAM_WRITE_AFTER_END', 'write after end'));
      return this;
    }
    if (this.socket) this.socket.cork();
    writeGeneric(this, chunk, encoding, null, true);
  } else if (this.finished) {
    if (typeof callback === 'function') {
      if (!this.writableFinished) this.on('finish', callback);
      else callback(makeNodeError(Error, 'ERR_STREAM_ALREADY_FINISHED', 'Cannot call end after a stream was finished'));
    }
    return this;
  } else if (!this._header) {
    if (this.socket) this.socket.cork();
    this._contentLength = 0;
    this._implicitHeader();
  }
  if (strictContentLength(this) && (this[kBytesWritten] || 0) !== this._contentLength) {
    throw contentLengthMismatch(this[kBytesWritten] || 0, this._contentLength);
  }
  if (typeof callback === 'function') this.once('finish', callback);
  const finish = onFinish.bind(undefined, this);
  if (this._hasBody && this.chunkedEncoding) {
    this._send(`0\r\n${this._trailer}\r\n`, 'latin1', finish);
  } else if (!this._headerSent || this.writableLength || chunk) {
    this._send('', 'latin1', finish);
  } else {
    process.nextTick(finish);
  }
  if (this.socket) {
    this.socket._writableState.corked = 1;
    this.socket.uncork();
  }
  this[kCorked] = 1;
  this.uncork();
  this.finished = true;
  this[kEndCalled] = true;
  if (this.outputData.length === 0 && this.socket && this.socket._httpMessage === this) this._finish();
  return this;
};
OutgoingMessage.prototype._finish = function () {
  this.emit('prefinish');
};
OutgoingMessage.prototype.flushHeaders = function () {
  if (!this._header) this._implicitHeader();
  this._send('');
};
OutgoingMessage.prototype.pipe = function () {
  this.emit('error', makeNodeError(Error, 'ERR_STREAM_CANNOT_PIPE', 'Cannot pipe, not readable'));
};

// ---- ServerResponse --------------------------------------------------------------------
const kIncomingMessage = Symbol('IncomingMessage');
const kServerResponse = Symbol('ServerResponse');
function ServerResponse(req, options) {
  OutgoingMessage.call(this, options);
  if (req.method === 'HEAD') this._hasBody = false;
  this.req = req;
  this.sendDate = true;
  this._sent100 = false;
  this._expect_continue = false;
  this.statusCode = 200;
  this.statusMessage = undefined;
  if (req.httpVersionMajor < 1 || req.httpVersionMinor < 1) {
    this.useChunkedEncodingByDefault = /(?:^|\W)chunked(?:$|\W)/i.test(req.headers.te || '');
    this.shouldKeepAlive = false;
  }
}
Object.setPrototypeOf(ServerResponse.prototype, OutgoingMessage.prototype);
Object.setPrototypeOf(ServerResponse, OutgoingMessage);
ServerResponse.prototype._finish = function () {
  OutgoingMessage.prototype._finish.call(this);
};
ServerResponse.prototype.assignSocket = function (socket) {
  if (socket._httpMessage) {
    throw makeNodeError(Error, 'ERR_HTTP_SOCKET_ASSIGNED', 'ServerResponse has an already assigned socket');
  }
  socket._httpMessage = this;
  socket.on('close', onServerResponseClose);
  this.socket = socket;
  this.emit('socket', socket);
  this._flush();
};
ServerResponse.prototype.detachSocket = function (socket) {
  socket.removeListener('close', onServerResponseClose);
  socket._httpMessage = null;
  this.socket = null;
};
function onServerResponseClose() {
  const msg = this._httpMessage;
  if (msg) {
    msg.destroyed = true;
    msg._closed = true;
    msg.emit('close');
  }
}
ServerResponse.prototype.writeContinue = function (cb) {
  this._writeRaw('HTTP/1.1 100 Continue\r\n\r\n', 'ascii', cb);
  this._sent100 = true;
};
ServerResponse.prototype.writeProcessing = function (cb) {
  this._writeRaw('HTTP/1.1 102 Processing\r\n\r\n', 'ascii', cb);
};
// a Link header value (RFC 8288): `<uri>` then `; param` or `; param=value`
// (a value may be quoted), e.g. '</styles.css>; rel=preload; as=style'
const linkValueFormat = /^<[^>]*>(?:\s*;\s*[^;"\s]+(?:=(?:"[^"]*"|[^;"\s]*))?)*$/;
function linkHeaderValue(link) {
  for (const one of Array.isArray(link) ? link : [link]) {
    if (typeof one !== 'string' || !linkValueFormat.test(one)) {
      throw makeNodeError(TypeError, 'ERR_INVALID_ARG_VALUE', "The argument 'hints' must be an array or string of " +
        `format "</styles.css>; rel=preload; as=style". Received ${internal.inspect(one)}`);
    }
  }
  return Array.isArray(link) ? link.join(', ') : link;
}
// 103 Early Hints: sent only with a Link (Node: no link, or an empty list, is no-op)
ServerResponse.prototype.writeEarlyHints = function (hints, cb) {
  validateObject(hints, 'hints');
  if (hints.link === null || hints.link === undefined) return;
  const link = linkHeaderValue(hints.link);
  if (link.length === 0) return;
  let head = `HTTP/1.1 103 Early Hints\r\nLink: ${link}\r\n`;
  for (const key of Object.keys(hints)) if (key !== 'link') head += `${key}: ${hints[key]}\r\n`;
  this._writeRaw(`${head}\r\n`, 'ascii', cb);
};
ServerResponse.prototype._implicitHeader = function () {
  this.writeHead(this.statusCode);
};
ServerResponse.prototype.writeHead = function (statusCode, reason, obj) {
  if (this._header) throw headersSentError('write');
  const originalStatusCode = statusCode;
  statusCode |= 0;
  if (statusCode < 100 || statusCode > 999) {
    const shown = typeof originalStatusCode === 'object' && originalStatusCode !== null
      ? internal.inspect(originalStatusCode) : String(originalStatusCode);
    throw makeNodeError(RangeError, 'ERR_HTTP_INVALID_STATUS_CODE', `Invalid status code: ${shown}`);
  }
  if (typeof reason === 'string') {
    this.statusMessage = reason;
  } else {
    if (!this.statusMessage) this.statusMessage = STATUS_CODES[statusCode] || 'unknown';
    obj ??= reason;
  }
  this.statusCode = statusCode;
  let headers;
  if (this[kOutHeaders]) {
    if (obj) {
      if (Array.isArray(obj)) {
        if (obj.length && Array.isArray(obj[0])) {
          for (const [k, v] of obj) this.appendHeader(k, v);
        } else {
          if (obj.length % 2 !== 0) throw invalidArgValue('headers', obj);
          // these replace headers set before, duplicates among them kept
          for (let n = 0; n < obj.length; n += 2) this.removeHeader(obj[n]);
          for (let n = 0; n < obj.length; n += 2) if (obj[n]) this.appendHeader(obj[n], obj[n + 1]);
        }
      } else {
        for (const k of Object.keys(obj)) if (k) this.setHeader(k, obj[k]);
      }
    }
    headers = this[kOutHeaders];
  } else {
    headers = obj;
  }
  if (checkInvalidHeaderChar(this.statusMessage)) {
    throw makeNodeError(TypeError, 'ERR_INVALID_CHAR', 'Invalid character in statusMessage');
  }
  const statusLine = `HTTP/1.1 ${statusCode} ${this.statusMessage}\r\n`;
  if (statusCode === 204 || statusCode === 304 || (statusCode >= 100 && statusCode <= 199)) {
    this._hasBody = false;
  }
  if (this._expect_continue && !this._sent100) this.shouldKeepAlive = false;
  this._storeHeader(statusLine, headers);
  return this;
};
ServerResponse.prototype.writeHeader = ServerResponse.prototype.writeHead;

// ---- Server ---------------------------------------------------------------------------------
const kConnections = Symbol('http.server.connections');
function storeHTTPOptions(options) {
  this[kIncomingMessage] = options.IncomingMessage || IncomingMessage;
  this[kServerResponse] = options.ServerResponse || ServerResponse;
  const maxHeaderSizeOpt = options.maxHeaderSize;
  if (maxHeaderSizeOpt !== undefined) validateInteger(maxHeaderSizeOpt, 'maxHeaderSize', 0);
  this.maxHeaderSize = maxHeaderSizeOpt;
  if (options.insecureHTTPParser !== undefined) validateBoolean(options.insecureHTTPParser, 'options.insecureHTTPParser');
  this.insecureHTTPParser = options.insecureHTTPParser;
  // (ms, integers >= 0; 0 turns one off)
  const msOption = (name, dflt) => {
    if (options[name] === undefined) return dflt;
    validateInteger(options[name], name, 0);
    return options[name];
  };
  this.requestTimeout = msOption('requestTimeout', 300000);
  this.headersTimeout = msOption('headersTimeout', Math.min(60000, this.requestTimeout));
  if (this.requestTimeout > 0 && this.headersTimeout > 0 && this.headersTimeout > this.requestTimeout) {
    throw makeNodeError(RangeError, 'ERR_OUT_OF_RANGE',
      'The value of "headersTimeout" is out of range. It must be <= requestTimeout. Received ' + this.headersTimeout);
  }
  this.keepAliveTimeout = msOption('keepAliveTimeout', 5000);
  this.connectionsCheckingInterval = msOption('connectionsCheckingInterval', 30000);
  if (options.requireHostHeader !== undefined) validateBoolean(options.requireHostHeader, 'options.requireHostHeader');
  this.requireHostHeader = options.requireHostHeader !== undefined ? options.requireHostHeader : true;
  if (options.joinDuplicateHeaders !== undefined) validateBoolean(options.joinDuplicateHeaders, 'options.joinDuplicateHeaders');
  this.joinDuplicateHeaders = options.joinDuplicateHeaders;
  this.rejectNonStandardBodyWrites = options.rejectNonStandardBodyWrites || false;
}
function Server(options, requestListener) {
  if (!(this instanceof Server)) return new Server(options, requestListener);
  if (typeof options === 'function') { requestListener = options; options = {}; }
  else if (options == null) options = {};
  else validateObject(options, 'options');
  storeHTTPOptions.call(this, options);
  net.Server.call(this, {
    allowHalfOpen: true,
    noDelay: options.noDelay !== undefined ? options.noDelay : true,
    keepAlive: options.keepAlive,
    keepAliveInitialDelay: options.keepAliveInitialDelay,
    highWaterMark: options.highWaterMark,
  });
  if (requestListener) this.on('request', requestListener);
  this.httpAllowHalfOpen = false;
  this.on('connection', connectionListener);
  this.on('listening', setupConnectionsTracking);
  this.timeout = 0;
  this.maxHeadersCount = null;
  this.maxRequestsPerSocket = 0;
  this[kConnections] = new Set();
  if (options.uniqueHeaders) this[kUniqueHeaders] = new Set(options.uniqueHeaders.map((h) => h.toLowerCase()));
}
Object.setPrototypeOf(Server.prototype, net.Server.prototype);
Object.setPrototypeOf(Server, net.Server);
// Node's headersTimeout / requestTimeout: one unref'd interval per listening
// server checks every connection's active message (the parser's expired())
// and answers the late ones 408, as Node's connections check does.
const kConnectionsCheckingInterval = Symbol('http.server.connectionsCheckingInterval');
function setupConnectionsTracking() {
  if (this[kConnectionsCheckingInterval]) clearInterval(this[kConnectionsCheckingInterval]);
  this[kConnectionsCheckingInterval] = setInterval(checkConnections.bind(this), this.connectionsCheckingInterval).unref();
}
function checkConnections() {
  if (this.headersTimeout === 0 && this.requestTimeout === 0) return;
  for (const socket of this[kConnections]) {
    const state = socket[kConnState];
    if (state && state.parser && state.parser.expired(this.headersTimeout, this.requestTimeout)) {
      socketOnError.call(socket, makeNodeError(Error, 'ERR_HTTP_REQUEST_TIMEOUT', 'Request timeout'));
    }
  }
}
Server.prototype.close = function (cb) {
  this.closeIdleConnections();
  clearInterval(this[kConnectionsCheckingInterval]);
  return net.Server.prototype.close.call(this, cb);
};
Server.prototype[Symbol.asyncDispose] = function () {
  return new Promise((resolve, reject) => this.close((err) => (err ? reject(err) : resolve())));
};
Server.prototype.closeAllConnections = function () {
  for (const socket of this[kConnections]) socket.destroy();
};
Server.prototype.closeIdleConnections = function () {
  for (const socket of this[kConnections]) {
    const st = socket[kConnState];
    if (!st || !st.parser || !st.parser.idle()) continue;
    if (socket._httpMessage && !socket._httpMessage.finished) continue;
    socket.destroy();
  }
};
Server.prototype.setTimeout = function (msecs, callback) {
  this.timeout = msecs;
  if (callback) this.on('timeout', callback);
  return this;
};
Server.prototype[EventEmitter.captureRejectionSymbol || Symbol.for('nodejs.rejection')] = function (err, event, ...args) {
  if (event === 'request') {
    const res = args[1];
    if (!res.headersSent && !res.writableEnded) {
      for (const name of res.getHeaderNames()) res.removeHeader(name);
      res.statusCode = 500;
      res.end(STATUS_CODES[500]);
    } else {
      res.destroy();
    }
  } else {
    net.Server.prototype[EventEmitter.captureRejectionSymbol || Symbol.for('nodejs.rejection')].call(this, err, event, ...args);
  }
};

const kConnState = Symbol('kConnState');
const badRequestResponse = 'HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n';
const requestTimeoutResponse = 'HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n\r\n';
const requestHeaderFieldsTooLargeResponse = 'HTTP/1.1 431 Request Header Fields Too Large\r\nConnection: close\r\n\r\n';
const requestChunkExtensionsTooLargeResponse = 'HTTP/1.1 413 Payload Too Large\r\nConnection: close\r\n\r\n';

function connectionListener(socket) {
  const server = this;
  if (server.timeout && typeof socket.setTimeout === 'function') socket.setTimeout(server.timeout);
  socket.on('timeout', socketOnTimeout);
  const parser = newParser(false, socket, server.maxHeaderSize, server.insecureHTTPParser);
  parser.server = server;
  parser.joinDuplicateHeaders = server.joinDuplicateHeaders;
  parser.maxHeadersCount = server.maxHeadersCount;
  const state = {
    server, socket, parser, outgoing: [], incoming: [], requestsCount: 0,
    keepAliveTimeoutSet: false,
  };
  socket[kConnState] = state;
  server[kConnections].add(socket);
  parser.onIncoming = (req, keepAlive) => parserOnIncoming(state, req, keepAlive);
  socket.parser = parser;
  socket.on('data', socketOnData);
  socket.on('end', socketOnEnd);
  socket.on('error', socketOnError);
  socket.on('close', socketOnClose);
  socket.on('drain', socketOnDrain);
  socket.on('resume', onSocketResume);
  socket.on('pause', onSocketPause);
  socket.setEncoding = socketSetEncoding;
  socket._paused = false;
}
// the parser reads bytes: a decoding socket would corrupt the messages
function socketSetEncoding() {
  throw makeNodeError(Error, 'ERR_HTTP_SOCKET_ENCODING', 'Changing the socket encoding is not allowed per RFC7230 Section 3.');
}
const keepAliveTimeoutBuffer = 1000;
// traffic on a kept-alive socket: back to the server's own timeout
function resetSocketTimeout(state) {
  if (!state.keepAliveTimeoutSet) return;
  state.socket.setTimeout(state.server.timeout || 0);
  state.keepAliveTimeoutSet = false;
}
function socketOnTimeout() {
  const state = this[kConnState];
  const req = state && state.parser && state.parser.incoming;
  const reqTimeout = req && !req.complete && req.emit('timeout', this);
  const res = this._httpMessage;
  const resTimeout = res && res.emit('timeout', this);
  const serverTimeout = state && state.server.emit('timeout', this);
  if (!reqTimeout && !resTimeout && !serverTimeout) this.destroy();
}
function socketOnData(d) {
  const state = this[kConnState];
  if (!state || !state.parser) return;
  const ret = state.parser.execute(d);
  onParserExecuteCommon(state, ret, d);
}
function onParserExecuteCommon(state, ret, d) {
  const { socket, server, parser } = state;
  resetSocketTimeout(state);
  if (ret instanceof Error) {
    prepareError(ret, parser, d);
    socketOnError.call(socket, ret);
    return;
  }
  if (parser.incoming && parser.incoming.upgrade && parser.upgradeTaken) {
    // an upgrade or CONNECT the server handles: the socket is the user's now
    const req = parser.incoming;
    const eventName = req.method === 'CONNECT' ? 'connect' : 'upgrade';
    const bodyHead = d.slice(ret, d.length);
    freeParser(parser);
    socket.parser = null;
    socket.readableFlowing = null;
    server.emit(eventName, req, socket, bodyHead);
    return;
  }
  if (typeof ret === 'number' && ret < d.length && state.parser === parser) {
    // an Upgrade nobody takes: the connection goes on as plain HTTP
    parser.resume();
    socketOnData.call(socket, d.slice(ret));
  }
}
function prepareError(err, parser, d) {
  err.rawPacket = d ? Buffer.from(d) : undefined;
}
function socketOnEnd() {
  const state = this[kConnState];
  if (!state) return;
  const ret = state.parser ? state.parser.finish() : undefined;
  if (ret instanceof Error) {
    socketOnError.call(this, ret);
    return;
  }
  // the peer is done: end our side now (Node; a response still being written
  // is cut short, and the close aborts its request), or, half-open, after
  // the last response
  if (!state.server.httpAllowHalfOpen) {
    if (this.writable) this.end();
  } else if (state.outgoing.length) {
    state.outgoing[state.outgoing.length - 1]._last = true;
  } else if (this._httpMessage) {
    this._httpMessage._last = true;
  } else if (this.writable) {
    this.end();
  }
}
function socketOnClose() {
  const state = this[kConnState];
  if (!state) return;
  state.server[kConnections].delete(this);
  const parser = state.parser;
  if (parser) {
    freeParser(parser);
    state.parser = null;
    this.parser = null;
  }
  // every request still without a finished response was aborted (Node's abortIncoming)
  while (state.incoming.length) state.incoming.shift().destroy(connResetException('aborted'));
  for (const res of state.outgoing) { res.destroyed = true; res._closed = true; res.emit('close'); }
  state.outgoing.length = 0;
}
function socketOnDrain() {
  const msg = this._httpMessage;
  if (msg && msg[kNeedDrain] !== false) {
    msg[kNeedDrain] = false;
    msg.emit('drain');
  }
}
function onSocketResume() {
  if (this._paused) { this.pause(); return; }
}
function onSocketPause() {}
function socketOnError(e) {
  this.removeListener('error', socketOnError);
  if (this.listenerCount('error') === 0) this.on('error', nop);
  const state = this[kConnState];
  if (!state) { this.destroy(e); return; }
  if (!state.server.emit('clientError', e, this)) {
    if (this.writable && (!this._httpMessage || !this._httpMessage._headerSent)) {
      let response;
      switch (e.code) {
        case 'HPE_HEADER_OVERFLOW': response = requestHeaderFieldsTooLargeResponse; break;
        case 'HPE_CHUNK_EXTENSIONS_OVERFLOW': response = requestChunkExtensionsTooLargeResponse; break;
        case 'ERR_HTTP_REQUEST_TIMEOUT': response = requestTimeoutResponse; break;
        default: response = badRequestResponse;
      }
      this.write(response);
    }
    this.destroy(e);
  }
}
function connResetException(msg) {
  const e = new Error(msg);
  e.code = 'ECONNRESET';
  return e;
}

function parserOnIncoming(state, req, keepAlive) {
  const { server, socket, parser } = state;
  resetSocketTimeout(state);
  if (req.upgrade) {
    const eventName = req.method === 'CONNECT' ? 'connect' : 'upgrade';
    req.upgrade = server.listenerCount(eventName) > 0;
    if (req.upgrade) {
      parser.upgradeTaken = true;
      socket.removeListener('data', socketOnData);
      socket.removeListener('end', socketOnEnd);
      socket.removeListener('close', socketOnClose);
      socket.removeListener('drain', socketOnDrain);
      socket.removeListener('error', socketOnError);
      socket.removeListener('timeout', socketOnTimeout);
      server[kConnections].delete(socket);
      socket[kConnState] = null;
      parser.onIncoming = null;
      return 2;
    }
  }
  state.incoming.push(req);
  if (!socket._paused) {
    const ws = socket._writableState;
    if (ws.needDrain || ws.length >= socket.writableHighWaterMark) {
      socket._paused = true;
      socket.pause();
    }
  }
  const res = new server[kServerResponse](req, {
    rejectNonStandardBodyWrites: server.rejectNonStandardBodyWrites,
  });
  res._keepAliveTimeout = server.keepAliveTimeout;
  res._maxRequestsPerSocket = server.maxRequestsPerSocket;
  res._onPendingData = nop;
  res.shouldKeepAlive = keepAlive;
  res[kUniqueHeaders] = server[kUniqueHeaders];
  if (socket._httpMessage) state.outgoing.push(res);
  else res.assignSocket(socket);
  res.on('finish', () => resOnFinish(state, req, res));
  if (hasObserver('http')) {
    res[kServerResponseStatistics] = {
      start: internal.perfNow(), req: { method: req.method, url: req.url, headers: req.headers },
    };
  }
  let handled = false;
  if (req.httpVersionMajor === 1 && req.httpVersionMinor === 1) {
    // RFC 9112 3.2: an HTTP/1.1 request without Host is a 400
    if (server.requireHostHeader && req.headers.host === undefined) {
      res.writeHead(400, ['Connection', 'close']);
      res.end();
      return 0;
    }
    // past maxRequestsPerSocket (pipelined beyond the advertised max): 503
    const limited = typeof server.maxRequestsPerSocket === 'number' && server.maxRequestsPerSocket > 0;
    if (limited) {
      state.requestsCount++;
      res.maxRequestsOnConnectionReached = server.maxRequestsPerSocket <= state.requestsCount;
    }
    if (limited && server.maxRequestsPerSocket < state.requestsCount) {
      handled = true;
      server.emit('dropRequest', req, socket);
      res.writeHead(503);
      res.end();
    } else if (req.headers.expect === undefined) {
      // an ordinary request
    } else if (/(?:^|\W)100-continue(?:$|\W)/i.test(req.headers.expect)) {
      handled = true;
      res._expect_continue = true;
      if (server.listenerCount('checkContinue') > 0) server.emit('checkContinue', req, res);
      else {
        res.writeContinue();
        server.emit('request', req, res);
      }
    } else {
      handled = true;
      if (server.listenerCount('checkExpectation') > 0) server.emit('checkExpectation', req, res);
      else {
        res.writeHead(417);
        res.end();
      }
    }
  }
  if (!handled) server.emit('request', req, res);
  return 0;
}
function resOnFinish(state, req, res) {
  const { socket } = state;
  const stats = res[kServerResponseStatistics];
  if (stats !== undefined) {
    res[kServerResponseStatistics] = undefined;
    perfStop(stats, 'HttpRequest', { res: { statusCode: res.statusCode, statusMessage: res.statusMessage, headers: res.getHeaders() } });
  }
  const idx = state.incoming.indexOf(req);
  if (idx >= 0) state.incoming.splice(idx, 1);
  if (!req._consuming && !req._readableState.resumeScheduled) req._dump();
  res.detachSocket(socket);
  clearIncoming(req);
  process.nextTick(() => {
    if (res._closed) return;
    res.destroyed = true;
    res._closed = true;
    res.emit('close');
  });
  if (res._last) {
    if (typeof socket.destroySoon === 'function') socket.destroySoon();
    else socket.end();
  } else if (state.outgoing.length === 0) {
    if (state.server.keepAliveTimeout && typeof socket.setTimeout === 'function') {
      // an idle kept-alive socket times out a little after the advertised
      // timeout (Node's 1 s buffer, against ECONNRESET races)
      socket.setTimeout(state.server.keepAliveTimeout + keepAliveTimeoutBuffer);
      state.keepAliveTimeoutSet = true;
    }
  } else {
    const m = state.outgoing.shift();
    if (m) m.assignSocket(socket);
  }
  if (socket._paused && state.outgoing.length === 0) {
    socket._paused = false;
    socket.resume();
  }
}
// the parser lets go of a finished request (once it was read to its end)
function clearIncoming(req) {
  req = req || this;
  const parser = req.socket && req.socket.parser;
  if (parser && parser.incoming === req) {
    if (req.readableEnded) parser.incoming = null;
    else req.on('end', clearIncoming);
  }
}

function createServer(opts, requestListener) { return new Server(opts, requestListener); }

// ---- Agent --------------------------------------------------------------------------------
function Agent(options) {
  if (!(this instanceof Agent)) return new Agent(options);
  EventEmitter.call(this);
  this.defaultPort = 80;
  this.protocol = 'http:';
  this.options = { __proto__: null, ...options };
  if (this.options.noDelay === undefined) this.options.noDelay = true;
  this.options.path = null;
  this.requests = { __proto__: null };
  this.sockets = { __proto__: null };
  this.freeSockets = { __proto__: null };
  this.keepAliveMsecs = this.options.keepAliveMsecs || 1000;
  this.keepAlive = this.options.keepAlive || false;
  this.maxSockets = this.options.maxSockets || Agent.defaultMaxSockets;
  this.maxFreeSockets = this.options.maxFreeSockets || 256;
  this.scheduling = this.options.scheduling || 'lifo';
  this.maxTotalSockets = this.options.maxTotalSockets;
  this.totalSocketCount = 0;
  if (this.scheduling !== 'fifo' && this.scheduling !== 'lifo') {
    throw makeNodeError(TypeError, 'ERR_INVALID_ARG_VALUE',
      `The argument 'scheduling' must be one of: 'fifo', 'lifo'. Received ${internal.inspect(this.scheduling)}`);
  }
  if (this.maxTotalSockets !== undefined) validateNumber(this.maxTotalSockets, 'maxTotalSockets', 1);
  else this.maxTotalSockets = Infinity;
  this.on('free', (socket, options) => agentOnFree(this, socket, options));
}
Object.setPrototypeOf(Agent.prototype, EventEmitter.prototype);
Object.setPrototypeOf(Agent, EventEmitter);
Agent.defaultMaxSockets = Infinity;
Agent.prototype.createConnection = net.createConnection;
Agent.prototype.getName = function (options = {}) {
  let name = options.host || 'localhost';
  name += ':';
  if (options.port) name += options.port;
  name += ':';
  if (options.localAddress) name += options.localAddress;
  if (options.family === 4 || options.family === 6) name += `:${options.family}`;
  if (options.socketPath) name += `:${options.socketPath}`;
  return name;
};
function agentOnFree(agent, socket, options) {
  const name = agent.getName(options);
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  if (agent.requests[name] && agent.requests[name].length) {
    const requests = agent.requests[name];
    const req = requests.shift();
    const reqAsyncRes = req[kRequestAsyncResource];
    if (!requests.length) delete agent.requests[name];
    socket._httpMessage = null;
    if (reqAsyncRes) {
      // in the request's own async context (it waited for this socket)
      reqAsyncRes.runInAsyncScope(() => {
        asyncResetHandle(socket);
        setRequestSocket(agent, req, socket);
      });
      req[kRequestAsyncResource] = null;
    } else {
      setRequestSocket(agent, req, socket);
    }
    return;
  }
  const req = socket._httpMessage;
  if (!req || !req.shouldKeepAlive || !agent.keepAlive) {
    socket.destroy();
    return;
  }
  const freeSockets = agent.freeSockets[name] || [];
  const freeLen = freeSockets.length;
  let count = freeLen;
  if (agent.sockets[name]) count += agent.sockets[name].length;
  if (agent.totalSocketCount > agent.maxTotalSockets || count > agent.maxSockets || freeLen >= agent.maxFreeSockets ||
      !agent.keepSocketAlive(socket)) {
    socket.destroy();
    return;
  }
  agent.freeSockets[name] = freeSockets;
  // a free socket belongs to no async resource until it is reused
  socket[internal.async_id_symbol] = -1;
  socket._httpMessage = null;
  agent.removeSocket(socket, options);
  socket.once('error', freeSocketErrorListener);
  freeSockets.push(socket);
}
// A reused socket's handle becomes a new async resource (destroy for the old
// id, init for the new one, with a ReusedHandle as the resource, as Node).
class ReusedHandle {
  constructor(type, handle) {
    this.type = type;
    this.handle = handle;
  }
}
function asyncResetHandle(socket) {
  const handle = socket._handle;
  if (handle && typeof handle.asyncReset === 'function') {
    handle.asyncReset(new ReusedHandle(handle.getProviderType(), handle));
    socket[internal.async_id_symbol] = handle.getAsyncId();
  }
}
function freeSocketErrorListener(err) {
  const socket = this;
  socket.destroy();
  socket.emit('agentRemove');
  void err;
}
const kRequestAsyncResource = Symbol('kRequestAsyncResource');
Agent.prototype.addRequest = function (req, options, port, localAddress) {
  if (typeof options === 'string') options = { __proto__: null, host: options, port, localAddress };
  options = { __proto__: null, ...options, ...this.options };
  if (options.socketPath) options.path = options.socketPath;
  normalizeServerName(options, req);
  const name = this.getName(options);
  if (!this.sockets[name]) this.sockets[name] = [];
  const freeSockets = this.freeSockets[name];
  let socket;
  if (freeSockets) {
    while (freeSockets.length && freeSockets[0].destroyed) freeSockets.shift();
    socket = this.scheduling === 'fifo' ? freeSockets.shift() : freeSockets.pop();
    if (!freeSockets.length) delete this.freeSockets[name];
  }
  const freeLen = freeSockets ? freeSockets.length : 0;
  const sockLen = freeLen + this.sockets[name].length;
  if (socket) {
    asyncResetHandle(socket);
    this.reuseSocket(socket, req);
    setRequestSocket(this, req, socket);
    this.sockets[name].push(socket);
  } else if (sockLen < this.maxSockets && this.totalSocketCount < this.maxTotalSockets) {
    this.createSocket(req, options, (err, s) => {
      if (err) req.onSocket(s, err);
      else setRequestSocket(this, req, s);
    });
  } else {
    if (!this.requests[name]) this.requests[name] = [];
    // the request's async context, for when a socket frees up
    req[kRequestAsyncResource] = new (internal.loadBuiltin('async_hooks').AsyncResource)('QueuedRequest');
    req[kRequestOptions] = options;
    this.requests[name].push(req);
  }
};
function normalizeServerName(options, req) {
  if (!options.servername && options.servername !== '') options.servername = calculateServerName(options, req);
}
function calculateServerName(options, req) {
  let servername = options.host;
  const hostHeader = req.getHeader && req.getHeader('host');
  if (hostHeader) {
    if (typeof hostHeader !== 'string') throwType('options.headers.host', 'String', hostHeader);
    if (hostHeader.startsWith('[')) {
      const index = hostHeader.indexOf(']');
      servername = index === -1 ? hostHeader : hostHeader.slice(1, index);
    } else servername = hostHeader.split(':', 1)[0];
  }
  if (net.isIP(servername)) servername = '';
  return servername;
}
Agent.prototype.createSocket = function (req, options, cb) {
  options = { __proto__: null, ...options, ...this.options };
  if (options.socketPath) options.path = options.socketPath;
  normalizeServerName(options, req);
  const name = this.getName(options);
  options._agentKey = name;
  options.encoding = null;
  let called = false;
  const oncreate = (err, s) => {
    if (called) return;
    called = true;
    if (err) return cb(err);
    if (!this.sockets[name]) this.sockets[name] = [];
    this.sockets[name].push(s);
    this.totalSocketCount++;
    installListeners(this, s, options);
    cb(null, s);
  };
  if (this.keepAlive) options.keepAlive = this.keepAlive, options.keepAliveInitialDelay = this.keepAliveMsecs;
  const newSocket = this.createConnection(options, oncreate);
  if (newSocket) oncreate(null, newSocket);
};
function installListeners(agent, s, options) {
  function onFree() { agent.emit('free', s, options); }
  s.on('free', onFree);
  function onClose() { agent.totalSocketCount--; agent.removeSocket(s, options); }
  s.on('close', onClose);
  function onTimeout() {
    const sockets = agent.freeSockets;
    if (Object.keys(sockets).some((name) => sockets[name].includes(s))) s.destroy();
  }
  s.on('timeout', onTimeout);
  function onRemove() {
    agent.totalSocketCount--;
    agent.removeSocket(s, options);
    s.removeListener('close', onClose);
    s.removeListener('free', onFree);
    s.removeListener('timeout', onTimeout);
    s.removeListener('agentRemove', onRemove);
  }
  s.on('agentRemove', onRemove);
}
// s leaves the active list (and the free one once it is not writable); a
// request waiting for this key, or else for a key with no socket at all
// (maxTotalSockets queues across origins), gets a new socket, which takes it
// from the queue on 'free' (Node's order: this key first, then the others)
Agent.prototype.removeSocket = function (s, options) {
  const name = this.getName(options);
  const sets = s.writable ? [this.sockets] : [this.sockets, this.freeSockets];
  for (const set of sets) {
    const list = set[name];
    if (list) {
      const index = list.indexOf(s);
      if (index !== -1) {
        list.splice(index, 1);
        if (list.length === 0) delete set[name];
      }
    }
  }
  let req;
  if (this.requests[name] && this.requests[name].length) {
    req = this.requests[name][0];
  } else {
    const keys = Object.keys(this.requests);
    if (keys.length && !(this.sockets[keys[0]] && this.sockets[keys[0]].length)) {
      req = this.requests[keys[0]][0];
      options = req[kRequestOptions];
    }
  }
  if (req && options) {
    req[kRequestOptions] = undefined;
    this.createSocket(req, options, (err, socket) => {
      if (err) req.onSocket(socket, err);
      else socket.emit('free');
    });
  }
};
const kRequestOptions = Symbol('kRequestOptions');
Agent.prototype.keepSocketAlive = function (socket) {
  socket.setKeepAlive(true, this.keepAliveMsecs);
  socket.unref();
  let agentTimeout = this.options.timeout || 0;
  let canKeepSocketAlive = true;
  const res = socket._httpMessage && socket._httpMessage.res;
  if (res) {
    const keepAliveHint = res.headers['keep-alive'];
    if (keepAliveHint) {
      const m = /^timeout=(\d+)/.exec(keepAliveHint);
      if (m) {
        const serverHintTimeout = Number.parseInt(m[1]) * 1000 - 1000;
        if (serverHintTimeout <= 0) canKeepSocketAlive = false;
        else if (serverHintTimeout < agentTimeout || agentTimeout === 0) agentTimeout = serverHintTimeout;
      }
    }
  }
  if (socket.timeout !== agentTimeout) socket.setTimeout(agentTimeout);
  return canKeepSocketAlive;
};
Agent.prototype.reuseSocket = function (socket, req) {
  socket.removeListener('error', freeSocketErrorListener);
  req.reusedSocket = true;
  socket.ref();
};
Agent.prototype.destroy = function () {
  for (const set of [this.freeSockets, this.sockets]) {
    for (const key of Object.keys(set)) for (const s of set[key].slice()) s.destroy();
  }
};
function setRequestSocket(agent, req, socket) {
  req.onSocket(socket);
  const agentTimeout = agent.options.timeout || 0;
  if (req.timeout === undefined || req.timeout === agentTimeout) return;
  socket.setTimeout(req.timeout);
}
// (http.globalAgent = x replaces the default of every later request)
let globalAgent = new Agent({ keepAlive: true, scheduling: 'lifo', timeout: 5000 });

// ---- ClientRequest -----------------------------------------------------------------------
const INVALID_PATH_REGEX = /[^\u0021-\u00ff]/;
function ClientRequest(input, options, cb) {
  OutgoingMessage.call(this);
  if (typeof input === 'string') {
    const urlStr = input;
    input = urlToHttpOptions(new URL(urlStr));
  } else if (input instanceof URL) {
    input = urlToHttpOptions(input);
  } else {
    cb = options;
    options = input;
    input = null;
  }
  if (typeof options === 'function') {
    cb = options;
    options = input || {};
  } else {
    options = Object.assign(input || {}, options);
  }
  let agent = options.agent;
  const defaultAgent = options._defaultAgent || globalAgent;
  if (agent === false) {
    agent = new defaultAgent.constructor();
  } else if (agent === null || agent === undefined) {
    if (typeof options.createConnection !== 'function') agent = defaultAgent;
    options.agent = agent;
  } else if (typeof agent.addRequest !== 'function') {
    throwType('options.agent', ['Agent-like Object', 'undefined', 'false'], agent);
  }
  this.agent = agent;
  const protocol = options.protocol || defaultAgent.protocol;
  let expectedProtocol = defaultAgent.protocol;
  if (this.agent && this.agent.protocol) expectedProtocol = this.agent.protocol;
  if (options.path) {
    const path = String(options.path);
    if (INVALID_PATH_REGEX.test(path)) {
      throw makeNodeError(TypeError, 'ERR_UNESCAPED_CHARACTERS', 'Request path contains unescaped characters');
    }
  }
  if (protocol !== expectedProtocol) {
    throw makeNodeError(TypeError, 'ERR_INVALID_PROTOCOL', `Protocol "${protocol}" not supported. Expected "${expectedProtocol}"`);
  }
  const defaultPort = options.defaultPort || (this.agent && this.agent.defaultPort);
  const optsWithoutSignal = { __proto__: null, ...options };
  const port = optsWithoutSignal.port = options.port || defaultPort || 80;
  const host = optsWithoutSignal.host = validateHost(options.hostname, 'hostname') ||
    validateHost(options.host, 'host') || 'localhost';
  const setHost = options.setHost === undefined || Boolean(options.setHost);
  this.socketPath = options.socketPath;
  if (options.timeout !== undefined) this.timeout = getTimerDuration(options.timeout, 'timeout');
  const signal = options.signal;
  if (signal) addAbortSignal(this, signal);
  let method = options.method;
  const methodIsString = typeof method === 'string';
  if (method !== null && method !== undefined && !methodIsString) throwType('options.method', 'string', method);
  if (methodIsString && method) {
    if (!checkIsHttpToken(method)) {
      throw makeNodeError(TypeError, 'ERR_INVALID_HTTP_TOKEN', `Method must be a valid HTTP token ["${method}"]`);
    }
    method = this.method = method.toUpperCase();
  } else {
    method = this.method = 'GET';
  }
  const maxHeaderSizeOpt = options.maxHeaderSize;
  if (maxHeaderSizeOpt !== undefined) validateInteger(maxHeaderSizeOpt, 'maxHeaderSize', 0);
  this.maxHeaderSize = maxHeaderSizeOpt;
  const insecureHTTPParser = options.insecureHTTPParser;
  if (insecureHTTPParser !== undefined) validateBoolean(insecureHTTPParser, 'options.insecureHTTPParser');
  this.insecureHTTPParser = insecureHTTPParser;
  if (options.joinDuplicateHeaders !== undefined) validateBoolean(options.joinDuplicateHeaders, 'options.joinDuplicateHeaders');
  this.joinDuplicateHeaders = options.joinDuplicateHeaders;
  this.path = options.path || '/';
  if (cb) this.once('response', cb);
  if (method === 'GET' || method === 'HEAD' || method === 'DELETE' || method === 'OPTIONS' ||
      method === 'TRACE' || method === 'CONNECT') {
    this.useChunkedEncodingByDefault = false;
  } else {
    this.useChunkedEncodingByDefault = true;
  }
  this._ended = false;
  this.res = null;
  this.aborted = false;
  this.timeoutCb = null;
  this.upgradeOrConnect = false;
  this.parser = null;
  this.maxHeadersCount = null;
  this.reusedSocket = false;
  this.host = host;
  this.protocol = protocol;
  if (this.agent) {
    if (!this.agent.keepAlive && !Number.isFinite(this.agent.maxSockets)) {
      this._last = true;
      this.shouldKeepAlive = false;
    } else {
      this._last = false;
      this.shouldKeepAlive = true;
    }
  }
  const headersArray = Array.isArray(options.headers);
  if (!headersArray) {
    if (options.headers) {
      const keys = Object.keys(options.headers);
      for (const key of keys) this.setHeader(key, options.headers[key]);
    }
    if (host && !this.getHeader('host') && setHost) {
      let hostHeader = host;
      const posColon = hostHeader.indexOf(':');
      if (posColon !== -1 && hostHeader.includes(':', posColon + 1) && hostHeader.charCodeAt(0) !== 91) {
        hostHeader = `[${hostHeader}]`;
      }
      if (port && +port !== defaultPort) hostHeader += `:${port}`;
      this.setHeader('Host', hostHeader);
    }
    if (options.auth && !this.getHeader('Authorization')) {
      this.setHeader('Authorization', `Basic ${Buffer.from(options.auth).toString('base64')}`);
    }
    if (this.getHeader('expect')) {
      if (this._header) throw headersSentError('render');
      this._storeHeader(`${this.method} ${this.path} HTTP/1.1\r\n`, this[kOutHeaders]);
    }
  } else {
    this._storeHeader(`${this.method} ${this.path} HTTP/1.1\r\n`, options.headers);
  }
  if (options.uniqueHeaders) this[kUniqueHeaders] = new Set(options.uniqueHeaders.map((h) => h.toLowerCase()));
  const opts = optsWithoutSignal;
  delete opts.signal;
  if (this.agent) {
    this.agent.addRequest(this, opts);
  } else {
    this._last = true;
    this.shouldKeepAlive = false;
    // (net's `path` is the socket path: never the request path)
    let opt = opts;
    if (opts.path || opts.socketPath) opt = { ...opts, path: opts.socketPath || undefined };
    if (typeof opts.createConnection === 'function') {
      const oncreate = (err, socket) => {
        if (called) return;
        called = true;
        if (err) {
          process.nextTick(() => this.emit('error', err));
          return;
        }
        this.onSocket(socket);
      };
      let called = false;
      try {
        const newSocket = opts.createConnection(opt, oncreate);
        if (newSocket) oncreate(null, newSocket);
      } catch (err) {
        oncreate(err);
      }
    } else {
      this.onSocket(net.createConnection(opt));
    }
  }
}
Object.setPrototypeOf(ClientRequest.prototype, OutgoingMessage.prototype);
Object.setPrototypeOf(ClientRequest, OutgoingMessage);
function validateHost(host, name) {
  if (host !== null && host !== undefined && typeof host !== 'string') {
    throwType(`options.${name}`, ['string', 'undefined', 'null'], host);
  }
  return host;
}
function getTimerDuration(v, name) { return internal.netInternals.getTimerDuration(v, name); }
function addAbortSignal(req, signal) {
  const onAbort = () => req.destroy(internal.netInternals.makeAbortError(signal.reason));
  if (signal.aborted) onAbort();
  else {
    signal.addEventListener('abort', onAbort, { once: true });
    req.once('close', () => signal.removeEventListener('abort', onAbort));
  }
}
// (url.urlToHttpOptions: own properties of the URL object, such as headers, are options too)
function urlToHttpOptions(url) { return internal.loadBuiltin('url').urlToHttpOptions(url); }
ClientRequest.prototype._finish = function () {
  OutgoingMessage.prototype._finish.call(this);
  if (hasObserver('http')) {
    this[kClientRequestStatistics] = {
      start: internal.perfNow(),
      req: { method: this.method, url: `${this.protocol}//${this.host}${this.path}`, headers: this.getHeaders() },
    };
  }
};
ClientRequest.prototype._implicitHeader = function () {
  if (this._header) throw headersSentError('render');
  this._storeHeader(`${this.method} ${this.path} HTTP/1.1\r\n`, this[kOutHeaders]);
};
ClientRequest.prototype.abort = function () {
  if (this.aborted) return;
  this.aborted = true;
  process.nextTick(() => this.emit('abort'));
  this.destroy();
};
ClientRequest.prototype.destroy = function (err) {
  if (this.destroyed) return this;
  this.destroyed = true;
  if (this.res) this.res._dump();
  this[kError] = err;
  if (this.socket) this.socket.destroy(err);
  else process.nextTick(() => {
    if (this.socket) return;
    const e = err || (this.aborted ? undefined : connResetException('socket hang up'));
    if (e && !this.res) { emitErrorEvent(this, e); }
    this._closed = true;
    this.emit('close');
  });
  return this;
};
const kError = Symbol('kError');
function emitErrorEvent(req, err) {
  req.emit('error', err);
}
ClientRequest.prototype.onSocket = function (socket, err) {
  process.nextTick(() => onSocketNT(this, socket, err));
};
function onSocketNT(req, socket, err) {
  if (req.destroyed || err) {
    req.destroyed = true;
    if (!err && req.agent && !socket.destroyed) {
      socket.emit('free');
    } else {
      if (socket) socket.destroy(err || req[kError]);
      if (err && !req.aborted) emitErrorEvent(req, err);
      req._closed = true;
      req.emit('close');
    }
    return;
  }
  tickOnSocket(req, socket);
  req._flush();
}
function tickOnSocket(req, socket) {
  const parser = newParser(true, socket, req.maxHeaderSize, req.insecureHTTPParser);
  req.socket = socket;
  parser.joinDuplicateHeaders = req.joinDuplicateHeaders;
  parser.maxHeadersCount = req.maxHeadersCount;
  parser.onIncoming = (res, keepAlive) => parserOnIncomingClient(req, socket, parser, res, keepAlive);
  parser.onMessageDone = (res) => responseOnMessageComplete(req, res);
  socket.parser = parser;
  socket._httpMessage = req;
  req.parser = parser;
  if (typeof req.maxHeadersCount === 'number') parser.maxHeaderPairs = req.maxHeadersCount << 1;
  socket.on('error', socketErrorListener);
  socket.on('data', socketOnDataClient);
  socket.on('end', socketOnEndClient);
  socket.on('close', socketCloseListener);
  socket.on('drain', ondrain);
  if (req.timeout !== undefined || (req.agent && req.agent.options && req.agent.options.timeout)) {
    listenSocketTimeout(req);
  }
  req.emit('socket', socket);
}
function ondrain() {
  const msg = this._httpMessage;
  if (msg && !msg.finished && msg[kNeedDrain]) {
    msg[kNeedDrain] = false;
    msg.emit('drain');
  }
}
function listenSocketTimeout(req) {
  if (req.timeoutCb) return;
  req.timeoutCb = () => req.emit('timeout');
  // (removed when the socket goes back to the agent or is handed off)
  req.socket.once('timeout', req.timeoutCb);
}
ClientRequest.prototype.setTimeout = function (msecs, callback) {
  if (this._ended) return this;
  listenSocketTimeoutLater(this);
  msecs = getTimerDuration(msecs, 'msecs');
  if (callback) this.once('timeout', callback);
  if (this.socket) setSocketTimeout(this.socket, msecs);
  else this.once('socket', (sock) => setSocketTimeout(sock, msecs));
  return this;
};
function listenSocketTimeoutLater(req) {
  if (req.socket) listenSocketTimeout(req);
  else req.once('socket', () => listenSocketTimeout(req));
}
function setSocketTimeout(sock, msecs) {
  if (sock.connecting) sock.once('connect', () => sock.setTimeout(msecs));
  else sock.setTimeout(msecs);
}
ClientRequest.prototype.setNoDelay = function (noDelay) {
  if (this.socket) this.socket.setNoDelay(noDelay);
  else this.once('socket', (s) => s.setNoDelay(noDelay));
};
ClientRequest.prototype.setSocketKeepAlive = function (enable, delay) {
  if (this.socket) this.socket.setKeepAlive(enable, delay);
  else this.once('socket', (s) => s.setKeepAlive(enable, delay));
};
ClientRequest.prototype.clearTimeout = function (cb) { this.setTimeout(0, cb); };

function socketErrorListener(err) {
  const socket = this;
  const req = socket._httpMessage;
  if (req) {
    req.socket = socket;
    if (!req.res || !req.res.complete) {
      if (!req[kErrorEmitted]) {
        req[kErrorEmitted] = true;
        emitErrorEvent(req, err);
      }
    }
  }
  const parser = socket.parser;
  if (parser) {
    parser.finish();
    freeParser(parser);
  }
  socket.removeListener('data', socketOnDataClient);
  socket.removeListener('end', socketOnEndClient);
  socket.destroy();
}
const kErrorEmitted = Symbol('kErrorEmitted');
function socketCloseListener() {
  const socket = this;
  const req = socket._httpMessage;
  const parser = socket.parser;
  const res = req && req.res;
  if (req) {
    req.destroyed = true;
    if (res) {
      if (!res.complete) {
        res.destroy(connResetException('aborted'));
      }
      req._closed = true;
      req.emit('close');
      if (!res.aborted && res.readable) {
        res.push(null);
      }
    } else {
      if (!req.socket._hadError) {
        req.socket._hadError = true;
        // (also after abort(): the socket was in use, as Node's)
        if (!req[kErrorEmitted]) {
          req[kErrorEmitted] = true;
          emitErrorEvent(req, connResetException('socket hang up'));
        }
      }
      req._closed = true;
      req.emit('close');
    }
  }
  if (parser) {
    parser.finish();
    freeParser(parser);
  }
}
function socketOnEndClient() {
  const socket = this;
  const req = this._httpMessage;
  const parser = this.parser;
  if (req && !req.res && !req.socket._hadError) {
    req.socket._hadError = true;
    if (!req[kErrorEmitted]) {
      req[kErrorEmitted] = true;
      emitErrorEvent(req, connResetException('socket hang up'));
    }
  }
  if (parser) {
    const ret = parser.finish();
    if (ret instanceof Error) { /* the response was cut short */ }
    freeParser(parser);
  }
  socket.destroy();
}
function socketOnDataClient(d) {
  const socket = this;
  const req = this._httpMessage;
  const parser = this.parser;
  if (!parser) return;
  const ret = parser.execute(d);
  if (ret instanceof Error) {
    prepareError(ret, parser, d);
    freeParser(parser);
    socket.parser = null;
    if (!req[kErrorEmitted]) {
      req[kErrorEmitted] = true;
      emitErrorEvent(req, ret);
    }
    socket._hadError = true;
    socket.destroy();
  } else if (parser.incoming && parser.incoming.upgrade) {
    const bytesParsed = ret;
    const res = parser.incoming;
    req.res = res;
    socket.removeListener('data', socketOnDataClient);
    socket.removeListener('end', socketOnEndClient);
    socket.removeListener('drain', ondrain);
    if (req.timeoutCb) socket.removeListener('timeout', req.timeoutCb);
    socket.removeListener('timeout', responseOnTimeout);
    parser.finish();
    freeParser(parser);
    socket.parser = null;
    const bodyHead = d.slice(bytesParsed, d.length);
    const eventName = req.method === 'CONNECT' ? 'connect' : 'upgrade';
    if (req.listenerCount(eventName) > 0) {
      req.upgradeOrConnect = true;
      socket.emit('agentRemove');
      socket.removeListener('close', socketCloseListener);
      socket.removeListener('error', socketErrorListener);
      socket._httpMessage = null;
      socket.readableFlowing = null;
      req.emit(eventName, res, socket, bodyHead);
      req.destroyed = true;
      req._closed = true;
      req.emit('close');
    } else {
      socket.destroy();
    }
  }
}
function parserOnIncomingClient(req, socket, parser, res, shouldKeepAlive) {
  if (req.res) {
    // a second response on the same request: the server is broken
    socket.destroy();
    return 0;
  }
  req.res = res;
  res.req = req;
  if (res.upgrade) return 2;
  const method = req.method;
  if (method === 'CONNECT') {
    res.upgrade = true;
    return 2;
  }
  if (res.statusCode >= 100 && res.statusCode < 200 && res.statusCode !== 101) {
    req.res = null;
    if (res.statusCode === 100) req.emit('continue');
    req.emit('information', {
      statusCode: res.statusCode, statusMessage: res.statusMessage, httpVersion: res.httpVersion,
      httpVersionMajor: res.httpVersionMajor, httpVersionMinor: res.httpVersionMinor,
      headers: res.headers, rawHeaders: res.rawHeaders,
    });
    return 1;
  }
  if (req.shouldKeepAlive && !shouldKeepAlive && !req.upgradeOrConnect) req.shouldKeepAlive = false;
  const stats = req[kClientRequestStatistics];
  if (stats !== undefined) {
    req[kClientRequestStatistics] = undefined;
    perfStop(stats, 'HttpClient', { res: { statusCode: res.statusCode, statusMessage: res.statusMessage, headers: res.headers } });
  }
  req.res = res;
  res.req = req;
  if (method === 'HEAD') res._dumped = false;
  res.on('end', responseOnEnd);
  req.on('finish', requestOnFinish);
  socket.on('timeout', responseOnTimeout);
  if (req.aborted || !req.emit('response', res)) res._dump();
  if (method === 'HEAD') return 1;
  if (res.statusCode === 304) { res.complete = true; return 1; }
  return 0;
}
const kClientRequestStatistics = Symbol('kClientRequestStatistics');
function responseOnMessageComplete(req, res) {
  void req; void res;
}
function responseKeepAlive(req) {
  const socket = req.socket;
  socket.removeListener('end', socketOnEndClient);
  socket.removeListener('close', socketCloseListener);
  socket.removeListener('error', socketErrorListener);
  socket.removeListener('data', socketOnDataClient);
  socket.removeListener('drain', ondrain);
  socket.removeListener('timeout', responseOnTimeout);
  if (req.timeoutCb) socket.removeListener('timeout', req.timeoutCb);
  const parser = socket.parser;
  if (parser) freeParser(parser);
  socket.parser = null;
  req.destroyed = true;
  if (req.res) {
    // the socket goes back to the agent after 'end' of the response
    process.nextTick(() => { req._closed = true; req.emit('close'); });
  }
  socket.emit('free');
}
function responseOnEnd() {
  const req = this.req;
  const socket = req.socket;
  if (socket && req.timeoutCb) socket.removeListener('timeout', emitRequestTimeout);
  req._ended = true;
  if (!req.shouldKeepAlive) {
    if (socket.writable) {
      if (typeof socket.destroySoon === 'function') socket.destroySoon();
      else socket.end();
    }
  } else if (req.writableFinished && !this.aborted) {
    responseKeepAlive(req);
  }
}
function emitRequestTimeout() {}
function requestOnFinish() {
  const req = this;
  if (req.shouldKeepAlive && req._ended) responseKeepAlive(req);
}
function responseOnTimeout() {
  const req = this._httpMessage;
  if (!req) return;
  const res = req.res;
  if (!res) return;
  res.emit('timeout');
}

// ---- module -------------------------------------------------------------------------------
function request(url, options, cb) { return new ClientRequest(url, options, cb); }
function get(url, options, cb) {
  const req = request(url, options, cb);
  req.end();
  return req;
}

// _http_common's HTTPParser: Node's parser binding class over weft's llhttp
// parser (src/js/http_parser.c): callbacks in numbered slots (kOnHeaders...),
// a method as its index in `methods` (llhttp's order), each callback in the
// async scope of the resource given to initialize() (HTTPINCOMINGMESSAGE for
// a REQUEST parser, HTTPCLIENTREQUEST for a RESPONSE one), destroyed by
// close()/free().
const parserMethods = ['DELETE', 'GET', 'HEAD', 'POST', 'PUT', 'CONNECT', 'OPTIONS', 'TRACE', 'COPY', 'LOCK',
  'MKCOL', 'MOVE', 'PROPFIND', 'PROPPATCH', 'SEARCH', 'UNLOCK', 'BIND', 'REBIND', 'UNBIND', 'ACL', 'REPORT',
  'MKACTIVITY', 'CHECKOUT', 'MERGE', 'M-SEARCH', 'NOTIFY', 'SUBSCRIBE', 'UNSUBSCRIBE', 'PATCH', 'PURGE',
  'MKCALENDAR', 'LINK', 'UNLINK', 'SOURCE'];
const kParser = Symbol('kParser');
const kResource = Symbol('kResource');
function parserCallback(owner, slot, args) {
  const fn = owner[slot];
  if (typeof fn !== 'function') return undefined;
  const res = owner[kResource];
  if (res === undefined) return Reflect.apply(fn, owner, args);
  return inScope(res, () => Reflect.apply(fn, owner, args));
}
class HTTPParser {
  constructor() {
    const p = pb.newParser();
    const owner = this;
    this[kParser] = p;
    this[kResource] = undefined;
    p.onHeadersComplete = function (major, minor, headers, method, url, statusCode, statusMessage, upgrade, keepAlive) {
      const m = method === undefined ? undefined : parserMethods.indexOf(method);
      const r = parserCallback(owner, HTTPParser.kOnHeadersComplete,
        [major, minor, headers, m, url, statusCode, statusMessage, upgrade, keepAlive]);
      return r === 1 || r === true ? 1 : r === 2 ? 2 : 0;
    };
    p.onBody = function (ab) { parserCallback(owner, HTTPParser.kOnBody, [Buffer.from(ab)]); };
    p.onMessageComplete = function (trailers) {
      if (trailers) parserCallback(owner, HTTPParser.kOnHeaders, [trailers, '']);
      parserCallback(owner, HTTPParser.kOnMessageComplete, []);
    };
  }
  initialize(type, resource, maxHeaderSize, lenient) {
    if (type !== HTTPParser.REQUEST && type !== HTTPParser.RESPONSE) {
      throw makeNodeError(TypeError, 'ERR_INVALID_ARG_VALUE', 'The parser type must be REQUEST or RESPONSE');
    }
    this.close();
    this[kParser].initialize(type === HTTPParser.RESPONSE, maxHeaderSize || maxHeaderSize === 0 ? maxHeaderSize : undefined,
      !!lenient);
    const res = typeof resource === 'object' && resource !== null ? resource : {};
    initAsync(res, type === HTTPParser.RESPONSE ? 'HTTPCLIENTREQUEST' : 'HTTPINCOMINGMESSAGE');
    this[kResource] = res;
  }
  execute(buffer) {
    const r = this[kParser].execute(buffer);
    if (r instanceof Error) {
      r.bytesParsed = r.bytesParsed || 0;
      return r;
    }
    return r;
  }
  finish() { return this[kParser].finish(); }
  pause() {}
  resume() { this[kParser].resume(); }
  consume() {}
  unconsume() {}
  getCurrentBuffer() { return Buffer.alloc(0); }
  remove() {}
  close() {
    const res = this[kResource];
    if (res !== undefined) {
      this[kResource] = undefined;
      destroyAsync(res);
    }
  }
  free() { this.close(); }
}
Object.assign(HTTPParser, {
  REQUEST: 1, RESPONSE: 2,
  kOnMessageBegin: 0, kOnHeaders: 1, kOnHeadersComplete: 2, kOnBody: 3, kOnMessageComplete: 4,
  kOnExecute: 5, kOnTimeout: 6,
  kLenientNone: 0, kLenientHeaders: 1, kLenientChunkedLength: 2, kLenientKeepAlive: 4,
  kLenientTransferEncoding: 8, kLenientVersion: 16, kLenientDataAfterClose: 32,
  kLenientOptionalLFAfterCR: 64, kLenientOptionalCRLFAfterChunk: 128, kLenientOptionalCRBeforeLF: 256,
  kLenientSpacesAfterChunkSize: 512, kLenientAll: 1023,
});

const common = {
  _checkInvalidHeaderChar: checkInvalidHeaderChar,
  _checkIsHttpToken: checkIsHttpToken,
  chunkExpression: /(?:^|\W)chunked(?:$|\W)/i,
  continueExpression: /(?:^|\W)100-continue(?:$|\W)/i,
  CRLF: crlf,
  methods: parserMethods,
  HTTPParser,
};

internal.httpModule = {
  _connectionListener: connectionListener,
  METHODS: METHODS.slice(),
  STATUS_CODES,
  Agent,
  ClientRequest,
  IncomingMessage,
  OutgoingMessage,
  Server,
  ServerResponse,
  createServer,
  validateHeaderName,
  validateHeaderValue,
  get,
  request,
  setMaxIdleHTTPParsers(max) { validateInteger(max, 'max', 1); },
  get maxHeaderSize() { return maxHeaderSize; },
  get globalAgent() { return globalAgent; },
  set globalAgent(v) { globalAgent = v; },
};
Object.defineProperty(internal.httpModule, '_common', { value: common, enumerable: false });
Object.defineProperty(internal.httpModule, '_agent', {
  value: {
    Agent,
    get globalAgent() { return globalAgent; },
    set globalAgent(v) { globalAgent = v; },
  },
  enumerable: false,
});
Object.defineProperty(internal.httpModule, '_incoming', { value: { IncomingMessage }, enumerable: false });
Object.defineProperty(internal.httpModule, '_outgoing', { value: { OutgoingMessage, validateHeaderName, validateHeaderValue }, enumerable: false });
Object.defineProperty(internal.httpModule, '_server', {
  value: { Server, ServerResponse, STATUS_CODES, _connectionListener: connectionListener, kConnectionsCheckingInterval },
  enumerable: false,
});
Object.defineProperty(internal.httpModule, '_client', { value: { ClientRequest }, enumerable: false });
