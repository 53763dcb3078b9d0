#!/usr/bin/env bash
# Fetch QuickJS 2025.04.26 from Debian 13's `quickjs` source package and build
# it into a static library under $1 (the build directory's deps folder).
# The mirror is read from this machine's apt sources; no host name lives here.
# Cached: a second run with the library present does nothing.
set -euo pipefail
OUT=${1:?usage: quickjs.sh OUTDIR [CFLAGS...]}
shift
EXTRA_CFLAGS="$*"
VERSION=2025.04.26
DEBREV=1
ORIG_SHA=ec81da5b3249ed648dbc7df4a1654988910e66a118d9b71cb63534216efcfbbe
HERE=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
STAMP="$OUT/libquickjs.a"
PATCHSUM=$( (cat "$HERE"/patches/*.patch 2>/dev/null || true) | sha256sum | cut -c1-16)
KEY="$VERSION-$DEBREV pic nsi $EXTRA_CFLAGS $PATCHSUM"
if [ -f "$STAMP" ] && [ "$(cat "$OUT/.key" 2>/dev/null)" = "$KEY" ]; then
  touch "$STAMP"  # up to date: tell make so
  exit 0
fi
. "$HERE/debsrc.sh"
TARBALL="$OUT/quickjs_$VERSION.orig.tar.xz"
debsrc_fetch "$OUT" quickjs "$VERSION-$DEBREV" "quickjs_$VERSION.orig.tar.xz" "$ORIG_SHA" QuickJS

SRC="$OUT/quickjs-$VERSION"
rm -rf "$SRC"
tar -C "$OUT" -xf "$TARBALL"
for p in "$HERE"/patches/*.patch; do
  [ -f "$p" ] || continue
  patch -s -p1 -d "$SRC" < "$p" || die "patch $(basename "$p") does not apply"
done
CC=${CC:-cc}
OBJS=()
# -fPIC so the library can go into a shared libweft (`make install`);
# -fno-semantic-interposition lets calls between QuickJS's own exported
# functions be direct (nothing interposes them): -3 to -8 % instructions on
# the bench/js rows.
for f in quickjs libregexp libunicode cutils dtoa; do
  $CC -O2 -g -fPIC -fno-semantic-interposition -fwrapv -D_GNU_SOURCE -DCONFIG_VERSION="\"2025-04-26\"" $EXTRA_CFLAGS \
      -w -c "$SRC/$f.c" -o "$OUT/$f.o" || die "QuickJS $f.c failed to compile"
  OBJS+=("$OUT/$f.o")
done
rm -f "$STAMP"
ar rcs "$STAMP" "${OBJS[@]}"
mkdir -p "$OUT/include"
cp "$SRC/quickjs.h" "$OUT/include/"
echo "$KEY" > "$OUT/.key"
