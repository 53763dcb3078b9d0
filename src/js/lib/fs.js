// fs.js: Node's `fs` and `fs/promises` on libuv (src/js/fs.c runs each call
// as one job: sync on the caller's thread, callbacks and promises through
// libuv's thread pool). This file checks arguments as Node does and shapes
// results (Stats, Dirent, Dir, Buffer or string); streams in fs_streams.js,
// watchers on src/js/fs_watch.c. No cp yet. Loaded on first require.
'use strict';

if (!internal.validators) natives.loadLib('validators');
const {
  validateInteger, validateInt32, validateUint32, validateFunction, validateObject, validateBoolean,
  invalidArgValue, outOfRange,
} = internal.validators;
const { bufferFrom, allocBytes, stringToBytes, bytesToString, normalizeEncoding } = internal.bytes;
const NativeRequest = internal.NativeRequest;
const makeNodeError = internal.makeNodeError;
const throwType = internal.throwInvalidArgType;
const process = internal.process;
const b = natives.binding('fs');
const C = b.constants;

const constants = Object.create(null);
for (const k of Object.keys(C)) if (!k.startsWith('UV_DIRENT_')) constants[k] = C[k];
Object.freeze(constants);

// ---- arguments ------------------------------------------------------------------
const isView = ArrayBuffer.isView;
function isURL(v) {
  return v != null && typeof v === 'object' && typeof v.href === 'string' && typeof v.protocol === 'string' &&
    v.auth === undefined && v.path === undefined;
}
function fileURLToPath(url) {
  if (url.protocol !== 'file:') throw makeNodeError(TypeError, 'ERR_INVALID_URL_SCHEME', 'The URL must be of scheme file');
  if (url.hostname !== '') {
    throw makeNodeError(TypeError, 'ERR_INVALID_FILE_URL_HOST', 'File URL host must be "localhost" or empty on linux');
  }
  const p = url.pathname;
  for (let i = 0; i + 2 < p.length; i++) {
    if (p[i] === '%' && p[i + 1] === '2' && (p[i + 2] === 'f' || p[i + 2] === 'F')) {
      throw makeNodeError(TypeError, 'ERR_INVALID_FILE_URL_PATH', 'File URL path must not include encoded / characters');
    }
  }
  return decodeURIComponent(p);
}
function getPath(path, name = 'path') {
  if (isURL(path)) path = fileURLToPath(path);
  else if (isView(path) && path instanceof Uint8Array) path = bytesToString(path, 'utf8');
  else if (typeof path !== 'string') throwType(name, ['string', 'Buffer', 'URL'], path);
  if (path.includes('\u0000')) {
    throw invalidArgValue(name, path, 'must be a string, Uint8Array, or URL without null bytes');
  }
  return path;
}
function getFd(fd) {
  validateInt32(fd, 'fd', 0);
  return fd;
}
const kFlags = {
  r: C.O_RDONLY, rs: C.O_RDONLY | C.O_SYNC, sr: C.O_RDONLY | C.O_SYNC,
  'r+': C.O_RDWR, 'rs+': C.O_RDWR | C.O_SYNC, 'sr+': C.O_RDWR | C.O_SYNC,
  w: C.O_TRUNC | C.O_CREAT | C.O_WRONLY, wx: C.O_TRUNC | C.O_CREAT | C.O_WRONLY | C.O_EXCL,
  xw: C.O_TRUNC | C.O_CREAT | C.O_WRONLY | C.O_EXCL,
  'w+': C.O_TRUNC | C.O_CREAT | C.O_RDWR, 'wx+': C.O_TRUNC | C.O_CREAT | C.O_RDWR | C.O_EXCL,
  'xw+': C.O_TRUNC | C.O_CREAT | C.O_RDWR | C.O_EXCL,
  a: C.O_APPEND | C.O_CREAT | C.O_WRONLY, ax: C.O_APPEND | C.O_CREAT | C.O_WRONLY | C.O_EXCL,
  xa: C.O_APPEND | C.O_CREAT | C.O_WRONLY | C.O_EXCL, as: C.O_APPEND | C.O_CREAT | C.O_WRONLY | C.O_SYNC,
  sa: C.O_APPEND | C.O_CREAT | C.O_WRONLY | C.O_SYNC,
  'a+': C.O_APPEND | C.O_CREAT | C.O_RDWR, 'ax+': C.O_APPEND | C.O_CREAT | C.O_RDWR | C.O_EXCL,
  'xa+': C.O_APPEND | C.O_CREAT | C.O_RDWR | C.O_EXCL, 'as+': C.O_APPEND | C.O_CREAT | C.O_RDWR | C.O_SYNC,
  'sa+': C.O_APPEND | C.O_CREAT | C.O_RDWR | C.O_SYNC,
};
function stringToFlags(flags, name = 'flags') {
  if (typeof flags === 'number') return flags;
  if (flags == null) return C.O_RDONLY;
  const f = typeof flags === 'string' && Object.hasOwn(kFlags, flags) ? kFlags[flags] : undefined;
  if (f === undefined) throw invalidArgValue(name, flags);
  return f;
}
function parseMode(value, name, def) {
  if (value == null) value = def;
  if (typeof value === 'string') {
    if (!/^[0-7]+$/.test(value)) throw invalidArgValue(name, value, 'must be a 32-bit unsigned integer or an octal string');
    value = parseInt(value, 8);
  }
  validateUint32(value, name);
  return value;
}
// access() and copyFile() modes: an integer of their flag bits (0..7)
function validMode(mode, def) {
  if (mode == null) return def;
  validateInteger(mode, 'mode', 0, 7);
  return mode;
}
function getOptions(options, defaults) {
  if (options == null || typeof options === 'function') return defaults;
  if (typeof options === 'string') return { ...defaults, encoding: options };
  if (typeof options !== 'object') throwType('options', ['string', 'Object'], options);
  return { ...defaults, ...options };
}
function checkEncoding(enc) {
  if (enc == null || enc === 'buffer') return;
  const e = normalizeEncoding(enc);
  if (!['utf8', 'hex', 'base64', 'base64url', 'latin1', 'ascii', 'utf16le'].includes(e)) {
    throw invalidArgValue('encoding', enc, 'is invalid encoding');
  }
}
function maybeCallback(cb) {
  validateFunction(cb, 'cb');
  return cb;
}
function toUnixTimestamp(time, name = 'time') {
  if (typeof time === 'string' && +time == time) return +time; // eslint-disable-line eqeqeq
  if (Number.isFinite(time)) return time < 0 ? Date.now() / 1000 : time;
  if (time instanceof Date) return time.getTime() / 1000;
  throwType(name, ['Date', 'Time in seconds'], time);
}
function dataBytes(data, encoding, name = 'data') {
  if (typeof data === 'string') return stringToBytes(data, encoding || 'utf8');
  if (isView(data)) return data;
  throwType(name, ['string', 'Buffer', 'TypedArray', 'DataView'], data);
}
function decodeResult(ab, encoding) {
  if (!encoding || encoding === 'buffer') return bufferFrom(ab);
  return bytesToString(new Uint8Array(ab), encoding);
}
function encodeName(name, encoding) {
  if (encoding === 'buffer') return stringToBytes(name, 'utf8');
  if (!encoding || normalizeEncoding(encoding) === 'utf8') return name;
  return bytesToString(stringToBytes(name, 'utf8'), encoding);
}

// ---- Stats and Dirent --------------------------------------------------------------
const S_IFMT = C.S_IFMT;
function StatsBase(a) {
  this.dev = a[0]; this.mode = a[1]; this.nlink = a[2]; this.uid = a[3]; this.gid = a[4];
  this.rdev = a[5]; this.blksize = a[6]; this.ino = a[7]; this.size = a[8]; this.blocks = a[9];
}
const typeChecks = {
  isDirectory: C.S_IFDIR, isFile: C.S_IFREG, isBlockDevice: C.S_IFBLK, isCharacterDevice: C.S_IFCHR,
  isSymbolicLink: C.S_IFLNK, isFIFO: C.S_IFIFO, isSocket: C.S_IFSOCK,
};
for (const [name, bits] of Object.entries(typeChecks)) {
  StatsBase.prototype[name] = function () {
    return (typeof this.mode === 'bigint' ? Number(this.mode) & S_IFMT : this.mode & S_IFMT) === bits;
  };
}
function dateFromMs(ms) {
  return new Date(Math.round(Number(ms)));
}
// new fs.Stats(dev, mode, nlink, uid, gid, rdev, blksize, ino, size, blocks,
// atimeMs, mtimeMs, ctimeMs, birthtimeMs), as Node's
function Stats(dev, mode, nlink, uid, gid, rdev, blksize, ino, size, blocks, atimeMs, mtimeMs, ctimeMs, birthtimeMs) {
  StatsBase.call(this, [dev, mode, nlink, uid, gid, rdev, blksize, ino, size, blocks]);
  this.atimeMs = atimeMs; this.mtimeMs = mtimeMs; this.ctimeMs = ctimeMs; this.birthtimeMs = birthtimeMs;
  this.atime = dateFromMs(atimeMs); this.mtime = dateFromMs(mtimeMs);
  this.ctime = dateFromMs(ctimeMs); this.birthtime = dateFromMs(birthtimeMs);
}
Object.setPrototypeOf(Stats.prototype, StatsBase.prototype);
// BigIntStats(dev, ..., blocks, atimeNs, mtimeNs, ctimeNs, birthtimeNs): every
// field a BigInt, the times also in nanoseconds (internal/fs/utils)
const kTimeNames = ['atime', 'mtime', 'ctime', 'birthtime'];
function BigIntStats(dev, mode, nlink, uid, gid, rdev, blksize, ino, size, blocks, atimeNs, mtimeNs, ctimeNs, birthtimeNs) {
  StatsBase.call(this, [dev, mode, nlink, uid, gid, rdev, blksize, ino, size, blocks]);
  const ns = [atimeNs, mtimeNs, ctimeNs, birthtimeNs];
  for (let i = 0; i < 4; i++) this[`${kTimeNames[i]}Ms`] = ns[i] / 1000000n;
  for (let i = 0; i < 4; i++) this[`${kTimeNames[i]}Ns`] = ns[i];
  for (let i = 0; i < 4; i++) this[kTimeNames[i]] = dateFromMs(this[`${kTimeNames[i]}Ms`]);
}
Object.setPrototypeOf(BigIntStats.prototype, StatsBase.prototype);
// a: the binding's stat array (10 fields, 4 times in ms, 4 [sec, nsec] pairs)
function makeStats(a, options) {
  if (!(options && options.bigint)) return new Stats(...a.slice(0, 14));
  const big = a.slice(0, 10).map((v) => BigInt(v));
  for (let i = 0; i < 4; i++) big.push(BigInt(a[14 + 2 * i]) * 1000000000n + BigInt(a[15 + 2 * i]));
  return new BigIntStats(...big);
}

