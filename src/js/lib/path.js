// path.js: Node's `path` module: path.posix and path.win32 (drive letters,
// UNC roots \\server\share, both separators), `path` itself being the POSIX
// one. Pure string work, giving Node 20's results for odd input (repeated
// separators, '..' above the root, trailing separators). Loaded on first
// require.
'use strict';

const SLASH = 47, BACKSLASH = 92, COLON = 58, DOT = 46;
const isPosixSep = (c) => c === SLASH;
const isWinSep = (c) => c === SLASH || c === BACKSLASH;
const isDriveLetter = (c) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
const hasDrive = (p) => p.length >= 2 && p.charCodeAt(1) === COLON && isDriveLetter(p.charCodeAt(0));

function checkString(value, name) {
  if (typeof value !== 'string') internal.throwInvalidArgType(name, 'string', value);
}

// Resolve '.' and '..' segments (either separator for win32); with
// allowAboveRoot, '..' that cannot be resolved are kept. No leading or
// trailing separator in the result.
function normalizeSegments(p, allowAboveRoot, sep, isSep) {
  const out = [];
  let segStart = 0;
  for (let i = 0; i <= p.length; i++) {
    if (i < p.length && !isSep(p.charCodeAt(i))) continue;
    const seg = p.slice(segStart, i);
    segStart = i + 1;
    if (seg === '' || seg === '.') continue;
    if (seg === '..') {
      if (out.length > 0 && out[out.length - 1] !== '..') out.pop();
      else if (allowAboveRoot) out.push('..');
    } else {
      out.push(seg);
    }
  }
  return out.join(sep);
}

// A UNC root at the start of p (two separators, a server name, separators,
// a share name): { server, shareStart, shareEnd }, or null.
function uncRoot(p) {
  const len = p.length;
  if (len < 2 || !isWinSep(p.charCodeAt(0)) || !isWinSep(p.charCodeAt(1))) return null;
  let j = 2;
  while (j < len && !isWinSep(p.charCodeAt(j))) j++;
  if (j >= len || j === 2) return null;
  const server = p.slice(2, j);
  while (j < len && isWinSep(p.charCodeAt(j))) j++;
  if (j >= len) return null;
  const shareStart = j;
  while (j < len && !isWinSep(p.charCodeAt(j))) j++;
  return { server, shareStart, shareEnd: j };
}

// The root of a win32 path: device ('C:' or '\\server\share', '' if none),
// rootEnd (where the rest starts) and whether it is absolute.
function winRoot(p) {
  const len = p.length;
  const c = p.charCodeAt(0);
  if (len === 1) return { device: '', rootEnd: isWinSep(c) ? 1 : 0, isAbsolute: isWinSep(c) };
  if (isWinSep(c)) {
    if (!isWinSep(p.charCodeAt(1))) return { device: '', rootEnd: 1, isAbsolute: true };
    const unc = uncRoot(p);
    if (!unc) return { device: '', rootEnd: 0, isAbsolute: true };
    return {
      device: `\\\\${unc.server}\\${p.slice(unc.shareStart, unc.shareEnd)}`,
      rootEnd: unc.shareEnd, isAbsolute: true, uncOnly: unc.shareEnd === len,
    };
  }
  if (hasDrive(p)) {
    const abs = len > 2 && isWinSep(p.charCodeAt(2));
    return { device: p.slice(0, 2), rootEnd: abs ? 3 : 2, isAbsolute: abs };
  }
  return { device: '', rootEnd: 0, isAbsolute: false };
}

