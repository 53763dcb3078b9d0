// fs_watch_recursive.js: fs.watch(dir, { recursive: true }) on Linux, where
// libuv's inotify watches one directory. One native handle per directory of
// the tree (symbolic links are reported, never followed); a 'rename' naming
// a new directory starts a handle on it and reports what it already holds
// (made before the handle existed); a vanished directory's handles close.
// Filenames are relative to the watched root. Loaded on first such watch.
'use strict';

const fs = internal.fsModule;
const b = natives.binding('fs');
const { FSWatcher, watchInit, watchScope, watchDestroy, encodeName } = internal.fsWatchInternals;
if (!internal.pathModule) natives.loadLib('path');
const { join, relative, basename } = internal.pathModule;
const process = internal.process;

// the handle of one directory: its events go to the tree's watcher
class DirWatch {
  constructor(tree, dir) {
    this.tree = tree;
    this.dir = dir;
    this.handle = null;
  }
  onchange(status, eventType, name) {
    watchScope(this.handle, () => this.tree._onDirEvent(this, status, eventType, name));
  }
}

class RecursiveFSWatcher extends FSWatcher {
  constructor() {
    super();
    this._root = undefined;
    this._persistent = true;
    this._dirs = new Map(); // absolute directory -> DirWatch
    this._known = new Set(); // absolute paths seen in the tree
    this._closed = false;
  }
  _start(filename, persistent, encoding) {
    const root = internal.path.resolve(natives.cwd(), filename);
    let st;
    try {
      st = fs.statSync(root);
    } catch (err) {
      const e = b.uvError(err.errno, 'watch', filename);
      e.filename = filename;
      throw e;
    }
    if (!st.isDirectory()) { // a file: what a plain watcher reports
      super._start(filename, persistent, encoding);
      return;
    }
    this._encoding = encoding;
    this._filename = filename;
    this._root = root;
    this._persistent = persistent;
    try {
      this._addDir(root, true);
    } catch (err) {
      err.filename = filename;
      throw err;
    }
    this._scan(root, false);
  }
  // a handle on dir; false when it vanished meanwhile
  _addDir(dir, isRoot) {
    if (this._dirs.has(dir)) return true;
    const w = new DirWatch(this, dir);
    try {
      w.handle = b.watchStart(w, dir, this._persistent);
    } catch (err) {
      if (isRoot) throw err;
      if (err.code === 'ENOENT' || err.code === 'ENOTDIR') return false;
      this.emit('error', err);
      return false;
    }
    watchInit(w.handle, 'FSEVENTWRAP');
    this._dirs.set(dir, w);
    return true;
  }
  // records dir's entries, descending into directories; with report, each
  // entry not seen before is a 'rename' (it appeared before dir's handle)
  _scan(dir, report) {
    let entries;
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return; // gone again, or unreadable: its parent reports what happens
    }
    for (const entry of entries) {
      if (this._closed) return;
      const path = join(dir, entry.name);
      if (this._known.has(path)) continue;
      this._known.add(path);
      if (report) this._emitChange('rename', path);
      if (!this._closed && entry.isDirectory() && this._addDir(path, false)) this._scan(path, report);
    }
  }
  _forget(path) {
    const prefix = path + '/';
    for (const p of this._known) if (p === path || p.startsWith(prefix)) this._known.delete(p);
    for (const [dir, w] of this._dirs) {
      if (dir === path || dir.startsWith(prefix)) {
        this._closeDir(w);
        this._dirs.delete(dir);
      }
    }
  }
  _closeDir(w) {
    if (w.handle === null) return;
    b.watchClose(w.handle);
    watchDestroy(w.handle);
    w.handle = null;
  }
  _emitChange(eventType, path) {
    this.emit('change', eventType, encodeName(relative(this._root, path), this._encoding));
  }
  _onDirEvent(w, status, eventType, name) {
    if (this._closed || w.handle === null) return;
    if (status < 0) {
      if (w.dir !== this._root) return; // its parent reports its removal
      const err = b.uvError(status, 'watch', this._filename);
      err.filename = this._filename;
      this.close();
      this.emit('error', err);
      return;
    }
    if (name === null) return;
    const path = join(w.dir, name);
    let st = null;
    try {
      st = fs.lstatSync(path);
    } catch {}
    // inotify names a directory's own removal, move or attribute change by
    // the directory's base name: its parent's handle reports those
    if (w.dir !== this._root && name === basename(w.dir) &&
        (!fs.existsSync(w.dir) || (eventType === 'change' && st === null))) return;
    if (st === null) {
      this._forget(path);
    } else if (!this._known.has(path)) {
      this._known.add(path);
    }
    this._emitChange(eventType, path);
    if (!this._closed && st !== null && st.isDirectory() && !this._dirs.has(path) && this._addDir(path, false)) {
      this._scan(path, true);
    }
  }
  close() {
    if (this._root === undefined) return super.close();
    if (this._closed) return;
    this._closed = true;
    for (const w of this._dirs.values()) this._closeDir(w);
    this._dirs.clear();
    this._known.clear();
    process.nextTick(() => this.emit('close'));
  }
  ref() {
    if (this._root === undefined) return super.ref();
    for (const w of this._dirs.values()) if (w.handle) b.watchRef(w.handle, true);
    this._persistent = true;
    return this;
  }
  unref() {
    if (this._root === undefined) return super.unref();
    for (const w of this._dirs.values()) if (w.handle) b.watchRef(w.handle, false);
    this._persistent = false;
    return this;
  }
}

internal.RecursiveFSWatcher = RecursiveFSWatcher;