const kType = Symbol('type');
const direntTypes = {
  [C.UV_DIRENT_FILE]: C.S_IFREG, [C.UV_DIRENT_DIR]: C.S_IFDIR, [C.UV_DIRENT_LINK]: C.S_IFLNK,
  [C.UV_DIRENT_FIFO]: C.S_IFIFO, [C.UV_DIRENT_SOCKET]: C.S_IFSOCK, [C.UV_DIRENT_CHAR]: C.S_IFCHR,
  [C.UV_DIRENT_BLOCK]: C.S_IFBLK,
};
class Dirent {
  constructor(name, type, path) {
    this.name = name;
    this.parentPath = path;
    this.path = path;
    this[kType] = type;
  }
}
for (const [name, bits] of Object.entries(typeChecks)) {
  Dirent.prototype[name] = function () {
    return direntTypes[this[kType]] === bits;
  };
}
// Entries of unknown type (some filesystems) are resolved with lstat.
function makeDirents(path, [names, types], encoding) {
  const out = [];
  for (let i = 0; i < names.length; i++) {
    let t = types[i];
    if (t === C.UV_DIRENT_UNKNOWN) {
      try {
        const mode = b.lstat(`${path}/${names[i]}`)[1] & S_IFMT;
        t = Number(Object.keys(direntTypes).find((k) => direntTypes[k] === mode) ?? t);
      } catch {}
    }
    out.push(new Dirent(encodeName(names[i], encoding), t, path));
  }
  return out;
}

// Node's internal/fs/utils getDirent(path, name, type[, cb]) and
// getDirents(path, [names, types][, cb]): names may be Buffers (encoding
// 'buffer'); an entry of unknown type is resolved with lstat; with cb the
// result (or a bad path's error) goes to cb(err, value), else it is returned
function direntTarget(path, name) {
  const str = (v) => (typeof v === 'string' ? v : bytesToString(v, 'utf8'));
  return `${str(path)}/${str(name)}`;
}
function direntPathError(path) {
  if (typeof path === 'string' || path instanceof Uint8Array) return null;
  try { throwType('path', ['string', 'Buffer'], path); } catch (err) { return err; }
}
function resolveDirentType(path, name, type, cb) {
  if (type !== C.UV_DIRENT_UNKNOWN) return cb ? cb(null, type) : type;
  const toType = (st) => {
    const mode = st[1] & S_IFMT;
    return Number(Object.keys(direntTypes).find((k) => direntTypes[k] === mode) ?? type);
  };
  if (!cb) {
    try { return toType(b.lstat(direntTarget(path, name))); } catch { return type; }
  }
  b.lstat(direntTarget(path, name), callback((err, st) => cb(null, err ? type : toType(st))));
}
function getDirent(path, name, type, cb) {
  const err = direntPathError(path);
  if (err) { if (cb) { cb(err); return; } throw err; }
  if (!cb) return new Dirent(name, resolveDirentType(path, name, type), path);
  resolveDirentType(path, name, type, (e, t) => cb(null, new Dirent(name, t, path)));
}
function getDirents(path, [names, types], cb) {
  const err = direntPathError(path);
  if (err) { if (cb) { cb(err); return; } throw err; }
  if (!cb) return names.map((name, i) => getDirent(path, name, types[i]));
  const out = new Array(names.length);
  let left = names.length;
  if (left === 0) { process.nextTick(cb, null, out); return; }
  names.forEach((name, i) => getDirent(path, name, types[i], (e, dirent) => {
    out[i] = dirent;
    if (--left === 0) cb(null, out);
  }));
}

const noResult = () => undefined;

// ---- the three call styles -------------------------------------------------------------
// op(args) runs b[name](...args, req): sync (req undefined), callback, promise.
function callback(cb, map) {
  if (map === noResult) return new NativeRequest('FSREQCALLBACK', (err) => cb(err));
  return new NativeRequest('FSREQCALLBACK', map ? (err, v) => (err ? cb(err) : cb(null, map(v))) : (err, v) => cb(err, v));
}
function promise(name, args, map) {
  return new Promise((resolve, reject) => {
    b[name](...args, new NativeRequest('FSREQPROMISE', (err, v) => {
      if (err) reject(err);
      else resolve(map ? map(v) : v);
    }));
  });
}

// ---- fs ------------------------------------------------------------------------------------
function access(path, mode, cb) {
  if (typeof mode === 'function') { cb = mode; mode = C.F_OK; }
  path = getPath(path);
  mode = validMode(mode, C.F_OK);
  b.access(path, mode, callback(maybeCallback(cb), noResult));
}
function accessSync(path, mode) {
  b.access(getPath(path), validMode(mode, C.F_OK));
}
function exists(path, cb) {
  validateFunction(cb, 'cb');
  let p;
  try { p = getPath(path); } catch { process.nextTick(cb, false); return; }
  b.access(p, C.F_OK, new NativeRequest('FSREQCALLBACK', (err) => cb(!err)));
}
function existsSync(path) {
  try {
    b.access(getPath(path), C.F_OK);
    return true;
  } catch {
    return false;
  }
}
function open(path, flags, mode, cb) {
  path = getPath(path);
  if (typeof flags === 'function') { cb = flags; flags = 'r'; mode = 0o666; }
  else if (typeof mode === 'function') { cb = mode; mode = 0o666; }
  cb = maybeCallback(cb);
  const tracker = internal.fdTracker;
  const done = tracker ? (err, fd) => { if (!err) tracker.opened(fd); cb(err, fd); } : cb;
  b.open(path, stringToFlags(flags), parseMode(mode, 'mode', 0o666), callback(done));
}
// internal.fdTracker: a Worker's trackUnmanagedFds (worker_threads.js) sees
// the fds open/openSync return and close/closeSync take
function openSync(path, flags, mode) {
  const fd = b.open(getPath(path), stringToFlags(flags), parseMode(mode, 'mode', 0o666));
  if (internal.fdTracker) internal.fdTracker.opened(fd);
  return fd;
}
function close(fd, cb = () => {}) {
  fd = getFd(fd);
  if (internal.fdTracker) internal.fdTracker.closed(fd);
  b.close(fd, callback(maybeCallback(cb), noResult));
}
function closeSync(fd) {
  fd = getFd(fd);
  if (internal.fdTracker) internal.fdTracker.closed(fd);
  b.close(fd);
}
// Node's internal/fs/utils checks of a read's or write's range of a buffer
function validateOffsetLengthRead(offset, length, bufferLength) {
  if (offset < 0) throw outOfRange('offset', '>= 0', offset);
  if (length < 0) throw outOfRange('length', '>= 0', length);
  if (offset + length > bufferLength) throw outOfRange('length', `<= ${bufferLength - offset}`, length);
}
function validateOffsetLengthWrite(offset, length, byteLength) {
  if (offset > byteLength) throw outOfRange('offset', `<= ${byteLength}`, offset);
  if (length > byteLength - offset) throw outOfRange('length', `<= ${byteLength - offset}`, length);
  if (length < 0) throw outOfRange('length', '>= 0', length);
  validateInt32(length, 'length', 0);
}
function readArgs(fd, buffer, offset, length, position) {
  getFd(fd);
  if (!isView(buffer)) throwType('buffer', ['Buffer', 'TypedArray', 'DataView'], buffer);
  if (offset == null) offset = 0;
  else validateInteger(offset, 'offset', 0);
  const size = buffer.byteLength;
  length = length === undefined ? size - offset : length | 0;
  if (size === 0) throw invalidArgValue('buffer', buffer, 'is empty and cannot be written');
  validateOffsetLengthRead(offset, length, size);
  if (position == null) position = -1;
  else if (typeof position === 'bigint') {
    const max = 2n ** 63n - 1n - BigInt(length);
    if (position < -1n || position > max) throw outOfRange('position', `>= -1 && <= ${max}`, position);
    position = Number(position);
  } else validateInteger(position, 'position', -1);
  return [fd, buffer, offset, length, position];
}
function viewBytes(buffer) {
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
}
// { offset = 0, length = rest of the buffer, position = null } of an options
// object (null: all defaults); an options value that is not an object is
// ERR_INVALID_ARG_TYPE
function readParams(options, buffer) {
  if (options !== undefined && options !== null) validateObject(options, 'options');
  const { offset = 0, length = (buffer ? buffer.byteLength : NaN) - offset, position = null } = options || {};
  return { offset, length, position };
}
// read(fd, buffer, offset, length, position, cb), (fd, buffer, options, cb),
// (fd, buffer, cb), (fd, options, cb), (fd, cb): the forms Node 20 accepts,
// told apart by the number of arguments
function read(fd, buffer, offset, length, position, cb) {
  getFd(fd);
  const argc = arguments.length;
  if (argc <= 4) {
    let params;
    if (argc === 4) {
      cb = length;
      params = offset;
      if (params !== undefined && params !== null) validateObject(params, 'options');
    } else if (argc === 3) {
      cb = offset;
      if (!isView(buffer)) {
        params = buffer;
        if (params !== undefined && params !== null) validateObject(params, 'options');
        buffer = params && params.buffer !== undefined ? params.buffer : allocBytes(16384);
      }
    } else {
      cb = buffer;
      buffer = allocBytes(16384);
    }
    ({ offset, length, position } = readParams(params, isView(buffer) ? buffer : undefined));
  }
  if (!isView(buffer)) throwType('buffer', ['Buffer', 'TypedArray', 'DataView'], buffer);
  validateFunction(cb, 'cb');
  if (offset != null) validateInteger(offset, 'offset', 0);
  if ((length | 0) === 0) {
    process.nextTick(cb, null, 0, buffer);
    return;
  }
  const [f, buf, off, len, pos] = readArgs(fd, buffer, offset, length | 0, position);
  b.read(f, viewBytes(buf), off, len, pos, callback((err, n) => (err ? cb(err) : cb(null, n || 0, buf))));
}
function readSync(fd, buffer, offset, length, position) {
  getFd(fd);
  if (!isView(buffer)) throwType('buffer', ['Buffer', 'TypedArray', 'DataView'], buffer);
  if (arguments.length <= 3 || (offset !== null && typeof offset === 'object')) {
    ({ offset, length, position } = readParams(offset, buffer));
  }
  if (offset !== undefined) validateInteger(offset, 'offset', 0);
  if ((length | 0) === 0) return 0;
  const [f, buf, off, len, pos] = readArgs(fd, buffer, offset, length | 0, position);
  return b.read(f, viewBytes(buf), off, len, pos);
}
// write(fd, buffer[, offset[, length[, position]]]) or (fd, string[, position[, encoding]])
function writeArgs(fd, buffer, offset, length, position) {
  getFd(fd);
  if (isView(buffer)) {
    if (offset !== null && typeof offset === 'object') ({ offset = 0, length = buffer.byteLength - offset, position = null } = offset);
    if (offset == null) offset = 0;
    else validateInteger(offset, 'offset', 0);
    if (typeof length !== 'number') length = buffer.byteLength - offset;
    if (typeof position !== 'number') position = -1;
    validateOffsetLengthWrite(offset, length, buffer.byteLength);
    return [fd, viewBytes(buffer), offset, length, position, buffer];
  }
  if (typeof buffer !== 'string') throwType('buffer', ['string', 'Buffer', 'TypedArray', 'DataView'], buffer);
  const enc = typeof length === 'string' ? length : 'utf8';
  const bytes = stringToBytes(buffer, enc);
  const pos = typeof offset === 'number' ? offset : -1;
  return [fd, viewBytes(bytes), 0, bytes.byteLength, pos, buffer];
}
// write(fd, buffer[, offset[, length[, position]]], cb), (fd, buffer, options, cb)
// or (fd, string[, position[, encoding]], cb): the callback is the first
// function after the data, as in Node
function write(fd, buffer, offset, length, position, cb) {
  getFd(fd);
  if (isView(buffer)) {
    cb = cb || position || length || offset;
    validateFunction(cb, 'cb');
    if (typeof offset === 'function') offset = undefined;
    if (typeof length === 'function') length = undefined;
    if (typeof position === 'function') position = undefined;
  } else {
    if (typeof position !== 'function') {
      if (typeof offset === 'function') {
        position = offset;
        offset = null;
      } else {
        position = length;
      }
      length = 'utf8';
    }
    cb = position;
    validateFunction(cb, 'cb');
    position = undefined;
  }
  const [f, bytes, off, len, pos, orig] = writeArgs(fd, buffer, offset, length, position);
  b.write(f, bytes, off, len, pos, callback((err, n) => (err ? cb(err) : cb(null, n || 0, orig))));
}
function writeSync(fd, buffer, offset, length, position) {
  const [f, bytes, off, len, pos] = writeArgs(fd, buffer, offset, length, position);
  return b.write(f, bytes, off, len, pos);
}
function fstat(fd, options, cb) {
  if (typeof options === 'function') { cb = options; options = undefined; }
  b.fstat(getFd(fd), callback(maybeCallback(cb), (a) => makeStats(a, options)));
}
function fstatSync(fd, options) {
  return makeStats(b.fstat(getFd(fd)), options);
}
function statLike(name) {
  const async = function (path, options, cb) {
    if (typeof options === 'function') { cb = options; options = undefined; }
    b[name](getPath(path), callback(maybeCallback(cb), (a) => makeStats(a, options)));
  };
  const sync = function (path, options) {
    const p = getPath(path);
    if (options && options.throwIfNoEntry === false) {
      try {
        return makeStats(b[name](p), options);
      } catch (err) {
        if (err.code === 'ENOENT' || err.code === 'ENOTDIR') return undefined;
        throw err;
      }
    }
    return makeStats(b[name](p), options);
  };
  return [async, sync];
}
const [stat, statSync] = statLike('stat');
const [lstat, lstatSync] = statLike('lstat');