// basename scan shared by both flavours (start skips a drive letter)
function basenameOf(p, suffix, isSep, start) {
  let end = -1;
  let matchedSlash = true;
  if (suffix !== undefined && suffix.length > 0 && suffix.length <= p.length) {
    if (suffix === p) return '';
    let extIdx = suffix.length - 1;
    let firstNonSlashEnd = -1;
    for (let i = p.length - 1; i >= start; --i) {
      const code = p.charCodeAt(i);
      if (isSep(code)) {
        if (!matchedSlash) {
          start = i + 1;
          break;
        }
      } else {
        if (firstNonSlashEnd === -1) {
          matchedSlash = false;
          firstNonSlashEnd = i + 1;
        }
        if (extIdx >= 0) {
          // match the suffix backwards; on a mismatch keep the whole name
          if (code === suffix.charCodeAt(extIdx)) {
            if (--extIdx === -1) end = i;
          } else {
            extIdx = -1;
            end = firstNonSlashEnd;
          }
        }
      }
    }
    if (start === end) end = firstNonSlashEnd;
    else if (end === -1) end = p.length;
    return p.slice(start, end);
  }
  for (let i = p.length - 1; i >= start; --i) {
    if (isSep(p.charCodeAt(i))) {
      if (!matchedSlash) {
        start = i + 1;
        break;
      }
    } else if (end === -1) {
      matchedSlash = false;
      end = i + 1;
    }
  }
  return end === -1 ? '' : p.slice(start, end);
}

// The last name of p from `from` on: { startPart, startDot, end, noExt }
// (startPart stays at its initial value when no separator is found).
// A name with no dot, or only leading dots ('.', '..', '.profile'), has no
// extension.
function lastName(p, from, isSep, startPart = from) {
  let startDot = -1, end = -1;
  let matchedSlash = true;
  let preDotState = 0; // 0: no dot seen yet, 1: a dot before the ext dot, -1: a non-dot char
  for (let i = p.length - 1; i >= from; --i) {
    const code = p.charCodeAt(i);
    if (isSep(code)) {
      if (!matchedSlash) {
        startPart = i + 1;
        break;
      }
      continue;
    }
    if (end === -1) {
      matchedSlash = false;
      end = i + 1;
    }
    if (code === DOT) {
      if (startDot === -1) startDot = i;
      else if (preDotState !== 1) preDotState = 1;
    } else if (startDot !== -1) {
      preDotState = -1;
    }
  }
  const noExt = startDot === -1 || end === -1 || preDotState === 0 ||
    (preDotState === 1 && startDot === end - 1 && startDot === startPart + 1);
  return { startPart, startDot, end, noExt };
}

function format(sep, pathObject) {
  if (pathObject === null || typeof pathObject !== 'object') {
    internal.throwInvalidArgType('pathObject', 'Object', pathObject);
  }
  const dir = pathObject.dir || pathObject.root;
  const ext = pathObject.ext ? `${pathObject.ext[0] === '.' ? '' : '.'}${pathObject.ext}` : '';
  const base = pathObject.base || `${pathObject.name || ''}${ext}`;
  if (!dir) return base;
  return dir === pathObject.root ? `${dir}${base}` : `${dir}${sep}${base}`;
}

