// fs_streams.js: fs.ReadStream / fs.WriteStream and createReadStream /
// createWriteStream as Node 20's (written for weft from its documentation
// and tests), on the stream module and fs's callback API (open/read/write/
// close, or the `fs` option's own). Loaded on first use of one of them.
const process = internal.process;
const { Readable, Writable, finished } = internal.loadStream();
const S = internal.streams;
const fsModule = internal.fsModule;
const kIoDone = Symbol('kIoDone');
const kIsPerformingIO = Symbol('kIsPerformingIO');
const kFs = Symbol('kFs');

function outOfRange(name, range, value) {
  return internal.makeNodeError(RangeError, 'ERR_OUT_OF_RANGE',
    `The value of "${name}" is out of range. It must be ${range}. Received ${internal.inspect(value)}`);
}
function checkPos(value, name) {
  if (typeof value !== 'number') internal.throwInvalidArgType(name, 'number', value);
  if (!Number.isInteger(value)) throw outOfRange(name, 'an integer', value);
  if (value < 0 || value > Number.MAX_SAFE_INTEGER) throw outOfRange(name, `>= 0 && <= ${Number.MAX_SAFE_INTEGER}`, value);
}
function copyOptions(options, defaults) {
  if (options == null) return { ...defaults };
  let copy;
  if (typeof options === 'string') copy = { ...defaults, encoding: options };
  else if (typeof options !== 'object') internal.throwInvalidArgType('options', ['string', 'Object'], options);
  else {
    copy = { ...defaults };
    for (const key in options) copy[key] = options[key]; // inherited ones too, as Node
  }
  internal.fsUtils.assertEncoding(copy.encoding);
  if (copy.signal !== undefined) internal.validateAbortSignal(copy.signal, 'options.signal');
  return copy;
}
function toPath(path) {
  if (path instanceof URL) return decodeURIComponent(path.pathname);
  if (typeof Buffer === 'function' && Buffer.isBuffer(path)) return path.toString();
  return path;
}
function checkFn(fn, name) {
  if (typeof fn !== 'function') internal.throwInvalidArgType(name, 'Function', fn);
}

// The fd (or path) and the fs implementation: fs itself, the `fs` option's
// methods, or a FileHandle's (fs/promises) as callbacks.
function setSource(stream, path, options, defaultFlags) {
  if (options.fd == null) {
    stream.fd = null;
    stream[kFs] = options.fs || fsModule;
    checkFn(stream[kFs].open, 'options.fs.open');
    stream.path = toPath(path);
    stream.flags = options.flags === undefined ? defaultFlags : options.flags;
    stream.mode = options.mode === undefined ? 0o666 : options.mode;
    if (typeof stream.path !== 'string') internal.throwInvalidArgType('path', ['string', 'Buffer', 'URL'], path);
    return;
  }
  if (typeof options.fd === 'number') {
    stream[kFs] = options.fs || fsModule;
    stream.fd = options.fd;
  } else if (options.fd !== null && typeof options.fd === 'object' && typeof options.fd.fd === 'number' &&
    typeof options.fd.read === 'function') {
    if (options.fs) throw S.errors.notImplemented('FileHandle with fs');
    const handle = options.fd;
    stream[kFs] = fileHandleOps(handle);
    const refs = internal.fileHandleRefs;
    if (handle instanceof refs.FileHandle) handle[refs.kRef]();
    if (typeof handle.on === 'function') handle.on('close', stream.close.bind(stream));
    stream.fd = handle.fd;
  } else {
    internal.throwInvalidArgType('options.fd', ['number', 'FileHandle'], options.fd);
  }
  if (!Number.isInteger(stream.fd) || stream.fd < 0 || stream.fd > 0x7fffffff) {
    throw outOfRange('fd', '>= 0 && <= 2147483647', stream.fd);
  }
}
function fileHandleOps(handle) {
  return {
    open() { throw S.errors.notImplemented('open()'); },
    close(fd, cb) {
      // let go of the handle (setSource took a reference), then close it
      const refs = internal.fileHandleRefs;
      if (handle instanceof refs.FileHandle) handle[refs.kUnref]();
      handle.close().then(() => cb(), cb);
    },
    fsync(fd, cb) { handle.sync().then(() => cb(), cb); },
    read(fd, buf, offset, length, pos, cb) {
      handle.read(buf, offset, length, pos).then((r) => cb(null, r.bytesRead, r.buffer), (err) => cb(err, 0, buf));
    },
    write(fd, buf, offset, length, pos, cb) {
      handle.write(buf, offset, length, pos).then((r) => cb(null, r.bytesWritten, r.buffer), (err) => cb(err, 0, buf));
    },
    writev: typeof handle.writev === 'function' ? (fd, buffers, pos, cb) => {
      handle.writev(buffers, pos).then((r) => cb(null, r.bytesWritten, r.buffers), (err) => cb(err, 0, buffers));
    } : undefined,
  };
}
let warnedOpen = false;
function deprecatedOpen(kind) {
  return function open() {
    if (!warnedOpen) {
      warnedOpen = true;
      process.emitWarning(`${kind}.prototype.open() is deprecated`, 'DeprecationWarning', 'DEP0135');
    }
    this[kFs].open(this.path, this.flags, this.mode, (er, fd) => {
      if (er) {
        if (this.autoClose) this.destroy();
        this.emit('error', er);
      } else {
        this.fd = fd;
        this.emit('open', fd);
        this.emit('ready');
      }
    });
  };
}
const openRead = deprecatedOpen('ReadStream');
const openWrite = deprecatedOpen('WriteStream');
function construct(callback) {
  const stream = this;
  if (typeof stream.fd === 'number') {
    callback();
    return;
  }
  if (stream.open !== openRead && stream.open !== openWrite) {
    // a subclass or patched prototype opens by itself (old userland
    // streams, graceful-fs): wait for its 'open' or 'error'
    const orgEmit = stream.emit;
    stream.emit = function (...args) {
      if (args[0] === 'open') {
        this.emit = orgEmit;
        callback();
        Reflect.apply(orgEmit, this, args);
      } else if (args[0] === 'error') {
        this.emit = orgEmit;
        callback(args[1]);
      } else {
        Reflect.apply(orgEmit, this, args);
      }
    };
    stream.open();
    return;
  }
  stream[kFs].open(stream.path, stream.flags, stream.mode, (er, fd) => {
    if (er) {
      callback(er);
    } else {
      stream.fd = fd;
      callback();
      stream.emit('open', stream.fd);
      stream.emit('ready');
    }
  });
}
function closeStream(stream, err, cb) {
  if (!stream.fd) {
    cb(err);
  } else if (stream.flush) {
    stream[kFs].fsync(stream.fd, (flushErr) => {
      stream[kFs].close(stream.fd, (er) => { cb(er || err || flushErr); });
      stream.fd = null;
    });
  } else {
    stream[kFs].close(stream.fd, (er) => { cb(er || err); });
    stream.fd = null;
  }
}
function destroy(err, cb) {
  // wait for a read or write in flight before closing the fd
  if (this[kIsPerformingIO]) this.once(kIoDone, (er) => closeStream(this, err || er, cb));
  else closeStream(this, err, cb);
}
function close(cb) {
  if (typeof cb === 'function') finished(this, cb);
  this.destroy();
}