function readdirMap(path, options) {
  const enc = options.encoding;
  checkEncoding(enc);
  return options.withFileTypes ? (v) => makeDirents(path, v, enc) : (names) => names.map((n) => encodeName(n, enc));
}
function readdirRecursive(path, options) {
  // depth-first, sync: Node's recursive readdir lists every entry under path
  const out = [];
  const walk = (dir, rel) => {
    const [names, types] = b.readdir(dir, true);
    for (let i = 0; i < names.length; i++) {
      const full = `${dir}/${names[i]}`;
      const r = rel ? `${rel}/${names[i]}` : names[i];
      if (options.withFileTypes) out.push(...makeDirents(dir, [[names[i]], [types[i]]], options.encoding));
      else out.push(encodeName(r, options.encoding));
      let t = types[i];
      if (t === C.UV_DIRENT_UNKNOWN) t = (b.lstat(full)[1] & S_IFMT) === C.S_IFDIR ? C.UV_DIRENT_DIR : t;
      if (t === C.UV_DIRENT_DIR) walk(full, r);
    }
  };
  walk(path, '');
  return out;
}
function readdir(path, options, cb) {
  if (typeof options === 'function') { cb = options; options = undefined; }
  options = getOptions(options, {});
  path = getPath(path);
  maybeCallback(cb);
  if (options.recursive) {
    let r;
    try { r = readdirRecursive(path, options); } catch (err) { process.nextTick(cb, err); return; }
    process.nextTick(cb, null, r);
    return;
  }
  b.readdir(path, !!options.withFileTypes, callback(cb, readdirMap(path, options)));
}
function readdirSync(path, options) {
  options = getOptions(options, {});
  path = getPath(path);
  if (options.recursive) return readdirRecursive(path, options);
  return readdirMap(path, options)(b.readdir(path, !!options.withFileTypes));
}
function mkdirArgs(path, options) {
  let mode = 0o777, recursive = false;
  if (typeof options === 'number' || typeof options === 'string') mode = parseMode(options, 'mode');
  else if (options) {
    if (options.recursive !== undefined) { validateBoolean(options.recursive, 'options.recursive'); recursive = options.recursive; }
    if (options.mode !== undefined) mode = parseMode(options.mode, 'options.mode');
  }
  return [getPath(path), mode, recursive];
}
function mkdir(path, options, cb) {
  if (typeof options === 'function') { cb = options; options = undefined; }
  const args = mkdirArgs(path, options);
  b.mkdir(...args, callback(maybeCallback(cb), args[2] ? (v) => v : noResult));
}
function mkdirSync(path, options) {
  const args = mkdirArgs(path, options);
  const r = b.mkdir(...args);
  return args[2] ? r : undefined;
}
function rmArgs(path, options) {
  options = options || {};
  validateObject(options, 'options');
  const recursive = options.recursive === undefined ? false : options.recursive;
  const force = options.force === undefined ? false : options.force;
  validateBoolean(recursive, 'options.recursive');
  validateBoolean(force, 'options.force');
  return [getPath(path), recursive, force, false];
}
function rmError(err) {
  // Node reports a directory without recursive as ERR_FS_EISDIR
  if (err && err.code === 'EISDIR' && err.syscall === 'rm') {
    const e = makeNodeError(Error, 'ERR_FS_EISDIR', `Path is a directory: rm returned EISDIR (is a directory) ${err.path}`);
    e.name = 'SystemError';
    e.errno = err.errno;
    e.syscall = 'rm';
    e.path = err.path;
    e.info = { code: 'EISDIR', message: 'is a directory', path: err.path, syscall: 'rm', errno: err.errno };
    return e;
  }
  return err;
}
function rm(path, options, cb) {
  if (typeof options === 'function') { cb = options; options = undefined; }
  const args = rmArgs(path, options);
  maybeCallback(cb);
  b.rm(...args, new NativeRequest('FSREQCALLBACK', (err) => cb(err ? rmError(err) : null)));
}
function rmSync(path, options) {
  try {
    b.rm(...rmArgs(path, options));
  } catch (err) {
    throw rmError(err);
  }
}
// rmdir { recursive } (deprecated, DEP0147): rm -r of a directory; a file
// gives rmdir's ENOTDIR.
let warnedRecursiveRmdir = false;
const defaultRmdirOptions = { retryDelay: 100, maxRetries: 0, recursive: false };
function validateRmdirOptions(options, defaults = defaultRmdirOptions) {
  if (options === undefined) return defaults;
  validateObject(options, 'options');
  options = { ...defaults, ...options };
  validateBoolean(options.recursive, 'options.recursive');
  validateInt32(options.retryDelay, 'options.retryDelay', 0);
  validateUint32(options.maxRetries, 'options.maxRetries');
  return options;
}
function recursiveRmdir(options) {
  if (!validateRmdirOptions(options).recursive) return false;
  if (!warnedRecursiveRmdir) {
    warnedRecursiveRmdir = true;
    process.emitWarning('In future versions of Node.js, fs.rmdir(path, { recursive: true }) will be removed. ' +
      'Use fs.rm(path, { recursive: true }) instead', 'DeprecationWarning', 'DEP0147');
  }
  return true;
}
function rmdir(path, options, cb) {
  if (typeof options === 'function') { cb = options; options = undefined; }
  path = getPath(path);
  if (recursiveRmdir(options)) {
    b.rm(path, true, false, true, callback(maybeCallback(cb), noResult));
    return;
  }
  b.rmdir(path, callback(maybeCallback(cb), noResult));
}
function rmdirSync(path, options) {
  path = getPath(path);
  if (recursiveRmdir(options)) b.rm(path, true, false, true);
  else b.rmdir(path);
}
function twoPaths(name, n1, n2) {
  return [
    function (a, c, cb) { b[name](getPath(a, n1), getPath(c, n2), callback(maybeCallback(cb), noResult)); },
    function (a, c) { b[name](getPath(a, n1), getPath(c, n2)); },
  ];
}
const [rename, renameSync] = twoPaths('rename', 'oldPath', 'newPath');
const [link, linkSync] = twoPaths('link', 'existingPath', 'newPath');
function onePath(name) {
  return [
    function (path, cb) { b[name](getPath(path), callback(maybeCallback(cb), noResult)); },
    function (path) { b[name](getPath(path)); },
  ];
}
const [unlink, unlinkSync] = onePath('unlink');
function copyFile(src, dest, mode, cb) {
  if (typeof mode === 'function') { cb = mode; mode = 0; }
  b.copyFile(getPath(src, 'src'), getPath(dest, 'dest'), validMode(mode, 0), callback(maybeCallback(cb), noResult));
}
function copyFileSync(src, dest, mode) {
  b.copyFile(getPath(src, 'src'), getPath(dest, 'dest'), validMode(mode, 0));
}
function stringResult(name) {
  const async = function (path, options, cb) {
    if (typeof options === 'function') { cb = options; options = undefined; }
    options = getOptions(options, {});
    checkEncoding(options.encoding);
    b[name](getPath(path), callback(maybeCallback(cb), (s) => encodeName(s, options.encoding)));
  };
  const sync = function (path, options) {
    options = getOptions(options, {});
    checkEncoding(options.encoding);
    return encodeName(b[name](getPath(path)), options.encoding);
  };
  return [async, sync];
}
const [realpathNative, realpathNativeSync] = stringResult('realpath');
// fs.realpath (not .native) of a path that ends in a pipe or socket, such as
// /dev/stdin -> /proc/self/fd/0 -> 'pipe:[N]': links are followed as far as
// they name existing files, the rest is kept (Node's, and Python's, answer:
// /proc/PID/fd/pipe:[N]); null when path is not one
function realpathOfPipe(path) {
  let st;
  try { st = b.stat(path); } catch { return null; }
  const type = st[1] & S_IFMT;
  if (type !== C.S_IFIFO && type !== C.S_IFSOCK) return null;
  const parts = internal.path.resolve(natives.cwd(), path).split('/');
  let resolved = '';
  for (let links = 0; parts.length;) {
    const name = parts.shift();
    if (name === '' || name === '.') continue;
    if (name === '..') { resolved = resolved.slice(0, resolved.lastIndexOf('/')); continue; }
    const next = `${resolved}/${name}`;
    let lst;
    try { lst = b.lstat(next); } catch { return [next, ...parts].join('/'); }
    if ((lst[1] & S_IFMT) !== C.S_IFLNK) { resolved = next; continue; }
    if (++links > 40) return null;
    const target = b.readlink(next);
    if (target.startsWith('/')) resolved = '';
    parts.unshift(...target.split('/'));
  }
  return resolved || '/';
}
function realpath(path, options, cb) {
  if (typeof options === 'function') { cb = options; options = undefined; }
  maybeCallback(cb);
  realpathNative(path, options, (err, resolved) => {
    if (err && err.code === 'ENOENT') {
      const pipe = realpathOfPipe(getPath(path));
      if (pipe !== null) return cb(null, encodeName(pipe, getOptions(options, {}).encoding));
    }
    cb(err, resolved);
  });
}
function realpathSync(path, options) {
  try {
    return realpathNativeSync(path, options);
  } catch (err) {
    const pipe = err.code === 'ENOENT' ? realpathOfPipe(getPath(path)) : null;
    if (pipe === null) throw err;
    return encodeName(pipe, getOptions(options, {}).encoding);
  }
}
realpath.native = realpathNative;
realpathSync.native = realpathNativeSync;
const [readlink, readlinkSync] = stringResult('readlink');
function mkdtempPrefix(prefix) {
  if (isView(prefix)) prefix = bytesToString(prefix, 'utf8');
  if (typeof prefix !== 'string') throwType('prefix', ['string', 'Buffer', 'URL'], prefix);
  return `${getPath(prefix, 'prefix')}XXXXXX`;
}
function mkdtemp(prefix, options, cb) {
  if (typeof options === 'function') { cb = options; options = undefined; }
  options = getOptions(options, {});
  checkEncoding(options.encoding);
  maybeCallback(cb);
  b.mkdtemp(mkdtempPrefix(prefix), callback(cb, (s) => encodeName(s, options.encoding)));
}
function mkdtempSync(prefix, options) {
  options = getOptions(options, {});
  checkEncoding(options.encoding);
  return encodeName(b.mkdtemp(mkdtempPrefix(prefix)), options.encoding);
}
function symlinkFlags(type) {
  if (type == null) return 0;
  if (type === 'dir') return C.UV_FS_SYMLINK_DIR;
  if (type === 'junction') return C.UV_FS_SYMLINK_JUNCTION;
  if (type === 'file') return 0;
  throw invalidArgValue('type', type, "must be one of: 'dir', 'file', 'junction', null, undefined");
}
function symlink(target, path, type, cb) {
  if (typeof type === 'function') { cb = type; type = undefined; }
  b.symlink(getPath(target, 'target'), getPath(path), symlinkFlags(type), callback(maybeCallback(cb), noResult));
}
function symlinkSync(target, path, type) {
  b.symlink(getPath(target, 'target'), getPath(path), symlinkFlags(type));
}
function chmod(path, mode, cb) {
  b.chmod(getPath(path), parseMode(mode, 'mode'), callback(maybeCallback(cb), noResult));
}
function chmodSync(path, mode) {
  b.chmod(getPath(path), parseMode(mode, 'mode'));
}
function fchmod(fd, mode, cb) {
  b.fchmod(getFd(fd), parseMode(mode, 'mode'), callback(maybeCallback(cb), noResult));
}
function fchmodSync(fd, mode) {
  b.fchmod(getFd(fd), parseMode(mode, 'mode'));
}
function timesOp(name, isFd) {
  const target = isFd ? getFd : getPath;
  return [
    function (p, atime, mtime, cb) {
      b[name](target(p), toUnixTimestamp(atime, 'atime'), toUnixTimestamp(mtime, 'mtime'), callback(maybeCallback(cb), noResult));
    },
    function (p, atime, mtime) {
      b[name](target(p), toUnixTimestamp(atime, 'atime'), toUnixTimestamp(mtime, 'mtime'));
    },
  ];
}
const [utimes, utimesSync] = timesOp('utimes', false);
const [futimes, futimesSync] = timesOp('futimes', true);
const [lutimes, lutimesSync] = timesOp('lutimes', false);
function truncLen(len) {
  if (len === undefined) return 0;
  validateInteger(len, 'len');
  return Math.max(0, len);
}
let warnedTruncateFd = false;
function truncateFdWarning() {
  if (warnedTruncateFd) return;
  warnedTruncateFd = true;
  process.emitWarning('Using fs.truncate with a file descriptor is deprecated. Please use fs.ftruncate with a file descriptor instead.',
    'DeprecationWarning', 'DEP0081');
}
function truncate(path, len, cb) {
  if (typeof path === 'number') {
    truncateFdWarning();
    return ftruncate(path, len, cb);
  }
  if (typeof len === 'function') { cb = len; len = 0; }
  b.truncate(getPath(path), truncLen(len), callback(maybeCallback(cb), noResult));
}
function truncateSync(path, len) {
  if (typeof path === 'number') {
    truncateFdWarning();
    return ftruncateSync(path, len);
  }
  b.truncate(getPath(path), truncLen(len));
}
function ftruncate(fd, len = 0, cb) {
  if (typeof len === 'function') { cb = len; len = 0; }
  b.ftruncate(getFd(fd), truncLen(len), callback(maybeCallback(cb), noResult));
}
function ftruncateSync(fd, len = 0) {
  b.ftruncate(getFd(fd), truncLen(len));
}
function fdOp(name) {
  return [
    function (fd, cb) { b[name](getFd(fd), callback(maybeCallback(cb), noResult)); },
    function (fd) { b[name](getFd(fd)); },
  ];
}
const [fsync, fsyncSync] = fdOp('fsync');
const [fdatasync, fdatasyncSync] = fdOp('fdatasync');
function validateOwner(uid, gid) {
  validateInteger(uid, 'uid', -1, 4294967295);
  validateInteger(gid, 'gid', -1, 4294967295);
}
function ownerOp(name, isFd) {
  const target = isFd ? getFd : getPath;
  return [
    function (p, uid, gid, cb) {
      validateOwner(uid, gid);
      b[name](target(p), uid, gid, callback(maybeCallback(cb), noResult));
    },
    function (p, uid, gid) {
      validateOwner(uid, gid);
      b[name](target(p), uid, gid);
    },
  ];
}
const [chown, chownSync] = ownerOp('chown', false);
const [fchown, fchownSync] = ownerOp('fchown', true);
const [lchown, lchownSync] = ownerOp('lchown', false);

