#!/usr/bin/env bash
# Runs `WEFT FILE` N times; every run must print exactly EXPECTED (lines
# joined by '|'). For orders weft makes deterministic where Node is usually,
# but not always, the same (so not a node-diff case compared with live node).
# Usage: tests/js/repeat-order.sh WEFT FILE N EXPECTED
set -u
weft=$1 file=$2 n=$3 want=$4
for i in $(seq "$n"); do
  got=$("$weft" "$file" | paste -sd'|')
  if [ "$got" != "$want" ]; then
    echo "run $i: got '$got', want '$want'"
    exit 1
  fi
done
echo "$n runs: $want"