// The parts ReadStream and WriteStream share on their prototypes.
function fileStreamClass(ctor, base, stateKey, open) {
  Object.setPrototypeOf(ctor.prototype, base.prototype);
  Object.setPrototypeOf(ctor, base);
  Object.defineProperty(ctor.prototype, 'autoClose', {
    get() { return this[stateKey].autoDestroy; },
    set(v) { this[stateKey].autoDestroy = v; },
  });
  Object.defineProperty(ctor.prototype, 'pending', {
    get() { return this.fd === null; }, configurable: true,
  });
  ctor.prototype._construct = construct;
  ctor.prototype.open = open;
  ctor.prototype._destroy = destroy;
}

// options.start: the file position of the first read or write.
function startAt(stream, options) {
  stream.start = options.start;
  stream.pos = undefined;
  stream[kIsPerformingIO] = false;
  if (stream.start !== undefined) {
    checkPos(stream.start, 'start');
    stream.pos = stream.start;
  }
}

// ---- ReadStream ----
function ReadStream(path, options) {
  if (!(this instanceof ReadStream)) return new ReadStream(path, options);
  options = copyOptions(options, {});
  if (options.highWaterMark === undefined) options.highWaterMark = 64 * 1024;
  setSource(this, path, options, 'r');
  options.autoDestroy = options.autoClose === undefined ? true : options.autoClose;
  checkFn(this[kFs].read, 'options.fs.read');
  if (options.autoDestroy) checkFn(this[kFs].close, 'options.fs.close');
  startAt(this, options);
  this.end = options.end === undefined ? Infinity : options.end;
  this.bytesRead = 0;
  if (this.end !== Infinity) {
    checkPos(this.end, 'end');
    if (this.start !== undefined && this.start > this.end) {
      throw outOfRange('start', `<= "end" (here: ${this.end})`, this.start);
    }
  }
  Reflect.apply(Readable, this, [options]);
}
fileStreamClass(ReadStream, Readable, '_readableState', openRead);
ReadStream.prototype._read = function (n) {
  n = this.pos !== undefined ? Math.min(this.end - this.pos + 1, n) : Math.min(this.end - this.bytesRead + 1, n);
  if (n <= 0) {
    this.push(null);
    return;
  }
  const buf = Buffer.allocUnsafeSlow(n);
  this[kIsPerformingIO] = true;
  this[kFs].read(this.fd, buf, 0, n, this.pos, (er, bytesRead, b) => {
    this[kIsPerformingIO] = false;
    if (this.destroyed) {
      // destroy() waits for this read to close the fd
      this.emit(kIoDone, er);
      return;
    }
    if (er) {
      S.errorOrDestroy(this, er);
    } else if (bytesRead > 0) {
      if (this.pos !== undefined) this.pos += bytesRead;
      this.bytesRead += bytesRead;
      let out = b || buf;
      if (bytesRead !== out.length) out = Buffer.from(out.subarray(0, bytesRead));
      this.push(out);
    } else {
      this.push(null);
    }
  });
};
ReadStream.prototype.close = close;