// opendir / Dir: the entries are read when the directory is opened (one
// job); read() hands them out in order, async ones one per tick.
const kDirEntries = Symbol('kDirEntries');
const kDirPath = Symbol('kDirPath');
const kDirClosed = Symbol('kDirClosed');
const kDirQueue = Symbol('kDirQueue');
function dirClosed() {
  return makeNodeError(Error, 'ERR_DIR_CLOSED', 'Directory handle was closed');
}
function dirBusy() {
  return makeNodeError(Error, 'ERR_DIR_CONCURRENT_OPERATION',
    'Cannot do synchronous work on directory handle with concurrent asynchronous operations');
}
class Dir {
  constructor(path, entries) {
    if (path === undefined) throw makeNodeError(TypeError, 'ERR_MISSING_ARGS', 'The "handle" argument must be specified');
    this[kDirPath] = path;
    this[kDirEntries] = entries;
    this[kDirClosed] = false;
    this[kDirQueue] = [];
  }
  get path() {
    return this[kDirPath];
  }
  // async operations run in order, one per tick
  #queue(op, cb) {
    const q = this[kDirQueue];
    q.push(() => {
      let result, err = null;
      try { result = op(); } catch (e) { err = e; }
      q.shift();
      if (q.length) process.nextTick(q[0]);
      cb(err, result);
    });
    if (q.length === 1) process.nextTick(q[0]);
  }
  #checkSync() {
    if (this[kDirClosed]) throw dirClosed();
    if (this[kDirQueue].length) throw dirBusy();
  }
  read(cb) {
    if (cb === undefined) {
      return new Promise((resolve, reject) => this.read((err, d) => (err ? reject(err) : resolve(d))));
    }
    validateFunction(cb, 'callback');
    if (this[kDirClosed]) throw dirClosed();
    // a close() queued after this read runs after it
    this.#queue(() => this[kDirEntries].shift() ?? null, cb);
  }
  readSync() {
    this.#checkSync();
    return this[kDirEntries].shift() ?? null;
  }
  close(cb) {
    if (cb !== undefined) validateFunction(cb, 'callback');
    if (this[kDirClosed]) {
      if (cb) { process.nextTick(cb, dirClosed()); return; }
      return Promise.reject(dirClosed());
    }
    if (cb === undefined) {
      return new Promise((resolve, reject) => this.close((err) => (err ? reject(err) : resolve())));
    }
    this[kDirClosed] = true;
    this.#queue(() => { this[kDirEntries] = []; }, (err) => cb(err));
  }
  closeSync() {
    this.#checkSync();
    this[kDirClosed] = true;
    this[kDirEntries] = [];
  }
  async* entries() {
    try {
      for (;;) {
        const d = await this.read();
        if (d === null) break;
        yield d;
      }
    } finally {
      if (!this[kDirClosed]) await this.close();
    }
  }
  [Symbol.asyncIterator]() {
    return this.entries();
  }
}
function opendirArgs(path, options) {
  options = getOptions(options, { encoding: 'utf8' });
  if (options.bufferSize !== undefined) validateInteger(options.bufferSize, 'options.bufferSize', 1, 4294967295);
  checkEncoding(options.encoding);
  return [getPath(path), options];
}
function opendirEntries(path, options, v) {
  if (options.recursive) return readdirRecursive(path, { ...options, withFileTypes: true });
  return makeDirents(path, v, options.encoding);
}
function opendir(path, options, cb) {
  if (typeof options === 'function') { cb = options; options = undefined; }
  const [p, opts] = opendirArgs(path, options);
  validateFunction(cb, 'callback');
  b.opendir(p, true, new NativeRequest('FSREQCALLBACK', (err, v) => {
    if (err) { cb(err); return; }
    let entries;
    try { entries = opendirEntries(p, opts, v); } catch (e) { cb(e); return; }
    cb(null, new Dir(p, entries));
  }));
}
function opendirSync(path, options) {
  const [p, opts] = opendirArgs(path, options);
  return new Dir(p, opendirEntries(p, opts, b.opendir(p, true)));
}

