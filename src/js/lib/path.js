// path.js: Node's `path` module, POSIX flavour (path.posix; path.win32 is
// not provided). Loaded on first require. Pure string work, as Node's.
'use strict';

function checkString(value, name) {
  if (typeof value !== 'string') internal.throwInvalidArgType(name, 'string', value);
}

// Resolve '.' and '..' segments; with allowAboveRoot, leading '..' are kept.
function normalizeSegments(p, allowAboveRoot) {
  const out = [];
  for (const seg of p.split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..') {
      if (out.length > 0 && out[out.length - 1] !== '..') out.pop();
      else if (allowAboveRoot) out.push('..');
    } else {
      out.push(seg);
    }
  }
  return out.join('/');
}

function resolve(...args) {
  let resolved = '';
  let absolute = false;
  for (let i = args.length - 1; i >= -1 && !absolute; i--) {
    const p = i >= 0 ? args[i] : process.cwd();
    checkString(p, `paths[${i}]`);
    if (p.length === 0) continue;
    resolved = `${p}/${resolved}`;
    absolute = p[0] === '/';
  }
  resolved = normalizeSegments(resolved, !absolute);
  if (absolute) return `/${resolved}`;
  return resolved.length > 0 ? resolved : '.';
}

function normalize(p) {
  checkString(p, 'path');
  if (p.length === 0) return '.';
  const absolute = p[0] === '/';
  const trailing = p[p.length - 1] === '/';
  let out = normalizeSegments(p, !absolute);
  if (out.length === 0) {
    if (absolute) return '/';
    return trailing ? './' : '.';
  }
  if (trailing) out += '/';
  return absolute ? `/${out}` : out;
}

function isAbsolute(p) {
  checkString(p, 'path');
  return p.length > 0 && p[0] === '/';
}

function join(...args) {
  if (args.length === 0) return '.';
  const parts = [];
  for (const a of args) {
    checkString(a, 'path');
    if (a.length > 0) parts.push(a);
  }
  return parts.length === 0 ? '.' : normalize(parts.join('/'));
}

function relative(from, to) {
  checkString(from, 'from');
  checkString(to, 'to');
  if (from === to) return '';
  from = resolve(from);
  to = resolve(to);
  if (from === to) return '';
  const f = from === '/' ? [] : from.slice(1).split('/');
  const t = to === '/' ? [] : to.slice(1).split('/');
  let i = 0;
  while (i < f.length && i < t.length && f[i] === t[i]) i++;
  return [...f.slice(i).map(() => '..'), ...t.slice(i)].join('/');
}

function dirname(p) {
  checkString(p, 'path');
  if (p.length === 0) return '.';
  const absolute = p[0] === '/';
  let end = -1;
  let matchedSlash = true;
  for (let i = p.length - 1; i >= 1; --i) {
    if (p[i] === '/') {
      if (!matchedSlash) {
        end = i;
        break;
      }
    } else {
      matchedSlash = false;
    }
  }
  if (end === -1) return absolute ? '/' : '.';
  if (absolute && end === 1) return '//';
  return p.slice(0, end);
}

function basename(p, suffix) {
  if (suffix !== undefined) checkString(suffix, 'ext');
  checkString(p, 'path');
  let end = p.length;
  while (end > 0 && p[end - 1] === '/') end--;
  if (end === 0) return '';
  const start = p.lastIndexOf('/', end - 1) + 1;
  let base = p.slice(start, end);
  if (suffix !== undefined && suffix.length > 0) {
    if (p === suffix) return '';
    if (base !== suffix && base.endsWith(suffix)) base = base.slice(0, base.length - suffix.length);
  }
  return base;
}

function extname(p) {
  checkString(p, 'path');
  const base = basename(p);
  const dot = base.lastIndexOf('.');
  if (dot <= 0 || (dot === 1 && base === '..')) return '';
  return base.slice(dot);
}

function format(obj) {
  if (obj === null || typeof obj !== 'object') internal.throwInvalidArgType('pathObject', 'object', obj);
  const dir = obj.dir || obj.root;
  const base = obj.base || `${obj.name || ''}${obj.ext ? (obj.ext[0] === '.' ? '' : '.') + obj.ext : ''}`;
  if (!dir) return base;
  return dir === obj.root ? `${dir}${base}` : `${dir}/${base}`;
}

function parse(p) {
  checkString(p, 'path');
  const ret = { root: '', dir: '', base: '', ext: '', name: '' };
  if (p.length === 0) return ret;
  if (p[0] === '/') ret.root = '/';
  let end = p.length;
  while (end > 1 && p[end - 1] === '/') end--;
  const trimmed = p.slice(0, end);
  if (trimmed === '/') {
    ret.dir = '/';
    return ret;
  }
  ret.base = basename(trimmed);
  ret.ext = extname(ret.base);
  ret.name = ret.ext ? ret.base.slice(0, ret.base.length - ret.ext.length) : ret.base;
  const slash = trimmed.lastIndexOf('/');
  if (slash > 0) ret.dir = trimmed.slice(0, slash);
  else if (slash === 0) ret.dir = '/';
  return ret;
}

function toNamespacedPath(p) {
  return p;
}

function matchesGlob() {
  throw internal.makeNodeError(Error, 'ERR_METHOD_NOT_IMPLEMENTED', 'The matchesGlob() method is not implemented');
}

const posix = {
  resolve, normalize, isAbsolute, join, relative, toNamespacedPath, dirname, basename, extname,
  format, parse, matchesGlob, sep: '/', delimiter: ':', win32: null, posix: null,
};
posix.posix = posix;
internal.pathModule = posix;
