#!/bin/sh
# run_mariadb.sh WEFT NAME [--update]: run.sh against a real MariaDB server:
# the connection string comes from $WEFT_TEST_MYSQL (.ci/run) or from the
# server the ctest fixture started (build/mariadb/url). The scenario's
# server.cfg must not start the database resources itself: they are started
# by NAME/resources.cfg after mysql_connection_string is set. When no server
# could be started: one SKIP line and exit 77 (ctest: skipped).
WEFT=$1
NAME=$2
HERE=$(cd "$(dirname "$0")" && pwd)
URL=${WEFT_TEST_MYSQL:-}
if [ -z "$URL" ]; then
  F=$(dirname "$WEFT")/mariadb/url
  URL=$(cat "$F" 2>/dev/null)
fi
case "$URL" in
mysql://*) ;;
*) echo "SKIP $NAME: no MariaDB server: ${URL:-the fixture did not run (ctest -R db/mariadb)}"; exit 77 ;;
esac
WEFT_SERVE_ARGS="+set mysql_connection_string $URL +exec resources.cfg" exec "$HERE/run.sh" "$@"
