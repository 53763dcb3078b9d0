#!/bin/sh
# merge_archives.sh OUT IN.a...: one static library holding every object of the
# IN archives (ar's MRI script), so an installed libweft.a needs no QuickJS,
# Lua or llhttp archives next to it.
set -eu
OUT=$1
shift
mkdir -p "$(dirname "$OUT")"
rm -f "$OUT.tmp"
{
  echo "create $OUT.tmp"
  for a in "$@"; do echo "addlib $a"; done
  echo "save"
  echo "end"
} | ar -M
ranlib "$OUT.tmp"
mv "$OUT.tmp" "$OUT"
