#!/bin/sh
# demo.sh [WEFT]: `make demo`. Runs examples/server with `weft serve`: three
# resources (bank, shop, demo) talk through events, exports and callbacks;
# after a few seconds demo prints what happened and the measured
# cross-resource await latency. The chat page (resources chatroom, JS, and
# chatlog, Lua + the database) is served at http://127.0.0.1:PORT/chatroom/
# (PORT: $WEFT_DEMO_PORT, default 30120). On a terminal the server then keeps
# serving until `quit` or Ctrl-C; when stdin is not a terminal (CI) it listens
# on a free port and passes `+set demo_autoquit 1`: the demo resource quits
# after its report.
WEFT=${1:-build/weft}
cd "$(dirname "$0")/.." || exit 1
if [ -t 0 ]; then
  PORT=${WEFT_DEMO_PORT:-30120}
  echo "weft demo: open http://127.0.0.1:$PORT/chatroom/ in a browser (two tabs to chat)"
  exec "$WEFT" serve examples/server "+endpoint_add_tcp" "127.0.0.1:$PORT"
else
  exec "$WEFT" serve examples/server "+endpoint_add_tcp" "127.0.0.1:0" +set demo_autoquit 1
fi
