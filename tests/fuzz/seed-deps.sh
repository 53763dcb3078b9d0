#!/bin/sh
# seed-deps.sh FROM TO: copy the Debian source tarballs a build fetched
# (FROM/deps/NAME/*.orig.tar.*) into the build folder TO, so a second build
# (the fuzz build) does not download them again. Missing ones are skipped.
FROM=$1
TO=$2
for f in "$FROM"/deps/*/*.orig.tar.*; do
  [ -f "$f" ] || continue
  d="$TO/deps/$(basename "$(dirname "$f")")"
  [ -f "$d/$(basename "$f")" ] && continue
  mkdir -p "$d" && cp "$f" "$d/"
done
exit 0