// ---- WriteStream ----
function WriteStream(path, options) {
  if (!(this instanceof WriteStream)) return new WriteStream(path, options);
  options = copyOptions(options, {});
  options.decodeStrings = true;
  setSource(this, path, options, 'w');
  options.autoDestroy = options.autoClose === undefined ? true : options.autoClose;
  const impl = this[kFs];
  if (!impl.write && !impl.writev) internal.throwInvalidArgType('options.fs.write', 'function', impl.write);
  if (impl.write) checkFn(impl.write, 'options.fs.write');
  if (impl.writev) checkFn(impl.writev, 'options.fs.writev');
  if (options.autoDestroy) checkFn(impl.close, 'options.fs.close');
  this.flush = options.flush;
  if (this.flush == null) {
    this.flush = false;
  } else {
    S.validateBoolean(this.flush, 'options.flush');
    checkFn(impl.fsync, 'options.fs.fsync');
  }
  if (!impl.write) this._write = null;
  if (!impl.writev) this._writev = null;
  startAt(this, options);
  this.bytesWritten = 0;
  Reflect.apply(Writable, this, [options]);
  if (options.encoding) this.setDefaultEncoding(options.encoding);
}
fileStreamClass(WriteStream, Writable, '_writableState', openWrite);
// Write all of `size` bytes through op(data, size, pos, done): a short
// write continues with the rest, EAGAIN retries (at most 5 times in a row
// without progress).
function writeFully(stream, what, op, data, size, pos, cb, retries = 0) {
  op(data, size, pos, (er, bytesWritten, rest) => {
    if (er && er.code === 'EAGAIN') {
      er = null;
      bytesWritten = 0;
    }
    if (stream.destroyed || er) return cb(er || S.errors.destroyed(what));
    stream.bytesWritten += bytesWritten;
    retries = bytesWritten ? 0 : retries + 1;
    size -= bytesWritten;
    pos += bytesWritten;
    if (retries > 5) cb(new Error(`${what} failed`));
    else if (size) writeFully(stream, what, op, rest(bytesWritten), size, pos, cb, retries);
    else cb();
  });
}
function writeOp(stream) {
  return (data, size, pos, done) => stream[kFs].write(stream.fd, data, 0, size, pos,
    (er, n, buffer) => done(er, n, (k) => (buffer || data).slice(k)));
}
function writevOp(stream) {
  // as Node, each writev goes to the stream's position, not the running one
  return (chunks, size, pos, done) => stream[kFs].writev(stream.fd, chunks, stream.pos,
    (er, n, buffers) => done(er, n, (k) => [Buffer.concat(buffers || chunks).slice(k)]));
}
function afterIo(stream, cb) {
  return (er) => {
    stream[kIsPerformingIO] = false;
    if (stream.destroyed) {
      cb(er);
      return stream.emit(kIoDone, er);
    }
    cb(er);
  };
}
WriteStream.prototype._write = function (data, encoding, cb) {
  this[kIsPerformingIO] = true;
  writeFully(this, 'write', writeOp(this), data, data.length, this.pos, afterIo(this, cb));
  if (this.pos !== undefined) this.pos += data.length;
};
WriteStream.prototype._writev = function (data, cb) {
  const chunks = data.map((d) => d.chunk);
  const size = chunks.reduce((n, c) => n + c.length, 0);
  this[kIsPerformingIO] = true;
  writeFully(this, 'writev', writevOp(this), chunks, size, this.pos, afterIo(this, cb));
  if (this.pos !== undefined) this.pos += size;
};
WriteStream.prototype.close = function (cb) {
  if (cb) {
    if (this.closed) {
      process.nextTick(cb);
      return;
    }
    this.on('close', cb);
  }
  // an unclosed fd would stay open after 'finish' without autoClose
  if (!this.autoClose) this.on('finish', this.destroy);
  this.end();
};
WriteStream.prototype.destroySoon = WriteStream.prototype.end;

internal.fsStreams = {
  ReadStream,
  WriteStream,
  // plain functions as Node's, so `new fs.createReadStream(...)` works too
  createReadStream: function createReadStream(path, options) { return new ReadStream(path, options); },
  createWriteStream: function createWriteStream(path, options) { return new WriteStream(path, options); },
};
