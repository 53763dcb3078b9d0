#!/usr/bin/env bash
# make demo: show weft's task queues next to Node's, script by script.
set -u
WEFT=${1:-build/weft}
cd "$(dirname "$0")/.."
for f in examples/js/*.js; do
  echo "=== weft run $f"
  "$WEFT" "$f"
  if command -v node >/dev/null; then
    if diff <("$WEFT" "$f" 2>/dev/null) <(node "$f" 2>/dev/null) >/dev/null; then
      echo "--- same output as node $(node --version)"
    else
      echo "--- DIFFERS from node $(node --version):"
      diff <("$WEFT" "$f" 2>/dev/null) <(node "$f" 2>/dev/null)
    fi
  fi
done