// ---- path.posix ----
const posix = {
  resolve(...args) {
    let resolved = '';
    let absolute = false;
    for (let i = args.length - 1; i >= -1 && !absolute; i--) {
      const p = i >= 0 ? args[i] : process.cwd();
      if (i >= 0) checkString(p, `paths[${i}]`);
      if (p.length === 0) continue;
      resolved = `${p}/${resolved}`;
      absolute = p.charCodeAt(0) === SLASH;
    }
    resolved = normalizeSegments(resolved, !absolute, '/', isPosixSep);
    if (absolute) return `/${resolved}`;
    return resolved.length > 0 ? resolved : '.';
  },
  normalize(p) {
    checkString(p, 'path');
    if (p.length === 0) return '.';
    const absolute = p.charCodeAt(0) === SLASH;
    const trailing = p.charCodeAt(p.length - 1) === SLASH;
    let out = normalizeSegments(p, !absolute, '/', isPosixSep);
    if (out.length === 0) {
      if (absolute) return '/';
      return trailing ? './' : '.';
    }
    if (trailing) out += '/';
    return absolute ? `/${out}` : out;
  },
  isAbsolute(p) {
    checkString(p, 'path');
    return p.length > 0 && p.charCodeAt(0) === SLASH;
  },
  join(...args) {
    if (args.length === 0) return '.';
    let joined;
    for (const a of args) {
      checkString(a, 'path');
      if (a.length > 0) joined = joined === undefined ? a : `${joined}/${a}`;
    }
    return joined === undefined ? '.' : posix.normalize(joined);
  },
  relative(from, to) {
    checkString(from, 'from');
    checkString(to, 'to');
    if (from === to) return '';
    from = posix.resolve(from);
    to = posix.resolve(to);
    if (from === to) return '';
    const f = from === '/' ? [] : from.slice(1).split('/');
    const t = to === '/' ? [] : to.slice(1).split('/');
    let i = 0;
    while (i < f.length && i < t.length && f[i] === t[i]) i++;
    const up = f.slice(i).map(() => '..');
    return [...up, ...t.slice(i)].join('/');
  },
  toNamespacedPath(p) { return p; },
  dirname(p) {
    checkString(p, 'path');
    if (p.length === 0) return '.';
    const hasRoot = p.charCodeAt(0) === SLASH;
    let end = -1;
    let matchedSlash = true;
    for (let i = p.length - 1; i >= 1; --i) {
      if (p.charCodeAt(i) === SLASH) {
        if (!matchedSlash) {
          end = i;
          break;
        }
      } else {
        matchedSlash = false;
      }
    }
    if (end === -1) return hasRoot ? '/' : '.';
    if (hasRoot && end === 1) return '//';
    return p.slice(0, end);
  },
  basename(p, suffix) {
    if (suffix !== undefined) checkString(suffix, 'suffix');
    checkString(p, 'path');
    return basenameOf(p, suffix, isPosixSep, 0);
  },
  extname(p) {
    checkString(p, 'path');
    const n = lastName(p, 0, isPosixSep);
    return n.noExt ? '' : p.slice(n.startDot, n.end);
  },
  format: (pathObject) => format('/', pathObject),
  parse(p) {
    checkString(p, 'path');
    const ret = { root: '', dir: '', base: '', ext: '', name: '' };
    if (p.length === 0) return ret;
    const absolute = p.charCodeAt(0) === SLASH;
    if (absolute) ret.root = '/';
    const n = lastName(p, absolute ? 1 : 0, isPosixSep, 0);
    if (n.end !== -1) {
      const start = n.startPart === 0 && absolute ? 1 : n.startPart;
      if (n.noExt) {
        ret.base = ret.name = p.slice(start, n.end);
      } else {
        ret.name = p.slice(start, n.startDot);
        ret.base = p.slice(start, n.end);
        ret.ext = p.slice(n.startDot, n.end);
      }
    }
    if (n.startPart > 0) ret.dir = p.slice(0, n.startPart - 1);
    else if (absolute) ret.dir = '/';
    return ret;
  },
  matchesGlob(p, pattern) { return matchesGlob(p, pattern, false); },
  sep: '/',
  delimiter: ':',
  win32: null,
  posix: null,
};

