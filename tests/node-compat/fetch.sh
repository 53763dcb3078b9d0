#!/usr/bin/env bash
# Fetch Node.js 20's own tests from Debian 13's `nodejs` source package
# (upstream 20.19.2; Debian 12 carries Node 18) into OUT/node-v20.19.2/test:
# test/parallel, test/async-hooks and test/fixtures, with weft's own `common`
# module (tests/node-compat/common) in place of Node's. Node's files are never
# part of the repository; they are cached in the build folder.
#   tests/node-compat/fetch.sh OUT
set -euo pipefail
OUT=${1:?usage: fetch.sh OUTDIR}
VERSION=20.19.2+dfsg
DEBREV=1+deb13u3
ORIG_SHA=5e5559381ad031d245a8efa403458abbb73755f74c3e6380f185a4dd342b7949
HERE=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
TREE="$OUT/node-v20.19.2/test"
# ctest runs areas in parallel: one fetch at a time
exec 9>"$OUT/.lock"
flock 9
. "$HERE/../../deps/debsrc.sh"
if [ ! -f "$OUT/.extracted" ]; then
  debsrc_fetch "$OUT" nodejs "$VERSION-$DEBREV" "nodejs_$VERSION.orig.tar.xz" "$ORIG_SHA" "Node.js's tests"
  rm -rf "$OUT/node-v20.19.2"
  tar -C "$OUT" -xJf "$OUT/nodejs_$VERSION.orig.tar.xz" \
    node-v20.19.2/test/parallel node-v20.19.2/test/async-hooks node-v20.19.2/test/fixtures \
    || die "cannot extract Node's tests from nodejs_$VERSION.orig.tar.xz"
  touch "$OUT/.extracted"
fi
# weft's common module, refreshed on every run (it is ours, not Node's)
# (replaced atomically, and only when changed: other areas may be running)
mkdir -p "$TREE/common"
for f in "$HERE"/common/*.js; do
  t="$TREE/common/$(basename "$f")"
  cmp -s "$f" "$t" || { cp "$f" "$t.new" && mv -f "$t.new" "$t"; }
done
