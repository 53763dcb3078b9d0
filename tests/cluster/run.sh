#!/bin/sh
# run.sh WEFT NAME: a cluster scenario (docs/cluster.md). Starts its own
# nats-server (JetStream in a temporary folder) on a free 127.0.0.1 port,
# then every server folder NAME/<server>/ with `weft serve` (+set weft_cluster
# to that NATS, +ensure of the resources in <server>/start). The folder
# NAME/driver/ is the one whose output is checked: its lines starting with
# "T: " must equal NAME/expected.out. The driver asks this script for
# failures by printing "@@kill-nats" (NATS is killed -9 and restarted on the
# same port and store 1 s later), "@@kill-SERVER" (that weft is killed -9)
# or "@@start-SERVER" (started again: same folder, same command, its log
# appended); "@@stop-nats" kills NATS -9 until "@@start-nats" (same store).
# Every process is stopped at the end; 90 s is a hang. SKIP (exit 77) only
# when nats-server is not installed (CI installs it: scripts/install-deps.sh).
WEFT=$1
case $WEFT in /*) ;; *) WEFT=$PWD/$WEFT ;; esac
NAME=$2
HERE=$(cd "$(dirname "$0")" && pwd)
DIR=$HERE/$NAME
NATS=$(command -v nats-server || true)
if [ -z "$NATS" ]; then
  if [ -n "${WEFT_REQUIRE_NATS:-}" ]; then
    echo "FAIL $NAME: nats-server is not installed and WEFT_REQUIRE_NATS is set (CI)"
    exit 1
  fi
  echo "SKIP $NAME: nats-server is not installed (apt-get install nats-server)"
  exit 77
fi
TMP=$(mktemp -d /tmp/weft-cluster-XXXXXX) || exit 2
PIDS=""
NATS_PID=""
cleanup() {
  for p in $PIDS $NATS_PID $NATS_PIDS $PROXIES; do kill -9 "$p" 2>/dev/null; done
  wait 2>/dev/null
  rm -rf "$TMP"
}
trap cleanup EXIT
free_port() {
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'
}
PORT=$(free_port)
# wait_port PORT: until it accepts connections (10 s)
wait_port() {
  n=0
  while ! python3 -c "import socket; socket.create_connection(('127.0.0.1',$1),0.2)" 2>/dev/null; do
    n=$((n + 1)); [ $n -gt 100 ] && { echo "FAIL $NAME: port $1 did not open"; cat "$TMP"/*.log; exit 1; }
    sleep 0.1
  done
}
# A folder with a file `nats-cluster` gets three nats-servers, A (port
# PORT), B and C, in one JetStream cluster. A and C route to each other
# directly; every route to or from B, and every address a server advertises
# to other servers (so that no route learnt by gossip bypasses them), goes
# through relays (tests/cluster/proxy.py); `--no_advertise` keeps libnats
# from learning another node's client URL. Servers whose folder holds a file
# `nats-b` connect to B, the others to A. "@@cut-route" cuts every relay: B
# is alone, A and C keep their majority; "@@heal-route" lets B back in. Every
# process stays up.
start_nats_cluster() {
  PORT_B=$(free_port); PORT_C=$(free_port)
  CA=$(free_port); CB=$(free_port); CC=$(free_port)
  R_AB=$(free_port); R_CB=$(free_port); R_BA=$(free_port); R_BC=$(free_port)
  ADV_A=$(free_port); ADV_B=$(free_port); ADV_C=$(free_port)
  python3 "$HERE/proxy.py" "$R_AB:$CB" "$R_CB:$CB" "$R_BA:$CA" "$R_BC:$CC" \
    "$ADV_A:$CA" "$ADV_B:$CB" "$ADV_C:$CC" >>"$TMP/proxy.log" 2>&1 &
  PROXIES="$!"
  wait_port "$ADV_C"
  node() { # node NAME CLIENT_PORT CLUSTER_PORT ADVERTISE ROUTES
    "$NATS" -a 127.0.0.1 -p "$2" -js -sd "$TMP/js$1" --server_name "$1" --cluster_name weft \
      --cluster "nats://127.0.0.1:$3" --cluster_advertise "127.0.0.1:$4" --routes "$5" \
      --no_advertise >>"$TMP/nats-$1.log" 2>&1 &
  }
  node A "$PORT" "$CA" "$ADV_A" "nats://127.0.0.1:$CC,nats://127.0.0.1:$R_AB"
  NATS_PID=$!
  node B "$PORT_B" "$CB" "$ADV_B" "nats://127.0.0.1:$R_BA,nats://127.0.0.1:$R_BC"
  NATS_PIDS="$!"
  node C "$PORT_C" "$CC" "$ADV_C" "nats://127.0.0.1:$CA,nats://127.0.0.1:$R_CB"
  NATS_PIDS="$NATS_PIDS $!"
  wait_port "$PORT"; wait_port "$PORT_B"; wait_port "$PORT_C"
}
# A folder with a file `nats-auth` gets a NATS that wants TLS (a CA and a
# server certificate for 127.0.0.1 made here with openssl) and the user
# "weft" with the password "s3cret"; servers are given tls:// and
# weft_clusterTlsCa, their server.cfg sets the user and password. A file
# `expect-log` lists "SERVER<TAB>text" lines that must appear in that
# server's log (PORT stands for the NATS port).
NATS_ARGS=""
SCHEME=nats
if [ -f "$DIR/nats-auth" ]; then
  command -v openssl >/dev/null || { echo "FAIL $NAME: openssl is not installed"; exit 1; }
  mkdir -p "$TMP/tls"
  (cd "$TMP/tls" &&
    openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -keyout ca.key \
      -out ca.pem -days 1 -subj /CN=weft-test-ca &&
    openssl req -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -keyout server.key \
      -out server.csr -subj /CN=127.0.0.1 &&
    printf 'subjectAltName=IP:127.0.0.1\n' >ext &&
    openssl x509 -req -in server.csr -CA ca.pem -CAkey ca.key -CAcreateserial -out server.pem \
      -days 1 -extfile ext) >"$TMP/openssl.log" 2>&1 ||
    { echo "FAIL $NAME: could not make the test certificates"; cat "$TMP/openssl.log"; exit 1; }
  NATS_ARGS="--tls --tlscert $TMP/tls/server.pem --tlskey $TMP/tls/server.key --user weft --pass s3cret"
  SCHEME=tls
fi
start_nats() {
  # shellcheck disable=SC2086
  "$NATS" -a 127.0.0.1 -p "$PORT" -js -sd "$TMP/js" $NATS_ARGS >>"$TMP/nats.log" 2>&1 &
  NATS_PID=$!
  wait_port "$PORT"
}
PROXIES="" NATS_PIDS=""
if [ -f "$DIR/nats-cluster" ]; then start_nats_cluster; else start_nats; fi
URL="$SCHEME://127.0.0.1:$PORT"
cp -R "$DIR/." "$TMP/s/" 2>/dev/null || { mkdir -p "$TMP/s" && cp -R "$DIR/." "$TMP/s/"; }
# start_server DIR: `weft serve` in DIR (its log appended to $TMP/<server>.log)
start_server() {
  srv=$(basename "$1")
  url=$URL
  [ -f "$1/nats-b" ] && url="nats://127.0.0.1:$PORT_B"
  tls=""
  [ "$SCHEME" = tls ] && tls="+set weft_clusterTlsCa $TMP/tls/ca.pem"
  # shellcheck disable=SC2046,SC2086
  (cd "$1" && NO_COLOR=1 exec "$WEFT" serve . +set weft_cluster "$url" $tls $(sed 's/^/+ensure /' start) \
     </dev/null >>"$TMP/$srv.log" 2>&1) &
  eval "PID_$(echo "$srv" | tr -c 'A-Za-z0-9\n' _)=$!"
  [ "$srv" = driver ] && DRIVER=$! || PIDS="$PIDS $!"
}
for d in "$TMP"/s/*/; do
  [ -f "$d/server.cfg" ] && start_server "${d%/}"