// statfs
class StatFs {
  constructor(a, bigint) {
    const v = bigint ? a.map((x) => BigInt(x)) : a;
    [this.type, this.bsize, this.blocks, this.bfree, this.bavail, this.files, this.ffree] = v;
  }
}
function statfs(path, options = { bigint: false }, cb) {
  if (typeof options === 'function') { cb = options; options = { bigint: false }; }
  maybeCallback(cb);
  b.statfs(getPath(path), new NativeRequest('FSREQCALLBACK', (err, a) => {
    if (err) cb(err);
    else cb(null, new StatFs(a, options && options.bigint));
  }));
}
function statfsSync(path, options = { bigint: false }) {
  return new StatFs(b.statfs(getPath(path)), options && options.bigint);
}

// readv / writev: the buffers as one read or write (a byte range of one
// request, as Node's uv_fs_read/uv_fs_write with several buffers).
function checkBuffers(buffers) {
  if (!Array.isArray(buffers) || !buffers.every(isView)) {
    throwType('buffers', 'an ArrayBufferView[]', buffers);
  }
}
function spread(tmp, buffers, n) {
  let off = 0;
  for (const buf of buffers) {
    if (off >= n) break;
    const len = Math.min(buf.byteLength, n - off);
    viewBytes(buf).set(tmp.subarray(off, off + len));
    off += len;
  }
  return n;
}
function vecArgs(fd, buffers, position) {
  getFd(fd);
  checkBuffers(buffers);
  if (typeof position !== 'number') position = -1;
  const total = buffers.reduce((n, buf) => n + buf.byteLength, 0);
  return [fd, total, position];
}
function readv(fd, buffers, position, cb) {
  if (typeof position === 'function') { cb = position; position = null; }
  const [f, total, pos] = vecArgs(fd, buffers, position);
  maybeCallback(cb);
  const tmp = allocBytes(total);
  b.read(f, viewBytes(tmp), 0, total, pos, callback((err, n) => (err ? cb(err) : cb(null, spread(tmp, buffers, n), buffers))));
}
function readvSync(fd, buffers, position) {
  const [f, total, pos] = vecArgs(fd, buffers, position);
  const tmp = allocBytes(total);
  return spread(tmp, buffers, b.read(f, viewBytes(tmp), 0, total, pos));
}
function concatBytes(buffers, total) {
  const out = allocBytes(total);
  let off = 0;
  for (const buf of buffers) {
    out.set(viewBytes(buf), off);
    off += buf.byteLength;
  }
  return out;
}
function writev(fd, buffers, position, cb) {
  if (typeof position === 'function') { cb = position; position = null; }
  const [f, total, pos] = vecArgs(fd, buffers, position);
  maybeCallback(cb);
  b.write(f, viewBytes(concatBytes(buffers, total)), 0, total, pos, callback((err, n) => (err ? cb(err) : cb(null, n, buffers))));
}
function writevSync(fd, buffers, position) {
  const [f, total, pos] = vecArgs(fd, buffers, position);
  return b.write(f, viewBytes(concatBytes(buffers, total)), 0, total, pos);
}

