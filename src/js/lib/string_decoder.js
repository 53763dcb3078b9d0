// string_decoder.js: Node's `string_decoder` module. A decoder keeps the
// bytes of a character cut at a chunk's end (utf8, utf16le, base64) and
// prepends them to the next chunk, with the same chunk-boundary rules as
// Node 20's native decoder (src/string_decoder.cc), so the replacement
// characters come out where Node's do. Decoding itself is natives.buffer.
'use strict';

const B = natives.buffer;
const { FastBuffer, normalizeEncoding, encodingId, ids } = (() => {
  if (!internal.buffer) natives.loadLib('buffer');
  return internal.buffer;
})();
const kState = Symbol('kNativeDecoder');

function StringDecoder(encoding) {
  const enc = normalizeEncoding(encoding);
  if (enc === undefined) {
    throw internal.makeNodeError(TypeError, 'ERR_UNKNOWN_ENCODING', `Unknown encoding: ${encoding}`);
  }
  this.encoding = enc;
  // buf: the incomplete character (4 bytes, as Node's lastChar); missing /
  // buffered: bytes still needed / already held
  this[kState] = { id: encodingId(enc), buf: new FastBuffer(4), missing: 0, buffered: 0 };
}

function state(self) {
  const s = self != null ? self[kState] : undefined;
  if (s === undefined) {
    throw internal.makeNodeError(TypeError, 'ERR_INVALID_THIS', 'Value of "this" must be of type StringDecoder');
  }
  return s;
}

function make(s, bytes, start, end) {
  return B.decode(bytes, start, end, s.id);
}

function decodeChunk(s, data) {
  const { UTF8, UTF16LE, BASE64, BASE64URL } = ids;
  const id = s.id;
  if (id !== UTF8 && id !== UTF16LE && id !== BASE64 && id !== BASE64URL) return make(s, data, 0, data.length);
  let start = 0, end = data.length;
  let prepend = '';
  if (s.missing > 0) {
    if (id === UTF8) {
      // a byte that is not a continuation ends the held character early
      for (let i = 0; i < end && i < s.missing; i++) {
        if ((data[i] & 0xc0) !== 0x80) {
          s.missing = 0;
          s.buf.set(data.subarray(0, i), s.buffered);
          s.buffered += i;
          start = i;
          break;
        }
      }
    }
    const found = Math.min(end - start, s.missing);
    s.buf.set(data.subarray(start, start + found), s.buffered);
    start += found;
    s.missing -= found;
    s.buffered += found;
    if (s.missing === 0) {
      prepend = make(s, s.buf, 0, s.buffered);
      s.buffered = 0;
    }
  }
  if (start === end) return prepend;
  const n = end - start;
  if (id === UTF8 && data[end - 1] & 0x80) {
    // find where the last character starts and whether it is complete
    for (let i = end - 1; ; --i) {
      s.buffered++;
      if ((data[i] & 0xc0) === 0x80) {
        if (s.buffered >= 4 || i === start) {
          s.buffered = 0;
          break;
        }
      } else {
        if ((data[i] & 0xe0) === 0xc0) s.missing = 2;
        else if ((data[i] & 0xf0) === 0xe0) s.missing = 3;
        else if ((data[i] & 0xf8) === 0xf0) s.missing = 4;
        else {
          s.buffered = 0;
          break;
        }
        if (s.buffered >= s.missing) {
          s.missing = 0;
          s.buffered = 0;
        }
        s.missing -= s.buffered;
        break;
      }
    }
  } else if (id === UTF16LE) {
    if (n % 2 === 1) {
      s.buffered = 1;
      s.missing = 1;
    } else if ((data[end - 1] & 0xfc) === 0xd8) {
      s.buffered = 2;
      s.missing = 2;
    }
  } else if (id === BASE64 || id === BASE64URL) {
    s.buffered = n % 3;
    if (s.buffered > 0) s.missing = 3 - s.buffered;
  }
  if (s.buffered > 0) {
    end -= s.buffered;
    s.buf.set(data.subarray(end, end + s.buffered), 0);
  }
  return prepend + (end > start ? make(s, data, start, end) : '');
}

function toBytes(buf) {
  if (buf instanceof Uint8Array) return buf;
  return new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
}

StringDecoder.prototype.write = function write(buf) {
  if (typeof buf === 'string') return buf;
  if (!ArrayBuffer.isView(buf)) internal.throwInvalidArgType('buf', ['Buffer', 'TypedArray', 'DataView'], buf);
  return decodeChunk(state(this), toBytes(buf));
};
StringDecoder.prototype.end = function end(buf) {
  const s = state(this);
  let ret = '';
  if (buf !== undefined) ret = this.write(buf);
  if (s.buffered > 0) {
    if (s.id === ids.UTF16LE && s.buffered % 2 === 1) {
      s.missing--;
      s.buffered--;
    }
    if (s.buffered > 0) ret += make(s, s.buf, 0, s.buffered);
    s.missing = 0;
    s.buffered = 0;
  }
  return ret;
};
StringDecoder.prototype.text = function text(buf, offset) {
  const s = state(this);
  s.missing = 0;
  s.buffered = 0;
  return this.write(buf.slice(offset));
};
Object.defineProperties(StringDecoder.prototype, {
  lastChar: { configurable: true, enumerable: true, get() { return state(this).buf; } },
  lastNeed: { configurable: true, enumerable: true, get() { return state(this).missing; } },
  lastTotal: {
    configurable: true, enumerable: true,
    get() { const s = state(this); return s.buffered + s.missing; },
  },
});

internal.stringDecoderModule = { StringDecoder };
