#!/bin/sh
# mariadb-test.sh start|fixture-start|stop DIR: a throw-away MariaDB server for the
# tests, from Debian's mariadb-server, with its own datadir under DIR, on
# 127.0.0.1 and a free port. `start` creates database weft_test and user
# weft/weft, then prints the connection string
# (mysql://weft:weft@127.0.0.1:PORT/weft_test) on stdout and writes it to
# DIR/url; on failure it prints one line "SKIP: <reason>" and exits 1.
# fixture-start (ctest's setup): uses $WEFT_TEST_MYSQL when set, else starts
# one; always exits 0, leaving the URL or the SKIP line in DIR/url for
# tests/host/run_mariadb.sh.
set -u
cmd=${1:-}
DIR=${2:-}
[ -n "$DIR" ] || { echo "usage: $0 start|stop DIR" >&2; exit 2; }
case "$cmd" in
fixture-start)
  mkdir -p "$DIR"
  if [ -n "${WEFT_TEST_MYSQL:-}" ]; then
    echo "$WEFT_TEST_MYSQL" >"$DIR/url"
    echo "using WEFT_TEST_MYSQL"
    exit 0
  fi
  "$0" start "$DIR" >"$DIR/start.out" 2>&1
  tail -n 1 "$DIR/start.out" >"$DIR/url"
  cat "$DIR/url"
  exit 0
  ;;
start)
  command -v mariadbd >/dev/null 2>&1 || PATH=$PATH:/usr/sbin
  if ! command -v mariadbd >/dev/null 2>&1 || ! command -v mariadb-install-db >/dev/null 2>&1; then
    echo "SKIP: mariadb-server is not installed (apt-get install mariadb-server)"; exit 1
  fi
  mkdir -p "$DIR" || { echo "SKIP: cannot create $DIR"; exit 1; }
  USER_OPT=""
  [ "$(id -u)" = 0 ] && USER_OPT="--user=root"
  if ! mariadb-install-db --no-defaults --datadir="$DIR/data" $USER_OPT --skip-test-db \
      --auth-root-authentication-method=socket >"$DIR/install.log" 2>&1; then
    echo "SKIP: mariadb-install-db failed (see $DIR/install.log)"; exit 1
  fi
  for try in 1 2 3 4 5; do
    PORT=$(( 20000 + ($$ * 7 + try * 1009) % 30000 ))
    mariadbd --no-defaults --datadir="$DIR/data" --socket="$DIR/sock" --port="$PORT" \
      --bind-address=127.0.0.1 --pid-file="$DIR/pid" $USER_OPT --skip-log-bin \
      --innodb-buffer-pool-size=32M --log-error="$DIR/error.log" >/dev/null 2>&1 &
    echo $! >"$DIR/server.pid"
    i=0
    while [ $i -lt 100 ]; do
      if mariadb --no-defaults --socket="$DIR/sock" -uroot -e "SELECT 1" >/dev/null 2>&1; then
        mariadb --no-defaults --socket="$DIR/sock" -uroot -e "
          CREATE DATABASE IF NOT EXISTS weft_test;
          CREATE USER IF NOT EXISTS 'weft'@'127.0.0.1' IDENTIFIED BY 'weft';
          GRANT ALL ON weft_test.* TO 'weft'@'127.0.0.1';" || {
          echo "SKIP: could not create the test database"; exit 1; }
        echo "mysql://weft:weft@127.0.0.1:$PORT/weft_test" | tee "$DIR/url"
        exit 0
      fi
      kill -0 "$(cat "$DIR/server.pid")" 2>/dev/null || break
      sleep 0.1
      i=$((i + 1))
    done
    kill "$(cat "$DIR/server.pid")" 2>/dev/null
    wait 2>/dev/null
  done
  echo "SKIP: mariadbd did not start (see $DIR/error.log)"
  exit 1
  ;;
stop)
  [ -f "$DIR/server.pid" ] && kill "$(cat "$DIR/server.pid")" 2>/dev/null
  i=0
  while [ -f "$DIR/server.pid" ] && kill -0 "$(cat "$DIR/server.pid")" 2>/dev/null && [ $i -lt 100 ]; do
    sleep 0.1; i=$((i + 1))
  done
  rm -rf "$DIR"
  ;;
*) echo "usage: $0 start|stop DIR" >&2; exit 2 ;;
esac
