#!/usr/bin/env bash
# Fetch Lua 5.4.7 from Debian 13's `lua5.4` source package, apply weft's
# numbered patches (deps/patches/lua/NNNN-*.patch, in order) and build the
# core and standard libraries (not lua.c/luac.c) into OUT/liblua.a with the
# headers in OUT/include. Extra arguments are C flags (the ASan build adds
# sanitizers; -DLUA_USE_APICHECK turns on Lua's API argument checks).
# Cached: a second run with the same version, flags and patches does nothing.
set -euo pipefail
OUT=${1:?usage: lua.sh OUTDIR [CFLAGS...]}
shift
EXTRA_CFLAGS="$*"
VERSION=5.4.7
DEBREV=1
ORIG_SHA=9fbf5e28ef86c69858f6d3d34eccc32e911c1a28b4120ff3e84aaa70cfbf1e30
HERE=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
STAMP="$OUT/liblua.a"
PATCHSUM=$( (cat "$HERE"/patches/lua/*.patch 2>/dev/null || true) | sha256sum | cut -c1-16)
KEY="$VERSION-$DEBREV $EXTRA_CFLAGS $PATCHSUM"
if [ -f "$STAMP" ] && [ "$(cat "$OUT/.key" 2>/dev/null)" = "$KEY" ]; then
  touch "$STAMP"  # up to date: tell make so
  exit 0
fi
. "$HERE/debsrc.sh"
TARBALL="$OUT/lua5.4_$VERSION.orig.tar.gz"
debsrc_fetch "$OUT" lua5.4 "$VERSION-$DEBREV" "lua5.4_$VERSION.orig.tar.gz" "$ORIG_SHA" "Lua $VERSION"

SRC="$OUT/lua-$VERSION"
rm -rf "$SRC"
tar -C "$OUT" -xzf "$TARBALL"
for p in "$HERE"/patches/lua/*.patch; do
  [ -f "$p" ] || continue
  patch -s -p1 -d "$SRC" < "$p" || die "patch lua/$(basename "$p") does not apply"
done
CC=${CC:-cc}
OBJS=()
# The flags of Lua's own `linux` target (and Debian's build), plus -fPIC so
# the library can go into a shared libweft.
for c in "$SRC"/src/*.c; do
  case $(basename "$c") in lua.c|luac.c) continue ;; esac
  o="$OUT/$(basename "${c%.c}").o"
  $CC -O2 -g -fPIC -DLUA_COMPAT_5_3 -DLUA_USE_LINUX $EXTRA_CFLAGS \
      -w -c "$c" -o "$o" || die "Lua $(basename "$c") failed to compile"
  OBJS+=("$o")
done
rm -f "$STAMP"
ar rcs "$STAMP" "${OBJS[@]}"
mkdir -p "$OUT/include"
cp "$SRC"/src/{lua.h,luaconf.h,lualib.h,lauxlib.h} "$OUT/include/"
echo "$KEY" > "$OUT/.key"
