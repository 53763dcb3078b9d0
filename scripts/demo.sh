#!/bin/sh
# demo.sh [WEFT]: `make demo`. Runs examples/server with `weft serve`: three
# resources (bank, shop, demo) talk through events, exports and callbacks;
# after a few seconds demo prints what happened and the measured
# cross-resource await latency. On a terminal the server then keeps serving
# until `quit` or Ctrl-C; when stdin is not a terminal (CI) it passes
# `+set demo_autoquit 1` and the demo resource quits after its report.
WEFT=${1:-build/weft}
cd "$(dirname "$0")/.." || exit 1
if [ -t 0 ]; then
  exec "$WEFT" serve examples/server
else
  exec "$WEFT" serve examples/server +set demo_autoquit 1
fi