done
PIDS="$PIDS $DRIVER"
# Follow the driver's requests until it exits (or 90 s).
seen=0
t=0
while kill -0 "$DRIVER" 2>/dev/null; do
  for req in $(grep -o '@@[a-z]*-[A-Za-z0-9_-]*' "$TMP/driver.log" | tail -n +$((seen + 1))); do
    seen=$((seen + 1))
    what=${req#@@*-}
    if [ "$req" = @@cut-route ]; then
      for p in $PROXIES; do kill -USR1 "$p"; done
    elif [ "$req" = @@heal-route ]; then
      for p in $PROXIES; do kill -USR2 "$p"; done
    elif [ "$req" = @@stop-nats ]; then
      kill -9 "$NATS_PID"; wait "$NATS_PID" 2>/dev/null
    elif [ "$req" = @@start-nats ]; then
      start_nats
    elif [ "${req#@@start-}" != "$req" ]; then
      start_server "$TMP/s/$what"
    elif [ "$what" = nats ]; then
      kill -9 "$NATS_PID"; wait "$NATS_PID" 2>/dev/null
      sleep 1
      start_nats
    else
      eval "p=\$PID_$(echo "$what" | tr -c 'A-Za-z0-9\n' _)"
      kill -9 "$p" 2>/dev/null
    fi
  done
  sleep 0.1
  t=$((t + 1))
  if [ $t -gt 1400 ]; then echo "FAIL $NAME: hang (140 s; ctest stops it at 150)"; break; fi
done
wait "$DRIVER" 2>/dev/null
[ -n "${WEFT_CLUSTER_DEBUG:-}" ] && for f in "$TMP"/*.log; do echo "--- $(basename "$f")"; cat "$f"; done
OUT=$(grep '^\[[^]]*\] T: ' "$TMP/driver.log" | sed 's/^\[[^]]*\] //')
EXP=$(cat "$DIR/expected.out") || exit 1
if [ "$OUT" != "$EXP" ]; then
  echo "FAIL $NAME: output differs"
  printf '%s\n' "$OUT" >"/tmp/weft-cluster-$NAME.out"
  diff "$DIR/expected.out" "/tmp/weft-cluster-$NAME.out"
  for f in "$TMP"/*.log; do echo "--- $(basename "$f")"; tail -40 "$f"; done
  exit 1
fi
if [ -f "$DIR/expect-log" ]; then
  while IFS="$(printf '\t')" read -r srv text; do
    want=$(printf '%s' "$text" | sed "s/PORT/$PORT/g")
    n=0 # the server may still be starting: up to 10 s
    while ! grep -qF -- "$want" "$TMP/$srv.log" && [ $n -lt 100 ]; do sleep 0.1; n=$((n + 1)); done
    if ! grep -qF -- "$want" "$TMP/$srv.log"; then
      echo "FAIL $NAME: $srv.log lacks: $want"
      for f in "$TMP"/*.log; do echo "--- $(basename "$f")"; tail -20 "$f"; done
      exit 1
    fi
  done <"$DIR/expect-log"
fi
echo "PASS $NAME"
