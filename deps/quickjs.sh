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
KEY="$VERSION-$DEBREV $EXTRA_CFLAGS $PATCHSUM"
if [ -f "$STAMP" ] && [ "$(cat "$OUT/.key" 2>/dev/null)" = "$KEY" ]; then
  exit 0
fi
die() { echo "weft: $*" >&2; exit 1; }

TARBALL="$OUT/quickjs_$VERSION.orig.tar.xz"
if [ ! -f "$TARBALL" ]; then
  mirror=""
  for f in /etc/apt/sources.list.d/*.sources; do
    [ -f "$f" ] || continue
    m=$(awk '/^URIs:/{print $2}' "$f" | grep -v -- '-security' | head -1 || true)
    [ -n "$m" ] && { mirror=$m; break; }
  done
  if [ -z "$mirror" ] && [ -f /etc/apt/sources.list ]; then
    mirror=$(awk '$1=="deb"{for(i=2;i<=NF;i++) if($i ~ /^[a-z]+:\/\//){print $i; exit}}' /etc/apt/sources.list | grep -v -- '-security' | head -1 || true)
  fi
  [ -n "$mirror" ] || die "cannot find a Debian mirror in /etc/apt/sources.list{,.d} to fetch QuickJS from"
  command -v apt-get >/dev/null || die "apt-get not found: QuickJS comes from Debian's quickjs source package"
  A="$OUT/apt"
  mkdir -p "$A/lists/partial" "$A/cache/archives/partial" "$A/etc/sources.list.d" "$A/etc/preferences.d"
  echo "deb-src [trusted=yes] $mirror trixie main" > "$A/etc/sources.list"
  OPTS=(-o "Dir::Etc::sourcelist=$A/etc/sources.list" -o "Dir::Etc::sourceparts=$A/etc/sources.list.d"
        -o "Dir::State::lists=$A/lists" -o "Dir::Cache=$A/cache"
        -o "Dir::Etc::preferencesparts=$A/etc/preferences.d" -o APT::Get::AllowUnauthenticated=true
        -o Acquire::AllowInsecureRepositories=true -o APT::Sandbox::User=root)
  apt-get -qq "${OPTS[@]}" update >"$OUT/fetch.log" 2>&1 \
    || die "could not reach the Debian mirror to fetch QuickJS (offline?); see $OUT/fetch.log"
  (cd "$OUT" && apt-get -qq "${OPTS[@]}" source --download-only "quickjs=$VERSION-$DEBREV" >>"$OUT/fetch.log" 2>&1) \
    || die "could not download Debian source package quickjs=$VERSION-$DEBREV; see $OUT/fetch.log"
fi
echo "$ORIG_SHA  $TARBALL" | sha256sum -c --quiet - || die "checksum mismatch for $TARBALL"

SRC="$OUT/quickjs-$VERSION"
rm -rf "$SRC"
tar -C "$OUT" -xf "$TARBALL"
for p in "$HERE"/patches/*.patch; do
  [ -f "$p" ] || continue
  patch -s -p1 -d "$SRC" < "$p" || die "patch $(basename "$p") does not apply"
done
CC=${CC:-cc}
OBJS=()
for f in quickjs libregexp libunicode cutils dtoa; do
  $CC -O2 -g -fwrapv -D_GNU_SOURCE -DCONFIG_VERSION="\"2025-04-26\"" $EXTRA_CFLAGS \
      -w -c "$SRC/$f.c" -o "$OUT/$f.o" || die "QuickJS $f.c failed to compile"
  OBJS+=("$OUT/$f.o")
done
rm -f "$STAMP"
ar rcs "$STAMP" "${OBJS[@]}"
mkdir -p "$OUT/include"
cp "$SRC/quickjs.h" "$OUT/include/"
echo "$KEY" > "$OUT/.key"