// ---- path.win32 ----
const win32 = {
  resolve(...args) {
    let device = '', tail = '', absolute = false;
    for (let i = args.length - 1; i >= -1; i--) {
      let p;
      if (i >= 0) {
        p = args[i];
        checkString(p, `paths[${i}]`);
        if (p.length === 0) continue;
      } else if (device.length === 0) {
        p = process.cwd();
      } else {
        // the drive's own cwd (Windows keeps one per drive in =C: variables)
        p = process.env[`=${device}`] || process.cwd();
        if (p === undefined ||
            (p.slice(0, 2).toLowerCase() !== device.toLowerCase() && p.charCodeAt(2) === BACKSLASH)) {
          p = `${device}\\`;
        }
      }
      const root = winRoot(p);
      if (root.device.length > 0) {
        if (device.length > 0) {
          if (root.device.toLowerCase() !== device.toLowerCase()) continue; // another drive
        } else {
          device = root.device;
        }
      }
      if (absolute) {
        if (device.length > 0) break;
      } else {
        tail = `${p.slice(root.rootEnd)}\\${tail}`;
        absolute = root.isAbsolute;
        if (absolute && device.length > 0) break;
      }
    }
    tail = normalizeSegments(tail, !absolute, '\\', isWinSep);
    return absolute ? `${device}\\${tail}` : `${device}${tail}` || '.';
  },
  normalize(p) {
    checkString(p, 'path');
    const len = p.length;
    if (len === 0) return '.';
    if (len === 1) return isPosixSep(p.charCodeAt(0)) ? '\\' : p;
    const root = winRoot(p);
    if (root.uncOnly) return `${root.device}\\`;
    const hasDevice = root.device.length > 0;
    let tail = root.rootEnd < len ? normalizeSegments(p.slice(root.rootEnd), !root.isAbsolute, '\\', isWinSep) : '';
    if (tail.length === 0 && !root.isAbsolute) tail = '.';
    if (tail.length > 0 && isWinSep(p.charCodeAt(len - 1))) tail += '\\';
    if (!root.isAbsolute && !hasDevice && p.includes(':')) {
      // a relative result must not read as a drive path (CVE-2024-36139)
      if (hasDrive(tail)) return `.\\${tail}`;
      for (let i = p.indexOf(':'); i !== -1; i = p.indexOf(':', i + 1)) {
        if (i === len - 1 || isWinSep(p.charCodeAt(i + 1))) return `.\\${tail}`;
      }
    }
    if (!hasDevice) return root.isAbsolute ? `\\${tail}` : tail;
    return root.isAbsolute ? `${root.device}\\${tail}` : `${root.device}${tail}`;
  },
  isAbsolute(p) {
    checkString(p, 'path');
    if (p.length === 0) return false;
    return isWinSep(p.charCodeAt(0)) || (p.length > 2 && hasDrive(p) && isWinSep(p.charCodeAt(2)));
  },
  join(...args) {
    if (args.length === 0) return '.';
    let joined, firstPart;
    for (const a of args) {
      checkString(a, 'path');
      if (a.length > 0) {
        if (joined === undefined) joined = firstPart = a;
        else joined += `\\${a}`;
      }
    }
    if (joined === undefined) return '.';
    // Keep a UNC root only when the first part starts with one: other
    // leading runs of separators collapse to one.
    let needsReplace = true;
    let slashCount = 0;
    if (isWinSep(firstPart.charCodeAt(0))) {
      ++slashCount;
      if (firstPart.length > 1 && isWinSep(firstPart.charCodeAt(1))) {
        ++slashCount;
        if (firstPart.length > 2) {
          if (isWinSep(firstPart.charCodeAt(2))) ++slashCount;
          else needsReplace = false;
        }
      }
    }
    if (needsReplace) {
      while (slashCount < joined.length && isWinSep(joined.charCodeAt(slashCount))) slashCount++;
      if (slashCount >= 2) joined = `\\${joined.slice(slashCount)}`;
    }
    return win32.normalize(joined);
  },
  relative(from, to) {
    checkString(from, 'from');
    checkString(to, 'to');
    if (from === to) return '';
    const fromOrig = win32.resolve(from);
    const toOrig = win32.resolve(to);
    if (fromOrig === toOrig) return '';
    from = fromOrig.toLowerCase();
    to = toOrig.toLowerCase();
    if (from === to) return '';
    if (fromOrig.length !== from.length || toOrig.length !== to.length) {
      // lower-casing changed the length: compare segment by segment
      const f = fromOrig.split('\\'), t = toOrig.split('\\');
      if (f[f.length - 1] === '') f.pop();
      if (t[t.length - 1] === '') t.pop();
      const length = Math.min(f.length, t.length);
      let i = 0;
      while (i < length && f[i].toLowerCase() === t[i].toLowerCase()) i++;
      if (i === 0) return toOrig;
      if (i === length) {
        if (t.length > length) return t.slice(i).join('\\');
        if (f.length > length) return `${'..\\'.repeat(f.length - 1 - i)}..`;
        return '';
      }
      return `${'..\\'.repeat(f.length - i)}${t.slice(i).join('\\')}`;
    }
    let fromStart = 0;
    while (fromStart < from.length && from.charCodeAt(fromStart) === BACKSLASH) fromStart++;
    let fromEnd = from.length;
    while (fromEnd - 1 > fromStart && from.charCodeAt(fromEnd - 1) === BACKSLASH) fromEnd--;
    const fromLen = fromEnd - fromStart;
    let toStart = 0;
    while (toStart < to.length && to.charCodeAt(toStart) === BACKSLASH) toStart++;
    let toEnd = to.length;
    while (toEnd - 1 > toStart && to.charCodeAt(toEnd - 1) === BACKSLASH) toEnd--;
    const toLen = toEnd - toStart;
    const length = Math.min(fromLen, toLen);
    let lastCommonSep = -1;
    let i = 0;
    for (; i < length; i++) {
      const c = from.charCodeAt(fromStart + i);
      if (c !== to.charCodeAt(toStart + i)) break;
      if (c === BACKSLASH) lastCommonSep = i;
    }
    if (i !== length) {
      if (lastCommonSep === -1) return toOrig; // different drives or roots
    } else {
      if (toLen > length) {
        if (to.charCodeAt(toStart + i) === BACKSLASH) return toOrig.slice(toStart + i + 1);
        if (i === 2) return toOrig.slice(toStart + i); // from is a drive root ('C:\')
      }
      if (fromLen > length) {
        if (from.charCodeAt(fromStart + i) === BACKSLASH) lastCommonSep = i;
        else if (i === 2) lastCommonSep = 3;
      }
      if (lastCommonSep === -1) lastCommonSep = 0;
    }
    let out = '';
    for (i = fromStart + lastCommonSep + 1; i <= fromEnd; ++i) {
      if (i === fromEnd || from.charCodeAt(i) === BACKSLASH) out += out.length === 0 ? '..' : '\\..';
    }
    toStart += lastCommonSep;
    if (out.length > 0) return `${out}${toOrig.slice(toStart, toEnd)}`;
    if (toOrig.charCodeAt(toStart) === BACKSLASH) ++toStart;
    return toOrig.slice(toStart, toEnd);
  },
  toNamespacedPath(p) {
    if (typeof p !== 'string' || p.length === 0) return p;
    const resolved = win32.resolve(p);
    if (resolved.length <= 2) return p;
    if (resolved.charCodeAt(0) === BACKSLASH) {
      if (resolved.charCodeAt(1) === BACKSLASH) {
        const c = resolved.charCodeAt(2);
        if (c !== 63 /* ? */ && c !== DOT) return `\\\\?\\UNC\\${resolved.slice(2)}`;
      }
    } else if (hasDrive(resolved) && resolved.charCodeAt(2) === BACKSLASH) {
      return `\\\\?\\${resolved}`;
    }
    return resolved;
  },
  dirname(p) {
    checkString(p, 'path');
    const len = p.length;
    if (len === 0) return '.';
    if (len === 1) return isWinSep(p.charCodeAt(0)) ? p : '.';
    let rootEnd = -1, offset = 0;
    if (isWinSep(p.charCodeAt(0))) {
      rootEnd = offset = 1;
      const unc = isWinSep(p.charCodeAt(1)) ? uncRoot(p) : null;
      if (unc) {
        if (unc.shareEnd === len) return p; // only a UNC root
        rootEnd = offset = unc.shareEnd + 1;
      }
    } else if (hasDrive(p)) {
      rootEnd = offset = len > 2 && isWinSep(p.charCodeAt(2)) ? 3 : 2;
    }
    let end = -1;
    let matchedSlash = true;
    for (let i = len - 1; i >= offset; --i) {
      if (isWinSep(p.charCodeAt(i))) {
        if (!matchedSlash) {
          end = i;
          break;
        }
      } else {
        matchedSlash = false;
      }
    }
    if (end === -1) {
      if (rootEnd === -1) return '.';
      end = rootEnd;
    }
    return p.slice(0, end);
  },
  basename(p, suffix) {
    if (suffix !== undefined) checkString(suffix, 'suffix');
    checkString(p, 'path');
    return basenameOf(p, suffix, isWinSep, hasDrive(p) ? 2 : 0);
  },
  extname(p) {
    checkString(p, 'path');
    const n = lastName(p, hasDrive(p) ? 2 : 0, isWinSep);
    return n.noExt ? '' : p.slice(n.startDot, n.end);
  },
  format: (pathObject) => format('\\', pathObject),
  parse(p) {
    checkString(p, 'path');
    const ret = { root: '', dir: '', base: '', ext: '', name: '' };
    const len = p.length;
    if (len === 0) return ret;
    let rootEnd = 0;
    const c = p.charCodeAt(0);
    if (len === 1) {
      if (isWinSep(c)) ret.root = ret.dir = p;
      else ret.base = ret.name = p;
      return ret;
    }
    if (isWinSep(c)) {
      rootEnd = 1;
      const unc = isWinSep(p.charCodeAt(1)) ? uncRoot(p) : null;
      if (unc) rootEnd = unc.shareEnd === len ? len : unc.shareEnd + 1;
    } else if (hasDrive(p)) {
      if (len <= 2 || (len === 3 && isWinSep(p.charCodeAt(2)))) {
        ret.root = ret.dir = p;
        return ret;
      }
      rootEnd = isWinSep(p.charCodeAt(2)) ? 3 : 2;
    }
    if (rootEnd > 0) ret.root = p.slice(0, rootEnd);
    const n = lastName(p, rootEnd, isWinSep);
    if (n.end !== -1) {
      if (n.noExt) {
        ret.base = ret.name = p.slice(n.startPart, n.end);
      } else {
        ret.name = p.slice(n.startPart, n.startDot);
        ret.base = p.slice(n.startPart, n.end);
        ret.ext = p.slice(n.startDot, n.end);
      }
    }
    ret.dir = n.startPart > 0 && n.startPart !== rootEnd ? p.slice(0, n.startPart - 1) : ret.root;
    return ret;
  },
  matchesGlob(p, pattern) { return matchesGlob(p, pattern, true); },
  sep: '\\',
  delimiter: ';',
  win32: null,
  posix: null,
};