// readFile / writeFile / appendFile: a path (or URL/Buffer) or an fd
function fileTarget(file) {
  return typeof file === 'number' ? getFd(file) : getPath(file);
}
function readFileArgs(path, options) {
  options = getOptions(options, { flag: 'r' });
  checkEncoding(options.encoding);
  return [fileTarget(path), stringToFlags(options.flag, 'options.flag'), 0o666, options];
}
// Node's readFile steps: open, fstat, reads until the file's size is read or
// a read gives 0 bytes (64 KiB ones while the size is unknown: not a regular
// file), close; each an FSREQCALLBACK made in the previous one's callback,
// so the callback comes several loop turns after the call. Node reads a
// large file 512 KiB at a time into one buffer; here a read asks for all
// that is left (readBytes: the bytes read in C, handed over uncopied), so a
// regular file is one read. An fd of the caller's skips open and close (a
// tick each instead; as Node 20's, an error of a later step is then
// dropped and what was read so far, maybe nothing, is the result).
// options.signal is checked before each read. A resource (`weft serve`)
// reads in one job, as its memory cap is applied there (fs.c read_all).
const kReadFileUnknownLength = 64 * 1024;
const kIoMaxLength = 2 ** 31 - 1;
function fileTooLarge(size) {
  const err = new RangeError(`File size (${size}) is greater than 2 GiB`);
  err.code = 'ERR_FS_FILE_TOO_LARGE';
  return err;
}
// the bytes of readBytes chunks (ArrayBuffers) as one Buffer
function joinChunks(chunks, total) {
  if (chunks.length === 1) return bufferFrom(chunks[0]);
  const out = allocBytes(total);
  let off = 0;
  for (const c of chunks) {
    out.set(new Uint8Array(c), off);
    off += c.byteLength;
  }
  return out;
}
function readFileContext(userFd, signal, encoding, cb) {
  const req = (fn) => new NativeRequest('FSREQCALLBACK', fn);
  let fd, size = 0, chunks = null, pos = 0, stepErr = null;
  const afterClose = (err) => {
    const list = chunks;
    chunks = null; // these closures are a cycle: let the bytes go with the result
    if (stepErr || err) return cb(stepErr || err);
    let out;
    try {
      // no chunks list: fstat failed on a caller's fd, whose error Node 20
      // drops; its Buffer.concat(null) then fails (ERR_INVALID_ARG_TYPE)
      out = list === null ? Buffer.concat(list, pos) : joinChunks(list, pos);
      if (encoding && encoding !== 'buffer') out = bytesToString(out, encoding);
    } catch (e) {
      return cb(e);
    }
    cb(null, out);
  };
  const close = (err) => {
    if (userFd) return process.nextTick(afterClose, null);
    stepErr = err || null;
    b.close(fd, req(afterClose));
  };
  const afterRead = (err, ab) => {
    if (err) return close(err);
    const n = ab.byteLength;
    if (n > 0) chunks.push(ab);
    pos += n;
    if (pos === size || n === 0) return close();
    read();
  };
  const read = () => {
    if (signal && signal.aborted) return close(internal.abortError(signal));
    b.readBytes(fd, size === 0 ? kReadFileUnknownLength : size - pos, -1, req(afterRead));
  };
  const afterStat = (err, st) => {
    if (err) return close(err);
    size = (st[1] & S_IFMT) === C.S_IFREG ? Number(st[8]) : 0;
    if (size > kIoMaxLength) return close(fileTooLarge(size));
    chunks = [];
    read();
  };
  return (err, f) => {
    if (err) return cb(err);
    fd = f;
    b.fstat(fd, req(afterStat));
  };
}
function readFile(path, options, cb) {
  if (typeof options === 'function') { cb = options; options = undefined; }
  const [t, flags, mode, opts] = readFileArgs(path, options);
  maybeCallback(cb);
  const userFd = typeof t === 'number';
  if (userFd && opts.signal !== undefined) internal.validateAbortSignal(opts.signal, 'options.signal');
  const abort = userFd ? null : aborted(opts);
  if (abort) return cb(abort); // at once, as Node's
  if (b.resourceReads()) {
    b.readFile(t, flags, mode, new NativeRequest('FSREQCALLBACK', (err, ab) => {
      const abort = err ? null : aborted(opts);
      if (err || abort) cb(err || abort);
      else cb(null, decodeResult(ab, opts.encoding));
    }));
    return;
  }
  const afterOpen = readFileContext(userFd, opts.signal, opts.encoding, cb);
  if (userFd) process.nextTick(afterOpen, null, t);
  else b.open(t, flags, mode, new NativeRequest('FSREQCALLBACK', afterOpen));
}
function readFileSync(path, options) {
  const [t, flags, mode, opts] = readFileArgs(path, options);
  return decodeResult(b.readFile(t, flags, mode), opts.encoding);
}
function writeFileArgs(file, data, options, flag) {
  options = getOptions(options, { encoding: 'utf8', mode: 0o666, flag });
  if (typeof data !== 'string' && !isView(data)) {
    throwType('data', ['string', 'Buffer', 'TypedArray', 'DataView'], data);
  }
  checkEncoding(options.encoding);
  const bytes = dataBytes(data, options.encoding);
  return [fileTarget(file), viewBytes(bytes), stringToFlags(options.flag, 'options.flag'),
    parseMode(options.mode, 'mode', 0o666)];
}
function aborted(options) {
  const signal = options && typeof options === 'object' ? options.signal : undefined;
  if (signal !== undefined) internal.validateAbortSignal(signal, 'options.signal');
  return signal && signal.aborted ? internal.abortError(signal) : null;
}
// options.flush of writeFile/appendFile: a boolean (null/undefined: false);
// true syncs the data to the disk before the file is closed, through the
// module's fsync/fsyncSync as Node does.
function flushOption(options) {
  const flush = options !== null && typeof options === 'object' ? options.flush : undefined;
  if (flush == null) return false;
  validateBoolean(flush, 'options.flush');
  return flush;
}
// [target, bytes, flags, mode] written, synced and (for a path) closed
function writeFlushedSync(file, args) {
  const own = typeof file !== 'number';
  const fd = own ? openSync(file, args[2], args[3]) : file;
  try {
    b.writeFile(getFd(fd), args[1], args[2], args[3]);
    fs.fsyncSync(fd);
  } finally {
    if (own) closeSync(fd);
  }
}
// two errors as one, as Node's aggregateTwoErrors (close's, the step's)
function twoErrors(inner, outer) {
  if (!inner || !outer || inner === outer) return inner || outer || null;
  if (!internal.internalErrorsModule) natives.loadLib('internal_errors');
  return internal.internalErrorsModule.aggregateTwoErrors(inner, outer);
}
// Node's writeFile steps: open (a path), writes until all is written
// (options.signal checked before each), fsync (flush), close (a path);
// each a call of the module's open/write/fsync/close made in the previous
// one's callback. An aborted signal before a write closes a path's fd and
// calls back with AbortError (at once for a caller's fd).
function writeFileSteps(file, bytes, flags, mode, signal, flush, cb) {
  const own = typeof file !== 'number';
  const fail = (fd, err) => (own ? fs.close(fd, (closeErr) => cb(twoErrors(closeErr, err))) : cb(err));
  const done = (fd) => (own ? fs.close(fd, cb) : cb(null));
  const writeAll = (fd, off, len) => {
    if (signal && signal.aborted) return fail(fd, internal.abortError(signal));
    fs.write(fd, bytes, off, len, null, (err, n) => {
      if (err) fail(fd, err);
      else if (n < len) writeAll(fd, off + n, len - n);
      else if (flush) fs.fsync(fd, (syncErr) => (syncErr ? fail(fd, syncErr) : done(fd)));
      else done(fd);
    });
  };
  if (!own) return writeAll(file, 0, bytes.byteLength);
  if (signal && signal.aborted) return cb(internal.abortError(signal)); // at once, as Node's
  fs.open(file, flags, mode, (err, fd) => (err ? cb(err) : writeAll(fd, 0, bytes.byteLength)));
}
function writeFlushed(file, args, cb) {
  writeFileSteps(file, args[1], args[2], args[3], undefined, true, cb);
}
function writeFile(file, data, options, cb) {
  if (typeof options === 'function') { cb = options; options = undefined; }
  maybeCallback(cb);
  const args = writeFileArgs(file, data, options, 'w');
  const signal = options !== null && typeof options === 'object' ? options.signal : undefined;
  if (signal !== undefined) internal.validateAbortSignal(signal, 'options.signal');
  writeFileSteps(file, args[1], args[2], args[3], signal, flushOption(options), cb);
}
function writeFileSync(file, data, options) {
  const args = writeFileArgs(file, data, options, 'w');
  if (flushOption(options)) writeFlushedSync(file, args);
  else b.writeFile(...args);
}
function appendOptions(options) {
  options = getOptions(options, { encoding: 'utf8', mode: 0o666, flag: 'a' });
  if (!options.flag || typeof options.flag === 'number') options = { ...options, flag: 'a' };
  return options;
}
function appendFile(file, data, options, cb) {
  if (typeof options === 'function') { cb = options; options = undefined; }
  maybeCallback(cb);
  // through the module's writeFile, as Node's
  fs.writeFile(file, data, appendOptions(options), cb);
}
function appendFileSync(file, data, options) {
  options = appendOptions(options);
  const args = writeFileArgs(file, data, options, 'a');
  if (flushOption(options)) writeFlushedSync(file, args);
  else b.writeFile(...args);
}
// the promise form of writeFile/appendFile with options.flush true
function writeFlushedPromise(file, args) {
  return new Promise((resolve, reject) => writeFlushed(file, args, (err) => (err ? reject(err) : resolve())));
}

// ---- fs/promises -----------------------------------------------------------------------------
// promises.writeFile's data: a string or view as one buffer, or (Node 20) any
// other iterable or async iterable (a Readable too) of strings and views,
// written in chunks of at most kWriteFileChunk bytes; options.signal is
// checked before each chunk, so an abort stops a long write part-way
const kWriteFileChunk = 512 * 1024;
function isCustomIterable(data) {
  return data != null && typeof data !== 'string' && !isView(data) &&
    (typeof data[Symbol.iterator] === 'function' || typeof data[Symbol.asyncIterator] === 'function');
}
function checkAborted(signal) {
  if (signal && signal.aborted) throw internal.abortError(signal);
}
async function writeAll(fd, bytes, signal) {
  let off = 0;
  do {
    checkAborted(signal);
    const len = Math.min(kWriteFileChunk, bytes.byteLength - off);
    off += await promise('write', [fd, bytes, off, len, -1]);
  } while (off < bytes.byteLength);
}
// data as promises.writeFile takes it: a view, a string (as bytes of the
// encoding) or another iterable, else ERR_INVALID_ARG_TYPE
function promiseWriteData(data, encoding) {
  if (isView(data)) return viewBytes(data);
  if (typeof data === 'string') return viewBytes(dataBytes(data, encoding));
  if (isCustomIterable(data)) return data;
  throwType('data', ['string', 'Buffer', 'TypedArray', 'DataView'], data);
}
async function writeFileHandleData(fd, data, signal, encoding) {
  checkAborted(signal);
  if (!isCustomIterable(data)) {
    if (data.byteLength !== 0) await writeAll(fd, data, signal);
    return;
  }
  for await (const chunk of data) {
    checkAborted(signal);
    const bytes = isView(chunk) ? viewBytes(chunk) : viewBytes(dataBytes(chunk, encoding));
    if (bytes.byteLength !== 0) await writeAll(fd, bytes, signal);
  }
}

