#!/usr/bin/env bash
# Install weft's build dependencies from Debian's packages if any is missing.
# One clear line on failure instead of a wall of compiler output.
# `install-deps.sh fuzz` adds what `make fuzz` needs: clang and its libFuzzer
# and sanitizer runtimes (`make test` does not need them).
set -u
PKGS="build-essential cmake pkg-config libuv1-dev libmsgpack-dev libcmocka-dev libsqlite3-dev dpkg-dev xz-utils patch node-llhttp libwslay-dev libenet-dev libssl-dev libcurl4-openssl-dev libmariadb-dev zlib1g-dev libbrotli-dev python3-prometheus-client gnuplot-nox libnats-dev libc-ares-dev nats-server libmimalloc-dev openssl libicu-dev"
[ "${1:-}" = fuzz ] && PKGS="$PKGS clang libclang-rt-dev"
missing=""
for p in $PKGS; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
[ -z "$missing" ] && exit 0
if [ "$(id -u)" != 0 ]; then
  SUDO=sudo
  command -v sudo >/dev/null || { echo "weft: missing packages:$missing (run as root: apt-get install$missing)" >&2; exit 1; }
else
  SUDO=
fi
echo "weft: installing Debian packages:$missing"
export DEBIAN_FRONTEND=noninteractive
if ! $SUDO apt-get update -qq >/tmp/weft-apt.log 2>&1 ||
   ! $SUDO apt-get install -y -qq $missing >>/tmp/weft-apt.log 2>&1; then
  echo "weft: could not install$missing from Debian's packages (offline?); see /tmp/weft-apt.log" >&2
  exit 1
fi