// path.matchesGlob: '*' (not across a separator), '**' (any number of
// segments), '?', [classes] and {a,b} alternatives, as minimatch matches a
// path with Node's options.
function matchesGlob(p, pattern, windows) {
  checkString(p, 'path');
  checkString(pattern, 'pattern');
  if (!internal.globWarned) {
    internal.globWarned = true;
    process.emitWarning('glob is an experimental feature and might change at any time', 'ExperimentalWarning');
  }
  const split = (s) => s.split(windows ? /[\\/]+/ : /\/+/);
  return expandBraces(pattern).some((pat) => matchSegments(split(p), 0, split(pat), 0));
}
function expandBraces(pattern) {
  const m = /\{([^{}]*)\}/.exec(pattern);
  if (!m || !m[1].includes(',')) return [pattern];
  const out = [];
  for (const alt of m[1].split(',')) {
    out.push(...expandBraces(pattern.slice(0, m.index) + alt + pattern.slice(m.index + m[0].length)));
  }
  return out;
}
function segmentRegExp(seg) {
  let re = '';
  for (let i = 0; i < seg.length; i++) {
    const ch = seg[i];
    if (ch === '*') re += '[^/]*';
    else if (ch === '?') re += '[^/]';
    else if (ch === '[') {
      const close = seg.indexOf(']', i + 2);
      if (close < 0) { re += '\\['; continue; }
      let body = seg.slice(i + 1, close);
      if (body[0] === '!') body = `^${body.slice(1)}`;
      re += `[${body.replace(/\\/g, '\\\\')}]`;
      i = close;
    } else re += ch.replace(/[.+^${}()|\\]/g, '\\$&');
  }
  // a leading '.' is only matched by a pattern that starts with one
  return new RegExp(`^${seg[0] === '.' ? '' : '(?!\\.)'}${re}$`);
}
function matchSegments(parts, i, pats, j) {
  for (; j < pats.length; j++, i++) {
    if (pats[j] === '**') {
      for (let k = i; k <= parts.length; k++) {
        if (k > i && parts[k - 1].startsWith('.')) break;
        if (matchSegments(parts, k, pats, j + 1)) return true;
      }
      return false;
    }
    if (i >= parts.length) return false;
    if (pats[j] !== parts[i] && !segmentRegExp(pats[j]).test(parts[i])) return false;
  }
  return i === parts.length;
}

posix.win32 = win32.win32 = win32;
posix.posix = win32.posix = posix;
internal.pathModule = posix;