const kFd = Symbol('kFd');
const EventEmitter = internal.builtins.events();
// A FileHandle collected while open closes its descriptor, with Node's
// warning each time and its deprecation (DEP0137) once; the registry's
// callback runs as a job, never inside the collector.
let gcCloseDeprecated = false;
const openFileHandles = new FinalizationRegistry((fd) => {
  try { b.close(fd); } catch {}
  process.emitWarning(`Closing file descriptor ${fd} on garbage collection`);
  if (!gcCloseDeprecated) {
    gcCloseDeprecated = true;
    process.emitWarning('Closing a FileHandle object on garbage collection is deprecated. ' +
      'Please close FileHandle objects explicitly using FileHandle.prototype.close(). ' +
      'In the future, an error will be thrown if a file descriptor is closed during garbage collection.',
    'DeprecationWarning', 'DEP0137');
  }
});
// A FileHandle counts its users: its owner and each stream made on it.
// close() emits 'close' at once (a stream on it closes then) and the
// descriptor is closed when the last user lets go.
const kRefs = Symbol('kRefs');
const kClosing = Symbol('kClosing');
const kRef = Symbol('kRef');
const kUnref = Symbol('kUnref');
class FileHandle extends EventEmitter {
  constructor(fd) {
    super();
    this[kFd] = fd;
    this[kRefs] = 1;
    this[kClosing] = null; // [promise, resolve, reject] once close() is called
    openFileHandles.register(this, fd, this);
  }
  [kRef]() {
    this[kRefs]++;
  }
  [kUnref]() {
    if (--this[kRefs] !== 0) return;
    const fd = this[kFd];
    this[kFd] = -1;
    openFileHandles.unregister(this);
    const [, resolve, reject] = this[kClosing] || [null, () => {}, () => {}];
    promise('close', [fd]).then(resolve, reject);
  }
  get fd() {
    return this[kFd];
  }
  #check(syscall) {
    if (this[kFd] === -1) {
      const e = new Error('file closed');
      e.code = 'EBADF';
      e.syscall = syscall;
      throw e;
    }
    return this[kFd];
  }
  close() {
    if (this[kClosing]) return this[kClosing][0];
    if (this[kFd] === -1) return Promise.resolve();
    let resolve, reject;
    const closed = new Promise((res, rej) => { resolve = res; reject = rej; });
    this[kClosing] = [closed, resolve, reject];
    this[kUnref]();
    this.emit('close');
    return closed;
  }
  async [Symbol.asyncDispose]() {
    return this.close();
  }
  async stat(options) {
    return promise('fstat', [this.#check('fstat')], (a) => makeStats(a, options));
  }
  async read(buffer, offset, length, position) {
    const fd = this.#check('read');
    if (buffer == null || (!isView(buffer) && typeof buffer === 'object')) {
      ({ buffer = allocBytes(16384), offset = 0, length = buffer.byteLength - offset, position = null } = buffer || {});
    } else if (offset !== null && typeof offset === 'object') {
      ({ offset = 0, length = buffer.byteLength - offset, position = null } = offset);
    }
    if (length == null && isView(buffer)) length = buffer.byteLength - (offset || 0);
    if (length === 0) return { bytesRead: 0, buffer };
    const [, buf, off, len, pos] = readArgs(fd, buffer, offset, length, position);
    const bytesRead = await promise('read', [fd, viewBytes(buf), off, len, pos]);
    return { bytesRead, buffer };
  }
  async write(buffer, offset, length, position) {
    const fd = this.#check('write');
    const [, bytes, off, len, pos, orig] = writeArgs(fd, buffer, offset, length, position);
    const bytesWritten = await promise('write', [fd, bytes, off, len, pos]);
    return { bytesWritten, buffer: orig };
  }
  async readFile(options) {
    const opts = getOptions(options, {});
    checkEncoding(opts.encoding);
    const abort = aborted(opts);
    if (abort) throw abort;
    const data = await promise('readFile', [this.#check('read'), C.O_RDONLY, 0o666], (ab) => decodeResult(ab, opts.encoding));
    // one job reads it all: an abort meanwhile is seen at its end
    const late = aborted(opts);
    if (late) throw late;
    return data;
  }
  async writeFile(data, options) {
    const fd = this.#check('write');
    const opts = getOptions(options, { encoding: 'utf8' });
    checkEncoding(opts.encoding);
    if (opts.signal !== undefined) internal.validateAbortSignal(opts.signal, 'options.signal');
    return writeFileHandleData(fd, promiseWriteData(data, opts.encoding), opts.signal, opts.encoding);
  }
  async appendFile(data, options) {
    return this.writeFile(data, options);
  }
  async readv(buffers, position) {
    const [fd, total, pos] = vecArgs(this.#check('read'), buffers, position);
    const tmp = allocBytes(total);
    const n = await promise('read', [fd, viewBytes(tmp), 0, total, pos]);
    return { bytesRead: spread(tmp, buffers, n), buffers };
  }
  async writev(buffers, position) {
    const [fd, total, pos] = vecArgs(this.#check('write'), buffers, position);
    const bytesWritten = await promise('write', [fd, viewBytes(concatBytes(buffers, total)), 0, total, pos]);
    return { bytesWritten, buffers };
  }
  async truncate(len = 0) {
    return promise('ftruncate', [this.#check('ftruncate'), truncLen(len)], noResult);
  }
  async sync() {
    return promise('fsync', [this.#check('fsync')], noResult);
  }
  async datasync() {
    return promise('fdatasync', [this.#check('fdatasync')], noResult);
  }
  async chmod(mode) {
    return promise('fchmod', [this.#check('fchmod'), parseMode(mode, 'mode')], noResult);
  }
  async chown(uid, gid) {
    validateOwner(uid, gid);
    return promise('fchown', [this.#check('fchown'), uid, gid], noResult);
  }
  async utimes(atime, mtime) {
    return promise('futimes', [this.#check('futime'), toUnixTimestamp(atime, 'atime'), toUnixTimestamp(mtime, 'mtime')], noResult);
  }
}
async function readFileHandleSteps(path, flags, mode, signal) {
  const fh = new FileHandle(await promise('open', [path, flags, mode]));
  let out;
  try {
    const st = await promise('fstat', [fh.fd]);
    checkAborted(signal);
    const size = (st[1] & S_IFMT) === C.S_IFREG ? Number(st[8]) : 0;
    if (size > kIoMaxLength) throw fileTooLarge(size);
    const chunks = [];
    let total = 0;
    for (;;) {
      checkAborted(signal);
      const ab = await promise('readBytes', [fh.fd, size > 0 ? size - total : kReadFileUnknownLength, -1]);
      if (ab.byteLength > 0) chunks.push(ab);
      total += ab.byteLength;
      if (ab.byteLength === 0 || total === size) break;
    }
    out = joinChunks(chunks, total);
  } catch (err) {
    try { await fh.close(); } catch { /* the read's error wins */ }
    throw err;
  }
  await fh.close();
  return out;
}
// Each promise function checks its arguments synchronously inside an async
// function (errors become rejections, as Node's).
const promises = {
  async access(path, mode) { return promise('access', [getPath(path), validMode(mode, C.F_OK)], noResult); },
  async open(path, flags, mode) {
    const fd = await promise('open', [getPath(path), stringToFlags(flags), parseMode(mode, 'mode', 0o666)]);
    return new FileHandle(fd);
  },
  async readFile(path, options) {
    if (path instanceof FileHandle) return path.readFile(options);
    const [t, flags, mode, opts] = readFileArgs(path, options);
    const abort = aborted(opts);
    if (abort) throw abort;
    // Node's steps (open a FileHandle, fstat, read, close), each an
    // FSREQPROMISE, options.signal checked after fstat and before each read;
    // one job for an fd or in a resource (see readFile)
    if (typeof t === 'string' && !b.resourceReads()) {
      const buf = await readFileHandleSteps(t, flags, mode, opts.signal);
      return opts.encoding && opts.encoding !== 'buffer' ? bytesToString(buf, opts.encoding) : buf;
    }
    return promise('readFile', [t, flags, mode], (ab) => decodeResult(ab, opts.encoding));
  },
  async writeFile(file, data, options) {
    const opts = getOptions(options, { encoding: 'utf8', mode: 0o666, flag: 'w' });
    checkEncoding(opts.encoding);
    data = promiseWriteData(data, opts.encoding);
    const abort = aborted(opts);
    if (abort) throw abort;
    if (file instanceof FileHandle) return file.writeFile(data, opts);
    const flush = flushOption(opts);
    const fd = await promise('open', [fileTarget(file), stringToFlags(opts.flag || 'w', 'options.flag'),
      parseMode(opts.mode, 'mode', 0o666)]);
    let failure = null;
    try {
      await writeFileHandleData(fd, data, opts.signal, opts.encoding);
      if (flush) await promise('fsync', [fd], noResult);
    } catch (err) {
      failure = err;
    }
    try {
      await promise('close', [fd], noResult);
    } catch (err) {
      if (!failure) failure = err;
    }
    if (failure) throw failure;
  },
  async appendFile(file, data, options) {
    if (file instanceof FileHandle) return file.appendFile(data, options);
    options = appendOptions(options);
    const args = writeFileArgs(file, data, options, 'a');
    if (flushOption(options)) return writeFlushedPromise(file, args);
    return promise('writeFile', args, noResult);
  },
  async readdir(path, options) {
    options = getOptions(options, {});
    path = getPath(path);
    if (options.recursive) return readdirRecursive(path, options);
    return promise('readdir', [path, !!options.withFileTypes], readdirMap(path, options));
  },
  async opendir(path, options) {
    const [p, opts] = opendirArgs(path, options);
    return promise('opendir', [p, true], (v) => new Dir(p, opendirEntries(p, opts, v)));
  },
  async statfs(path, options) {
    return promise('statfs', [getPath(path)], (a) => new StatFs(a, options && options.bigint));
  },
  async stat(path, options) { return promise('stat', [getPath(path)], (a) => makeStats(a, options)); },
  async lstat(path, options) { return promise('lstat', [getPath(path)], (a) => makeStats(a, options)); },
  async mkdir(path, options) {
    const args = mkdirArgs(path, options);
    return promise('mkdir', args, args[2] ? (v) => v : noResult);
  },
  async rm(path, options) {
    try {
      return await promise('rm', rmArgs(path, options), noResult);
    } catch (err) {
      throw rmError(err);
    }
  },
  async rmdir(path, options) {
    path = getPath(path);
    if (recursiveRmdir(options)) return promise('rm', [path, true, false, true], noResult);
    return promise('rmdir', [path], noResult);
  },
  async unlink(path) { return promise('unlink', [getPath(path)], noResult); },
  async rename(a, c) { return promise('rename', [getPath(a, 'oldPath'), getPath(c, 'newPath')], noResult); },
  async link(a, c) { return promise('link', [getPath(a, 'existingPath'), getPath(c, 'newPath')], noResult); },
  async copyFile(src, dest, mode) {
    return promise('copyFile', [getPath(src, 'src'), getPath(dest, 'dest'), validMode(mode, 0)], noResult);
  },
  async realpath(path, options) {
    options = getOptions(options, {});
    return promise('realpath', [getPath(path)], (s) => encodeName(s, options.encoding));
  },
  async readlink(path, options) {
    options = getOptions(options, {});
    return promise('readlink', [getPath(path)], (s) => encodeName(s, options.encoding));
  },
  async mkdtemp(prefix, options) {
    options = getOptions(options, {});
    return promise('mkdtemp', [mkdtempPrefix(prefix)], (s) => encodeName(s, options.encoding));
  },
  async symlink(target, path, type) {
    return promise('symlink', [getPath(target, 'target'), getPath(path), symlinkFlags(type)], noResult);
  },
  async chmod(path, mode) { return promise('chmod', [getPath(path), parseMode(mode, 'mode')], noResult); },
  async utimes(path, atime, mtime) {
    return promise('utimes', [getPath(path), toUnixTimestamp(atime, 'atime'), toUnixTimestamp(mtime, 'mtime')], noResult);
  },
  async lutimes(path, atime, mtime) {
    return promise('lutimes', [getPath(path), toUnixTimestamp(atime, 'atime'), toUnixTimestamp(mtime, 'mtime')], noResult);
  },
  async truncate(path, len) { return promise('truncate', [getPath(path), truncLen(len)], noResult); },
  async chown(path, uid, gid) {
    path = getPath(path);
    validateOwner(uid, gid);
    return promise('chown', [path, uid, gid], noResult);
  },
  async lchown(path, uid, gid) {
    path = getPath(path);
    validateOwner(uid, gid);
    return promise('lchown', [path, uid, gid], noResult);
  },
  constants,
};

const fs = {
  access, accessSync, exists, existsSync, open, openSync, close, closeSync, read, readSync, write, writeSync,
  fstat, fstatSync, stat, statSync, lstat, lstatSync, readdir, readdirSync, mkdir, mkdirSync, rm, rmSync,
  rmdir, rmdirSync, rename, renameSync, link, linkSync, unlink, unlinkSync, copyFile, copyFileSync,
  realpath, realpathSync, readlink, readlinkSync, mkdtemp, mkdtempSync, symlink, symlinkSync,
  chmod, chmodSync, fchmod, fchmodSync, utimes, utimesSync, futimes, futimesSync, lutimes, lutimesSync,
  truncate, truncateSync, ftruncate, ftruncateSync, fsync, fsyncSync, fdatasync, fdatasyncSync,
  chown, chownSync, fchown, fchownSync, lchown, lchownSync,
  readFile, readFileSync, writeFile, writeFileSync, appendFile, appendFileSync,
  readv, readvSync, writev, writevSync, statfs, statfsSync, opendir, opendirSync, Dir,
  Stats, Dirent, constants, promises,
  F_OK: C.F_OK, R_OK: C.R_OK, W_OK: C.W_OK, X_OK: C.X_OK,
};
// ---- watchers: fs.watch (FSWatcher), fs.watchFile (StatWatcher) ----
// The handles are libuv's (src/js/fs_watch.c); recursive fs.watch, which
// libuv lacks on Linux, is lib/fs_watch_recursive.js over them. Each
// handle is an async resource as Node's (FSEVENTWRAP, STATWATCHER): init when
// it starts, before/after around each change, destroy when it closes.
const watchHooks = internal.hooks;
function watchInit(handle, type) {
  const id = handle[internal.async_id_symbol] = natives.newAsyncId();
  const trigger = handle[internal.trigger_async_id_symbol] = natives.defaultTriggerAsyncId();
  if (watchHooks.initEnabled) watchHooks.emitInit(id, type, trigger, handle);
}
// run fn inside the handle's async scope
function watchScope(handle, fn) {
  const id = handle[internal.async_id_symbol];
  watchHooks.emitBefore(id, handle[internal.trigger_async_id_symbol], handle);
  fn();
  watchHooks.emitAfter(id);
}
function watchDestroy(handle) {
  if (watchHooks.destroyEnabled) watchHooks.emitDestroy(handle[internal.async_id_symbol]);
}
class FSWatcher extends EventEmitter {
  constructor() {
    super();
    this._handle = null;
    this._encoding = 'utf8';
    this._filename = undefined;
  }
  _start(filename, persistent, encoding) {
    this._encoding = encoding;
    this._filename = filename;
    try {
      this._handle = b.watchStart(this, filename, persistent);
    } catch (err) {
      err.filename = filename; // Node's watch errors name the file twice
      throw err;
    }
    watchInit(this._handle, 'FSEVENTWRAP');
  }
  onchange(status, eventType, filename) {
    watchScope(this._handle, () => {
      if (status < 0) {
        const err = b.uvError(status, 'watch', this._filename);
        err.filename = this._filename;
        this.close();
        this.emit('error', err);
        return;
      }
      this.emit('change', eventType, filename === null ? null : encodeName(filename, this._encoding));
    });
  }
  close() {
    if (this._handle === null) return;
    b.watchClose(this._handle);
    watchDestroy(this._handle);
    this._handle = null;
    process.nextTick(() => this.emit('close'));
  }
  ref() {
    if (this._handle) b.watchRef(this._handle, true);
    return this;
  }
  unref() {
    if (this._handle) b.watchRef(this._handle, false);
    return this;
  }
}
function watchOptions(options) {
  options = getOptions(options, {});
  const persistent = options.persistent === undefined ? true : options.persistent;
  const recursive = options.recursive === undefined ? false : options.recursive;
  validateBoolean(persistent, 'options.persistent');
  validateBoolean(recursive, 'options.recursive');
  if (options.encoding !== undefined) checkEncoding(options.encoding);
  if (options.signal !== undefined) internal.validateAbortSignal(options.signal, 'options.signal');
  return { persistent, recursive, encoding: options.encoding || 'utf8', signal: options.signal };
}
// a started watcher: one libuv handle, or one per directory when recursive
// (lib/fs_watch_recursive.js)
function startWatcher(path, { persistent, recursive, encoding }) {
  let watcher;
  if (recursive) {
    if (!internal.RecursiveFSWatcher) {
      internal.fsWatchInternals = { FSWatcher, watchInit, watchScope, watchDestroy, encodeName };
      natives.loadLib('fs_watch_recursive');
    }
    watcher = new internal.RecursiveFSWatcher();
  } else {
    watcher = new FSWatcher();
  }
  watcher._start(path, persistent, encoding);
  return watcher;
}
function watch(filename, options, listener) {
  if (typeof options === 'function') { listener = options; options = undefined; }
  const path = getPath(filename, 'filename');
  const opts = watchOptions(options);
  const signal = opts.signal;
  const watcher = startWatcher(path, opts);
  if (listener) watcher.addListener('change', listener);
  if (signal) {
    if (signal.aborted) process.nextTick(() => watcher.close());
    else {
      const onAbort = () => watcher.close();
      signal.addEventListener('abort', onAbort, { once: true });
      watcher.once('close', () => signal.removeEventListener('abort', onAbort));
    }
  }
  return watcher;
}
// fs.promises.watch: an async iterator of { eventType, filename }
async function* watchPromise(filename, options) {
  const path = getPath(filename, 'filename');
  const opts = watchOptions(options);
  const signal = opts.signal;
  if (signal && signal.aborted) throw internal.abortError(signal);
  const queue = [];
  let wake = null, failure = null, done = false;
  const watcher = startWatcher(path, opts);
  const notify = () => { if (wake) { wake(); wake = null; } };
  watcher.on('change', (eventType, name) => { queue.push({ eventType, filename: name }); notify(); });
  watcher.on('error', (err) => { failure = err; notify(); });
  const onAbort = () => { failure = internal.abortError(signal); notify(); };
  if (signal) signal.addEventListener('abort', onAbort, { once: true });
  try {
    while (!done) {
      if (queue.length) { yield queue.shift(); continue; }
      if (failure) throw failure;
      await new Promise((resolve) => { wake = resolve; });
    }
  } finally {
    done = true;
    watcher.close();
    if (signal) signal.removeEventListener('abort', onAbort);
  }
}

class StatWatcher extends EventEmitter {
  constructor(bigint) {
    super();
    this._handle = null;
    this._bigint = bigint;
  }
  _start(filename, persistent, interval) {
    this._handle = b.pollStart(this, filename, persistent, interval);
    watchInit(this._handle, 'STATWATCHER');
  }
  onchange(status, curr, prev) {
    const opts = { bigint: this._bigint };
    watchScope(this._handle, () => this.emit('change', makeStats(curr, opts), makeStats(prev, opts)));
  }
  stop() {
    if (this._handle === null) return;
    b.watchClose(this._handle);
    watchDestroy(this._handle);
    this._handle = null;
    process.nextTick(() => this.emit('stop'));
  }
  ref() {
    if (this._handle) b.watchRef(this._handle, true);
    return this;
  }
  unref() {
    if (this._handle) b.watchRef(this._handle, false);
    return this;
  }
}
const statWatchers = new Map();
function watchFileKey(filename) {
  const p = getPath(filename, 'filename');
  return internal.path.resolve(natives.cwd(), p);
}
function watchFile(filename, options, listener) {
  const key = watchFileKey(filename);
  if (typeof options === 'function') { listener = options; options = undefined; }
  options = { interval: 5007, persistent: true, ...options };
  validateFunction(listener, 'listener');
  let stat = statWatchers.get(key);
  if (stat === undefined) {
    stat = new StatWatcher(!!options.bigint);
    stat._start(key, options.persistent, options.interval);
    statWatchers.set(key, stat);
  } else if (options.persistent) {
    stat.ref();
  }
  stat.addListener('change', listener);
  return stat;
}
function unwatchFile(filename, listener) {
  const key = watchFileKey(filename);
  const stat = statWatchers.get(key);
  if (stat === undefined) return;
  if (typeof listener === 'function') stat.removeListener('change', listener);
  else stat.removeAllListeners('change');
  if (stat.listenerCount('change') === 0) {
    stat.stop();
    statWatchers.delete(key);
  }
}
fs.watch = watch;
fs.watchFile = watchFile;
fs.unwatchFile = unwatchFile;
fs.FSWatcher = FSWatcher;
fs.StatWatcher = StatWatcher;
promises.watch = watchPromise;

// fs streams: lib/fs_streams.js (nodebi-c's, on the stream module), loaded on
// first use through the names modules.js puts on fs; FileHandle's own here.
if (internal.builtins.stream !== undefined) {
  const fsStreams = () => {
    if (!internal.fsStreams) natives.loadLib('fs_streams');
    return internal.fsStreams;
  };
  FileHandle.prototype.createReadStream = function createReadStream(options = undefined) {
    return new (fsStreams().ReadStream)(undefined, { ...options, fd: this });
  };
  FileHandle.prototype.createWriteStream = function createWriteStream(options = undefined) {
    return new (fsStreams().WriteStream)(undefined, { ...options, fd: this });
  };
}

// util.promisify(fs.read / fs.write / fs.exists), as Node's
const kCustomPromisify = Symbol.for('nodejs.util.promisify.custom');
Object.defineProperty(read, kCustomPromisify, {
  value: (...args) => new Promise((resolve, reject) => {
    read(...args, (err, bytesRead, buffer) => (err ? reject(err) : resolve({ bytesRead, buffer })));
  }),
});
Object.defineProperty(write, kCustomPromisify, {
  value: (...args) => new Promise((resolve, reject) => {
    write(...args, (err, bytesWritten, buffer) => (err ? reject(err) : resolve({ bytesWritten, buffer })));
  }),
});
Object.defineProperty(readv, kCustomPromisify, {
  value: (...args) => new Promise((resolve, reject) => {
    readv(...args, (err, bytesRead, buffers) => (err ? reject(err) : resolve({ bytesRead, buffers })));
  }),
});
Object.defineProperty(writev, kCustomPromisify, {
  value: (...args) => new Promise((resolve, reject) => {
    writev(...args, (err, bytesWritten, buffers) => (err ? reject(err) : resolve({ bytesWritten, buffers })));
  }),
});
Object.defineProperty(exists, kCustomPromisify, {
  value: (path) => new Promise((resolve) => exists(path, resolve)),
});
Object.defineProperty(fs, '_toUnixTimestamp', { value: toUnixTimestamp, enumerable: false, writable: true, configurable: true });
internal.fsModule = fs;
internal.fileHandleRefs = { FileHandle, kRef, kUnref };
// require('internal/fs/utils') under --expose-internals: these helpers of fs's
internal.fsUtils = {
  stringToFlags, validateRmdirOptions, validateOffsetLengthRead, validateOffsetLengthWrite,
  getDirent, getDirents, Stats, BigIntStats, Dirent, toUnixTimestamp, getValidatedPath: getPath,
  assertEncoding: checkEncoding,
};
internal.fsPromises = promises;
