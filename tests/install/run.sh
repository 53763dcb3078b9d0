#!/bin/sh
# tests/install/run.sh BUILD SRC [CFLAGS...]: an install into a temporary
# DESTDIR with PREFIX=/opt/weft, then examples/embed/main.c compiled against the
# installed tree through pkg-config, statically (--static, libweft.a) and
# shared (libweft.so via LD_LIBRARY_PATH), and run. Extra args: the build's
# sanitizer flags (an ASan build's objects need them to link).
set -eu
BUILD=$1
SRC=$2
shift 2
CFLAGS="$*"
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

# What `make install PREFIX=/opt/weft DESTDIR=...` runs (without its nested build).
DESTDIR="$TMP/root" cmake --install "$BUILD" --prefix /opt/weft >"$TMP/install.log" 2>&1 ||
  { cat "$TMP/install.log"; fail "make install"; }
ROOT=$TMP/root/opt/weft
for f in bin/weft lib/libweft.a lib/libweft.so include/weft.h include/weft_conf.h \
  include/weft_client.h lib/pkgconfig/weft.pc; do
  [ -e "$ROOT/$f" ] || fail "$f not installed"
done
grep -qx 'prefix=/opt/weft' "$ROOT/lib/pkgconfig/weft.pc" || fail "weft.pc prefix is not PREFIX"
# libweft.a is self-contained: QuickJS's and Lua's entry points are inside.
nm "$ROOT/lib/libweft.a" 2>/dev/null | grep -q ' T JS_NewRuntime$' || fail "no QuickJS in libweft.a"
nm "$ROOT/lib/libweft.a" 2>/dev/null | grep -q ' T lua_newstate$' || fail "no Lua in libweft.a"
"$ROOT/bin/weft" --version >/dev/null 2>&1 || fail "installed bin/weft does not run"

export PKG_CONFIG_PATH="$ROOT/lib/pkgconfig" PKG_CONFIG_SYSROOT_DIR="$TMP/root"
CC=${CC:-cc}
DEF="-DEMBED_SERVER_DIR=\"$SRC/examples/embed/server\""
# Static: pkg-config --static; -l:libweft.a picks the archive over the .so.
LIBS=$(pkg-config --static --libs weft msgpack | sed 's/-lweft\b/-l:libweft.a/')
$CC $CFLAGS "$DEF" $(pkg-config --cflags weft msgpack) "$SRC/examples/embed/main.c" \
  -o "$TMP/embed_static" $LIBS || fail "static link"
# Shared: plain --libs.
$CC $CFLAGS "$DEF" $(pkg-config --cflags weft msgpack) "$SRC/examples/embed/main.c" \
  -o "$TMP/embed_shared" $(pkg-config --libs weft msgpack) || fail "shared link"

"$TMP/embed_static" >"$TMP/static.out" 2>&1 || { cat "$TMP/static.out"; fail "static run"; }
ldd "$TMP/embed_static" | grep -q libweft && fail "static program loads libweft.so"
LD_LIBRARY_PATH="$ROOT/lib" "$TMP/embed_shared" >"$TMP/shared.out" 2>&1 ||
  { cat "$TMP/shared.out"; fail "shared run"; }
LD_LIBRARY_PATH="$ROOT/lib" ldd "$TMP/embed_shared" | grep -q "$ROOT/lib/libweft.so" ||
  fail "shared program does not load the installed libweft.so"
for k in static shared; do
  grep -q 'embed: Add was called [1-9][0-9]* times; greeter is started' "$TMP/$k.out" ||
    { cat "$TMP/$k.out"; fail "$k program output"; }
done
echo "install: static and shared embeds ran ($(wc -c <"$ROOT/lib/libweft.a") B archive," \
  "$(wc -c <"$ROOT/lib/libweft.so") B shared)"
